import { join, posix } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import officeCrypto from 'officecrypto-tool';
import CFB from 'cfb';
import { XMLParser } from 'fast-xml-parser';
import { StatementFileError, parseFailed, unsupportedFile } from './errors';
import { isMarkupWorkbook, sniffContainer } from './detect';
import { inferColumns, textDecimalComma, toPointDecimal, type SampleRecord } from './csv-layout';
import { StatementTable, type CellValue } from './table';
import { readWithSheetJs } from './xls-reader';
import type { ProfileOptions } from './profiles/profile';
import type { PasswordCheck, ReaderOutput } from './types';
import { runWorkerOnce } from './worker-thread';

/**
 * Which workbook a spreadsheet buffer holds: an encrypted XLSX is a CFB container with EncryptionInfo, a legacy
 * .xls a CFB container with a BIFF Workbook (or BIFF5 Book) stream, and `markup` is the HTML table or
 * SpreadsheetML 2003 XML that many banks serve under an .xls name.
 */
type Workbook = { kind: 'xlsx' } | { kind: 'encrypted-xlsx' } | { kind: 'legacy-xls'; encrypted: boolean } | { kind: 'markup' };

function classify(buffer: Buffer): Workbook {
  const container = sniffContainer(buffer);
  if (container === 'zip') return { kind: 'xlsx' };
  // Detection sends text here only when it is markup (isMarkupWorkbook); checked again for direct callers.
  if (container === 'text' && isMarkupWorkbook(buffer)) return { kind: 'markup' };
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

/** Excel 2003 XML has real worksheets; any other markup is an HTML page, whose tables Excel stacks in one sheet. */
function isSpreadsheetMl(buffer: Buffer): boolean {
  return /<(?:ss:)?Workbook\b/.test(buffer.subarray(0, 4096).toString('utf8'));
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
async function decryptOffThread(buffer: Buffer, password: string): Promise<Buffer> {
  type Reply = { ok: true; data: Uint8Array } | { ok: false; message: string };
  const outcome = await runWorkerOnce<Reply>(DECRYPT_WORKER, { data: new Uint8Array(buffer), password }, { timeoutMs: DECRYPT_TIMEOUT_MS });
  switch (outcome.kind) {
    case 'reply':
      if (!outcome.reply.ok) throw new Error(outcome.reply.message);
      return Buffer.from(outcome.reply.data.buffer, outcome.reply.data.byteOffset, outcome.reply.data.byteLength);
    case 'timeout':
      throw new Error('decrypting the workbook took too long');
    case 'out_of_memory':
      throw new Error('the workbook is too large to decrypt');
    case 'error':
      throw outcome.error;
    case 'exit':
      throw new Error(`the decryption worker stopped (exit code ${outcome.code})`);
  }
}

function isWrongPassword(err: unknown): boolean {
  return err instanceof Error && /password is incorrect/i.test(err.message);
}

const cannotDecrypt = (err: unknown) => unsupportedFile(`the workbook's encryption cannot be read (${(err as Error).message})`);

async function decryptWorkbook(buffer: Buffer, password: string | undefined): Promise<Buffer> {
  if (!password) throw new StatementFileError('PASSWORD_REQUIRED', 'the workbook is protected by a password; give the password it opens with');
  let plain: Buffer;
  try {
    plain = await decryptOffThread(buffer, password);
  } catch (err) {
    if (isWrongPassword(err)) throw new StatementFileError('WRONG_PASSWORD', 'the password does not open the workbook');
    throw cannotDecrypt(err);
  }
  if (sniffContainer(plain) !== 'zip') throw unsupportedFile('the decrypted workbook is not an XLSX file');
  return plain;
}

/**
 * Excel encrypts a legacy .xls that is only write-protected (or "read-only recommended") with this fixed
 * password, and opens it without asking ([MS-OFFCRYPTO] 2.4.2.3 / [MS-XLS] 2.2.10); such a file is not
 * protected for the person reading it.
 */
const EXCEL_DEFAULT_PASSWORD = 'VelvetSweatshop';

/** The default password's plain workbook, or null when the file has a password of its own. */
async function openWithDefaultPassword(buffer: Buffer): Promise<Buffer | null> {
  try {
    return await decryptOffThread(buffer, EXCEL_DEFAULT_PASSWORD);
  } catch (err) {
    if (isWrongPassword(err)) return null;
    throw cannotDecrypt(err);
  }
}

/**
 * A legacy .xls as SheetJS can read it: encrypted ones (RC4, RC4 CryptoAPI or XOR obfuscation, what Excel
 * 97-2003 writes) are decrypted by officecrypto-tool, which SheetJS CE cannot do.
 */
async function plainLegacyXls(buffer: Buffer, encrypted: boolean, password: string | undefined): Promise<Buffer> {
  if (!encrypted) return buffer;
  const byDefault = await openWithDefaultPassword(buffer);
  if (byDefault) return byDefault;
  if (!password) throw new StatementFileError('PASSWORD_REQUIRED', 'the workbook is protected by a password; give the password it opens with');
  try {
    return await decryptOffThread(buffer, password);
  } catch (err) {
    if (isWrongPassword(err)) throw new StatementFileError('WRONG_PASSWORD', 'the password does not open the workbook');
    throw cannotDecrypt(err);
  }
}

/** A damaged or unusual .xls that Excel may still open: the way out the person has. */
const LEGACY_XLS_HELP = 'if Excel or LibreOffice opens it, save it as .xlsx or CSV and upload that';

/** Opens the workbook (decrypting it where protected) without reading cells: the pipeline's read_file step. */
export async function openExcel(buffer: Buffer, password: string | undefined): Promise<void> {
  const workbook = classify(buffer);
  if (workbook.kind === 'legacy-xls') await plainLegacyXls(buffer, workbook.encrypted, password);
  if (workbook.kind === 'encrypted-xlsx') await decryptWorkbook(buffer, password);
}

/** Whether `password` opens the workbook, for the recovery endpoint (which checks before it saves). */
export async function checkExcelPassword(buffer: Buffer, password: string): Promise<PasswordCheck> {
  const workbook = classify(buffer);
  if (workbook.kind === 'legacy-xls' && workbook.encrypted && (await openWithDefaultPassword(buffer))) return 'not_protected';
  const encrypted = workbook.kind === 'encrypted-xlsx' || (workbook.kind === 'legacy-xls' && workbook.encrypted);
  if (!encrypted) return 'not_protected';
  try {
    await decryptOffThread(buffer, password);
    return 'ok';
  } catch (err) {
    if (isWrongPassword(err)) return 'wrong';
    throw cannotDecrypt(err);
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
 * exceljs's streaming reader keeps a large sheet out of memory, but it only knows the package layout Excel and
 * exceljs write: it looks parts up by fixed names (`xl/workbook.xml`, `xl/worksheets/sheetN.xml`, ...) instead of
 * following the relationships, and it parses a worksheet as soon as it has met the shared strings and the
 * workbook relationships. Everything else is a writer's choice that other producers make differently:
 * - zip entry order: with `xl/workbook.xml` or `xl/styles.xml` after a sheet, the sheet is read without them and
 *   fails ("reading 'sheets'") or reads date cells as plain numbers;
 * - no `xl/sharedStrings.xml` (SheetJS, and writers that use inline strings): every sheet is parked in a
 *   temporary file until the end of the zip, and parts after it are then read empty now and then (the same
 *   "reading 'sheets'"; a SheetJS-written workbook failed about one read in two);
 * - the workbook under another name (`_rels/.rels` decides), absolute targets (`/xl/worksheets/...`), sheets
 *   named other than `sheetN.xml`: parts are not found, sheets lose their names or are not read at all.
 * So the package is read from its relationships, and where it differs from that layout it is rewritten to it
 * (jszip, which exceljs itself uses): relationships and workbook first, styles, shared strings (an empty part
 * where there is none), then the sheets in workbook order as `xl/worksheets/sheetN.xml`. Only the central
 * directory, the small metadata parts and the first bytes of each sheet are read for the check; a package
 * already in that layout is used as it is. Excel and exceljs themselves write sheets before styles and shared
 * strings, so most workbooks are rewritten: the sheets' deflated data is copied, not inflated again
 * (compressedContent), which costs ~0.25 s for 100,000 rows and makes the read faster overall (no sheet is
 * parked in a temporary file).
 */
const CANONICAL = {
  workbook: 'xl/workbook.xml',
  rels: 'xl/_rels/workbook.xml.rels',
  styles: 'xl/styles.xml',
  sharedStrings: 'xl/sharedStrings.xml',
};
const CANONICAL_SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
const REL_TYPES = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * Cell encodings exceljs's streaming reader gets wrong without failing, so they go to SheetJS instead:
 * ISO date cells (`t="d"`, read as the year: "2024-04-01" -> 2024), cells or rows without their `r` address,
 * namespace-prefixed elements (`<x:c>`, .NET writers), and rich inline strings (`<is><r>`: only the last run
 * is kept). Checked on each sheet's first 256 KiB: the date and narration columns show these on every row.
 */
const STREAMING_MISREADS: [RegExp, string][] = [
  [/<c\b[^>]*\bt="d"/, 'ISO date cells'],
  [/<(?:c|row)(?=[\s/>])(?![^>]*\sr=)[^>]*>/, 'cells without an address'],
  [/<[A-Za-z_][\w.-]*:(?:worksheet|sheetData|row|c)\b/, 'namespace-prefixed elements'],
  [/<is>\s*<r>/, 'rich inline strings'],
];
const SHEET_HEAD_BYTES = 256 * 1024;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  isArray: (name) => name === 'Relationship' || name === 'sheet',
});

interface Relationship {
  Id: string;
  Type: string;
  Target: string;
  TargetMode?: string;
}

/** How the XLSX is read: exceljs's streaming reader (on `buffer`), or SheetJS for what exceljs would misread. */
export type XlsxRoute = { reader: 'exceljs'; buffer: Buffer; rewritten: boolean } | { reader: 'sheetjs'; reason: string };

/** Part names are case-insensitive in a package (OPC); most writers match case, some do not. */
function findPart(zip: JSZip, name: string): JSZip.JSZipObject | null {
  const exact = zip.file(name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  return Object.values(zip.files).find((entry) => !entry.dir && entry.name.toLowerCase() === lower) ?? null;
}

async function relationships(zip: JSZip, relsName: string): Promise<Relationship[]> {
  const part = findPart(zip, relsName);
  if (!part) return [];
  const parsed = xml.parse(await part.async('string')) as { Relationships?: { Relationship?: Relationship[] } };
  return parsed.Relationships?.Relationship ?? [];
}

/** A relationship's target as a part name: absolute (`/xl/...`) or relative to the source part's folder. */
function resolveTarget(source: string, target: string): string {
  const decoded = decodeURIComponent(target);
  if (decoded.startsWith('/')) return decoded.slice(1);
  return posix.normalize(posix.join(posix.dirname(source), decoded));
}

function relsOf(part: string): string {
  return posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
}

/** The first bytes of a part, without inflating the rest of it. */
function partHead(part: JSZip.JSZipObject, bytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stream = part.nodeStream('nodebuffer');
    const done = () => {
      // A paused stream stops inflating (backpressure); the rest of the part is never read.
      stream.pause();
      stream.removeAllListeners('data');
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) done();
    });
    stream.once('error', reject);
    stream.once('end', done);
  });
}

export async function routeXlsx(xlsx: Buffer): Promise<XlsxRoute> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(xlsx);
  } catch (err) {
    return { reader: 'sheetjs', reason: `jszip cannot open the package (${(err as Error).message})` };
  }
  const officeDocument = (await relationships(zip, '_rels/.rels')).find((rel) => rel.Type === `${REL_TYPES}/officeDocument`);
  const workbookName = officeDocument ? resolveTarget('', officeDocument.Target) : CANONICAL.workbook;
  const workbookPart = findPart(zip, workbookName);
  // No workbook part at all: nothing to rewrite, and exceljs's "reading 'sheets'" would explain nothing.
  if (!workbookPart) return { reader: 'sheetjs', reason: `the package has no workbook part (${workbookName})` };
  const workbookXml = await workbookPart.async('string');
  if (/<[A-Za-z_][\w.-]*:workbook\b/.test(workbookXml)) return { reader: 'sheetjs', reason: 'namespace-prefixed workbook' };

  const rels = (await relationships(zip, relsOf(workbookPart.name))).filter((rel) => rel.TargetMode !== 'External');
  const partOf = (rel: Relationship | undefined) => (rel ? findPart(zip, resolveTarget(workbookPart.name, rel.Target)) : null);
  const byId = new Map(rels.map((rel) => [rel.Id, rel]));
  const declared = (xml.parse(workbookXml) as { workbook?: { sheets?: { sheet?: { id?: string }[] } } }).workbook?.sheets?.sheet ?? [];
  const sheets: { rel: Relationship; part: JSZip.JSZipObject }[] = [];
  for (const sheet of declared) {
    const rel = sheet.id === undefined ? undefined : byId.get(sheet.id);
    const part = rel && rel.Type === `${REL_TYPES}/worksheet` ? partOf(rel) : null;
    if (rel && part) sheets.push({ rel, part });
  }
  if (sheets.length === 0) return { reader: 'sheetjs', reason: 'no worksheet found through the relationships' };
  const styles = partOf(rels.find((rel) => rel.Type === `${REL_TYPES}/styles`));
  const sharedStrings = partOf(rels.find((rel) => rel.Type === `${REL_TYPES}/sharedStrings`));

  for (const { part } of sheets) {
    const head = await partHead(part, SHEET_HEAD_BYTES);
    const misread = STREAMING_MISREADS.find(([pattern]) => pattern.test(head));
    if (misread) return { reader: 'sheetjs', reason: `${part.name} has ${misread[1]}` };
  }

  const names = Object.keys(zip.files);
  const firstSheet = Math.min(...sheets.map(({ part }) => names.indexOf(part.name)));
  const metadataFirst = [workbookPart.name, relsOf(workbookPart.name), styles?.name, sharedStrings?.name].every(
    (name) => name === undefined || names.indexOf(name) < firstSheet,
  );
  const canonical =
    workbookPart.name === CANONICAL.workbook &&
    (styles === null || styles.name === CANONICAL.styles) &&
    sharedStrings?.name === CANONICAL.sharedStrings &&
    sheets.every(({ rel, part }) => CANONICAL_SHEET.test(part.name) && rel.Target === part.name.slice('xl/'.length));
  if (canonical && metadataFirst) return { reader: 'exceljs', buffer: xlsx, rewritten: false };
  return { reader: 'exceljs', buffer: await canonicalPackage(zip, workbookXml, sheets, styles, sharedStrings), rewritten: true };
}

/** The package in the layout exceljs's streaming reader expects (see routeXlsx); other parts are not needed to read cells. */
async function canonicalPackage(
  zip: JSZip,
  workbookXml: string,
  sheets: { rel: Relationship; part: JSZip.JSZipObject }[],
  styles: JSZip.JSZipObject | null,
  sharedStrings: JSZip.JSZipObject | null,
): Promise<Buffer> {
  const rel = (id: string, type: string, target: string) => `<Relationship Id="${escapeXml(id)}" Type="${REL_TYPES}/${type}" Target="${target}"/>`;
  const ids = new Set(sheets.map(({ rel: r }) => r.Id));
  const freeId = (wanted: string) => (ids.has(wanted) ? `${wanted}-${ids.size}` : wanted);
  const workbookRels = [
    ...sheets.map(({ rel: r }, i) => rel(r.Id, 'worksheet', `worksheets/sheet${i + 1}.xml`)),
    ...(styles ? [rel(freeId('rIdStyles'), 'styles', 'styles.xml')] : []),
    rel(freeId('rIdSharedStrings'), 'sharedStrings', 'sharedStrings.xml'),
  ];
  const out = new JSZip();
  const contentTypes = findPart(zip, '[Content_Types].xml');
  if (contentTypes) out.file('[Content_Types].xml', await contentTypes.async('nodebuffer'));
  out.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
  );
  out.file(
    CANONICAL.rels,
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${workbookRels.join('')}</Relationships>`,
  );
  out.file(CANONICAL.workbook, workbookXml);
  if (styles) out.file(CANONICAL.styles, await styles.async('nodebuffer'));
  // An empty shared string table makes exceljs read each sheet as it streams past instead of parking it in a temporary file.
  out.file(
    CANONICAL.sharedStrings,
    sharedStrings
      ? await sharedStrings.async('nodebuffer')
      : '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
  );
  for (const [i, { part }] of sheets.entries()) out.file(`xl/worksheets/sheet${i + 1}.xml`, await compressedContent(part));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}

/**
 * A part's content as jszip holds it after loading: still compressed. Handed to another JSZip, a deflated part is
 * copied as it is instead of being inflated and deflated again (jszip reuses compressed data whose method matches,
 * `_compressWorker` in jszip 3.x); for a 100,000-row sheet that is most of the rewrite's cost. `_data` is jszip's
 * own field, not its documented API, so anything unexpected falls back to the inflated bytes.
 */
async function compressedContent(part: JSZip.JSZipObject): Promise<Buffer> {
  const data = (part as unknown as { _data?: { compressedSize?: unknown; getCompressedWorker?: unknown } })._data;
  // Typed as a Buffer for JSZip.file's signature, which does not list the compressed objects it also takes.
  if (data && typeof data.getCompressedWorker === 'function' && typeof data.compressedSize === 'number') return data as unknown as Buffer;
  return part.async('nodebuffer');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

/**
 * Reads a workbook: XLSX through exceljs's streaming reader (a large sheet is not held as a whole workbook
 * model), everything else through SheetJS in a worker thread (xls-reader.ts): legacy .xls (decrypted first
 * where protected), HTML/XML spreadsheets, and XLSX exceljs would misread or cannot read.
 */
export async function readExcelStatement(buffer: Buffer, password: string | undefined, reading: ProfileOptions = {}): Promise<ReaderOutput> {
  const workbook = classify(buffer);
  if (workbook.kind === 'markup') return readWithSheetJs(buffer, 'spreadsheet', { joinTables: !isSpreadsheetMl(buffer), reading });
  if (workbook.kind === 'legacy-xls') {
    return readWithSheetJs(await plainLegacyXls(buffer, workbook.encrypted, password), 'workbook', { unreadableHelp: LEGACY_XLS_HELP, reading });
  }
  const xlsx = workbook.kind === 'encrypted-xlsx' ? await decryptWorkbook(buffer, password) : buffer;
  const route = await routeXlsx(xlsx);
  if (route.reader === 'sheetjs') return readWithSheetJs(xlsx, 'workbook', { reading });
  try {
    return await readWithExcelJs(route.buffer, reading);
  } catch (err) {
    if (err instanceof StatementFileError) throw err;
    // exceljs could not cope with the package (its own fault, not a bad row): SheetJS reads it whole, or
    // reports why it cannot be read. Nothing of the failed attempt is kept.
    return readWithSheetJs(xlsx, 'workbook', { reading });
  }
}

/**
 * The first worksheet (in file order) with a recognisable header is the statement; rows are numbered as Excel
 * shows them. Errors that are not StatementFileErrors are exceljs's own and are passed on as they are.
 */
async function readWithExcelJs(xlsx: Buffer, reading: ProfileOptions, inferred?: InferredSheet): Promise<ReaderOutput> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([xlsx]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date-formatted number (a Date) from a plain one.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let lastError: StatementFileError | null = null;
  let firstHeaderless: InferredSheet | null = null;
  let sheet = -1;
  for await (const worksheet of reader) {
    sheet++;
    const name = (worksheet as unknown as { name?: string }).name ?? 'the first sheet';
    const table = new StatementTable((row) => `row ${row} of sheet "${name}"`, false, reading);
    table.decimalComma = toPointDecimal;
    const header = inferred?.sheet === sheet ? inferred : null;
    const sample: { cells: CellValue[]; line: number }[] = [];
    for await (const row of worksheet) {
      const values = row.values as ExcelJS.CellValue[];
      // exceljs rows are 1-based: values[0] is always empty.
      const cells: CellValue[] = [];
      for (let i = 1; i < values.length; i++) cells.push(plainCell(values[i]));
      if (header && row.number === header.firstDataLine) table.push(header.header, row.number - 1);
      if (!header && !table.hasHeader && sample.length < HEADERLESS_SAMPLE_ROWS) sample.push({ cells, line: row.number });
      if (!table.push(cells, row.number)) break;
    }
    try {
      return table.finish('workbook');
    } catch (err) {
      // Only "no header" falls through to the next sheet; a bad row in the statement's sheet is final.
      if (!(err instanceof StatementFileError) || table.hasHeader) throw err;
      lastError = err;
      if (!inferred && !firstHeaderless) {
        const comma = textDecimalComma(sample.flatMap((r) => r.cells.filter((c): c is string => typeof c === 'string')));
        const columns = inferColumns(sample.map((r): SampleRecord => ({ cells: r.cells.map((c) => sampleText(c, comma)), line: r.line })));
        // A line of words right above the first row is a header the vocabulary cannot name (`Boekdatum, Bedrag,
        // Af/Bij`, the narration's cell cut off as a workbook row's trailing blanks are): reported as no header
        // found, never read by guessing past it.
        const above = sample[sample.findIndex((r) => r.line === columns?.firstDataLine) - 1];
        const words = above?.cells.filter((c) => typeof c === 'string' && c.trim() !== '') ?? [];
        const headerLike = words.length >= 3 && words.every((c) => !/\d/.test(String(c)));
        if (columns && !headerLike) firstHeaderless = { sheet, header: columns.header, firstDataLine: columns.firstDataLine };
      }
    }
  }
  // No sheet has a header row: the first whose columns the rows themselves tell (csv-layout.ts inferColumns, as for a
  // headerless CSV) is read again with that header before its first row. The stream cannot be rewound, and a
  // headerless sheet is read as far as the preamble allowance only, so this is a second pass.
  if (firstHeaderless) return readWithExcelJs(xlsx, reading, firstHeaderless);
  throw lastError ?? parseFailed('the workbook has no worksheets');
}

const HEADERLESS_SAMPLE_ROWS = 260;
type InferredSheet = { sheet: number; header: string[]; firstDataLine: number };

/**
 * A cell as the headerless inference reads text: a date cell as its ISO day, a number as its shortest decimal (at
 * least two places) with the decimal mark the sheet's text amounts use (a number cell has none of its own).
 */
function sampleText(cell: CellValue, decimalComma: boolean): string {
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    // Whole amounts show no decimals in the cell's value (`-215`) though the sheet prints `-215.00`.
    const text = Number.isInteger(cell) ? cell.toFixed(2) : String(cell);
    return decimalComma ? text.replace('.', ',') : text;
  }
  return (cell ?? '').trim();
}
