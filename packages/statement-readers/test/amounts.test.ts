import { AmountFormatError, MAX_ROW_MILLI, readAmountNumber, readAmountText, stripCurrency } from '../src/amounts';

describe('readAmountText: statement amount text -> milli-units, digit by digit', () => {
  it.each([
    ['0', 0n],
    ['1', 1000n],
    ['1.5', 1500n],
    ['1.50', 1500n],
    ['1.505', 1505n],
    ['.5', 500n],
    ['123.', 123000n],
    ['1,234.50', 1234500n],
    ['123,456.78', 123456780n],
    ['1,23,456.78', 123456780n],
    ['12,34,567', 1234567000n],
    ['1,000,000.001', 1000000001n],
    ['9,99,99,99,999.999', 9999999999999n],
    ['999,999,999,999.999', 999999999999999n],
    ['  42.10  ', 42100n],
    ['₹ 500.00', 500000n],
    ['Rs. 1,500', 1500000n],
    ['INR 7', 7000n],
    ['-50.25', -50250n],
    ['+50.25', 50250n],
    ['(1,234.00)', -1234000n],
    ['₹ -500', -500000n],
    ['₹-500', -500000n],
    ['$-12.5', -12500n],
    ['Rs.-5', -5000n],
    ['rs 20', 20000n],
    ['inr7', 7000n],
    ['$1,000', 1000000n],
    ['- 5', -5000n],
    ['$ - 5', -5000n],
    ['( 5 )', -5000n],
    ['(₹ 5)', -5000n],
    ['1,00,000', 100000000n],
    ['10,00,000.50', 1000000500n],
    ['100,000', 100000000n],
    ['12,345', 12345000n],
    ['0.001', 1n],
    ['000.999', 999n],
    ['1.', 1000n],
  ])('%s -> %s', (text, milli) => {
    expect(readAmountText(text)).toEqual({ value: milli, marker: null });
  });

  it('keeps the float trap out: 0.1 + 0.2 style amounts are exact', () => {
    const sum = readAmountText('0.1')!.value + readAmountText('0.2')!.value;
    expect(sum).toBe(readAmountText('0.3')!.value);
    // The largest amount a JSON integer can carry exactly, and one milli-unit beyond it.
    expect(readAmountText('9,007,199,254,740.991')!.value).toBe(MAX_ROW_MILLI);
    expect(() => readAmountText('9,007,199,254,740.992')).toThrow(/larger than the largest amount/);
  });

  it.each([
    ['1,234.00 Cr', 1234000n, 'cr'],
    ['1,234.00 Dr', 1234000n, 'dr'],
    ['1,234.00CR', 1234000n, 'cr'],
    ['500 dr.', 500000n, 'dr'],
    ['500Dr', 500000n, 'dr'],
    ['1,234.00(Cr)', 1234000n, 'cr'],
    ['1,234.00 (Dr)', 1234000n, 'dr'],
    ['-5 Cr', -5000n, 'cr'],
    ['(5) Dr', -5000n, 'dr'],
  ])('reads the trailing marker of %s', (text, value, marker) => {
    expect(readAmountText(text)).toEqual({ value, marker });
  });

  it.each(['', '   ', '-', '–', '—', ' - '])('reads %j as blank', (text) => {
    expect(readAmountText(text)).toBeNull();
  });

  it.each([
    ['1,2345.00', /misplaced thousands separators/],
    ['12,34', /misplaced thousands separators/],
    ['1,234,56.00', /misplaced thousands separators/],
    ['1.2345', /4 decimal places; amounts are exact to 3/],
    ['12.5.3', /is not an amount/],
    ['abc', /is not an amount/],
    ['1e5', /is not an amount/],
    ['NaN', /is not an amount/],
    ['(-5)', /both parentheses and a sign/],
    ['.', /is not an amount/],
    ['Cr', /is not an amount/],
    ['₹', /is not an amount/],
    ['1.2a', /is not an amount \(expected digits/],
    ['1.-5', /is not an amount \(expected digits/],
    ['1a,2', /is not an amount \(expected digits/],
    ['12,34,5', /misplaced thousands separators/],
    ['1,234,5678', /misplaced thousands separators/],
    [',123', /misplaced thousands separators/],
    ['1234,567', /misplaced thousands separators/],
    ['123,45,678', /misplaced thousands separators/],
    ['5$', /is not an amount \(expected digits/],
    ['5 Cr 6', /is not an amount \(expected digits/],
    ['--5', /is not an amount \(expected digits/],
    ['5-', /is not an amount \(expected digits/],
    ['1.0000', /4 decimal places/],
    ['5 CR DR', /is not an amount/],
    ['(5', /is not an amount \(expected digits/],
    ['-$-5', /is not an amount \(expected digits/],
    ['5)', /is not an amount \(expected digits/],
  ])('refuses %s and says why', (text, why) => {
    expect(() => readAmountText(text)).toThrow(AmountFormatError);
    expect(() => readAmountText(text)).toThrow(why);
  });
});

describe('readAmountNumber: a spreadsheet numeric cell -> milli-units through its decimal text', () => {
  it.each([
    [0, 0n],
    [1234.5, 1234500n],
    [0.1, 100n],
    [-42.125, -42125n],
    [9999999999.999, 9999999999999n],
    // Binary noise from a formula, six zeros or nines past the third decimal: rounded away.
    [0.1 + 0.2, 300n],
    [1234.5600000000002, 1234560n],
    [99765.49999999999, 99765500n],
    [-0.30000000000000004, -300n],
    [1e-9, 0n],
    [-1e-9, 0n],
    // Six 9s after the third decimal round up, with the carry into the units; six 0s round down.
    [1.0049999999, 1005n],
    [-1.0049999999, -1005n],
    [2.9999999999, 3000n],
    [0.0009999999999, 1n],
    [7.0000000001, 7000n],
    [1.005, 1005n],
    [12, 12000n],
    [-0, 0n],
    [0.5, 500n],
    [-7, -7000n],
    // Large amounts have too few digits left for six: a double one ULP from a 3-decimal amount is noise too.
    [98765432.1 + 0.02, 98765432120n],
    [5000000.05 * 1.1, 5500000055n],
    [123456789.123, 123456789123n],
    [9007199254740.99, 9007199254740990n],
  ])('%s -> %s', (n, milli) => {
    expect(readAmountNumber(n)).toEqual({ value: milli, marker: null });
  });

  it.each([
    [1.2345, /more than 3 decimal places/],
    [0.0005, /more than 3 decimal places/],
    [1.00049, /more than 3 decimal places/],
    [1.000001, /more than 3 decimal places/],
    [1.0000099, /more than 3 decimal places/],
    [1.0049, /more than 3 decimal places/],
    [1.0049999, /more than 3 decimal places/],
    [1.1230001000001, /more than 3 decimal places/],
    [0.000001, /more than 3 decimal places/],
    [10000000000.0001, /more than 3 decimal places/],
    [-1234.5678, /more than 3 decimal places/],
    [1e21, /larger than the largest amount/],
    [-1e21, /larger than the largest amount/],
    [9007199254741, /larger than the largest amount/],
    [1e15, /larger than the largest amount/],
    [Number.NaN, /is not an amount/],
    [Number.POSITIVE_INFINITY, /is not an amount/],
  ])('refuses %s', (n, why) => {
    expect(() => readAmountNumber(n)).toThrow(why);
  });
});

describe('readAmountText: the European and Swiss conventions, issue 31', () => {
  it.each([
    // The currency after the amount, with or without a space (European and UK exports).
    ['12.50 €', 12500n],
    ['12.50€', 12500n],
    ['1234.56 EUR', 1234560n],
    ['-6.10 CHF', -6100n],
    ['1,000.00gbp', 1000000n],
    ['7 £', 7000n],
    // The currency before the amount is the prefix's, not the suffix's: only a trailing one is dropped there.
    ['EUR 12.50', 12500n],
    ['€ 12.50', 12500n],
    // Swiss thousands: an apostrophe or a right single quote between groups of three.
    ["11'373.94", 11373940n],
    ["1'234", 1234000n],
    ['1’234’567.50', 1234567500n],
    ["-999'999", -999999000n],
    ["CHF 1'000.00", 1000000n],
  ])('%s -> %s', (text, milli) => {
    expect(readAmountText(text)).toEqual({ value: milli, marker: null });
  });

  it.each([
    // An apostrophe anywhere but between groups of three is no Swiss amount, nor a misplaced comma.
    ["12345'678", /is not an amount \(expected digits/],
    ["1'234'56", /is not an amount \(expected digits/],
    ["12'34", /is not an amount \(expected digits/],
    ["1'23.00", /is not an amount \(expected digits/],
    ["'123", /is not an amount \(expected digits/],
    ['12.50 € 3', /is not an amount \(expected digits/],
  ])('refuses %s and says why', (text, why) => {
    expect(() => readAmountText(text)).toThrow(why);
  });
});

describe('stripCurrency: the currency printed beside an amount, wherever it stands (issue 31)', () => {
  it.each([
    // After the digits, glued or spaced, before a closing parenthesis or a Dr/Cr marker.
    ['-6.10USD', '-6.10'],
    ['1.234,56 SEK', '1.234,56'],
    ['(9,877.97 EUR)', '(9,877.97)'],
    ['1,234.00 EUR Cr', '1,234.00 Cr'],
    ['1,234.00EUR (Dr)', '1,234.00 (Dr)'],
    ['1,234.00 eur Dr.', '1,234.00 Dr.'],
    ['12.50\tEUR', '12.50'],
    ['500 ¥', '500'],
    ['3 £', '3'],
    // Before the digits, after a sign or an opening parenthesis.
    ['€1.234,56 Cr', '1.234,56 Cr'],
    ['(USD 12.50)', '(12.50)'],
    ['( USD 5)', '( 5)'],
    ['-€5', '-5'],
    ['+ $ 5', '+ 5'],
    ['USD -5', '-5'],
    ['USD +5', '+5'],
    ['USD - 5', '- 5'],
    ['EUR .5', '.5'],
    ['$.50', '.50'],
    [' Rs. 500 ', '500'],
    ['Rs.12', '12'],
    ['rs12', '12'],
    ['₹ -500', '-500'],
    ['(₹5)', '(5)'],
    ['¥ 500', '500'],
    ['INR 1,23,456.78', '1,23,456.78'],
  ])('%j -> %j', (text, stripped) => {
    expect(stripCurrency(text)).toBe(stripped);
  });

  it.each([
    // `$`, `₹` and `Rs` are printed only before the digits; a word glued to a number is no currency.
    '5$',
    '5 $',
    '12 ₹',
    '12 rs',
    '12abc',
    '12 USDX',
    '12 EURO',
    // The currency must stand at the end (or before a marker or a closing parenthesis) and before digits.
    '12 € 3',
    '1 EUR Cr x',
    '12 ( USD',
    'EUR x5',
    '--USD 5',
    '(-USD 5)',
    'USD',
    '€',
  ])('leaves %j as it is', (text) => {
    expect(stripCurrency(text)).toBe(text);
  });

  it.each([
    'INR',
    'USD',
    'EUR',
    'GBP',
    'CHF',
    'SEK',
    'NOK',
    'DKK',
    'ISK',
    'RUB',
    'UAH',
    'JPY',
    'CNY',
    'AUD',
    'CAD',
    'NZD',
    'SGD',
    'HKD',
    'MYR',
    'AED',
    'ZAR',
    'PLN',
    'CZK',
    'HUF',
    'RON',
    'BGN',
  ])('%s is a currency before or after the digits', (code) => {
    expect([stripCurrency(`1.00 ${code}`), stripCurrency(`${code} 1.00`), stripCurrency(`-1.00${code.toLowerCase()}`)]).toEqual(['1.00', '1.00', '-1.00']);
  });

  it('is applied before the amount is read: a currency after a closing parenthesis, a marker or nothing at all', () => {
    expect([readAmountText('(9,877.97 EUR)'), readAmountText('-6.10USD'), readAmountText('1 EUR  Cr'), readAmountText('USD - 5')]).toEqual([
      { value: -9877970n, marker: null },
      { value: -6100n, marker: null },
      { value: 1000n, marker: 'cr' },
      { value: -5000n, marker: null },
    ]);
  });
});

describe('readAmountText: a currency the digits do not touch (issue 31)', () => {
  it.each([
    // A cell holding only a currency is blank.
    ['€', null],
    ['EUR', null],
    [' £ ', null],
    ['-€', null],
    // After a closing parenthesis or a marker.
    ['(12.50) €', { value: -12500n, marker: null }],
    ['(12.50)€', { value: -12500n, marker: null }],
    ['12.50 Cr €', { value: 12500n, marker: 'cr' }],
  ])('%j -> %j', (text, read) => {
    expect(readAmountText(text)).toEqual(read);
  });

  it.each([
    // Inside the digits it is no currency, and the digits around it are no amount.
    ['12€34', /^"12€34" is not an amount \(expected digits/],
    ['1EUR5', /^"1EUR5" is not an amount \(expected digits/],
    // A lone currency in parentheses leaves nothing to read; anything else beside it is no digit.
    ['(€)', /^"\(€\)" is not an amount$/],
    ['(rs)', /^"\(rs\)" is not an amount$/],
    ['(€x)', /^"\(€x\)" is not an amount \(expected digits/],
  ])('refuses %j and says why', (text, why) => {
    expect(() => readAmountText(text)).toThrow(why);
  });
});
