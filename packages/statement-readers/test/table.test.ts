import { integrityReport } from '../src/integrity';
import { directionOf, StatementTable, type CellValue } from '../src/table';

/** Feeds lines of cells to a table as a reader would, numbering them from 1, and returns what it read. */
function read(lines: CellValue[][]) {
  const table = new StatementTable((n) => `line ${n}`);
  lines.forEach((cells, i) => table.push(cells, i + 1));
  const out = table.finish('test file');
  return { ...out, integrity: integrityReport(out.rows, out.printed, out.warnings) };
}

const simple = (rows: ReturnType<typeof read>['rows']) =>
  rows.map((r) => [r.date, r.particulars, Number(r.inflow), Number(r.outflow), r.balance === null ? null : Number(r.balance)]);

describe('single amount columns', () => {
  it('reads the direction from a Dr/Cr column', () => {
    const out = read([
      ['Date', 'Description', 'Amount (INR)', 'Dr/Cr', 'Balance'],
      ['01/04/2024', 'UPI/412233445566/SWIGGY', '450.00', 'DR', '9,550.00'],
      ['02/04/2024', 'NEFT-SALARY-ACME', '50,000.00', 'CR', '59,550.00'],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2024-04-01', 'UPI/412233445566/SWIGGY', 0, 450000, 9550000],
      ['2024-04-02', 'NEFT-SALARY-ACME', 50000000, 0, 59550000],
    ]);
    expect(out.integrity.balance_chain).toBe('ok');
  });

  it('reads a Dr/Cr suffix on the amount, "(Dr)" included', () => {
    const out = read([
      ['Date', 'Narration', 'Amount', 'Balance'],
      ['01-04-2024', 'ATM WDL', '2,000.00(Dr)', '8,000.00(Cr)'],
      ['02-04-2024', 'IMPS-REFUND', '500.00 Cr', '8,500.00 Cr'],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2024-04-01', 'ATM WDL', 0, 2000000, 8000000],
      ['2024-04-02', 'IMPS-REFUND', 500000, 0, 8500000],
    ]);
  });

  it('tells debit from credit by the running balance when the amount carries no sign or marker', () => {
    const out = read([
      ['Txn Date', 'Particulars', 'Amount', 'Balance'],
      ['01/04/2024', 'OPENING CHEQUE DEPOSIT', '1,000.00', '11,000.00'],
      ['02/04/2024', 'POS AMAZON', '250.50', '10,749.50'],
      ['03/04/2024', 'INT.PD', '10.25', '10,759.75'],
    ]);
    expect(simple(out.rows).map((r) => [r[2], r[3]])).toEqual([
      [0, 1000000], // the first row has no balance before it: the column's convention (a debit) stands
      [0, 250500],
      [10250, 0],
    ]);
    // The first row's reading is not certain, so it is reported.
    expect(out.warnings.some((w) => /no Dr\/Cr marker/.test(w.reason))).toBe(true);
  });

  it('reads signed amounts and a type column like a US bank export', () => {
    const out = read([
      ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'],
      ['DEBIT', '06/13/2021', 'STARBUCKS STORE 0423 SEATTLE WA', '-5.45', 'DEBIT_CARD', '1,994.55', ''],
      ['CREDIT', '06/02/2021', 'ACME PAYROLL PPD ID: 9111111101', '2,000.00', 'ACH_CREDIT', '2,000.00', ''],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2021-06-13', 'STARBUCKS STORE 0423 SEATTLE WA', 0, 5450, 1994550],
      ['2021-06-02', 'ACME PAYROLL PPD ID: 9111111101', 2000000, 0, 2000000],
    ]);
    expect(out.integrity).toMatchObject({ balance_chain: 'ok', order: 'newest_first' });
  });

  it('reads a card statement where only credits are marked', () => {
    const out = read([
      ['Date', 'Transaction Details', 'Amount (in Rs.)'],
      ['12/05/2024', 'AMAZON PAY INDIA BANGALORE', '1,299.00'],
      ['15/05/2024', 'PAYMENT RECEIVED - THANK YOU', '5,000.00 Cr'],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2024-05-12', 'AMAZON PAY INDIA BANGALORE', 0, 1299000, null],
      ['2024-05-15', 'PAYMENT RECEIVED - THANK YOU', 5000000, 0, null],
    ]);
    expect(out.integrity.balance_chain).toBe('not_checked');
  });

  it('knows the words of type columns', () => {
    expect(['Dr', 'DEBIT', 'ACH_DEBIT', 'D', 'Withdrawal'].map(directionOf)).toEqual(['out', 'out', 'out', 'out', 'out']);
    expect(['Cr', 'CREDIT', 'ACH_CREDIT', 'C', 'Deposit'].map(directionOf)).toEqual(['in', 'in', 'in', 'in', 'in']);
    expect(['ATM', '', 'CHECK_PAID'].map(directionOf)).toEqual([null, null, null]);
  });
});

describe('headers', () => {
  it('finds a header split over two lines and skips it where it repeats', () => {
    const out = read([
      ['Statement of account'],
      ['Account No :', '50100012345678'],
      ['Txn', 'Narration', 'Withdrawal', 'Deposit', 'Closing'],
      ['Date', '', 'Amt.', 'Amt.', 'Balance'],
      ['01/04/24', 'UPI-ZOMATO', '300.00', '', '700.00'],
      ['Txn', 'Narration', 'Withdrawal', 'Deposit', 'Closing'],
      ['Date', '', 'Amt.', 'Amt.', 'Balance'],
      ['02/04/24', 'NEFT CR', '', '1,000.00', '1,700.00'],
    ]);
    expect(out.metadata).toEqual({ acc_no: '50100012345678', header: ['Txn Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'] });
    expect(out.rows).toHaveLength(2);
    expect(out.warnings).toEqual([]);
  });

  it('takes plurals, Debit Amt / Credit Amt, DATE & TIME and Value Dt', () => {
    const out = read([
      ['DATE & TIME', 'Value Dt', 'Transaction Description', 'Chq/Ref No', 'Withdrawals', 'Deposits', 'Balance'],
      ['02 Jun 2021 10:42', '02 Jun 2021', 'UPI/DR/115312345678/RAVI K', '', '1,250.00', '', '3,750.00'],
    ]);
    expect(simple(out.rows)).toEqual([['2021-06-02', 'UPI/DR/115312345678/RAVI K', 0, 1250000, 3750000]]);
  });
});

describe('lines that are not rows', () => {
  it('skips opening, B/F, C/F and total lines with warnings and keeps their figures to check the rows against', () => {
    const out = read([
      ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'],
      ['', 'Opening Balance', '', '', '10,000.00'],
      ['01/04/2024', 'ATM CASH', '1,000.00', '', '9,000.00'],
      ['', 'C/F', '', '', '9,000.00'],
      ['Page 1 of 2'],
      ['', 'B/F', '', '', '9,000.00'],
      ['02/04/2024', 'SALARY', '', '5,000.00', '14,000.00'],
      ['', 'Total', '1,000.00', '5,000.00', ''],
      ['', 'Closing Balance', '', '', '14,000.00'],
    ]);
    expect(out.rows).toHaveLength(2);
    expect(out.printed).toEqual({ opening_balance: 10000000n, closing_balance: 14000000n, total_inflow: 5000000n, total_outflow: 1000000n });
    expect(out.integrity).toMatchObject({
      ok: true,
      balance_chain: 'ok',
      opening_balance: { printed: 10000000, computed: 10000000, ok: true },
      closing_balance: { printed: 14000000, computed: 14000000, ok: true },
      total_inflow: { ok: true },
      total_outflow: { ok: true },
    });
    expect(out.warnings.map((w) => w.position)).toEqual(['line 2', 'line 4', 'line 6', 'line 8', 'line 9']);
  });

  it('never fails a file for one unreadable line: it is skipped and reported with its position and reason', () => {
    const out = read([
      ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'],
      ['01/04/2024', 'ATM CASH', '1,000.00', '', '9,000.00'],
      ['', 'CHARGES REVERSAL', '12.00', '', ''],
      ['31/02/2024', 'IMPOSSIBLE DATE', '1.00', '', ''],
      ['03/04/2024', 'BAD AMOUNT', '1,00,0.0.0', '', ''],
      ['04/04/2024', 'UPI-OK', '', '100.00', '9,100.00'],
    ]);
    expect(out.rows.map((r) => r.particulars)).toEqual(['ATM CASH', 'UPI-OK']);
    expect(out.warnings.map((w) => [w.position, w.reason.slice(0, 22)])).toEqual([
      ['line 3', 'has amounts but no dat'],
      ['line 4', 'date "31/02/2024" has '],
      ['line 5', 'outflow column "Debit"'],
    ]);
  });

  it('joins wrapped narrations, amounts printed on the next line and dates split over two lines', () => {
    const out = read([
      ['Tran Date', 'Particulars', 'Debit', 'Credit', 'Balance'],
      ['2 Jun', 'UPI/P2M/115322334455/', '', '', ''],
      ['2021', 'BIGBASKET/Payment', '', '', ''],
      ['', 'from Phone', '499.00', '', '9,501.00'],
      ['03-06-2021', 'NEFT-HDFC0000001-', '', '2,000.00', '11,501.00'],
      ['', 'ACME SERVICES PVT LTD', '', '', ''],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2021-06-02', 'UPI/P2M/115322334455/ BIGBASKET/Payment from Phone', 0, 499000, 9501000],
      ['2021-06-03', 'NEFT-HDFC0000001- ACME SERVICES PVT LTD', 2000000, 0, 11501000],
    ]);
  });

  it('reads the date at the start of a cell that narration spilled into', () => {
    const out = read([
      ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
      ['05/06/2021 UPI/DR/1153', 'SHOP', '10.00', '', '90.00'],
    ]);
    expect(simple(out.rows)).toEqual([['2021-06-05', 'UPI/DR/1153 SHOP', 0, 10000, 90000]]);
  });

  it('reads a summary block of labels and values after the table', () => {
    const out = read([
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['01/04/24', 'UPI-1', '100.00', '', '900.00'],
      ['STATEMENT SUMMARY :-'],
      ['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits', 'Closing Bal'],
      ['1,000.00', '1', '0', '100.00', '0.00', '900.00'],
    ]);
    expect(out.printed).toEqual({ opening_balance: 1000000n, total_outflow: 100000n, total_inflow: 0n, closing_balance: 900000n });
    expect(out.integrity.ok).toBe(true);
  });
});

describe('dates decided for the whole column', () => {
  it('reads month-first when one date proves it, for every row', () => {
    const out = read([
      ['Date', 'Description', 'Debit', 'Credit'],
      ['06/02/2021', 'A', '1.00', ''],
      ['06/13/2021', 'B', '1.00', ''],
    ]);
    expect(out.rows.map((r) => r.date)).toEqual(['2021-06-02', '2021-06-13']);
  });

  it('keeps day-first when all dates are ambiguous and in order that way', () => {
    const out = read([
      ['Date', 'Description', 'Debit', 'Credit'],
      ['01/02/2021', 'A', '1.00', ''],
      ['05/02/2021', 'B', '1.00', ''],
      ['09/02/2021', 'C', '1.00', ''],
    ]);
    expect(out.rows.map((r) => r.date)).toEqual(['2021-02-01', '2021-02-05', '2021-02-09']);
  });

  it('reads month-first when only that keeps ambiguous dates in order', () => {
    const out = read([
      ['Date', 'Description', 'Debit', 'Credit'],
      ['01/02/2021', 'A', '1.00', ''],
      ['01/05/2021', 'B', '1.00', ''],
      ['02/01/2021', 'C', '1.00', ''],
    ]);
    expect(out.rows.map((r) => r.date)).toEqual(['2021-01-02', '2021-01-05', '2021-02-01']);
  });

  it('reads 2021/06/02, Jun 02, 2021 and 02-06-21', () => {
    const out = read([
      ['Date', 'Description', 'Debit', 'Credit'],
      ['2021/06/02', 'A', '1.00', ''],
      ['Jun 03, 2021', 'B', '1.00', ''],
      ['04-06-21', 'C', '1.00', ''],
    ]);
    expect(out.rows.map((r) => r.date)).toEqual(['2021-06-02', '2021-06-03', '2021-06-04']);
  });
});

describe('integrity', () => {
  it('names the rows where the balance chain breaks', () => {
    const out = read([
      ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'],
      ['01/04/2024', 'A', '100.00', '', '900.00'],
      ['02/04/2024', 'B', '100.00', '', '700.00'],
      ['03/04/2024', 'C', '', '50.00', '750.00'],
    ]);
    expect(out.integrity).toMatchObject({
      ok: false,
      balance_chain: 'broken',
      break_count: 1,
      breaks: [{ row: 1, position: 'line 3', expected_balance: 800000, balance: 700000 }],
    });
  });

  it('checks printed opening and closing balances against the rows without running balances', () => {
    const rows = [{ date: '2024-04-01' as const, particulars: 'A', inflow: 0n, outflow: 100n, balance: null }];
    expect(integrityReport(rows, { opening_balance: 1000n, closing_balance: 900n }, [])).toMatchObject({
      ok: true,
      balance_chain: 'not_checked',
      closing_balance: { ok: true },
    });
    expect(integrityReport(rows, { opening_balance: 1000n, closing_balance: 800n }, [])).toMatchObject({
      ok: false,
      closing_balance: { printed: 800, computed: 900, ok: false },
    });
  });
});

describe('account numbers', () => {
  it.each([
    ['Account No : 50100012345678', '50100012345678'],
    ['A/c No. 0123 4567 8901', '0123 4567 8901'],
    ['Account Number: XXXXXX1234', 'XXXXXX1234'],
    ['Card No: 4375 XXXX XXXX 1234', '4375 XXXX XXXX 1234'],
    ['Card Number 5241-XXXX-XXXX-9876', '5241-XXXX-XXXX-9876'],
    ['Acct No. ****5678', '****5678'],
  ])('takes the number after "%s"', (line, accNo) => {
    const out = read([[line], ['Date', 'Narration', 'Debit', 'Credit'], ['01/04/2024', 'A', '1.00', '']]);
    expect(out.metadata.acc_no).toBe(accNo);
  });

  it('never takes a phone number or a customer id', () => {
    const out = read([
      ['Customer ID : 88776655'],
      ['Mobile No : 9876543210', 'Phone : 080-22334455'],
      ['Date', 'Narration', 'Debit', 'Credit'],
      ['01/04/2024', 'A', '1.00', ''],
    ]);
    expect(out.metadata.acc_no).toBeNull();
  });
});

describe('issue 18 classes in rows of cells (CSV and spreadsheet readers share the table)', () => {
  it('D: a dated opening-balance line with - placeholders is the opening balance, not a 0/0 row', () => {
    const out = read([
      ['Sl', 'Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['1', '01-03-2030', 'Opening Balance', '-', '-', '1,000.00 Cr'],
      ['2', '01-03-2030', 'UPI/A SAMPLE', '100.00', '-', '900.00 Cr'],
      ['3', '02-03-2030', 'SALARY', '-', '50.00', '950.00 Cr'],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2030-03-01', 'UPI/A SAMPLE', 0, 100_000, 900_000],
      ['2030-03-02', 'SALARY', 50_000, 0, 950_000],
    ]);
    expect(out.printed.opening_balance).toBe(1_000_000n);
    expect(out.integrity.opening_balance.ok).toBe(true);
  });

  it('D: the label spilled into the date cell counts too', () => {
    const out = read([
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01-03-2030 Opening Balance', '', '-', '-', '1,000.00'],
      ['01-03-2030', 'UPI/A SAMPLE', '100.00', '', '900.00'],
    ]);
    expect(simple(out.rows)).toEqual([['2030-03-01', 'UPI/A SAMPLE', 0, 100_000, 900_000]]);
    expect(out.printed.opening_balance).toBe(1_000_000n);
  });

  it('F: a negative withdrawal the balance rises by is an inflow; one it falls by stays a withdrawal; a negative deposit the balance falls by is an outflow', () => {
    const out = read([
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['01/03/30', 'NEFT-SAMPLE PAYMENT', '10,000.00', '', '5,000.00'],
      ['02/03/30', 'REV-NEFT-SAMPLE PAYMENT', '-10,000.00', '', '15,000.00'],
      ['03/03/30', 'ATM CASH', '-1,000.00', '', '14,000.00'],
      ['04/03/30', 'REV-INTEREST', '', '-12.00', '13,988.00'],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2030-03-01', 'NEFT-SAMPLE PAYMENT', 0, 10_000_000, 5_000_000],
      ['2030-03-02', 'REV-NEFT-SAMPLE PAYMENT', 10_000_000, 0, 15_000_000],
      ['2030-03-03', 'ATM CASH', 0, 1_000_000, 14_000_000],
      ['2030-03-04', 'REV-INTEREST', 0, 12_000, 13_988_000],
    ]);
    expect(out.integrity.balance_chain).toBe('ok');
  });

  it('F: newest first, a negative withdrawal is directed by the older row below it', () => {
    const out = read([
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['02/03/30', 'REV-NEFT-SAMPLE PAYMENT', '-10,000.00', '', '15,000.00'],
      ['01/03/30', 'NEFT-SAMPLE PAYMENT', '10,000.00', '', '5,000.00'],
    ]);
    expect(simple(out.rows)[0]).toEqual(['2030-03-02', 'REV-NEFT-SAMPLE PAYMENT', 10_000_000, 0, 15_000_000]);
  });

  it('F: a single amount column signed both ways is read by its printed signs', () => {
    const out = read([
      ['Date', 'Transaction Details', 'Amount'],
      ['01 Mar 2030', 'Paid to A SAMPLE', '- ₹100.00'],
      ['02 Mar 2030', 'Received from B SAMPLE', '+ ₹50.00'],
      ['03 Mar 2030', 'Received from C SAMPLE', '+ ₹70.00'],
    ]);
    expect(simple(out.rows)).toEqual([
      ['2030-03-01', 'Paid to A SAMPLE', 0, 100_000, null],
      ['2030-03-02', 'Received from B SAMPLE', 50_000, 0, null],
      ['2030-03-03', 'Received from C SAMPLE', 70_000, 0, null],
    ]);
  });

  it('E: a row of labels over a row of values, and a currency glued to the account number', () => {
    const labelled = read([
      ['Customer Name', 'Account Number', 'Account Type', 'IFSC'],
      ['A SAMPLE', '000011112222', 'SAVINGS', 'SMPL0000001'],
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01-03-2030', 'UPI/A SAMPLE', '100.00', '', '900.00'],
    ]);
    expect(labelled.metadata.acc_no).toBe('000011112222');
    const glued = read([
      ['', 'Account Number', '', '000011112222(INR)  - A SAMPLE'],
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01-03-2030', 'UPI/A SAMPLE', '100.00', '', '900.00'],
    ]);
    expect(glued.metadata.acc_no).toBe('000011112222');
  });

  it('G: totals printed in whole units are compared after rounding the computed ones', () => {
    const out = read([
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01-03-2030', 'UPI/A SAMPLE', '123,456.78', '', '876,543.22'],
      ['02-03-2030', 'SALARY', '', '1,000.40', '877,543.62'],
      ['Statement Summary'],
      ['Debits', 'Credits'],
      ['123457', '1000'],
    ]);
    expect(out.integrity.total_outflow).toEqual({ printed: 123_457_000, computed: 123_456_780, ok: true });
    expect(out.integrity.total_inflow).toEqual({ printed: 1_000_000, computed: 1_000_400, ok: true });
    const off = read([
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01-03-2030', 'UPI/A SAMPLE', '123,456.78', '', '876,543.22'],
      ['Statement Summary'],
      ['Debits', 'Credits'],
      ['123456', '0'],
    ]);
    expect(off.integrity.total_outflow.ok).toBe(false);
    // A total printed with decimals is the exact figure: `1,000.00` against rows of 1,000.40 disagrees.
    const exact = read([
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01-03-2030', 'UPI/A SAMPLE', '123,456.78', '', '876,543.22'],
      ['02-03-2030', 'SALARY', '', '1,000.40', '877,543.62'],
      ['Statement Summary'],
      ['Debits', 'Credits'],
      ['123,456.78', '1,000.00'],
    ]);
    expect(exact.integrity.total_outflow).toEqual({ printed: 123_456_780, computed: 123_456_780, ok: true });
    expect(exact.integrity.total_inflow).toEqual({ printed: 1_000_000, computed: 1_000_400, ok: false });
  });

  it("dates without a year take the statement date's year, December before a January statement date", () => {
    const out = read([
      ['Statement Date', '05/01/2031'],
      ['Transaction Date', 'Description', 'Amount'],
      ['28/12', 'SAMPLE CAFE', '12.00'],
      ['03/01', 'SAMPLE MART', '30.00'],
    ]);
    expect(simple(out.rows).map((r) => r[0])).toEqual(['2030-12-28', '2031-01-03']);
  });
});
