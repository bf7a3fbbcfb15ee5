import { readStatementFile, StatementFileError, type ParsedStatement } from '../src';
import { readCsvStatement } from '../src/csv-reader';
import type { StatementRow } from '../src/types';
import { FIXTURES } from './fixtures/csv-statements';
import { failure as readFailure, hdfcCsv, iciciCsv, sbiCsv, toCsv, type FixtureRow } from './fixtures/files';

const rows: FixtureRow[] = [
  { date: '01/04/2024', particulars: 'UPI-SWIGGY-BANGALORE', withdrawal: '1,234.50', deposit: '', balance: '98,765.50' },
  { date: '02/04/2024', particulars: 'NEFT CR-ACME PAYROLL', withdrawal: '', deposit: '1,23,456.78', balance: '2,22,222.28' },
  { date: '03/04/2024', particulars: 'ATM WDL', withdrawal: '10,000.00', deposit: '0.00', balance: '2,12,222.28' },
];

const expected = [
  { date: '2024-04-01', particulars: 'UPI-SWIGGY-BANGALORE', inflow: 0n, outflow: 1234500n, balance: 98765500n },
  { date: '2024-04-02', particulars: 'NEFT CR-ACME PAYROLL', inflow: 123456780n, outflow: 0n, balance: 222222280n },
  { date: '2024-04-03', particulars: 'ATM WDL', inflow: 0n, outflow: 10000000n, balance: 212222280n },
];

async function readCsv(buffer: Buffer | string, fileName = 'statement.csv'): Promise<ParsedStatement> {
  return readStatementFile({ buffer: Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer), fileName });
}

/** Rows without their position (checked on its own where it matters). */
const rowsOf = (parsed: { rows: StatementRow[] }) => parsed.rows.map(({ position: _position, ...row }) => row);

const failure = (buffer: Buffer | string, fileName = 'statement.csv') => readFailure(readCsv(buffer, fileName));

describe('CSV statements in the contract layouts', () => {
  it('reads an HDFC-like file: preamble with the account number, decoration row, Indian separators', async () => {
    const parsed = await readCsv(hdfcCsv(rows, { accNo: '50100012345678' }));
    expect(parsed.fileType).toBe('csv');
    expect(parsed.metadata).toEqual({
      acc_no: '50100012345678',
      bank: 'HDFC Bank',
      header: ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
    });
    expect(rowsOf(parsed)).toEqual(expected);
  });

  it('reads an ICICI-like file: BOM, CRLF, "(INR )" in the headers, Transaction Date preferred to Value Date', async () => {
    const icici = rows.map((r, i) => ({ ...r, date: ['01-Apr-2024', '02-Apr-2024', '03-Apr-2024'][i]! }));
    const parsed = await readCsv(iciciCsv(icici, { accNo: '0012 3456 7890' }));
    expect(parsed.metadata.acc_no).toBe('0012 3456 7890');
    expect(parsed.metadata.header[0]).toBe('S No.');
    expect(rowsOf(parsed)).toEqual(expected);
  });

  it('takes the transaction date, not the value date, when both are present', async () => {
    const csv = toCsv([
      ['Value Date', 'Transaction Date', 'Remarks', 'Debit', 'Credit'],
      ['05/04/2024', '01/04/2024', 'cheque', '10', ''],
    ]);
    expect((await readCsv(csv)).rows[0]!.date).toBe('2024-04-01');
  });

  it('reads an SBI-like file: the account number in the next cell with a leading underscore, DD Mon YYYY', async () => {
    const sbi = rows.map((r, i) => ({ ...r, date: ['1 Apr 2024', '2 Apr 2024', '3 Apr 2024'][i]! }));
    const parsed = await readCsv(sbiCsv(sbi, { accNo: '00000012345678901' }));
    expect(parsed.metadata.acc_no).toBe('00000012345678901');
    expect(parsed.metadata.header).toEqual(['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance']);
    expect(rowsOf(parsed)).toEqual(expected);
  });

  it.each([
    ['HDFC', hdfcCsv],
    ['ICICI', iciciCsv],
    ['SBI', sbiCsv],
  ])('gives acc_no null for a %s-like preamble without an account number', async (_bank, make) => {
    const parsed = await readCsv(make(rows));
    expect(parsed.metadata.acc_no).toBeNull();
    expect(parsed.rows).toHaveLength(3);
  });

  it('reads a file whose header is the first line (no preamble)', async () => {
    const parsed = await readCsv(
      toCsv([
        ['date', 'PARTICULARS', 'dr', 'cr', 'running balance'],
        ['2024-04-01', 'x', '5', '', '-5'],
      ]),
    );
    expect(parsed.metadata).toEqual({ acc_no: null, header: ['date', 'PARTICULARS', 'dr', 'cr', 'running balance'] });
    expect(rowsOf(parsed)).toEqual([{ date: '2024-04-01', particulars: 'x', inflow: 0n, outflow: 5000n, balance: -5000n }]);
  });

  it.each([
    ['Account Number : 123456789012', '123456789012'],
    ['Account No: 1234-5678-9012', '1234-5678-9012'],
    ['A/C No. 9988776655', '9988776655'],
    ['Acct No - XXXXXXXX4321', 'XXXXXXXX4321'],
    ['Account No :50100012345678   OTHER', '50100012345678'],
    ['Statement of A/c No. 1234 5678 9012 from 01/04/2024 to 30/04/2024', '1234 5678 9012'],
    ['Account Number : 987654321, Branch 0042', '987654321'],
    ['Account Number : 12345678 01/04/2024', '12345678'],
  ])('finds the account number in "%s"', async (line, accNo) => {
    const csv = `${line}\n${toCsv([
      ['Date', 'Narration', 'Debit', 'Credit'],
      ['01/04/2024', 'x', '1', ''],
    ])}`;
    expect((await readCsv(csv)).metadata.acc_no).toBe(accNo);
  });

  it('ignores labels that are not account numbers, and values without digits', async () => {
    const csv = `Account Name : ASHA RAO\nAccount Number : ,IFSC\nCustomer ID : 12345678\n${toCsv([
      ['Date', 'Narration', 'Debit', 'Credit'],
      ['01/04/2024', 'x', '1', ''],
    ])}`;
    expect((await readCsv(csv)).metadata.acc_no).toBeNull();
  });

  it('reads every contract date format', async () => {
    const dates = ['05/04/2024', '05-04-2024', '05/04/24', '05-Apr-2024', '05 Apr 2024', '2024-04-05'];
    const csv = toCsv([['Date', 'Narration', 'Withdrawal', 'Deposit'], ...dates.map((d) => [d, d, '1', ''])]);
    expect((await readCsv(csv)).rows.map((r) => r.date)).toEqual(Array(6).fill('2024-04-05'));
  });

  it('reads blank amounts as zero, a blank balance as null, and the largest Indian-grouped amount exactly', async () => {
    const csv = toCsv([
      ['Date', 'Particulars', 'Withdrawal Amount', 'Deposit Amount', 'Balance'],
      ['01/04/2024', 'big credit', '', '9,99,99,99,999.999', ''],
      ['01/04/2024', 'dash for nothing', '-', '12', '-'],
      ['01/04/2024', 'western', '123,456.78', '', '0'],
    ]);
    expect(rowsOf(await readCsv(csv))).toEqual([
      { date: '2024-04-01', particulars: 'big credit', inflow: 9999999999999n, outflow: 0n, balance: null },
      { date: '2024-04-01', particulars: 'dash for nothing', inflow: 12000n, outflow: 0n, balance: null },
      { date: '2024-04-01', particulars: 'western', inflow: 0n, outflow: 123456780n, balance: 0n },
    ]);
  });

  it('reads Cr/Dr and parentheses on balances, and minus-signed debits as debits', async () => {
    const csv = toCsv([
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01/04/2024', 'a', '100.00', '', '1,000.00 Cr'],
      ['02/04/2024', 'b', '-2,000.00', '', '1,000.00 Dr'],
      ['03/04/2024', 'c', '', '500 Cr', '(500.00)'],
      ['04/04/2024', 'd', '1.00 Dr', '', '-501'],
    ]);
    expect((await readCsv(csv)).rows.map((r) => [r.outflow, r.inflow, r.balance])).toEqual([
      [100000n, 0n, 1000000n],
      [2000000n, 0n, -1000000n],
      [0n, 500000n, -500000n],
      [1000n, 0n, -501000n],
    ]);
  });

  it('joins a wrapped narration to its row, skips totals, page markers and repeated headers, and stops at a summary', async () => {
    const csv = toCsv([
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['', 'Opening Balance', '', '', '1,000.00'],
      ['01/04/2024', 'NEFT-ACME', '', '500.00', '1,500.00'],
      ['', 'PAYROLL APRIL', '', '', ''],
      ['Page 1 of 2'],
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['02/04/2024', 'UPI    MERCHANT', '100.00', '', '1,400.00'],
      ['', 'Total', '100.00', '500.00', ''],
      ['STATEMENT SUMMARY :-'],
      ['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits'],
      ['1,000.00', '1', '1', '100.00', '500.00'],
    ]);
    expect(rowsOf(await readCsv(csv))).toEqual([
      { date: '2024-04-01', particulars: 'NEFT-ACME PAYROLL APRIL', inflow: 500000n, outflow: 0n, balance: 1500000n },
      { date: '2024-04-02', particulars: 'UPI MERCHANT', inflow: 0n, outflow: 100000n, balance: 1400000n },
    ]);
  });

  it('reads quoted fields with commas, line breaks and quotes, and stray quotes in unquoted fields', async () => {
    const csv = 'Date,Narration,Debit,Credit\n01/04/2024,"UPI/""CAFE"", MG ROAD\nBLR","1,000.00",\n02/04/2024,UPI/"SHOP"/X,5,\n';
    expect((await readCsv(csv)).rows.map((r) => [r.particulars, r.outflow])).toEqual([
      ['UPI/"CAFE", MG ROAD BLR', 1000000n],
      ['UPI/"SHOP"/X', 5000n],
    ]);
  });

  it('reads a header with only a withdrawal column, and an empty table', async () => {
    expect((await readCsv('Date,Details,Withdrawal\n01/04/2024,x,1\n')).rows[0]).toMatchObject({ inflow: 0n, outflow: 1000n, balance: null });
    expect((await readCsv('Date,Details,Withdrawal\n')).rows).toEqual([]);
  });

  it('ignores a password given for a CSV', async () => {
    const parsed = await readStatementFile({ buffer: hdfcCsv(rows), fileName: 'statement.csv', password: 'secret' });
    expect(parsed.rows).toHaveLength(3);
  });
});

describe('CSV lines that cannot be read: skipped and reported, the rest of the file read', () => {
  const header = 'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n';

  it.each([
    ['31/02/2024,x,1,,2', /^date "31\/02\/2024" has day 31, which February 2024 does not have$/],
    ['01/04/2024,x,1.2345,,2', /^outflow column "Withdrawal Amt\." "1\.2345" has 4 decimal places; amounts are exact to 3/],
    ['01/04/2024,x,,"1,2345",2', /^inflow column "Deposit Amt\." "1,2345" has misplaced thousands separators$/],
    ['01/04/2024,x,,,abc', /^balance column "Closing Balance" "abc" is not an amount/],
    ['01/04/2024,x,,-5,2', /^inflow column "Deposit Amt\." "-5" is negative; a deposit must be zero or more$/],
    ['01/04/2024,x,5 Cr,,2', /^outflow column "Withdrawal Amt\." "5 Cr" is marked Cr, the opposite of its column$/],
    ['01/04/2024,x,,,-5 Dr', /^balance column "Closing Balance" "-5 Dr" has both a sign and a Cr\/Dr marker$/],
    [',x,5,,2', /^has amounts but no date \(the "Date" column is blank\)$/],
    // The balance chain (2 before) rules out both readings: x,1 | 234.50 and x | 1,234.50.
    [
      '01/04/2024,x,1,234.50,,2',
      /^has 6 fields but the header has 5, and no reading of the extra fields agrees with the running balance; an amount with thousands separators \(1,234\.50\) must be quoted/,
    ],
  ])('%s', async (line, why) => {
    const parsed = await readCsv(`${header}01/04/2024,fine,1,,2\n${line}\n02/04/2024,after,,1,3\n`);
    expect(parsed.rows.map((r) => r.particulars)).toEqual(['fine', 'after']);
    expect(parsed.warnings).toEqual([{ position: 'line 3', reason: expect.stringMatching(why), text: expect.any(String) }]);
  });

  it('reports an unrepairable wide row with the line as written, in line order among the table`s warnings', async () => {
    const parsed = await readCsv(`${header}01/04/2024,IMPS RENT,1,234.50,,"8,765.50"\n31/02/2024,x,1,,2\n02/04/2024,ok,1.00,,"8,764.50"\n`);
    expect(parsed.warnings.map((w) => [w.position, w.text])).toEqual([
      ['line 2', '01/04/2024,IMPS RENT,1,234.50,,"8,765.50"'],
      ['line 3', '31/02/2024 x'],
    ]);
    expect(parsed.warnings[0]!.reason).toMatch(/can be read in 2 ways .* the row is not guessed$/);
  });
});

describe('CSV lines csv-parse cannot read: skipped and reported, the parse resumed on the next line', () => {
  it.each([
    ['a field that starts with a quote and goes on after it', '02/04/2024,"FRESH" MART,5.00,,95.00', /Invalid Closing Quote/],
    ['an unclosed quote', '02/04/2024,"UPI/SHOP,5.00,,95.00', /Quote Not Closed/],
  ])('%s', async (_what, bad, why) => {
    const csv = [
      'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '01/04/2024,SALARY,,100.00,100.00',
      '',
      bad,
      '03/04/2024,UPI, SHOP,10.00,,90.00',
      '04/04/2024,ATM,10.00,,80.00',
    ].join('\r\n');
    const parsed = await readCsv(csv);
    expect(parsed.rows.map((r) => [r.position, r.particulars])).toEqual([
      ['line 2', 'SALARY'],
      ['line 5', 'UPI, SHOP'],
      ['line 6', 'ATM'],
    ]);
    expect(parsed.warnings).toEqual([{ position: 'line 4', reason: expect.stringMatching(why), text: bad }]);
  });
});

describe('CSV refusals: PARSE_FAILED naming the reason', () => {
  const header = 'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n';

  it('has no header row, and one row is too little to infer the columns from', async () => {
    const err = await failure('Bank statement\nAccount No: 1234567890\n01/04/2024,x,1,,2\n');
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(
      /^no header row found in the CSV file: expected a line of column names with a date, a description and an amount, such as "Date, Description, Debit, Credit, Balance". What to do: check that the file is a statement downloaded from the bank/,
    );
  });

  it('gives up on a header after 200 lines of preamble', async () => {
    const err = await failure(`${'noise\n'.repeat(250)}${header}01/04/2024,x,1,,2\n`);
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/no header row found in the first 200 lines \(up to line 200\)/);
  });

  it('rejects a header with a date and particulars but no amount column', async () => {
    expect((await failure('Date,Narration,Balance\n01/04/2024,x,2\n')).message).toMatch(/no header row found/);
  });

  it('names the line of a malformed CSV when nothing else could be read', async () => {
    const err = await failure(`${header}01/04/2024,"unclosed,1,,2\n`);
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/^no transaction could be read \(1 line skipped; line 2: the line cannot be read as CSV: Quote Not Closed/);
  });

  it('refuses a file where more than 100 lines cannot be read as CSV', async () => {
    const err = await failure(`${header}${'01/04/2024,"A"B,1,,2\n'.repeat(101)}`);
    expect(err.message).toMatch(/^the CSV cannot be read at line 102: Invalid Closing Quote.*\(and 100 lines before it\)\. What to do: /);
  });

  it('says why a file in an unknown 8-bit encoding is not read', async () => {
    const err = await failure(Buffer.concat([Buffer.from(header), Buffer.from([0x30, 0x31, 0x2c, 0x8d, 0xe9, 0x0a])]));
    expect(err.message).toMatch(/not UTF-8 text, and byte \d+ \(0x8d\) has no meaning in Windows-1252 either; save the statement as CSV UTF-8/);
  });
});

describe('CSV as banks really write it', () => {
  const rowsTable = [
    ['01/04/2024', 'UPI/DR/4102/SHOP, BANGALORE', '250.00', '', '9,750.00'],
    ['02/04/2024', 'NEFT CR-ACME PAYROLL', '', '1,00,000.00', '1,09,750.00'],
  ];
  const expectedRows = [
    { date: '2024-04-01', particulars: 'UPI/DR/4102/SHOP, BANGALORE', inflow: 0n, outflow: 250000n, balance: 9750000n },
    { date: '2024-04-02', particulars: 'NEFT CR-ACME PAYROLL', inflow: 100000000n, outflow: 0n, balance: 109750000n },
  ];
  const headerCells = ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];

  it.each([
    ['~', 'statement.txt'],
    ['\t', 'statement.tsv'],
    [';', 'statement.csv'],
    ['|', 'statement.txt'],
  ])('reads %j-delimited files (%s) without quoting the narration`s comma', async (delimiter, fileName) => {
    const text = [['Account No : 50100012345678'], headerCells, ...rowsTable].map((cells) => cells.join(delimiter)).join('\r\n');
    const parsed = await readCsv(text, fileName);
    expect(parsed.metadata).toEqual({ acc_no: '50100012345678', header: headerCells });
    expect(rowsOf(parsed)).toEqual(expectedRows);
    expect(parsed.warnings).toEqual([]);
  });

  it('repairs narrations with unquoted commas, keeping the comma as written', async () => {
    const csv = [
      'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '01/04/2024,UPI/DR/4102/SHOP, BANGALORE,250.00,,9750.00',
      '02/04/2024,NEFT,ACME,PUNE,,100.00,9850.00',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(parsed.rows.map((r) => [r.particulars, r.position])).toEqual([
      ['UPI/DR/4102/SHOP, BANGALORE', 'line 2'],
      ['NEFT,ACME,PUNE', 'line 3'],
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads a header-less file with the header it inferred, and the preamble before the rows', async () => {
    const csv = [
      'Statement for A/C No. 123456789012',
      '02/06/2021,UPI-GROCER,500.00,,"10,250.00"',
      '03/06/2021,NEFT-REFUND,,250.00,"10,500.00"',
      '04/06/2021,ATM WDL,"1,000.00",,"9,500.00"',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(parsed.metadata).toEqual({ acc_no: '123456789012', header: ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'] });
    expect(parsed.rows.map((r) => [r.position, r.outflow, r.inflow, r.balance])).toEqual([
      ['line 2', 500000n, 0n, 10250000n],
      ['line 3', 0n, 250000n, 10500000n],
      ['line 4', 1000000n, 0n, 9500000n],
    ]);
  });

  it('repairs the first row of a header-less file when its narration has an unquoted comma', async () => {
    const csv = ['02/06/2021,UPI-SHOP, BLR,500.00,,10250.00', '03/06/2021,NEFT,,250.00,10500.00', '04/06/2021,ATM,1000.00,,9500.00'].join('\n');
    const parsed = await readCsv(csv);
    expect(parsed.rows.map((r) => [r.position, r.particulars, r.outflow])).toEqual([
      ['line 1', 'UPI-SHOP, BLR', 500000n],
      ['line 2', 'NEFT', 0n],
      ['line 3', 'ATM', 1000000n],
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('reads decimal commas and takes a summary block under the rows as printed figures', async () => {
    const csv = [
      'Booking date;Description;Debit;Credit;Balance',
      '01.10.2026;Rent, October;-1.250,00;;1.750,00',
      '02.10.2026;Salary;;3.412,66;5.162,66',
      'Opening balance;Total debits;Total credits;Closing balance',
      '3.000,00;1.250,00;3.412,66;5.162,66',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(rowsOf(parsed)).toEqual([
      { date: '2026-10-01', particulars: 'Rent, October', inflow: 0n, outflow: 1250000n, balance: 1750000n },
      { date: '2026-10-02', particulars: 'Salary', inflow: 3412660n, outflow: 0n, balance: 5162660n },
    ]);
    expect(parsed.printed).toEqual({ opening_balance: 3000000n, total_outflow: 1250000n, total_inflow: 3412660n, closing_balance: 5162660n });
    expect(parsed.warnings).toEqual([]);
    expect(parsed.integrity).toMatchObject({ ok: true, balance_chain: 'ok', opening_balance: { ok: true }, closing_balance: { ok: true } });
  });

  it.each([
    ['UTF-16LE with a BOM', (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])],
    ['UTF-16BE with a BOM', (t: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()])],
    ['UTF-8 with a BOM', (t: string) => Buffer.from(`\uFEFF${t}`)],
  ])('reads %s', async (_encoding, encode) => {
    const text = [headerCells, ['01/04/2024', 'UPI/Café Niloufer/₹ रिफंड', '', '10.00', '10.00']].map((c) => c.join('\t')).join('\r\n');
    const parsed = await readCsv(encode(text), 'statement.txt');
    expect(parsed.rows.map((r) => r.particulars)).toEqual(['UPI/Café Niloufer/₹ रिफंड']);
  });

  it('reads Windows-1252, including the bytes where it differs from ISO-8859-1', async () => {
    const latin = (s: string) => [...s].map((c) => c.charCodeAt(0));
    const bytes = [
      ...latin('Date,Narration,Debit\r\n01/04/2024,POS CAF'),
      0xc9,
      ...latin(' '),
      0x93,
      ...latin('LE PAIN'),
      0x94,
      ...latin(' '),
      0x96,
      ...latin(' '),
      0x80,
      ...latin('4,4.00\r\n'),
    ];
    const parsed = await readCsv(Buffer.from(bytes));
    expect(parsed.rows.map((r) => [r.particulars, r.outflow])).toEqual([['POS CAFÉ “LE PAIN” – €4', 4000n]]);
  });

  it('reads a UTF-8 file with one stray byte as UTF-8, and reports the line of the damage', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Date,Narration,Debit\n01/04/2024,UPI ₹ REFUND ₹,10\n02/04/2024,POS CAF'),
      Buffer.from([0xc9]),
      Buffer.from(',5\n'),
    ]);
    const parsed = await readCsv(bytes);
    expect(parsed.rows.map((r) => r.particulars)).toEqual(['UPI ₹ REFUND ₹', 'POS CAF\uFFFD']);
    expect(parsed.warnings).toEqual([{ position: 'line 3', reason: expect.stringMatching(/^the file is UTF-8 but has bytes that are not/), text: '' }]);
  });

  it('reads a 1,234.50 split in two when the running balance says which field it is', async () => {
    const csv = [
      'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '01/04/2024,SALARY,,"10,000.00","10,000.00"',
      '02/04/2024,IMPS RENT,1,234.50,,"8,765.50"',
    ].join('\n');
    expect(rowsOf(await readCsv(csv))[1]).toEqual({ date: '2024-04-02', particulars: 'IMPS RENT', inflow: 0n, outflow: 1234500n, balance: 8765500n });
  });

  it('returns a ReaderOutput from readCsvStatement directly', async () => {
    const out = await readCsvStatement(Buffer.from('Date,Narration,Debit\n01/04/2024,x,1\n'));
    expect(Object.keys(out).sort()).toEqual(['metadata', 'printed', 'rows', 'warnings']);
  });
});

describe('issue 31: European exports without a header, and the account number in a column of every row', () => {
  it('reads a headerless `;` file with decimal commas whose narration ends in a date or a rate (`ab 01.04.13`)', async () => {
    // Invented rows in the layout of an Austrian export: booking date, narration, value date, amount, currency, timestamp.
    const csv = [
      '28.06.2030;"0,125 % p.a. Zinsen ab 01.04.30";01.07.2030;0,58;EUR;28.06.2030 00:00:30:989;',
      '28.06.2030;"Steuer";01.07.2030;-0,15;EUR;28.06.2030 00:00:31:010;',
      '01.07.2030;"Lastschrift  Auftraggeber:  Sample GmbH";01.07.2030;-1.100,16;EUR;01.07.2030 02:44:57:445;',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(rowsOf(parsed).map((r) => [r.date, r.inflow, r.outflow])).toEqual([
      ['2030-06-28', 580n, 0n],
      ['2030-06-28', 0n, 150n],
      ['2030-07-01', 0n, 1100160n],
    ]);
    expect(parsed.metadata.acc_no).toBeNull();
  });

  it('takes the IBAN a headerless file prints in a column of every row as the account number', async () => {
    const csv = [
      'AT001111222233334444;Zinsen HABEN    BG/000000002;01.01.2030;31.12.2029;+1,23;EUR',
      'AT001111222233334444;Abbuchung    OG/000000004 Sample Shop;08.01.2030;08.01.2030;-32,00;EUR',
      'AT001111222233334444;Gutschrift    VD/000000009 A Person;28.02.2030;28.02.2030;+12,10;EUR',
    ].join('\r\n');
    const parsed = await readCsv(csv);
    expect(parsed.metadata.acc_no).toBe('AT001111222233334444');
    expect(rowsOf(parsed).map((r) => [r.date, r.inflow, r.outflow])).toEqual([
      ['2030-01-01', 1230n, 0n],
      ['2030-01-08', 0n, 32000n],
      ['2030-02-28', 12100n, 0n],
    ]);
    // One row: every column is the same on every row, so no column is taken for the account.
    expect((await readCsv(csv.split('\r\n')[1]!)).metadata.acc_no).toBeNull();
  });

  it.each([
    ['Kontonummer;Buchungstag;Buchungstext;Betrag;Währung', '1234567890;10.10.2030;Sample Lastschrift;-98,76;EUR', '1234567890'],
    ['Produit;Monn.;Date de valeur;Description;Débit;Crédit;Solde', "0123 45678901.23A;CHF;31.03.2030;Frais;10.00;;11'373.94", '0123 45678901.23A'],
    ['Numero carta;Data operazione;Descrizione;Importo', '0000 **** **** 0000;31/12/2030;Sample shop;-50', '0000 **** **** 0000'],
  ])('reads the account number from a %s column', async (header, row, accNo) => {
    const parsed = await readCsv(`${header}\n${row}\n`);
    expect(parsed.metadata.acc_no).toBe(accNo);
    expect(parsed.rows).toHaveLength(1);
  });
});

describe('issue 31: type words, transaction dates and day order in card and e-money exports', () => {
  it('takes the started date, and the balance over a type word (`CARD_PAYMENT` is spending)', async () => {
    // Invented rows in a Revolut-like layout: Type, Started Date, Completed Date, signed Amount, Balance.
    const csv = [
      'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance',
      'TRANSFER,Current,2030-09-05 11:32:41,2030-09-05 11:32:41,transfer,-250,0,EUR,COMPLETED,165.52',
      'CARD_PAYMENT,Current,2030-09-03 18:13:48,2030-09-05 18:22:20,sample shop,-9.5,0,EUR,COMPLETED,156.02',
      'TOPUP,Current,2030-09-06 14:17:31,2030-09-06 14:17:33,Top-Up,500,0,EUR,COMPLETED,656.02',
      'CARD_PAYMENT,Current,2030-09-05 13:57:46,2030-09-07 7:16:43,food,-14.14,0,EUR,COMPLETED,641.88',
    ].join('\r\n');
    expect(rowsOf(await readCsv(csv)).map((r) => [r.date, r.inflow, r.outflow, r.balance])).toEqual([
      ['2030-09-05', 0n, 250000n, 165520n],
      ['2030-09-03', 0n, 9500n, 156020n],
      ['2030-09-06', 500000n, 0n, 656020n],
      ['2030-09-05', 0n, 14140n, 641880n],
    ]);
  });

  it('reads `CARD_PAYMENT` as spending where no balance decides', async () => {
    const csv = ['Date,Type,Description,Amount', '2030-09-03,CARD_PAYMENT,sample shop,9.50', '2030-09-04,CARD_PAYMENT,food,4.85'].join('\n');
    expect(rowsOf(await readCsv(csv)).map((r) => [r.inflow, r.outflow])).toEqual([
      [0n, 9500n],
      [0n, 4850n],
    ]);
  });

  it('reads ambiguous dates month first when that keeps an unsorted export within days, not months', async () => {
    // Listed by posting, not purchase: 10/9, 10/8, 10/9, 10/7 are October days; day first they would run July to September.
    const csv = [
      'Transaction Date,Post Date,Description,Category,Type,Amount,Memo',
      '10/9/2030,10/10/2030,SAMPLE MARKET,Shopping,Sale,-24.75,',
      '10/8/2030,10/10/2030,SAMPLE SERVICES,Bills,Sale,-123.00,',
      '10/9/2030,10/10/2030,SAMPLE TACOS,Food,Sale,-13.61,',
      '10/7/2030,10/9/2030,SAMPLE CAFE,Food,Sale,-19.43,',
    ].join('\n');
    expect(rowsOf(await readCsv(csv)).map((r) => r.date)).toEqual(['2030-10-09', '2030-10-08', '2030-10-09', '2030-10-07']);
    // The same days read day first stay day first: 9/10 ... 7/10 span days that way and months the other.
    const dayFirst = csv.replace(/(\d+)\/(\d+)\/2030/g, '$2/$1/2030');
    expect(rowsOf(await readCsv(dayFirst)).map((r) => r.date)).toEqual(['2030-10-09', '2030-10-08', '2030-10-09', '2030-10-07']);
  });
});

describe('issue 31 class J: a dated opening-balance line is the opening balance, not a deposit', () => {
  it('reads `Beginning balance as of <date>` with its figure in the amount column as the opening balance', async () => {
    // Invented, in a US bank export's layout: a summary block whose labels carry dates and no figures, then the rows.
    const csv = [
      'Description,,Summary Amt.,',
      'Beginning balance as of 03/01/2030,,,',
      'Ending balance as of 03/31/2030,,,',
      ',,,',
      'Date,Description,Amount,Running Bal.',
      '3/1/2030,Beginning balance as of 03/01/2030,"1,000.00",',
      '3/4/2030,SAMPLE WATER Bill Payment,-25.00,',
      '3/15/2030,SAMPLE SHOP,-10.00,',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(rowsOf(parsed).map((r) => [r.date, r.inflow, r.outflow])).toEqual([
      ['2030-03-04', 0n, 25000n],
      ['2030-03-15', 0n, 10000n],
    ]);
    // The dates in the labels are not figures (03/01 is no 3.00).
    expect(parsed.printed).toMatchObject({ opening_balance: 1000000n });
    expect(parsed.printed.closing_balance ?? null).toBeNull();
    expect(parsed.integrity.ok).toBe(true);
  });

  it.each(['OPENING BALANCE ...', 'Opening balance:', 'Saldo inicial'])('reads a dated `%s` line with its figure as the opening balance', async (label) => {
    const csv = ['Date,Narration,Withdrawal,Deposit,Balance', `01/03/2030,${label},,"1,000.00","1,000.00"`, '02/03/2030,SAMPLE LOAN,250.00,,750.00'].join('\n');
    const parsed = await readCsv(csv);
    expect(rowsOf(parsed).map((r) => [r.date, r.inflow, r.outflow, r.balance])).toEqual([['2030-03-02', 0n, 250000n, 750000n]]);
    expect(parsed.printed.opening_balance).toBe(1000000n);
  });
});

describe('issue 31: snake_case and e-wallet exports', () => {
  it('reads a `date,desc,amount,balance` export, even sampled rows whose balances do not chain', async () => {
    const csv = [
      'date,class,subcategory,desc,notes,image,amount,balance',
      '24/03/2030,Shopping,Other,Sample refund,,No,2.83,1719.90',
      '31/12/2030,Shopping,Other,Sample return,,No,1.37,318.88',
      '14/05/2030,Food,Bar,Sample bar,,No,-17.60,1852.43',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(rowsOf(parsed).map((r) => [r.date, r.particulars, r.inflow, r.outflow])).toEqual([
      ['2030-03-24', 'Sample refund', 2830n, 0n],
      ['2030-12-31', 'Sample return', 1370n, 0n],
      ['2030-05-14', 'Sample bar', 0n, 17600n],
    ]);
    // The file's own balances do not add up: that is for a person to see, not a reason to drop rows.
    expect(parsed.integrity.balance_chain).toBe('broken');
  });

  it('reads a wallet export: the printed sign over the type word, and Beginning/Ending Balance columns as the printed balances', async () => {
    // Invented rows in a Venmo-like layout: `Charge` is + when you charge a friend and - when they charge you.
    const csv = [
      'Username,ID,Datetime,Type,Status,Note,From,To,Amount (total),Amount (fee),Funding Source,Destination,Beginning Balance,Ending Balance',
      'sample_user,,,,,,,,,,,,"$10",',
      ',1,2030-01-01T13:00:00,Charge,Complete,dinner share,Me,Friend A,+ $73.01,,,Wallet balance,,',
      ',2,2030-01-03T20:00:00,Payment,Complete,rent share,Me,Friend A,- $12.01,,Wallet balance,,,',
      ',3,2030-01-04T04:00:00,Charge,Complete,tickets,Friend B,Me,- $35.02,,Wallet balance,,,',
      ',,,,,,,,,,,,,"$35.98"',
    ].join('\n');
    const parsed = await readCsv(csv);
    expect(rowsOf(parsed).map((r) => [r.date, r.particulars, r.inflow, r.outflow])).toEqual([
      ['2030-01-01', 'dinner share', 73010n, 0n],
      ['2030-01-03', 'rent share', 0n, 12010n],
      ['2030-01-04', 'tickets', 0n, 35020n],
    ]);
    expect(parsed.printed).toMatchObject({ opening_balance: 10000n, closing_balance: 35980n });
    expect(parsed.integrity.ok).toBe(true);
  });
});

describe('the CSV fixture corpus', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const parsed = await readStatementFile({ buffer: await fixture.build(), fileName: fixture.fileName, password: fixture.password });
    expect(parsed.fileType).toBe(fixture.expected.fileType);
    expect(parsed.metadata.acc_no).toBe(fixture.expected.accNo);
    const rows = parsed.rows.map((r) => ({
      date: r.date,
      particulars: r.particulars,
      inflow: Number(r.inflow),
      outflow: Number(r.outflow),
      balance: r.balance === null ? null : Number(r.balance),
    }));
    expect(rows).toEqual(fixture.expected.rows);
    expect(parsed.warnings.length).toBeGreaterThanOrEqual(fixture.expected.minWarnings ?? 0);
    const chain = fixture.expected.balanceChain ?? (fixture.expected.rows.some((r) => r.balance !== null) ? 'ok' : 'not_checked');
    expect(parsed.integrity.balance_chain).toBe(chain);
  });

  it('reads the summary blocks of the Kotak and SBI fixtures as printed figures that agree with the rows', async () => {
    for (const name of ['kotak-csv-unquoted-commas', 'sbi-csv-summary-and-disclaimer']) {
      const fixture = FIXTURES.find((f) => f.name === name)!;
      const parsed = await readStatementFile({ buffer: await fixture.build(), fileName: fixture.fileName });
      expect(Object.keys(parsed.printed).sort()).toEqual(['closing_balance', 'opening_balance', 'total_inflow', 'total_outflow']);
      expect(parsed.integrity).toMatchObject({
        ok: true,
        opening_balance: { ok: true },
        closing_balance: { ok: true },
        total_inflow: { ok: true },
        total_outflow: { ok: true },
      });
      // The summary block and the disclaimer are not rows and not skipped transactions.
      expect(parsed.warnings).toEqual([]);
    }
  });

  it('reads Anfangssaldo and Endsaldo under the Volksbank rows as the printed balances, not as rows', async () => {
    const fixture = FIXTURES.find((f) => f.name === 'de-csv-volksbank-soll-haben-indicator')!;
    const parsed = await readStatementFile({ buffer: await fixture.build(), fileName: fixture.fileName });
    expect(parsed.printed).toEqual({ opening_balance: 1520300n, closing_balance: 2993370n });
    expect(parsed.integrity).toMatchObject({ ok: true, closing_balance: { ok: true } });
    expect(parsed.warnings.map((w) => w.reason)).toEqual(['an opening balance line, not a transaction', 'a closing balance line, not a transaction']);
  });

  it('says which cells it moved when it repairs a row from the balance chain', async () => {
    const fixture = FIXTURES.find((f) => f.name === 'csv-row-one-field-short')!;
    const parsed = await readStatementFile({ buffer: await fixture.build(), fileName: fixture.fileName });
    expect(parsed.warnings).toEqual([
      {
        position: 'line 5',
        reason: expect.stringMatching(/^the amount in the "CHQ.NO." column is read as the withdrawal and the figure in the "column 14" column as the balance/),
        text: '02/02/2030 UPI/SAMPLE/CAFE',
      },
    ]);
    expect(parsed.integrity.ok).toBe(true);
  });

  it('reports the Axis fixture`s split amount at its line, with the line as written', async () => {
    const fixture = FIXTURES.find((f) => f.name === 'axis-csv-windows-1252-split-amount')!;
    const parsed = await readStatementFile({ buffer: await fixture.build(), fileName: fixture.fileName });
    expect(parsed.warnings).toEqual([
      {
        position: 'line 6',
        reason: expect.stringMatching(/^has 8 fields but the header has 7, and the extra fields can be read in 2 ways/),
        text: '01-10-2026,,IMPS/P2A/627412345678/RAHUL MEHTA/HDFC/Loan repay,1,500.00,,"10,750.00",1234',
      },
    ]);
  });
});
