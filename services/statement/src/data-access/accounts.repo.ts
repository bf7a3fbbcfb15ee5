import { empty, limitOffset, orderBy, rangeConditions, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import { milliToBase, toBigInt } from '../domain/money';
import type { Db } from './db';
import type { AccountCategory, AccountRef, AccountReview, AccountView } from './views';

interface AccountRow {
  id: string;
  name: string;
  category: string;
  description: string | null;
  acc_no: string | null;
  currency: string;
  color: string | null;
  opening_balance: bigint;
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

export const ACCOUNT_COLUMNS = { created_at: 'a.created_at', name: 'a.name' };

export interface AccountFilters {
  is_archived?: boolean;
  category?: AccountCategory;
}

export async function findAccount(db: Db, orgId: string, id: string): Promise<AccountView | null> {
  const rows = await db.$queryRaw<AccountRow[]>(sql`${SELECT_ACCOUNT} WHERE a.id = ${id}::uuid AND a.org_id = ${orgId}::uuid`);
  return rows[0] ? toView(rows[0]) : null;
}

export async function findAccountPage(db: Db, orgId: string, list: ListQuery, filters: AccountFilters): Promise<{ rows: AccountView[]; total: number }> {
  const where: Sql[] = [sql`a.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, ACCOUNT_COLUMNS)];
  if (filters.is_archived !== undefined) where.push(sql`a.is_archived = ${filters.is_archived}`);
  if (filters.category !== undefined) where.push(sql`a.category = ${filters.category}`);
  const rows = await db.$queryRaw<AccountRow[]>(sql`${SELECT_ACCOUNT} ${whereAll(where)} ${orderBy(list.sort, ACCOUNT_COLUMNS, 'a.id')} ${limitOffset(list)}`);
  const count = await db.$queryRaw<{ total: bigint }[]>(sql`SELECT count(*) AS total FROM statement.accounts a ${whereAll(where)}`);
  return { rows: rows.map(toView), total: Number(count[0]?.total ?? 0) };
}

/** The organization's non-archived accounts by name: the `accounts` list of every report. */
export async function findActiveAccountRefs(db: Db, orgId: string): Promise<AccountRef[]> {
  return db.$queryRaw<AccountRef[]>(sql`
    SELECT a.id, a.name, a.category FROM statement.accounts a
    WHERE a.org_id = ${orgId}::uuid AND NOT a.is_archived ORDER BY a.name, a.id`);
}

/** Named as the Prisma model's fields, so they are written as they are (only the date is converted). */
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

const asDate = (d: string | null | undefined): Date | null | undefined => (d === undefined ? undefined : d === null ? null : new Date(`${d}T00:00:00Z`));

export async function insertAccount(db: Db, orgId: string, id: string, f: AccountFields): Promise<void> {
  await db.account.create({ data: { id, orgId, ...f, openingBalanceDate: asDate(f.openingBalanceDate) } });
}

/** Returns false when the account is not the organization's. */
export async function updateAccount(db: Db, orgId: string, id: string, f: Partial<AccountFields>): Promise<boolean> {
  const result = await db.account.updateMany({
    where: { id, orgId },
    data: { ...f, openingBalanceDate: asDate(f.openingBalanceDate), updatedAt: new Date() },
  });
  return result.count === 1;
}

/**
 * Sums the account's rows from its opening balance date (inclusive; all rows when it has none) up to and
 * including as_of, from the per-day totals the triggers keep (at most one row per day).
 */
export async function sumAccountRows(db: Db, orgId: string, accountId: string, from: string | null, asOf: string): Promise<{ inflow: bigint; outflow: bigint; count: number }> {
  const rows = await db.$queryRaw<{ inflow: string; outflow: string; n: string }[]>(sql`
    SELECT COALESCE(sum(d.inflow), 0)::text AS inflow, COALESCE(sum(d.outflow), 0)::text AS outflow,
           COALESCE(sum(d.transaction_count), 0)::text AS n
    FROM statement.account_day_totals d
    WHERE d.org_id = ${orgId}::uuid AND d.account_id = ${accountId}::uuid
      AND d.date <= ${asOf}::date ${from === null ? empty : sql`AND d.date >= ${from}::date`}`);
  const row = rows[0];
  return { inflow: toBigInt(row?.inflow), outflow: toBigInt(row?.outflow), count: Number(row?.n ?? 0) };
}

/** The raw opening balance (milli-units) and date of an account, or null when it is not the organization's. */
export async function findOpening(db: Db, orgId: string, id: string): Promise<{ openingBalance: bigint; openingBalanceDate: string | null } | null> {
  const rows = await db.$queryRaw<{ opening_balance: bigint; opening_balance_date: string | null }[]>(sql`
    SELECT a.opening_balance, a.opening_balance_date::text AS opening_balance_date
    FROM statement.accounts a WHERE a.id = ${id}::uuid AND a.org_id = ${orgId}::uuid`);
  const row = rows[0];
  return row ? { openingBalance: toBigInt(row.opening_balance), openingBalanceDate: row.opening_balance_date } : null;
}
