import { readStatementFile, StatementFileError, type ParsedStatement } from '../../src/ingest';
import { hdfcCsv, iciciCsv, sbiCsv, toCsv, type FixtureRow } from './fixtures';

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

async function failure(buffer: Buffer | string, fileName = 'statement.csv'): Promise<StatementFileError> {
  try {
    await readCsv(buffer, fileName);
  } catch (err) {
    if (err instanceof StatementFileError) return err;
    throw err;
  }
  throw new Error('expected the read to fail');
}

describe('CSV statements in the contract layouts', () => {
  it('reads an HDFC-like file: preamble with the account number, decoration row, Indian separators', async () => {
    const parsed = await readCsv(hdfcCsv(rows, { accNo: '50100012345678' }));
    expect(parsed.fileType).toBe('csv');
    expect(parsed.metadata).toEqual({
      acc_no: '50100012345678',
      header: ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
    });
    expect(parsed.rows).toEqual(expected);
  });

  it('reads an ICICI-like file: BOM, CRLF, "(INR )" in the headers, Transaction Date preferred to Value Date', async () => {
    const icici = rows.map((r, i) => ({ ...r, date: ['01-Apr-2024', '02-Apr-2024', '03-Apr-2024'][i]! }));
    const parsed = await readCsv(iciciCsv(icici, { accNo: '0012 3456 7890' }));
    expect(parsed.metadata.acc_no).toBe('0012 3456 7890');
    expect(parsed.metadata.header[0]).toBe('S No.');
    expect(parsed.rows).toEqual(expected);
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
    expect(parsed.rows).toEqual(expected);
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
    const parsed = await readCsv(toCsv([['date', 'PARTICULARS', 'dr', 'cr', 'running balance'], ['2024-04-01', 'x', '5', '', '-5']]));
    expect(parsed.metadata).toEqual({ acc_no: null, header: ['date', 'PARTICULARS', 'dr', 'cr', 'running balance'] });
    expect(parsed.rows).toEqual([{ date: '2024-04-01', particulars: 'x', inflow: 0n, outflow: 5000n, balance: -5000n }]);
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
    const csv = `${line}\n${toCsv([['Date', 'Narration', 'Debit', 'Credit'], ['01/04/2024', 'x', '1', '']])}`;
    expect((await readCsv(csv)).metadata.acc_no).toBe(accNo);
  });

  it('ignores labels that are not account numbers, and values without digits', async () => {
    const csv = `Account Name : ASHA RAO\nAccount Number : ,IFSC\nCustomer ID : 12345678\n${toCsv([['Date', 'Narration', 'Debit', 'Credit'], ['01/04/2024', 'x', '1', '']])}`;
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
    expect((await readCsv(csv)).rows).toEqual([
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
    expect((await readCsv(csv)).rows).toEqual([
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

describe('CSV refusals: PARSE_FAILED naming the line and the reason', () => {
  const header = 'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n';

  it('has no header row', async () => {
    const err = await failure('Bank statement\nAccount No: 1234567890\n01/04/2024,x,1,,2\n');
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/no header row found in the CSV file: expected a header row naming a date column/);
  });

  it('gives up on a header after 200 lines of preamble', async () => {
    const err = await failure(`${'noise\n'.repeat(250)}${header}01/04/2024,x,1,,2\n`);
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/no header row found in the first 200 lines \(up to line 200\)/);
  });

  it('rejects a header with a date and particulars but no amount column', async () => {
    const err = await failure('Date,Narration,Balance\n01/04/2024,x,2\n');
    expect(err.message).toMatch(/no header row found/);
  });

  it.each([
    ['31/02/2024,x,1,,2', /^line 3: date "31\/02\/2024" has day 31, which February 2024 does not have$/],
    ['2024/04/01,x,1,,2', /^line 3: date "2024\/04\/01" is not a date in a known format \(DD\/MM\/YYYY, DD-MM-YYYY/],
    ['01/04/2024,x,1.2345,,2', /^line 3: outflow column "Withdrawal Amt\." "1\.2345" has 4 decimal places; amounts are exact to 3/],
    ['01/04/2024,x,,"1,2345",2', /^line 3: inflow column "Deposit Amt\." "1,2345" has misplaced thousands separators$/],
    ['01/04/2024,x,,,abc', /^line 3: balance column "Closing Balance" "abc" is not an amount/],
    ['01/04/2024,x,,-5,2', /^line 3: inflow column "Deposit Amt\." "-5" is negative; a deposit must be zero or more$/],
    ['01/04/2024,x,5 Cr,,2', /^line 3: outflow column "Withdrawal Amt\." "5 Cr" is marked Cr, the opposite of its column$/],
    ['01/04/2024,x,,,-5 Dr', /^line 3: balance column "Closing Balance" "-5 Dr" has both a sign and a Cr\/Dr marker$/],
    [',x,5,,2', /^line 3: has amounts but no date \(the "Date" column is blank\)$/],
    ['01/04/2024,x,1,234.50,,2', /^line 3: has 6 fields but the header has 5; an amount with thousands separators \(1,234\.50\) must be quoted/],
  ])('%s', async (line, why) => {
    const err = await failure(`${header}01/04/2024,fine,1,,2\n${line}\n`);
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(why);
  });

  it('names the line of a malformed CSV', async () => {
    const err = await failure(`${header}01/04/2024,"unclosed,1,,2\n`);
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/^the CSV cannot be read at line 2: Quote Not Closed/);
  });
});
