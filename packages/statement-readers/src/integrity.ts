/**
 * The bank's own arithmetic, checked: wherever a file prints running balances, each row must satisfy
 * previous balance - outflow + inflow = balance, in file order (oldest first) or reversed (newest first, as some
 * banks list). A plausible wrong reading (a debit read as a credit, an amount in the wrong column, a row lost or
 * read twice) breaks the chain; a right one never does. Printed opening/closing balances and totals are checked
 * against the rows too. The result is stored as `parsed_data.integrity`.
 */
import type { PrintedFigures, ReadWarning, StatementFileType, StatementRow } from './types';

export type ChainOrder = 'oldest_first' | 'newest_first';

/** A row whose balance does not follow from the one before it (in the chain's order). */
export interface BalanceBreak {
  /** Index of the row in file order (0-based). */
  row: number;
  position: string | null;
  /** The balance the previous row and this row's amounts imply (milli-units). */
  expected_balance: number;
  /** The balance the row prints. */
  balance: number;
}

export interface BalanceChain {
  verdict: 'ok' | 'broken' | 'not_checked';
  order: ChainOrder | null;
  breaks: BalanceBreak[];
}

/** One printed figure against what the rows say (milli-units); ok null where the file prints no such figure. */
export interface FigureCheck {
  printed: number | null;
  computed: number | null;
  ok: boolean | null;
}

/** `parsed_data.integrity`. */
export interface IntegrityReport {
  /** True when nothing checked disagrees (a statement without balances or printed figures is ok, but unchecked). */
  ok: boolean;
  balance_chain: BalanceChain['verdict'];
  order: ChainOrder | null;
  /** The first breaks (at most MAX_BREAKS_LISTED); break_count has them all. */
  breaks: BalanceBreak[];
  break_count: number;
  opening_balance: FigureCheck;
  closing_balance: FigureCheck;
  total_inflow: FigureCheck;
  total_outflow: FigureCheck;
  row_count: number;
  skipped_lines: number;
}

export const MAX_BREAKS_LISTED = 50;

const num = (value: bigint | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Breaks of the chain when `rows` are read in `order`. Rows without a balance carry the running figure to the
 * next row that has one (some banks print the balance once per day).
 */
function breaksIn(rows: StatementRow[], order: ChainOrder): BalanceBreak[] {
  const breaks: BalanceBreak[] = [];
  const indexes = rows.map((_, i) => i);
  if (order === 'newest_first') indexes.reverse();
  let running: bigint | null = null;
  for (const i of indexes) {
    const row = rows[i]!;
    if (running === null) {
      running = row.balance;
      continue;
    }
    const expected: bigint = running - row.outflow + row.inflow;
    if (row.balance === null) {
      running = expected;
      continue;
    }
    if (row.balance !== expected) {
      breaks.push({ row: i, position: row.position ?? null, expected_balance: Number(expected), balance: Number(row.balance) });
    }
    // Resume from what the bank printed, so one misread row is one break, not every row after it.
    running = row.balance;
  }
  return breaks;
}

/**
 * The chain's verdict, in whichever order fits the rows better (fewer breaks; with a tie, the order the dates
 * run in). Fewer than two balances: not_checked.
 */
export function checkBalanceChain(rows: StatementRow[]): BalanceChain {
  let withBalance = 0;
  for (const row of rows) if (row.balance !== null && ++withBalance >= 2) break;
  if (withBalance < 2) return { verdict: 'not_checked', order: null, breaks: [] };
  const oldest = breaksIn(rows, 'oldest_first');
  if (oldest.length === 0) return { verdict: 'ok', order: 'oldest_first', breaks: [] };
  const newest = breaksIn(rows, 'newest_first');
  const order: ChainOrder = newest.length < oldest.length || (newest.length === oldest.length && datesDescend(rows)) ? 'newest_first' : 'oldest_first';
  const breaks = order === 'newest_first' ? newest : oldest;
  return { verdict: breaks.length === 0 ? 'ok' : 'broken', order, breaks };
}

function datesDescend(rows: StatementRow[]): boolean {
  return rows.length > 1 && rows[0]!.date > rows[rows.length - 1]!.date;
}

/** The order rows run in, from their dates (a statement without balances): newest first only when clearly so. */
function orderOf(rows: StatementRow[], chain: BalanceChain): ChainOrder {
  return chain.order ?? (datesDescend(rows) ? 'newest_first' : 'oldest_first');
}

/**
 * A printed figure against the computed one. A figure printed in whole units (`Debits 123457`: some banks print
 * totals rounded) is compared with the computed figure rounded half away from zero to whole units; one printed with
 * decimals (`1,234.00` too) must equal it exactly.
 */
function check(printed: bigint | null | undefined, computed: bigint | null, wholeUnits: boolean, asPrinted?: bigint): FigureCheck {
  const p = num(printed);
  const c = num(computed);
  if (p === null || c === null || printed == null || computed === null) return { printed: p, computed: c, ok: null };
  const round = (value: bigint) => (wholeUnits && printed % 1000n === 0n ? roundToUnits(value) : value);
  // A column total the bank summed as printed (a reversal counted, with its sign, in the column it stands in).
  if (asPrinted !== undefined && printed === round(asPrinted) && printed !== round(computed)) return { printed: p, computed: num(asPrinted), ok: true };
  return { printed: p, computed: c, ok: printed === round(computed) };
}

function roundToUnits(milli: bigint): bigint {
  const magnitude = milli < 0n ? -milli : milli;
  const units = ((magnitude + 500n) / 1000n) * 1000n;
  return milli < 0n ? -units : units;
}

/**
 * Whether the printed opening and closing balances are what is owed, not what is held: a card statement printed for
 * people (PDF, CSV, workbook) prints its previous and new balance as the debt, which purchases raise and payments
 * lower. The structured formats (OFX, CAMT.053, MT940) sign their balances as a bank does.
 */
export function balancesOwed(fileType: StatementFileType, metadata: { kind?: string | null }): boolean {
  return metadata.kind === 'credit_card' && (fileType === 'pdf' || fileType === 'csv' || fileType === 'excel');
}

/**
 * The integrity report of a read: the balance chain, and the printed opening/closing balances and totals
 * against the rows. Without running balances, opening + inflows - outflows must still equal the closing balance
 * where both are printed (OFX, CAMT.053, MT940 print them); where the balances are owed (balancesOwed), opening +
 * outflows - inflows.
 */
export function integrityReport(rows: StatementRow[], printed: PrintedFigures, warnings: ReadWarning[], owed = false): IntegrityReport {
  const whole = new Set(printed.whole_units ?? []);
  const chain = checkBalanceChain(rows);
  const order = orderOf(rows, chain);
  const first = order === 'oldest_first' ? rows[0] : rows[rows.length - 1];
  const last = order === 'oldest_first' ? rows[rows.length - 1] : rows[0];
  let inflow = 0n;
  let outflow = 0n;
  for (const row of rows) {
    inflow += row.inflow;
    outflow += row.outflow;
  }
  const hasBalances = chain.verdict !== 'not_checked';
  // One row makes no chain, but its balance still follows from the printed opening balance, or does not: checked
  // like a chain's first row (a one-row statement keeps its opening and closing balances when they agree).
  const single = rows.length === 1 && rows[0]!.balance !== null && printed.opening_balance != null;
  // The opening balance is the balance before the first row; the closing one is the last row's.
  let openingComputed = first && first.balance !== null && (hasBalances || single) ? first.balance + first.outflow - first.inflow : null;
  let closingComputed = last && last.balance !== null && (hasBalances || single) ? last.balance : null;
  if (!hasBalances && !single) {
    const net = owed ? outflow - inflow : inflow - outflow;
    if (printed.opening_balance != null) closingComputed = printed.opening_balance + net;
    else if (printed.closing_balance != null) openingComputed = printed.closing_balance - net;
  }
  const report: IntegrityReport = {
    ok: true,
    balance_chain: chain.verdict,
    order: chain.order,
    breaks: chain.breaks.slice(0, MAX_BREAKS_LISTED),
    break_count: chain.breaks.length,
    opening_balance: check(printed.opening_balance, openingComputed, whole.has('opening_balance')),
    closing_balance: check(printed.closing_balance, closingComputed, whole.has('closing_balance')),
    total_inflow: check(printed.total_inflow, rows.length > 0 ? inflow : null, whole.has('total_inflow'), printed.column_sums?.inflow),
    total_outflow: check(printed.total_outflow, rows.length > 0 ? outflow : null, whole.has('total_outflow'), printed.column_sums?.outflow),
    row_count: rows.length,
    skipped_lines: warnings.length,
  };
  report.ok =
    chain.verdict !== 'broken' && [report.opening_balance, report.closing_balance, report.total_inflow, report.total_outflow].every((c) => c.ok !== false);
  return report;
}

/** One line for a person: what disagrees, where. */
export function describeIntegrityProblems(report: IntegrityReport): string {
  const problems: string[] = [];
  if (report.balance_chain === 'broken') {
    const first = report.breaks[0];
    const where = first ? ` (first at ${first.position ?? `row ${first.row + 1}`})` : '';
    problems.push(`the running balance does not follow from the amounts on ${report.break_count} row${report.break_count === 1 ? '' : 's'}${where}`);
  }
  const names: [keyof IntegrityReport, string][] = [
    ['opening_balance', 'opening balance'],
    ['closing_balance', 'closing balance'],
    ['total_inflow', 'total of credits'],
    ['total_outflow', 'total of debits'],
  ];
  for (const [key, name] of names) {
    const figure = report[key] as FigureCheck;
    if (figure.ok === false) problems.push(`the printed ${name} ${baseUnits(figure.printed!)} differs from the rows' ${baseUnits(figure.computed!)}`);
  }
  return problems.join('; ');
}

/** Milli-units as the statement prints them in base units: 1234500 -> "1,234.50". */
export function baseUnits(milli: number): string {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  return `${sign}${Math.floor(abs / 1000).toLocaleString('en')}.${String(abs % 1000)
    .padStart(3, '0')
    .replace(/0$/, '')}`;
}
