import { likeContains, query, raw, sql, toBigInt, whereAll, type DbNumber, type Sql } from '@finance/platform';
import type { Db } from './db';
import { isBlank } from './transactions.repo';
import type { AccountCategory } from '../views/accounts';
import type { GroupBy, GroupByField } from '../views/reports';
import type { TransactionType } from '../views/transactions';

/** The filters every report shares (the common report parameters). */
export interface ReportFilter {
  dateFrom: string;
  dateTo: string;
  accounts?: string[];
  particulars?: string;
  entity?: string;
  category?: string;
  /** Only rows of accounts in this currency. */
  currency?: string;
}

/**
 * A row's currency is its account's; a row without an account (none is made by the API) counts in INR, the
 * contract's default account currency. Every report query joins the accounts as `a` and groups by this, so the
 * domain can refuse to add amounts of different currencies.
 */
const ROW_CURRENCY = sql`COALESCE(a.currency, 'INR')`;

/** Partial, case-insensitive match; the empty string matches rows where the field is null or blank. */
function partialMatch(column: string, value: string): Sql {
  return value.trim() === '' ? isBlank(column) : sql`${raw(column)} ILIKE ${likeContains(value)}`;
}

function reportConditions(orgId: string, f: ReportFilter): Sql[] {
  const where: Sql[] = [sql`t.org_id = ${orgId}::uuid`, sql`t.date >= ${f.dateFrom}::date`, sql`t.date <= ${f.dateTo}::date`];
  if (f.accounts) where.push(sql`t.account_id = ANY(${f.accounts}::uuid[])`);
  if (f.particulars !== undefined) where.push(sql`t.particulars ILIKE ${likeContains(f.particulars)}`);
  if (f.entity !== undefined) where.push(partialMatch('t.entity', f.entity));
  if (f.category !== undefined) where.push(partialMatch('t.category', f.category));
  if (f.currency !== undefined) where.push(sql`${ROW_CURRENCY} = ${f.currency}`);
  return where;
}

/** Period keys: day YYYY-MM-DD, ISO week YYYY-Www, month YYYY-MM, year YYYY; from the row's date, no time zone. */
const PERIOD: Record<GroupBy, { unit: string; format: string }> = {
  day: { unit: 'day', format: 'YYYY-MM-DD' },
  week: { unit: 'week', format: 'IYYY-"W"IW' },
  month: { unit: 'month', format: 'YYYY-MM' },
  year: { unit: 'year', format: 'YYYY' },
};

export interface GroupedRow {
  currency: string;
  label: string;
  period: string;
  inflow: bigint;
  outflow: bigint;
  count: number;
}

/**
 * Sums of one transaction type per (label, period), aggregated in Postgres. Rows group on the truncated date
 * (cheap) and only each group's key is formatted. A blank category or entity is labelled `empty`. Groups come in
 * byte order of their label (COLLATE "C"), the same on every database whatever its locale.
 */
export async function groupedTotals(
  db: Db,
  orgId: string,
  type: TransactionType,
  f: ReportFilter,
  groupBy: GroupBy,
  field: GroupByField,
): Promise<GroupedRow[]> {
  const { unit, format } = PERIOD[groupBy];
  const column = raw(`t.${field}`);
  const rows = await query<{ currency: string; label: string; period: string; inflow: DbNumber; outflow: DbNumber; n: bigint }>(
    db,
    sql`
    SELECT g.currency, g.label, to_char(g.bucket, ${format}) AS period, g.inflow, g.outflow, g.n
    FROM (
      SELECT ${ROW_CURRENCY} AS currency, COALESCE(NULLIF(btrim(${column}), ''), 'empty') AS label,
             date_trunc(${unit}, t.date::timestamp) AS bucket,
             sum(t.inflow) AS inflow, sum(t.outflow) AS outflow, count(*) AS n
      FROM statement.transactions t
      LEFT JOIN statement.accounts a ON a.id = t.account_id
      ${whereAll([...reportConditions(orgId, f), sql`t.type = ${type}`])}
      GROUP BY 1, 2, 3
    ) g
    ORDER BY g.label COLLATE "C", g.bucket, g.currency`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    label: r.label,
    period: r.period,
    inflow: toBigInt(r.inflow),
    outflow: toBigInt(r.outflow),
    count: Number(r.n),
  }));
}

export interface FlowRow {
  currency: string;
  id: string;
  date: string;
  inflow: bigint;
  outflow: bigint;
  particulars: string;
  entity: string | null;
  category: string | null;
  type: TransactionType;
  account: { id: string; name: string; category: AccountCategory } | null;
}

/** Every non-transfer row of the window, date ascending (id breaks ties); at most `cap` rows are read. */
export async function flowRows(db: Db, orgId: string, f: ReportFilter, cap: number): Promise<FlowRow[]> {
  const rows = await query<{
    currency: string;
    id: string;
    date: string;
    inflow: bigint;
    outflow: bigint;
    particulars: string;
    entity: string | null;
    category: string | null;
    type: TransactionType;
    account_id: string | null;
    account_name: string | null;
    account_category: AccountCategory | null;
  }>(
    db,
    sql`
    SELECT ${ROW_CURRENCY} AS currency, t.id, t.date::text AS date, t.inflow, t.outflow, t.particulars, t.entity, t.category, t.type,
           a.id AS account_id, a.name AS account_name, a.category AS account_category
    FROM statement.transactions t
    LEFT JOIN statement.accounts a ON a.id = t.account_id
    ${whereAll([...reportConditions(orgId, f), sql`t.type <> 'transfer'`])}
    ORDER BY t.date, t.id
    LIMIT ${cap}`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    id: r.id,
    date: r.date,
    inflow: r.inflow,
    outflow: r.outflow,
    particulars: r.particulars,
    entity: r.entity,
    category: r.category,
    type: r.type,
    account: r.account_id ? { id: r.account_id, name: r.account_name as string, category: r.account_category as AccountCategory } : null,
  }));
}

export interface CategoryRow {
  currency: string;
  category: string | null;
  type: TransactionType;
  count: number;
  inflow: bigint;
  outflow: bigint;
}

/** One row per (category, type); a blank category is null (uncategorised) and sorts last. */
export async function categoryTotals(
  db: Db,
  orgId: string,
  f: { dateFrom: string; dateTo: string; accounts?: string[]; type?: TransactionType; currency?: string },
): Promise<CategoryRow[]> {
  const where = reportConditions(orgId, { dateFrom: f.dateFrom, dateTo: f.dateTo, accounts: f.accounts, currency: f.currency });
  if (f.type) where.push(sql`t.type = ${f.type}`);
  const rows = await query<{ currency: string; category: string | null; type: TransactionType; n: bigint; inflow: DbNumber; outflow: DbNumber }>(
    db,
    sql`
    SELECT ${ROW_CURRENCY} AS currency, NULLIF(btrim(t.category), '') AS category, t.type, count(*) AS n,
           sum(t.inflow) AS inflow, sum(t.outflow) AS outflow
    FROM statement.transactions t
    LEFT JOIN statement.accounts a ON a.id = t.account_id
    ${whereAll(where)}
    GROUP BY 1, 2, 3
    ORDER BY NULLIF(btrim(t.category), '') COLLATE "C" NULLS LAST, t.type, 1`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    category: r.category,
    type: r.type,
    count: Number(r.n),
    inflow: toBigInt(r.inflow),
    outflow: toBigInt(r.outflow),
  }));
}
