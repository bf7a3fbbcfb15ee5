import { failure } from './fixtures/files';
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { checkPassword, openStatementFile, readStatementFile, StatementFileError } from '../src';
import { routeXlsx } from '../src/excel-reader';
import { readWithSheetJs } from '../src/xls-reader';
import type { StatementRow } from '../src/types';
import { encryptXlsRc4CryptoApi, FIXTURES } from './fixtures/spreadsheets';

const asNumbers = (rows: StatementRow[]) =>
  rows.map((r) => ({
    date: r.date,
    particulars: r.particulars,
    inflow: Number(r.inflow),
    outflow: Number(r.outflow),
    balance: r.balance === null ? null : Number(r.balance),
  }));

const fixture = (name: string) => {
  const found = FIXTURES.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};

/** A legacy .xls (BIFF8) written by SheetJS from rows of cells (`{ v, t, z }` objects where a format matters). */
function biff8(sheets: { name: string; rows: unknown[][] }[]): Buffer {
  const workbook = XLSX.utils.book_new();
  for (const sheet of sheets) XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

describe('spreadsheet corpus fixtures: rows, account number and warnings exactly as expected', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
    const buffer = await f.build();
    const parsed = await readStatementFile({ buffer, fileName: f.fileName, password: f.password });
    expect(parsed.fileType).toBe(f.expected.fileType);
    expect(asNumbers(parsed.rows)).toEqual(f.expected.rows);
    expect(parsed.metadata.acc_no).toBe(f.expected.accNo);
    expect(parsed.warnings.length).toBeGreaterThanOrEqual(f.expected.minWarnings ?? 0);
    expect(parsed.integrity.balance_chain).toBe(f.expected.balanceChain ?? 'ok');
  });

  it('names rows by sheet and row as Excel shows them, for legacy .xls and HTML tables too', async () => {
    const icici = await readStatementFile({ buffer: await fixture('icici-xls-biff8').build(), fileName: 'x.xls' });
    // Header on row 15 (column A empty), the first transaction on row 16.
    expect(icici.rows[0]!.position).toBe('row 16 of sheet "OpTransactionHistory"');
    expect(icici.metadata.header).toEqual([
      '',
      'S No.',
      'Value Date',
      'Transaction Date',
      'Cheque Number',
      'Transaction Remarks',
      'Withdrawal Amount (INR )',
      'Deposit Amount (INR )',
      'Balance (INR )',
    ]);
    const sbi = await readStatementFile({ buffer: await fixture('sbi-xls-html-table').build(), fileName: 'x.xls' });
    expect(sbi.rows[0]!.position).toBe('row 18 of sheet "Sheet1"');
    // Two HTML tables stacked as Excel shows them: 5 detail rows, a blank row, the header on row 7.
    const bob = await readStatementFile({ buffer: await fixture('bob-xls-html-two-tables').build(), fileName: 'x.xls' });
    expect(bob.rows[0]!.position).toBe('row 8 of sheet "Sheet1"');
  });

  it('reads the Italian workbooks` saldo and totale lines under the rows as printed figures that agree with the rows', async () => {
    for (const [name, keys] of [
      ['it-xlsx-entrate-uscite-totals-footer', ['closing_balance', 'opening_balance', 'total_inflow', 'total_outflow']],
      ['it-xls-html-decimal-comma-dare-avere', ['closing_balance', 'total_inflow', 'total_outflow']],
      ['it-xls-biff8-importo-saldo-lines', ['closing_balance', 'opening_balance']],
    ] as const) {
      const parsed = await readStatementFile({ buffer: await fixture(name).build(), fileName: fixture(name).fileName });
      expect(
        Object.keys(parsed.printed)
          .filter((key) => key !== 'whole_units')
          .sort(),
      ).toEqual([...keys]);
      expect(parsed.integrity.ok).toBe(true);
      expect(parsed.integrity.closing_balance.ok).toBe(true);
    }
  });

  it('reports the summary lines it skips in the Axis workbook (opening, total, closing balance)', async () => {
    const axis = await readStatementFile({ buffer: await fixture('axis-xlsx-sheetjs').build(), fileName: 'x.xlsx' });
    expect(axis.warnings.map((w) => w.position)).toEqual(
      expect.arrayContaining(['row 10 of sheet "Statement"', 'row 18 of sheet "Statement"', 'row 19 of sheet "Statement"']),
    );
  });
});

describe('XLSX packages from any producer', () => {
  async function entryNames(xlsx: Buffer): Promise<string[]> {
    return Object.keys((await JSZip.loadAsync(xlsx)).files).filter((n) => !n.endsWith('/'));
  }

  it('rewrites a SheetJS-written workbook (no shared strings, workbook.xml after the sheet) with its metadata first', async () => {
    const original = await fixture('axis-xlsx-sheetjs').build();
    const names = await entryNames(original);
    expect(names).not.toContain('xl/sharedStrings.xml');
    expect(names.indexOf('xl/workbook.xml')).toBeGreaterThan(names.indexOf('xl/worksheets/sheet1.xml'));
    const route = await routeXlsx(original);
    expect(route).toMatchObject({ reader: 'exceljs', rewritten: true });
    if (route.reader !== 'exceljs') return;
    expect(await entryNames(route.buffer)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ]);
  });

  it('reads a SheetJS-written workbook every time (exceljs alone failed about one read in two)', async () => {
    const buffer = await fixture('axis-xlsx-sheetjs').build();
    for (let i = 0; i < 10; i++) {
      const parsed = await readStatementFile({ buffer, fileName: 'a.xlsx' });
      expect(parsed.rows).toHaveLength(fixture('axis-xlsx-sheetjs').expected.rows.length);
      // The sheet's name comes from the workbook part, which exceljs lost when it was read after the sheet.
      expect(parsed.rows[0]!.position).toBe('row 11 of sheet "Statement"');
    }
  });

  it('follows _rels/.rels and absolute targets to a workbook and sheet with other names', async () => {
    const original = await fixture('ocbc-xlsx-report-server-package').build();
    expect(await entryNames(original)).toEqual(expect.arrayContaining(['xl/book.xml', 'xl/worksheets/Statement.xml']));
    const route = await routeXlsx(original);
    expect(route).toMatchObject({ reader: 'exceljs', rewritten: true });
    const parsed = await readStatementFile({ buffer: original, fileName: 'a.xlsx' });
    expect(parsed.rows[0]!.position).toBe('row 9 of sheet "Account Statement"');
  });

  it('sends cells exceljs would misread to SheetJS: ISO date cells would read as the year', async () => {
    expect(await routeXlsx(await fixture('yes-xlsx-iso-date-cells').build())).toEqual({
      reader: 'sheetjs',
      reason: 'xl/worksheets/sheet1.xml has ISO date cells',
    });
  });

  it('keeps a workbook already in the streaming layout as it is', async () => {
    const rewritten = await routeXlsx(await fixture('hdfc-xlsx-exceljs').build());
    expect(rewritten.reader).toBe('exceljs');
    if (rewritten.reader !== 'exceljs') return;
    expect(await routeXlsx(rewritten.buffer)).toEqual({ reader: 'exceljs', buffer: rewritten.buffer, rewritten: false });
  });

  it('an ODS (OpenDocument) spreadsheet is read through SheetJS', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      workbook,
      XLSX.utils.aoa_to_sheet([
        ['A/C No: 1234567890'],
        ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'],
        ['01/04/2024', 'UPI/123/x', '10.00', '', '90.00'],
      ]),
      'S',
    );
    const ods = XLSX.write(workbook, { type: 'buffer', bookType: 'ods' }) as Buffer;
    expect(await routeXlsx(ods)).toMatchObject({ reader: 'sheetjs' });
    const parsed = await readStatementFile({ buffer: ods, fileName: 'statement.xlsx' });
    expect(asNumbers(parsed.rows)).toEqual([{ date: '2024-04-01', particulars: 'UPI/123/x', inflow: 0, outflow: 10000, balance: 90000 }]);
  });
});

describe('legacy .xls (BIFF8) through SheetJS', () => {
  it('reads date-formatted cells as calendar days, a serial without a format as a serial day, numbers exactly', async () => {
    const date = (serial: number, z: string) => ({ t: 'n', v: serial, z });
    const xls = biff8([
      { name: 'Cover', rows: [['Statement of account'], ['Generated by netbanking']] },
      {
        name: 'Txns',
        rows: [
          ['Account No.', '1234567890'],
          ['Txn Date', 'Description', 'Debit', 'Credit', 'Balance'],
          // 45383 is 2024-04-01; a custom format, a built-in one, and a bare serial.
          [date(45383, 'dd-mmm-yyyy'), 'NEFT', null, 9999999999.999, 9999999999.999],
          [date(45384.75, 'dd/mm/yyyy hh:mm'), 'POS', 0.1, null, 9999999999.899],
          [45385, 'ATM', 1000, null, 9999998999.899],
        ],
      },
    ]);
    const parsed = await readStatementFile({ buffer: xls, fileName: 'statement.xls' });
    expect(asNumbers(parsed.rows)).toEqual([
      { date: '2024-04-01', particulars: 'NEFT', inflow: 9999999999999, outflow: 0, balance: 9999999999999 },
      { date: '2024-04-02', particulars: 'POS', inflow: 0, outflow: 100, balance: 9999999999899 },
      { date: '2024-04-03', particulars: 'ATM', inflow: 0, outflow: 1000000, balance: 9999998999899 },
    ]);
    expect(parsed.rows[0]!.position).toBe('row 3 of sheet "Txns"');
  });

  it("a damaged .xls is PARSE_FAILED with the reader's reason", async () => {
    const xls = biff8([
      {
        name: 'S',
        rows: [
          ['Date', 'Narration', 'Debit'],
          ['01/04/2024', 'x', 1],
        ],
      },
    ]);
    // Cut in the middle of the CFB container's sectors.
    const err = await failure(readStatementFile({ buffer: xls.subarray(0, 1536), fileName: 'statement.xls' }));
    expect(['PARSE_FAILED', 'UNSUPPORTED_FILE']).toContain(err.code);
  });

  it('refuses a sheet longer than the row bound instead of reading part of it', async () => {
    const rows: unknown[][] = [['Date', 'Narration', 'Debit', 'Credit']];
    for (let i = 0; i < 40; i++) rows.push(['01/04/2024', `txn ${i}`, 1, null]);
    const err = await failure(readWithSheetJs(biff8([{ name: 'S', rows }]), 'workbook', { sheetRows: 20 }));
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/^sheet "S" has more than 20 rows.*split it/);
  });

  it('bounds the reading time', async () => {
    const err = await failure(readWithSheetJs(await fixture('icici-xls-biff8').build(), 'workbook', { timeoutMs: 1 }));
    expect(err.code).toBe('PARSE_FAILED');
    expect(err.message).toMatch(/could not be read within/);
  });

  it('parses off the event loop: a timer fires while a workbook is read', async () => {
    const rows: unknown[][] = [['Date', 'Narration', 'Debit', 'Credit', 'Balance']];
    for (let i = 0; i < 5_000; i++) rows.push(['01/04/2024', `UPI/${400000000000 + i}/merchant`, 1, null, 1_000_000 - i - 1]);
    const xls = biff8([{ name: 'S', rows }]);
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => (order.push('timer'), resolve()), 10));
    const read = readStatementFile({ buffer: xls, fileName: 's.xls' }).then((parsed) => order.push(`read ${parsed.rows.length}`));
    await Promise.all([timer, read]);
    expect(order).toEqual(['timer', 'read 5000']);
  });
});

describe('password-protected legacy .xls (RC4 CryptoAPI, what Excel 2002-2003 writes)', () => {
  const protectedXls = fixture('icici-xls-biff8-rc4-cryptoapi-password');
  let encrypted: Buffer;
  beforeAll(async () => {
    encrypted = await protectedXls.build();
  });

  it('is really encrypted: SheetJS alone cannot read it', () => {
    expect(() => XLSX.read(encrypted, { type: 'buffer' })).toThrow();
  });

  it('stalls without a password (PASSWORD_REQUIRED) and with a wrong one (WRONG_PASSWORD, not echoed)', async () => {
    const missing = await failure(readStatementFile({ buffer: encrypted, fileName: 'statement.xls' }));
    expect(missing.code).toBe('PASSWORD_REQUIRED');
    const wrong = await failure(readStatementFile({ buffer: encrypted, fileName: 'statement.xls', password: 'hunter2' }));
    expect(wrong.code).toBe('WRONG_PASSWORD');
    expect(wrong.message).not.toContain('hunter2');
    expect((await failure(openStatementFile(encrypted, 'statement.xls'))).code).toBe('PASSWORD_REQUIRED');
    expect(await openStatementFile(encrypted, 'statement.xls', protectedXls.password)).toBe('excel');
  });

  it('checkPassword: ok, wrong, and not_protected for the plain .xls', async () => {
    expect(await checkPassword(encrypted, 'excel', protectedXls.password!)).toBe('ok');
    expect(await checkPassword(encrypted, 'excel', 'nope')).toBe('wrong');
    expect(await checkPassword(encrypted, 'excel', '')).toBe('wrong');
    expect(await checkPassword(await fixture('icici-xls-biff8').build(), 'excel', 'anything')).toBe('not_protected');
  });

  it("a workbook encrypted with Excel's default password (write protection only) opens without one", async () => {
    const writeProtected = encryptXlsRc4CryptoApi(await fixture('icici-xls-biff8').build(), 'VelvetSweatshop');
    const parsed = await readStatementFile({ buffer: writeProtected, fileName: 'statement.xls' });
    expect(asNumbers(parsed.rows)).toEqual(protectedXls.expected.rows);
    expect(await checkPassword(writeProtected, 'excel', 'whatever')).toBe('not_protected');
  });
});

describe('HTML and XML text named .xls', () => {
  it('a bank session-expired page saved as .xls is PARSE_FAILED: no header row', async () => {
    const page = Buffer.from(
      '<!DOCTYPE html><html><head><title>Session Expired</title></head><body><p>Your session has expired. Please login again.</p></body></html>',
    );
    const err = await failure(readStatementFile({ buffer: page, fileName: 'statement.xls' }));
    expect(err.code).toBe('PARSE_FAILED');
  });

  it('keeps the worksheets of an Excel 2003 XML workbook apart: the first sheet with a header is the statement', async () => {
    const sheet = (name: string, rows: string[][]) =>
      `<Worksheet ss:Name="${name}"><Table>${rows.map((r) => `<Row>${r.map((c) => `<Cell><Data ss:Type="String">${c}</Data></Cell>`).join('')}</Row>`).join('')}</Table></Worksheet>`;
    const xml = Buffer.from(
      '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">' +
        sheet('Summary', [
          ['Account Number', '5566778899'],
          ['Opening Balance', '100.00'],
        ]) +
        sheet('Transactions', [
          ['Date', 'Narration', 'Debit', 'Credit'],
          ['02/04/2024', 'NEFT IN', '', '50.00'],
        ]) +
        '</Workbook>',
    );
    const parsed = await readStatementFile({ buffer: xml, fileName: 'statement.xls' });
    expect(parsed.rows.map((r) => [r.date, r.particulars, r.inflow, r.position])).toEqual([['2024-04-02', 'NEFT IN', 50000n, 'row 2 of sheet "Transactions"']]);
    // The account number belongs to another sheet's preamble: not carried across sheets.
    expect(parsed.metadata.acc_no).toBeNull();
  });

  it('reads an HTML table in a Windows code page with a bare <table> start', async () => {
    // "Rs." narration with an e-acute in Windows-1252, the way older report servers write.
    const html = Buffer.concat([
      Buffer.from(
        '<table><tr><td>A/C No :</td><td>912345678</td></tr><tr><td>Date</td><td>Particulars</td><td>Withdrawal</td><td>Deposit</td></tr><tr><td>05-04-2024</td><td>CAF',
      ),
      Buffer.from([0xc9]),
      Buffer.from(' COFFEE DAY</td><td>250.00</td><td></td></tr></table>'),
    ]);
    const parsed = await readStatementFile({ buffer: html, fileName: 'statement.xls' });
    expect(parsed.metadata.acc_no).toBe('912345678');
    expect(asNumbers(parsed.rows)).toEqual([
      { date: '2024-04-05', particulars: expect.stringMatching(/^CAF. COFFEE DAY$/), inflow: 0, outflow: 250000, balance: null },
    ]);
  });
});
