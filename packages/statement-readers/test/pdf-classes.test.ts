/**
 * The layout classes real statements still broke (issue 18, shared/statements/classes.md), each reproduced on
 * hand-placed lines: invented names and figures, the trait that broke the reader kept. Items are placed with a
 * monospaced estimate (4 pt a character), left- or right-aligned at the x given.
 */
import { integrityReport } from '../src/integrity';
import { tableFromPdfLines, type PdfTextLine } from '../src/pdf-reader';
import type { ReaderOutput } from '../src/types';
import { PAGE_MARKER } from '../src/vocabulary';

const CHAR = 4;
/** [x, text] left-aligned at x; [x, text, 'r'] right-aligned to end at x. */
type Item = [number, string] | [number, string, 'r'];

/** A page's lines, top to bottom as the extraction orders them. */
function page(number: number, lines: [number, Item[]][]): PdfTextLine[] {
  return [...lines]
    .sort((a, b) => a[0] - b[0])
    .map(([y, items], i) => ({
      page: number,
      line: i + 1,
      y,
      height: 8,
      items: items
        .map(([x, text, align]) => (align === 'r' ? { x: x - text.length * CHAR, x2: x, text } : { x, x2: x + text.length * CHAR, text }))
        .sort((a, b) => a.x - b.x),
    }));
}

const rowsOf = (parsed: ReaderOutput) =>
  parsed.rows.map((r) => [r.date, r.particulars, Number(r.outflow), Number(r.inflow), r.balance === null ? null : Number(r.balance)]);

describe('A. values in the right column', () => {
  it('a narration that starts left of its centred header, in the gap after a cheque column, stays narration', () => {
    const header: Item[] = [
      [30, 'Tran Date'],
      [95, 'Chq No'],
      [170, 'Particulars'],
      [340, 'Debit'],
      [400, 'Credit'],
      [460, 'Balance'],
      [520, 'Init.'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01-03-2030'],
            [110, 'SMPL/UPI'],
            [430, '100.00', 'r'],
            [500, '1100.00', 'r'],
            [520, '0001'],
          ],
        ],
        [
          122,
          [
            [30, '02-03-2030'],
            [110, 'CHARGES'],
            [360, '1.18', 'r'],
            [500, '1098.82', 'r'],
            [520, '0001'],
          ],
        ],
        [
          132,
          [
            [30, '03-03-2030'],
            [97, '000123'],
            [110, 'CHQ PAID SAMPLE'],
            [360, '500.00', 'r'],
            [500, '598.82', 'r'],
            [520, '0001'],
          ],
        ],
        [
          142,
          [
            [30, '04-03-2030'],
            [110, 'GST 18%'],
            [360, '0.18', 'r'],
            [500, '598.64', 'r'],
            [520, '0001'],
          ],
        ],
        [
          152,
          [
            [30, '05-03-2030'],
            [110, 'UPI/000111'],
            [360, '8.64', 'r'],
            [500, '590.00', 'r'],
            [520, '0001'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'SMPL/UPI', 0, 100_000, 1_100_000],
      ['2030-03-02', 'CHARGES', 1_180, 0, 1_098_820],
      ['2030-03-03', 'CHQ PAID SAMPLE', 500_000, 0, 598_820],
      ['2030-03-04', 'GST 18%', 180, 0, 598_640],
      ['2030-03-05', 'UPI/000111', 8_640, 0, 590_000],
    ]);
  });

  it('a narration that starts right after the value date column, before its centred header, is narration even when it starts with digits', () => {
    const header: Item[] = [
      [30, 'Txn Date'],
      [80, 'Value Date'],
      [190, 'Description'],
      [360, 'Debit', 'r'],
      [430, 'Credit', 'r'],
      [500, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01/03/2030'],
            [80, '01/03/2030'],
            [124, 'SALARY'],
            [430, '5,000.00', 'r'],
            [500, '6,000.00', 'r'],
          ],
        ],
        [
          122,
          [
            [30, '02/03/2030'],
            [80, '02/03/2030'],
            [124, '1234 ATM WDL'],
            [360, '500.00', 'r'],
            [500, '5,500.00', 'r'],
          ],
        ],
        [
          132,
          [
            [30, '03/03/2030'],
            [80, '03/03/2030'],
            [124, 'UPI/000111/A SAMPLE/PAYMENT'],
            [360, '100.00', 'r'],
            [500, '5,400.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'SALARY', 0, 5_000_000, 6_000_000],
      ['2030-03-02', '1234 ATM WDL', 500_000, 0, 5_500_000],
      ['2030-03-03', 'UPI/000111/A SAMPLE/PAYMENT', 100_000, 0, 5_400_000],
    ]);
  });

  it('a dash under a cheque-number column stays there, never joining the amount beside it', () => {
    const header: Item[] = [
      [30, 'Value Date'],
      [90, 'Transaction Remarks'],
      [300, 'Cheque Number'],
      [440, 'Withdrawal Amount', 'r'],
      [500, 'Deposit Amount', 'r'],
      [570, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01/03/2030'],
            [90, 'NEFT-SAMPLE'],
            [320, '-'],
            [440, '100.00', 'r'],
            [500, '0.00', 'r'],
            [570, '900.00', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '02/03/2030'],
            [90, 'UPI/SAMPLE'],
            [320, '-'],
            [440, '50.00', 'r'],
            [500, '0.00', 'r'],
            [570, '850.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'NEFT-SAMPLE', 100_000, 0, 900_000],
      ['2030-03-02', 'UPI/SAMPLE', 50_000, 0, 850_000],
    ]);
  });

  it("a date printed left of its header, nearer a serial-number column, is the row's date", () => {
    const header: Item[] = [
      [30, 'Sl. No.'],
      [110, 'Date'],
      [160, 'Description'],
      [380, 'Amount', 'r'],
      [400, 'Dr / Cr'],
      [480, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '1'],
            [60, '30/03/2030'],
            [160, 'UPI/A SAMPLE'],
            [380, '1,250.00', 'r'],
            [400, 'DR'],
            [480, '9,000.00', 'r'],
          ],
        ],
        [
          122,
          [
            [30, '2'],
            [60, '31/03/2030'],
            [160, 'NEFT SAMPLE TRADERS'],
            [380, '500.00', 'r'],
            [400, 'CR'],
            [480, '9,500.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-30', 'UPI/A SAMPLE', 1_250_000, 0, 9_000_000],
      ['2030-03-31', 'NEFT SAMPLE TRADERS', 0, 500_000, 9_500_000],
    ]);
  });

  it('one item spanning two columns with a single space inside is split where its parts sit under different columns', () => {
    const header: Item[] = [
      [30, 'Txn Date'],
      [100, 'Description'],
      [300, 'Branch Code'],
      [400, 'Debit', 'r'],
      [470, 'Credit', 'r'],
      [540, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01-Mar-30'],
            [100, 'OPENING DEPOSIT'],
            [300, '00123'],
            [470, '5,000.00', 'r'],
            [540, '5,000.00', 'r'],
          ],
        ],
        [
          122,
          [
            [30, '02-Mar-30 NACH-10-DR-SAMPLE LOAN'],
            [300, '00123'],
            [400, '1,111.10', 'r'],
            [540, '3,888.90', 'r'],
          ],
        ],
        [
          132,
          [
            [30, '03-Mar-30'],
            [100, 'ATM CASH'],
            [400, '00123 1,000.00', 'r'],
            [540, '2,888.90', 'r'],
          ],
        ],
        [
          142,
          [
            [30, '04-Mar-30'],
            [100, 'SMS CHARGES'],
            [300, '00123'],
            [400, '15.00', 'r'],
            [540, '2,873.90', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'OPENING DEPOSIT', 0, 5_000_000, 5_000_000],
      ['2030-03-02', 'NACH-10-DR-SAMPLE LOAN', 1_111_100, 0, 3_888_900],
      ['2030-03-03', 'ATM CASH', 1_000_000, 0, 2_888_900],
      ['2030-03-04', 'SMS CHARGES', 15_000, 0, 2_873_900],
    ]);
  });
});

describe('A. an amount wrapped in its cell', () => {
  it('a digit of an amount wrapped onto the next line completes it', () => {
    const header: Item[] = [
      [30, 'Date'],
      [100, 'Narration'],
      [330, 'Debit', 'r'],
      [400, 'Credit', 'r'],
      [480, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01/03/2030'],
            [100, 'SALARY SAMPLE LTD'],
            [400, '1,00,000.0', 'r'],
            [480, '1,01,000.00', 'r'],
          ],
        ],
        [
          122,
          [
            [100, 'MARCH'],
            [400, '0', 'r'],
          ],
        ],
        [
          134,
          [
            [30, '02/03/2030'],
            [100, 'UPI/A SAMPLE'],
            [330, '1,000.00', 'r'],
            [480, '1,00,000.00', 'r'],
          ],
        ],
        [
          146,
          [
            [30, '03/03/2030'],
            [100, 'NEFT/B SAMPLE'],
            [330, '10,000.0', 'r'],
            [480, '90,000.0', 'r'],
          ],
        ],
        [
          156,
          [
            [330, '0', 'r'],
            [480, '0', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'SALARY SAMPLE LTD MARCH', 0, 100_000_000, 101_000_000],
      ['2030-03-02', 'UPI/A SAMPLE', 1_000_000, 0, 100_000_000],
      ['2030-03-03', 'NEFT/B SAMPLE', 10_000_000, 0, 90_000_000],
    ]);
    expect(parsed.warnings).toEqual([]);
  });
});

describe('B. rows on offset baselines', () => {
  const header: Item[] = [
    [30, 'Sl. No.'],
    [70, 'Date'],
    [130, 'Description'],
    [300, 'Chq / Ref number'],
    [420, 'Amount', 'r'],
    [430, 'Dr / Cr'],
    [510, 'Balance', 'r'],
    [520, 'Dr / Cr'],
  ];
  it('amounts and the first narration line printed a few points above the date line are one row', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          114,
          [
            [130, 'UPI/A SAMPLE'],
            [300, 'UPI-000111'],
            [420, '1,250.00', 'r'],
            [430, 'DR'],
            [510, '9,000.00', 'r'],
            [520, 'CR'],
          ],
        ],
        [
          118.5,
          [
            [30, '1'],
            [70, '31/03/2030'],
          ],
        ],
        [124, [[130, '/000111/payment for goods']]],
        [
          138,
          [
            [130, 'NEFT/SAMPLE TRADERS'],
            [300, 'NEFT-000222'],
            [420, '500.00', 'r'],
            [430, 'CR'],
            [510, '9,500.00', 'r'],
            [520, 'CR'],
          ],
        ],
        [
          142.5,
          [
            [30, '2'],
            [70, '01/04/2030'],
          ],
        ],
        [148, [[130, '/invoice 42']]],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-31', 'UPI/A SAMPLE /000111/payment for goods', 1_250_000, 0, 9_000_000],
      ['2030-04-01', 'NEFT/SAMPLE TRADERS /invoice 42', 0, 500_000, 9_500_000],
    ]);
  });

  it.each([
    ['above', 6],
    ['above', 4.5],
    ['below', -4],
  ])('amount lines %s the date line by %s pt, rows of one line outnumbering wrapped ones, across a page break', (_where, offset) => {
    // The amounts and first narration line sit off the date line (the Kotak sketch: 6 pt above it, with the
    // narration's second line 6 pt below); most rows hold one line.
    const narrations = [
      ['UPI/A SAMPLE', '/000111/payment'],
      ['SMS CHARGES'],
      ['ATM CASH'],
      ['NEFT/SAMPLE TRADERS', '/invoice 42', '/march'],
      ['INTEREST'],
      ['GST'],
      ['IMPS/B SAMPLE', '/rent'],
      ['CASHBACK'],
      ['POS/SAMPLE MART'],
    ];
    let balance = 10_000_00;
    const expected: unknown[][] = [];
    const pages: [number, Item[]][][] = [[[100, header]], [[100, header]]];
    let y = 114;
    narrations.forEach((narration, i) => {
      const p = i < 5 ? 0 : 1;
      if (i === 5) y = 114;
      const minor = 100_00 + i * 1_111;
      const credit = i % 4 === 3;
      balance += credit ? minor : -minor;
      const amount = (minor / 100).toFixed(2);
      const shown = (balance / 100).toFixed(2);
      pages[p]!.push([
        y,
        [
          [130, narration[0]!],
          [420, amount, 'r'],
          [430, credit ? 'CR' : 'DR'],
          [510, shown, 'r'],
          [520, 'CR'],
        ],
      ]);
      pages[p]!.push([
        y + offset,
        [
          [30, String(i + 1)],
          [70, `${String(20 + i)}/03/2030`],
        ],
      ]);
      narration.slice(1).forEach((text, k) => pages[p]!.push([y + 12 * (k + 1), [[130, text]]]));
      expected.push([`2030-03-${20 + i}`, narration.join(' '), credit ? 0 : minor * 10, credit ? minor * 10 : 0, balance * 10]);
      y += 12 * narration.length;
    });
    const parsed = tableFromPdfLines([...page(1, pages[0]!), ...page(2, pages[1]!)]);
    expect(rowsOf(parsed)).toEqual(expected);
    expect(parsed.warnings).toEqual([]);
  });

  it("a withdrawal printed on its own line under the narration never erases the row's balance", () => {
    const hdr: Item[] = [
      [30, 'DATE'],
      [90, 'NARRATION'],
      [260, 'CHQ.NO.'],
      [380, 'WITHDRAWAL(DR)', 'r'],
      [460, 'DEPOSIT(CR)', 'r'],
      [550, 'BALANCE(INR)', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, hdr],
        [
          112,
          [
            [30, '03/03/2030'],
            [90, 'UPI-SAMPLE SHOP'],
            [380, '500.00', 'r'],
            [550, '1,500.00Cr', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '04/03/2030'],
            [90, 'NEFT-SAMPLE-A SAMPLE TRADERS-'],
            [550, '1,000.00Cr', 'r'],
          ],
        ],
        [129, [[380, '500.00', 'r']]],
        [134, [[90, 'SAMPLE BANK']]],
        [
          146,
          [
            [30, '05/03/2030'],
            [90, 'SALARY SAMPLE LTD'],
            [460, '2,000.00', 'r'],
            [550, '3,000.00Cr', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-03', 'UPI-SAMPLE SHOP', 500_000, 0, 1_500_000],
      ['2030-03-04', 'NEFT-SAMPLE-A SAMPLE TRADERS- SAMPLE BANK', 500_000, 0, 1_000_000],
      ['2030-03-05', 'SALARY SAMPLE LTD', 0, 2_000_000, 3_000_000],
    ]);
    expect(integrityReport(parsed.rows, parsed.printed, parsed.warnings).balance_chain).toBe('ok');
  });
});

describe('C. headers', () => {
  it('one amount column whose header spans two lines, (Dr)/(Cr) suffixes, and an undated B/F line first', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [60, [[30, 'Statement of account']]],
        [
          100,
          [
            [30, 'Date'],
            [100, 'Narration'],
            [250, 'Chq/Ref No'],
            [340, 'Withdrawal (Dr)/'],
            [480, 'Balance', 'r'],
          ],
        ],
        [109, [[345, 'Deposit (Cr)']]],
        [
          122,
          [
            [100, 'B/F'],
            [420, '0.00(Cr)', 'r'],
            [500, '1,000.00(Cr)', 'r'],
          ],
        ],
        [
          134,
          [
            [30, '01-03-2030'],
            [100, 'UPI/A SAMPLE'],
            [250, 'UPI-000111'],
            [420, '100.00(Dr)', 'r'],
            [500, '900.00(Cr)', 'r'],
          ],
        ],
        [
          146,
          [
            [30, '02-03-2030'],
            [100, 'IMPS/REFUND'],
            [250, 'IMPS-000222'],
            [420, '50.00(Cr)', 'r'],
            [500, '950.00(Cr)', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'UPI/A SAMPLE', 100_000, 0, 900_000],
      ['2030-03-02', 'IMPS/REFUND', 0, 50_000, 950_000],
    ]);
    expect(parsed.printed.opening_balance).toBe(1_000_000n);
  });

  it('a title line two lines above the header is not merged into it', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [90, [[200, 'Account Statement']]],
        [
          100,
          [
            [30, 'Date'],
            [100, 'Narration'],
            [300, 'Withdrawal', 'r'],
            [380, 'Deposit', 'r'],
            [470, 'Balance', 'r'],
          ],
        ],
        [
          110,
          [
            [270, 'Amount', 'r'],
            [350, 'Amount', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '01-03-2030'],
            [100, 'UPI/A SAMPLE'],
            [300, '100.00', 'r'],
            [470, '900.00', 'r'],
          ],
        ],
        [
          136,
          [
            [30, '02-03-2030'],
            [100, 'SALARY'],
            [380, '1,000.00', 'r'],
            [470, '1,900.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'UPI/A SAMPLE', 100_000, 0, 900_000],
      ['2030-03-02', 'SALARY', 0, 1_000_000, 1_900_000],
    ]);
  });
});

describe('D. a dated opening-balance line', () => {
  it('is the opening balance, not a 0/0 transaction, with dashes for its amounts', () => {
    const header: Item[] = [
      [30, 'Sl'],
      [50, 'Date'],
      [110, 'Description'],
      [330, 'Debit', 'r'],
      [400, 'Credit', 'r'],
      [480, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '1'],
            [50, '01-03-2030'],
            [110, 'Opening Balance'],
            [330, '-', 'r'],
            [400, '-', 'r'],
            [480, '1,000.00 Cr', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '2'],
            [50, '01-03-2030'],
            [110, 'UPI/A SAMPLE'],
            [330, '100.00', 'r'],
            [400, '-', 'r'],
            [480, '900.00 Cr', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([['2030-03-01', 'UPI/A SAMPLE', 100_000, 0, 900_000]]);
    expect(parsed.printed.opening_balance).toBe(1_000_000n);
  });
});

describe('F. signed amounts', () => {
  it('a minus in the withdrawal column while the balance rises is an inflow (a reversal)', () => {
    const header: Item[] = [
      [30, 'Date'],
      [100, 'Narration'],
      [330, 'Withdrawal Amt.', 'r'],
      [410, 'Deposit Amt.', 'r'],
      [490, 'Closing Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01/03/30'],
            [100, 'NEFT-SAMPLE PAYMENT'],
            [330, '10,000.00', 'r'],
            [490, '5,000.00', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '02/03/30'],
            [100, 'REV-NEFT-SAMPLE PAYMENT'],
            [330, '-10,000.00', 'r'],
            [490, '15,000.00', 'r'],
          ],
        ],
        [
          136,
          [
            [30, '03/03/30'],
            [100, 'ATM CASH'],
            [330, '-1,000.00', 'r'],
            [490, '14,000.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'NEFT-SAMPLE PAYMENT', 10_000_000, 0, 5_000_000],
      ['2030-03-02', 'REV-NEFT-SAMPLE PAYMENT', 0, 10_000_000, 15_000_000],
      ['2030-03-03', 'ATM CASH', 1_000_000, 0, 14_000_000],
    ]);
  });

  it('one amount column signed both ways: the printed sign decides, whichever sign is more frequent', () => {
    const header: Item[] = [
      [30, 'Date'],
      [100, 'Transaction Details'],
      [400, 'Amount', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, '01 Mar 2030'],
            [100, 'Paid to A SAMPLE'],
            [400, '- ₹100.00', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '02 Mar 2030'],
            [100, 'Received from B SAMPLE'],
            [400, '+ ₹50.00', 'r'],
          ],
        ],
        [
          136,
          [
            [30, '03 Mar 2030'],
            [100, 'Received from C SAMPLE'],
            [400, '+ ₹70.00', 'r'],
          ],
        ],
        [
          148,
          [
            [30, '04 Mar 2030'],
            [100, 'Cashback'],
            [400, '+ ₹5.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'Paid to A SAMPLE', 100_000, 0, null],
      ['2030-03-02', 'Received from B SAMPLE', 0, 50_000, null],
      ['2030-03-03', 'Received from C SAMPLE', 0, 70_000, null],
      ['2030-03-04', 'Cashback', 0, 5_000, null],
    ]);
  });
});

describe('G. rounded printed totals', () => {
  it('whole-unit totals are compared with the computed totals rounded to whole units', () => {
    const header: Item[] = [
      [30, 'Date'],
      [100, 'Description'],
      [330, 'Debit', 'r'],
      [400, 'Credit', 'r'],
      [480, 'Balance', 'r'],
    ];
    const parsed = tableFromPdfLines(
      page(1, [
        [60, [[30, 'Account No : 000011112222']]],
        [100, header],
        [
          112,
          [
            [30, '01/03/2030'],
            [100, 'UPI/A SAMPLE'],
            [330, '123,456.78', 'r'],
            [480, '876,543.22', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '02/03/2030'],
            [100, 'SALARY'],
            [400, '1,000.40', 'r'],
            [480, '877,543.62', 'r'],
          ],
        ],
        [140, [[30, 'Statement Summary']]],
        [
          152,
          [
            [30, 'Opening Balance'],
            [130, 'Debits'],
            [230, 'Credits'],
            [330, 'Closing Balance'],
          ],
        ],
        [
          164,
          [
            [30, '1000000'],
            [130, '123457'],
            [230, '1000'],
            [330, '877544'],
          ],
        ],
      ]),
    );
    const report = integrityReport(parsed.rows, parsed.printed, parsed.warnings);
    expect(parsed.printed).toMatchObject({
      total_outflow: 123_457_000n,
      total_inflow: 1_000_000n,
      opening_balance: 1_000_000_000n,
      closing_balance: 877_544_000n,
    });
    expect(report.total_outflow.ok).toBe(true);
    expect(report.total_inflow.ok).toBe(true);
    expect(report.opening_balance.ok).toBe(true);
    expect(report.closing_balance.ok).toBe(true);
    expect(report.ok).toBe(true);
  });
});

describe('E. printed account numbers', () => {
  const body: [number, Item[]][] = [
    [
      100,
      [
        [30, 'Date'],
        [100, 'Description'],
        [330, 'Debit', 'r'],
        [400, 'Credit', 'r'],
        [480, 'Balance', 'r'],
      ],
    ],
    [
      112,
      [
        [30, '01/03/2030'],
        [100, 'UPI/A SAMPLE'],
        [330, '100.00', 'r'],
        [480, '900.00', 'r'],
      ],
    ],
  ];
  it('an account number glued to its currency', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [
          60,
          [
            [30, 'Account Number'],
            [120, '000011112222(INR) - A SAMPLE'],
          ],
        ],
        ...body,
      ]),
    );
    expect(parsed.metadata.acc_no).toBe('000011112222');
  });

  it('a row of labels over a row of values, paired by column', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [
          50,
          [
            [30, 'CUSTOMER NAME'],
            [150, 'ACCOUNT NUMBER'],
            [260, 'ACCOUNT TYPE'],
            [360, 'IFSC'],
          ],
        ],
        [
          60,
          [
            [30, 'A SAMPLE'],
            [150, '000011112222'],
            [260, 'SAVINGS'],
            [360, 'SMPL0000001'],
          ],
        ],
        ...body,
      ]),
    );
    expect(parsed.metadata.acc_no).toBe('000011112222');
  });
});

describe('North American card statements: dates without a year', () => {
  const header: Item[] = [
    [30, 'Trans Date'],
    [90, 'Post Date'],
    [150, 'Description'],
    [480, 'Amount', 'r'],
  ];
  it('MM/DD dates that either order could read take the order under which they fall in the printed period', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [40, [[30, 'SAMPLE CARD SERVICES']]],
        [50, [[300, 'Jul 05, 2023 - Aug 04, 2023']]],
        [100, header],
        [
          112,
          [
            [30, '07/06'],
            [90, '07/07'],
            [150, 'SAMPLE GROCERY SPRINGFIELD IL'],
            [480, '$45.10', 'r'],
          ],
        ],
        [
          124,
          [
            [30, '07/09'],
            [90, '07/10'],
            [150, 'PAYMENT - THANK YOU'],
            [480, '- $300.00', 'r'],
          ],
        ],
        [
          136,
          [
            [30, '08/01'],
            [90, '08/02'],
            [150, 'SAMPLE FUEL 123'],
            [480, '$38.00', 'r'],
          ],
        ],
        [
          148,
          [
            [30, '08/03'],
            [90, '08/03'],
            [150, 'INTEREST CHARGE ON PURCHASES'],
            [480, '$2.14', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2023-07-06', 'SAMPLE GROCERY SPRINGFIELD IL', 45_100, 0, null],
      ['2023-07-09', 'PAYMENT - THANK YOU', 0, 300_000, null],
      ['2023-08-01', 'SAMPLE FUEL 123', 38_000, 0, null],
      ['2023-08-03', 'INTEREST CHARGE ON PURCHASES', 2_140, 0, null],
    ]);
  });

  it('takes the statement date printed under the table when the preamble has none', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, 'DEC 28'],
            [90, 'DEC 29'],
            [150, 'SAMPLE GROCERY'],
            [480, '45.10', 'r'],
          ],
        ],
        [
          124,
          [
            [30, 'JAN 2'],
            [90, 'JAN 3'],
            [150, 'SAMPLE FUEL'],
            [480, '38.00', 'r'],
          ],
        ],
        [300, [[30, 'Statement Closing Date 01/04/2031']]],
      ]),
    );
    expect(rowsOf(parsed).map((r) => r[0])).toEqual(['2030-12-28', '2031-01-02']);
  });

  it('a full date printed under the table (a payment slip) does not hide the dates without a year', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [40, [[30, 'Statement Date 05/08/2023']]],
        [100, header],
        [
          112,
          [
            [30, 'JUL 28'],
            [90, 'JUL 29'],
            [150, 'SAMPLE GROCERY'],
            [480, '45.10', 'r'],
          ],
        ],
        [
          124,
          [
            [30, 'AUG 2'],
            [90, 'AUG 3'],
            [150, 'SAMPLE FUEL'],
            [480, '38.00', 'r'],
          ],
        ],
        [
          400,
          [
            [30, '24/08/2023'],
            [150, 'PAYMENT DUE DATE'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed).map((r) => r[0])).toEqual(['2023-07-28', '2023-08-02']);
  });

  it('section headings between the rows (PAYMENTS AND OTHER CREDITS, PURCHASE) are no part of a transaction', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [40, [[30, 'Opening/Closing Date 07/05/23 - 08/04/23']]],
        [
          100,
          [
            [30, 'Date of'],
            [150, 'Merchant Name or Transaction Description'],
            [480, '$ Amount', 'r'],
          ],
        ],
        [108, [[30, 'Transaction']]],
        [124, [[150, 'PAYMENTS AND OTHER CREDITS']]],
        [
          134,
          [
            [30, '07/20'],
            [150, 'Payment Thank You-Mobile'],
            [480, '-500.00', 'r'],
          ],
        ],
        [150, [[150, 'PURCHASE']]],
        [
          160,
          [
            [30, '07/06'],
            [150, 'SAMPLE GROCERY SPRINGFIELD IL'],
            [480, '45.10', 'r'],
          ],
        ],
        [
          170,
          [
            [30, '07/09'],
            [150, 'SAMPLE FUEL 123'],
            [480, '38.00', 'r'],
          ],
        ],
        [186, [[150, 'INTEREST CHARGED']]],
        [
          196,
          [
            [30, '08/04'],
            [150, 'PURCHASE INTEREST CHARGE'],
            [480, '2.14', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2023-07-20', 'Payment Thank You-Mobile', 0, 500_000, null],
      ['2023-07-06', 'SAMPLE GROCERY SPRINGFIELD IL', 45_100, 0, null],
      ['2023-07-09', 'SAMPLE FUEL 123', 38_000, 0, null],
      ['2023-08-04', 'PURCHASE INTEREST CHARGE', 2_140, 0, null],
    ]);
  });

  it('without a statement date or period the rows are skipped, each saying why', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [30, 'AUG 3'],
            [90, 'AUG 4'],
            [150, 'SAMPLE GROCERY'],
            [480, '45.10', 'r'],
          ],
        ],
      ]),
    );
    expect(parsed.rows).toEqual([]);
    expect(parsed.warnings.map((w) => w.reason)).toEqual(['date "AUG 3" has no year, and the file prints no statement date or period to take the year from']);
  });
});

describe('issue 31: a card statement whose header spans two lines (`TRANSACTION` over `DATE`, `ACTIVITY DESCRIPTION`)', () => {
  // Invented, at a Canadian card statement's geometry: dates without a year (the period gives it), `$` amounts,
  // the previous balance first and `TOTAL NEW BALANCE` last, foreign-currency lines under a row.
  const lines = page(1, [
    [
      90,
      [
        [47, 'STATEMENT PERIOD:'],
        [130, 'July 17, 2030 to August 14, 2030'],
      ],
    ],
    [
      110,
      [
        [49, 'TRANSACTION'],
        [97, 'POSTING'],
      ],
    ],
    [
      117,
      [
        [49, 'DATE'],
        [97, 'DATE'],
        [140, 'ACTIVITY DESCRIPTION'],
        [309, 'AMOUNT($)'],
      ],
    ],
    [
      130,
      [
        [140, 'PREVIOUS STATEMENT BALANCE'],
        [346, '$1,000.00', 'r'],
      ],
    ],
    [
      150,
      [
        [47, 'JUL 18'],
        [95, 'JUL 19'],
        [140, 'SAMPLE SHOP ONLINE'],
        [346, '$27.73', 'r'],
      ],
    ],
    [160, [[140, 'FOREIGN CURRENCY 20.40 USD']]],
    [170, [[140, '@ EXCHANGE RATE 1.35931']]],
    [
      180,
      [
        [47, 'JUL 26'],
        [95, 'JUL 30'],
        [140, 'SAMPLE TAKEAWAY'],
        [346, '$24.69', 'r'],
      ],
    ],
    [
      190,
      [
        [47, 'AUG 2'],
        [95, 'AUG 3'],
        [140, 'PAYMENT - THANK YOU'],
        [346, '-$500.00', 'r'],
      ],
    ],
    [
      210,
      [
        [140, 'TOTAL NEW BALANCE'],
        [346, '$552.42', 'r'],
      ],
    ],
  ]);

  it('reads its rows, the year from the period, and the previous and new balances as printed', () => {
    const parsed = tableFromPdfLines(lines);
    expect(rowsOf(parsed).map(([date, , outflow, inflow]) => [date, outflow, inflow])).toEqual([
      ['2030-07-18', 27730, 0],
      ['2030-07-26', 24690, 0],
      ['2030-08-02', 0, 500000],
    ]);
    expect(parsed.printed).toMatchObject({ opening_balance: 1000000n, closing_balance: 552420n });
  });
});

// Classes H-L (shared/statements/classes.md, second measurement): the sketches at their geometry.
describe('H. column extents learnt only from the table, by majority', () => {
  const header: Item[] = [
    [39.7, 'Tran Date'],
    [91.7, 'Chq No'],
    [202.8, 'Particulars'],
    [339, 'Debit'],
    [400, 'Credit'],
    [473, 'Balance'],
    [537, 'Init.'],
  ];
  it('dates at the page margin with a disclaimer and a legend under the table at the same margin', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [100, header],
        [
          112,
          [
            [117.8, 'OPENING BALANCE'],
            [501, '1000.00', 'r'],
          ],
        ],
        [122, [[117.8, 'UPI/P2A/000000000001/A SAMPLE/SMPL']]],
        [
          132,
          [
            [38.5, '01-03-2030'],
            [117.8, 'SMPL/UPI'],
            [424, '100.00', 'r'],
            [501, '1100.00', 'r'],
            [537, '0001'],
          ],
        ],
        [
          146,
          [
            [38.5, '02-03-2030'],
            [117.8, 'CHARGES'],
            [359, '1.18', 'r'],
            [501, '1098.82', 'r'],
            [537, '0001'],
          ],
        ],
        [
          156,
          [
            [117.8, 'TRANSACTION TOTAL'],
            [359, '1.18', 'r'],
            [424, '100.00', 'r'],
          ],
        ],
        [
          166,
          [
            [117.8, 'CLOSING BALANCE'],
            [501, '1098.82', 'r'],
          ],
        ],
        [180, [[38.0, 'Unless the account holder reports an error within 30 days, this statement will be']]],
        [190, [[38.0, 'taken as correct. The closing balance may include funds under clearing.']]],
        [200, [[38.0, 'Legends : SMPL - sample transfer']]],
        [214, [[200, '++++ End of Statement ++++']]],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'UPI/P2A/000000000001/A SAMPLE/SMPL SMPL/UPI', 0, 100_000, 1_100_000],
      ['2030-03-02', 'CHARGES', 1_180, 0, 1_098_820],
    ]);
    expect(parsed.printed).toMatchObject({ opening_balance: 1_000_000n, closing_balance: 1_098_820n });
    const report = integrityReport(parsed.rows, parsed.printed, parsed.warnings);
    expect(report.ok).toBe(true);
    expect(report.total_outflow.printed === null || report.total_outflow.ok).toBe(true);
  });

  it('one full-width footer line on the last page, left of dates printed left of their header', () => {
    const rows: [number, Item[]][] = [];
    for (let i = 0; i < 6; i++) {
      rows.push([
        112 + i * 10,
        [
          [38.2, `0${i + 1}-03-2030`],
          [110, `NEFT/SAMPLE ${i + 1}`],
          [330, `${i + 1}.00`, 'r'],
          [480, `${(100 - ((i + 1) * (i + 2)) / 2).toFixed(2)}`, 'r'],
        ],
      ]);
    }
    const parsed = tableFromPdfLines(
      page(1, [
        [
          100,
          [
            [49.5, 'Date'],
            [110, 'Description'],
            [310, 'Debit'],
            [380, 'Credit'],
            [452, 'Balance'],
          ],
        ],
        ...rows,
        [180, [[36.8, 'This statement is computer generated and needs no signature. Sample Bank Ltd, registered office 1 Sample Road']]],
      ]),
    );
    expect(parsed.rows.map((r) => [r.date, r.particulars, Number(r.outflow)])).toEqual(
      Array.from({ length: 6 }, (_, i) => [`2030-03-0${i + 1}`, `NEFT/SAMPLE ${i + 1}`, (i + 1) * 1000]),
    );
  });

  it('a summary block after the end marker starting where the dates start, 22 pt left of their header', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [
          100,
          [
            [52, 'Date'],
            [110, 'Narration'],
            [200, 'Chq/Ref No'],
            [270, 'Withdrawal (Dr)/'],
            [370, 'Balance'],
          ],
        ],
        [108, [[270, 'Deposit (Cr)']]],
        [
          120,
          [
            [30, '01-03-2030'],
            [110, 'UPI/A SAMPLE'],
            [200, 'UPI-'],
            [330, '100.00(Dr)', 'r'],
            [420, '900.00(Cr)', 'r'],
          ],
        ],
        [
          130,
          [
            [110, 'XX/000111/Payment'],
            [200, '000111222333'],
          ],
        ],
        [
          140,
          [
            [30, '02-03-2030'],
            [110, 'UPI/B SAMPLE'],
            [200, 'UPI-'],
            [330, '50.00(Cr)', 'r'],
            [420, '950.00(Cr)', 'r'],
          ],
        ],
        [150, [[200, '000111222334']]],
        [164, [[160, 'End of Statement']]],
        [176, [[31, 'Statement Summary']]],
        [186, [[31, 'Opening Balance      :            1,000.00']]],
        [196, [[31, 'Total Withdrawal     :              100.00']]],
        [206, [[31, 'Closing Balance      :              950.00']]],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'UPI/A SAMPLE XX/000111/Payment', 100_000, 0, 900_000],
      ['2030-03-02', 'UPI/B SAMPLE', 0, 50_000, 950_000],
    ]);
    expect(parsed.printed).toMatchObject({ opening_balance: 1_000_000n, closing_balance: 950_000n });
  });
});

describe('I. a cheque number and the narration in one item', () => {
  it('is split where the number ends: the number stays a cheque number, the words are the narration', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [
          100,
          [
            [38.5, 'Tran Date'],
            [91.7, 'Chq No'],
            [202.8, 'Particulars'],
            [400, 'Credit'],
            [473, 'Balance'],
          ],
        ],
        [
          112,
          [
            [38.5, '29-03-2030'],
            [117.8, 'OPENING BALANCE'],
            [501, '1100.00', 'r'],
          ],
        ],
        [
          122,
          [
            [38.5, '30-03-2030'],
            [117.8, '17 BY CLG 000017 SAMPLE TOWN'],
            [424, '200.00', 'r'],
            [501, '1300.00', 'r'],
          ],
        ],
        [
          132,
          [
            [38.5, '30-03-2030'],
            [117.8, '18 BY CLG 000018 SAMPLE TOWN'],
            [424, '150.00', 'r'],
            [501, '1450.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-30', 'BY CLG 000017 SAMPLE TOWN', 0, 200_000, 1_300_000],
      ['2030-03-30', 'BY CLG 000018 SAMPLE TOWN', 0, 150_000, 1_450_000],
    ]);
  });
});

describe('J. a dated opening-balance line with its figure in an amount column', () => {
  it('is the opening balance, not a deposit (label with trailing dots, date glued to it)', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [
          100,
          [
            [40, 'Date'],
            [90, 'Narration'],
            [230, 'Chq/Ref No.'],
            [310, 'Withdrawal (Dr)'],
            [390, 'Deposit (Cr)'],
            [480, 'Balance'],
          ],
        ],
        [
          112,
          [
            [36, '01-Mar-30 OPENING BALANCE ...'],
            [440, '1,000.00', 'r'],
            [530, '1,000.00 (Cr)', 'r'],
          ],
        ],
        [
          124,
          [
            [36, '02-Mar-30 NACH-10-DR-SAMPLE LOAN'],
            [230, 'NACHDB000111'],
            [370, '250.00', 'r'],
            [530, '750.00 (Cr)', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([['2030-03-02', 'NACH-10-DR-SAMPLE LOAN', 250_000, 0, 750_000]]);
    expect(parsed.printed.opening_balance).toBe(1_000_000n);
  });
});

describe('K. a page-top narration on the page marker line, a few points above its date line', () => {
  it('joins its own row, not the previous page last row, and the marker is dropped', () => {
    const header: Item[] = [
      [30, 'Date'],
      [80, 'Particulars'],
      [250, 'Chq.No.'],
      [300, 'Withdrawals'],
      [360, 'Deposits'],
      [410, 'Autosweep'],
      [460, 'Reverse'],
      [520, 'Balance(INR)'],
    ];
    const lines = [
      ...page(1, [
        [100, header],
        [108, [[460, 'Sweep']]],
        [
          120,
          [
            [30, '27-03-2030'],
            [80, 'OPENING BALANCE'],
            [568, '1,000.00 Cr', 'r'],
          ],
        ],
        [
          130,
          [
            [30, '28-03-2030'],
            [80, 'UPI/000111/A SAMPLE/SAMPLE BANK'],
            [344, '0.00', 'r'],
            [392, '200.00', 'r'],
            [568, '1,200.00 Cr', 'r'],
          ],
        ],
      ]),
      ...page(2, [
        [
          97,
          [
            [80, 'UPI/000222/Payment/sample@upi/H'],
            // Extracted in two pieces: `Page 2 of` under Reverse Sweep, the last `2` under Balance.
            [460, 'Page 2 of'],
            [560, '2', 'r'],
          ],
        ],
        [
          100,
          [
            [30, '29-03-2030'],
            [344, '0.00', 'r'],
            [392, '100.00', 'r'],
            [568, '1,300.00 Cr', 'r'],
          ],
        ],
        [
          112,
          [
            [30, '31-03-2030'],
            [80, 'UPI/000333/B SAMPLE/SAMPLE BANK'],
            [344, '0.00', 'r'],
            [392, '50.00', 'r'],
            [568, '1,350.00 Cr', 'r'],
          ],
        ],
        [
          124,
          [
            [80, 'Page Total:'],
            [344, '0.00', 'r'],
            [392, '350.00', 'r'],
            [446, '0.00', 'r'],
            [496, '0.00', 'r'],
            [568, '1,350.00 Cr', 'r'],
          ],
        ],
      ]),
    ];
    // The marker is set in a larger font: its line is as high as it.
    lines.find((line) => line.page === 2 && line.y === 97)!.height = 10;
    const parsed = tableFromPdfLines(lines);
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-28', 'UPI/000111/A SAMPLE/SAMPLE BANK', 0, 200_000, 1_200_000],
      ['2030-03-29', 'UPI/000222/Payment/sample@upi/H', 0, 100_000, 1_300_000],
      ['2030-03-31', 'UPI/000333/B SAMPLE/SAMPLE BANK', 0, 50_000, 1_350_000],
    ]);
    expect(parsed.warnings.some((w) => /page 2 of 2/i.test(w.text))).toBe(false);
  });
});

describe('L. printed totals that count a reversal in the column it was printed in', () => {
  it('agree with the column summed as printed, and the statement does not stall', () => {
    const parsed = tableFromPdfLines(
      page(1, [
        [
          100,
          [
            [20, 'Date'],
            [70, 'Narration'],
            [210, 'Chq./Ref.No.'],
            [290, 'Value Dt'],
            [340, 'Withdrawal Amt.'],
            [410, 'Deposit Amt.'],
            [480, 'Closing Balance'],
          ],
        ],
        [
          112,
          [
            [20, '01/03/30'],
            [70, 'ATW-000000XXXXXX0001-SAMPLE'],
            [210, '000000000001'],
            [290, '01/03/30'],
            [400, '1,000.00', 'r'],
            [540, '7,000.00', 'r'],
          ],
        ],
        [
          122,
          [
            [20, '01/03/30'],
            [70, 'ATW-000000XXXXXX0001-SAMPLE'],
            [210, '000000000002'],
            [290, '01/03/30'],
            [400, '-1,000.00', 'r'],
            [540, '8,000.00', 'r'],
          ],
        ],
        [
          132,
          [
            [20, '02/03/30'],
            [70, 'UPI-A SAMPLE-SAMPLE@UPI-0001'],
            [210, '000000000003'],
            [290, '02/03/30'],
            [400, '250.00', 'r'],
            [540, '7,750.00', 'r'],
          ],
        ],
        [146, [[20, 'STATEMENT SUMMARY']]],
        [
          156,
          [
            [20, 'Opening Balance'],
            [110, 'Dr Count'],
            [180, 'Cr Count'],
            [250, 'Debits'],
            [320, 'Credits'],
            [390, 'Closing Bal'],
          ],
        ],
        [
          166,
          [
            [20, '8,000.00'],
            [110, '3'],
            [180, '0'],
            [250, '250.00'],
            [320, '0.00'],
            [390, '7,750.00'],
          ],
        ],
      ]),
    );
    expect(rowsOf(parsed)).toEqual([
      ['2030-03-01', 'ATW-000000XXXXXX0001-SAMPLE', 1_000_000, 0, 7_000_000],
      ['2030-03-01', 'ATW-000000XXXXXX0001-SAMPLE', 0, 1_000_000, 8_000_000],
      ['2030-03-02', 'UPI-A SAMPLE-SAMPLE@UPI-0001', 250_000, 0, 7_750_000],
    ]);
    const report = integrityReport(parsed.rows, parsed.printed, parsed.warnings);
    expect(report.balance_chain).toBe('ok');
    expect(report.opening_balance.ok).toBe(true);
    expect(report.closing_balance.ok).toBe(true);
    expect(report.ok).toBe(true);
  });

  it('a page heading `Page No .: 2` is a page marker', () => {
    expect(PAGE_MARKER.test('Page No .: 2')).toBe(true);
  });
});
