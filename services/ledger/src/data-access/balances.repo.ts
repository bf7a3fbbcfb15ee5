import { empty, query, sql, toBigInt, toNumber, type Sql } from '@finance/platform';
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

/**
 * Posted debit and credit sums per account of the organization and per currency, within the dates: account ->
 * currency -> sums. One index-only range of entries_account_id_status_date_idx per account (currency, debit and
 * credit are carried in the index), summed by Postgres as numeric and handed over as text, so the sums are
 * exact at any size. Accounts without posted entries in the range are absent. With `splitAt`, each sum also
 * carries the part dated before that day (`before`), from the same pass over the same rows (the balance sheet's
 * retained earnings, issue 24).
 */
export async function postedSumsByAccount(db: Db, orgId: string, bounds: DateBounds, splitAt?: string): Promise<Map<string, SumsByCurrency>> {
  const split =
    splitAt === undefined
      ? sql`, NULL AS before_debit, NULL AS before_credit`
      : sql`, sum(e.debit) FILTER (WHERE e.date < ${splitAt}::date) AS before_debit, sum(e.credit) FILTER (WHERE e.date < ${splitAt}::date) AS before_credit`;
  const rows = await query<{
    id: string;
    currency: string;
    debit: string;
    credit: string;
    entries: bigint;
    before_debit: string | null;
    before_credit: string | null;
  }>(
    db,
    sql`
    SELECT a.id, s.currency, s.debit::text AS debit, s.credit::text AS credit, s.entries,
           s.before_debit::text AS before_debit, s.before_credit::text AS before_credit
    FROM ledger.accounts a
    CROSS JOIN LATERAL (
      SELECT e.currency, sum(e.debit) AS debit, sum(e.credit) AS credit, count(*) AS entries ${split}
      FROM ledger.entries e
      WHERE e.account_id = a.id AND e.transaction_status = 'posted' ${dateConditions(bounds)}
      GROUP BY e.currency
    ) s
    WHERE a.org_id = ${orgId}::uuid`,
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
