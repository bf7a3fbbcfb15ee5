import { readFileSync } from 'node:fs';
import { currencyTable, minorDigits as platformDigits } from '@finance/platform';
import { CURRENCIES_FILE, currenciesModule } from '../src/currencies-file';
import { formatMilli, formatMinor, minorDigits, unitsOfMinor } from '../web/src/shared/money';

// The browser code's copy of the platform's currency table (issue 23) must be the platform's.
test('web/src/generated/currencies.ts is what `pnpm generate:currencies` writes from the platform table', () => {
  expect(readFileSync(CURRENCIES_FILE, 'utf8')).toBe(currenciesModule());
});

test("the console reads every currency's decimals as the platform does", () => {
  for (const code of [...Object.keys(currencyTable()), 'ZZZ', 'jpy']) expect([code, minorDigits(code)]).toEqual([code, platformDigits(code)]);
  expect(minorDigits(null)).toBe(2);
  expect(minorDigits(undefined)).toBe(2);
});

describe('ledger amounts (minor units), exact, en-IN grouping', () => {
  test.each([
    [63_500_000, 'INR', '6,35,000.00'],
    [-12_345, 'INR', '-123.45'],
    [5, null, '0.05'],
    [1_234_567, 'JPY', '12,34,567'],
    [1_234_567, 'BHD', '1,234.567'],
    [-5, 'BHD', '-0.005'],
    [9_007_199_254_740_991, 'INR', '9,00,71,99,25,47,409.91'],
  ])('%s %s is %s', (amount, currency, text) => {
    expect(formatMinor(amount, currency)).toBe(text);
  });

  test('chart values in units', () => {
    expect(unitsOfMinor(12_345, 'JPY')).toBe(12_345);
    expect(unitsOfMinor(12_345, 'BHD')).toBe(12.345);
    expect(unitsOfMinor(12_345, 'INR')).toBe(123.45);
  });
});

describe('statement amounts (milli-units), never rounded', () => {
  test.each([
    [25_000_000, 'INR', '25,000.00'],
    [1_000_250, 'INR', '1,000.25'],
    [1_000_005, 'INR', '1,000.005'],
    [12_345_000, 'JPY', '12,345'],
    [12_345_500, 'JPY', '12,345.500'],
    [1_234, 'BHD', '1.234'],
    [-1_234_000, 'BHD', '-1,234.000'],
    [1_234_567, 'CLF', '1,234.5670'],
    [320_000, undefined, '320.00'],
  ])('%s %s is %s', (amount, currency, text) => {
    expect(formatMilli(amount, currency)).toBe(text);
  });
});
