import { AppError, currencyTable, CURRENCY_TABLE_DATE, DEFAULT_MINOR_DIGITS, formatMilli, formatMinor, milliPerMinor, minorDigits } from '../src';

describe('the currency table (ISO 4217 minor units)', () => {
  test.each([
    ['INR', 2],
    ['USD', 2],
    ['JPY', 0],
    ['KRW', 0],
    // Not in the ledger's old hand-written list, which gave them hundredths.
    ['XOF', 0],
    ['BIF', 0],
    ['PYG', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['TND', 3],
    ['CLF', 4],
    ['jpy', 0],
  ])('%s has %i decimals', (code, digits) => {
    expect(minorDigits(code)).toBe(digits);
  });

  test('a code ISO does not list has two decimals; codes without a minor unit (N.A.) none', () => {
    expect(DEFAULT_MINOR_DIGITS).toBe(2);
    expect(minorDigits('ZZZ')).toBe(2);
    expect(minorDigits('XAU')).toBe(0);
    expect(minorDigits('XXX')).toBe(0);
  });

  test('the whole table, in code order, as the console gets it', () => {
    const table = currencyTable();
    expect(Object.keys(table).length).toBeGreaterThan(170);
    expect(Object.keys(table)).toEqual([...Object.keys(table)].sort());
    expect(table).toMatchObject({ INR: 2, JPY: 0, BHD: 3, EUR: 2 });
    expect(CURRENCY_TABLE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('milliPerMinor', () => {
  test('milli-units per minor unit: INR 10, JPY 1000, BHD 1', () => {
    expect(milliPerMinor('INR')).toBe(10n);
    expect(milliPerMinor('JPY')).toBe(1000n);
    expect(milliPerMinor('BHD')).toBe(1n);
    expect(milliPerMinor('XOF')).toBe(1000n);
  });

  test('a currency finer than milli-units is 422 CURRENCY_NOT_SUPPORTED', () => {
    let caught: unknown;
    try {
      milliPerMinor('CLF');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ status: 422, code: 'CURRENCY_NOT_SUPPORTED', message: expect.stringContaining('CLF has 4 decimal places') });
  });
});

describe('formatting, exact', () => {
  test.each([
    [12345, 'INR', '123.45'],
    [-5, 'INR', '-0.05'],
    [12345, 'JPY', '12345'],
    [-12345, 'JPY', '-12345'],
    [12345, 'BHD', '12.345'],
    [5, 'BHD', '0.005'],
    [0, 'BHD', '0.000'],
    [12345, 'CLF', '1.2345'],
    [9007199254740993n, 'INR', '90071992547409.93'],
  ])('minor units %s %s are %s', (amount, code, text) => {
    expect(formatMinor(amount, code)).toBe(text);
  });

  test.each([
    [1234500, 'INR', '1234.50'],
    [1234505, 'INR', '1234.505'],
    [1234000, 'JPY', '1234'],
    [1234500, 'JPY', '1234.500'],
    [-1000, 'JPY', '-1'],
    [1234567, 'BHD', '1234.567'],
    [1234000, 'BHD', '1234.000'],
    [1234567, 'CLF', '1234.5670'],
    [-42, 'USD', '-0.042'],
  ])('milli-units %s %s are %s', (milli, code, text) => {
    expect(formatMilli(milli, code)).toBe(text);
  });
});
