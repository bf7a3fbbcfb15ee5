import {
  empty,
  execute,
  join,
  limitOffset,
  listPage,
  orderBy,
  query,
  queryOne,
  raw,
  rangeConditions,
  sql,
  toBigInt,
  whereAll,
  type Db,
  type ListQuery,
  type Sql,
} from '@finance/platform';
import { milliToBase } from '../views/money';
import type { ACCOUNT_SORTS, AccountCategory, AccountRef, AccountReview, AccountView } from '../views/accounts';

interface AccountRow {
  id: string;
  name: string;
  category: string;
  description: string | null;
  acc_no: string | null;
  currency: string;
  color: string | null;
  /** int8, as pg reads it: text */
  opening_balance: string;
  opening_balance_date: string | null;
  status: string;
  is_archived: boolean;
  upload_frequency: string | null;
  review: Partial<AccountReview> | null;
  created_at: Date;
}

/** An account never reviewed shows a review that is not done, rather than null, so clients can read is_done. */
function toReview(review: Partial<AccountReview> | null): AccountReview {
  return {
    is_done: review?.is_done ?? false,
    at: review?.at ?? null,
    type: review?.type ?? null,
    by: review?.by ?? null,
    work_record_id: review?.work_record_id ?? null,
  };
}

const toView = (r: AccountRow): AccountView => ({
  id: r.id,
  name: r.name,
  category: r.category as AccountCategory,
  description: r.description,
  acc_no: r.acc_no,
  currency: r.currency,
  color: r.color,
  opening_balance: milliToBase(toBigInt(r.opening_balance), 'opening_balance'),
  opening_balance_date: r.opening_balance_date,
  status: r.status,
  is_archived: r.is_archived,
  upload_frequency: r.upload_frequency,
  created_at: r.created_at.toISOString(),
  review: toReview(r.review),
});

const SELECT_ACCOUNT = sql`
  SELECT a.id, a.name, a.category, a.description, a.acc_no, a.currency, a.color, a.opening_balance,
         a.opening_balance_date::text AS opening_balance_date, a.status, a.is_archived, a.upload_frequency, a.review,
         a.created_at
  FROM statement.accounts a`;

export const ACCOUNT_COLUMNS = { created_at: 'a.created_at', name: 'a.name' } satisfies Record<(typeof ACCOUNT_SORTS)[number], string>;

export interface AccountFilters {
  is_archived?: boolean;
  category?: AccountCategory;
}

export async function findAccount(db: Db, orgId: string, id: string): Promise<AccountView | null> {
  const row = await queryOne<AccountRow>(db, sql`${SELECT_ACCOUNT} WHERE a.id = ${id}::uuid AND a.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export async function findAccountPage(db: Db, orgId: string, list: ListQuery, filters: AccountFilters): Promise<{ rows: AccountView[]; total: number }> {
  const where: Sql[] = [sql`a.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, ACCOUNT_COLUMNS)];
  if (filters.is_archived !== undefined) where.push(sql`a.is_archived = ${filters.is_archived}`);
  if (filters.category !== undefined) where.push(sql`a.category = ${filters.category}`);
  const { rows, total } = await listPage<AccountRow>(db, {
    rows: sql`${SELECT_ACCOUNT} ${whereAll(where)} ${orderBy(list.sort, ACCOUNT_COLUMNS, 'a.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM statement.accounts a ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

/** The organization's non-archived accounts by name: the `accounts` list of every report. */
export async function findActiveAccountRefs(db: Db, orgId: string): Promise<AccountRef[]> {
  return query<AccountRef>(
    db,
    sql`
    SELECT a.id, a.name, a.category FROM statement.accounts a
    WHERE a.org_id = ${orgId}::uuid AND NOT a.is_archived ORDER BY a.name, a.id`,
  );
}

export interface AccountFields {
  name: string;
  category: AccountCategory;
  description: string | null;
  accNo: string | null;
  currency: string;
  color: string | null;
  /** milli-units */
  openingBalance: bigint;
  openingBalanceDate: string | null;
  isArchived: boolean;
}

/** Each field as its column, typed for Postgres; a field left undefined is not written. */
function accountColumns(f: Partial<AccountFields>): [string, Sql][] {
  const columns: [string, Sql | undefined][] = [
    ['name', f.name === undefined ? undefined : sql`${f.name}`],
    ['category', f.category === undefined ? undefined : sql`${f.category}`],
    ['description', f.description === undefined ? undefined : sql`${f.description}`],
    ['acc_no', f.accNo === undefined ? undefined : sql`${f.accNo}`],
    ['currency', f.currency === undefined ? undefined : sql`${f.currency}`],
    ['color', f.color === undefined ? undefined : sql`${f.color}`],
    ['opening_balance', f.openingBalance === undefined ? undefined : sql`${f.openingBalance.toString()}::bigint`],
    ['opening_balance_date', f.openingBalanceDate === undefined ? undefined : sql`${f.openingBalanceDate}::date`],
    ['is_archived', f.isArchived === undefined ? undefined : sql`${f.isArchived}`],
  ];
  return columns.filter((c): c is [string, Sql] => c[1] !== undefined);
}

export async function insertAccount(db: Db, orgId: string, id: string, f: AccountFields): Promise<void> {
  const columns = accountColumns(f);
  await execute(
    db,
    sql`
    INSERT INTO statement.accounts (id, org_id, ${raw(columns.map(([name]) => name).join(', '))})
    VALUES (${id}::uuid, ${orgId}::uuid, ${join(
      columns.map(([, value]) => value),
      ', ',
    )})`,
  );
}

/** Returns false when the account is not the organization's. */
export async function updateAccount(db: Db, orgId: string, id: string, f: Partial<AccountFields>): Promise<boolean> {
  const sets = accountColumns(f).map(([name, value]) => sql`${raw(name)} = ${value}`);
  const changed = await execute(
    db,
    sql`
    UPDATE statement.accounts SET ${join([...sets, sql`updated_at = now()`], ', ')}
    WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`,
  );
  return changed === 1;
}

/**
 * Sums the account's rows from its opening balance date (inclusive; all rows when it has none) up to and
 * including as_of, from the per-day totals the triggers keep (at most one row per day).
 */
export async function sumAccountRows(
  db: Db,
  orgId: string,
  accountId: string,
  from: string | null,
  asOf: string,
): Promise<{ inflow: bigint; outflow: bigint; count: number }> {
  const row = await queryOne<{ inflow: string; outflow: string; n: string }>(
    db,
    sql`
    SELECT COALESCE(sum(d.inflow), 0)::text AS inflow, COALESCE(sum(d.outflow), 0)::text AS outflow,
           COALESCE(sum(d.transaction_count), 0)::text AS n
    FROM statement.account_day_totals d
    WHERE d.org_id = ${orgId}::uuid AND d.account_id = ${accountId}::uuid
      AND d.date <= ${asOf}::date ${from === null ? empty : sql`AND d.date >= ${from}::date`}`,
  );
  return { inflow: toBigInt(row?.inflow), outflow: toBigInt(row?.outflow), count: Number(row?.n ?? 0) };
}

/** The raw opening balance (milli-units) and date of an account, or null when it is not the organization's. */
export async function findOpening(db: Db, orgId: string, id: string): Promise<{ openingBalance: bigint; openingBalanceDate: string | null } | null> {
  const row = await queryOne<{ opening_balance: string; opening_balance_date: string | null }>(
    db,
    sql`
    SELECT a.opening_balance, a.opening_balance_date::text AS opening_balance_date
    FROM statement.accounts a WHERE a.id = ${id}::uuid AND a.org_id = ${orgId}::uuid`,
  );
  return row ? { openingBalance: toBigInt(row.opening_balance), openingBalanceDate: row.opening_balance_date } : null;
}
