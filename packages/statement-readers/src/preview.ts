/**
 * When the reader is unsure (issue 33): what it could not decide about a tabular file's layout, and the preview a
 * person decides from: the file's first lines as cells, the reader's best guess for each column's role with a
 * confidence (0..1), its guess of the header line, the order of day and month and the decimal separator, and
 * what it could not decide and why. The statement service stores it as `parsed_data.preview` and stalls with
 * LAYOUT_NOT_RECOGNISED; the mapping a person then gives is checked against it (mapping.ts reads with it).
 */
import { amountValue, isDate, usesDecimalComma } from './csv-layout';
import { dayOrderEvidence } from './dates';
import { headerMeaning, type Meaning } from './header';
import { checkBalanceChain } from './integrity';
import { gridText, headerlessShape, MAX_LAYOUT_COLUMNS, PREVIEW_LINES, type MappingDateOrder, type StatementGrid } from './mapping';
import type { ParsedStatement } from './types';

/** The parts a column can be mapped to, and `direction` (a Dr/Cr or type column beside a single amount). */
export const COLUMN_ROLES = ['date', 'narration', 'reference', 'value_date', 'debit', 'credit', 'amount', 'balance', 'direction'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** Something the reader could not decide, and why (`field` names the mapping field that answers it). */
export interface Undecided {
  field: 'header_row' | 'columns' | 'direction' | 'date_order' | 'decimal_separator';
  reason: string;
}

export interface LayoutPreview {
  /** The file's first lines (at most PREVIEW_LINES), each as its cells' text; indexes are the mapping's line indexes. */
  lines: string[][];
  /** How many lines the file has in all (the mapping's skip_lines and header_row index into them). */
  line_count: number;
  /** The widest of the preview's lines. */
  width: number;
  guess: {
    header_row: number | null;
    /** One entry per column of the preview: the role the reader would give it (null: none) and how sure it is. */
    columns: { index: number; role: ColumnRole | null; confidence: number }[];
    date_order: MappingDateOrder | null;
    decimal_separator: '.' | ',' | null;
  };
  undecided: Undecided[];
}

const MEANING_ROLE: Record<Meaning, ColumnRole> = {
  date: 'date',
  particulars: 'narration',
  narrationPart: 'narration',
  outflow: 'debit',
  inflow: 'credit',
  amount: 'amount',
  balance: 'balance',
  direction: 'direction',
};

const round = (n: number) => Math.round(n * 100) / 100;
const isAmount = (text: string) => /\d/.test(text) && (amountValue(text) !== null || amountValue(text, true) !== null);

/** A line of column names: two or more cells, none a date or a figure. */
export function looksLikeHeader(cells: readonly string[]): boolean {
  const filled = cells.filter((c) => c !== '');
  return filled.length >= 2 && filled.every((c) => !isDate(c) && !isAmount(c) && /[a-z]/i.test(c));
}

/**
 * The preview of `grid`, with `undecided` (what the reading could not settle) and, where the reader found them,
 * the header line's cells (the header row guessed is the line holding them).
 */
export function layoutPreview(grid: StatementGrid, undecided: Undecided[], readerHeader: readonly string[] = []): LayoutPreview {
  const lines = gridText(grid.lines, PREVIEW_LINES).map((cells) => cells.slice(0, MAX_LAYOUT_COLUMNS));
  const width = Math.max(0, ...lines.map((l) => l.length));
  const shape = headerlessShape(lines);
  const knownHeader = readerHeader.filter((c) => c !== '').length >= 2 ? readerHeader.join('|') : null;
  let headerRow = knownHeader ? lines.findIndex((cells) => cells.join('|') === knownHeader) : -1;
  if (headerRow === -1 && shape && shape.start > 0 && looksLikeHeader(lines[shape.start - 1]!)) headerRow = shape.start - 1;
  if (headerRow === -1) headerRow = lines.slice(0, shape?.start ?? lines.length).findIndex(looksLikeHeader);
  const bodyStart = headerRow === -1 ? (shape?.start ?? 0) : headerRow + 1;
  const body = lines.slice(bodyStart).filter((cells) => cells.some((c) => isDate(c)));

  const columnCells = (j: number) => body.map((cells) => cells[j] ?? '').filter((c) => c !== '');
  const ratio = (j: number, test: (c: string) => boolean) => {
    const filled = columnCells(j);
    return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
  };
  const guesses: LayoutPreview['guess']['columns'] = Array.from({ length: width }, (_, index) => ({ index, role: null, confidence: 0 }));
  const taken = (role: ColumnRole) => guesses.some((g) => g.role === role);
  // Named by the header first, where its words say (confirmed by the values below it).
  if (headerRow !== -1) {
    lines[headerRow]!.forEach((text, j) => {
      const hit = headerMeaning(text);
      if (!hit || j >= width) return;
      let role = MEANING_ROLE[hit.meaning];
      if (role === 'date' && taken('date')) role = 'value_date';
      const fits =
        role === 'date' || role === 'value_date' ? ratio(j, isDate) : ['debit', 'credit', 'amount', 'balance'].includes(role) ? ratio(j, isAmount) : 1;
      guesses[j] = { index: j, role, confidence: round(0.5 + 0.45 * fits) };
    });
  }
  // Then from the values: dates, amounts, the wordiest text.
  const free = () => guesses.filter((g) => g.role === null && columnCells(g.index).length > 0).map((g) => g.index);
  for (const j of free()) {
    const r = ratio(j, isDate);
    if (r >= 0.8) guesses[j] = { index: j, role: taken('date') ? 'value_date' : 'date', confidence: round(0.6 * r) };
  }
  const amounts = free().filter((j) => ratio(j, isAmount) >= 0.8 && columnCells(j).some((c) => /\d[.,]\d/.test(c)));
  const amountRoles: ColumnRole[] =
    taken('amount') || taken('debit') || taken('credit')
      ? amounts.length > 0 && !taken('balance')
        ? ['balance']
        : []
      : amounts.length === 1
        ? ['amount']
        : amounts.length === 2
          ? ['amount', 'balance']
          : ['debit', 'credit', 'balance'];
  amounts.slice(0, amountRoles.length).forEach((j, k) => (guesses[j] = { index: j, role: amountRoles[k]!, confidence: amounts.length === 1 ? 0.5 : 0.3 }));
  const letters = (j: number) => columnCells(j).reduce((n, c) => n + (c.match(/\p{L}/gu)?.length ?? 0), 0);
  const texts = free()
    .filter((j) => letters(j) > 0)
    .sort((a, b) => letters(b) - letters(a));
  if (!taken('narration') && texts.length > 0) guesses[texts[0]!] = { index: texts[0]!, role: 'narration', confidence: 0.5 };

  // A short word repeated on every row beside a single amount (`Cr`/`Dr`, `PANO`/`OTTO`) says its direction.
  // Only beside amounts without a sign, and with two or three words: a constant column (`SEPA`) says nothing.
  const amountAt = guesses.find((g) => g.role === 'amount')?.index;
  if (amountAt !== undefined && !taken('direction') && !columnCells(amountAt).some((c) => /^\(|^-|-$/.test(c))) {
    const marker = free().find((j) => {
      const values = new Set(columnCells(j));
      return values.size >= 2 && values.size <= 3 && [...values].every((v) => v.length <= 12 && !/\d/.test(v));
    });
    if (marker !== undefined) guesses[marker] = { index: marker, role: 'direction', confidence: 0.4 };
  }
  const dateColumn = guesses.find((g) => g.role === 'date')?.index;
  const dateCells = dateColumn === undefined ? [] : columnCells(dateColumn);
  const evidence = dateCells.map(dayOrderEvidence);
  let dateOrder: MappingDateOrder | null = null;
  if (dateCells.length > 0 && dateCells.every((c) => /^\d{4}[-/.]/.test(c))) dateOrder = 'YMD';
  else if (evidence.includes('mdy') && !evidence.includes('dmy')) dateOrder = 'MDY';
  else if (evidence.includes('dmy') && !evidence.includes('mdy')) dateOrder = 'DMY';
  else if (!evidence.includes('either') && dateCells.length > 0) dateOrder = 'DMY';
  const amountCells = guesses.filter((g) => g.role && ['debit', 'credit', 'amount', 'balance'].includes(g.role)).flatMap((g) => columnCells(g.index));
  const decimal = usesDecimalComma(amountCells) ? ',' : amountCells.some((c) => /\d\.\d{1,2}\)?(?:\s*(?:cr|dr))?$/i.test(c)) ? '.' : null;

  const reasons = [...undecided];
  const add = (field: Undecided['field'], reason: string) => {
    if (!reasons.some((r) => r.field === field)) reasons.push({ field, reason });
  };
  if (dateOrder === null && dateCells.length > 0) add('date_order', 'every date could be read day first or month first (no day is above 12)');
  const amountColumn = guesses.find((g) => g.role === 'amount')?.index;
  if (amountColumn !== undefined && !taken('direction') && !columnCells(amountColumn).some((c) => /^\(|^-|-$|\b(?:cr|dr)\b/i.test(c))) {
    add('direction', 'the single amount column carries no sign or Cr/Dr marker: which rows are money in is not written beside it');
  }
  if (decimal === null && amountCells.length > 0) add('decimal_separator', 'no amount shows whether its separator is a decimal point or a thousands separator');
  return {
    lines,
    line_count: grid.lines.length,
    width,
    guess: { header_row: headerRow === -1 ? null : headerRow, columns: guesses, date_order: dateOrder, decimal_separator: decimal },
    undecided: reasons,
  };
}

const SYNTHETIC = /^(?:Date|Particulars|Debit|Credit|Amount|Balance|Column \d+)$/;

/**
 * What a reading that did not fail leaves undecided, so that it is asked rather than guessed:
 * - a CSV read by the headerless inference under a line of column names the reader could not name, where a
 *   column it names holds text the inference left out (a Finnish export: every narration would lose its message);
 * - single amounts whose direction the reader took the wrong way: the balance chain breaks as read and holds on
 *   every row with inflow and outflow exchanged.
 * `grid` is asked for only when the first needs it.
 */
export async function undecidedOf(parsed: ParsedStatement, grid: () => Promise<StatementGrid>): Promise<Undecided[]> {
  const out: Undecided[] = [];
  const header = parsed.metadata.header;
  if (parsed.fileType === 'csv' && header.length > 0 && header.every((h) => SYNTHETIC.test(h)) && header.some((h) => /^Column \d+$/.test(h))) {
    const lines = gridText((await grid()).lines, PREVIEW_LINES).map((cells) => cells.slice(0, MAX_LAYOUT_COLUMNS));
    const dateColumn = header.indexOf('Date');
    const start = lines.findIndex((cells) => cells.length >= header.length - 1 && isDate(cells[dateColumn] ?? ''));
    const above = start > 0 ? lines[start - 1]! : null;
    if (above && looksLikeHeader(above)) {
      const body = lines.slice(start).filter((cells) => isDate(cells[dateColumn] ?? ''));
      const lost = header.flatMap((name, j) =>
        /^Column \d+$/.test(name) && (above[j] ?? '') !== '' && body.some((cells) => /\p{L}{2}/u.test(cells[j] ?? '') && !isAmount(cells[j]!))
          ? [above[j]!]
          : [],
      );
      if (lost.length > 0) {
        out.push({
          field: 'columns',
          reason: `the header's words (${above.map((c) => `"${c}"`).join(', ')}) are not ones the reader knows; read without them, the text of ${lost.map((c) => `"${c}"`).join(', ')} would be lost`,
        });
      }
    }
  }
  if (parsed.integrity.balance_chain === 'broken' && parsed.rows.filter((r) => r.balance !== null).length >= 3) {
    const swapped = parsed.rows.map((r) => ({ ...r, inflow: r.outflow, outflow: r.inflow }));
    if (checkBalanceChain(swapped).verdict === 'ok') {
      out.push({
        field: 'direction',
        reason: `the balance chain breaks on ${parsed.integrity.break_count} rows as read, and holds on every row with money in and out exchanged: which column or sign is money in is not certain`,
      });
    }
  }
  return out;
}
