import { AmountOutOfRangeError, baseToMilli, MAX_EXACT_MILLI, milliToBase, milliToJson } from '../src/views/money';

describe('milliToBase: bigint milli-units to a JSON number exact to 3 decimals', () => {
  test.each([
    [0n, 0],
    [1n, 0.001],
    [10n, 0.01],
    [1500n, 1.5],
    [-1500n, -1.5],
    [-1n, -0.001],
    [123456789n, 123456.789],
    // 15 significant digits: the largest magnitude the conversion accepts, exact in JSON.
    [999_999_999_999_999n, 999999999999.999],
    [-999_999_999_999_999n, -999999999999.999],
    [987_654_321_012_345n, 987654321012.345],
    [900_719_925_474_099n, 900719925474.099],
  ])('%s -> %s', (milli, base) => {
    const n = milliToBase(milli);
    expect(n).toBe(base);
    // What a client reads is the exact decimal, not a binary approximation of it.
    const text = JSON.stringify(n);
    const [whole, fraction = ''] = text.replace('-', '').split('.');
    const abs = milli < 0n ? -milli : milli;
    expect(BigInt(whole as string) * 1000n + BigInt(fraction.padEnd(3, '0'))).toBe(abs);
  });

  test('a magnitude a double cannot carry exactly is refused, not rounded', () => {
    expect(() => milliToBase(MAX_EXACT_MILLI + 1n)).toThrow(AmountOutOfRangeError);
    expect(() => milliToBase(-(MAX_EXACT_MILLI + 1n))).toThrow(AmountOutOfRangeError);
    // Floating point would have answered 9007199254740.993 as ...992 here.
    expect(() => milliToBase(9_007_199_254_740_993n)).toThrow(AmountOutOfRangeError);
  });

  test('every 3-decimal value in a range around large magnitudes converts exactly', () => {
    for (let milli = 999_999_999_990_000n; milli <= 999_999_999_999_999n; milli += 37n) {
      const text = JSON.stringify(milliToBase(milli));
      const [whole, fraction = ''] = text.split('.');
      expect(BigInt(whole as string) * 1000n + BigInt(fraction.padEnd(3, '0'))).toBe(milli);
    }
  });
});

describe('milliToJson: rows travel as integer milli-units', () => {
  test('safe integers pass, beyond them is refused', () => {
    expect(milliToJson(9_007_199_254_740_991n)).toBe(9007199254740991);
    expect(() => milliToJson(9_007_199_254_740_992n)).toThrow(AmountOutOfRangeError);
  });
});

describe('baseToMilli: base units from JSON, at most 3 decimals', () => {
  test.each([
    [0, 0n],
    [1234.567, 1_234_567n],
    [1234.5, 1_234_500n],
    [-0.001, -1n],
    [0.1, 100n],
    [999999999999.999, 999_999_999_999_999n],
    [-999999999999.999, -999_999_999_999_999n],
  ])('%s -> %s', (base, milli) => {
    expect(baseToMilli(base)).toBe(milli);
  });

  test.each([
    [0.0001, 'at most 3 decimal places'],
    [1234.5678, 'at most 3 decimal places'],
    [1e-7, 'at most 3 decimal places'],
    [0.1 + 0.2, 'at most 3 decimal places'],
    [1e12, 'at most ±999,999,999,999.999'],
    [1e21, 'at most ±999,999,999,999.999'],
    [Number.POSITIVE_INFINITY, 'finite'],
    [Number.NaN, 'finite'],
  ])('%s is refused (%s)', (base, reason) => {
    const result = baseToMilli(base);
    expect(typeof result).toBe('string');
    expect(result).toContain(reason);
  });
});
