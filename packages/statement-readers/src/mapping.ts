/**
 * Reading a tabular statement (CSV, workbook, PDF) with a person's explicit mapping instead of the inference: a
 * *reading profile* (issue 33). The file is first turned into its lines of cells exactly as the format's reader
 * hands them to the table (readGrid: for a PDF the cells of the columns the reader found, for a workbook its first
 * sheet's rows, for a CSV its records), so that the preview a person maps and the reading the mapping drives see
 * the same lines, numbered the same way. Then readWithMapping reads each line under the header (or, without one,
 * from the first line that has a date) by the mapping alone: which column is what, the order of day and month, the
 * decimal separator and how a single amount says its direction. Nothing is guessed; a line the mapping cannot read
 * is a warning with its reason, and the balance chain checks the result as for any other reading.
 *
 * The layout fingerprint (fingerprint*) is what a later file of the same layout is recognised by, so that the
 * mapping is asked for once per layout: the normalised header cells, or for a headerless file its width and the
 * kind of value of each column, and in both cases the bank's words above the table.
 */
import { createHash } from 'node:crypto';
import { parse as parseSync } from 'csv-parse/sync';
import { accountFacts } from './account-facts';
import { AmountFormatError, readAmountNumber, readAmountText, type ReadAmount } from './amounts';
import { amountValue, CSV_OPTIONS, decodeCsv, DELIMITERS, detectLayout, isDate, sampleRecords, toPointDecimal, type Delimiter } from './csv-layout';
import { DateFormatError, readDateText, readDateValue } from './dates';
import { parseFailed, StatementFileError } from './errors';
import { normaliseHeader } from './header';
import { balancesOwed, integrityReport } from './integrity';
import { FORMATS } from './registry';
import { cellText, findAccountNumber, MAX_STATEMENT_ROWS, MAX_WARNINGS, type CellValue } from './table';
import type { IsoDate, ParsedStatement, ReadWarning, StatementFileType, StatementRow } from './types';

/** The formats a mapping can read: the tabular ones (the structured formats say what each field is). */
export const MAPPABLE_FILE_TYPES = ['csv', 'excel', 'pdf'] as const;
export type MappableFileType = (typeof MAPPABLE_FILE_TYPES)[number];
export const isMappable = (fileType: StatementFileType): fileType is MappableFileType => (MAPPABLE_FILE_TYPES as readonly string[]).includes(fileType);

export const DATE_ORDERS = ['DMY', 'MDY', 'YMD'] as const;
export type MappingDateOrder = (typeof DATE_ORDERS)[number];
export const DECIMAL_SEPARATORS = ['.', ','] as const;
export const AMOUNT_SIGNS = ['inflow_positive', 'outflow_positive'] as const;

/** Column indexes (0-based) of each part of a transaction; `narration` may be several columns, joined in order. */
export interface MappingColumns {
  date: number;
  narration: number | number[];
  reference?: number | null;
  value_date?: number | null;
  debit?: number | null;
  credit?: number | null;
  amount?: number | null;
  balance?: number | null;
}

/** A person's reading of a tabular file (POST /statements/<id>/layout; a reading profile's mapping). */
export interface ReadingMapping {
  /** The line (index into the file's lines) that holds the column names, or null for a file without one. */
  header_row: number | null;
  columns: MappingColumns;
  /** For a single `amount` column without a direction column: which sign is money in. */
  amount_sign?: (typeof AMOUNT_SIGNS)[number] | null;
  /** For a single `amount` column: a column whose words say the direction (`Cr`/`Dr`, `PANO`/`OTTO`). */
  direction?: { column: number; inflow: string[]; outflow: string[] } | null;
  date_order: MappingDateOrder;
  decimal_separator: (typeof DECIMAL_SEPARATORS)[number];
  /** Lines never to read as transactions (indexes into the file's lines). */
  skip_lines?: number[];
}

/** A file's lines of cells as its reader gives them to the table, and where each line is in the file. */
export interface StatementGrid {
  fileType: MappableFileType;
  lines: CellValue[][];
  positions: string[];
}

/** Lines kept of a file: a statement's rows and a preamble; past it the reading fails like the table's. */
const MAX_GRID_LINES = MAX_STATEMENT_ROWS + 1_000;

/**
 * The lines of a CSV, workbook or PDF as cells, read the way its reader reads it (the workbook's and the PDF's
 * reader run with the table's capture hook), without deciding anything about them. A protected file needs its
 * password (PASSWORD_REQUIRED / WRONG_PASSWORD as when reading it).
 */
export async function readGrid(buffer: Buffer, fileType: MappableFileType, password?: string): Promise<StatementGrid> {
  const lines: CellValue[][] = [];
  const positions: string[] = [];
  const add = (cells: CellValue[], position: string) => {
    if (lines.length >= MAX_GRID_LINES) return;
    lines.push(cells);
    positions.push(position);
  };
  if (fileType === 'csv') {
    const { utf8 } = decodeCsv(buffer);
    const head = utf8.subarray(0, 256 * 1024).toString('utf8');
    // A line of thousands of cells is no layout a person could map (a hostile file): no lines, decided before
    // the delimiter is sampled again, which on such a line costs as much as the reader's own attempt.
    if (head.split('\n', PREVIEW_LINES).some((line) => Math.max(...DELIMITERS.map((d) => line.split(d).length)) > MAX_LAYOUT_COLUMNS * 4)) {
      return { fileType, lines, positions };
    }
    const delimiter = gridDelimiter(head);
    parseSync(utf8, {
      ...CSV_OPTIONS,
      delimiter,
      skip_records_with_error: true,
      on_record: (record: string[], context: { lines: number }) => {
        add(record, `line ${context.lines}`);
        return null;
      },
    });
  } else {
    await FORMATS[fileType].read({ buffer, password: password === '' ? undefined : password, reading: { capture: add } });
  }
  return { fileType, lines, positions };
}

/**
 * The reader's delimiter where it found a header or inferred the columns; otherwise (the files a person maps) the
 * one that splits the most lines into the same number of cells, two or more, wider first on a tie.
 */
function gridDelimiter(text: string): Delimiter {
  const layout = detectLayout(text);
  if (layout.headerLine !== null || layout.inferred) return layout.delimiter;
  let best: { delimiter: Delimiter; score: number } = { delimiter: layout.delimiter, score: 0 };
  for (const delimiter of DELIMITERS) {
    if (!text.includes(delimiter)) continue;
    const counts = new Map<number, number>();
    for (const { cells } of sampleRecords(text, delimiter)) if (cells.length >= 2) counts.set(cells.length, (counts.get(cells.length) ?? 0) + 1);
    for (const [width, count] of counts) {
      const score = count * 100 + width;
      if (score > best.score) best = { delimiter, score };
    }
  }
  return best.delimiter;
}

/** The lines as text, the way the preview shows them and the fingerprints read them. */
export function gridText(lines: readonly CellValue[][], limit = lines.length): string[][] {
  return lines.slice(0, limit).map((cells) => trimEnd(cells.map(cellText)));
}

function trimEnd(cells: string[]): string[] {
  let n = cells.length;
  while (n > 0 && cells[n - 1] === '') n--;
  return cells.slice(0, n);
}

// ---------------------------------------------------------------------------------------------------------
// Reading with a mapping

const YMD = /^(\d{2}|\d{4})[./-](\d{1,2})[./-](\d{1,2})(?:[ T].*)?$/;

/** A date cell read in the mapping's order; null when it is no date in that order. */
export function mappedDate(cell: CellValue, order: MappingDateOrder): IsoDate | null {
  try {
    if (cell instanceof Date || (typeof cell === 'number' && cell > 59)) return readDateValue(cell, cellText(cell));
    const text = cellText(cell);
    if (text === '' || !/\d/.test(text)) return null;
    if (order === 'YMD') {
      const m = YMD.exec(text);
      // A day or month first numeric date is not year first; a named month is read as it is.
      if (!m) return /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}/.test(text) ? null : readDateText(text, 'dmy');
      const year = m[1]!.length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
      return readDateText(`${year}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`);
    }
    return readDateText(text.replace(/[ T]\d{1,2}:\d{2}(?::\d{2})?.*$/, ''), order === 'MDY' ? 'mdy' : 'dmy');
  } catch (err) {
    if (err instanceof DateFormatError) return null;
    throw err;
  }
}

/** An amount cell read with the mapping's decimal separator: null when blank, AmountFormatError when no amount. */
export function mappedAmount(cell: CellValue, separator: ReadingMapping['decimal_separator']): ReadAmount | null {
  if (typeof cell === 'number') return readAmountNumber(cell);
  let text = cellText(cell);
  if (text === '') return null;
  if (separator === ',') {
    const rewritten = toPointDecimal(text);
    text = rewritten !== text ? rewritten : text.replace(/(\d)[.\u00a0\u202f '’](?=\d{3}(?!\d))/g, '$1').replace(/(\d),(\d)/, '$1.$2');
  } else {
    text = text.replace(/(\d)[\u00a0\u202f '’](?=\d{3}(?!\d))/g, '$1');
  }
  return readAmountText(text);
}

const abs = (v: bigint) => (v < 0n ? -v : v);

const narrationColumns = (columns: MappingColumns): number[] => (Array.isArray(columns.narration) ? columns.narration : [columns.narration]);

/** Every column index the mapping reads, with the part it reads it as (for validation and the console). */
export function mappedColumns(mapping: Pick<ReadingMapping, 'columns' | 'direction'>): { index: number; role: string }[] {
  const out: { index: number; role: string }[] = [];
  const { columns } = mapping;
  out.push({ index: columns.date, role: 'date' });
  for (const index of narrationColumns(columns)) out.push({ index, role: 'narration' });
  for (const role of ['reference', 'value_date', 'debit', 'credit', 'amount', 'balance'] as const) {
    const index = columns[role];
    if (index !== undefined && index !== null) out.push({ index, role });
  }
  if (mapping.direction) out.push({ index: mapping.direction.column, role: 'direction' });
  return out;
}

class LineSkipped extends Error {}

/**
 * The rows of `grid` read by `mapping`, with the lines it could not read (warnings) and the integrity report, as
 * readStatementFile returns them. Lines above the header (or, without one, above the first line with a date) are
 * the preamble: the account number and the bank are read there, as the table does. PARSE_FAILED when no
 * transaction could be read at all.
 */
export function readWithMapping(grid: StatementGrid, mapping: ReadingMapping): ParsedStatement {
  const { columns } = mapping;
  const skip = new Set(mapping.skip_lines ?? []);
  const warnings: (ReadWarning & { at: number })[] = [];
  let skipped = 0;
  const warn = (at: number, reason: string) => {
    skipped++;
    if (warnings.length < MAX_WARNINGS)
      warnings.push({
        at,
        position: grid.positions[at] ?? `line ${at + 1}`,
        reason,
        text: gridText([grid.lines[at] ?? []])[0]!
          .join(' ')
          .slice(0, 200),
      });
  };
  let start: number;
  if (mapping.header_row !== null) start = mapping.header_row + 1;
  else {
    start = grid.lines.findIndex((cells, i) => !skip.has(i) && mappedDate(cells[columns.date], mapping.date_order) !== null);
    if (start === -1) start = grid.lines.length;
  }
  const rows: StatementRow[] = [];
  const inflowWords = new Set((mapping.direction?.inflow ?? []).map(directionWord));
  const outflowWords = new Set((mapping.direction?.outflow ?? []).map(directionWord));
  const amount = (cell: CellValue, role: string): ReadAmount | null => {
    try {
      return mappedAmount(cell, mapping.decimal_separator);
    } catch (err) {
      if (!(err instanceof AmountFormatError)) throw err;
      throw new LineSkipped(`the ${role} column (${(columns as unknown as Record<string, number>)[role]! + 1}) ${err.message}`);
    }
  };
  for (let i = start; i < grid.lines.length; i++) {
    const cells = grid.lines[i]!;
    if (skip.has(i) || cells.every((c) => cellText(c) === '')) continue;
    let date = mappedDate(cells[columns.date], mapping.date_order);
    if (date === null && columns.value_date != null) date = mappedDate(cells[columns.value_date], mapping.date_order);
    if (date === null) {
      warn(i, `column ${columns.date + 1} holds no date read as ${mapping.date_order} ("${cellText(cells[columns.date]).slice(0, 40)}")`);
      continue;
    }
    try {
      let inflow = 0n;
      let outflow = 0n;
      let any = false;
      if (columns.amount != null) {
        const read = amount(cells[columns.amount], 'amount');
        if (read) {
          any = true;
          let inward: boolean;
          if (mapping.direction) {
            const word = directionWord(cellText(cells[mapping.direction.column]));
            if (inflowWords.has(word)) inward = true;
            else if (outflowWords.has(word)) inward = false;
            else
              throw new LineSkipped(
                `the direction column (${mapping.direction.column + 1}) holds "${word}", which is neither an inflow nor an outflow word of the mapping`,
              );
          } else if (read.marker) inward = read.marker === 'cr';
          else inward = read.value >= 0n === (mapping.amount_sign !== 'outflow_positive');
          if (inward) inflow = abs(read.value);
          else outflow = abs(read.value);
        }
      }
      for (const [role, side] of [
        ['debit', 'out'],
        ['credit', 'in'],
      ] as const) {
        const index = columns[role];
        if (index == null) continue;
        const read = amount(cells[index], role);
        if (!read) continue;
        any = true;
        if (side === 'out') outflow += abs(read.value);
        else inflow += abs(read.value);
      }
      if (!any) throw new LineSkipped('a dated line without any amount is not a transaction');
      let balance: bigint | null = null;
      if (columns.balance != null) {
        const read = amount(cells[columns.balance], 'balance');
        if (read) balance = read.marker === 'dr' ? -abs(read.value) : read.value;
      }
      const parts = [...narrationColumns(columns), ...(columns.reference != null ? [columns.reference] : [])];
      const particulars = parts
        .map((j) => cellText(cells[j]))
        .filter((t) => t !== '')
        .join(' ');
      if (rows.length >= MAX_STATEMENT_ROWS) {
        throw parseFailed(
          `the statement has more than ${MAX_STATEMENT_ROWS.toLocaleString('en')} transactions; split it into smaller statements (by date) and upload each`,
        );
      }
      rows.push({ date, particulars, inflow, outflow, balance, position: grid.positions[i] ?? `line ${i + 1}` });
    } catch (err) {
      if (!(err instanceof LineSkipped)) throw err;
      warn(i, err.message);
    }
  }
  const listed: ReadWarning[] = warnings.sort((a, b) => a.at - b.at).map(({ position, reason, text }) => ({ position, reason, text }));
  if (skipped > listed.length)
    listed.push({ position: 'file', reason: `${skipped - listed.length} more lines were skipped (only the first ${MAX_WARNINGS} are listed)`, text: '' });
  if (rows.length === 0) {
    const first = listed.slice(0, 3).map((w) => `${w.position}: ${w.reason}`);
    throw parseFailed(`no transaction could be read with the mapping${first.length > 0 ? ` (${first.join('; ')})` : ''}`);
  }
  const preamble = gridText(grid.lines.slice(0, mapping.header_row ?? start)).map((cells) => cells.filter((c) => c !== '').join(' '));
  const header = mapping.header_row !== null ? gridText([grid.lines[mapping.header_row] ?? []])[0]! : [];
  let accNo: string | null = null;
  for (const line of preamble) if ((accNo = findAccountNumber(line)) !== null) break;
  const facts = accountFacts({ accNo, header, preamble, outside: [], currencyColumn: new Set(), profileBank: null });
  const metadata = {
    acc_no: accNo,
    header,
    ...(facts.currency ? { currency: facts.currency } : {}),
    ...(facts.kind ? { kind: facts.kind } : {}),
    ...(facts.bank ? { bank: facts.bank } : {}),
  };
  const integrity = integrityReport(rows, {}, listed, balancesOwed(grid.fileType, metadata));
  return { fileType: grid.fileType, rows, metadata, warnings: listed, printed: {}, integrity };
}

const directionWord = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

// ---------------------------------------------------------------------------------------------------------
// Layout fingerprints

/** Lines a header may sit on, and the fingerprints are computed from: what the preview shows. */
export const PREVIEW_LINES = 40;

const MONTH_WORDS =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december)$/;

/**
 * The bank's words above the table: letters only (no dates, figures or account numbers, which change from one
 * statement to the next), accents off, month names out, at most 400 characters.
 */
export function bankText(preamble: readonly string[][]): string {
  return preamble
    .flat()
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && !MONTH_WORDS.test(w))
    .join(' ')
    .slice(0, 400);
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** A file with a header: its normalised cells and the bank's words above it. */
export function headerFingerprint(lines: readonly string[][], headerRow: number): string {
  return hash(`header|${(lines[headerRow] ?? []).map(normaliseHeader).join('|')}|${bankText(lines.slice(0, headerRow))}`);
}

/** The kind of each column's values: `date`, `number` (an amount, or blank), `text`. */
type ValueKind = 'date' | 'number' | 'text';

/**
 * Where the table of a file without a header starts (the first line with a date and two or more cells), its
 * width and the kind of each column over its first rows; null when no line has a date.
 */
export function headerlessShape(lines: readonly string[][]): { start: number; width: number; kinds: ValueKind[] } | null {
  const start = lines.findIndex((cells) => cells.filter((c) => c !== '').length >= 2 && cells.some((c) => isDate(c)));
  if (start === -1) return null;
  const width = lines[start]!.length;
  const body = lines.slice(start, start + 20).filter((cells) => cells.length === width);
  const kinds = Array.from({ length: width }, (_, j): ValueKind => {
    const filled = body.map((cells) => cells[j] ?? '').filter((c) => c !== '');
    if (filled.length > 0 && filled.every((c) => isDate(c))) return 'date';
    if (filled.every((c) => amountValue(c) !== null || amountValue(c, true) !== null)) return 'number';
    return 'text';
  });
  return { start, width, kinds };
}

/** A file without a header: its width, the kinds of its columns and the bank's words above the table. */
export function headerlessFingerprint(lines: readonly string[][]): string | null {
  const shape = headerlessShape(lines);
  return shape ? hash(`headerless|${shape.width}|${shape.kinds.join(',')}|${bankText(lines.slice(0, shape.start))}`) : null;
}

/** The fingerprint a mapping is saved under, from the lines the person mapped (the preview). */
export function mappingFingerprint(lines: readonly string[][], headerRow: number | null): string | null {
  return headerRow === null ? headerlessFingerprint(lines) : headerFingerprint(lines, headerRow);
}

/** What a reading profile keeps of the lines a person mapped: its fingerprint, the header's cells, the bank's words. */
export function layoutFacts(lines: readonly string[][], headerRow: number | null): { fingerprint: string; header: string[] | null; bank_text: string } | null {
  if (headerRow !== null)
    return { fingerprint: headerFingerprint(lines, headerRow), header: [...(lines[headerRow] ?? [])], bank_text: bankText(lines.slice(0, headerRow)) };
  const shape = headerlessShape(lines);
  const fingerprint = headerlessFingerprint(lines);
  return shape && fingerprint ? { fingerprint, header: null, bank_text: bankText(lines.slice(0, shape.start)) } : null;
}

/**
 * Every fingerprint the file could be saved under: each of its first lines as a header (with the line), and its
 * headerless shape. A saved profile matching one of them reads the file.
 */
export function candidateFingerprints(lines: readonly string[][]): { fingerprint: string; header_row: number | null }[] {
  const out: { fingerprint: string; header_row: number | null }[] = [];
  const head = lines.slice(0, PREVIEW_LINES);
  head.forEach((cells, i) => {
    // A header names at least two columns and holds no figures.
    if (cells.filter((c) => c !== '').length >= 2 && cells.every((c) => !/\d[.,]\d|^\d+$/.test(c)))
      out.push({ fingerprint: headerFingerprint(head, i), header_row: i });
  });
  const headerless = headerlessFingerprint(head);
  if (headerless) out.push({ fingerprint: headerless, header_row: null });
  return out;
}

/**
 * True for the failures a mapping can answer: the reader found no header (a header it found whose every line is
 * unreadable is the file's fault, not the layout's), or a mapping read no line.
 */
export function isLayoutFailure(err: unknown): err is StatementFileError {
  return (
    err instanceof StatementFileError && err.code === 'PARSE_FAILED' && /no header row found|no transaction could be read with the mapping/.test(err.message)
  );
}

/** A layout wider than this is no statement a person could map (a hostile file): the reader's own outcome stands. */
export const MAX_LAYOUT_COLUMNS = 100;
