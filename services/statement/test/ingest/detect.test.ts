import { checkPassword, detectFileType, readStatementFile, StatementFileError } from '../../src/ingest';
import { hdfcCsv, legacyXlsFile, pdfFile, PDF_COLUMNS, xlsxFile } from './fixtures';

async function failure(promise: Promise<unknown>): Promise<StatementFileError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof StatementFileError) return err;
    throw err;
  }
  throw new Error('expected the read to fail');
}

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
    [Buffer.from('Date,Narration\n'), 'statement.docx', /is not a CSV, XLSX, XLS or PDF statement \(unknown file extension "\.docx"\)/],
    [Buffer.from('Date,Narration\n'), 'statement', /unknown file extension ""/],
    [Buffer.from('Date,Narration\n'), 'statement.pdf', /named like a PDF but its content is plain text/],
    [Buffer.from('Date,Narration\n'), 'statement.xlsx', /named like a spreadsheet but its content is plain text/],
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

  it('checkPassword refuses a CSV: it cannot carry a password', async () => {
    const err = await failure(checkPassword(csv, 'csv', 'x'));
    expect(err.code).toBe('UNSUPPORTED_FILE');
  });
});
