import { execute, limitOffset, listPage, queryOne, sql, type ListQuery } from '@finance/platform';
import type { Db, Tx } from './db';

/** An organization's settings as stored; null fields are the defaults (no row at all: every default). */
export interface SettingsRecord {
  base_currency: string;
  fiscal_year_start_month: number | null;
  fiscal_year_start_day: number | null;
  closed_through: string | null;
  updated_at: Date | null;
}

export interface PeriodEventRecord {
  id: string;
  action: 'close' | 'reopen';
  closed_through: string | null;
  previous_closed_through: string | null;
  reason: string | null;
  api_key: string;
  member_id: string | null;
  member_email: string | null;
  created_at: Date;
}

/** A date column (Prisma reads @db.Date as midnight UTC) as the API's YYYY-MM-DD, and back. */
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const dayOf = (date: string): Date => new Date(`${date}T00:00:00Z`);

const NO_SETTINGS: SettingsRecord = {
  base_currency: 'INR',
  fiscal_year_start_month: null,
  fiscal_year_start_day: null,
  closed_through: null,
  updated_at: null,
};

/** One primary-key read; the defaults when the organization never set anything. */
export async function findSettings(db: Db, orgId: string): Promise<SettingsRecord> {
  const row = await db.organizationSettings.findUnique({ where: { orgId } });
  if (!row) return NO_SETTINGS;
  return {
    base_currency: row.baseCurrency,
    fiscal_year_start_month: row.fiscalYearStartMonth,
    fiscal_year_start_day: row.fiscalYearStartDay,
    closed_through: row.closedThrough ? isoDay(row.closedThrough) : null,
    updated_at: row.updatedAt,
  };
}

/** Writes the fields given (the row is created with the defaults for the others). */
export async function upsertSettings(
  db: Db,
  orgId: string,
  patch: { base_currency?: string; fiscal_year_start?: { month: number; day: number } | null; closed_through?: string | null },
): Promise<void> {
  const data = {
    ...(patch.base_currency !== undefined ? { baseCurrency: patch.base_currency } : {}),
    ...(patch.fiscal_year_start !== undefined
      ? { fiscalYearStartMonth: patch.fiscal_year_start?.month ?? null, fiscalYearStartDay: patch.fiscal_year_start?.day ?? null }
      : {}),
    ...(patch.closed_through !== undefined ? { closedThrough: patch.closed_through === null ? null : dayOf(patch.closed_through) } : {}),
    updatedAt: new Date(),
  };
  await db.organizationSettings.upsert({ where: { orgId }, create: { orgId, ...data }, update: data });
}

/**
 * The organization's closed-through date as a posting must see it: takes the period lock in share mode, held
 * to the commit, then reads (ledger.closed_through_for_posting, migration 20261127000000). For the paths that
 * post in a transaction of several statements (bulk, a draft posted, a void, a reversal); the single post folds
 * the same call into its one statement.
 */
export async function closedThroughForPosting(tx: Db, orgId: string): Promise<string | null> {
  const row = await queryOne<{ closed_through: string | null }>(
    tx,
    sql`SELECT to_char(ledger.closed_through_for_posting(${orgId}::uuid), 'YYYY-MM-DD') AS closed_through`,
  );
  return row?.closed_through ?? null;
}

/** The period lock, exclusively: waits for every posting in flight, and makes every later one wait for the commit. */
export async function lockPeriods(tx: Tx, orgId: string): Promise<void> {
  await execute(tx, sql`SELECT ledger.lock_periods(${orgId}::uuid)`);
}

export async function insertEvent(tx: Tx, orgId: string, e: Omit<PeriodEventRecord, 'created_at'>): Promise<PeriodEventRecord> {
  const row = await tx.periodEvent.create({
    data: {
      id: e.id,
      orgId,
      action: e.action,
      closedThrough: e.closed_through === null ? null : dayOf(e.closed_through),
      previousClosedThrough: e.previous_closed_through === null ? null : dayOf(e.previous_closed_through),
      reason: e.reason,
      apiKey: e.api_key,
      memberId: e.member_id,
      memberEmail: e.member_email,
    },
  });
  return { ...e, created_at: row.createdAt };
}

/** The organization's closes and reopens, newest first by default. */
export async function findEventPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: PeriodEventRecord[]; total: number }> {
  const order = list.sort.order === 'ASC' ? sql`ORDER BY p.created_at ASC, p.id ASC` : sql`ORDER BY p.created_at DESC, p.id DESC`;
  const where = sql`WHERE p.org_id = ${orgId}::uuid`;
  return listPage<PeriodEventRecord>(db, {
    rows: sql`SELECT p.id, p.action, to_char(p.closed_through, 'YYYY-MM-DD') AS closed_through,
        to_char(p.previous_closed_through, 'YYYY-MM-DD') AS previous_closed_through, p.reason, p.api_key, p.member_id,
        p.member_email, p.created_at
      FROM ledger.period_events p ${where} ${order} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM ledger.period_events p ${where}`,
  });
}
