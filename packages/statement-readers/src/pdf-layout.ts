/**
 * A bank statement's table rebuilt from positioned PDF text, the way the established "stream" table finders do
 * it (pdfplumber's text-alignment strategy, camelot/tabula stream mode): no ruling lines are needed, only where
 * the words are. Three steps:
 *
 * 1. The header: one to three lines whose cells, merged where they overlap horizontally (`Withdrawal` over
 *    `Amt.`, `Txn` over `Date`), name the columns the shared vocabulary knows (header.ts). It repeats on every
 *    page and is dropped there.
 * 2. Column extents: each header cell widened by the values printed under it. Amounts are right-aligned, so the
 *    right edges of the numbers form sharp clusters; a cluster belongs to the header it overlaps (or is nearest
 *    to), and a number whose right edge sits on a cluster goes to that column even where it drifts under the
 *    neighbouring header. Left-aligned text lines up on left edges, which may lie far from a centred header. Each
 *    column has a kind (date, amount, code, text) and takes only values of its kind, so narration never lands in
 *    a date, amount or cheque-number column.
 * 3. Rows anchored on dates: a transaction starts at a line whose date cell is a date (a date line printed a few
 *    points off its amounts line is first merged with it: offset baselines). Lines without a date
 *    (a narration wrapped over several lines, a date's year on the next line, amounts printed under the
 *    narration) join the anchor they belong to *geometrically*: banks print the date either on the first line of
 *    a multi-line cell (top-aligned) or vertically centred in it (Axis, HDFC, ICICI), so lines just above a date
 *    can belong to it. Row padding (a larger gap between rows than between a cell's lines) decides where it is
 *    printed; otherwise the document's alignment does, inferred from the rows whose extent is unambiguous and,
 *    failing that, from which alignment leaves no line orphaned and keeps the balance chain intact.
 *
 * Everything else under the header (page furniture repeated on every page, `Page n of m`, text that belongs to
 * no row) is dropped or reported as a ReadWarning; opening/closing balance, B/F, C/F and total lines go to the
 * StatementTable as their own lines so it can record the figures they print.
 */
import { readAmountText } from './amounts';
import { toPointDecimal, usesDecimalComma } from './csv-layout';
import { readDateText, readDayMonth, type DayOrder } from './dates';
import { headerMeaning, matchHeader, type Columns } from './header';
import { checkBalanceChain } from './integrity';
import { StatementTable } from './table';
import { recogniseByFileName, recogniseByText, vocabularyOf, type BankProfile, type ProfileOptions, type ProfileVocabulary } from './profiles/profile';
import { END_OF_TABLE, PAGE_MARKER, PAGE_MARKER_CELL, SUMMARY_LABEL } from './vocabulary';
import type { ReaderOutput, StatementRow } from './types';

/** A piece of text at its horizontal position (points, reading orientation), as the extraction worker places it. */
export interface PdfTextItem {
  x: number;
  x2: number;
  text: string;
}

/** One printed line: the items whose baselines line up, left to right; y grows downwards (reading orientation). */
export interface PdfTextLine {
  page: number;
  line: number;
  /** Baseline, points from the top of the page. Lines without one are taken as 14 pt apart. */
  y?: number;
  /** Font size of the line's largest text. */
  height?: number;
  items: PdfTextItem[];
}

/** How many lines a header may span. */
const MAX_HEADER_LINES = 3;
/** Lines of wrapped narration one transaction may carry (above and below its date line together). */
const MAX_ROW_LINES = 8;
/** How many lines into a later page the repeated header is looked for. */
const REPEATED_HEADER_SEARCH = 40;
/** Lines from the top searched for the bank's name (its profile's `text` recogniser) when no header is found. */
const PROFILE_SEARCH_LINES = 80;

// A cell that is a number as statements print them (amount, balance, cheque or reference number).
const AMOUNT_LIKE = /^[-+(]?\s*(?:₹|rs\.?|inr|\$|s\$|usd|sgd)?\s*[-+]?\d[\d,]*(?:\.\d{1,3})?\)?\s*(?:\(?(?:cr|dr)\)?\.?)?$/i;
// Lines that print a figure about the statement rather than a transaction (they go to the table, which records
// opening/closing balances and totals). On a line without a date the words may stand anywhere ("TRANSACTION
// TOTAL"); on a dated line only at the start of its text, so a narration such as "UPI/TOTAL ENERGIES" stays one.
const SUMMARY_WORDS = new RegExp(SUMMARY_LABEL, 'i');
const SUMMARY_START = new RegExp(String.raw`^[\W_]*${SUMMARY_LABEL}`, 'i');
// As the table reads it (table.ts): what follows is read for printed figures only.

// Headings card statements print between groups of rows (Chase, Capital One, Citi): never a row's narration. Only
// looked for in card-like tables, where a bank account's wrapped narration ("... SB" / "Interest") cannot be cut.
const SECTION_HEADING =
  /^(?:payments?(?:,? (?:and|&) (?:other )?credits?)?|payments?,? credits?,? (?:and|&) adjustments?|purchases?(?:,? (?:and|&) (?:adjustments?|other (?:debits?|charges?)))?|new (?:charges|purchases)|fees(?: charged)?|interest(?: charged)?|cash advances?|balance transfers?|(?:other )?credits?|account activity)$/i;

/** A line printing only a section heading, in the particulars column. */
function isSectionHeading(line: PlacedLine, columns: Columns): boolean {
  const text = line.cells[columns.particulars] ?? '';
  return SECTION_HEADING.test(text.replace(/[:.]+$/, '').trim()) && line.cells.every((cell, c) => c === columns.particulars || cell === '');
}

type Alignment = 'top' | 'centre' | 'bottom';

type Cell = PdfTextItem;

/** A table column: its header text and the horizontal extent of the header and the values under it. */
export interface PdfColumn {
  text: string;
  x: number;
  x2: number;
  /** Right edges where this column's right-aligned values line up. */
  rightEdges: number[];
  /** What its values look like (default text): an item that cannot be such a value goes to the next-best column. */
  kind?: ColumnKind;
  /** Where its header starts. */
  headerX?: number;
  /** Left edges where this text column's values line up, where they start outside its header. */
  leftEdges?: number[];
}

type ColumnKind = 'date' | 'amount' | 'code' | 'text';

// Columns of serial numbers, cheque/reference numbers, branch codes and initials: their values hold digits.
const CODE_HEADER = /\b(?:sl|sr|s\.?\s*no|serial|a\/c|acct|chq|cheque|check|ref|reference|init|initials|code)\b/i;
// What starts a date cell: a date or either half of one wrapped in its cell (`02/06/` over `2021`, `2 Jun`),
// with or without a year, possibly followed by a time or narration that spilled into the cell.
const DATE_START = new RegExp(
  String.raw`^(?:\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|(?:19|20)\d{2}(?:[/.-]\d{1,2}[/.-]\d{1,2})?|\d{1,2}[ -]?[a-z]{3,9}\.?(?:[ ,-]*\d{2,4})?|[a-z]{3,9}\.?[ -]?\d{1,2}(?:,?[ -]\d{2,4})?)[/.-]?(?:\s|$)`,
  'i',
);
// What may stand in an amount cell besides the number: Dr/Cr markers and currency words.
const AMOUNT_WORDS = /\b(?:cr|dr|db|c|d|inr|rs|sgd|usd|eur|gbp|aud|cad|chf|hkd|myr|aed|s)\b/gi;

/** The kind of each header column: dates, amounts, codes (serial, cheque, reference numbers) or text. */
function columnKinds(header: Cell[], columns: Columns): ColumnKind[] {
  return header.map((cell, i) => {
    if (i === columns.date || i === columns.valueDate) return 'date';
    if (i === columns.outflow || i === columns.inflow || i === columns.balance || i === columns.amount) return 'amount';
    // An account number printed on every row is a column of numbers, never narration.
    if (i === columns.account) return 'code';
    if (i === columns.particulars || i === columns.direction || i === columns.balanceDirection || columns.narrationParts.includes(i)) return 'text';
    return CODE_HEADER.test(cell.text) ? 'code' : 'text';
  });
}

/**
 * Whether an item can be a value of a column: a date starts with a digit or a month name, an amount has no
 * letters but Dr/Cr and currency, a code holds a digit or starts where its header does (SBI prints `TRANSFER TO`
 * under `Ref No./Cheque No.`; a narration starting in the gap after a centred `Chq No` is not a cheque number).
 */
function accepts(column: PdfColumn, item: PdfTextItem): boolean {
  const t = item.text.trim();
  // A dash is any column's "nothing" (ICICI prints one under Cheque Number): it stays where it is printed.
  if (/^[-–—]+$/.test(t)) return true;
  if (column.kind === 'date') return DATE_START.test(t);
  if (column.kind === 'amount')
    return /\d/.test(t) ? !/[a-z]/i.test(t.replace(AMOUNT_WORDS, '').replace(/\(?(?:cr|dr|db)\)?\.?$/i, '')) : /^[(]?(?:cr|dr|db)[)]?\.?$/i.test(t);
  if (column.kind === 'code') return /\d/.test(t) || Math.abs(item.x - (column.headerX ?? column.x)) <= 3;
  return true;
}

interface PlacedLine {
  index: number;
  page: number;
  y: number;
  height: number;
  cells: string[];
}

type Unit =
  | { kind: 'anchor'; lines: PlacedLine[]; date: string; restOfDate: string }
  | { kind: 'loose'; lines: PlacedLine[] }
  | { kind: 'summary'; lines: PlacedLine[] }
  | { kind: 'end'; lines: PlacedLine[] };

/** Average width of one character on a line: the scale for telling a word gap from a column gap. */
function charWidth(items: PdfTextItem[]): number {
  let width = 0;
  let chars = 0;
  for (const item of items) {
    width += Math.max(0, item.x2 - item.x);
    chars += item.text.length;
  }
  return chars > 0 ? width / chars : 5;
}

/** Joins items left to right: a space where they are apart, none where they touch (a split word or date). */
function joinItems(items: PdfTextItem[], mergeBelow: number, spaceAbove: number): PdfTextItem[] {
  const cells: PdfTextItem[] = [];
  for (const item of items) {
    const previous = cells[cells.length - 1];
    if (previous && item.x - previous.x2 < mergeBelow) {
      previous.text = `${previous.text}${item.x - previous.x2 > spaceAbove ? ' ' : ''}${item.text}`;
      previous.x2 = Math.max(previous.x2, item.x2);
    } else {
      cells.push({ ...item });
    }
  }
  return cells;
}

/**
 * Some PDF writers put a whole printed line in one text item, cells separated by runs of spaces. Such an item
 * is cut at runs of two or more spaces, each piece placed by its share of the characters (the glyph widths are
 * not in the text layer; a monospaced estimate is close enough to find its column).
 */
function splitWideItems(items: PdfTextItem[]): PdfTextItem[] {
  const out: PdfTextItem[] = [];
  for (const item of items) {
    const text = item.text;
    if (!/\S\s{2,}\S/.test(text)) {
      out.push(item);
      continue;
    }
    const perChar = (item.x2 - item.x) / Math.max(1, text.length);
    for (const m of text.matchAll(/\S+(?: \S+)*/g)) {
      const x = item.x + m.index * perChar;
      out.push({ x, x2: x + m[0].length * perChar, text: m[0] });
    }
  }
  return out;
}

/** Joins items separated by less than a character's width (the words of one cell) into cells. */
export function lineCells(items: PdfTextItem[]): PdfTextItem[] {
  const pieces = splitWideItems(items);
  const width = charWidth(pieces);
  return joinItems(pieces, width, width / 4);
}

/**
 * Merges the cells of one to three header lines into columns: cells that overlap horizontally are one column,
 * read top to bottom (`Withdrawal` over `Amt.` is `Withdrawal Amt.`).
 */
export function mergeHeaderLines(lines: PdfTextItem[][]): Cell[] {
  const cells = lines.flatMap((items, row) => lineCells(items).map((cell) => ({ ...cell, row })));
  cells.sort((a, b) => a.x - b.x);
  const groups: { x: number; x2: number; cells: typeof cells }[] = [];
  for (const cell of cells) {
    const group = groups[groups.length - 1];
    // Overlap of more than a hair (a right-aligned cell may end exactly where the next one starts).
    if (group && cell.x < group.x2 - 0.5) {
      group.cells.push(cell);
      group.x2 = Math.max(group.x2, cell.x2);
    } else {
      groups.push({ x: cell.x, x2: cell.x2, cells: [cell] });
    }
  }
  return groups.map((group) => ({
    x: group.x,
    x2: group.x2,
    text: group.cells
      .sort((a, b) => a.row - b.row || a.x - b.x)
      .map((cell) => cell.text.trim())
      .join(' '),
  }));
}

interface FoundHeader {
  start: number;
  end: number;
  cells: Cell[];
  columns: Columns;
}

function recognised(cells: Cell[]): number {
  return cells.reduce((n, cell) => n + (headerMeaning(cell.text) ? 1 : 0), 0);
}

/** Whether lines[from, to) are one block: one page, each line close under the one before. */
function isBlock(lines: RequiredLine[], from: number, to: number): boolean {
  for (let i = from + 1; i < to; i++) {
    const above = lines[i - 1]!;
    const line = lines[i]!;
    if (line.page !== above.page || line.y - above.y > 2.6 * Math.max(above.height, line.height, 4)) return false;
  }
  return true;
}

function headerAt(lines: RequiredLine[], from: number, count: number, bankNames?: ProfileVocabulary): FoundHeader | null {
  if (from < 0 || from + count > lines.length || !isBlock(lines, from, from + count)) return null;
  const cells = mergeHeaderLines(lines.slice(from, from + count).map((line) => line.items));
  const columns = matchHeader(
    cells.map((cell) => cell.text),
    bankNames,
  );
  return columns ? { start: from, end: from + count, cells, columns } : null;
}

/**
 * The first header in lines[from, to): the first line that starts (or is part of) a matching block of one to
 * three lines; among the blocks around it (starting up to two lines before or after it), the one whose cells the
 * vocabulary recognises most (a two-line `Withdrawal`/`Amt.` header beats its first line alone), then the
 * shortest (a preamble or data line merged in adds nothing).
 */
export function findHeader(lines: RequiredLine[], from: number, to: number, bankNames?: ProfileVocabulary): FoundHeader | null {
  for (let i = from; i < to; i++) {
    let first: FoundHeader | null = null;
    for (let count = 1; count <= MAX_HEADER_LINES && !first; count++) first = headerAt(lines, i, count, bankNames);
    if (!first) continue;
    let best = first;
    let bestScore = recognised(first.cells);
    // Blocks starting after the first matching line too: a title printed just above the header matches with it
    // but hides a column (`Account Statement` over `Withdrawal`), which the block without the title names.
    for (let start = Math.max(from, i - MAX_HEADER_LINES + 1); start < Math.min(to, i + MAX_HEADER_LINES); start++) {
      for (let count = 1; count <= MAX_HEADER_LINES; count++) {
        if (start + count <= i) continue;
        const candidate = headerAt(lines, start, count, bankNames);
        if (!candidate) continue;
        const score = recognised(candidate.cells);
        const span = candidate.end - candidate.start;
        if (score > bestScore || (score === bestScore && span < best.end - best.start)) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    return withContinuation(lines, best, bankNames);
  }
  return null;
}

/**
 * A header line the vocabulary needs no more of is still the header's when it only continues the header's cells:
 * `Withdrawal` over `Amt.` reads as `Withdrawal` alone, and `Amt.` must not become a first row's narration. The
 * next line continues the header when it is in the same block, prints no digit, and each of its cells lies under
 * a header cell.
 */
function withContinuation(lines: RequiredLine[], header: FoundHeader, bankNames?: ProfileVocabulary): FoundHeader {
  if (header.end - header.start >= MAX_HEADER_LINES || header.end >= lines.length || !isBlock(lines, header.start, header.end + 1)) return header;
  const cells = lineCells(lines[header.end]!.items);
  if (cells.length === 0 || cells.some((cell) => /\d/.test(cell.text))) return header;
  if (!cells.every((cell) => header.cells.some((above) => overlap(cell, above) > 0))) return header;
  const longer = headerAt(lines, header.start, header.end - header.start + 1, bankNames);
  return longer && longer.cells.length === header.cells.length ? longer : header;
}

function overlap(a: { x: number; x2: number }, b: { x: number; x2: number }): number {
  return Math.min(a.x2, b.x2) - Math.max(a.x, b.x);
}

/**
 * Columns from the header cells and the numbers printed under them. Right edges of amount-like cells are
 * clustered (within 1.5 pt); a cluster seen on at least two lines is a right-aligned column of values and widens
 * the header column it overlaps most, or failing any overlap the nearest one.
 */
export function buildColumns(header: Cell[], bodyItems: PdfTextItem[][], meanings?: Columns, tableItems: PdfTextItem[][] = bodyItems): PdfColumn[] {
  const kinds = meanings ? columnKinds(header, meanings) : [];
  const columns: PdfColumn[] = header.map((cell, i) => ({
    text: cell.text,
    x: cell.x,
    x2: cell.x2,
    rightEdges: [],
    kind: kinds[i],
    headerX: cell.x,
  }));
  const numbers: Cell[] = [];
  for (const items of bodyItems) for (const cell of lineCells(items)) if (AMOUNT_LIKE.test(cell.text.trim())) numbers.push(cell);
  numbers.sort((a, b) => a.x2 - b.x2);
  const clusters: { x: number; x2: number; count: number }[] = [];
  for (const cell of numbers) {
    const cluster = clusters[clusters.length - 1];
    if (cluster && cell.x2 - cluster.x2 <= 1.5) {
      cluster.count++;
      cluster.x = Math.min(cluster.x, cell.x);
      cluster.x2 = cell.x2;
    } else {
      clusters.push({ x: cell.x, x2: cell.x2, count: 1 });
    }
  }
  for (const cluster of clusters) {
    if (cluster.count < 2) continue;
    const best = clusterColumn(cluster, columns);
    // Numbers lined up under a date or text column are no column of values (a narration's wrapped reference).
    if (!best || best.kind === 'date' || best.kind === 'text') continue;
    best.rightEdges.push(cluster.x2);
    best.x2 = Math.max(best.x2, cluster.x2);
    best.x = Math.min(best.x, cluster.x);
  }
  // Widened columns must not overlap: where values reach under the neighbour's header, the boundary is the
  // neighbour's header start (the header is where a person reads the column from).
  for (let i = 1; i < columns.length; i++) {
    const left = columns[i - 1]!;
    const right = columns[i]!;
    if (left.x2 > right.x) right.x = Math.max(right.x, Math.min(left.x2, header[i]!.x));
    if (left.x2 > right.x) left.x2 = right.x;
  }
  if (meanings) textLeftEdges(columns, tableItems);
  return columns;
}

/**
 * Left-aligned text lines up on its column's left edge, which may lie well left of a centred header (Axis prints
 * narrations from the gap after `Chq No`). Cells starting at one x (within 1.5 pt, on at least two lines) are one
 * column's values: where most of them can only be a text column's (letters under a cheque-number column), the
 * edge is that text column's, and every value starting there goes to it (`UPI/000111` as well as `CHARGES`).
 * A few refused cells never move an edge (class H: a disclaimer or footer starting where the dates start), and
 * `tableItems` are only the table's own lines (the caller leaves out what follows each page's last dated line).
 */
function textLeftEdges(columns: PdfColumn[], bodyItems: PdfTextItem[][]): void {
  const cells: Cell[] = [];
  for (const items of bodyItems) for (const cell of lineCells(items)) if (!AMOUNT_LIKE.test(cell.text.trim())) cells.push(cell);
  cells.sort((a, b) => a.x - b.x);
  const clusters: Cell[][] = [];
  for (const cell of cells) {
    const cluster = clusters[clusters.length - 1];
    if (cluster && cell.x - cluster[0]!.x <= 1.5) cluster.push(cell);
    else clusters.push([cell]);
  }
  for (const cluster of clusters) {
    if (cluster.length < 2) continue;
    // Values that start where a header starts are that column's (dates under `Date`, SBI's `TRANSFER TO` under
    // `Ref No./Cheque No.`), whatever else starts there (a summary line under the table).
    const nearest = (cell: Cell) => columns.reduce((best, column) => (overlap(cell, column) > overlap(cell, best) ? column : best), columns[0]!);
    if (Math.abs(cluster[0]!.x - (nearest(cluster[0]!).headerX ?? nearest(cluster[0]!).x)) <= 3) continue;
    // A cluster goes to its majority: each cell votes for the nearest column that can hold it (a cell starting
    // with a date for the date column, `UPI-000111` for a code column, words for a text column). A few cells
    // refused where they stand never move an edge (class H: a disclaimer starting where the dates start).
    // A cell lying under no column at all (a short narration ending before its header starts) has no say: by
    // nearness alone it would vote for whichever column ends closest, and carry its neighbours' edge there.
    const votes = new Map<number, number>();
    let voters = 0;
    for (const cell of cluster) {
      const ranked = columns.map((column, i) => ({ i, score: overlap(cell, column) })).sort((a, b) => b.score - a.score);
      if (ranked[0]!.score <= 0 && cluster.some((other) => columns.some((column) => overlap(other, column) > 0))) continue;
      const vote = (ranked.find(({ i }) => holds(columns[i]!, cell)) ?? ranked[0]!).i;
      votes.set(vote, (votes.get(vote) ?? 0) + 1);
      voters++;
    }
    if (voters === 0) continue;
    const [major, count] = [...votes.entries()].reduce((a, b) => (b[1] > a[1] ? b : a));
    // Recorded even where every cell already lies in that column: a number wrapped onto a line of its own (`24` of
    // `LOAN 19 OF 24`) starts at the edge too, and is narration there, whatever column lies nearer.
    if (count * 2 <= voters || (columns[major]!.kind ?? 'text') !== 'text') continue;
    (columns[major]!.leftEdges ??= []).push(cluster[0]!.x);
  }
}

/** The column an item lies under by overlap or nearness alone (no learnt edge, no kind). */
function geometricColumn(item: PdfTextItem, columns: PdfColumn[]): number {
  let best = 0;
  for (let i = 1; i < columns.length; i++) if (overlap(item, columns[i]!) > overlap(item, columns[best]!)) best = i;
  return best;
}

/** Whether a cell is plainly a value of `column` for the left-edge vote: stricter than accepts for codes. */
function holds(column: PdfColumn, cell: Cell): boolean {
  const t = cell.text.trim();
  if (column.kind !== 'date' && leadingDate(t) !== null) return false;
  if (column.kind === 'code') return CODE_VALUE.test(t) || Math.abs(cell.x - (column.headerX ?? column.x)) <= 3;
  return accepts(column, cell);
}

// A cheque, reference or serial number: digits, maybe after a short letters prefix (`UPI-`, `MB-`), no words.
const CODE_VALUE = /^(?:[a-z]{1,5}[-/])?\d[\d/-]*$/i;

/**
 * The header a column of values belongs to: the one it overlaps most; without any overlap (right-aligned values
 * under left-aligned headers end in the gap before the next header), the nearest header to its left, since a
 * column's values never lie wholly left of its own header.
 */
function clusterColumn(cluster: { x: number; x2: number }, columns: PdfColumn[]): PdfColumn | null {
  let best: PdfColumn | null = null;
  let bestOverlap = 0;
  for (const column of columns) {
    const o = overlap(cluster, column);
    if (o > bestOverlap) {
      bestOverlap = o;
      best = column;
    }
  }
  if (best) return best;
  let left: PdfColumn | null = null;
  for (const column of columns) if (column.x2 <= cluster.x + 0.5 && (!left || column.x2 > left.x2)) left = column;
  return left ?? columns.reduce<PdfColumn | null>((near, column) => (!near || column.x - cluster.x2 < near.x - cluster.x2 ? column : near), null);
}

/**
 * The column an item belongs to: an alignment on a column's value edge first, then overlap, then nearness, among
 * the columns whose kind of value it can be. A date printed left of its header, nearer a serial-number column,
 * is the date column's.
 */
function columnOf(item: PdfTextItem, columns: PdfColumn[]): number {
  const text = item.text.trim();
  if (AMOUNT_LIKE.test(text)) {
    for (let i = 0; i < columns.length; i++) {
      if (columns[i]!.rightEdges.some((edge) => Math.abs(edge - item.x2) <= 1.5) && accepts(columns[i]!, item)) return i;
    }
  }
  // By overlap; where nothing overlaps, nearness (the overlap of disjoint extents is minus their distance).
  const ranked = columns.map((column, i) => ({ i, score: overlap(item, column) })).sort((a, b) => b.score - a.score);
  const best = ranked.find(({ i }) => accepts(columns[i]!, item)) ?? ranked[0]!;
  // A value that starts like a date never leaves the date column because a text column claims its edge.
  const keepsDate = columns[best.i]!.kind === 'date' && DATE_START.test(text);
  for (let i = 0; i < columns.length && !keepsDate; i++) {
    if (columns[i]!.leftEdges?.some((edge) => Math.abs(edge - item.x) <= 1.5)) return i;
  }
  // A bare number straddling a text column's header and a code column's is the code column's (a cheque number
  // right-aligned under `Chq No`, reaching under the narration's centred header).
  if ((columns[best.i]!.kind ?? 'text') === 'text' && /^\d+$/.test(text)) {
    const code = ranked.find(({ i, score }) => score > 0 && columns[i]!.kind === 'code');
    if (code) return code.i;
  }
  if (columns[best.i]!.kind === 'code' && dateOf(text)) {
    const date = ranked.find(({ i }) => columns[i]!.kind === 'date');
    if (date) return date.i;
  }
  return best.i;
}

/**
 * One item printed across two columns with a single space inside (`02-Mar-30 NACH-10-DR-SAMPLE LOAN`: a date and
 * the narration; `00123 1,111.10`: a branch code and the debit) is split where a leading date starts in the date
 * column, or a trailing amount ends on an amount column's value edge, and the rest lies elsewhere.
 */
function splitSpanningItems(items: PdfTextItem[], columns: PdfColumn[]): (PdfTextItem & { column?: number })[] {
  const out: (PdfTextItem & { column?: number })[] = [];
  for (const item of items) {
    const text = item.text;
    const words = text.split(' ');
    if (words.length < 2 || columns.every((column) => !column.kind)) {
      out.push(item);
      continue;
    }
    const perChar = (item.x2 - item.x) / Math.max(1, text.length);
    const piece = (from: number, to: number): PdfTextItem => ({ x: item.x + from * perChar, x2: item.x + to * perChar, text: text.slice(from, to) });
    const firstEnd = words[0]!.length;
    const lastStart = text.length - words[words.length - 1]!.length;
    const head = piece(0, firstEnd);
    const headRest = piece(firstEnd + 1, text.length);
    const tail = piece(lastStart, text.length);
    const tailRest = piece(0, lastStart - 1);
    const headColumn = columnOf(head, columns);
    const tailColumn = columnOf(tail, columns);
    if (columns[headColumn]!.kind === 'date' && dateOf(head.text) && columnOf(headRest, columns) !== headColumn) {
      out.push(head, headRest);
    } else if (chequeAndNarration(geometricColumn(head, columns), head, headRest, columns)) {
      // The number is the code column's wherever a learnt text edge starts (the glued items all start there), the
      // words the text column's however far its header stands.
      const code = geometricColumn(head, columns);
      out.push({ ...head, column: code }, { ...headRest, column: code + 1 });
    } else if (
      columns[tailColumn]!.kind === 'amount' &&
      AMOUNT_LIKE.test(tail.text) &&
      /[.,]\d/.test(tail.text) &&
      columns[tailColumn]!.rightEdges.some((edge) => Math.abs(edge - tail.x2) <= 1.5) &&
      /[a-z0-9]/i.test(tailRest.text) &&
      columnOf(tailRest, columns) !== tailColumn
    ) {
      out.push(tailRest, tail);
    } else out.push(item);
  }
  return out;
}

/**
 * Class I: a cheque or serial number and the narration in one item (`17 BY CLG 000017 SAMPLE TOWN`), starting in
 * the cheque-number column and running under Particulars: the first word is a value of the code column it
 * starts in, and the rest is words, which a code column never holds: they are the text column's right of it
 * (whose header may stand far right of where its values start).
 */
function chequeAndNarration(c: number, head: PdfTextItem, rest: PdfTextItem, columns: PdfColumn[]): boolean {
  const code = columns[c]!.kind === 'code' ? columns[c] : undefined;
  const next = columns[c + 1];
  if (!code || !next || (next.kind ?? 'text') !== 'text' || !CODE_VALUE.test(head.text) || !/[a-z]{2}/i.test(rest.text)) return false;
  // The number starts in or near the code column, nearer to it than to the text column's header.
  if (head.x > code.x2 + Math.min(8, (next.x - code.x2) / 2) || head.x2 < code.x - 12) return false;
  // The rest is words, which a code column never holds: the text column beside it's, wherever they end.
  return !CODE_VALUE.test(rest.text) && !/^[\d\s/.,-]*$/.test(rest.text);
}

/** A line's text split into the columns, one string per column (words within a column joined by single spaces). */
export function columnCells(items: PdfTextItem[], columns: PdfColumn[]): string[] {
  const parts: PdfTextItem[][] = columns.map(() => []);
  // Item by item (not joined into cells first): two amounts printed edge to edge stay apart. Items that touch
  // are one word (`07` `/` `07`, a date drawn in pieces) unless both are numbers.
  const pieces: PdfTextItem[] = [];
  for (const item of splitWideItems(items)) {
    const previous = pieces[pieces.length - 1];
    const joined = `${previous?.text ?? ''}${item.text}`;
    if (
      previous &&
      item.x - previous.x2 < 0.5 &&
      item.x >= previous.x &&
      previous.text.length <= 10 &&
      /^[\d/.-]+$/.test(joined) &&
      !(/[.,]\d/.test(previous.text) && /[.,]\d/.test(item.text))
    ) {
      pieces[pieces.length - 1] = { x: previous.x, x2: Math.max(previous.x2, item.x2), text: joined };
    } else pieces.push(item);
  }
  for (const item of splitSpanningItems(pieces, columns)) parts[item.column ?? columnOf(item, columns)]!.push(item);
  const width = charWidth(items);
  return parts.map((column) => (joinItems(column, Infinity, width / 4)[0]?.text ?? '').replace(/\s+/g, ' ').trim());
}

/**
 * A date (day first, or month first when only that reads), or null. With `yearless`, also a day and month without
 * a year (`02/07`, `AUG 3`): the table takes the year from the statement date.
 */
function dateOf(text: string, yearless = false): string | null {
  if (!/^(?:\d|[a-z]{3,9}\.?[ -]?\d)/i.test(text)) return null;
  for (const order of ['dmy', 'mdy'] as DayOrder[]) {
    try {
      return readDateText(text, order);
    } catch {
      // not in this order
    }
  }
  if (yearless && (readDayMonth(text, 'dmy') || readDayMonth(text, 'mdy'))) return text;
  return null;
}

/** The date at the start of a date cell, and any text after it (a narration spilling left into the date column). */
function leadingDate(text: string, yearless = false): { date: string; rest: string } | null {
  if (text === '' || !/^(?:\d|[a-z]{3,9}\.?[ -]?\d)/i.test(text)) return null;
  if (dateOf(text, yearless)) return { date: text, rest: '' };
  const tokens = text.split(' ');
  for (let n = Math.min(4, tokens.length - 1); n >= 1; n--) {
    const head = tokens.slice(0, n).join(' ');
    if (dateOf(head, yearless)) return { date: head, rest: tokens.slice(n).join(' ') };
  }
  return null;
}

/**
 * A row printed on offset baselines (the amounts and first narration 3-6 pt above or below the date line, Kotak,
 * Bank of Baroda, ICICI) is one visual row: a line with a date but no figures and a line with figures but no date,
 * closer than the font size (about half the line spacing) and with no column printed in both, are merged before
 * rows are anchored on dates. A date centred beside a narration has its amounts on its own line, so it is never
 * merged.
 */
function mergeOffsetLines(pages: PlacedLine[][], columns: Columns, yearless: boolean): PlacedLine[][] {
  const dated = (line: PlacedLine) => leadingDate(line.cells[columns.date] ?? '', yearless) !== null;
  const dateOnly = (line: PlacedLine) => dated(line) && !hasFigures(line.cells, columns);
  const figuresOnly = (line: PlacedLine) => !dated(line) && hasFigures(line.cells, columns);
  // Within 90% of the font size: less than any line spacing, more than the 6 pt offsets of 7 pt text.
  const pair = (dateLine: PlacedLine, other: PlacedLine | undefined) =>
    other !== undefined &&
    other.page === dateLine.page &&
    figuresOnly(other) &&
    Math.abs(other.y - dateLine.y) > 0 &&
    Math.abs(other.y - dateLine.y) <= 0.9 * Math.max(dateLine.height, other.height) &&
    dateLine.cells.every((cell, c) => cell === '' || (other.cells[c] ?? '') === '');
  // The offset runs one way through a document: the date line below its amounts, or above them. Counted first,
  // so a date line between two candidates (an opening balance line above, the first row's amounts below) goes
  // with the one the rest of the document says.
  let below = 0;
  let above = 0;
  for (const lines of pages) {
    lines.forEach((line, k) => {
      if (!dateOnly(line)) return;
      if (pair(line, lines[k - 1])) below++;
      if (pair(line, lines[k + 1])) above++;
    });
  }
  if (below === 0 && above === 0) return pages.map(mergeNarrationBeside);
  const step = below >= above ? -1 : 1;
  return pages.map((lines) => {
    const partner = new Map<number, number>();
    lines.forEach((line, k) => {
      if (dateOnly(line) && pair(line, lines[k + step]) && !partner.has(k + step)) {
        partner.set(k, k + step);
        partner.set(k + step, k);
      }
    });
    const out: PlacedLine[] = [];
    lines.forEach((line, k) => {
      const other = partner.get(k);
      if (other === undefined) out.push(line);
      else if (dateOnly(line)) {
        const amounts = lines[other]!;
        // Placed at the line that carries the narration, whose baseline its wrapped lines follow (the amount line
        // where the narration's first line is printed with the amounts).
        const y = (line.cells[columns.particulars] ?? '') !== '' ? line.y : amounts.y;
        out.push({ ...line, y, cells: line.cells.map((cell, c) => (cell !== '' ? cell : (amounts.cells[c] ?? ''))) });
      }
    });
    // The merged line stands where its amount line stood.
    return mergeNarrationBeside(out.sort((a, b) => a.y - b.y));
  });

  /**
   * Class K: a narration line within half the font size of a dated line that prints the figures (the page's first
   * narration on the page marker's line, 3 pt above its date line) is the same visual row, whichever of the two
   * carries the figures. Half a line pitch (a date centred beside two narration lines) is more than that.
   */
  function mergeNarrationBeside(lines: PlacedLine[]): PlacedLine[] {
    const textOnly = (line: PlacedLine) => !dated(line) && !hasFigures(line.cells, columns) && (line.cells[columns.particulars] ?? '') !== '';
    const near = (line: PlacedLine, other: PlacedLine | undefined): other is PlacedLine =>
      other !== undefined &&
      other.page === line.page &&
      textOnly(other) &&
      Math.abs(other.y - line.y) > 0 &&
      Math.abs(other.y - line.y) <= 0.5 * line.height &&
      line.cells.every((cell, c) => cell === '' || (other.cells[c] ?? '') === '');
    const merged = new Set<PlacedLine>();
    const out: PlacedLine[] = [];
    lines.forEach((line, k) => {
      if (merged.has(line)) return;
      if (dated(line) && hasFigures(line.cells, columns)) {
        const partner = [lines[k - 1], lines[k + 1]].find((other) => near(line, other) && !merged.has(other));
        if (partner) {
          merged.add(partner);
          const index = out.indexOf(partner);
          if (index >= 0) out.splice(index, 1);
          out.push({ ...line, cells: line.cells.map((cell, c) => (cell !== '' ? cell : (partner.cells[c] ?? ''))) });
          return;
        }
      }
      out.push(line);
    });
    return out;
  }
}

/**
 * Whether the table prints its dates without a year (card statements: `02/07`, `AUG 3`): more date cells hold a
 * day and month than a full date (or the first half of one wrapped onto the next line; a payment slip under the
 * table may print a full date). Only then are such cells dates, so a narration that starts with `Mar 30` never
 * anchors a row in a statement with years.
 */
function printsYearlessDates(lines: PlacedLine[], dateColumn: number): boolean {
  let full = 0;
  let dayMonth = 0;
  lines.forEach((line, k) => {
    const text = line.cells[dateColumn] ?? '';
    if (leadingDate(text)) full++;
    else if (leadingDate(text, true)) {
      if (splitDate(text, lines[k + 1]?.cells[dateColumn] ?? '')) full++;
      else dayMonth++;
    }
  });
  return dayMonth > full;
}

/** `2 Jun` over `2021`, `02/06/` over `2021`: the two halves of a date wrapped in its cell, or null. */
function splitDate(top: string, below: string): string | null {
  if (top === '' || below === '' || !/^\d/.test(top) || !/^[\d'’]{2,4}$/.test(below)) return null;
  for (const joined of [`${top} ${below}`, `${top}${below}`]) if (dateOf(joined)) return joined;
  return null;
}

type RequiredLine = Required<Pick<PdfTextLine, 'page' | 'line' | 'y' | 'height' | 'items'>>;

function withGeometry(lines: PdfTextLine[]): RequiredLine[] {
  const pageCount = lines.reduce((n, line) => Math.max(n, line.page), 0);
  return lines.map((line) => ({
    page: line.page,
    line: line.line,
    y: line.y ?? line.line * 14,
    height: line.height && line.height > 0 ? line.height : 8,
    items: withoutPageMarkers(line.items, line.page, pageCount),
  }));
}

/**
 * A line's items without a page marker printed among other text (class K: `Page 2 of 2` on the line of a page's
 * first narration), removed cell by cell wherever it stands, when its numbers are the page's own (and the page
 * count). A line that is only a marker is kept as it is (it is recognised, and dropped, as a whole line).
 */
function withoutPageMarkers(items: PdfTextItem[], page: number, pageCount: number): PdfTextItem[] {
  if (items.length < 2) return items;
  const cells = lineCells(items);
  if (cells.length < 2) return items;
  // The numbers must be this page's and the document's page count: `EMI 13 OF 24` wrapped onto a line of its own
  // is narration.
  const isMarker = (text: string) => {
    if (!PAGE_MARKER_CELL.test(text)) return false;
    const [n, m] = (text.match(/\d+/g) ?? []).map(Number);
    return n === page && (m === undefined || m === pageCount);
  };
  const markers = cells.filter((cell) => isMarker(cell.text.trim()));
  // A marker extracted in two pieces (`Page 2 of` and, further right, `2`).
  cells.forEach((cell, i) => {
    const next = cells[i + 1];
    const head = /^page\s*(?:no\s*\.?)?\s*:?\s*(\d+)\s*(?:of|\/)$/i.exec(cell.text.trim());
    if (head && Number(head[1]) === page && next && next.text.trim() === String(pageCount)) markers.push(cell, next);
  });
  if (markers.length === 0) return items;
  return items.filter((item) => !markers.some((cell) => item.x >= cell.x - 0.01 && item.x2 <= cell.x2 + 0.01));
}

/**
 * Whether a whole line is a page marker: its numbers must be its page's and the document's page count, since a
 * narration's last words wrapped onto a line of their own (`2 OF 24`, `13/24`) look the same.
 */
function pageMarkerLine(line: RequiredLine, pageCount: number): boolean {
  const text = lineText(line);
  if (!PAGE_MARKER.test(text)) return false;
  const [n, m] = (text.match(/\d+/g) ?? []).map(Number);
  return n === line.page && (m === undefined || m === pageCount);
}

/**
 * A preamble line's cells. Under a row of labels (`STATEMENT DATE  PAYMENT DUE DATE`, `ACCOUNT NUMBER  IFSC`) a
 * row of values is placed in the labels' columns, so the table reads each value with its label.
 */
function preambleCells(lines: RequiredLine[], index: number): string[] {
  const line = lines[index]!;
  const cells = lineCells(line.items);
  const above = lines[index - 1];
  if (!above || !isBlock(lines, index - 1, index + 1) || !cells.some((cell) => /\d/.test(cell.text))) return cells.map((cell) => cell.text);
  const labels = lineCells(above.items);
  if (labels.length < 2 || labels.some((cell) => /\d/.test(cell.text))) return cells.map((cell) => cell.text);
  return columnCells(
    line.items,
    labels.map((cell) => ({ text: cell.text, x: cell.x, x2: cell.x2, rightEdges: [] })),
  );
}

const lineText = (line: RequiredLine) =>
  lineCells(line.items)
    .map((cell) => cell.text.trim())
    .join(' ');

/**
 * Lines printed at the same place with the same text on most pages: the bank's letterhead, address block,
 * footer and disclaimers. Compared exactly (position to the point, text as is), so a transaction can never be
 * mistaken for it.
 */
function repeatedFurniture(lines: RequiredLine[], pageCount: number): Set<number> {
  const drop = new Set<number>();
  const pages = new Map<string, Set<number>>();
  const keys = lines.map((line) => `${Math.round(line.y)}|${lineText(line)}`);
  keys.forEach((key, i) => {
    let set = pages.get(key);
    if (!set) pages.set(key, (set = new Set()));
    set.add(lines[i]!.page);
  });
  if (pageCount < 2) return drop;
  const needed = Math.max(2, Math.ceil(pageCount / 2));
  keys.forEach((key, i) => {
    if (pages.get(key)!.size >= needed) drop.add(i);
  });
  return drop;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Row {
  anchor: Extract<Unit, { kind: 'anchor' }>;
  above: PlacedLine[];
  below: PlacedLine[];
}

interface Assembly {
  rows: Row[];
  /** Units not attached to any row, in order (summaries, end markers, orphaned lines). */
  others: Unit[];
  orphans: number;
}

/** Builds the table of a PDF's lines: see the module comment. */
export function tableFromPdfLines(input: PdfTextLine[], reading: ProfileOptions = {}): ReaderOutput {
  const lines = withGeometry(input);
  const describe = (index: number) => `page ${lines[index]!.page}, line ${lines[index]!.line}`;
  // The bank is named above the table (or by the file's name); a narration in the table naming a bank never counts.
  // Its profile's header names may then find a header the shared vocabulary does not.
  const candidates = reading.profiles ?? [];
  const generic = findHeader(lines, 0, lines.length);
  const profile =
    recogniseByFileName(candidates, reading.fileName) ??
    lines
      .slice(0, generic ? generic.start : PROFILE_SEARCH_LINES)
      .reduce<BankProfile | null>((found, line) => found ?? recogniseByText(candidates, lineText(line)), null);
  const table = new StatementTable(describe, false, profile ? { ...reading, recognised: profile } : reading);
  // Lines this reader sets aside are reported through the table, so all warnings come out in file order.
  const warn = (index: number, reason: string, text = lineText(lines[index]!)) => {
    table.noteStatementWhen(text);
    table.warn(index, reason, text);
  };

  const header = profile?.columns ? findHeader(lines, 0, lines.length, vocabularyOf(profile)) : generic;
  if (!header) {
    // The table reports the missing header with its own message (and bounds the preamble it reads).
    for (let i = 0; i < lines.length; i++)
      table.push(
        lineCells(lines[i]!.items).map((cell) => cell.text),
        i,
      );
    return table.finish('PDF');
  }
  for (let i = 0; i < header.start; i++) table.push(preambleCells(lines, i), i);
  table.push(
    header.cells.map((cell) => cell.text),
    header.start,
  );

  const pageCount = lines.reduce((n, line) => Math.max(n, line.page), 0);
  const furniture = repeatedFurniture(lines, pageCount);
  const isPageMarker = (i: number) => pageMarkerLine(lines[i]!, pageCount);
  const headerPage = lines[header.start]!.page;

  // The body of each page: below the header (the first page) or below its repeat (later pages).
  const bodyByPage = new Map<number, number[]>();
  const skipped = new Set<number>();
  for (let i = header.end; i < lines.length; i++) {
    const page = lines[i]!.page;
    let indexes = bodyByPage.get(page);
    if (!indexes) bodyByPage.set(page, (indexes = []));
    indexes.push(i);
  }
  for (const [page, indexes] of bodyByPage) {
    let start = 0;
    if (page !== headerPage && indexes.length > 0) {
      // The repeated header, if any (printed the same or, as some banks do, shortened after the first page):
      // everything above it is the page's letterhead.
      const from = indexes[0]!;
      const repeat = findHeader(lines, from, Math.min(from + indexes.length, from + REPEATED_HEADER_SEARCH), vocabularyOf(profile));
      if (repeat) {
        for (let idx = from; idx < repeat.start; idx++) {
          if (!furniture.has(idx) && !isPageMarker(idx)) warn(idx, 'printed above the table on this page, not part of any transaction');
          skipped.add(idx);
        }
        for (let idx = repeat.start; idx < repeat.end; idx++) skipped.add(idx);
        start = repeat.end - from;
      }
    }
    bodyByPage.set(
      page,
      indexes.slice(start).filter((i) => !skipped.has(i)),
    );
  }

  // Column extents from the header and every body line's numbers; text edges only from the table's own lines.
  const bodyIndexes = [...bodyByPage.values()].flat().filter((i) => !furniture.has(i) && !isPageMarker(i));
  const columns = buildColumns(
    header.cells,
    bodyIndexes.map((i) => lines[i]!.items),
    header.columns,
    tableLines(bodyByPage, lines, furniture, pageCount).map((i) => lines[i]!.items),
  );

  const placed = (index: number): PlacedLine => {
    const line = lines[index]!;
    return { index, page: line.page, y: line.y, height: line.height, cells: columnCells(line.items, columns) };
  };
  const pages: Unit[][] = [];
  let ended: number | null = null;
  const unmerged = [...bodyByPage.values()].map((indexes) => indexes.filter((i) => !isPageMarker(i)).map(placed));
  const yearless = printsYearlessDates(unmerged.flat(), header.columns.date);
  // Decimal commas (`1.234,56`, `1 234,56`, `0,17`): decided for the whole table from its amount cells, as the CSV
  // reader does; a cell the point-decimal reading refuses is then read once more with the comma as the decimal mark.
  const amountCells = unmerged.flat().flatMap((line) =>
    amountIndexes(header.columns)
      .map((c) => line.cells[c] ?? '')
      .filter((t) => /\d/.test(t)),
  );
  const marker = /^(.*?)(\s*\(?(?:cr|dr)\)?\.?)$/i;
  if (usesDecimalComma(amountCells.map((t) => t.replace(marker, '$1')))) {
    // A Dr/Cr marker (`0,02 (Dr)`) is kept as printed around the rewritten number.
    table.decimalComma = (text) => {
      const m = marker.exec(text);
      return m ? `${toPointDecimal(m[1]!)}${m[2]}` : toPointDecimal(text);
    };
  }
  const candidatesByPage = mergeOffsetLines(unmerged, header.columns, yearless);
  // Card statements (no running balance, or dates without a year) group their rows under section headings.
  const cardLike = yearless || header.columns.balance === undefined;
  for (const candidates of candidatesByPage) {
    if (ended !== null) break;
    const units: Unit[] = [];
    // Furniture is what repeats around the table; between the page's first and last dated lines a repeat is
    // a narration line that happens to recur (a monthly payment), and stays.
    const dated = candidates.filter((line) => leadingDate(line.cells[header.columns.date] ?? '', yearless) !== null);
    const firstY = dated[0]?.y ?? Infinity;
    const lastY = dated[dated.length - 1]?.y ?? -Infinity;
    const placedLines = candidates.filter((line) => {
      if (furniture.has(line.index) && !(line.y > firstY && line.y < lastY)) return false;
      if (acrossColumns(lines[line.index]!, header.cells) && !END_OF_TABLE.test(lineText(lines[line.index]!))) {
        warn(line.index, 'text under the table that belongs to no dated transaction line');
        return false;
      }
      if (!cardLike || !isSectionHeading(line, header.columns)) return true;
      warn(line.index, 'a section heading inside the table, not part of a transaction');
      return false;
    });
    for (let k = 0; k < placedLines.length; k++) {
      const line = placedLines[k]!;
      const unit = classify(line, placedLines[k + 1], header.columns, yearless);
      units.push(unit);
      k += unit.lines.length - 1;
      if (unit.kind === 'end') {
        ended = unit.lines[0]!.index;
        break;
      }
    }
    pages.push(units);
  }

  const pitch = median(pages.flat().flatMap((unit) => unit.lines.map((line) => line.height))) || 8;
  const assembled = chooseAssembly(pages, pitch, header.columns, columns.length);

  // Everything, in file order: rows (one cell array each), summaries and end markers (to the table), orphans (warned).
  type Out = { at: number; push: () => void };
  const out: Out[] = [];
  for (const row of assembled.rows) {
    out.push({ at: row.anchor.lines[0]!.index, push: () => table.push(rowCells(row, header.columns, columns.length), row.anchor.lines[0]!.index) });
  }
  for (const unit of assembled.others) {
    const first = unit.lines[0]!;
    if (unit.kind === 'summary' || unit.kind === 'end' || hasFigures(first.cells, header.columns)) {
      out.push({ at: first.index, push: () => table.push(first.cells, first.index) });
    } else {
      for (const line of unit.lines) warn(line.index, 'text under the table that belongs to no dated transaction line');
    }
  }
  // After the table's end, summary blocks ("Opening Balance  Debits  Credits  Closing Bal" over their values)
  // are read by the table for the figures they print, line by line as printed.
  if (ended !== null) {
    for (let i = ended + 1; i < lines.length; i++) {
      if (furniture.has(i) || skipped.has(i)) continue;
      const at = i;
      out.push({
        at,
        push: () =>
          table.push(
            lineCells(lines[at]!.items).map((cell) => cell.text),
            at,
          ),
      });
    }
  }
  out.sort((a, b) => a.at - b.at);
  for (const item of out) item.push();
  return table.finish('PDF');
}

/**
 * The lines of each page's table proper: from under its header to its last line that looks like a dated row (a
 * line starting with a date and printing a number), or its end marker. Page furniture, disclaimers, legends and
 * summary blocks after it, and pages after the last row, are left out: column extents are never learnt from them.
 */
function tableLines(bodyByPage: Map<number, number[]>, lines: RequiredLine[], furniture: Set<number>, pageCount: number): number[] {
  const out: number[] = [];
  for (const indexes of bodyByPage.values()) {
    let last = -1;
    for (let k = 0; k < indexes.length; k++) {
      const items = lines[indexes[k]!]!.items;
      const text = lineText(lines[indexes[k]!]!);
      if (END_OF_TABLE.test(text)) break;
      if (!items.slice(0, 3).some((item) => DATE_START.test(item.text.trim()))) continue;
      const figures = (line: RequiredLine) => line.items.some((item) => /\d[.,]\d/.test(item.text));
      // The row's figures may be printed a little above or below its date line (less than a line's height away).
      const offset = (j: number) => {
        const other = indexes[j] === undefined ? undefined : lines[indexes[j]!];
        const line = lines[indexes[k]!]!;
        return other !== undefined && Math.abs(other.y - line.y) < line.height && figures(other);
      };
      if (figures(lines[indexes[k]!]!)) last = Math.max(last, k);
      else if (offset(k + 1)) last = Math.max(last, k + 1);
      else if (offset(k - 1)) last = Math.max(last, k);
    }
    for (let k = 0; k <= last; k++) if (!furniture.has(indexes[k]!) && !pageMarkerLine(lines[indexes[k]!]!, pageCount)) out.push(indexes[k]!);
  }
  return out;
}

/**
 * A line printed across the table's columns: one of its cells spans three or more header cells whole (a disclaimer,
 * a legend, a note under the table). No cell of a row does: a narration stays in its column, and one glued to a
 * date or cheque number reaches one neighbour at most.
 */
function acrossColumns(line: RequiredLine, header: Cell[]): boolean {
  return lineCells(line.items).some((cell) => header.filter((h) => h.text !== '' && cell.x <= h.x && h.x2 <= cell.x2).length >= 3);
}

const AMOUNT_MEANINGS = ['outflow', 'inflow', 'balance', 'amount'] as const;

function amountIndexes(columns: Columns): number[] {
  return AMOUNT_MEANINGS.map((m) => columns[m]).filter((i): i is number => i !== undefined);
}

/**
 * Whether a line prints an amount that fills a row: a withdrawal, deposit or single amount with a digit (a `-`
 * placeholder is none). A balance alone never does, so amounts printed on their own line under a row whose date
 * line carries the balance still join it.
 */
function hasAmounts(cells: string[], columns: Columns): boolean {
  return [columns.outflow, columns.inflow, columns.amount].some((i) => i !== undefined && /\d/.test(cells[i] ?? ''));
}

/** Whether a line prints any figure, the balance included (an undated opening balance line prints only that). */
function hasFigures(cells: string[], columns: Columns): boolean {
  return amountIndexes(columns).some((i) => /\d/.test(cells[i] ?? ''));
}

/** What a line (or a date wrapped over it and the next) is: a date anchor, a summary figure, the table's end, or loose text. */
function classify(line: PlacedLine, next: PlacedLine | undefined, columns: Columns, yearless: boolean): Unit {
  const dateText = line.cells[columns.date] ?? '';
  const others = line.cells
    .filter((_, i) => i !== columns.date && i !== columns.valueDate && !amountIndexes(columns).includes(i))
    .join(' ')
    .trim();
  const all = line.cells.join(' ').trim();
  if (END_OF_TABLE.test(all)) return { kind: 'end', lines: [line] };
  let lead = leadingDate(dateText, yearless);
  if (!lead && dateText === '' && columns.valueDate !== undefined && hasAmounts(line.cells, columns)) {
    // The transaction date left blank with a value date printed: the table reads the value date then, and the
    // line is a row's anchor all the same.
    const value = leadingDate(line.cells[columns.valueDate] ?? '', yearless);
    if (value) lead = { date: value.date, rest: '' };
  }
  // Without a date, only a line that prints a figure: a wrapped narration line may well say "TOTAL ENERGIES".
  // On a dated line the label starts the narration (a serial number may stand before it: `1 01-03-2030 Opening Balance`).
  const narration = `${lead?.rest ?? ''} ${line.cells[columns.particulars] ?? ''}`.trim();
  const summary = lead
    ? SUMMARY_START.test(narration) || SUMMARY_START.test(`${lead.rest} ${others}`.trim())
    : SUMMARY_WORDS.test(`${dateText} ${others}`) && hasFigures(line.cells, columns);
  if (summary) return { kind: 'summary', lines: [line] };
  if (lead) return { kind: 'anchor', lines: [line], date: lead.date, restOfDate: lead.rest };
  if (next && next.page === line.page && next.y - line.y <= 2 * Math.max(line.height, next.height)) {
    const joined = splitDate(dateText, next.cells[columns.date] ?? '');
    if (joined) return { kind: 'anchor', lines: [line, next], date: joined, restOfDate: '' };
  }
  return { kind: 'loose', lines: [line] };
}

/** The cells of one transaction: every line's text per column, top to bottom, joined with single spaces. */
function rowCells(row: Row, columns: Columns, width: number): string[] {
  const lines = [...row.above, ...row.anchor.lines, ...row.below].sort((a, b) => a.page - b.page || a.y - b.y);
  const anchorLines = new Set(row.anchor.lines);
  const cells: string[] = [];
  for (let c = 0; c < width; c++) {
    if (c === columns.date) {
      cells.push(row.anchor.date);
      continue;
    }
    const parts: string[] = [];
    for (const line of lines) {
      let text = line.cells[c] ?? '';
      if (c === columns.particulars) {
        // Narration that spilled left into the date column belongs to the narration.
        const spill = anchorLines.has(line) ? (line === row.anchor.lines[0] ? row.anchor.restOfDate : '') : (line.cells[columns.date] ?? '');
        text = `${spill} ${text}`.trim();
      }
      if (text === '') continue;
      // The last digits of an amount wrapped under it in a narrow cell (`1,00,000.0` over `0`) complete it.
      if (parts.length > 0 && amountColumn(c, columns) && completes(parts[parts.length - 1]!, text)) parts[parts.length - 1] += text;
      else parts.push(text);
    }
    cells.push(parts.join(' '));
  }
  return cells;
}

function amountColumn(c: number, columns: Columns): boolean {
  return c === columns.outflow || c === columns.inflow || c === columns.balance || c === columns.amount;
}

/** Whether `below` (one or two digits) is the wrapped end of an amount printed with one decimal or a separator last. */
function completes(amount: string, below: string): boolean {
  return /^\d{1,2}$/.test(below) && /\d[.,]\d?$/.test(amount);
}

/** A line whose amount cells only complete amounts the row's lines left unfinished (and whose other cells are narration). */
function completesRow(rowLines: PlacedLine[], line: PlacedLine, columns: Columns): boolean {
  const above = [...rowLines].sort((a, b) => a.y - b.y);
  return line.cells.every((cell, c) => {
    if (cell === '' || c === columns.particulars) return true;
    if (!amountColumn(c, columns)) return false;
    const previous = above
      .map((l) => l.cells[c] ?? '')
      .filter((t) => t !== '')
      .pop();
    return previous !== undefined && completes(previous, cell);
  });
}

const top = (unit: Unit) => unit.lines[0]!.y;
const bottom = (unit: Unit) => unit.lines[unit.lines.length - 1]!.y;

/** Lines without a date between two fences (anchors, summaries; null for the page's top or end). */
interface Gap {
  upper: Unit | null;
  lower: Unit | null;
  loose: PlacedLine[];
}

/** The split a clear gap shows: one gap between consecutive lines markedly larger than all others, or null. */
function gapSplit(gap: Gap, pitch: number): number | null {
  if (!gap.upper || !gap.lower || gap.upper.kind !== 'anchor' || gap.lower.kind !== 'anchor' || gap.loose.length === 0) return null;
  const ys = [bottom(gap.upper), ...gap.loose.map((line) => line.y), top(gap.lower)];
  const gaps = ys.slice(1).map((y, i) => y - ys[i]!);
  let largest = 0;
  for (let i = 1; i < gaps.length; i++) if (gaps[i]! > gaps[largest]!) largest = i;
  const second = Math.max(...gaps.filter((_, i) => i !== largest));
  return gaps[largest]! - second >= Math.max(1.5, 0.15 * pitch) ? largest : null;
}

/** Lines within reach of a fence: consecutive gaps no larger than a row can have between its lines. */
function reach(lines: PlacedLine[], from: number, pitch: number): number {
  let count = 0;
  let y = from;
  for (const line of lines) {
    if (Math.abs(line.y - y) > 2.5 * pitch) break;
    y = line.y;
    count++;
  }
  return count;
}

/**
 * How many of `lines` (nearest first) can join the row: amounts printed under the narration join a row that has
 * none; a second set of amounts cannot belong to it (a total, or a line the geometry cannot place), so the
 * lines from there on stay out and are reported.
 */
function fits(row: Row, lines: PlacedLine[], columns: Columns): number {
  const rowLines = [...row.anchor.lines, ...row.above, ...row.below];
  let filled = rowLines.some((line) => hasAmounts(line.cells, columns));
  for (let i = 0; i < lines.length; i++) {
    if (!hasAmounts(lines[i]!.cells, columns) || completesRow(rowLines, lines[i]!, columns)) continue;
    if (filled) return i;
    filled = true;
  }
  return lines.length;
}

function assemble(pages: Unit[][], pitch: number, alignment: Alignment, columns: Columns): Assembly {
  const rows: Row[] = [];
  const others: Unit[] = [];
  let orphans = 0;
  const orphan = (lines: PlacedLine[]) => {
    for (const line of lines) others.push({ kind: 'loose', lines: [line] });
    orphans += lines.length;
  };
  for (let p = 0; p < pages.length; p++) {
    const units = pages[p]!;
    let upper: Unit | null = null;
    let upperRow: Row | null = null;
    let loose: PlacedLine[] = [];
    const settle = (lower: Unit | null, lowerRow: Row | null) => {
      const gap: Gap = { upper, lower, loose };
      let split: number;
      const clear = gapSplit(gap, pitch);
      if (clear !== null) split = clear;
      else if (upperRow && lowerRow) {
        if (alignment === 'top') split = loose.length;
        else if (alignment === 'bottom') split = 0;
        else {
          // Centred: the upper row extends as far below its date line as it does above it.
          const anchorTop = top(upperRow.anchor);
          const rowTop = upperRow.above.length > 0 ? upperRow.above[0]!.y : anchorTop;
          const centre = (anchorTop + bottom(upperRow.anchor)) / 2;
          const reachBelow = 2 * centre - rowTop + 0.3 * pitch;
          split = loose.filter((line) => line.y <= reachBelow).length;
        }
      } else if (upperRow) {
        // Lines after the last row of the page (or before a summary line).
        split = alignment === 'bottom' ? 0 : loose.length;
      } else if (lowerRow) {
        // Lines between the page's header and its first row.
        if (alignment === 'top') {
          const previous = rows[rows.length - 1];
          // A narration carried over from the previous page's last row: only lines that continue into the
          // table (no gap before its first row) and hold nothing but narration; a page heading that is not
          // repeated elsewhere is reported instead.
          if (p > 0 && upper === null && previous && lower) {
            const adjacent = reach([...loose].reverse(), top(lower), pitch);
            const room = Math.max(0, MAX_ROW_LINES - previous.below.length - previous.above.length);
            const carried = loose.slice(loose.length - Math.min(adjacent, room));
            if (carried.every((line) => line.cells.every((cell, i) => cell === '' || i === columns.particulars))) {
              previous.below.push(...carried);
              loose = loose.slice(0, loose.length - carried.length);
            }
          }
          split = loose.length;
        } else split = 0;
      } else split = loose.length;
      const toUpper = loose.slice(0, split);
      const toLower = loose.slice(split);
      if (upperRow) {
        const n = Math.min(reach(toUpper, bottom(upperRow.anchor), pitch), MAX_ROW_LINES - upperRow.above.length, fits(upperRow, toUpper, columns));
        upperRow.below.push(...toUpper.slice(0, n));
        orphan(toUpper.slice(n));
      } else orphan(toUpper);
      if (lowerRow) {
        const reversed = [...toLower].reverse();
        const n = Math.min(reach(reversed, top(lowerRow.anchor), pitch), MAX_ROW_LINES, fits(lowerRow, reversed, columns));
        lowerRow.above.push(...toLower.slice(toLower.length - n));
        orphan(toLower.slice(0, toLower.length - n));
      } else orphan(toLower);
      loose = [];
    };
    for (const unit of units) {
      if (unit.kind === 'loose') {
        loose.push(...unit.lines);
        continue;
      }
      const row: Row | null = unit.kind === 'anchor' ? { anchor: unit, above: [], below: [] } : null;
      settle(unit, row);
      if (row) rows.push(row);
      else others.push(unit);
      upper = unit;
      upperRow = row;
    }
    settle(null, null);
  }
  return { rows, others, orphans };
}

/** Approximate rows (dates and amounts as printed) for choosing between alignments with the balance chain. */
function probeRows(rows: Row[], columns: Columns, width: number): { rows: StatementRow[]; incomplete: number } {
  const out: StatementRow[] = [];
  let incomplete = 0;
  const amount = (text: string | undefined) => {
    try {
      return readAmountText(text ?? '');
    } catch {
      return null;
    }
  };
  for (const row of rows) {
    const cells = rowCells(row, columns, width);
    const inflow = columns.inflow === undefined ? null : amount(cells[columns.inflow]);
    const outflow = columns.outflow === undefined ? null : amount(cells[columns.outflow]);
    const single = columns.amount === undefined ? null : amount(cells[columns.amount]);
    const balance = columns.balance === undefined ? null : amount(cells[columns.balance]);
    if (!inflow && !outflow && !single) incomplete++;
    // A single amount: Cr in, Dr out, else its sign (a constant misreading affects every alignment alike).
    const magnitude = single ? (single.value < 0n ? -single.value : single.value) : 0n;
    const value = !single ? 0n : single.marker === 'cr' ? magnitude : single.marker === 'dr' ? -magnitude : single.value;
    out.push({
      date: '2000-01-01',
      particulars: '',
      inflow: (inflow?.value ?? 0n) + (value > 0n ? value : 0n),
      outflow: (outflow ? (outflow.value < 0n ? -outflow.value : outflow.value) : 0n) + (value < 0n ? -value : 0n),
      balance: balance ? (balance.marker === 'dr' ? -balance.value : balance.value) : null,
    });
  }
  return { rows: out, incomplete };
}

/**
 * Where the date line sits in its cell. Rows whose extent the gaps settle vote: nothing above and lines below is
 * top-aligned, lines on both sides centred, only above bottom-aligned. Without votes every alignment is tried and
 * the one that leaves the fewest rows without amounts, keeps the balance chain, and orphans the fewest lines wins.
 */
function chooseAssembly(pages: Unit[][], pitch: number, columns: Columns, width: number): Assembly {
  const votes: Record<Alignment, number> = { top: 0, centre: 0, bottom: 0 };
  for (const units of pages) {
    for (let k = 0; k < units.length; k++) {
      const unit = units[k]!;
      if (unit.kind !== 'anchor') continue;
      const side = (direction: -1 | 1): number | null => {
        const loose: PlacedLine[] = [];
        let j = k + direction;
        while (j >= 0 && j < units.length && units[j]!.kind === 'loose') {
          loose.push(...units[j]!.lines);
          j += direction;
        }
        if (loose.length === 0) return 0;
        const fence = units[j];
        if (!fence || fence.kind !== 'anchor') return null;
        const gap: Gap = direction === 1 ? { upper: unit, lower: fence, loose } : { upper: fence, lower: unit, loose: loose.reverse() };
        const split = gapSplit(gap, pitch);
        if (split === null) return null;
        return direction === 1 ? split : loose.length - split;
      };
      const above = side(-1);
      const below = side(1);
      if (above === null || below === null || (above === 0 && below === 0)) continue;
      votes[above === 0 ? 'top' : below === 0 ? 'bottom' : 'centre']++;
    }
  }
  const voted = (Object.keys(votes) as Alignment[]).sort((a, b) => votes[b] - votes[a])[0]!;
  if (votes[voted] > 0) return assemble(pages, pitch, voted, columns);
  let best: { assembly: Assembly; score: number[] } | null = null;
  for (const alignment of ['top', 'centre', 'bottom'] as Alignment[]) {
    const assembly = assemble(pages, pitch, alignment, columns);
    const probe = probeRows(assembly.rows, columns, width);
    const chain = checkBalanceChain(probe.rows);
    const score = [probe.incomplete, chain.breaks.length, assembly.orphans];
    if (!best || lessThan(score, best.score)) best = { assembly, score };
  }
  return best!.assembly;
}

function lessThan(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
