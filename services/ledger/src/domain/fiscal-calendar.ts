/**
 * Calendar arithmetic of fiscal years and report periods, on YYYY-MM-DD strings (issue 24). Pure: no database,
 * no clock. Which year an income or expense lands in, retained or current, is decided here, so a silent mistake
 * would move money between two balance sheet lines: `pnpm mutate:ledger` mutates this module against its tests.
 */

/** The first day of every fiscal year: a month (1-12) and a day that month has in every year (never February 29). */
export interface FiscalYearStart {
  month: number;
  day: number;
}

export interface Period {
  date_from: string;
  date_to: string;
}

/** Days in each month of a common year: a fiscal year cannot start on February 29, which three years in four lack. */
const DAYS_IN_COMMON_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** April 1 where the base currency is INR (India's financial year), January 1 everywhere else. */
export function defaultFiscalYearStart(baseCurrency: string): FiscalYearStart {
  return baseCurrency === 'INR' ? { month: 4, day: 1 } : { month: 1, day: 1 };
}

/** Why a month and day cannot start a fiscal year, or null when they can. */
export function fiscalYearStartProblem(start: FiscalYearStart): string | null {
  if (!Number.isInteger(start.month) || start.month < 1 || start.month > 12) return 'the month must be 1 to 12';
  const days = DAYS_IN_COMMON_MONTH[start.month - 1] as number;
  if (!Number.isInteger(start.day) || start.day < 1 || start.day > days) {
    return start.month === 2 ? 'February starts a fiscal year on days 1 to 28 (not every year has a 29th)' : `month ${start.month} has days 1 to ${days}`;
  }
  return null;
}

interface Ymd {
  y: number;
  m: number;
  d: number;
}

function parse(date: string): Ymd {
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

function format({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  return m === 2 && isLeap(y) ? 29 : (DAYS_IN_COMMON_MONTH[m - 1] as number);
}

/** The date `n` days after `date` (before, when negative). */
export function addDays(date: string, n: number): string {
  const { y, m, d } = parse(date);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d + n);
  return format({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
}

function isMonthEnd(date: string): boolean {
  const { y, m, d } = parse(date);
  return d === daysInMonth(y, m);
}

/**
 * The date `n` months after `date` (before, when negative), the day kept where the month has it and clamped to the
 * month's last day where not (January 31 + 1 month = February 28 or 29). With `keepMonthEnd` (the default) a
 * month's last day stays its month's last day (February 28, 2025 - 12 months = February 29, 2024), so a period or
 * a balance that ends at a month's end compares with one that ends at a month's end.
 */
export function addMonths(date: string, n: number, keepMonthEnd = true): string {
  const { y, m, d } = parse(date);
  const index = y * 12 + (m - 1) + n;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  const last = daysInMonth(ty, tm);
  return format({ y: ty, m: tm, d: keepMonthEnd && isMonthEnd(date) ? last : Math.min(d, last) });
}

/** The first day of the fiscal year that contains `date`. */
export function fiscalYearStartOf(date: string, start: FiscalYearStart): string {
  const { y } = parse(date);
  const thisYears = format({ y, m: start.month, d: start.day });
  return date >= thisYears ? thisYears : format({ y: y - 1, m: start.month, d: start.day });
}

/**
 * A fiscal year is named by the calendar year it ends in (FY 2025 in India runs 2024-04-01 to 2025-03-31, "FY25"
 * or "2024-25"; with a January 1 start it is the calendar year 2025).
 */
export function fiscalYearOf(date: string, start: FiscalYearStart): Period & { fiscal_year: number } {
  const from = fiscalYearStartOf(date, start);
  const to = addDays(format({ y: parse(from).y + 1, m: start.month, d: start.day }), -1);
  return { fiscal_year: parse(to).y, date_from: from, date_to: to };
}

/** The dates of fiscal year `year` (the one ending in that calendar year). */
export function fiscalYearBounds(year: number, start: FiscalYearStart): Period {
  // The year ending in `year` contains that year's last day; every fiscal year ends in exactly one calendar year.
  const { date_from, date_to } = fiscalYearOf(format({ y: year, m: 12, d: 31 }), start);
  if (parse(date_to).y === year) return { date_from, date_to };
  const earlier = fiscalYearOf(addDays(date_from, -1), start);
  return { date_from: earlier.date_from, date_to: earlier.date_to };
}

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  const ta = new Date(0);
  ta.setUTCFullYear(a.y, a.m - 1, a.d);
  const tb = new Date(0);
  tb.setUTCFullYear(b.y, b.m - 1, b.d);
  return Math.round((tb.getTime() - ta.getTime()) / 86_400_000) + 1;
}

/**
 * The period just before [from, to]: when it is a whole number of months counted from its first day (a month,
 * a quarter, a fiscal year), the same number of months before it (March -> February, Q2 -> Q1, FY 2025 -> FY
 * 2024); otherwise as many days, ending the day before it starts.
 */
export function previousPeriod(from: string, to: string): Period {
  const a = parse(from);
  const after = addDays(to, 1);
  const b = parse(after);
  const months = b.y * 12 + b.m - (a.y * 12 + a.m);
  // months is 0 when the period ends within its first month: addMonths(from, 0) is `from`, never the day after `to`.
  if (addMonths(from, months, false) === after) return { date_from: addMonths(from, -months, false), date_to: addDays(from, -1) };
  const days = daysBetween(from, to);
  return { date_from: addDays(from, -days), date_to: addDays(from, -1) };
}

/**
 * The same period a year earlier: the first day keeps its day (February 29 becomes February 28), the last day a
 * month's end when it was one (February 28, 2025 -> February 29, 2024).
 */
export function previousYear(from: string, to: string): Period {
  return { date_from: addMonths(from, -12, false), date_to: addMonths(to, -12) };
}
