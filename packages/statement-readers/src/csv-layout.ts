/**
 * How a bank's CSV is laid out, decided from the file itself before and while its rows are read: the text
 * encoding, the delimiter, whether amounts use a decimal comma, the columns of a file without a header row,
 * rows widened by an unquoted comma, and the summary block some banks print under the rows. csv-reader.ts
 * streams the records; everything here is a pure function of the cells (or a small stateful filter over
 * them), so each decision is unit-tested on its own (test/csv-layout.test.ts).
 */
import { isUtf8 } from 'node:buffer';
import { analyse as analyseEncoding } from 'chardet';
import iconv from 'iconv-lite';
import { CsvError, parse as parseSync } from 'csv-parse/sync';
import { AmountFormatError, readAmountText, stripCurrency } from './amounts';
import { DateFormatError, looksLikeDate, readDateText } from './dates';
import { parseFailed } from './errors';
import { columnsWidth, matchHeader, type Columns } from './header';
import { directionOf } from './table';
import { summaryFigure } from './vocabulary';
import type { PrintedFigure, PrintedFigures } from './types';

// ---------------------------------------------------------------------------------------------------------
// Encoding

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | LegacyEncoding;

/**
 * The one-byte and legacy code pages statements are still exported in (issue 31): Western European, Cyrillic
 * (Russian, Ukrainian, Bulgarian banks), Baltic (Estonian, Latvian, Lithuanian banks; it also holds the Nordic
 * letters) and Japanese.
 */
const LEGACY_ENCODINGS = ['windows-1252', 'windows-1251', 'windows-1257', 'shift_jis'] as const;
type LegacyEncoding = (typeof LEGACY_ENCODINGS)[number];
/** chardet's names for what each legacy code page is told apart by (ISO-8859-1 text is Windows-1252 text). */
const CHARDET_NAMES: Record<string, LegacyEncoding> = {
  'ISO-8859-1': 'windows-1252',
  'windows-1252': 'windows-1252',
  'windows-1251': 'windows-1251',
  'KOI8-R': 'windows-1251',
  'ISO-8859-5': 'windows-1251',
  'windows-1257': 'windows-1257',
  'ISO-8859-13': 'windows-1257',
  'ISO-8859-4': 'windows-1257',
  Shift_JIS: 'shift_jis',
};
const LEGACY_SAMPLE_BYTES = 64 * 1024;

const undefinedIn1252 = (b: number) => b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d;

/**
 * Which legacy code page a file that is not UTF-8 was written in. Each candidate decodes the head of the file;
 * one that cannot (an undefined byte, an invalid Shift_JIS sequence) is out. Of the rest, in order: the one under
 * which a header row is found (the header's words are the surest sign: `Bokføringsdato` read as Windows-1252 is
 * `Bokf¸ringsdato`, which names nothing), then the one whose text reads as words (letters, not symbols, and no
 * word mixing Latin and Cyrillic letters), then chardet's statistical guess (it tells Russian in Windows-1251 from
 * the same bytes read as Latin-1 letters, which the first two cannot), then Windows-1252. chardet alone is not
 * enough: on the short text of a statement it gives Baltic files as ISO-8859-1 as often as not.
 */
function legacyEncoding(body: Buffer): LegacyEncoding {
  let end = Math.min(body.length, LEGACY_SAMPLE_BYTES);
  if (end < body.length) end = body.lastIndexOf(0x0a, end) + 1 || end;
  const sample = body.subarray(0, end);
  const hints = new Map<LegacyEncoding, number>();
  for (const { name, confidence } of analyseEncoding(sample)) {
    const encoding = CHARDET_NAMES[name];
    if (encoding && !hints.has(encoding)) hints.set(encoding, confidence);
  }
  const not1252 = sample.some(undefinedIn1252);
  let header1252 = false;
  let best: { encoding: LegacyEncoding; key: number[] } | null = null;
  for (const [rank, encoding] of LEGACY_ENCODINGS.entries()) {
    const text = encoding === 'windows-1252' ? new TextDecoder('windows-1252').decode(sample) : iconv.decode(sample, encoding);
    const header = detectLayout(text).headerLine !== null;
    if (encoding === 'windows-1252') header1252 = header;
    if ((encoding === 'windows-1252' && not1252) || text.includes('\uFFFD')) continue;
    const key = [header ? 1 : 0, wordLikeness(text), hints.get(encoding) ?? 0, -rank];
    if (!best || compareKeys(key, best.key) > 0) best = { encoding, key };
  }
  if (!best) return 'windows-1252';
  // Where Windows-1252 cannot be the file's encoding, another is taken only on evidence (a header found only under
  // it, or chardet naming it): every byte means something in Windows-1251, so "decodes" alone proves nothing.
  if (not1252 && !(best.key[0] === 1 && !header1252) && best.key[2]! < 10) return 'windows-1252';
  return best.encoding;
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * How much the non-ASCII text reads as words: letters count for, symbols against, and a word is implausible when
 * it mixes Latin letters with another script's (`Ьberweisung`, `Overfｸring`) or is three or more accented Latin
 * letters with no plain one (`Îïëàòà`: Cyrillic read as Latin-1). Full-width Latin (`ＡＴＭ引出`) is Japanese text.
 */
function wordLikeness(text: string): number {
  let score = 0;
  for (const ch of text) if (ch.codePointAt(0)! > 0x7f) score += /\p{L}/u.test(ch) ? 1 : -1;
  // Beside a digit stands a currency sign (`£5`, `5€`), not a letter (`Ј5`, `5Ђ`: the same bytes in Windows-1251).
  for (const [ch] of text.matchAll(/(?<=\d)[^\x00-\x7f]|[^\x00-\x7f](?=\d)/gu)) score += /\p{Sc}/u.test(ch) ? 2 : /\p{L}/u.test(ch) ? -2 : 0;
  for (const word of text.match(/\p{L}*[^\x00-\x7f]\p{L}*/gu) ?? []) {
    const latin = word.match(/[a-z\u00c0-\u024f]/gi) ?? [];
    const plain = latin.filter((ch) => ch <= 'z').length;
    const other = [...word].filter((ch) => /\p{L}/u.test(ch) && !/[a-z\u00c0-\u024f\uff21-\uff5a]/i.test(ch)).length;
    if ((latin.length > 0 && other > 0) || (plain === 0 && latin.length >= 3)) score -= word.length;
  }
  return score;
}

export interface DecodedCsv {
  utf8: Buffer;
  encoding: CsvEncoding;
  /** A UTF-8 file with a few bytes that are not: the line of the first (they read as U+FFFD), for a warning. */
  damagedLine?: number;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The file as UTF-8 bytes (csv-parse's input), and what it was written in. Banks and Excel write UTF-8 (with or
 * without a BOM), UTF-16 with a BOM (Excel's "Unicode Text", tab-delimited) and Windows-1252 (older exports
 * and Excel's "CSV" on Windows: a narration's `é` is one byte that is not valid UTF-8). UTF-8 is tried first
 * because a valid UTF-8 file is almost never meant as anything else; Windows-1252 maps every byte except five
 * undefined ones, so a file with those, or with NUL bytes, is refused rather than read as garbage. A file that
 * is mostly UTF-8 (its non-ASCII text is valid UTF-8 at least twice as often as not) with a stray byte stays
 * UTF-8, the stray byte read as U+FFFD and reported, rather than every `₹` turned into Windows-1252 `â‚¹`.
 */
export function decodeCsv(buffer: Buffer): DecodedCsv {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return { utf8: Buffer.from(new TextDecoder('utf-16le').decode(buffer.subarray(2))), encoding: 'utf-16le' };
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return { utf8: Buffer.from(new TextDecoder('utf-16be').decode(buffer.subarray(2))), encoding: 'utf-16be' };
  const body = buffer.subarray(0, 3).equals(UTF8_BOM) ? buffer.subarray(3) : buffer;
  const utf16 = utf16WithoutBom(body);
  if (utf16) return { utf8: Buffer.from(new TextDecoder(utf16).decode(body)), encoding: utf16 };
  if (body.includes(0))
    throw parseFailed(
      'the file contains NUL bytes, so it is not CSV text (UTF-8, UTF-16 or Windows-1252); if it is a spreadsheet, upload it with its .xls or .xlsx name, otherwise save it as CSV UTF-8 and upload it again',
    );
  // isUtf8 is native and allocation-free, so the common case (UTF-8) costs one scan and no copy.
  if (isUtf8(body)) return { utf8: body, encoding: 'utf-8' };
  const lenient = new TextDecoder('utf-8').decode(body);
  let valid = 0;
  let invalid = 0;
  for (const ch of lenient)
    if (ch === '\uFFFD') invalid++;
    else if (ch.codePointAt(0)! > 0x7f) valid++;
  if (valid >= 2 * invalid) {
    const bad = lenient.indexOf('\uFFFD');
    return { utf8: Buffer.from(lenient), encoding: 'utf-8', damagedLine: lenient.slice(0, bad).split('\n').length };
  }
  const legacy = legacyEncoding(body);
  if (legacy !== 'windows-1252') return { utf8: Buffer.from(iconv.decode(body, legacy)), encoding: legacy };
  const undefinedByte = body.findIndex(undefinedIn1252);
  if (undefinedByte !== -1) {
    throw parseFailed(
      `the file is not UTF-8 text, and byte ${undefinedByte + 1} (0x${body[undefinedByte]!.toString(16)}) has no meaning in Windows-1252 either; ` +
        'save the statement as CSV UTF-8 and upload it again',
    );
  }
  // On Node 24 the decoder follows the WHATWG index for 0x80-0x9F (`€`, curly quotes, dashes; checked). Node 20's
  // gave C1 control characters there and needed a table of its own here; the csv-layout test keeps this checked.
  return { utf8: Buffer.from(new TextDecoder('windows-1252').decode(body)), encoding: 'windows-1252' };
}

/** UTF-16 without a BOM shows as a NUL in every other byte of ASCII text. */
function utf16WithoutBom(body: Buffer): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(body.length, 1024) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (body[i] === 0) evenNul++;
    if (body[i + 1] === 0) oddNul++;
  }
  const half = n / 2;
  if (oddNul > half * 0.6 && evenNul === 0) return 'utf-16le';
  if (evenNul > half * 0.6 && oddNul === 0) return 'utf-16be';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Delimiter, header and decimal comma, from a sample of the file

/** Comma first: on a tie the most common one wins. */
export const DELIMITERS = [',', ';', '\t', '~', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Lines of the sample the layout is decided from: the preamble allowance (table.ts) and rows under a header. */
const SAMPLE_RECORDS = 260;
const SAMPLE_BYTES = 256 * 1024;

export interface SampleRecord {
  cells: string[];
  /** The file line the record ends on (csv-parse's info.lines), as the stream passes number them. */
  line: number;
}

export interface CsvLayout {
  delimiter: Delimiter;
  /** Amounts written `1.234,56`: rewritten to `1234.56` before the table reads them. */
  decimalComma: boolean;
  /** The line of the header row found in the sample (the last line of a header spread over 2-3 lines), or null. */
  headerLine: number | null;
  /** For a file without a header row: the header to push before its first row, or null. */
  inferred: InferredHeader | null;
  /** How many fields most records under the header have (csv-parse's expected width; see csv-reader), or null. */
  bodyWidth: number | null;
}

/** csv-parse options every pass shares. */
export const CSV_OPTIONS = {
  bom: true,
  relax_column_count: true,
  // Narrations carry stray quotes (UPI/"SHOP") in unquoted fields; keep them as text.
  relax_quotes: true,
  trim: true,
  skip_empty_lines: true,
} as const;

/**
 * Parses the head of the file with one delimiter. A malformed record is left out, and an error that ends the
 * parse (a quote still open where the sample is cut) keeps the records before it: the stream pass reports
 * whatever is really wrong with the file, with its line.
 */
export function sampleRecords(text: string, delimiter: Delimiter): SampleRecord[] {
  const head = text.length > SAMPLE_BYTES ? text.slice(0, text.lastIndexOf('\n', SAMPLE_BYTES) + 1 || SAMPLE_BYTES) : text;
  const records: SampleRecord[] = [];
  try {
    parseSync(head, {
      ...CSV_OPTIONS,
      delimiter,
      to_line: SAMPLE_RECORDS,
      skip_records_with_error: true,
      on_record: (record: string[], context: { lines: number }) => {
        records.push({ cells: record, line: context.lines });
        return null;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
  }
  return records;
}

/** The index of the record that completes a header row (one line, or a header spread over 2-3 lines), or -1. */
export function findHeader(records: SampleRecord[]): number {
  for (let i = 0; i < records.length; i++) if (headerColumns(records, i)) return i;
  return -1;
}

/** The header's columns if record `i` is a header on its own or the last line of one spread over 2-3 lines. */
export function headerColumns(records: { cells: string[] }[], i: number): { columns: Columns; cells: string[] } | null {
  for (const unnamed of [false, true]) {
    for (let span = 1; span <= 3 && span <= i + 1; span++) {
      const lines = records.slice(i - span + 1, i + 1).map((r) => r.cells);
      const cells = span === 1 ? lines[0]! : joinCells(lines);
      const columns = matchHeader(cells, undefined, unnamed);
      if (columns) return { columns, cells };
    }
  }
  return null;
}

/** Cell-wise join of header lines: `Withdrawal` over `Amt.` reads `Withdrawal Amt.`. */
function joinCells(lines: string[][]): string[] {
  const width = Math.max(...lines.map((l) => l.length));
  return Array.from({ length: width }, (_, j) =>
    lines
      .map((l) => l[j] ?? '')
      .filter((t) => t !== '')
      .join(' '),
  );
}

/**
 * The delimiter, decided the way Python's csv.Sniffer does it (the candidate that splits the lines into a
 * consistent number of fields), but judged on what a statement needs: the delimiter under which a header row
 * appears and the rows below it have its width. A file without a header: the delimiter under which the rows'
 * columns can be inferred (inferColumns). Comma-delimited narrations hold `;` and `/`, `~`-delimited ones hold
 * commas, so counting characters alone would be misled; a header row is not.
 */
export function detectLayout(text: string): CsvLayout {
  let best: { score: number; layout: CsvLayout } | null = null;
  for (const delimiter of DELIMITERS) {
    if (!text.includes(delimiter)) continue;
    const records = sampleRecords(text, delimiter);
    const headerIndex = findHeader(records);
    let score: number;
    let layout: CsvLayout;
    if (headerIndex !== -1) {
      const header = headerColumns(records, headerIndex)!;
      const width = Math.max(filledWidth(header.cells), columnsWidth(header.columns));
      const below = records.slice(headerIndex + 1, headerIndex + 101);
      // Rows of the header's width (or narrower: blank trailing cells) against rows wider than it.
      const fitting = below.filter((r) => filledWidth(r.cells) <= width).length;
      score = 1_000_000 + width * 1000 + fitting - (below.length - fitting) * 2;
      const amountCells = below.flatMap((r) => amountColumnCells(r.cells, header.columns));
      layout = {
        delimiter,
        decimalComma: usesDecimalComma(amountCells),
        headerLine: records[headerIndex]!.line,
        inferred: null,
        bodyWidth: modalWidth(below, records[headerIndex]!.cells.length),
      };
    } else {
      const inferred = inferColumns(records);
      score = inferred ? 500_000 + inferred.header.length * 1000 + inferred.rows : 0;
      layout = { delimiter, decimalComma: inferred?.decimalComma ?? false, headerLine: null, inferred, bodyWidth: inferred?.header.length ?? null };
    }
    if (!best || score > best.score) best = { score, layout };
  }
  return best?.layout ?? { delimiter: ',', decimalComma: false, headerLine: null, inferred: null, bodyWidth: null };
}

/** The most common record width; on a tie, the header's own. */
function modalWidth(records: SampleRecord[], headerWidth: number): number | null {
  const counts = new Map<number, number>();
  for (const r of records) counts.set(r.cells.length, (counts.get(r.cells.length) ?? 0) + 1);
  let best: [number, number] | null = null;
  for (const entry of counts) if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] === headerWidth)) best = entry;
  return best?.[0] ?? null;
}

function amountColumnCells(cells: string[], columns: Columns): string[] {
  const out: string[] = [];
  for (const index of [columns.outflow, columns.inflow, columns.amount, columns.balance]) {
    if (index !== undefined && cells[index]) out.push(cells[index]!);
  }
  return out;
}

export function filledWidth(cells: readonly unknown[]): number {
  let n = cells.length;
  while (n > 0 && (cells[n - 1] === '' || cells[n - 1] === null || cells[n - 1] === undefined)) n--;
  return n;
}

// A decimal comma is told by what follows it: one or two digits (`12,5`, `1.234,56`). A thousands comma is
// always followed by three, and a decimal point by one to three, so `1,234` alone decides nothing.
const DECIMAL_COMMA_END = /\d,\d{1,2}\)?(?:\s*\(?(?:cr|dr)\.?\)?)?(?:\s*(?:€|eur|chf))?$/i;
const DECIMAL_POINT_END = /\d\.\d{1,2}\)?(?:\s*\(?(?:cr|dr)\.?\)?)?(?:\s*(?:€|eur|chf|£))?$/i;

/** True when the amounts end in a decimal comma and none in a decimal point. */
export function usesDecimalComma(amountCells: string[]): boolean {
  let comma = 0;
  for (const raw of amountCells) {
    const cell = stripCurrency(raw);
    if (DECIMAL_POINT_END.test(cell)) return false;
    if (DECIMAL_COMMA_END.test(cell)) comma++;
  }
  return comma > 0;
}

// Thousands as dots (Germany, Italy, Spain), spaces or NBSP (France), apostrophes (Switzerland); one mark per amount.
const EUROPEAN_AMOUNT =
  /^([-+(]?\s*(?:€|EUR\s?)?\s*[-+]?)(\d{1,3}(?:([.\u00a0\u202f '’])\d{3})(?:\3\d{3})*|\d+)(?:,(\d{1,3}))?(\)?(?:\s*\(?(?:cr|dr)\.?\)?)?(?:\s*(?:€|eur|chf))?)$/i;

/** `1.234,56` -> `1234.56`, `1 234,56` -> `1234.56`, `-45,9` -> `-45.9`; anything else is returned as it is (the table then judges it). */
export function toPointDecimal(raw: string): string {
  // A currency the pattern does not know (`1.234,56SEK`) is dropped; one it knows is kept where it stands.
  const text = EUROPEAN_AMOUNT.test(raw) ? raw : stripCurrency(raw);
  const m = EUROPEAN_AMOUNT.exec(text);
  if (!m) return raw;
  return `${m[1]}${m[3] === undefined ? m[2] : m[2]!.replaceAll(m[3], '')}${m[4] === undefined ? '' : `.${m[4]}`}${m[5]}`;
}

// ---------------------------------------------------------------------------------------------------------
// Columns of a file without a header row

export interface InferredHeader {
  /** The header to push to the table before the first row: `Date`, `Particulars`, `Debit`, `Credit`, `Balance`, `Column n`. */
  header: string[];
  /** The line of the first transaction row; lines before it are preamble. */
  firstDataLine: number;
  /** How many sample rows the inference rests on. */
  rows: number;
  decimalComma: boolean;
}

const HAS_DECIMALS = /\d[.,]\d{1,3}\)?(?:\s*(?:\(?(?:cr|dr)\.?\)?))?$/i;

/**
 * Whether the amount-shaped text cells of a sample (dates left out) write a decimal comma: for a workbook, whose
 * number cells have no decimal mark of their own and are written with the one its text cells use.
 */
export function textDecimalComma(cells: string[]): boolean {
  return usesDecimalComma(cells.map(stripCurrency).filter((c) => HAS_DECIMALS.test(c) && AMOUNT_CHARS.test(c) && !isDate(c)));
}

/** A date in any format the table reads, day or month first (the table decides the order for the whole column). */
export function isDate(text: string): boolean {
  if (!looksLikeDate(text)) return false;
  for (const order of ['dmy', 'mdy'] as const) {
    try {
      readDateText(text, order);
      return true;
    } catch (err) {
      if (!(err instanceof DateFormatError)) throw err;
    }
  }
  return false;
}

// What could be an amount at all: digits with separators, a sign or parentheses, a currency, a Cr/Dr marker.
// Checked first because the repair tries readings that are mostly not amounts, and an exception per try is slow.
const AMOUNT_CHARS = /^[-+(]?\s*(?:₹|rs\.?|inr|\$|€|eur|£|gbp|chf)?\s*[-+]?\d[\d,.'’\u00a0\u202f ]*\)?\s*\(?(?:cr|dr)?\.?\)?(?:\s*(?:€|eur|chf|£))?$/i;

/** An amount as written, or null: blank is zero, a `Dr` marker or minus makes it negative. */
export function amountValue(raw: string, decimalComma = false): bigint | null {
  if (raw === '') return 0n;
  const text = stripCurrency(raw);
  if (!AMOUNT_CHARS.test(text)) return null;
  try {
    const read = readAmountText(decimalComma ? toPointDecimal(text) : text);
    if (!read) return 0n;
    return read.marker === 'dr' && read.value > 0n ? -read.value : read.value;
  } catch (err) {
    if (err instanceof AmountFormatError) return null;
    throw err;
  }
}

type Assignment = { outflow?: number; inflow?: number; amount?: number; balance: number };

/**
 * A file that starts straight with rows (`02/06/2021,UPI-...,500.00,,"10,250.00"`): the columns from the data.
 * Rows are the sample records that have the modal width and a date-shaped cell; the date column is the first
 * whose cells are all dates, the amount columns those whose cells are all amounts with decimals (a reference
 * number has none), the particulars the remaining column with the most letters. Which amount column is the
 * debit, the credit and the balance is what the running balance says: exactly one assignment must make (nearly)
 * each row's balance the previous one minus its debit plus its credit (oldest or newest first). Anything less
 * certain is null, and the table then says that no header row was found.
 */
export function inferColumns(records: SampleRecord[]): InferredHeader | null {
  const dated = records.filter((r) => r.cells.some((c, j) => j < 3 && isDate(c)));
  if (dated.length === 0) return null;
  const widthCounts = new Map<number, number>();
  for (const r of dated) widthCounts.set(r.cells.length, (widthCounts.get(r.cells.length) ?? 0) + 1);
  const [width] = [...widthCounts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
  if (width < 3) return null;
  const rows = dated.filter((r) => r.cells.length === width);

  const columnCells = (j: number) => rows.map((r) => r.cells[j]!);
  const date = Array.from({ length: width }, (_, j) => j).find((j) => columnCells(j).every(isDate));
  if (date === undefined) return null;
  // Only cells that are an amount as a whole decide the decimal mark: a narration ending in a date or a rate
  // (`Habenzinsen ab 01.04.13`) is no decimal point.
  const decimalComma = usesDecimalComma(
    rows.flatMap((r) => r.cells.map(stripCurrency).filter((c, j) => j !== date && HAS_DECIMALS.test(c) && AMOUNT_CHARS.test(c))),
  );
  const amounts: number[] = [];
  const texts: number[] = [];
  for (let j = 0; j < width; j++) {
    if (j === date) continue;
    const cells = columnCells(j);
    const filled = cells.filter((c) => c !== '' && c !== '-');
    const withDecimals = filled.filter((c) => HAS_DECIMALS.test(stripCurrency(c))).length;
    if (filled.length > 0 && withDecimals * 2 >= filled.length && filled.every((c) => amountValue(c, decimalComma) !== null)) amounts.push(j);
    else if (!cells.every((c) => c === '' || isDate(c))) texts.push(j);
  }
  // A column of direction words on every row (`D`/`C`, `Dr`/`Cr`, `Af`/`Bij`, `S`/`H`) says which way a single amount
  // goes; it is no narration.
  const direction = texts.find((j) => columnCells(j).every((c) => c.length <= 8 && !/\d/.test(c) && directionOf(c) !== null));
  if (direction !== undefined) texts.splice(texts.indexOf(direction), 1);
  const letters = (j: number) => columnCells(j).reduce((n, c) => n + (c.match(/\p{L}/gu)?.length ?? 0), 0);
  const particulars = texts.sort((a, b) => letters(b) - letters(a) || a - b)[0];
  if (particulars === undefined || letters(particulars) === 0) return null;

  // A blank cell is null: a blank debit or credit counts as zero, a blank balance breaks the chain. A direction
  // column's `D` makes its row's single amount an outflow for the chain.
  const values = rows.map((r) => r.cells.map((c, j) => (amounts.includes(j) && c !== '' && c !== '-' ? amountValue(c, decimalComma) : null)));
  const signs = rows.map((r) => (direction !== undefined && directionOf(r.cells[direction]!) === 'out' ? -1n : 1n));
  // The assignment the most consecutive pairs agree with, if it is the only one that good and nearly every pair
  // agrees (a row the sample leaves out, such as one widened by an unquoted comma, breaks a pair or two).
  const pairs = values.length - 1;
  let chosen: Partial<Assignment>;
  if (amounts.length === 1) {
    // Date, narration and one amount (a card export): nothing to confuse the amount with, and no balance to check.
    chosen = { amount: amounts[0] };
  } else {
    if (rows.length < 2) return null;
    const unsigned = (j: number) => direction === undefined && values.every((row) => (row[j] ?? 0n) >= 0n);
    const scored = candidateAssignments(amounts, unsigned).map((a) => ({ a, holds: chainAgreement(values, a, signs) }));
    const best = Math.max(0, ...scored.map((s) => s.holds));
    const fits = scored.filter((s) => s.holds === best);
    if (fits.length !== 1 || best < Math.max(1, Math.ceil(pairs * 0.8))) return null;
    chosen = fits[0]!.a;
  }
  const header = Array.from({ length: width }, (_, j) => `Column ${j + 1}`);
  header[date] = 'Date';
  header[particulars] = 'Particulars';
  if (chosen.outflow !== undefined) header[chosen.outflow] = 'Debit';
  if (chosen.inflow !== undefined) header[chosen.inflow] = 'Credit';
  if (chosen.amount !== undefined) header[chosen.amount] = 'Amount';
  if (chosen.balance !== undefined) header[chosen.balance] = 'Balance';
  if (direction !== undefined && chosen.amount !== undefined) header[direction] = 'Dr/Cr';
  // The first row may be wider than the rest (an unquoted comma the filter repairs); a narrower dated line
  // before the rows ("From, 01/04/2024, To, 30/04/2024") is preamble.
  const first = dated.find((r) => r.cells.length >= width)!;
  return { header, firstDataLine: first.line, rows: rows.length, decimalComma };
}

/** Two amount columns: a signed amount and a balance; three: debit, credit and balance, in any order. */
function candidateAssignments(amounts: number[], unsignedDebits: (column: number) => boolean = () => false): Assignment[] {
  const out: Assignment[] = [];
  if (amounts.length === 2) {
    const [a, b] = amounts as [number, number];
    // Or a debit column and a balance, the credit column left blank (`-`) on every row the sample holds.
    // Only for a column with no minus and no direction column: otherwise it reads the same as a signed amount.
    out.push({ amount: a, balance: b }, { amount: b, balance: a });
    if (unsignedDebits(a)) out.push({ outflow: a, balance: b });
    if (unsignedDebits(b)) out.push({ outflow: b, balance: a });
  } else if (amounts.length === 3) {
    for (const balance of amounts) {
      const [x, y] = amounts.filter((j) => j !== balance) as [number, number];
      out.push({ outflow: x, inflow: y, balance }, { outflow: y, inflow: x, balance });
    }
  }
  return out;
}

/**
 * How the row moves the balance under an assignment: a signed amount as printed; a withdrawal or deposit as its
 * magnitude (banks print debits both ways), or, `asPrinted`, with its sign (a reversal: `-500.00` under the
 * withdrawals, the balance up by 500.00).
 */
function signedChange(row: (bigint | null)[], a: Assignment, asPrinted = false, sign = 1n): bigint | null {
  if (a.amount !== undefined) return row[a.amount] == null ? null : row[a.amount]! * sign;
  const outflow = row[a.outflow!] ?? 0n;
  const inflow = row[a.inflow!] ?? 0n;
  if (outflow === 0n && inflow === 0n) return null;
  if (asPrinted) return inflow - outflow;
  return (inflow < 0n ? -inflow : inflow) - (outflow < 0n ? -outflow : outflow);
}

/** How many consecutive pairs of rows agree with the running balance, in the order more of them agree with. */
function chainAgreement(values: (bigint | null)[][], a: Assignment, signs: bigint[]): number {
  let oldestFirst = 0;
  let newestFirst = 0;
  for (let i = 1; i < values.length; i++) {
    const previous = values[i - 1]!;
    const current = values[i]!;
    const [pb, cb] = [previous[a.balance], current[a.balance]];
    const [pc, cc] = [signedChange(previous, a, false, signs[i - 1]), signedChange(current, a, false, signs[i])];
    if (pb == null || cb == null || pc === null || cc === null) continue;
    const [pp, cp] = [signedChange(previous, a, true)!, signedChange(current, a, true)!];
    if (pb + cc === cb || pb + cp === cb) oldestFirst++;
    if (cb + pc === pb || cb + pp === pb) newestFirst++;
  }
  return Math.max(oldestFirst, newestFirst);
}

// ---------------------------------------------------------------------------------------------------------
// Rows wider than the header: an unquoted comma in a narration or in an amount

type Kind = 'date' | 'text' | 'amount' | 'direction' | 'other';

/** What the repair knows about the table it feeds: the header's width and what each column holds. */
export interface RowShape {
  width: number;
  kinds: Kind[];
  columns: Columns;
  decimalComma: boolean;
  delimiter: string;
}

export function rowShape(header: string[], columns: Columns, decimalComma: boolean, delimiter = ','): RowShape {
  const width = Math.max(filledWidth(header), columnsWidth(columns));
  const kinds: Kind[] = Array.from({ length: width }, () => 'other');
  kinds[columns.date] = 'date';
  if (columns.valueDate !== undefined) kinds[columns.valueDate] = 'date';
  kinds[columns.particulars] = 'text';
  for (const j of [columns.outflow, columns.inflow, columns.amount, columns.balance]) if (j !== undefined) kinds[j] = 'amount';
  if (columns.direction !== undefined) kinds[columns.direction] = 'direction';
  return { width, kinds, columns, decimalComma, delimiter };
}

/** Debit, credit and balance of a row as the header's columns read it (null: not readable as such). */
export interface RowMoney {
  change: bigint;
  outflow: bigint;
  inflow: bigint;
  balance: bigint | null;
}

export function rowMoney(cells: string[], shape: RowShape): RowMoney | null {
  const { columns, decimalComma } = shape;
  const read = (j: number | undefined) => (j === undefined ? 0n : amountValue(cells[j] ?? '', decimalComma));
  const balanceText = columns.balance === undefined ? '' : (cells[columns.balance] ?? '');
  const balance = balanceText === '' || balanceText === '-' ? null : read(columns.balance);
  if (balance === null && balanceText !== '' && balanceText !== '-') return null;
  let outflow: bigint | null;
  let inflow: bigint | null;
  if (columns.amount !== undefined) {
    const amount = read(columns.amount);
    if (amount === null) return null;
    // The table's own reading of a Dr/Cr or type column (`DR`, `ACH_DEBIT`, `Deposit`); without one, the sign.
    const direction = columns.direction === undefined ? null : directionOf(cells[columns.direction] ?? '');
    const magnitude = amount < 0n ? -amount : amount;
    const isOut = direction === 'out' || (direction === null && amount < 0n);
    [outflow, inflow] = isOut ? [magnitude, 0n] : [0n, magnitude];
  } else {
    outflow = read(columns.outflow);
    inflow = read(columns.inflow);
    if (outflow === null || inflow === null) return null;
    if (outflow < 0n) outflow = -outflow;
  }
  return { change: inflow - outflow, outflow, inflow, balance };
}

export type Repair = { cells: string[] } | { reason: string };

/** More extra fields than this is not a comma or two: the row is reported, not searched. */
const MAX_EXTRA_FIELDS = 4;

/**
 * A row with more filled fields than the header. Every reading that puts the extra fields back is tried: the
 * particulars column absorbing them (an unquoted comma in a narration: `UPI/DR/4102/SHOP, BANGALORE/...`), or
 * an amount column absorbing them when the pieces join into a correctly grouped amount (`1` `234.50` ->
 * `1,234.50`). A reading stands when every column then holds what it should (a date, amounts, a Dr/Cr word)
 * and, where the previous rows give a running balance, the balance chain agrees. Exactly one such reading
 * repairs the row; none or several, and the row is skipped with the reason: a `1,234.50` split in two must
 * never be read as two amounts, and a guess between two readings would store a wrong row silently.
 *
 * `previous` are the last one or two rows read before it, oldest first (for the balance chain). `raw` is the
 * line as written: the parser trims fields, so the narration's own comma and spaces are taken from it.
 */
export function repairWideRow(cells: string[], shape: RowShape, previous: string[][] = [], raw?: string): Repair {
  const filled = filledWidth(cells);
  const extra = filled - shape.width;
  const tooWide = `has ${filled} fields but the header has ${shape.width}`;
  if (extra <= 0) return { cells };
  if (extra > MAX_EXTRA_FIELDS) return { reason: `${tooWide}; too many to be an unquoted comma` };
  // Only a comma splits an amount (`1,234.50`); under another delimiter only the narration can have absorbed one.
  const absorbers = shape.kinds.flatMap((kind, j) => (kind === 'text' || (kind === 'amount' && shape.delimiter === ',') ? [j] : []));
  const readings: string[][] = [];
  for (const spread of spreads(extra, absorbers.length)) {
    const reading = regroup(cells.slice(0, filled), shape, absorbers, spread, raw);
    if (reading && fits(reading, shape)) readings.push(reading);
  }
  if (readings.length === 0) {
    return {
      reason: `${tooWide}, and no reading of the extra fields gives valid amounts; an amount with thousands separators (1,234.50) must be quoted in a CSV`,
    };
  }
  const chain = chainCheck(shape, previous);
  const agreeing = chain ? readings.filter((r) => chain(r)) : readings;
  if (agreeing.length === 1) return { cells: agreeing[0]! };
  if (chain && agreeing.length === 0) {
    return {
      reason: `${tooWide}, and no reading of the extra fields agrees with the running balance; an amount with thousands separators (1,234.50) must be quoted in a CSV`,
    };
  }
  return {
    reason: `${tooWide}, and the extra fields can be read in ${agreeing.length} ways (an unquoted comma in the narration or in an amount); the row is not guessed`,
  };
}

/** Ways to hand `extra` fields to `slots` columns (compositions), e.g. 2 over 3: [2,0,0], [1,1,0], ... */
function* spreads(extra: number, slots: number): Generator<number[]> {
  if (slots === 0) return;
  if (slots === 1) {
    yield [extra];
    return;
  }
  for (let first = extra; first >= 0; first--) for (const rest of spreads(extra - first, slots - 1)) yield [first, ...rest];
}

function regroup(cells: string[], shape: RowShape, absorbers: number[], spread: number[], raw: string | undefined): string[] | null {
  const out: string[] = [];
  let at = 0;
  for (let j = 0; j < shape.width; j++) {
    const slot = absorbers.indexOf(j);
    const take = 1 + (slot === -1 ? 0 : spread[slot]!);
    const pieces = cells.slice(at, at + take);
    at += take;
    if (take > 1 && shape.kinds[j] === 'amount' && !pieces.slice(1).every((p) => /^\d{2,3}(?:\.\d{1,3})?(?:\s*(?:cr|dr)\.?)?$/i.test(p))) return null;
    out.push(shape.kinds[j] === 'text' && take > 1 ? asWritten(pieces, shape.delimiter, raw) : pieces.join(shape.delimiter));
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Narration pieces joined as the line wrote them (`SHOP, BANGALORE` or `SHOP,BANGALORE`); without the line, with `, `. */
function asWritten(pieces: string[], delimiter: string, raw: string | undefined): string {
  if (raw !== undefined) {
    const written = new RegExp(pieces.map(escapeRegExp).join(`\\s*${escapeRegExp(delimiter)}\\s*`)).exec(raw);
    if (written) return written[0];
  }
  return pieces.join(`${delimiter} `);
}

function fits(cells: string[], shape: RowShape): boolean {
  for (let j = 0; j < shape.width; j++) {
    const text = cells[j] ?? '';
    switch (shape.kinds[j]) {
      case 'date':
        if (text !== '' && !isDate(text)) return false;
        break;
      case 'amount':
        if (text !== '' && text !== '-' && amountValue(text, shape.decimalComma) === null) return false;
        break;
      case 'direction':
        if (/\d/.test(text) || text.length > 24) return false;
        break;
      default:
        break;
    }
  }
  return rowMoney(cells, shape) !== null;
}

/** A test of a reading against the balance chain, or null where the previous rows give none. */
function chainCheck(shape: RowShape, previous: string[][]): ((cells: string[]) => boolean) | null {
  if (shape.columns.balance === undefined || previous.length === 0) return null;
  const last = rowMoney(previous[previous.length - 1]!, shape);
  if (!last || last.balance === null) return null;
  const before = previous.length > 1 ? rowMoney(previous[previous.length - 2]!, shape) : null;
  // The order of the file, where the two rows before tell it; otherwise either order may hold.
  let order: 'oldest_first' | 'newest_first' | null = null;
  if (before && before.balance !== null) {
    if (before.balance + last.change === last.balance) order = 'oldest_first';
    else if (last.balance + before.change === before.balance) order = 'newest_first';
  }
  return (cells) => {
    const money = rowMoney(cells, shape);
    if (!money || money.balance === null) return false;
    const oldest = last.balance! + money.change === money.balance;
    const newest = money.balance + last.change === last.balance;
    return order === 'oldest_first' ? oldest : order === 'newest_first' ? newest : oldest || newest;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Footers: a summary block under the rows

const IGNORED_SUMMARY_LABELS = /^(?:dr|cr|debit|credit|withdrawal|deposit)?\s*(?:count|no\.?|number)(?: of .*)?$/i;

/** For a line of labels (`Opening Balance,Debits,Credits,Closing Balance`): what each cell names, or null. */
export function summaryLabels(cells: string[]): (PrintedFigure | null)[] | null {
  const names: (PrintedFigure | null)[] = [];
  let known = 0;
  for (const cell of cells) {
    const text = cell.replace(/\s+/g, ' ').replace(/\s*:$/, '').trim();
    if (text === '') {
      names.push(null);
      continue;
    }
    const figure = summaryFigure(text);
    if (figure) {
      names.push(figure);
      known++;
    } else if (IGNORED_SUMMARY_LABELS.test(text)) {
      names.push(null);
    } else {
      return null;
    }
  }
  return known >= 2 ? names : null;
}

/** The values line under a labels line; null when the cells are not all amounts (then it is not a summary). */
export function summaryValues(labels: (PrintedFigure | null)[], cells: string[], decimalComma: boolean): PrintedFigures | null {
  const printed: PrintedFigures = {};
  for (let j = 0; j < labels.length; j++) {
    const text = cells[j] ?? '';
    if (text === '') continue;
    const value = amountValue(text, decimalComma);
    if (value === null) return null;
    const label = labels[j];
    if (label) printed[label] = label === 'total_inflow' || label === 'total_outflow' ? (value < 0n ? -value : value) : value;
  }
  return Object.keys(printed).length > 0 ? printed : null;
}

// ---------------------------------------------------------------------------------------------------------
// The filter between csv-parse and the table

/** What the filter does with a record under the header. */
export type BodyAction = { push: string[] } | { skip: true };

/** Where a skipped line goes: the table's warn(), so that every warning comes out of finish() in line order. */
export type SkipLine = (line: number, reason: string, text: string) => void;

/**
 * Sits between csv-parse and the StatementTable for the rows under the header: rewrites decimal commas,
 * repairs or skips rows wider than the header (reporting the skipped ones), and takes a summary block out of
 * the rows as printed figures (the table reads one after `STATEMENT SUMMARY`; some banks print it straight under
 * the rows, where its values line would read as a row without a date). The cost for an ordinary row is a
 * length check, a date-shape check and, for a row whose first cell does not start with a digit, one more.
 */
export class CsvRowFilter {
  printed: PrintedFigures = {};
  private shape: RowShape | null = null;
  private amountColumns: number[] = [];
  private previous: string[][] = [];
  private pendingLabels: (PrintedFigure | null)[] | null = null;

  constructor(
    private readonly delimiter: string,
    private readonly decimalComma: boolean,
    private readonly skip: SkipLine,
  ) {}

  /** The header the table accepted (its last 1-3 preamble records); without recognisable columns nothing is repaired. */
  setHeader(lines: string[][]): void {
    const records = lines.map((cells) => ({ cells }));
    const found = headerColumns(records, records.length - 1);
    if (!found) return;
    this.shape = rowShape(found.cells, found.columns, this.decimalComma, this.delimiter);
    this.amountColumns = [found.columns.outflow, found.columns.inflow, found.columns.amount, found.columns.balance].filter((j): j is number => j !== undefined);
  }

  /** `raw` gives the line as written, asked for only when a row is repaired. */
  body(cells: string[], line: number, raw?: () => string): BodyAction {
    if (this.pendingLabels) {
      const labels = this.pendingLabels;
      this.pendingLabels = null;
      const values = summaryValues(labels, cells, this.decimalComma);
      if (values) {
        this.printed = { ...this.printed, ...values };
        return { skip: true };
      }
    }
    const first = cells[0] ?? '';
    if (first !== '' && !/^\d/.test(first)) {
      const labels = summaryLabels(cells);
      if (labels) {
        this.pendingLabels = labels;
        return { skip: true };
      }
    }
    if (this.decimalComma) for (const j of this.amountColumns) if (cells[j]) cells[j] = toPointDecimal(cells[j]!);
    const shape = this.shape;
    if (shape && cells.length > shape.width && filledWidth(cells) > shape.width) {
      const written = raw?.().replace(/^[\r\n]+|[\r\n]+$/g, '');
      const repair = repairWideRow(cells, shape, this.previous, written);
      if ('reason' in repair) {
        this.skip(line, repair.reason, written ?? cells.join(this.delimiter));
        return { skip: true };
      }
      cells = repair.cells;
    }
    if (shape && looksLikeDate(cells[shape.columns.date] ?? '')) {
      if (this.previous.length === 2) this.previous.shift();
      this.previous.push(cells);
    }
    return { push: cells };
  }
}
