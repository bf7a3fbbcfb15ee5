import { limitOffset, queryRows, sql, type ListQuery } from '@finance/platform';
import type { Db } from './db';
import { money } from './money';

/** The records of a reconciliation as the API returns them (amounts as exact JSON numbers). */
export interface ReconciliationRecord {
  id: string;
  ledger_account: string;
  statement_account: string;
  currency: string;
  date_from: string;
  date_to: string;
  date_window_days: number;
  status: 'open' | 'confirmed';
  statement_balance_milli: bigint;
  ledger_balance: bigint;
  matched_count: number;
  unmatched_row_count: number;
  unmatched_entry_count: number;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
}

export interface RowRecord {
  statement_row: string;
  date: string;
  particulars: string;
  category: string | null;
  inflow: number;
  outflow: number;
  /** Signed minor units, or null when not a whole number of them. */
  amount: number | null;
  rule: string | null;
  reason: string | null;
}

export interface EntryRecord {
  entry: string;
  transaction: string;
  date: string;
  amount: number;
  narration: string | null;
  source_ref: string | null;
  statement_row: string | null;
}

export interface NewRow {
  statementRowId: string;
  date: string;
  particulars: string;
  category: string | null;
  inflowMilli: bigint;
  outflowMilli: bigint;
  amount: bigint | null;
  rule: string | null;
  reason: string | null;
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
         r.statement_balance_milli, r.ledger_balance,
         (SELECT count(*) FROM ledger.reconciliation_rows x WHERE x.reconciliation_id = r.id AND x.rule IS NOT NULL)::int AS matched_count,
         (SELECT count(*) FROM ledger.reconciliation_rows x WHERE x.reconciliation_id = r.id AND x.rule IS NULL)::int AS unmatched_row_count,
         (SELECT count(*) FROM ledger.reconciliation_entries x WHERE x.reconciliation_id = r.id AND x.statement_row_id IS NULL)::int AS unmatched_entry_count,
         to_json(r.created_at)#>>'{}' AS created_at, to_json(r.updated_at)#>>'{}' AS updated_at, to_json(r.confirmed_at)#>>'{}' AS confirmed_at
  FROM ledger.reconciliations r`;

interface ReconciliationRow extends Omit<ReconciliationRecord, 'statement_balance_milli' | 'ledger_balance'> {
  statement_balance_milli: string;
  ledger_balance: string;
}
const toRecord = (r: ReconciliationRow): ReconciliationRecord => ({
  ...r,
  statement_balance_milli: BigInt(r.statement_balance_milli),
  ledger_balance: BigInt(r.ledger_balance),
});

export async function findReconciliation(db: Db, orgId: string, id: string, lock?: 'update'): Promise<ReconciliationRecord | null> {
  if (lock) await db.query('SELECT 1 FROM ledger.reconciliations WHERE id = $1 AND org_id = $2 FOR UPDATE', [id, orgId]);
  const rows = await queryRows<ReconciliationRow>(db, sql`${SELECT_RECONCILIATION} WHERE r.org_id = ${orgId}::uuid AND r.id = ${id}::uuid`);
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function findReconciliationPage(db: Db, orgId: string, list: ListQuery, status?: string): Promise<{ rows: ReconciliationRecord[]; total: number }> {
  const where = status === undefined ? sql`WHERE r.org_id = ${orgId}::uuid` : sql`WHERE r.org_id = ${orgId}::uuid AND r.status = ${status}`;
  const order = list.sort.order === 'ASC' ? sql`ORDER BY r.created_at ASC, r.id ASC` : sql`ORDER BY r.created_at DESC, r.id DESC`;
  const [rows, count] = await Promise.all([
    queryRows<ReconciliationRow>(db, sql`${SELECT_RECONCILIATION} ${where} ${order} ${limitOffset(list)}`),
    queryRows<{ total: string }>(db, sql`SELECT count(*) AS total FROM ledger.reconciliations r ${where}`),
  ]);
  return { rows: rows.map(toRecord), total: Number(count[0]?.total ?? 0) };
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
    ledgerBalance: bigint;
  },
  rows: NewRow[],
  entries: NewEntry[],
): Promise<void> {
  await db.query(
    `INSERT INTO ledger.reconciliations (id, org_id, ledger_account_id, statement_account_id, currency, date_from, date_to, date_window_days,
       statement_balance_milli, ledger_balance) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [r.id, orgId, r.ledgerAccountId, r.statementAccountId, r.currency, r.dateFrom, r.dateTo, r.windowDays, r.statementBalanceMilli.toString(), r.ledgerBalance.toString()],
  );
  await insertRows(db, r.id, rows);
  await upsertEntries(db, r.id, entries);
}

/** One statement per table, whatever the number of rows (arrays unnested). */
async function insertRows(db: Db, reconciliationId: string, rows: NewRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO ledger.reconciliation_rows (reconciliation_id, statement_row_id, position, date, particulars, category, inflow_milli, outflow_milli, amount, rule, reason)
     SELECT $1, * FROM unnest($2::uuid[], $3::int[], $4::date[], $5::text[], $6::text[], $7::int8[], $8::int8[], $9::int8[], $10::text[], $11::text[])`,
    [
      reconciliationId,
      rows.map((r) => r.statementRowId),
      rows.map((_, i) => i),
      rows.map((r) => r.date),
      rows.map((r) => r.particulars),
      rows.map((r) => r.category),
      rows.map((r) => r.inflowMilli.toString()),
      rows.map((r) => r.outflowMilli.toString()),
      rows.map((r) => (r.amount === null ? null : r.amount.toString())),
      rows.map((r) => r.rule),
      rows.map((r) => r.reason),
    ],
  );
}

/** Entries in, or (already there) matched to the row given. */
export async function upsertEntries(db: Db, reconciliationId: string, entries: NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO ledger.reconciliation_entries (reconciliation_id, entry_id, transaction_id, date, amount, narration, source_ref, statement_row_id)
     SELECT $1, * FROM unnest($2::uuid[], $3::uuid[], $4::date[], $5::int8[], $6::text[], $7::text[], $8::uuid[])
     ON CONFLICT (reconciliation_id, entry_id) DO UPDATE SET statement_row_id = EXCLUDED.statement_row_id`,
    [
      reconciliationId,
      entries.map((e) => e.entryId),
      entries.map((e) => e.transactionId),
      entries.map((e) => e.date),
      entries.map((e) => e.amount.toString()),
      entries.map((e) => e.narration),
      entries.map((e) => e.sourceRef),
      entries.map((e) => e.statementRowId),
    ],
  );
}

interface RowRow extends Omit<RowRecord, 'inflow' | 'outflow' | 'amount'> {
  inflow: string;
  outflow: string;
  amount: string | null;
}
const toRowRecord = (r: RowRow): RowRecord => ({
  ...r,
  inflow: money(r.inflow),
  outflow: money(r.outflow),
  amount: r.amount === null ? null : money(r.amount),
});
const SELECT_ROW = sql`
  SELECT statement_row_id AS statement_row, to_char(date, 'YYYY-MM-DD') AS date, particulars, category, inflow_milli AS inflow, outflow_milli AS outflow,
         amount, rule, reason
  FROM ledger.reconciliation_rows`;

/** A page of the reconciliation's rows, matched or not, in statement order. */
export async function findRowPage(db: Db, reconciliationId: string, matched: boolean, page: { limit: number; offset: number }) {
  const where = matched
    ? sql`WHERE reconciliation_id = ${reconciliationId}::uuid AND rule IS NOT NULL`
    : sql`WHERE reconciliation_id = ${reconciliationId}::uuid AND rule IS NULL`;
  const [rows, count] = await Promise.all([
    queryRows<RowRow>(db, sql`${SELECT_ROW} ${where} ORDER BY position ${limitOffset(page)}`),
    queryRows<{ total: string }>(db, sql`SELECT count(*) AS total FROM ledger.reconciliation_rows ${where}`),
  ]);
  return { rows: rows.map(toRowRecord), total: Number(count[0]?.total ?? 0) };
}

export async function findRow(db: Db, reconciliationId: string, statementRowId: string): Promise<RowRecord | null> {
  const rows = await queryRows<RowRow>(db, sql`${SELECT_ROW} WHERE reconciliation_id = ${reconciliationId}::uuid AND statement_row_id = ${statementRowId}::uuid`);
  return rows[0] ? toRowRecord(rows[0]) : null;
}

export async function findUnmatchedRows(db: Db, reconciliationId: string): Promise<RowRecord[]> {
  const rows = await queryRows<RowRow>(db, sql`${SELECT_ROW} WHERE reconciliation_id = ${reconciliationId}::uuid AND rule IS NULL ORDER BY position`);
  return rows.map(toRowRecord);
}

interface EntryRow extends Omit<EntryRecord, 'amount'> {
  amount: string;
}
const SELECT_ENTRY = sql`
  SELECT entry_id AS entry, transaction_id AS transaction, to_char(date, 'YYYY-MM-DD') AS date, amount, narration, source_ref, statement_row_id AS statement_row
  FROM ledger.reconciliation_entries`;
const toEntryRecord = (r: EntryRow): EntryRecord => ({ ...r, amount: money(r.amount) });

export async function findEntries(db: Db, reconciliationId: string, entryIds: string[]): Promise<EntryRecord[]> {
  const rows = await queryRows<EntryRow>(db, sql`${SELECT_ENTRY} WHERE reconciliation_id = ${reconciliationId}::uuid AND entry_id = ANY(${entryIds}::uuid[])`);
  return rows.map(toEntryRecord);
}

export async function findEntriesOfRows(db: Db, reconciliationId: string, rowIds: string[]): Promise<EntryRecord[]> {
  const rows = await queryRows<EntryRow>(
    db,
    sql`${SELECT_ENTRY} WHERE reconciliation_id = ${reconciliationId}::uuid AND statement_row_id = ANY(${rowIds}::uuid[]) ORDER BY date, entry_id`,
  );
  return rows.map(toEntryRecord);
}

export async function findUnmatchedEntryPage(db: Db, reconciliationId: string, page: { limit: number; offset: number }) {
  const where = sql`WHERE reconciliation_id = ${reconciliationId}::uuid AND statement_row_id IS NULL`;
  const [rows, count] = await Promise.all([
    queryRows<EntryRow>(db, sql`${SELECT_ENTRY} ${where} ORDER BY date, entry_id ${limitOffset(page)}`),
    queryRows<{ total: string }>(db, sql`SELECT count(*) AS total FROM ledger.reconciliation_entries ${where}`),
  ]);
  return { rows: rows.map(toEntryRecord), total: Number(count[0]?.total ?? 0) };
}

export async function setRowMatch(db: Db, reconciliationId: string, statementRowId: string, rule: string | null): Promise<void> {
  await db.query('UPDATE ledger.reconciliation_rows SET rule = $3 WHERE reconciliation_id = $1 AND statement_row_id = $2', [reconciliationId, statementRowId, rule]);
}

export async function setEntriesRow(db: Db, reconciliationId: string, entryIds: string[], statementRowId: string | null): Promise<void> {
  await db.query('UPDATE ledger.reconciliation_entries SET statement_row_id = $3 WHERE reconciliation_id = $1 AND entry_id = ANY($2::uuid[])', [
    reconciliationId,
    entryIds,
    statementRowId,
  ]);
}

export async function unmatchRow(db: Db, reconciliationId: string, statementRowId: string): Promise<void> {
  await db.query('UPDATE ledger.reconciliation_entries SET statement_row_id = NULL WHERE reconciliation_id = $1 AND statement_row_id = $2', [reconciliationId, statementRowId]);
  await setRowMatch(db, reconciliationId, statementRowId, null);
}

export async function touch(db: Db, reconciliationId: string, ledgerBalance?: bigint): Promise<void> {
  await db.query('UPDATE ledger.reconciliations SET updated_at = now(), ledger_balance = COALESCE($2::int8, ledger_balance) WHERE id = $1', [
    reconciliationId,
    ledgerBalance === undefined ? null : ledgerBalance.toString(),
  ]);
}

/** Confirm: the matched rows and entries are claimed (the partial unique indexes refuse a second claim). */
export async function confirm(db: Db, reconciliationId: string): Promise<void> {
  await db.query('UPDATE ledger.reconciliation_rows SET confirmed = true WHERE reconciliation_id = $1 AND rule IS NOT NULL', [reconciliationId]);
  await db.query('UPDATE ledger.reconciliation_entries SET confirmed = true WHERE reconciliation_id = $1 AND statement_row_id IS NOT NULL', [reconciliationId]);
  await db.query(`UPDATE ledger.reconciliations SET status = 'confirmed', confirmed_at = now(), updated_at = now() WHERE id = $1`, [reconciliationId]);
}

/** Statement rows among these already claimed by a confirmed reconciliation. */
export async function confirmedRowIds(db: Db, statementRowIds: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT statement_row_id AS id FROM ledger.reconciliation_rows WHERE confirmed AND statement_row_id = ANY(${statementRowIds}::uuid[])`,
  );
  return new Set(rows.map((r) => r.id));
}

export interface CandidateEntryRow {
  id: string;
  transaction_id: string;
  date: string;
  amount: string;
  narration: string | null;
  source_ref: string | null;
}

/** Posted entries of the account in the currency dated within the range, but those a confirmed reconciliation claimed. */
export async function findCandidateEntries(db: Db, orgId: string, accountId: string, currency: string, from: string, to: string): Promise<CandidateEntryRow[]> {
  return queryRows<CandidateEntryRow>(
    db,
    sql`SELECT e.id, e.transaction_id, to_char(e.date, 'YYYY-MM-DD') AS date, (e.debit - e.credit)::text AS amount, t.narration, t.source_ref
        FROM ledger.entries e JOIN ledger.transactions t ON t.id = e.transaction_id
        WHERE e.org_id = ${orgId}::uuid AND e.account_id = ${accountId}::uuid AND e.transaction_status = 'posted' AND e.currency = ${currency}
          AND e.date BETWEEN ${from}::date AND ${to}::date
          AND NOT EXISTS (SELECT 1 FROM ledger.reconciliation_entries c WHERE c.entry_id = e.id AND c.confirmed)
        ORDER BY e.date, e.id`,
  );
}

/** The account's posted debit - credit in the currency up to and including the date. */
export async function ledgerBalance(db: Db, orgId: string, accountId: string, currency: string, asOf: string): Promise<bigint> {
  const rows = await queryRows<{ balance: string | null }>(
    db,
    sql`SELECT sum(e.debit - e.credit)::text AS balance FROM ledger.entries e
        WHERE e.org_id = ${orgId}::uuid AND e.account_id = ${accountId}::uuid AND e.transaction_status = 'posted' AND e.currency = ${currency}
          AND e.date <= ${asOf}::date`,
  );
  return BigInt(rows[0]?.balance ?? '0');
}
