import { formatNumber, minor } from '../../shared/ui';
import type { Entry, Row } from './calls';

/** A page of each list of a reconciliation (matched, unmatched rows, unmatched entries). */
export const LIST_PAGE = 200;
export const RULES: Record<NonNullable<Row['rule']>, string> = {
  reference: 'reference',
  amount_date: 'amount and date',
  amount_window: 'amount, nearby date',
  many_to_one: 'several entries',
  manual: 'by hand',
  posted: 'posted from the row',
};
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Minor units where whole, else the milli-units the API gives alongside (a row of fractional paise). */
export const exact = (minorValue: number | null, milliValue: number, currency: string) =>
  minorValue !== null ? minor(minorValue, currency) : formatNumber(milliValue / 1000, 3);
export const rowAmount = (r: Row, currency: string) => exact(r.amount, r.inflow - r.outflow, currency);
export const describeRow = (r: Row) => `${r.particulars} on ${r.date}`;
export const describeEntry = (e: Entry) => `${e.narration ?? e.source_ref ?? 'entry'} on ${e.date}`;

/** The names of the accounts a reconciliation is between, by id. */
export interface Names {
  ledger: (id: string) => string;
  statement: (id: string) => string;
}
