import {
  empty,
  limitOffset,
  listPage,
  orderBy,
  queryOne,
  rangeConditions,
  sql,
  toBigInt,
  whereAll,
  type DbNumber,
  type ListQuery,
  type Sql,
} from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from './db';
import { dateOf, dayOf } from './dates';
import { milliToBase } from '../views/money';
import type { ACCOUNT_SORTS, AccountCategory, AccountNameSource, AccountRef, AccountReview, AccountView } from '../views/accounts';

/** The columns an account is shown from (model methods select them; the list's raw SQL names them the same). */
const ACCOUNT_SELECT = {
  id: true,
  name: true,
  nameSource: true,
  category: true,
  description: true,
  accNo: true,
  currency: true,
  color: true,
  openingBalance: true,
  openingBalanceDate: true,
  status: true,
  isArchived: true,
  uploadFrequency: true,
  review: true,
  createdAt: true,
} satisfies Prisma.AccountSelect;
type AccountRow = Prisma.AccountGetPayload<{ select: typeof ACCOUNT_SELECT }>;

/** An account never reviewed shows a review that is not done, rather than null, so clients can read is_done. */
function toReview(stored: Prisma.JsonValue | null): AccountReview {
  const review = (stored ?? null) as Partial<AccountReview> | null;
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
  name_source: r.nameSource as AccountNameSource,
  category: r.category as AccountCategory,
  description: r.description,
  acc_no: r.accNo,
  currency: r.currency,
  color: r.color,
  opening_balance: milliToBase(r.openingBalance, 'opening_balance'),
  opening_balance_date: r.openingBalanceDate === null ? null : dayOf(r.openingBalanceDate),
  status: r.status,
  is_archived: r.isArchived,
  upload_frequency: r.uploadFrequency,
  created_at: r.createdAt.toISOString(),
  review: toReview(r.review),
});

/** The list's SELECT, its columns named as the model's fields so that its rows are AccountRows. */
const SELECT_ACCOUNT = sql`
  SELECT a.id, a.name, a.name_source AS "nameSource", a.category, a.description, a.acc_no AS "accNo", a.currency, a.color, a.opening_balance AS "openingBalance",
         a.opening_balance_date AS "openingBalanceDate", a.status, a.is_archived AS "isArchived", a.upload_frequency AS "uploadFrequency",
         a.review, a.created_at AS "createdAt"
  FROM statement.accounts a`;

export const ACCOUNT_COLUMNS = { created_at: 'a.created_at', name: 'a.name' } satisfies Record<(typeof ACCOUNT_SORTS)[number], string>;

export interface AccountFilters {
  is_archived?: boolean;
  category?: AccountCategory;
}

export async function findAccount(db: Db, orgId: string, id: string): Promise<AccountView | null> {
  const row = await db.account.findFirst({ where: { id, orgId }, select: ACCOUNT_SELECT });
  return row ? toView(row) : null;
}

/** Raw SQL: the list's filters, ranges and sort come from the ListQuery (listPage). */
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
  const rows = await db.account.findMany({
    where: { orgId, isArchived: false },
    select: { id: true, name: true, category: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return rows.map((r) => ({ id: r.id, name: r.name, category: r.category as AccountCategory }));
}

export interface AccountFields {
  name: string;
  /** Who gave the name; left out: a person (the API's create and edit). */
  nameSource?: AccountNameSource;
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

/** The fields as the model's data; a field left undefined is not written. */
function accountData(f: Partial<AccountFields>) {
  return {
    name: f.name,
    nameSource: f.nameSource,
    category: f.category,
    description: f.description,
    accNo: f.accNo,
    currency: f.currency,
    color: f.color,
    openingBalance: f.openingBalance,
    openingBalanceDate: f.openingBalanceDate === undefined ? undefined : f.openingBalanceDate === null ? null : dateOf(f.openingBalanceDate),
    isArchived: f.isArchived,
  } satisfies Prisma.AccountUncheckedUpdateInput;
}

export async function insertAccount(db: Db, orgId: string, id: string, f: AccountFields): Promise<void> {
  const data = accountData(f);
  await db.account.create({ data: { ...data, id, orgId, name: f.name, category: f.category }, select: { id: true } });
}

/** Returns false when the account is not the organization's. */
export async function updateAccount(db: Db, orgId: string, id: string, f: Partial<AccountFields>): Promise<boolean> {
  const { count } = await db.account.updateMany({ where: { id, orgId }, data: { ...accountData(f), updatedAt: new Date() } });
  return count === 1;
}

/**
 * Sums the account's rows from its opening balance date (inclusive; all rows when it has none) up to and
 * including as_of, from the per-day totals the triggers keep (at most one row per day). Raw SQL: an aggregate.
 */
export async function sumAccountRows(
  db: Db,
  orgId: string,
  accountId: string,
  from: string | null,
  asOf: string,
): Promise<{ inflow: bigint; outflow: bigint; count: number }> {
  const row = await queryOne<{ inflow: DbNumber; outflow: DbNumber; n: DbNumber }>(
    db,
    sql`
    SELECT COALESCE(sum(d.inflow), 0) AS inflow, COALESCE(sum(d.outflow), 0) AS outflow,
           COALESCE(sum(d.transaction_count), 0) AS n
    FROM statement.account_day_totals d
    WHERE d.org_id = ${orgId}::uuid AND d.account_id = ${accountId}::uuid
      AND d.date <= ${asOf}::date ${from === null ? empty : sql`AND d.date >= ${from}::date`}`,
  );
  return { inflow: toBigInt(row?.inflow), outflow: toBigInt(row?.outflow), count: Number(toBigInt(row?.n)) };
}

/**
 * Locks the account row against concurrent imports (a row insert takes a key-share lock on it) and answers its
 * currency and how many transactions it holds, or null when it is not the organization's.
 */
export async function lockAccountHoldings(db: Db, orgId: string, id: string): Promise<{ currency: string; transactions: number } | null> {
  const row = await queryOne<{ currency: string }>(
    db,
    sql`SELECT currency FROM statement.accounts WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid FOR UPDATE`,
  );
  if (!row) return null;
  const transactions = await db.transaction.count({ where: { orgId, accountId: id } });
  return { currency: row.currency, transactions };
}

/** The raw opening balance (milli-units) and date of an account, or null when it is not the organization's. */
export async function findOpening(db: Db, orgId: string, id: string): Promise<{ openingBalance: bigint; openingBalanceDate: string | null } | null> {
  const row = await db.account.findFirst({ where: { id, orgId }, select: { openingBalance: true, openingBalanceDate: true } });
  return row ? { openingBalance: row.openingBalance, openingBalanceDate: row.openingBalanceDate === null ? null : dayOf(row.openingBalanceDate) } : null;
}
