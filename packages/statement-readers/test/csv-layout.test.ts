import fc from 'fast-check';
import {
  CsvRowFilter,
  decodeCsv,
  detectLayout,
  inferColumns,
  repairWideRow,
  rowShape,
  sampleRecords,
  summaryLabels,
  summaryValues,
  toPointDecimal,
  usesDecimalComma,
  type RowShape,
} from '../src/csv-layout';
import { StatementFileError } from '../src/errors';
import { matchHeader } from '../src/header';

const shapeOf = (header: string[], delimiter = ',', decimalComma = false): RowShape => rowShape(header, matchHeader(header)!, decimalComma, delimiter);
const split = (line: string) => line.split(',').map((c) => c.trim());

describe('decodeCsv: the encodings banks and Excel write', () => {
  const text = 'Date,Narration,Debit\n01/04/2024,CAFÉ NILOUFER,10\n';

  it('passes UTF-8 through without copying, with or without a BOM', () => {
    const plain = Buffer.from(text);
    expect(decodeCsv(plain)).toEqual({ utf8: plain, encoding: 'utf-8' });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), plain]);
    expect(decodeCsv(withBom).utf8.toString()).toBe(text);
  });

  it('decodes UTF-16 with a BOM (Excel "Unicode Text"), little and big endian, and UTF-16LE without one', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeCsv(le)).toEqual({ utf8: Buffer.from(text), encoding: 'utf-16le' });
    const be = Buffer.from(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    be.swap16();
    expect(decodeCsv(be)).toEqual({ utf8: Buffer.from(text), encoding: 'utf-16be' });
    expect(decodeCsv(Buffer.from(text, 'utf16le'))).toEqual({ utf8: Buffer.from(text), encoding: 'utf-16le' });
  });

  it('reads a file that is not UTF-8 as Windows-1252 (a one-byte É)', () => {
    const cp1252 = Buffer.from([...'01/04/2024,CAF'].map((c) => c.charCodeAt(0)).concat([0xc9, 0x2c, 0x80, 0x35, 0x2c, 0x93, 0x41, 0x94, 0x96, 0xe9]));
    expect(decodeCsv(cp1252)).toEqual({ utf8: Buffer.from('01/04/2024,CAFÉ,€5,“A”–é'), encoding: 'windows-1252' });
  });

  it('keeps a mostly UTF-8 file UTF-8, a stray byte read as U+FFFD and its line reported', () => {
    const text = Buffer.concat([Buffer.from('Date,Narration,Debit\n01/04/2024,₹ REFUND ₹,10\n02/04/2024,CAF'), Buffer.from([0xc9]), Buffer.from(',5\n')]);
    expect(decodeCsv(text)).toEqual({
      utf8: Buffer.from('Date,Narration,Debit\n01/04/2024,₹ REFUND ₹,10\n02/04/2024,CAF\uFFFD,5\n'),
      encoding: 'utf-8',
      damagedLine: 3,
    });
  });

  it.each([
    ['a byte Windows-1252 leaves undefined', Buffer.from([0x41, 0x81, 0x42, 0xe9]), /byte 2 \(0x81\) has no meaning in Windows-1252/],
    ['NUL bytes that are not UTF-16', Buffer.from([0x41, 0x00, 0x00, 0x00, 0x42, 0x43, 0x44, 0x45]), /NUL bytes/],
  ])('refuses %s, saying why', (_what, buffer, why) => {
    let error: unknown;
    try {
      decodeCsv(buffer);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StatementFileError);
    expect((error as StatementFileError).code).toBe('PARSE_FAILED');
    expect((error as StatementFileError).message).toMatch(why);
  });
});

describe('detectLayout: delimiter, header and decimal comma from the file itself', () => {
  const rows = (d: string) =>
    [
      'Account No : 1234567890',
      '',
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'].join(d),
      ['01/04/24', 'UPI-SHOP, BANGALORE;MG ROAD', '10.00', '', '90.00'].join(d),
      ['02/04/24', 'NEFT CR|ACME', '', '100.00', '190.00'].join(d),
    ].join('\n');

  it.each([[','], [';'], ['\t'], ['~'], ['|']] as const)('finds %j from the header and the rows under it', (d) => {
    const text = d === ',' ? rows(d).replace('UPI-SHOP, BANGALORE;MG ROAD', '"UPI-SHOP, BANGALORE;MG ROAD"') : rows(d);
    expect(detectLayout(text)).toEqual({ delimiter: d, decimalComma: false, headerLine: 3, inferred: null, bodyWidth: 5 });
  });

  it('is not misled by commas in `~`-delimited narrations or by `;` in comma-delimited ones', () => {
    const tilde = 'Date~Narration~Debit~Credit~Balance\n01/04/24~A, B, C, D~1.00~~2.00\n02/04/24~E, F, G~1.00~~1.00\n';
    expect(detectLayout(tilde).delimiter).toBe('~');
    const comma = 'Date,Narration,Debit,Credit,Balance\n01/04/24,A;B;C;D;E,1.00,,2.00\n02/04/24,E;F;G;H,1.00,,1.00\n';
    expect(detectLayout(comma).delimiter).toBe(',');
  });

  it('finds a header spread over two lines', () => {
    const text = 'Txn,Narration,Withdrawal,Deposit,Closing\nDate,,Amt.,Amt.,Balance\n01/04/24,x,1.00,,2.00\n';
    expect(detectLayout(text).headerLine).toBe(2);
  });

  it('tells a decimal comma from a thousands comma by the digits after it', () => {
    expect(detectLayout('Date;Description;Debit;Credit;Balance\n01.04.2024;Miete;1.200,00;;3.800,50\n').decimalComma).toBe(true);
    expect(detectLayout('Date;Description;Debit;Credit;Balance\n01.04.2024;Rent;1,200.00;;3,800.50\n').decimalComma).toBe(false);
    expect(usesDecimalComma(['1,234', '12'])).toBe(false);
    expect(usesDecimalComma(['1.234,5', '-12,00 Dr'])).toBe(true);
    expect(usesDecimalComma(['1.234,50', '12.50'])).toBe(false);
  });

  it.each([
    ['1.234,56', '1234.56'],
    ['-45,9', '-45.9'],
    ['(1.000,00)', '(1000.00)'],
    ['12.345.678,901', '12345678.901'],
    ['1.234', '1234'],
    ['7', '7'],
    ['12,00 Cr', '12.00 Cr'],
    ['€ 5,00', '€ 5.00'],
    ['1,234.56', '1,234.56'],
    ['abc', 'abc'],
  ])('toPointDecimal(%j) = %j', (input, output) => {
    expect(toPointDecimal(input)).toBe(output);
  });

  it('parses a sample with line numbers as the stream passes count them (blank lines included)', () => {
    expect(sampleRecords('a,b\n\nc,d\n', ',')).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['c', 'd'], line: 3 },
    ]);
  });
});

describe('inferColumns: a file without a header row', () => {
  const records = (lines: string[]) => sampleRecords(lines.join('\n') + '\n', ',');

  it('finds date, particulars, debit, credit and balance, with the balance chain deciding which amount is which', () => {
    const inferred = inferColumns(
      records([
        '02/06/2021,UPI-BIGBASKET-GROCERY,115312345678,500.00,,"10,250.00"',
        '03/06/2021,NEFT CR-ANIL SHARMA-REFUND,SBIN121154123456,,"2,500.00","12,750.00"',
        '05/06/2021,IMPS-LANDLORD-RENT,115612345678,"9,000.00",,"3,750.00"',
      ]),
    );
    expect(inferred).toEqual({ header: ['Date', 'Particulars', 'Column 3', 'Debit', 'Credit', 'Balance'], firstDataLine: 1, rows: 3, decimalComma: false });
  });

  it('puts credit before debit when the chain says so, and reads a newest-first file', () => {
    const inferred = inferColumns(
      records([
        'Statement of account 1234',
        '05/06/2021,IMPS RENT,,9000.00,3750.00',
        '03/06/2021,NEFT REFUND,2500.00,,12750.00',
        '02/06/2021,UPI GROCERY,,500.00,10250.00',
      ]),
    );
    expect(inferred?.header).toEqual(['Date', 'Particulars', 'Credit', 'Debit', 'Balance']);
    expect(inferred?.firstDataLine).toBe(2);
  });

  it('starts at a first row wider than the rest (an unquoted comma), after a narrower dated preamble line', () => {
    const inferred = inferColumns(
      records([
        'From,01/06/2021,To,30/06/2021',
        '02/06/2021,UPI-SHOP, BLR,500.00,,10250.00',
        '03/06/2021,NEFT,,250.00,10500.00',
        '04/06/2021,ATM,1000.00,,9500.00',
      ]),
    );
    expect(inferred).toMatchObject({ header: ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'], firstDataLine: 2, rows: 2 });
  });

  it('still infers when a row the sample leaves out (a wide one) breaks one pair of the chain', () => {
    const lines = ['01/06/2021,A,,1000.00,1000.00'];
    let balance = 1000;
    for (let day = 2; day <= 12; day++) {
      balance -= 10;
      lines.push(day === 6 ? `0${day}/06/2021,SHOP, BLR,10.00,,${balance}.00` : `${String(day).padStart(2, '0')}/06/2021,UPI ${day},10.00,,${balance}.00`);
    }
    expect(inferColumns(records(lines))?.header).toEqual(['Date', 'Particulars', 'Debit', 'Credit', 'Balance']);
  });

  it('reads a signed amount and a balance', () => {
    const inferred = inferColumns(records(['2024-04-01,COFFEE,-4.50,95.50', '2024-04-02,SALARY,1000.00,1095.50', '2024-04-03,RENT,-900.00,195.50']));
    expect(inferred?.header).toEqual(['Date', 'Particulars', 'Amount', 'Balance']);
  });

  it('reads date, narration and one amount without a balance, even from one line (a card export)', () => {
    expect(inferColumns(records(['01/04/2024,A,1.00', '02/04/2024,B,2.00']))).toMatchObject({
      header: ['Date', 'Particulars', 'Amount'],
      firstDataLine: 1,
      rows: 2,
    });
    expect(inferColumns(records(['10/01/2025,BBPS ONLINE PAYMENT 09/01/2025 5920,"63,165.76"']))).toMatchObject({
      header: ['Date', 'Particulars', 'Amount'],
      rows: 1,
    });
    // An amount without decimals is a reference number as far as the inference can tell.
    expect(inferColumns(records(['01/04/2024,x,1']))).toBeNull();
  });

  it('gives up when no single assignment fits the chain, or there is too little to go on', () => {
    expect(inferColumns(records(['01/04/2024,A,1.00,,5.00', '02/04/2024,B,1.00,,7.00', '03/04/2024,C,,1.00,2.00']))).toBeNull();
    expect(inferColumns(records(['01/04/2024,A,1.00,,5.00']))).toBeNull();
    expect(inferColumns(records(['Date,Narration', 'hello,world']))).toBeNull();
  });

  it('makes detectLayout return the header to push', () => {
    const layout = detectLayout('01/04/2024,A,,1.00,1.00\n02/04/2024,B,0.50,,0.50\n');
    expect(layout.headerLine).toBeNull();
    expect(layout.inferred?.header).toEqual(['Date', 'Particulars', 'Debit', 'Credit', 'Balance']);
  });
});

describe('repairWideRow: rows wider than the header', () => {
  // Built before the tests, not while jest collects them: a header mutant that breaks matchHeader then fails
  // these tests (killed) instead of the whole file's loading (which Stryker counts as an error, outside the score).
  let hdfc: RowShape;
  beforeAll(() => {
    hdfc = shapeOf(['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance']);
  });
  const before = [['01/04/2024', 'SALARY', '', '1,000.00', '10000.00']];

  it('puts an unquoted comma back into the narration when that is the only reading', () => {
    const line = '02/04/2024,UPI/DR/4102/SHOP, BANGALORE/YESB,250.00,,9750.00';
    expect(repairWideRow(split(line), hdfc, [], line)).toEqual({ cells: ['02/04/2024', 'UPI/DR/4102/SHOP, BANGALORE/YESB', '250.00', '', '9750.00'] });
    const tight = '02/04/2024,UPI/SHOP,BLR,,250.00,9750.00';
    expect(repairWideRow(split(tight), hdfc, [], tight)).toEqual({ cells: ['02/04/2024', 'UPI/SHOP,BLR', '', '250.00', '9750.00'] });
  });

  it('joins several commas, and without the line as written puts ", " between the pieces', () => {
    expect(repairWideRow(split('02/04/2024,A,B,C,250.00,,9750.00'), hdfc)).toEqual({ cells: ['02/04/2024', 'A, B, C', '250.00', '', '9750.00'] });
  });

  it('reads a `1,234.50` split in two only when the balance chain picks it out', () => {
    const line = '02/04/2024,IMPS RENT,1,234.50,,8765.50';
    expect(repairWideRow(split(line), hdfc, before, line)).toEqual({ cells: ['02/04/2024', 'IMPS RENT', '1,234.50', '', '8765.50'] });
  });

  it('never guesses between a narration ending in a number and a split amount without a chain', () => {
    const repair = repairWideRow(split('02/04/2024,IMPS RENT,1,234.50,,8765.50'), hdfc);
    expect(repair).toEqual({ reason: expect.stringMatching(/^has 6 fields but the header has 5, and the extra fields can be read in 2 ways/) });
  });

  it('skips a row no reading of which agrees with the running balance', () => {
    const repair = repairWideRow(split('02/04/2024,IMPS RENT,1,234.50,,5.00'), hdfc, before);
    expect(repair).toEqual({ reason: expect.stringMatching(/no reading of the extra fields agrees with the running balance/) });
  });

  it('skips a row where no reading gives valid amounts, and one with too many fields', () => {
    expect(repairWideRow(split('02/04/2024,A,abc,def,ghi'), shapeOf(['Date', 'Narration', 'Debit', 'Balance']))).toEqual({
      reason: expect.stringMatching(/no reading of the extra fields gives valid amounts/),
    });
    expect(repairWideRow(split('02/04/2024,a,b,c,d,e,f,1.00,,2.00'), hdfc)).toEqual({ reason: expect.stringMatching(/has 10 fields .* too many/) });
  });

  it('follows the order the two rows before show (newest first)', () => {
    const newest = [split('05/04/2024,B,5.00,,95.00'), split('04/04/2024,A,,100.00,100.00')];
    // Newest first: this row's balance is the previous row's balance before that row's credit (100 - 100 = 0).
    const line = '03/04/2024,OPENING, DEPOSIT,,0.00,0.00';
    expect(repairWideRow(split(line), hdfc, newest, line)).toEqual({ cells: ['03/04/2024', 'OPENING, DEPOSIT', '', '0.00', '0.00'] });
  });

  it('reads a Dr/Cr column and a single amount (Kotak)', () => {
    const kotak = shapeOf(['Sl. No.', 'Transaction Date', 'Value Date', 'Description', 'Chq / Ref No.', 'Amount', 'Dr / Cr', 'Balance', 'Dr / Cr']);
    const previous = [['1', '01-10-2026', '01-10-2026', 'UPI/X', 'UPI-1', '450.00', 'DR', '24,550.00', 'CR']];
    const line = '2,04-10-2026,04-10-2026,UPI/BESCOM, BANGALORE/6286,UPI-6286,1,250.00,DR,"23,300.00",CR';
    const cells = ['2', '04-10-2026', '04-10-2026', 'UPI/BESCOM', 'BANGALORE/6286', 'UPI-6286', '1', '250.00', 'DR', '23,300.00', 'CR'];
    expect(repairWideRow(cells, kotak, previous, line)).toEqual({
      cells: ['2', '04-10-2026', '04-10-2026', 'UPI/BESCOM, BANGALORE/6286', 'UPI-6286', '1,250.00', 'DR', '23,300.00', 'CR'],
    });
  });

  it('lets only the narration absorb fields under a delimiter other than the comma', () => {
    const tilde = shapeOf(['Date', 'Narration', 'Debit', 'Credit', 'Balance'], '~');
    expect(repairWideRow(['01/04/24', 'A', 'B', '1', '', '2'], tilde, [], '01/04/24~A~B~1~~2')).toEqual({ cells: ['01/04/24', 'A~B', '1', '', '2'] });
  });

  it('never returns a wrong row: any row written with unquoted commas is repaired exactly or reported', () => {
    const narration = fc
      .array(fc.oneof(fc.constantFrom('UPI', 'SHOP', 'BANGALORE', 'NEFT', 'RENT', '12', '345', '345.00', '50'), fc.stringMatching(/^[A-Z]{1,8}$/)), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join(', '));
    const cents = fc.integer({ min: 1, max: 5_000_000 });
    const group = (milli: number) => {
      const whole = String(Math.floor(milli / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
      return `${whole}.${String(milli % 100).padStart(2, '0')}`;
    };
    fc.assert(
      fc.property(narration, cents, fc.boolean(), fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (text, amount, isDebit, opening, withPrevious) => {
        const balance = opening + (isDebit ? -amount : amount);
        const signed = (c: number) => `${c < 0 ? '-' : ''}${group(Math.abs(c))}`;
        const truth = ['03/04/2024', text, isDebit ? group(amount) : '', isDebit ? '' : group(amount), signed(balance)];
        const line = truth.join(',');
        const previous = withPrevious ? [['02/04/2024', 'X', '', '', signed(opening)]] : [];
        const repair = repairWideRow(split(line), hdfc, previous, line);
        if ('cells' in repair) expect(repair.cells).toEqual(truth);
      }),
      { numRuns: 400, seed: 20261124 },
    );
  });
});

describe('summary blocks', () => {
  it('reads HDFC`s labels and values, ignoring the counts', () => {
    const labels = summaryLabels(['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits', 'Closing Bal']);
    expect(labels).toEqual(['opening_balance', null, null, 'total_outflow', 'total_inflow', 'closing_balance']);
    expect(summaryValues(labels!, ['1,000.00', '1', '1', '100.00', '500.00', '1,400.00'], false)).toEqual({
      opening_balance: 1000000n,
      total_outflow: 100000n,
      total_inflow: 500000n,
      closing_balance: 1400000n,
    });
  });

  it('is not a summary: a row with other words, a single label, values that are not amounts', () => {
    expect(summaryLabels(['Opening Balance', 'as on', '01/04/2024'])).toBeNull();
    expect(summaryLabels(['Closing Balance'])).toBeNull();
    expect(summaryValues(['opening_balance', 'closing_balance'], ['n/a', 'x'], false)).toBeNull();
  });

  it('reads a Dr balance as negative and totals as magnitudes, with decimal commas', () => {
    const labels = summaryLabels(['Opening balance', 'Total debits', 'Total credits', 'Closing balance'])!;
    expect(summaryValues(labels, ['100,00 Dr', '-1.000,00', '50,00', '-1.050,00'], true)).toEqual({
      opening_balance: -100000n,
      total_outflow: 1000000n,
      total_inflow: 50000n,
      closing_balance: -1050000n,
    });
  });
});

describe('CsvRowFilter', () => {
  const header = ['Date', 'Narration', 'Debit', 'Credit', 'Balance'];

  it('rewrites decimal commas in the amount columns only, and passes ordinary rows through', () => {
    const filter = new CsvRowFilter(';', true, () => undefined);
    filter.setHeader([header]);
    expect(filter.body(['01.04.2024', 'Miete, 1,5 Zimmer', '1.200,00', '', '3.800,50'], 7)).toEqual({
      push: ['01.04.2024', 'Miete, 1,5 Zimmer', '1200.00', '', '3800.50'],
    });
  });

  it('reports a row it cannot repair through the skip callback, with the line as written', () => {
    const skipped: unknown[] = [];
    const filter = new CsvRowFilter(',', false, (...args) => skipped.push(args));
    filter.setHeader([header]);
    expect(filter.body(split('01/04/2024,RENT,1,234.50,,2.00'), 9, () => '01/04/2024,RENT,1,234.50,,2.00\r\n')).toEqual({ skip: true });
    expect(skipped).toEqual([[9, expect.stringMatching(/can be read in 2 ways/), '01/04/2024,RENT,1,234.50,,2.00']]);
  });

  it('repairs against the rows before it', () => {
    const filter = new CsvRowFilter(',', false, () => undefined);
    filter.setHeader([header]);
    filter.body(split('01/04/2024,SALARY,,5000.00,10000.00'), 2);
    expect(filter.body(split('02/04/2024,RENT,1,234.50,,8765.50'), 3)).toEqual({ push: ['02/04/2024', 'RENT', '1,234.50', '', '8765.50'] });
  });

  it('takes a summary block under the rows out as printed figures', () => {
    const filter = new CsvRowFilter(',', false, () => undefined);
    filter.setHeader([header]);
    expect(filter.body(['Opening Balance', 'Debits', 'Credits', 'Closing Balance'], 20)).toEqual({ skip: true });
    expect(filter.body(['10,000.00', '4,500.00', '12,000.00', '17,500.00'], 21)).toEqual({ skip: true });
    expect(filter.printed).toEqual({ opening_balance: 10000000n, total_outflow: 4500000n, total_inflow: 12000000n, closing_balance: 17500000n });
  });

  it('uses the header lines the table merged (a two-line header)', () => {
    const filter = new CsvRowFilter(',', false, () => undefined);
    filter.setHeader([
      ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Closing'],
      ['', '', 'Amt.', 'Amt.', 'Balance'],
    ]);
    expect(filter.body(split('01/04/2024,A,B,1.00,,2.00'), 5)).toEqual({ push: ['01/04/2024', 'A, B', '1.00', '', '2.00'] });
  });
});
