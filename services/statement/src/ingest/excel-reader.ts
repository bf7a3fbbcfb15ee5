import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import officeCrypto from 'officecrypto-tool';
import CFB from 'cfb';
import { StatementFileError, parseFailed, unsupportedFile } from './errors';
import { sniffContainer } from './detect';
import { StatementTable, type CellValue } from './table';
import type { ParsedStatement, PasswordCheck } from './types';

const LEGACY_XLS_MESSAGE =
  'legacy Excel 97-2003 (.xls) workbooks cannot be read (no maintained reader for the format is available); ' +
  'open the file in Excel or LibreOffice, save it as .xlsx or CSV and upload that';

type Workbook = { kind: 'xlsx' } | { kind: 'encrypted-xlsx' } | { kind: 'legacy-xls'; encrypted: boolean };

/** Which workbook a spreadsheet buffer holds: an encrypted XLSX is a CFB container with EncryptionInfo. */
function classify(buffer: Buffer): Workbook {
  const container = sniffContainer(buffer);
  if (container === 'zip') return { kind: 'xlsx' };
  if (container !== 'cfb') throw unsupportedFile('the file is not an Excel workbook');
  let cfb: CFB.CFB$Container;
  try {
    cfb = CFB.read(buffer, { type: 'buffer' });
  } catch (err) {
    throw unsupportedFile(`the file is not a readable Excel workbook (${(err as Error).message})`);
  }
  if (CFB.find(cfb, '/EncryptionInfo') && CFB.find(cfb, '/EncryptedPackage')) return { kind: 'encrypted-xlsx' };
  if (CFB.find(cfb, 'Workbook') || CFB.find(cfb, 'Book')) return { kind: 'legacy-xls', encrypted: safeIsEncrypted(buffer) };
  throw unsupportedFile('the file is an Office document but not an Excel workbook');
}

function safeIsEncrypted(buffer: Buffer): boolean {
  try {
    return officeCrypto.isEncrypted(buffer);
  } catch {
    return false;
  }
}

const DECRYPT_WORKER = join(__dirname, 'office-decrypt.worker.mjs');
const DECRYPT_TIMEOUT_MS = 30_000;

/**
 * officecrypto-tool's decrypt, in a worker thread (office-decrypt.worker.mjs): Excel's deliberately slow key
 * derivation would otherwise hold the event loop for ~0.5 s. Failures keep the library's own messages, so
 * isWrongPassword reads them as before.
 */
function decryptOffThread(buffer: Buffer, password: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DECRYPT_WORKER, { workerData: { data: new Uint8Array(buffer), password }, stdout: false, stderr: false });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new Error('decrypting the workbook took too long'))), DECRYPT_TIMEOUT_MS);
    worker.once('message', (reply: { ok: true; data: Uint8Array } | { ok: false; message: string }) =>
      settle(() => (reply.ok ? resolve(Buffer.from(reply.data.buffer, reply.data.byteOffset, reply.data.byteLength)) : reject(new Error(reply.message)))),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the decryption worker stopped (exit code ${code})`))));
  });
}

function isWrongPassword(err: unknown): boolean {
  return err instanceof Error && /password is incorrect/i.test(err.message);
}

async function decryptWorkbook(buffer: Buffer, password: string | undefined): Promise<Buffer> {
  if (!password) throw new StatementFileError('PASSWORD_REQUIRED', 'the workbook is password-protected; supply its password');
  let plain: Buffer;
  try {
    plain = await decryptOffThread(buffer, password);
  } catch (err) {
    if (isWrongPassword(err)) throw new StatementFileError('WRONG_PASSWORD', 'the password does not open the workbook');
    throw unsupportedFile(`the workbook's encryption cannot be read (${(err as Error).message})`);
  }
  if (sniffContainer(plain) !== 'zip') throw unsupportedFile('the decrypted workbook is not an XLSX file');
  return plain;
}

/** Opens the workbook (decrypting it where protected) without reading cells: the pipeline's read_file step. */
export async function openExcel(buffer: Buffer, password: string | undefined): Promise<void> {
  const workbook = classify(buffer);
  if (workbook.kind === 'legacy-xls') throw unsupportedFile(LEGACY_XLS_MESSAGE);
  if (workbook.kind === 'encrypted-xlsx') await decryptWorkbook(buffer, password);
}

/** Whether `password` opens the workbook, for the recovery endpoint (which checks before it saves). */
export async function checkExcelPassword(buffer: Buffer, password: string): Promise<PasswordCheck> {
  const workbook = classify(buffer);
  const encrypted = workbook.kind === 'encrypted-xlsx' || (workbook.kind === 'legacy-xls' && workbook.encrypted);
  if (!encrypted) return 'not_protected';
  try {
    await decryptOffThread(buffer, password);
    return 'ok';
  } catch (err) {
    if (isWrongPassword(err)) return 'wrong';
    throw unsupportedFile(`the workbook's encryption cannot be read (${(err as Error).message})`);
  }
}

/** exceljs cell values -> what the table reads: text, a number, a Date or nothing. */
function plainCell(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in value) return (value as ExcelJS.CellHyperlinkValue).text;
  if ('error' in value) return (value as ExcelJS.CellErrorValue).error;
  return null;
}

/**
 * XLSX through exceljs's streaming reader, so a large sheet is not held as a whole workbook model. The first
 * worksheet with a recognisable header is the statement; rows are numbered as Excel shows them.
 */
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const METADATA = [WORKBOOK_RELS, 'xl/workbook.xml', 'xl/styles.xml', SHARED_STRINGS];
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * exceljs's streaming reader parses a worksheet as soon as it has met the shared strings and the workbook
 * relationships, even when `xl/workbook.xml` or `xl/styles.xml` come later in the zip: it then fails
 * ("reading 'sheets'") or reads date cells as plain numbers, because the styles that mark them are not loaded.
 * Zip entry order is the writer's choice (exceljs's own writer varies it under load), so a workbook in that
 * order is rewritten with its metadata first. The check reads only the central directory; the rewrite
 * happens only for such files.
 */
export async function inStreamableOrder(xlsx: Buffer): Promise<Buffer> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(xlsx);
  } catch {
    return xlsx; // not a zip we can read: let exceljs report it
  }
  const names = Object.keys(zip.files);
  const at = (name: string) => names.indexOf(name);
  // A sheet is parsed on the spot once the shared strings and the relationships are behind it.
  const eager = names.findIndex((n, i) => SHEET.test(n) && at(SHARED_STRINGS) >= 0 && at(SHARED_STRINGS) < i && at(WORKBOOK_RELS) >= 0 && at(WORKBOOK_RELS) < i);
  if (eager < 0 || !METADATA.some((name) => at(name) > eager)) return xlsx;
  const ordered = new JSZip();
  for (const name of [...METADATA.filter((n) => at(n) >= 0), ...names.filter((n) => !METADATA.includes(n))]) {
    const entry = zip.files[name]!;
    if (!entry.dir) ordered.file(name, await entry.async('nodebuffer'));
  }
  return ordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

export async function readExcelStatement(buffer: Buffer, password: string | undefined): Promise<Pick<ParsedStatement, 'rows' | 'metadata'>> {
  const workbook = classify(buffer);
  if (workbook.kind === 'legacy-xls') throw unsupportedFile(LEGACY_XLS_MESSAGE);
  const xlsx = workbook.kind === 'encrypted-xlsx' ? await decryptWorkbook(buffer, password) : buffer;

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([await inStreamableOrder(xlsx)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date-formatted number (a Date) from a plain one.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let lastError: StatementFileError | null = null;
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name?: string }).name ?? 'the first sheet';
      const table = new StatementTable((row) => `row ${row} of sheet "${name}"`);
      for await (const row of worksheet) {
        const values = row.values as ExcelJS.CellValue[];
        // exceljs rows are 1-based: values[0] is always empty.
        const cells: CellValue[] = [];
        for (let i = 1; i < values.length; i++) cells.push(plainCell(values[i]));
        if (!table.push(cells, row.number)) break;
      }
      try {
        return table.finish('workbook');
      } catch (err) {
        // Only "no header" falls through to the next sheet; a bad row in the statement's sheet is final.
        if (!(err instanceof StatementFileError) || table.hasHeader) throw err;
        lastError = err;
      }
    }
  } catch (err) {
    if (err instanceof StatementFileError) throw err;
    throw parseFailed(`the workbook cannot be read: ${(err as Error).message}`);
  }
  throw lastError ?? parseFailed('the workbook has no worksheets');
}
