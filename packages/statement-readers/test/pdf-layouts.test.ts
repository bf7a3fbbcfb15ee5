/**
 * PDF statements in real banks' layouts (test/fixtures/pdf-statements.ts) read through readStatementFile, row
 * for row; and the table model's geometry on hand-placed lines, where each case isolates one decision: where a
 * wrapped narration belongs, a date split over two lines, amounts printed under the narration, text spilling
 * into the date column, page furniture.
 */
import { readStatementFile } from '../src';
import { extractPdfLines, tableFromPdfLines, type PdfTextLine } from '../src/pdf-reader';
import type { ReaderOutput, StatementRow } from '../src/types';
import type { ExpectedRow } from './fixtures/corpus';
import { FIXTURES, largeAxisPdf } from './fixtures/pdf-statements';

const asExpected = (rows: StatementRow[]): ExpectedRow[] =>
  rows.map((row) => ({
    date: row.date,
    particulars: row.particulars,
    inflow: Number(row.inflow),
    outflow: Number(row.outflow),
    balance: row.balance === null ? null : Number(row.balance),
  }));

describe("PDF statements in banks' layouts", () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))(
    '%s',
    async (_name, fixture) => {
      const parsed = await readStatementFile({ buffer: await fixture.build(), fileName: fixture.fileName, password: fixture.password });
      expect(parsed.fileType).toBe(fixture.expected.fileType);
      expect(parsed.metadata.acc_no).toBe(fixture.expected.accNo);
      expect(asExpected(parsed.rows)).toEqual(fixture.expected.rows);
      expect(parsed.warnings.length).toBeGreaterThanOrEqual(fixture.expected.minWarnings ?? 0);
      const chain = fixture.expected.balanceChain ?? (fixture.expected.rows.some((r) => r.balance !== null) ? 'ok' : 'not_checked');
      expect(parsed.integrity.balance_chain).toBe(chain);
    },
    30_000,
  );

  it('reports what is not a transaction: opening/closing and total lines, legends under the table', async () => {
    const axis = FIXTURES.find((f) => f.name === 'axis-pdf-centred-narration')!;
    const parsed = await readStatementFile({ buffer: await axis.build(), fileName: axis.fileName });
    expect(parsed.warnings.map((w) => w.reason)).toEqual([
      'an opening balance line, not a transaction',
      'a total line, not a transaction',
      'a closing balance line, not a transaction',
      'text under the table that belongs to no dated transaction line',
      'text under the table that belongs to no dated transaction line',
    ]);
    expect(parsed.printed).toMatchObject({
      opening_balance: 52_345_670n,
      closing_balance: BigInt(axis.expected.rows[axis.expected.rows.length - 1]!.balance!),
    });
    expect(parsed.integrity.opening_balance.ok).toBe(true);
    expect(parsed.integrity.closing_balance.ok).toBe(true);
  });

  it('rebuilds lines of a rotated page in reading orientation', async () => {
    const rotated = FIXTURES.find((f) => f.name === 'sg-pdf-landscape-rotate-90')!;
    const lines = await extractPdfLines(await rotated.build());
    const header = lines.find((line) => line.items.some((item) => item.text === 'Description'))!;
    expect(header.items.map((item) => item.text)).toEqual(['Date', 'Value Date', 'Description', 'Withdrawal (-)', 'Deposit (+)', 'Balance']);
    // Left to right, top to bottom: x grows along the header, y down the page.
    const xs = header.items.map((item) => item.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(lines[0]!.items[0]!.text).toBe('DBS Bank Ltd');
  });

  // Its time is measured by `pnpm bench:ingest` (upload to completed), not here: a timed test only measures the load.
  it('reads a 50-page, 2,000-row statement with wrapped narrations, every row', async () => {
    const large = largeAxisPdf(2_000);
    const buffer = await large.build();
    const parsed = await readStatementFile({ buffer, fileName: 'large.pdf' });
    const pages = Number(/\/Count (\d+)/.exec(buffer.toString('latin1'))![1]);
    expect(pages).toBeGreaterThanOrEqual(50);
    expect(asExpected(parsed.rows)).toEqual(large.rows);
    expect(parsed.integrity.balance_chain).toBe('ok');
  }, 120_000);
});

// --- geometry on hand-placed lines ---------------------------------------------------------------------------------

/** Columns of the hand-placed statements: Date | Narration | Debit | Credit | Balance, amounts right-aligned. */
const X = { date: 30, narration: 90, debitRight: 360, creditRight: 430, balanceRight: 500 };
const CHAR = 4;

type Spec = { date?: string; narration?: string; debit?: string; credit?: string; balance?: string; raw?: [number, string][] };

/** A page of lines at the given baselines; each spec becomes the items of one printed line. */
function page(number: number, lines: [number, Spec][]): PdfTextLine[] {
  return lines.map(([y, spec], i) => {
    const items: PdfTextLine['items'] = [];
    const left = (x: number, text: string) => items.push({ x, x2: x + text.length * CHAR, text });
    const right = (x2: number, text: string) => items.push({ x: x2 - text.length * CHAR, x2, text });
    if (spec.date) left(X.date, spec.date);
    if (spec.narration) left(X.narration, spec.narration);
    if (spec.debit) right(X.debitRight, spec.debit);
    if (spec.credit) right(X.creditRight, spec.credit);
    if (spec.balance) right(X.balanceRight, spec.balance);
    for (const [x, text] of spec.raw ?? []) left(x, text);
    return { page: number, line: i + 1, y, height: 8, items };
  });
}

const HEADER: Spec = {
  raw: [
    [X.date, 'Date'],
    [X.narration, 'Narration'],
    [330, 'Debit'],
    [398, 'Credit'],
    [464, 'Balance'],
  ],
};

const rowsOf = (parsed: ReaderOutput) =>
  parsed.rows.map((r) => [r.date, r.particulars, Number(r.outflow), Number(r.inflow), r.balance === null ? null : Number(r.balance)]);

describe('rows anchored on dates, from the geometry of the lines', () => {
  it('a date line centred in a three-line narration takes the line above it, with even spacing and no row padding', () => {
    // Nothing in the gaps tells rows apart; the first row's line above its date (under the header) does: a
    // top-aligned reading would orphan it, a centred one places every line.
    const parsed = tableFromPdfLines(
      page(1, [
        [100, HEADER],
        [112, { narration: 'UPI/P2M/412345678901/' }],
        [122, { date: '01/05/2024', narration: 'SWIGGY LIMITED/Payment', debit: '250.00', balance: '9,750.00' }],
        [132, { narration: 'for order/YES BANK' }],
        [142, { narration: 'NEFT/N123240012345678/' }],
        [152, { date: '02/05/2024', narration: 'ACME TECHNOLOGIES PVT', credit: '50,000.00', balance: '59,750.00' }],
        [162, { narration: 'LTD/SALARY' }],
        [172, { narration: 'ATM-CASH/AXIS BANK' }],
        [182, { date: '03/05/2024', narration: 'MG ROAD BANGALORE', debit: '2,000.00', balance: '57,750.00' }],
        [192, { narration: '/S1AW01003' }],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2024-05-01', 'UPI/P2M/412345678901/ SWIGGY LIMITED/Payment for order/YES BANK', 250_000, 0, 9_750_000],
      ['2024-05-02', 'NEFT/N123240012345678/ ACME TECHNOLOGIES PVT LTD/SALARY', 0, 50_000_000, 59_750_000],
      ['2024-05-03', 'ATM-CASH/AXIS BANK MG ROAD BANGALORE /S1AW01003', 2_000_000, 0, 57_750_000],
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('row padding decides where a row ends: a two-line narration with the date line half a line between', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, HEADER],
        [114, { narration: 'IMPS/P2A/412398765432/' }],
        [119, { date: '01/05/2024', debit: '1,000.00', balance: '9,000.00' }],
        [124, { narration: 'PRIYA SHARMA/Refund' }],
        [138, { date: '02/05/2024', narration: 'SMS ALERT CHARGES', debit: '15.00', balance: '8,985.00' }],
        [152, { narration: 'POS/AMAZON PAY INDIA' }],
        [157, { date: '03/05/2024', debit: '499.00', balance: '8,486.00' }],
        [162, { narration: 'PRIVA/BANGALORE' }],
      ]),
    );
    expect(rowsOf(parsed).map((r) => r[1])).toEqual([
      'IMPS/P2A/412398765432/ PRIYA SHARMA/Refund',
      'SMS ALERT CHARGES',
      'POS/AMAZON PAY INDIA PRIVA/BANGALORE',
    ]);
  });

  it('top-aligned rows: wrapped lines belong to the date above, also across a page break', () => {
    const parsed = tableFromPdfLines([
      ...page(1, [
        [100, HEADER],
        [112, { date: '01/05/2024', narration: 'UPI-SWIGGY LIMITED-swiggy@icici', debit: '250.00', balance: '9,750.00' }],
        [122, { narration: '-412345678901-PAYMENT FOR ORDER' }],
        [132, { date: '02/05/2024', narration: 'NEFT CR-HDFC0000123-ACME', credit: '50,000.00', balance: '59,750.00' }],
        [142, { narration: 'TECHNOLOGIES PVT LTD-SALARY' }],
        [800, { raw: [[260, 'Page 1 of 2']] }],
      ]),
      ...page(2, [
        [100, HEADER],
        [112, { narration: 'MAY-HDFCN52024051512345678' }],
        [122, { date: '03/05/2024', narration: 'ATW-512345XXXXXX1234', debit: '2,000.00', balance: '57,750.00' }],
        [800, { raw: [[260, 'Page 2 of 2']] }],
      ]),
    ]);
    expect(rowsOf(parsed).map((r) => r[1])).toEqual([
      'UPI-SWIGGY LIMITED-swiggy@icici -412345678901-PAYMENT FOR ORDER',
      'NEFT CR-HDFC0000123-ACME TECHNOLOGIES PVT LTD-SALARY MAY-HDFCN52024051512345678',
      'ATW-512345XXXXXX1234',
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('joins a date split over two lines and amounts printed on the line after the narration', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, HEADER],
        [112, { date: '2 Jun', narration: 'TO TRANSFER-UPI/DR/115312345678/', debit: '120.00', balance: '4,880.00' }],
        [122, { date: '2021', narration: 'SWIGGY/YESB/swiggy@ybl/Payment-' }],
        [132, { date: '3 Jun 2021', narration: 'BY TRANSFER-NEFT*HDFC0000123*' }],
        [142, { narration: 'ACME TECHNOLOG-', credit: '10,000.00', balance: '14,880.00' }],
        [152, { date: '04/06/', narration: 'ATM WDL-ATM CASH 1234', debit: '880.00', balance: '14,000.00' }],
        [162, { date: '2021' }],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2021-06-02', 'TO TRANSFER-UPI/DR/115312345678/ SWIGGY/YESB/swiggy@ybl/Payment-', 120_000, 0, 4_880_000],
      ['2021-06-03', 'BY TRANSFER-NEFT*HDFC0000123* ACME TECHNOLOG-', 0, 10_000_000, 14_880_000],
      ['2021-06-04', 'ATM WDL-ATM CASH 1234', 880_000, 0, 14_000_000],
    ]);
  });

  it('anchors a row on its value date where the transaction date is left blank', () => {
    const VALUE_X = 250;
    const header: Spec = {
      raw: [
        [X.date, 'Txn Date'],
        [X.narration, 'Narration'],
        [VALUE_X, 'Value Date'],
        [330, 'Debit'],
        [464, 'Balance'],
      ],
    };
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [112, { date: '01/05/2024', narration: 'UPI/P2M/412345678901', debit: '100.00', raw: [[VALUE_X, '01/05/2024']], balance: '900.00' }],
        [122, { narration: 'REVERSAL OF CHARGES', debit: '50.00', raw: [[VALUE_X, '30/04/2024']], balance: '850.00' }],
        [132, { narration: 'GST @18% ON CHARGES' }],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2024-05-01', 'UPI/P2M/412345678901', 100_000, 0, 900_000],
      ['2024-04-30', 'REVERSAL OF CHARGES GST @18% ON CHARGES', 50_000, 0, 850_000],
    ]);
  });

  it('moves narration text that spills into the date column to the narration', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, HEADER],
        [112, { date: '01/05/2024', narration: 'UPI/P2A/412345678901', debit: '100.00', balance: '900.00' }],
        [122, { raw: [[40, 'RAMESH KUMAR/Rent May']] }],
        [132, { date: '02/05/2024 ATM', narration: 'CASH MG ROAD', debit: '100.00', balance: '800.00' }],
      ]),
    );
    expect(rowsOf(parsed).map((r) => r[1])).toEqual(['UPI/P2A/412345678901 RAMESH KUMAR/Rent May', 'ATM CASH MG ROAD']);
  });

  it('drops furniture repeated on every page, reports other stray text, and never glues it to a row', () => {
    const letterhead: [number, Spec][] = [
      [30, { raw: [[30, 'AXIS BANK LTD, MG ROAD BRANCH, BANGALORE 560001']] }],
      [40, { raw: [[30, 'Statement of Account']] }],
    ];
    const parsed = tableFromPdfLines([
      ...page(1, [
        ...letterhead,
        [60, { raw: [[30, 'Account No : 912010012345678']] }],
        [100, HEADER],
        [112, { date: '01/05/2024', narration: 'SMS ALERT CHARGES', debit: '15.00', balance: '985.00' }],
        [790, { raw: [[30, 'Registered Office: Trishul, Ahmedabad 380006']] }],
      ]),
      ...page(2, [
        ...letterhead,
        [100, HEADER],
        [112, { date: '02/05/2024', narration: 'ATM-CASH/AXIS BANK', debit: '100.00', balance: '885.00' }],
        [400, { raw: [[90, 'Please check your statement and report discrepancies within 30 days']] }],
        [790, { raw: [[30, 'Registered Office: Trishul, Ahmedabad 380006']] }],
      ]),
    ]);
    expect(parsed.metadata.acc_no).toBe('912010012345678');
    expect(rowsOf(parsed).map((r) => r[1])).toEqual(['SMS ALERT CHARGES', 'ATM-CASH/AXIS BANK']);
    expect(parsed.warnings).toEqual([
      {
        position: 'page 2, line 5',
        reason: 'text under the table that belongs to no dated transaction line',
        text: 'Please check your statement and report discrepancies within 30 days',
      },
    ]);
  });

  it('drops the header repeated on later pages even where it is printed shorter, never gluing it to a row', () => {
    const parsed = tableFromPdfLines([
      ...page(1, [
        [
          100,
          {
            raw: [
              [X.date, 'Txn'],
              [330, 'Debit'],
              [398, 'Credit'],
              [464, 'Balance'],
            ],
          },
        ],
        [
          110,
          {
            raw: [
              [X.date, 'Date'],
              [X.narration, 'Narration'],
              [330, 'Amt.'],
              [398, 'Amt.'],
            ],
          },
        ],
        [122, { date: '01/05/2024', narration: 'UPI-SWIGGY LIMITED', debit: '250.00', balance: '9,750.00' }],
        [132, { narration: '-412345678901-PAYMENT' }],
      ]),
      ...page(2, [
        [100, HEADER],
        [112, { date: '02/05/2024', narration: 'ATW-512345XXXXXX1234', debit: '2,000.00', balance: '7,750.00' }],
      ]),
    ]);
    expect(parsed.metadata.header).toEqual(['Txn Date', 'Narration', 'Debit Amt.', 'Credit Amt.', 'Balance']);
    expect(rowsOf(parsed).map((r) => r[1])).toEqual(['UPI-SWIGGY LIMITED -412345678901-PAYMENT', 'ATW-512345XXXXXX1234']);
    expect(parsed.warnings).toEqual([]);
  });

  it('without a repeated header, a page heading is reported while a narration carried over is kept', () => {
    const parsed = tableFromPdfLines([
      ...page(1, [
        [100, HEADER],
        [112, { date: '01/05/2024', narration: 'NEFT CR-HDFC0000123-ACME', credit: '50,000.00', balance: '59,750.00' }],
        [122, { narration: 'TECHNOLOGIES PVT LTD-SALARY' }],
      ]),
      ...page(2, [
        [40, { raw: [[30, 'Statement of account (continued) for MR RAVI KUMAR SHARMA']] }],
        [100, { narration: 'MAY-HDFCN52024051512345678' }],
        [110, { date: '03/05/2024', narration: 'ATW-512345XXXXXX1234', debit: '2,000.00', balance: '57,750.00' }],
      ]),
    ]);
    expect(rowsOf(parsed).map((r) => r[1])).toEqual([
      'NEFT CR-HDFC0000123-ACME TECHNOLOGIES PVT LTD-SALARY MAY-HDFCN52024051512345678',
      'ATW-512345XXXXXX1234',
    ]);
    expect(parsed.warnings.map((w) => [w.position, w.text])).toEqual([['page 2, line 1', 'Statement of account (continued) for MR RAVI KUMAR SHARMA']]);
  });

  it('keeps a narration line that recurs at the same place on every page inside the table', () => {
    const statementPage = (n: number, ref: string, balance: string) =>
      page(n, [
        [100, HEADER],
        [112, { date: `0${n}/05/2024`, narration: `ACH-DR/${ref}`, debit: '5,000.00', balance }],
        [122, { narration: 'SIP MONTHLY INSTALMENT' }],
        [132, { date: `0${n}/05/2024`, narration: 'SMS ALERT CHARGES', debit: '15.00', balance: balance.replace('5.00', '0.00') }],
      ]);
    const parsed = tableFromPdfLines([...statementPage(1, 'BSE-111', '95,015.00'), ...statementPage(2, 'BSE-222', '90,015.00')]);
    expect(rowsOf(parsed).map((r) => r[1])).toEqual([
      'ACH-DR/BSE-111 SIP MONTHLY INSTALMENT',
      'SMS ALERT CHARGES',
      'ACH-DR/BSE-222 SIP MONTHLY INSTALMENT',
      'SMS ALERT CHARGES',
    ]);
  });

  it('a second set of amounts never joins a row: it is reported, not added', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, HEADER],
        [112, { date: '01/05/2024', narration: 'UPI/P2M/412345678901', debit: '250.00', balance: '9,750.00' }],
        [122, { narration: 'SWIGGY', debit: '250.00', balance: '9,500.00' }],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([['2024-05-01', 'UPI/P2M/412345678901', 250_000, 0, 9_750_000]]);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]!.position).toBe('page 1, line 3');
  });
});
