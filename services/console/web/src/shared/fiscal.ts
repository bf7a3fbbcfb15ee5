/**
 * The fiscal calendar as the ledger keeps it (its settings' start month and day; a year is named by the calendar
 * year it ends in), for the pages' defaults (issue 35): the income statement runs from the start of the fiscal year
 * of its "as of" date, and the pages name the fiscal year the books' own entries are in. Only the defaults: every
 * figure still comes from the ledger.
 */
import { answer } from './http';
import { ledger } from './services';

const pad = (n: number) => String(n).padStart(2, '0');
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** A start day past the month's end (February 30) is its last day, as the ledger's calendar has it. */
function startIn(year: number, month: number, day: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(day, last))}`;
}

export interface FiscalYear {
  fiscal_year: number;
  date_from: string;
  date_to: string;
}

/** The fiscal year that holds `date` (YYYY-MM-DD), for a year starting on `month`/`day`. */
export function fiscalYearOf(date: string, month: number, day: number): FiscalYear {
  const year = Number(date.slice(0, 4));
  const from = date >= startIn(year, month, day) ? startIn(year, month, day) : startIn(year - 1, month, day);
  const to = dayBefore(startIn(Number(from.slice(0, 4)) + 1, month, day));
  return { fiscal_year: Number(to.slice(0, 4)), date_from: from, date_to: to };
}

/** The date of the books' latest posted transaction, or null when nothing is posted. */
export async function latestPostedDate(): Promise<string | null> {
  const page = await answer(ledger.GET('/transactions', { params: { query: { status: 'posted', sort_order: 'DESC', limit: 1 } } }));
  return page.data[0]?.date ?? null;
}
