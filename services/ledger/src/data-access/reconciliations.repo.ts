import { execute, limitOffset, listPage, query, queryOne, sql, type ListQuery } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from './db';
import type {
  ContinuityBreakView,
  MatchRule,
  ReconciliationEntryView,
  ReconciliationRowView,
  ReconciliationStatus,
  ReconciliationView,
  StatementBalanceSource,
} from '../views/reconciliations';
import { money } from './money';

/**
 * A reconciliation as stored: the summary's own fields, with its two balances as exact bigints (the domain
 * derives the minor-unit and drift figures of the view from them).
 */
export interface ReconciliationRecord extends Omit<
  ReconciliationView,
  | 'statement_balance'
  | 'statement_balance_milli'
  | 'ledger_balance'
  | 'drift'
  | 'drift_milli'
  | 'tolerance_absolute'
  | 'difference_total'
  | 'difference_unposted'
> {
  statement_balance_milli: bigint;
  ledger_balance: bigint;
  tolerance_absolute: bigint | null;
  difference_total: bigint;
  difference_unposted: bigint;
}

/** The rows and entries of a reconciliation are returned as the API shows them. */
export type RowRecord = ReconciliationRowView;
export type EntryRecord = ReconciliationEntryView;

export interface NewRow {
  statementRowId: string;
  date: string;
  particulars: string;
  category: string | null;
  inflowMilli: bigint;
  outflowMilli: bigint;
  amount: bigint | null;
  rule: MatchRule | null;
  reason: string | null;
  /** The row's amount less its entries' sum, when matched. */
  difference?: bigint | null;
}

export interface NewEntry {
  entryId: string;
  transactionId: string;
  date: string;
  amount: bigint;
  narration: string | null;
  sourceRef: string | null;
  statementRowId: string | null;
}

const SELECT_RECONCILIATION = sql`
  SELECT r.id, r.ledger_account_id AS ledger_account, r.statement_account_id AS statement_account, r.currency,
         to_char(r.date_from, 'YYYY-MM-DD') AS date_from, to_char(r.date_to, 'YYYY-MM-DD') AS date_to, r.date_window_days, r.status,
         r.statement_balance_milli, r.statement_balance_source, r.statement_balance_statement_id AS statement_balance_statement,
         r.continuity_breaks, r.ledger_balance, r.tolerance_absolute, r.tolerance_basis_points,
         (SELECT coalesce(sum(x.difference), 0)::int8 FROM ledger.reconciliation_rows x WHERE x.reconciliation_id = r.id AND x.rule IS NOT NULL) AS difference_total,
         (SELECT coalesce(sum(x.difference), 0)::int8 FROM ledger.reconciliation_rows x
          WHERE x.reconciliation_id = r.id AND x.rule IS NOT NULL AND x.difference_transaction_id IS NULL) AS difference_unposted,
         (SELECT count(*) FROM ledger.reconciliation_rows x WHERE x.reconciliation_id = r.id AND x.rule IS NOT NULL)::int AS matched_count,
         (SELECT count(*) FROM ledger.reconciliation_rows x WHERE x.reconciliation_id = r.id AND x.rule IS NULL)::int AS unmatched_row_count,
         (SELECT count(*) FROM ledger.reconciliation_entries x WHERE x.reconciliation_id = r.id AND x.statement_row_id IS NULL)::int AS unmatched_entry_count,
         r.created_at, r.updated_at, r.confirmed_at
  FROM ledger.reconciliations r`;

interface ReconciliationRow extends Omit<ReconciliationRecord, 'created_at' | 'updated_at' | 'confirmed_at'> {
  created_at: Date;
  updated_at: Date;
  confirmed_at: Date | null;
}
const toRecord = (r: ReconciliationRow): ReconciliationRecord => ({
  ...r,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
  confirmed_at: r.confirmed_at?.toISOString() ?? null,
});

export async function findReconciliation(db: Db, orgId: string, id: string, lock?: 'update'): Promise<ReconciliationRecord | null> {
  if (lock) await execute(db, sql`SELECT 1 FROM ledger.reconciliations WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid FOR UPDATE`);
  const row = await queryOne<ReconciliationRow>(db, sql`${SELECT_RECONCILIATION} WHERE r.org_id = ${orgId}::uuid AND r.id = ${id}::uuid`);
  return row ? toRecord(row) : null;
}

export async function findReconciliationPage(
  db: Db,
  orgId: string,
  list: ListQuery,
  status?: ReconciliationStatus,
): Promise<{ rows: ReconciliationRecord[]; total: number }> {
  const where = status === undefined ? sql`WHERE r.org_id = ${orgId}::uuid` : sql`WHERE r.org_id = ${orgId}::uuid AND r.status = ${status}`;
  const order = list.sort.order === 'ASC' ? sql`ORDER BY r.created_at ASC, r.id ASC` : sql`ORDER BY r.created_at DESC, r.id DESC`;
  const { rows, total } = await listPage<ReconciliationRow>(db, {
    rows: sql`${SELECT_RECONCILIATION} ${where} ${order} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM ledger.reconciliations r ${where}`,
  });
  return { rows: rows.map(toRecord), total };
}

export async function insertReconciliation(
  db: Db,
  orgId: string,
  r: {
    id: string;
    ledgerAccountId: string;
    statementAccountId: string;
    currency: string;
    dateFrom: string;
    dateTo: string;
    windowDays: number;
    statementBalanceMilli: bigint;
    statementBalanceSource: StatementBalanceSource;
    statementBalanceStatementId: string | null;
    continuityBreaks: ContinuityBreakView[];
    ledgerBalance: bigint;
    toleranceAbsolute: bigint | null;
    toleranceBasisPoints: number | null;
  },
  rows: NewRow[],
  entries: NewEntry[],
): Promise<void> {
  await db.reconciliation.create({
    data: {
      id: r.id,
      orgId,
      ledgerAccountId: r.ledgerAccountId,
      statementAccountId: r.statementAccountId,
      currency: r.currency,
      dateFrom: dayOf(r.dateFrom),
      dateTo: dayOf(r.dateTo),
      dateWindowDays: r.windowDays,
      statementBalanceMilli: r.statementBalanceMilli,
      statementBalanceSource: r.statementBalanceSource,
      statementBalanceStatementId: r.statementBalanceStatementId,
      continuityBreaks: r.continuityBreaks,
      ledgerBalance: r.ledgerBalance,
      toleranceAbsolute: r.toleranceAbsolute,
      toleranceBasisPoints: r.toleranceBasisPoints,
    },
    select: { id: true },
  });
  await insertRows(db, r.id, rows);
  await upsertEntries(db, r.id, entries);
}

/** One statement per table, whatever the number of rows (arrays unnested): raw SQL, a bulk insert; positions from `first` on. */
export async function insertRows(db: Db, reconciliationId: string, rows: NewRow[], first = 0): Promise<void> {
  if (rows.length === 0) return;
  await execute(
    db,
    sql`
    INSERT INTO ledger.reconciliation_rows (reconciliation_id, statement_row_id, position, date, particulars, category, inflow_milli, outflow_milli, amount, rule, reason, difference)
    SELECT ${reconciliationId}::uuid, * FROM unnest(
      ${rows.map((r) => r.statementRowId)}::uuid[], ${rows.map((_, i) => first + i)}::int[], ${rows.map((r) => r.date)}::date[],
      ${rows.map((r) => r.particulars)}::text[], ${rows.map((r) => r.category)}::text[], ${rows.map((r) => r.inflowMilli.toString())}::int8[],
      ${rows.map((r) => r.outflowMilli.toString())}::int8[], ${rows.map((r) => (r.amount === null ? null : r.amount.toString()))}::int8[],
      ${rows.map((r) => r.rule)}::text[], ${rows.map((r) => r.reason)}::text[],
      ${rows.map((r) => (r.rule === null ? null : (r.difference ?? 0n).toString()))}::int8[])`,
  );
}

/** Entries in, or (already there) matched to the row given. */
export async function upsertEntries(db: Db, reconciliationId: string, entries: NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await execute(
    db,
    sql`
    INSERT INTO ledger.reconciliation_entries (reconciliation_id, entry_id, transaction_id, date, amount, narration, source_ref, statement_row_id)
    SELECT ${reconciliationId}::uuid, * FROM unnest(
      ${entries.map((e) => e.entryId)}::uuid[], ${entries.map((e) => e.transactionId)}::uuid[], ${entries.map((e) => e.date)}::date[],
      ${entries.map((e) => e.amount.toString())}::int8[], ${entries.map((e) => e.narration)}::text[], ${entries.map((e) => e.sourceRef)}::text[],
      ${entries.map((e) => e.statementRowId)}::uuid[])
    ON CONFLICT (reconciliation_id, entry_id) DO UPDATE SET statement_row_id = EXCLUDED.statement_row_id`,
  );
}

/** A date column (Prisma reads @db.Date as midnight UTC) as the API's YYYY-MM-DD, and back. */
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const dayOf = (date: string): Date => new Date(`${date}T00:00:00Z`);

const ROW_SELECT = {
  statementRowId: true,
  date: true,
  particulars: true,
  category: true,
  inflowMilli: true,
  outflowMilli: true,
  amount: true,
  rule: true,
  reason: true,
  difference: true,
  differenceTransactionId: true,
} satisfies Prisma.ReconciliationRowSelect;
const toRowRecord = (r: Prisma.ReconciliationRowGetPayload<{ select: typeof ROW_SELECT }>): RowRecord => ({
  statement_row: r.statementRowId,
  date: isoDay(r.date),
  particulars: r.particulars,
  category: r.category,
  inflow: money(r.inflowMilli),
  outflow: money(r.outflowMilli),
  amount: r.amount === null ? null : money(r.amount),
  rule: r.rule as MatchRule | null,
  reason: r.reason,
  difference: r.difference === null ? null : money(r.difference),
  difference_transaction: r.differenceTransactionId,
});

/** A page of the reconciliation's rows, matched or not, in statement order. */
export async function findRowPage(db: Db, reconciliationId: string, matched: boolean, page: { limit: number; offset: number }) {
  const where = { reconciliationId, rule: matched ? { not: null } : null } satisfies Prisma.ReconciliationRowWhereInput;
  const [rows, total] = await Promise.all([
    db.reconciliationRow.findMany({ where, select: ROW_SELECT, orderBy: { position: 'asc' }, take: page.limit, skip: page.offset }),
    db.reconciliationRow.count({ where }),
  ]);
  return { rows: rows.map(toRowRecord), total };
}

export async function findRow(db: Db, reconciliationId: string, statementRowId: string): Promise<RowRecord | null> {
  const row = await db.reconciliationRow.findUnique({ where: { reconciliationId_statementRowId: { reconciliationId, statementRowId } }, select: ROW_SELECT });
  return row ? toRowRecord(row) : null;
}

export async function findUnmatchedRows(db: Db, reconciliationId: string): Promise<RowRecord[]> {
  const rows = await db.reconciliationRow.findMany({ where: { reconciliationId, rule: null }, select: ROW_SELECT, orderBy: { position: 'asc' } });
  return rows.map(toRowRecord);
}

const ENTRY_SELECT = {
  entryId: true,
  transactionId: true,
  date: true,
  amount: true,
  narration: true,
  sourceRef: true,
  statementRowId: true,
} satisfies Prisma.ReconciliationEntrySelect;
const toEntryRecord = (r: Prisma.ReconciliationEntryGetPayload<{ select: typeof ENTRY_SELECT }>): EntryRecord => ({
  entry: r.entryId,
  transaction: r.transactionId,
  date: isoDay(r.date),
  amount: money(r.amount),
  narration: r.narration,
  source_ref: r.sourceRef,
  statement_row: r.statementRowId,
});
const ENTRY_ORDER = [{ date: 'asc' }, { entryId: 'asc' }] satisfies Prisma.ReconciliationEntryOrderByWithRelationInput[];

export async function findEntries(db: Db, reconciliationId: string, entryIds: string[]): Promise<EntryRecord[]> {
  const rows = await db.reconciliationEntry.findMany({ where: { reconciliationId, entryId: { in: entryIds } }, select: ENTRY_SELECT });
  return rows.map(toEntryRecord);
}

export async function findEntriesOfRows(db: Db, reconciliationId: string, rowIds: string[]): Promise<EntryRecord[]> {
  const rows = await db.reconciliationEntry.findMany({
    where: { reconciliationId, statementRowId: { in: rowIds } },
    select: ENTRY_SELECT,
    orderBy: ENTRY_ORDER,
  });
  return rows.map(toEntryRecord);
}

export async function findUnmatchedEntries(db: Db, reconciliationId: string): Promise<EntryRecord[]> {
  const rows = await db.reconciliationEntry.findMany({ where: { reconciliationId, statementRowId: null }, select: ENTRY_SELECT, orderBy: ENTRY_ORDER });
  return rows.map(toEntryRecord);
}

export async function findUnmatchedEntryPage(db: Db, reconciliationId: string, page: { limit: number; offset: number }) {
  const where = { reconciliationId, statementRowId: null } satisfies Prisma.ReconciliationEntryWhereInput;
  const [rows, total] = await Promise.all([
    db.reconciliationEntry.findMany({ where, select: ENTRY_SELECT, orderBy: ENTRY_ORDER, take: page.limit, skip: page.offset }),
    db.reconciliationEntry.count({ where }),
  ]);
  return { rows: rows.map(toEntryRecord), total };
}

/** The row matched by a rule with this difference (0 when exact), or unmatched (rule null). */
export async function setRowMatch(db: Db, reconciliationId: string, statementRowId: string, rule: MatchRule | null, difference = 0n): Promise<void> {
  await db.reconciliationRow.updateMany({ where: { reconciliationId, statementRowId }, data: { rule, difference: rule === null ? null : difference } });
}

/** The matched rows with a difference not posted yet, in statement order. */
export async function findUnpostedDifferences(db: Db, reconciliationId: string): Promise<RowRecord[]> {
  const rows = await db.reconciliationRow.findMany({
    where: { reconciliationId, rule: { not: null }, difference: { not: 0n }, differenceTransactionId: null },
    select: ROW_SELECT,
    orderBy: { position: 'asc' },
  });
  return rows.map(toRowRecord);
}

/** A difference of a statement row that another reconciliation of the organization has posted. */
export interface DifferencePostedElsewhere {
  statement_row: string;
  reconciliation: string;
  ledger_account: string;
  difference: number;
  transaction: string;
}

/** The differences of these statement rows that other reconciliations posted (a partial index holds only posted ones). */
export async function findDifferencesPostedElsewhere(
  db: Db,
  orgId: string,
  reconciliationId: string,
  statementRowIds: string[],
): Promise<DifferencePostedElsewhere[]> {
  const rows = await query<Omit<DifferencePostedElsewhere, 'difference'> & { difference: bigint }>(
    db,
    sql`SELECT x.statement_row_id AS statement_row, x.reconciliation_id AS reconciliation, r.ledger_account_id AS ledger_account,
               x.difference, x.difference_transaction_id AS transaction
        FROM ledger.reconciliation_rows x JOIN ledger.reconciliations r ON r.id = x.reconciliation_id
        WHERE x.statement_row_id = ANY(${statementRowIds}::uuid[]) AND x.difference_transaction_id IS NOT NULL
          AND x.reconciliation_id <> ${reconciliationId}::uuid AND r.org_id = ${orgId}::uuid
        ORDER BY x.statement_row_id`,
  );
  return rows.map((row) => ({ ...row, difference: money(row.difference) }));
}

export async function setDifferenceTransaction(db: Db, reconciliationId: string, statementRowIds: string[], transactionId: string): Promise<void> {
  await db.reconciliationRow.updateMany({
    where: { reconciliationId, statementRowId: { in: statementRowIds } },
    data: { differenceTransactionId: transactionId },
  });
}

/** The organization's counter-account per statement category (post-unmatched). */
export async function findCategoryAccounts(db: Db, orgId: string): Promise<Map<string, string>> {
  const rows = await db.reconciliationCategoryAccount.findMany({ where: { orgId }, select: { category: true, accountId: true }, orderBy: { category: 'asc' } });
  return new Map(rows.map((r) => [r.category, r.accountId]));
}

/** The mapping replaced wholesale (run in a transaction). */
export async function replaceCategoryAccounts(db: Db, orgId: string, accounts: Map<string, string>): Promise<void> {
  await db.reconciliationCategoryAccount.deleteMany({ where: { orgId } });
  if (accounts.size === 0) return;
  await db.reconciliationCategoryAccount.createMany({ data: [...accounts].map(([category, accountId]) => ({ orgId, category, accountId })) });
}

export async function setEntriesRow(db: Db, reconciliationId: string, entryIds: string[], statementRowId: string | null): Promise<void> {
  await db.reconciliationEntry.updateMany({ where: { reconciliationId, entryId: { in: entryIds } }, data: { statementRowId } });
}

export async function unmatchRow(db: Db, reconciliationId: string, statementRowId: string): Promise<void> {
  await db.reconciliationEntry.updateMany({ where: { reconciliationId, statementRowId }, data: { statementRowId: null } });
  await setRowMatch(db, reconciliationId, statementRowId, null);
}

export async function touch(db: Db, reconciliationId: string, ledgerBalance?: bigint): Promise<void> {
  await db.reconciliation.updateMany({ where: { id: reconciliationId }, data: { updatedAt: new Date(), ledgerBalance } });
}

/** The bank's figures as read again (refresh). */
export async function setBankFigures(
  db: Db,
  reconciliationId: string,
  f: {
    statementBalanceMilli: bigint;
    statementBalanceSource: StatementBalanceSource;
    statementBalanceStatementId: string | null;
    continuityBreaks: ContinuityBreakView[];
  },
): Promise<void> {
  await db.reconciliation.updateMany({ where: { id: reconciliationId }, data: { ...f, updatedAt: new Date() } });
}

/** Confirm: the matched rows and entries are claimed (the partial unique indexes refuse a second claim). */
export async function confirm(db: Db, reconciliationId: string): Promise<void> {
  await db.reconciliationRow.updateMany({ where: { reconciliationId, rule: { not: null } }, data: { confirmed: true } });
  await db.reconciliationEntry.updateMany({ where: { reconciliationId, statementRowId: { not: null } }, data: { confirmed: true } });
  const now = new Date();
  await db.reconciliation.updateMany({ where: { id: reconciliationId }, data: { status: 'confirmed', confirmedAt: now, updatedAt: now } });
}

/** Statement rows among these already claimed by a confirmed reconciliation. */
export async function confirmedRowIds(db: Db, statementRowIds: string[]): Promise<Set<string>> {
  const rows = await db.reconciliationRow.findMany({ where: { confirmed: true, statementRowId: { in: statementRowIds } }, select: { statementRowId: true } });
  return new Set(rows.map((r) => r.statementRowId));
}

/** The statement rows a reconciliation holds (ids), and the next position. */
export async function findRowIds(db: Db, reconciliationId: string): Promise<{ ids: Set<string>; next: number }> {
  const rows = await db.reconciliationRow.findMany({ where: { reconciliationId }, select: { statementRowId: true, position: true } });
  return { ids: new Set(rows.map((r) => r.statementRowId)), next: rows.reduce((m, r) => Math.max(m, r.position + 1), 0) };
}

/** The entries a reconciliation holds: entry id -> the row it is matched to (null: unmatched). */
export async function findEntryRows(db: Db, reconciliationId: string): Promise<Map<string, string | null>> {
  const rows = await db.reconciliationEntry.findMany({ where: { reconciliationId }, select: { entryId: true, statementRowId: true } });
  return new Map(rows.map((r) => [r.entryId, r.statementRowId]));
}

/** Unmatched entries out (no longer posted, or claimed elsewhere). */
export async function deleteUnmatchedEntries(db: Db, reconciliationId: string, entryIds: string[]): Promise<void> {
  if (entryIds.length === 0) return;
  await db.reconciliationEntry.deleteMany({ where: { reconciliationId, entryId: { in: entryIds }, statementRowId: null } });
}

export interface CandidateEntryRow {
  id: string;
  /** The transaction's source (a row posted from a statement is source "statement", source_ref the row id). */
  source: string | null;
  transaction_id: string;
  date: string;
  /** debit - credit, as text (exact). */
  amount: string;
  narration: string | null;
  source_ref: string | null;
}

/** Posted entries of the account in the currency dated within the range, but those a confirmed reconciliation claimed. */
export async function findCandidateEntries(db: Db, orgId: string, accountId: string, currency: string, from: string, to: string): Promise<CandidateEntryRow[]> {
  return query<CandidateEntryRow>(
    db,
    sql`SELECT e.id, e.transaction_id, to_char(e.date, 'YYYY-MM-DD') AS date, (e.debit - e.credit)::text AS amount, t.narration, t.source, t.source_ref
        FROM ledger.entries e JOIN ledger.transactions t ON t.id = e.transaction_id
        WHERE e.org_id = ${orgId}::uuid AND e.account_id = ${accountId}::uuid AND e.transaction_status = 'posted' AND e.currency = ${currency}
          AND e.date BETWEEN ${from}::date AND ${to}::date
          AND NOT EXISTS (SELECT 1 FROM ledger.reconciliation_entries c WHERE c.entry_id = e.id AND c.confirmed)
        ORDER BY e.date, e.id`,
  );
}

/** The account's posted debit - credit in the currency up to and including the date. */
export async function ledgerBalance(db: Db, orgId: string, accountId: string, currency: string, asOf: string): Promise<bigint> {
  const row = await queryOne<{ balance: string | null }>(
    db,
    sql`SELECT sum(e.debit - e.credit)::text AS balance FROM ledger.entries e
        WHERE e.org_id = ${orgId}::uuid AND e.account_id = ${accountId}::uuid AND e.transaction_status = 'posted' AND e.currency = ${currency}
          AND e.date <= ${asOf}::date`,
  );
  return BigInt(row?.balance ?? '0');
}
