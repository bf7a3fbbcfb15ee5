import { checkPassword, detectFileType, readStatementFile, StatementFileError } from '../src';
import { hdfcCsv, legacyXlsFile, pdfFile, PDF_COLUMNS, xlsxFile, failure } from './fixtures/files';

const csv = hdfcCsv([{ date: '01/04/2024', particulars: 'x', withdrawal: '1', deposit: '', balance: '' }]);

describe('file type: content magic first, the name second', () => {
  let xlsx: Buffer;
  let pdf: Buffer;
  beforeAll(async () => {
    xlsx = await xlsxFile([{ name: 'S', rows: [['Date', 'Narration', 'Debit']] }]);
    pdf = await pdfFile({ rows: [], ...PDF_COLUMNS });
  });

  it('recognises each supported file whatever its name says about a binary format', () => {
    expect(detectFileType(csv, 'statement.csv')).toBe('csv');
    expect(detectFileType(csv, 'STATEMENT.TXT')).toBe('csv');
    expect(detectFileType(xlsx, 'statement.xlsx')).toBe('excel');
    expect(detectFileType(xlsx, 'statement.xls')).toBe('excel');
    expect(detectFileType(xlsx, 'download')).toBe('excel');
    expect(detectFileType(legacyXlsFile(), 'statement.xls')).toBe('excel');
    expect(detectFileType(pdf, 'statement.pdf')).toBe('pdf');
    expect(detectFileType(pdf, 'statement.PDF')).toBe('pdf');
    expect(detectFileType(pdf, 'statement.csv')).toBe('pdf');
    // A PDF header after some leading junk still counts (PDF 1.7 annex H).
    expect(detectFileType(Buffer.concat([Buffer.from('\r\n\r\n'), pdf]), 'statement')).toBe('pdf');
  });

  it.each([
    [Buffer.alloc(0), 'empty.csv', /"empty.csv" is empty/],
    [
      Buffer.from('Date,Narration\n'),
      'statement.docx',
      /is not a CSV, XLSX, XLS, PDF, OFX, QFX, QIF, CAMT.053 or MT940 statement \(unknown file extension "\.docx"\)/,
    ],
    [Buffer.from('Date,Narration\n'), 'statement', /unknown file extension ""/],
    [Buffer.from('Date,Narration\n'), 'statement.pdf', /named like a PDF but its content is plain text/],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'scan.png', /its content is not recognised/],
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'statement.csv', /its content is not recognised/],
  ])('refuses %#: UNSUPPORTED_FILE', async (buffer, fileName, why) => {
    const err = await failure(readStatementFile({ buffer, fileName }));
    expect(err.code).toBe('UNSUPPORTED_FILE');
    expect(err.message).toMatch(why);
  });

  it('refuses an Office container named like a CSV', async () => {
    const err = await failure(readStatementFile({ buffer: xlsx, fileName: 'statement.csv' }));
    expect(err.code).toBe('UNSUPPORTED_FILE');
    expect(err.message).toMatch(/named like a CSV file but its content is an Office \(zip or CFB\) container/);
  });

  it('tells bank "Excel" downloads that are HTML tables or SpreadsheetML, and UTF-16 text named .csv', () => {
    expect(detectFileType(Buffer.from('<html><body><table><tr><td>Date</td></tr></table></body></html>'), 'statement.xls')).toBe('excel');
    expect(detectFileType(Buffer.from('\uFEFF  <!DOCTYPE html><html>'), 'Statement.XLS')).toBe('excel');
    expect(detectFileType(Buffer.from('<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet">'), 'statement.xls')).toBe(
      'excel',
    );
    // HTML named .csv is still a CSV (it will fail as one, with a reason), never silently a workbook.
    expect(detectFileType(Buffer.from('<html></html>'), 'statement.csv')).toBe('csv');
    expect(detectFileType(Buffer.from('\uFEFFDate\tNarration\n', 'utf16le'), 'statement.csv')).toBe('csv');
    expect(detectFileType(Buffer.from('OFXHEADER:100\nDATA:OFXSGML\n<OFX>'), 'download.qfx')).toBe('ofx');
    // SBI's "Excel" download: tab-delimited text under an .xls name, read as delimited text.
    expect(detectFileType(Buffer.from('Txn Date\tValue Date\tDescription\n'), 'AccountStatement.xls')).toBe('csv');
  });

  it('checkPassword refuses a CSV: it cannot carry a password', async () => {
    const err = await failure(checkPassword(csv, 'csv', 'x'));
    expect(err.code).toBe('UNSUPPORTED_FILE');
  });
});
