/**
 * Statement files made in memory for the tests: CSVs in HDFC-, ICICI- and SBI-like layouts, XLSX workbooks
 * (exceljs) with and without a password (officecrypto-tool), and text PDFs (pdf-lib) with and without a
 * password (qpdf, from Debian's packages). Nothing here is a checked-in binary: every file is built from the
 * rows a test states, so what a test expects is visible beside what it feeds in.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import CFB from 'cfb';
import ExcelJS from 'exceljs';
import officeCrypto from 'officecrypto-tool';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { StatementFileError } from '../../src/ingest';

const run = promisify(execFile);

/** The StatementFileError a read fails with (anything else thrown fails the test). */
export async function failure(promise: Promise<unknown>): Promise<StatementFileError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof StatementFileError) return err;
    throw err;
  }
  throw new Error('expected the read to fail');
}

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
export function toCsv(lines: string[][], eol = '\n'): string {
  return lines.map((cells) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')).join(eol) + eol;
}

export interface FixtureRow {
  date: string;
  particulars: string;
  /** As the file writes it: "1,234.50", "" for blank. */
  withdrawal: string;
  deposit: string;
  balance: string;
}

/** HDFC-like: bank preamble, "Date, Narration, Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance", DD/MM/YY. */
export function hdfcCsv(rows: FixtureRow[], options: { accNo?: string } = {}): Buffer {
  const preamble: string[][] = [
    ['HDFC BANK Ltd.', '', '', 'Page No .: 1'],
    ['MR ASHA RAO', '', '', 'Statement of account'],
    options.accNo ? ['Account Branch : MG ROAD', '', '', `Account No : ${options.accNo}`] : ['Account Branch : MG ROAD'],
    ['From : 01/04/24', 'To : 30/04/24'],
    [],
  ];
  const header = ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'];
  const body = rows.map((r) => [r.date, r.particulars, '0000000000000000', r.date, r.withdrawal, r.deposit, r.balance]);
  return Buffer.from(toCsv([...preamble, header, ['********', '********', '********', '********', '********', '********', '********'], ...body]));
}

/** ICICI-like: "S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks, Withdrawal Amount (INR ), ...". */
export function iciciCsv(rows: FixtureRow[], options: { accNo?: string } = {}): Buffer {
  const preamble: string[][] = [
    ['DETAILED STATEMENT'],
    options.accNo ? ['Transactions List - ASHA RAO (INR) - ' + 'Savings', `A/C No: ${options.accNo}`] : ['Transactions List - ASHA RAO (INR) - Savings'],
    [],
  ];
  const header = ['S No.', 'Value Date', 'Transaction Date', 'Cheque Number', 'Transaction Remarks', 'Withdrawal Amount (INR )', 'Deposit Amount (INR )', 'Balance (INR )'];
  const body = rows.map((r, i) => [String(i + 1), r.date, r.date, '-', r.particulars, r.withdrawal, r.deposit, r.balance]);
  return Buffer.from('\uFEFF' + toCsv([...preamble, header, ...body], '\r\n'));
}

/** SBI-like: "Account Number : _0000..." with the value in its own cell, "Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance". */
export function sbiCsv(rows: FixtureRow[], options: { accNo?: string } = {}): Buffer {
  const preamble: string[][] = [
    ['Account Name', ':', 'Mrs. ASHA RAO'],
    ['Address', ':', '12 MG Road, Bengaluru'],
    options.accNo ? ['Account Number', ':', `_${options.accNo}`] : ['Account Description', ':', 'SAVINGS ACCOUNT'],
    ['Branch', ':', 'MG ROAD'],
    [],
  ];
  const header = ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'];
  const body = rows.map((r) => [r.date, r.date, r.particulars, '', r.withdrawal, r.deposit, r.balance]);
  return Buffer.from(toCsv([...preamble, header, ...body]));
}

export type SheetCell = string | number | Date | null | ExcelJS.CellValue;

/** An XLSX workbook; `sheets` in order, each a list of rows. Date cells get a date format, as Excel gives them. */
export async function xlsxFile(sheets: { name: string; rows: SheetCell[][] }[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) {
      const added = worksheet.addRow(row);
      added.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'dd/mm/yyyy';
      });
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Excel's own "Encrypt with password" (ECMA-376 agile encryption): a CFB container, no longer a zip. */
export function encryptXlsx(xlsx: Buffer, password: string): Buffer {
  return officeCrypto.encrypt(xlsx, { password });
}

/** A CFB container holding a BIFF "Workbook" stream, as a legacy .xls has (its records need not be valid to be recognised). */
export function legacyXlsFile(): Buffer {
  const cfb = CFB.utils.cfb_new();
  // A BOF record (0x0809) for BIFF8, then EOF (0x000a).
  const biff = Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00, ...Array(12).fill(0), 0x0a, 0x00, 0x00, 0x00]);
  CFB.utils.cfb_add(cfb, '/Workbook', biff);
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

/** A CFB container that is a Word document, not a workbook. */
export function legacyWordFile(): Buffer {
  const cfb = CFB.utils.cfb_new();
  CFB.utils.cfb_add(cfb, '/WordDocument', Buffer.alloc(64));
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

export interface PdfLayout {
  /** Lines above the table on the first page. */
  preamble?: string[];
  header: string[];
  /** Rows of cells; a row's cell may hold several lines (a wrapped narration) separated by "\n". */
  rows: string[][];
  /** Left edge of each column. */
  columnX: number[];
  /** Columns whose text is right-aligned at the next column's left edge minus a gutter (amounts). */
  rightAligned?: number[];
  rowsPerPage?: number;
  /** Repeat the header at the top of each page and print "Page n of m" at the bottom, as banks do. */
  pageFurniture?: boolean;
}

/** A text PDF laid out like a bank statement: one text item per cell, lines 14 pt apart. */
export async function pdfFile(layout: PdfLayout): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = 8;
  const rowsPerPage = layout.rowsPerPage ?? 40;
  const pages = Math.max(1, Math.ceil(layout.rows.length / rowsPerPage));
  const pageWidth = 595;
  const right = (column: number) => (layout.columnX[column + 1] ?? pageWidth - 20) - 6;
  const drawRow = (page: ReturnType<PDFDocument['addPage']>, cells: string[], y: number): number => {
    let lines = 1;
    cells.forEach((cell, column) => {
      cell.split('\n').forEach((text, lineIndex) => {
        if (text === '') return;
        const x = layout.rightAligned?.includes(column) ? right(column) - font.widthOfTextAtSize(text, size) : layout.columnX[column]!;
        page.drawText(text, { x, y: y - lineIndex * 14, size, font });
        lines = Math.max(lines, lineIndex + 1);
      });
    });
    return y - lines * 14;
  };
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([pageWidth, 842]);
    let y = 800;
    if (p === 0) {
      for (const line of layout.preamble ?? []) {
        page.drawText(line, { x: 40, y, size, font });
        y -= 14;
      }
      y -= 14;
    }
    if (p === 0 || layout.pageFurniture) y = drawRow(page, layout.header, y);
    for (const row of layout.rows.slice(p * rowsPerPage, (p + 1) * rowsPerPage)) y = drawRow(page, row, y);
    if (layout.pageFurniture) page.drawText(`Page ${p + 1} of ${pages}`, { x: 270, y: 30, size, font });
  }
  return Buffer.from(await doc.save());
}

/** A PDF with a page and no text at all, like a scanned statement without OCR. */
export async function blankPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  return Buffer.from(await doc.save());
}

/** Encrypts a PDF with qpdf (AES-256): opening it needs `userPassword`. */
export async function encryptPdf(pdf: Buffer, userPassword: string, ownerPassword = `${userPassword}-owner`): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'statement-pdf-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('qpdf', ['--encrypt', userPassword, ownerPassword, '256', '--', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
    return await readFile(join(dir, 'out.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The layout most PDF tests use: HDFC-like columns, amounts right-aligned. */
export const PDF_COLUMNS = {
  header: ['Date', 'Narration', 'Chq./Ref.No.', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
  columnX: [30, 85, 270, 345, 425, 505],
  rightAligned: [3, 4, 5],
};
