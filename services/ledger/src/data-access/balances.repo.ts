import { empty, join, query, queryDirect, sql, toBigInt, toNumber, type Sql } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from './db';

export interface Sums {
  debit: bigint;
  credit: bigint;
  entries: number;
  /** With a split date: the part of debit and credit dated before it. */
  before?: { debit: bigint; credit: bigint };
}

export interface DateBounds {
  from?: string;
  to?: string;
}

function dateConditions(b: DateBounds): Sql {
  if (b.from !== undefined && b.to !== undefined) return sql`AND e.date BETWEEN ${b.from}::date AND ${b.to}::date`;
  if (b.from !== undefined) return sql`AND e.date >= ${b.from}::date`;
  if (b.to !== undefined) return sql`AND e.date <= ${b.to}::date`;
  return empty;
}

/** Sums per currency (ISO code -> sums): amounts of different currencies are never added together. */
export type SumsByCurrency = Map<string, Sums>;

/** The last date the API holds: ranges ending there are open-ended (no month after it to compute). */
const LAST_DAY = '9999-12-31';

/** An ISO date (YYYY-MM-DD, within 0001-01-01..9999-12-31 and not its last day) moved by whole days, in UTC. */
function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month after the one `date` is in (`date` before December 9999). */
function nextMonth(date: string): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/** Which kept rows hold the money dated within a range: whole months (`hi` exclusive), and days at the edges. */
interface KeptRange {
  months?: { lo?: string; hi?: string };
  days: { first: string; last?: string }[];
}

/**
 * The kept-balance rows whose sum is the posted money dated within `b` (both ends inclusive, either open): the
 * whole months inside the range from balance_months, and the days of the months it only partly covers from
 * balance_days. At most two partial months, so at most ~62 days per account, whatever the range. Null: empty.
 */
function keptRange(b: DateBounds): KeptRange | null {
  const from = b.from;
  const to = b.to === LAST_DAY ? undefined : b.to;
  if (from !== undefined && to !== undefined && from > to) return null;
  // Whole months: from the month `from` starts on its first day (else the next one), up to the one `to` ends in.
  if (from !== undefined && from.startsWith('9999-12') && !from.endsWith('-01')) return { days: [{ first: from, last: to }] };
  const lo = from === undefined || from.endsWith('-01') ? from : nextMonth(from);
  const hi = to === undefined ? undefined : `${plusDays(to, 1).slice(0, 7)}-01`;
  if (lo !== undefined && hi !== undefined && lo >= hi) return { days: [{ first: from as string, last: to }] };
  const range: KeptRange = { months: { lo, hi }, days: [] };
  if (from !== undefined && lo !== undefined && from < lo) range.days.push({ first: from, last: plusDays(lo, -1) });
  if (to !== undefined && hi !== undefined && hi <= to) range.days.push({ first: hi, last: to });
  return range;
}

/**
 * Posted debit and credit sums per account of the organization and per currency, within the dates: account ->
 * currency -> sums, from the kept balances (issue 34: whole months and the days at the edges, O(accounts x
 * months) rows, where summing the entries read every one of them), summed by Postgres as numeric and handed over
 * as text, so the sums are exact at any size. Accounts without posted entries in the range are absent. With
 * `splitAt`, each sum also carries the part dated before that day (`before`: the balance sheet's retained
 * earnings, issue 24), from the same statement and, for the months the two ranges share, the same rows.
 */
export async function postedSumsByAccount(db: Db, orgId: string, bounds: DateBounds, splitAt?: string): Promise<Map<string, SumsByCurrency>> {
  const total = keptRange(bounds);
  // Nothing is dated before 0001-01-01: no "before" part then (its sums read as zero).
  const last = splitAt !== undefined && splitAt > '0001-01-01' ? plusDays(splitAt, -1) : undefined;
  const before = last === undefined ? null : keptRange({ from: bounds.from, to: bounds.to !== undefined && bounds.to < last ? bounds.to : last });
  const pieces: Sql[] = [];
  const cols = (inTotal: Sql, inBefore: Sql) => sql`account_id, currency, debit, credit, entry_count, ${inTotal} AS in_total, ${inBefore} AS in_before`;
  const months = (m: { lo?: string; hi?: string }, inTotal: Sql, inBefore: Sql) =>
    sql`SELECT ${cols(inTotal, inBefore)} FROM ledger.balance_months WHERE org_id = ${orgId}::uuid
        ${m.lo === undefined ? empty : sql`AND month >= ${m.lo}::date`} ${m.hi === undefined ? empty : sql`AND month < ${m.hi}::date`}`;
  const days = (d: { first: string; last?: string }, inTotal: Sql, inBefore: Sql) =>
    sql`SELECT ${cols(inTotal, inBefore)} FROM ledger.balance_days WHERE org_id = ${orgId}::uuid AND day >= ${d.first}::date
        ${d.last === undefined ? empty : sql`AND day <= ${d.last}::date`}`;
  // The balance sheet's two ranges start together: their months are one read, each row flagged for "before" too.
  const tm = total?.months;
  const bm = before?.months;
  const shared = tm !== undefined && bm !== undefined && bm.lo === tm.lo && bm.hi !== undefined && (tm.hi === undefined || bm.hi <= tm.hi);
  if (tm) pieces.push(months(tm, sql`true`, shared ? sql`month < ${bm.hi}::date` : sql`false`));
  for (const d of total?.days ?? []) pieces.push(days(d, sql`true`, sql`false`));
  if (bm && !shared) pieces.push(months(bm, sql`false`, sql`true`));
  for (const d of before?.days ?? []) pieces.push(days(d, sql`false`, sql`true`));
  if (pieces.length === 0) return new Map();
  // On the driver adapter (queryDirect): the sums come as text on both paths, and the client's per-value conversion
  // of a thousand rows is time a report does not need to spend.
  const rows = await queryDirect<{
    id: string;
    currency: string;
    debit: string;
    credit: string;
    entries: string;
    before_debit: string | null;
    before_credit: string | null;
  }>(
    db,
    sql`
    SELECT p.account_id AS id, p.currency,
           (sum(p.debit) FILTER (WHERE p.in_total))::text AS debit, (sum(p.credit) FILTER (WHERE p.in_total))::text AS credit,
           (sum(p.entry_count) FILTER (WHERE p.in_total))::text AS entries,
           (sum(p.debit) FILTER (WHERE p.in_before))::text AS before_debit, (sum(p.credit) FILTER (WHERE p.in_before))::text AS before_credit
    FROM (${join(pieces, ' UNION ALL ')}) AS p
    GROUP BY p.account_id, p.currency
    HAVING sum(p.entry_count) FILTER (WHERE p.in_total) > 0`,
  );
  const out = new Map<string, SumsByCurrency>();
  for (const r of rows) {
    let byCurrency = out.get(r.id);
    if (!byCurrency) out.set(r.id, (byCurrency = new Map()));
    byCurrency.set(r.currency, {
      debit: toBigInt(r.debit),
      credit: toBigInt(r.credit),
      entries: Number(r.entries),
      ...(splitAt === undefined ? {} : { before: { debit: toBigInt(r.before_debit), credit: toBigInt(r.before_credit) } }),
    });
  }
  return out;
}

/**
 * Posted sums of an account and everything beneath it, per currency, leaving out quarantined descendants (and
 * what is beneath them), as the reports do. The account itself counts whatever its status: it was asked for by id.
 */
export async function postedSumsOfSubtree(
  db: Db,
  orgId: string,
  accountId: string,
  bounds: DateBounds,
): Promise<{ byCurrency: SumsByCurrency; accounts: number }> {
  const rows = await query<{ currency: string | null; debit: string | null; credit: string | null; entries: Prisma.Decimal | null; accounts: bigint }>(
    db,
    sql`
    WITH RECURSIVE sub AS (
      SELECT a.id FROM ledger.accounts a WHERE a.id = ${accountId}::uuid AND a.org_id = ${orgId}::uuid
      UNION ALL
      SELECT c.id FROM ledger.accounts c JOIN sub ON c.parent_id = sub.id
      WHERE c.org_id = ${orgId}::uuid AND c.status <> 'quarantined'
    ),
    per AS (
      SELECT s.currency, sum(s.debit) AS debit, sum(s.credit) AS credit, sum(s.entries) AS entries
      FROM sub CROSS JOIN LATERAL (
        SELECT e.currency, sum(e.debit) AS debit, sum(e.credit) AS credit, count(*) AS entries
        FROM ledger.entries e
        WHERE e.account_id = sub.id AND e.transaction_status = 'posted' ${dateConditions(bounds)}
        GROUP BY e.currency
      ) s
      GROUP BY s.currency
    )
    SELECT (SELECT count(*) FROM sub) AS accounts, per.currency, per.debit::text AS debit, per.credit::text AS credit, per.entries
    FROM (SELECT 1) AS one LEFT JOIN per ON true
    ORDER BY per.currency`,
  );
  const byCurrency: SumsByCurrency = new Map();
  for (const r of rows) {
    if (r.currency !== null) byCurrency.set(r.currency, { debit: toBigInt(r.debit), credit: toBigInt(r.credit), entries: toNumber(r.entries) });
  }
  return { byCurrency, accounts: Number(rows[0]?.accounts ?? 0) };
}
