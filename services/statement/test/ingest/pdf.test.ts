import { checkPassword, readStatementFile, StatementFileError } from '../../src/ingest';
import { columnCells, lineCells, tableFromPdfLines } from '../../src/ingest/pdf-reader';
import { blankPdf, encryptPdf, pdfFile, PDF_COLUMNS } from './fixtures';

async function failure(promise: Promise<unknown>): Promise<StatementFileError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof StatementFileError) return err;
    throw err;
  }
  throw new Error('expected the read to fail');
}

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
    expect(parsed).toEqual({
      fileType: 'pdf',
      rows: expectedRows,
      metadata: { acc_no: '5010 0012 3456 78', header: PDF_COLUMNS.header },
    });
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
    expect(parsed.rows[94]).toEqual({ date: '2024-05-11', particulars: 'TXN 95', inflow: 95000500n, outflow: 0n, balance: 94094250n });
    expect(parsed.rows[41]).toEqual({ date: '2024-05-14', particulars: 'TXN 42', inflow: 0n, outflow: 42000n, balance: 41041250n });
  });

  it('names the page and line of a row it cannot read', async () => {
    const pdf = await pdfFile({ rows: [tableRows[0]!, ['31/02/2024', 'BAD DATE', '', '1.00', '', '2.00']], ...PDF_COLUMNS });
    const err = await failure(readStatementFile({ buffer: pdf, fileName: 'statement.pdf' }));
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toBe('page 1, line 3: date "31/02/2024" has day 31, which February 2024 does not have');
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
      expect(parsed.rows).toEqual(expectedRows);
    });

    it('checkPassword: ok, wrong, and not_protected for a PDF without one', async () => {
      expect(await checkPassword(protectedPdf, 'pdf', 'pdf-secret')).toBe('ok');
      expect(await checkPassword(protectedPdf, 'pdf', 'not-it')).toBe('wrong');
      expect(await checkPassword(plain, 'pdf', 'anything')).toBe('not_protected');
    });

    it('a PDF with only an owner password opens without one', async () => {
      const ownerOnly = await encryptPdf(plain, '', 'owner-only');
      expect((await readStatementFile({ buffer: ownerOnly, fileName: 's.pdf' })).rows).toEqual(expectedRows);
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

  it('places each item in the column it overlaps most, and never merges text across columns', () => {
    const header = [
      { x: 30, x2: 50, text: 'Date' },
      { x: 85, x2: 120, text: 'Narration' },
      { x: 300, x2: 340, text: 'Debit' },
      { x: 400, x2: 440, text: 'Balance' },
    ];
    const cells = columnCells(
      [
        { x: 30, x2: 52, text: '01/04/' },
        { x: 52, x2: 66, text: '2024' },
        // A long narration running close to the debit column.
        { x: 85, x2: 290, text: 'A VERY LONG NARRATION THAT RUNS ON' },
        // Right-aligned under "Debit", starting left of the header.
        { x: 290, x2: 341, text: '1,00,000.00' },
        { x: 410, x2: 441, text: '5.00' },
      ],
      header,
    );
    expect(cells).toEqual(['01/04/2024', 'A VERY LONG NARRATION THAT RUNS ON', '1,00,000.00', '5.00']);
  });

  it('names page and line positions in errors from extracted lines', () => {
    const line = (page: number, n: number, texts: [number, string][]) => ({
      page,
      line: n,
      items: texts.map(([x, text]) => ({ x, x2: x + text.length * 4, text })),
    });
    expect(() =>
      tableFromPdfLines([
        line(1, 1, [[30, 'Date'], [100, 'Particulars'], [300, 'Debit']]),
        line(2, 7, [[30, '01/04/2024'], [100, 'x'], [300, '1.23456']]),
      ]),
    ).toThrow('page 2, line 7: outflow column "Debit" "1.23456" has 5 decimal places; amounts are exact to 3 (1/1000 of the currency unit)');
  });
});
