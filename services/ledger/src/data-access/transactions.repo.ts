import {
  empty,
  execute,
  join,
  likeContains,
  limitOffset,
  listPage,
  prepared,
  query,
  queryDirect,
  queryOne,
  raw,
  sql,
  whereAll,
  type KeyInStatement,
  type ListQuery,
  type Sql,
} from '@finance/platform';
import type { Db, Tx } from './db';
import type { TransactionEntryView, TransactionFields, TransactionStatus, TransactionView } from '../views/transactions';
import { money } from './money';

/** An entry as stored: amounts are safe integers, already validated. */
export interface EntryInput {
  id: string;
  account: string;
  debit: number;
  credit: number;
  memo: string | null;
  dimensions: Record<string, string>;
}

export type { TransactionFields };

interface TransactionRow extends TransactionFields {
  id: string;
  reverses: string | null;
  reversed_by: string | null;
  /** int8 arrives as bigint. */
  total_debit: bigint;
  total_credit: bigint;
  entry_count: number;
  created_at: Date;
  updated_at: Date;
  entries?: TransactionEntryView[];
}

export function toTransactionView(r: TransactionRow): TransactionView {
  return {
    id: r.id,
    date: r.date,
    time: r.time,
    narration: r.narration,
    type: r.type,
    status: r.status,
    currency: r.currency,
    source: r.source,
    source_ref: r.source_ref,
    details: r.details ?? null,
    reverses: r.reverses,
    reversal_of: r.reverses,
    reversed_by: r.reversed_by,
    ...(r.entries ? { entries: r.entries } : {}),
    total_debit: money(r.total_debit, 'total_debit'),
    total_credit: money(r.total_credit, 'total_credit'),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** details is json: a JSON text parameter keeps it exactly as received; SQL NULL when there is none. */
const detailsParam = (details: unknown) => (details === undefined || details === null ? null : JSON.stringify(details));

// Entry amounts are stored within the safe-integer range (a CHECK), so json_agg's numbers parse exactly.
const ENTRIES_OF_T = sql`(SELECT coalesce(json_agg(json_build_object('id', e.id, 'account', e.account_id, 'debit', e.debit, 'credit', e.credit,
      'memo', e.memo, 'dimensions', e.dimensions) ORDER BY e.id), '[]') FROM ledger.entries e WHERE e.transaction_id = t.id)`;

const COLUMNS = sql`t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.time, t.narration, t.type, t.status, t.currency, t.source, t.source_ref,
  t.details, t.reverses, t.reversed_by, t.total_debit, t.total_credit, t.entry_count, t.created_at, t.updated_at`;

export interface PostResult {
  /** Set when this call stored the transaction. */
  createdAt: Date | null;
  /** Set when (source, source_ref) already named a committed transaction. */
  existingId: string | null;
  /** The referenced accounts of the organization as locked for the post; only when the insert did not happen. */
  accounts: PostingAccount[];
  /** The organization's closed-through date as the post saw it under the period lock (posted transactions only). */
  closedThrough: string | null;
}

/** A referenced account as a post sees it (locked KEY SHARE). */
export interface PostingAccount {
  id: string;
  is_group: boolean;
  status: string;
  currency: string | null;
}

/**
 * The whole create in one statement, so one round trip: lock the referenced accounts (KEY SHARE: the lock
 * the entries' foreign key takes anyway, which makes an is_group or type change wait), look up the source
 * identity, and insert the transaction and its entries only when the caller's rules held (`rulesHold`), the
 * identity is new, and every account is the organization's, not a group, and active. The totals are summed
 * by SQL from the same rows that become the entries. A race on the identity with a call that commits first
 * fails the whole statement with a unique violation (the unique index waits for the other call to finish), so
 * nothing is written and the caller reads the winner. A plain INSERT rather than ON CONFLICT DO NOTHING: the
 * `existing` probe already answers the common re-post, and the speculative-insertion protocol would cost
 * every post an extra index probe and WAL record for the rare race.
 *
 * A posted transaction also takes the organization's period lock in share mode and reads the closed-through date
 * under it (ledger.closed_through_for_posting: one primary-key read), and is inserted only when its date is after
 * that: a close waits for this statement's commit, or this statement for the close's (README, "Closed periods").
 */
export async function insertTransaction(
  db: Db,
  orgId: string,
  id: string,
  t: TransactionFields,
  entries: EntryInput[],
  rulesHold: boolean,
  keyed?: { key: KeyInStatement; answer: TransactionView },
  /** The webhook event of the post (issue 36), a CTE part written from the inserted row `tx`. */
  event?: (from: Sql) => Sql,
): Promise<PostResult> {
  const accountIds = [...new Set(entries.map((e) => e.account))];
  const key = keyed?.key;
  // With an Idempotency-Key, the key's row is stored by this same statement with the answer (its instants as
  // toISOString() writes them), so the key and the transaction commit together in one round trip.
  const instant = sql`tx.created_at`;
  const keep = keyed
    ? sql`, ${keyed.key.keep({ status: 201, data: keyed.answer, instants: { created_at: instant, updated_at: instant }, from: sql`tx` })}`
    : empty;
  const statement = sql`
    WITH ${key ? sql`${key.lease}, ` : empty}input AS (
      SELECT i.* FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
        AS i(id uuid, account uuid, debit bigint, credit bigint, memo text, dimensions jsonb)
    ),
    acc AS (
      SELECT a.id, a.is_group, a.status, a.currency FROM ledger.accounts a
      WHERE a.id = ANY(${accountIds}::uuid[]) AND a.org_id = ${orgId}::uuid
      FOR KEY SHARE
    ),
    period AS (
      SELECT ledger.closed_through_for_posting(${orgId}::uuid) AS closed_through WHERE ${t.status}::text = 'posted'
    ),
    existing AS (
      -- The organization as an InitPlan (see findTransactionsBySourceRefs): always a probe of the identity index.
      SELECT x.id FROM ledger.transactions x
      WHERE x.org_id = (SELECT ${orgId}::uuid) AND x.source = ${t.source} AND x.source_ref = ${t.source_ref}::text
    ),
    verdict AS (
      SELECT ${rulesHold}::boolean
         AND NOT EXISTS (SELECT 1 FROM existing)
         AND (SELECT count(*) FROM acc) = ${accountIds.length}
         AND NOT EXISTS (SELECT 1 FROM acc WHERE acc.is_group OR acc.status <> 'active' OR acc.currency <> ${t.currency}::text)
         AND NOT EXISTS (SELECT 1 FROM period WHERE period.closed_through >= ${t.date}::date)
         ${key ? sql`AND ${key.held}` : empty} AS go
    ),
    tx AS (
      INSERT INTO ledger.transactions (id, org_id, date, time, narration, type, status, currency, source, source_ref, details,
                                       total_debit, total_credit, entry_count)
      SELECT ${id}::uuid, ${orgId}::uuid, ${t.date}::date, ${t.time}::text, ${t.narration}::text, ${t.type}::text, ${t.status}::text,
             ${t.currency}::text, ${t.source}::text, ${t.source_ref}::text, ${detailsParam(t.details)}::json,
             (SELECT coalesce(sum(debit), 0) FROM input), (SELECT coalesce(sum(credit), 0) FROM input), (SELECT count(*) FROM input)
      FROM verdict WHERE verdict.go
      RETURNING id, created_at
    ),
    ins AS (
      INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, memo, dimensions)
      SELECT i.id, ${orgId}::uuid, tx.id, i.account, ${t.date}::date, ${t.status}::text, ${t.currency}::text, i.debit, i.credit, i.memo, coalesce(i.dimensions, '{}')
      FROM tx CROSS JOIN input i
    )${keep}${event ? sql`, ${event(sql`tx`)}` : empty}
    SELECT (SELECT created_at FROM tx) AS created_at,
           (SELECT id FROM existing) AS existing_id,
           (SELECT json_agg(json_build_object('id', acc.id, 'is_group', acc.is_group, 'status', acc.status, 'currency', acc.currency)) FROM acc
            WHERE NOT (SELECT go FROM verdict)) AS accounts,
           (SELECT to_char(closed_through, 'YYYY-MM-DD') FROM period) AS closed_through
           ${key ? sql`, ${key.columns}` : empty}`;
  // Raw SQL (the hot path of issues 21 and 34): this one statement does the whole post (locks, identity probe, rules
  // verdict, transaction, entries, and with a key the key's row), so a post is one round trip and needs no interactive
  // transaction (which would cost BEGIN and COMMIT round trips); model methods would cost a round trip per step and per
  // table. It runs on the driver adapter itself, not through the Prisma Client's request pipeline, which cost ~15% of
  // a post's CPU for nothing this statement needs (queryDirect; through $queryRaw inside a caller's transaction).
  // Prepared once per connection: the plan of this CTE costs Postgres more than running it.
  const rows = await queryDirect<{
    created_at: Date | null;
    existing_id: string | null;
    accounts: PostingAccount[] | null;
    closed_through: string | null;
    key_held: boolean;
    key_kept: boolean;
  }>(db, prepared(statement));
  const [row] = rows;
  if (key && row) key.settle(row);
  return {
    createdAt: row?.created_at ?? null,
    existingId: row?.existing_id ?? null,
    accounts: row?.accounts ?? [],
    closedThrough: row?.closed_through ?? null,
  };
}

export async function findTransaction(db: Db, orgId: string, id: string, options: { lock?: boolean; entries?: boolean } = {}): Promise<TransactionView | null> {
  const row = await queryOne<TransactionRow>(
    db,
    sql`
    SELECT ${COLUMNS} ${options.entries === false ? empty : sql`, ${ENTRIES_OF_T} AS entries`}
    FROM ledger.transactions t WHERE t.id = ${id}::uuid AND t.org_id = ${orgId}::uuid
    ${options.lock ? sql`FOR UPDATE OF t` : empty}`,
  );
  return row ? toTransactionView(row) : null;
}

export async function findTransactionBySourceRef(db: Db, orgId: string, source: string, sourceRef: string): Promise<TransactionView | null> {
  const row = await queryOne<TransactionRow>(
    db,
    sql`
    SELECT ${COLUMNS}, ${ENTRIES_OF_T} AS entries FROM ledger.transactions t
    WHERE t.org_id = (SELECT ${orgId}::uuid) AND t.source = ${source} AND t.source_ref = ${sourceRef}`,
  );
  return row ? toTransactionView(row) : null;
}

export interface TransactionFilters {
  status?: TransactionStatus;
  type?: string;
  source?: string;
  source_ref?: string;
  account?: string;
  q?: string;
  /** dimension.<key>=<value> pairs; one entry must carry all of them (and be on `account` when given). */
  dimensions?: Record<string, string>;
}

/**
 * The spec's order: date, time (rows without time last, in both directions), created_at, id. DESC is the
 * list index's own order.
 */
function transactionOrder(order: 'ASC' | 'DESC'): Sql {
  return raw(`ORDER BY t.date ${order}, t.time ${order} NULLS LAST, t.created_at ${order}, t.id ${order}`);
}

export async function findTransactionPage(
  db: Db,
  orgId: string,
  list: ListQuery,
  f: TransactionFilters,
  includeEntries: boolean,
): Promise<{ rows: TransactionView[]; total: number }> {
  const range = list.ranges.date;
  const dims = f.dimensions && Object.keys(f.dimensions).length > 0 ? f.dimensions : undefined;
  const order = list.sort.order;
  const select = sql`SELECT ${COLUMNS} ${includeEntries ? sql`, ${ENTRIES_OF_T} AS entries` : empty}`;

  // Conditions only the transaction row can answer.
  const txOnly: Sql[] = [];
  if (f.type !== undefined) txOnly.push(sql`t.type = ${f.type}`);
  if (f.source !== undefined) txOnly.push(sql`t.source = ${f.source}`);
  if (f.source_ref !== undefined) txOnly.push(sql`t.source_ref = ${f.source_ref}`);
  if (f.q !== undefined) txOnly.push(sql`t.narration ILIKE ${likeContains(f.q)}`);

  if (f.account === undefined && !dims) {
    const where: Sql[] = [sql`t.org_id = ${orgId}::uuid`, ...txOnly];
    if (range?.from !== undefined) where.push(sql`t.date >= ${range.from}::date`);
    if (range?.to !== undefined) where.push(sql`t.date <= ${range.to}::date`);
    if (f.status !== undefined) where.push(sql`t.status = ${f.status}`);
    const { rows, total } = await listPage<TransactionRow>(db, {
      rows: sql`${select} FROM ledger.transactions t ${whereAll(where)} ${transactionOrder(order)} ${limitOffset(list)}`,
      count: sql`SELECT count(*) AS total FROM ledger.transactions t ${whereAll(where)}`,
    });
    return { rows: rows.map(toTransactionView), total };
  }

  // Entry-level filters (account, dimensions) start from the matching entries and their own index; entries
  // carry their parent's date and status, so those narrow the entry scan too. An account of another
  // organization matches nothing: an entry belongs to its account's organization (foreign key).
  const entryWhere: Sql[] = [];
  if (f.account !== undefined) {
    entryWhere.push(sql`e.account_id = ${f.account}::uuid`);
    entryWhere.push(sql`EXISTS (SELECT 1 FROM ledger.accounts a WHERE a.id = ${f.account}::uuid AND a.org_id = ${orgId}::uuid)`);
  } else {
    entryWhere.push(sql`e.org_id = ${orgId}::uuid`);
  }
  if (dims) entryWhere.push(sql`e.dimensions @> ${JSON.stringify(dims)}::jsonb`);
  if (range?.from !== undefined) entryWhere.push(sql`e.date >= ${range.from}::date`);
  if (range?.to !== undefined) entryWhere.push(sql`e.date <= ${range.to}::date`);
  if (f.status !== undefined) entryWhere.push(sql`e.transaction_status = ${f.status}`);
  const matched = sql`WITH m AS MATERIALIZED (
      SELECT e.transaction_id, max(e.date) AS date FROM ledger.entries e ${whereAll(entryWhere)} GROUP BY e.transaction_id)`;

  if (txOnly.length > 0) {
    const where = whereAll([sql`t.org_id = ${orgId}::uuid`, ...txOnly]);
    const { rows, total } = await listPage<TransactionRow>(db, {
      rows: sql`${matched} ${select} FROM m JOIN ledger.transactions t ON t.id = m.transaction_id ${where}
        ${transactionOrder(order)} ${limitOffset(list)}`,
      count: sql`${matched} SELECT count(*) AS total FROM m JOIN ledger.transactions t ON t.id = m.transaction_id ${where}`,
    });
    return { rows: rows.map(toTransactionView), total };
  }

  // Nothing else narrows the rows, so the entries alone give the count, and the date of the last row of the
  // page: the list is ordered by date first, so only transactions on or beyond that date can be on the page.
  // That reads ~limit transactions instead of every transaction of the account, just to sort them.
  const cutoff = sql`coalesce((SELECT c.date FROM m c ${raw(`ORDER BY c.date ${order}`)} OFFSET ${list.offset + list.limit - 1} LIMIT 1),
    ${order === 'DESC' ? '-infinity' : 'infinity'}::date)`;
  const { rows, total } = await listPage<TransactionRow>(db, {
    rows: sql`${matched} ${select} FROM m JOIN ledger.transactions t ON t.id = m.transaction_id
      WHERE t.org_id = ${orgId}::uuid AND m.date ${raw(order === 'DESC' ? '>=' : '<=')} ${cutoff}
      ${transactionOrder(order)} ${limitOffset(list)}`,
    count: sql`${matched} SELECT count(*) AS total FROM m`,
  });
  return { rows: rows.map(toTransactionView), total };
}

/** The organization's accounts among `ids`, locked KEY SHARE like a post locks them. */
export async function lockAccountsForPosting(tx: Tx, orgId: string, ids: string[]): Promise<PostingAccount[]> {
  if (ids.length === 0) return [];
  return query<PostingAccount>(
    tx,
    sql`
    SELECT a.id, a.is_group, a.status, a.currency FROM ledger.accounts a
    WHERE a.org_id = ${orgId}::uuid AND a.id = ANY(${ids}::uuid[])
    FOR KEY SHARE`,
  );
}

/** The transaction's entries' accounts, in entry order. */
export async function entryAccounts(tx: Tx, transactionId: string): Promise<{ account: string }[]> {
  const rows = await tx.entry.findMany({ where: { transactionId }, select: { accountId: true }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({ account: r.accountId }));
}

/** A status change (the caller holds the row); the entries follow through the foreign key's ON UPDATE CASCADE. */
export async function setTransactionStatus(tx: Tx, orgId: string, id: string, status: TransactionStatus): Promise<void> {
  await tx.transaction.updateMany({ where: { id, orgId }, data: { status, updatedAt: new Date() } });
}

/**
 * A content edit of a draft: raw SQL, since the fields arrive as the API's text (dates as YYYY-MM-DD, which
 * Postgres checks; details as the JSON text kept exactly as received). The entries follow through the foreign
 * key's ON UPDATE CASCADE (their copy of date and status).
 */
export async function updateTransaction(tx: Tx, orgId: string, id: string, patch: Partial<TransactionFields>): Promise<void> {
  const sets: Sql[] = [sql`updated_at = now()`];
  if (patch.date !== undefined) sets.push(sql`date = ${patch.date}::date`);
  if (patch.time !== undefined) sets.push(sql`time = ${patch.time}::text`);
  if (patch.narration !== undefined) sets.push(sql`narration = ${patch.narration}::text`);
  if (patch.type !== undefined) sets.push(sql`type = ${patch.type}::text`);
  if (patch.status !== undefined) sets.push(sql`status = ${patch.status}::text`);
  if (patch.currency !== undefined) sets.push(sql`currency = ${patch.currency}::text`);
  if (patch.details !== undefined) sets.push(sql`details = ${detailsParam(patch.details)}::json`);
  await execute(tx, sql`UPDATE ledger.transactions SET ${join(sets, ', ')} WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`);
}

/**
 * Replaces the entries wholesale and re-derives the totals from the stored rows, in one statement after the
 * delete. The entries take the transaction's current date and status.
 */
export async function replaceEntries(tx: Tx, orgId: string, id: string, entries: EntryInput[]): Promise<void> {
  await execute(tx, sql`DELETE FROM ledger.entries WHERE transaction_id = ${id}::uuid`);
  await execute(
    tx,
    sql`
    WITH ins AS (
      INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, memo, dimensions)
      SELECT i.id, t.org_id, t.id, i.account, t.date, t.status, t.currency, i.debit, i.credit, i.memo, coalesce(i.dimensions, '{}')
      FROM ledger.transactions t
      CROSS JOIN jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS i(id uuid, account uuid, debit bigint, credit bigint, memo text, dimensions jsonb)
      WHERE t.id = ${id}::uuid AND t.org_id = ${orgId}::uuid
      RETURNING debit, credit
    )
    UPDATE ledger.transactions SET total_debit = (SELECT coalesce(sum(debit), 0) FROM ins),
                                   total_credit = (SELECT coalesce(sum(credit), 0) FROM ins),
                                   entry_count = (SELECT count(*) FROM ins)
    WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`,
  );
}

export async function deleteTransaction(tx: Tx, orgId: string, id: string): Promise<void> {
  await tx.transaction.deleteMany({ where: { id, orgId } });
}

/** The stored transactions of the organization named by these source identities, with their entries. */
export async function findTransactionsBySourceRefs(db: Db, orgId: string, identities: { source: string; source_ref: string }[]): Promise<TransactionView[]> {
  if (identities.length === 0) return [];
  // One probe of the identity index per pair, whatever the statistics say. LIMIT 1 keeps the planner from
  // hashing the organization's whole transaction table instead (its choice for a few hundred pairs). The
  // organization id goes in as an InitPlan, a value the planner does not see: for an organization newer than
  // the table's statistics it would otherwise estimate one row for the organization and walk the list index
  // (org_id, date, ...) filtering every row of it for each pair (measured: 7 s for 500 pairs over 30,000 rows).
  const rows = await query<TransactionRow>(
    db,
    sql`
    SELECT ${COLUMNS}, ${ENTRIES_OF_T} AS entries
    FROM unnest(${identities.map((i) => i.source)}::text[], ${identities.map((i) => i.source_ref)}::text[]) AS i(source, source_ref)
    CROSS JOIN LATERAL (
      SELECT x.* FROM ledger.transactions x
      WHERE x.org_id = (SELECT ${orgId}::uuid) AND x.source = i.source AND x.source_ref = i.source_ref
      LIMIT 1
    ) t`,
  );
  return rows.map(toTransactionView);
}

/** One transaction of a bulk insert: its fields, its entries, and the totals the caller summed. */
export interface BulkRow {
  id: string;
  fields: TransactionFields;
  entries: EntryInput[];
  total_debit: bigint;
  total_credit: bigint;
}

/**
 * Inserts many transactions and their entries in one statement: raw SQL through the client (the bulk hot path of
 * issue 21: two jsonb_to_recordset inserts in one round trip, where createMany would take one per table and could
 * not skip a concurrent identity and its entries together). A source identity stored meanwhile by a
 * concurrent call (which the unique index makes this statement wait for) is skipped, not an error: ON CONFLICT
 * DO NOTHING, and only the transactions actually inserted get their entries. Rows are inserted in identity
 * order, so two overlapping bulks wait for each other's identities in the same order and cannot deadlock.
 * Returns the ids inserted, with their creation instant.
 */
export async function insertTransactions(tx: Tx, orgId: string, rows: BulkRow[]): Promise<Map<string, Date>> {
  if (rows.length === 0) return new Map();
  const transactions = rows.map((r) => ({
    id: r.id,
    date: r.fields.date,
    time: r.fields.time,
    narration: r.fields.narration,
    type: r.fields.type,
    status: r.fields.status,
    currency: r.fields.currency,
    source: r.fields.source,
    source_ref: r.fields.source_ref,
    details: detailsParam(r.fields.details),
    total_debit: r.total_debit.toString(),
    total_credit: r.total_credit.toString(),
    entry_count: r.entries.length,
  }));
  const entries = rows.flatMap((r) =>
    r.entries.map((e) => ({ id: e.id, tid: r.id, account: e.account, debit: e.debit, credit: e.credit, memo: e.memo, dimensions: e.dimensions })),
  );
  const inserted = await query<{ id: string; created_at: Date }>(
    tx,
    sql`
    WITH tx AS (
      INSERT INTO ledger.transactions (id, org_id, date, time, narration, type, status, currency, source, source_ref, details,
                                       total_debit, total_credit, entry_count)
      SELECT i.id, ${orgId}::uuid, i.date, i.time, i.narration, i.type, i.status, i.currency, i.source, i.source_ref, i.details::json,
             i.total_debit, i.total_credit, i.entry_count
      FROM jsonb_to_recordset(${JSON.stringify(transactions)}::jsonb) AS i(id uuid, date date, time text, narration text, type text, status text,
           currency text, source text, source_ref text, details text, total_debit bigint, total_credit bigint, entry_count int)
      ORDER BY i.source, i.source_ref, i.id
      ON CONFLICT (org_id, source, source_ref) DO NOTHING
      RETURNING id, date, status, currency, created_at
    ),
    ins AS (
      INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, memo, dimensions)
      SELECT e.id, ${orgId}::uuid, tx.id, e.account, tx.date, tx.status, tx.currency, e.debit, e.credit, e.memo, coalesce(e.dimensions, '{}')
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(id uuid, tid uuid, account uuid, debit bigint, credit bigint, memo text, dimensions jsonb)
      JOIN tx ON tx.id = e.tid
    )
    SELECT id, created_at FROM tx`,
  );
  return new Map(inserted.map((r) => [r.id, r.created_at]));
}

/** Links the original to its reversal; the original stays posted (the two net to zero in every figure). */
export async function markReversed(tx: Tx, orgId: string, id: string, reversalId: string): Promise<void> {
  await tx.transaction.updateMany({ where: { id, orgId }, data: { reversedBy: reversalId, updatedAt: new Date() } });
}

/** A voided reversal no longer reverses its original: the original's link to it goes (the original may be reversed again). */
export async function clearReversedBy(tx: Tx, orgId: string, id: string, reversalId: string): Promise<void> {
  await tx.transaction.updateMany({ where: { id, orgId, reversedBy: reversalId }, data: { reversedBy: null, updatedAt: new Date() } });
}

/** Inserts a posted reversal (entries already swapped), linked to the transaction it reverses. */
export async function insertReversal(tx: Tx, orgId: string, id: string, reverses: string, t: TransactionFields, entries: EntryInput[]): Promise<void> {
  await execute(
    tx,
    sql`
    WITH t AS (
      INSERT INTO ledger.transactions (id, org_id, date, time, narration, type, status, currency, source, source_ref, details,
                                       total_debit, total_credit, entry_count, reverses)
      SELECT ${id}::uuid, ${orgId}::uuid, ${t.date}::date, ${t.time}::text, ${t.narration}::text, ${t.type}::text, 'posted', ${t.currency}::text,
             ${t.source}::text, ${t.source_ref}::text, ${detailsParam(t.details)}::json,
             (SELECT coalesce(sum(i.debit), 0) FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS i(debit bigint)),
             (SELECT coalesce(sum(i.credit), 0) FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS i(credit bigint)),
             ${entries.length}::int, ${reverses}::uuid
      RETURNING id, date, status, currency
    )
    INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, memo, dimensions)
    SELECT i.id, ${orgId}::uuid, t.id, i.account, t.date, t.status, t.currency, i.debit, i.credit, i.memo, coalesce(i.dimensions, '{}')
    FROM t CROSS JOIN jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS i(id uuid, account uuid, debit bigint, credit bigint, memo text, dimensions jsonb)`,
  );
}
