import { empty, queryRows, sql, type Sql } from '@finance/platform';
import type { Db } from './db';
import { toBigInt } from './money';

export interface Sums {
  debit: bigint;
  credit: bigint;
  entries: number;
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

/**
 * Posted debit and credit sums per account of the organization, within the dates. One index-only range of
 * entries_account_id_status_date_idx per account (debit and credit are carried in the index), summed by
 * Postgres as numeric and handed over as text, so the sums are exact at any size.
 */
export async function postedSumsByAccount(db: Db, orgId: string, bounds: DateBounds): Promise<Map<string, Sums>> {
  const rows = await queryRows<{ id: string; debit: string; credit: string; entries: string }>(db, sql`
    SELECT a.id, s.debit::text AS debit, s.credit::text AS credit, s.entries
    FROM ledger.accounts a
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(e.debit), 0) AS debit, coalesce(sum(e.credit), 0) AS credit, count(*) AS entries
      FROM ledger.entries e
      WHERE e.account_id = a.id AND e.transaction_status = 'posted' ${dateConditions(bounds)}
    ) s
    WHERE a.org_id = ${orgId}::uuid`);
  return new Map(rows.map((r) => [r.id, { debit: toBigInt(r.debit), credit: toBigInt(r.credit), entries: Number(r.entries) }]));
}

/**
 * Posted sums of an account and everything beneath it, leaving out quarantined descendants (and what is
 * beneath them), as the reports do. The account itself counts whatever its status: it was asked for by id.
 */
export async function postedSumsOfSubtree(db: Db, orgId: string, accountId: string, bounds: DateBounds): Promise<Sums & { accounts: number }> {
  const [row] = await queryRows<{ debit: string; credit: string; entries: string; accounts: string }>(db, sql`
    WITH RECURSIVE sub AS (
      SELECT a.id FROM ledger.accounts a WHERE a.id = ${accountId}::uuid AND a.org_id = ${orgId}::uuid
      UNION ALL
      SELECT c.id FROM ledger.accounts c JOIN sub ON c.parent_id = sub.id
      WHERE c.org_id = ${orgId}::uuid AND c.status <> 'quarantined'
    )
    SELECT coalesce(sum(s.debit), 0)::text AS debit, coalesce(sum(s.credit), 0)::text AS credit,
           coalesce(sum(s.entries), 0) AS entries, count(*) AS accounts
    FROM sub CROSS JOIN LATERAL (
      SELECT sum(e.debit) AS debit, sum(e.credit) AS credit, count(*) AS entries
      FROM ledger.entries e
      WHERE e.account_id = sub.id AND e.transaction_status = 'posted' ${dateConditions(bounds)}
    ) s`);
  return {
    debit: toBigInt(row?.debit),
    credit: toBigInt(row?.credit),
    entries: Number(row?.entries ?? 0),
    accounts: Number(row?.accounts ?? 0),
  };
}
