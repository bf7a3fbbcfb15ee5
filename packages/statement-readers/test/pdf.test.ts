import { checkPassword, readStatementFile, StatementFileError } from '../src';
import { buildColumns, columnCells, lineCells, mergeHeaderLines, tableFromPdfLines } from '../src/pdf-reader';
import type { StatementRow } from '../src/types';
import { blankPdf, encryptPdf, pdfFile, PDF_COLUMNS, failure } from './fixtures/files';

/** Rows without their position (which says where each row stands, checked separately). */
const bare = (rows: StatementRow[]) => rows.map(({ position: _position, ...row }) => row);

const tableRows = [
  ['01/04/24', 'UPI-SWIGGY-BANGALORE', '000123', '1,234.50', '', '98,765.50'],
  ['02/04/24', 'NEFT CR-ACME CORP\nPAYROLL APRIL 2024', '', '', '1,23,456.78', '2,22,222.28'],
  ['03-Apr-2024', 'ATM WDL', '', '10,000.00', '', '2,12,222.28'],
  ['04 Apr 2024', 'BIG TRANSFER', '', '', '9,99,99,99,999.999', '10,00,02,12,222.278'],
];

const expectedRows = [
  { date: '2024-04-01', particulars: 'UPI-SWIGGY-BANGALORE', inflow: 0n, outflow: 1234500n, balance: 98765500n },
  { date: '2024-04-02', particulars: 'NEFT CR-ACME CORP PAYROLL APRIL 2024', inflow: 123456780n, outflow: 0n, balance: 222222280n },
  { date: '2024-04-03', particulars: 'ATM WDL', inflow: 0n, outflow: 10000000n, balance: 212222280n },
  { date: '2024-04-04', particulars: 'BIG TRANSFER', inflow: 9999999999999n, outflow: 0n, balance: 10000212222278n },
];

describe('PDF statements with a text layer', () => {
  let plain: Buffer;
  let protectedPdf: Buffer;

  beforeAll(async () => {
    plain = await pdfFile({
      preamble: ['HDFC BANK Ltd.', 'Statement of account', 'Account Number : 5010 0012 3456 78'],
      rows: tableRows,
      ...PDF_COLUMNS,
    });
    protectedPdf = await encryptPdf(plain, 'pdf-secret');
  });

  it('rebuilds lines and columns from positioned text: right-aligned amounts, wrapped narrations, the preamble account number', async () => {
    const parsed = await readStatementFile({ buffer: plain, fileName: 'statement.pdf' });
    expect(parsed.fileType).toBe('pdf');
    expect(bare(parsed.rows)).toEqual(expectedRows);
    expect(parsed.rows.map((row) => row.position)).toEqual(['page 1, line 5', 'page 1, line 6', 'page 1, line 8', 'page 1, line 9']);
    expect(parsed.metadata).toEqual({ acc_no: '5010 0012 3456 78', header: PDF_COLUMNS.header, bank: 'HDFC Bank' });
    expect(parsed.warnings).toEqual([]);
  });

  it('reads a statement across pages with the header repeated and page numbers printed', async () => {
    const many = Array.from({ length: 95 }, (_, i) => [
      `${String((i % 28) + 1).padStart(2, '0')}/05/2024`,
      `TXN ${i + 1}`,
      '',
      i % 2 ? `${i + 1}.00` : '',
      i % 2 ? '' : `${i + 1},000.50`,
      `${i},${String(i).padStart(3, '0')}.25`,
    ]);
    const pdf = await pdfFile({ rows: many, ...PDF_COLUMNS, rowsPerPage: 40, pageFurniture: true });
    const parsed = await readStatementFile({ buffer: pdf, fileName: 'statement.pdf' });
    expect(parsed.metadata.acc_no).toBeNull();
    expect(parsed.rows).toHaveLength(95);
    expect(bare(parsed.rows)[94]).toEqual({ date: '2024-05-11', particulars: 'TXN 95', inflow: 95000500n, outflow: 0n, balance: 94094250n });
    expect(bare(parsed.rows)[41]).toEqual({ date: '2024-05-14', particulars: 'TXN 42', inflow: 0n, outflow: 42000n, balance: 41041250n });
    // The repeated header and "Page n of m" are furniture, not lines to report.
    expect(parsed.warnings).toEqual([]);
  });

  it('skips a row it cannot read and names its page and line in a warning', async () => {
    const pdf = await pdfFile({ rows: [tableRows[0]!, ['31/02/2024', 'BAD DATE', '', '1.00', '', '2.00']], ...PDF_COLUMNS });
    const parsed = await readStatementFile({ buffer: pdf, fileName: 'statement.pdf' });
    expect(bare(parsed.rows)).toEqual([expectedRows[0]]);
    expect(parsed.warnings).toEqual([
      {
        position: 'page 1, line 3',
        reason: expect.stringContaining('has day 31, which February 2024 does not have'),
        text: expect.stringContaining('BAD DATE'),
      },
    ]);
  });

  it('fails with PARSE_FAILED when the PDF has no header, no text layer, or is damaged', async () => {
    const noHeader = await pdfFile({ header: ['When', 'What', 'How much'], rows: [['01/04/2024', 'x', '1']], columnX: [30, 100, 300] });
    expect((await failure(readStatementFile({ buffer: noHeader, fileName: 's.pdf' }))).message).toMatch(/^no header row found in the PDF: expected/);

    const scanned = await failure(readStatementFile({ buffer: await blankPdf(), fileName: 's.pdf' }));
    expect(scanned.code).toBe('PARSE_FAILED');
    expect(scanned.message).toMatch(/has no text layer/);

    const damaged = await failure(readStatementFile({ buffer: Buffer.from('%PDF-1.7\nthis is not really a pdf\n'), fileName: 's.pdf' }));
    expect(damaged.code).toBe('PARSE_FAILED');
    expect(damaged.message).toMatch(/^the PDF cannot be read/);
  });

  it('bounds the extraction with a timeout', async () => {
    const err = await failure(readStatementFile({ buffer: plain, fileName: 's.pdf', pdf: { timeoutMs: 1 } }));
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toBe('the PDF could not be read within 1 ms');
  });

  describe('password-protected (qpdf, AES-256)', () => {
    it('stalls without a password: PASSWORD_REQUIRED', async () => {
      const err = await failure(readStatementFile({ buffer: protectedPdf, fileName: 'statement.pdf' }));
      expect(err.code).toBe('PASSWORD_REQUIRED');
    });

    it('stalls with a wrong password: WRONG_PASSWORD', async () => {
      const err = await failure(readStatementFile({ buffer: protectedPdf, fileName: 'statement.pdf', password: 'not-it' }));
      expect(err.code).toBe('WRONG_PASSWORD');
      expect(err.message).not.toContain('not-it');
    });

    it('reads it with the right password', async () => {
      const parsed = await readStatementFile({ buffer: protectedPdf, fileName: 'statement.pdf', password: 'pdf-secret' });
      expect(bare(parsed.rows)).toEqual(expectedRows);
    });

    it('checkPassword: ok, wrong, and not_protected for a PDF without one', async () => {
      expect(await checkPassword(protectedPdf, 'pdf', 'pdf-secret')).toBe('ok');
      expect(await checkPassword(protectedPdf, 'pdf', 'not-it')).toBe('wrong');
      expect(await checkPassword(plain, 'pdf', 'anything')).toBe('not_protected');
    });

    it('a PDF with only an owner password opens without one', async () => {
      const ownerOnly = await encryptPdf(plain, '', 'owner-only');
      expect(bare((await readStatementFile({ buffer: ownerOnly, fileName: 's.pdf' })).rows)).toEqual(expectedRows);
      expect(await checkPassword(ownerOnly, 'pdf', 'owner-only')).toBe('not_protected');
    });
  });
});

describe('rebuilding columns from positioned text', () => {
  it('joins the words of one header cell and keeps column gaps apart', () => {
    const cells = lineCells([
      { x: 30, x2: 47, text: 'Date' },
      { x: 85, x2: 123, text: 'Withdrawal' },
      { x: 125, x2: 140, text: 'Amt.' },
      { x: 200, x2: 230, text: 'Balance' },
    ]);
    expect(cells.map((c) => c.text)).toEqual(['Date', 'Withdrawal Amt.', 'Balance']);
  });

  it('merges a header printed over two or three lines by horizontal overlap', () => {
    const cells = mergeHeaderLines([
      [
        { x: 30, x2: 42, text: 'Txn' },
        { x: 300, x2: 340, text: 'Withdrawal' },
        { x: 400, x2: 420, text: 'Ref No./' },
      ],
      [
        { x: 30, x2: 46, text: 'Date' },
        { x: 90, x2: 130, text: 'Narration' },
        { x: 305, x2: 321, text: 'Amt.' },
        { x: 400, x2: 426, text: 'Cheque' },
      ],
      [{ x: 400, x2: 412, text: 'No.' }],
    ]);
    expect(cells.map((c) => c.text)).toEqual(['Txn Date', 'Narration', 'Withdrawal Amt.', 'Ref No./ Cheque No.']);
  });

  it('places each item in the column it overlaps most, right-aligned numbers by the edge they line up on', () => {
    const header = [
      { x: 30, x2: 50, text: 'Date' },
      { x: 85, x2: 120, text: 'Narration' },
      { x: 300, x2: 330, text: 'Debit' },
      { x: 400, x2: 440, text: 'Balance' },
    ];
    const line = (debit: string, balance: string) => [
      { x: 30, x2: 66, text: '01/04/2024' },
      { x: 85, x2: 120, text: 'UPI/1' },
      { x: 360 - debit.length * 4, x2: 360, text: debit },
      { x: 441 - balance.length * 4, x2: 441, text: balance },
    ];
    // Debits end at x=360, in the gap between the Debit and Balance headers: the column is the header to their left.
    const columns = buildColumns(header, [line('10.00', '5.00'), line('1,00,000.00', '1,00,005.00'), line('7.50', '1,00,012.50')]);
    expect(columns.map((c) => c.rightEdges)).toEqual([[], [], [360], [441]]);
    const cells = columnCells(
      [
        { x: 30, x2: 52, text: '01/04/' },
        { x: 52, x2: 66, text: '2024' },
        // A long narration running close to the debit column.
        { x: 85, x2: 290, text: 'A VERY LONG NARRATION THAT RUNS ON' },
        // A big debit reaching left under the narration's extent, still on the debit edge.
        { x: 286, x2: 360, text: '99,99,99,999.00' },
        { x: 410, x2: 441, text: '5.00' },
      ],
      columns,
    );
    expect(cells).toEqual(['01/04/2024', 'A VERY LONG NARRATION THAT RUNS ON', '99,99,99,999.00', '5.00']);
  });

  it('names page and line positions from extracted lines, in rows and warnings', () => {
    const line = (page: number, n: number, texts: [number, string][]) => ({
      page,
      line: n,
      items: texts.map(([x, text]) => ({ x, x2: x + text.length * 4, text })),
    });
    const parsed = tableFromPdfLines([
      line(1, 1, [
        [30, 'Date'],
        [100, 'Particulars'],
        [300, 'Debit'],
      ]),
      line(2, 7, [
        [30, '01/04/2024'],
        [100, 'x'],
        [300, '1.23456'],
      ]),
      line(2, 8, [
        [30, '02/04/2024'],
        [100, 'y'],
        [300, '1.23'],
      ]),
    ]);
    expect(parsed.rows.map((row) => [row.position, row.outflow])).toEqual([['page 2, line 8', 1230n]]);
    expect(parsed.warnings).toEqual([
      {
        position: 'page 2, line 7',
        reason: 'outflow column "Debit" "1.23456" has 5 decimal places; amounts are exact to 3 (1/1000 of the currency unit)',
        text: expect.any(String),
      },
    ]);
  });
});
