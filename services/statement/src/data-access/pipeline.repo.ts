/**
 * The worker's reads and writes, through the statement client inside the step's transaction: steps move a
 * statement's state (model methods) and bulk-copy its rows in raw SQL (100,000 rows in a few statements, never one
 * per row). The domain takes the statement's lock (statements.repo lockStatement) and checks that the job still
 * owns the statement before it writes.
 */
import { execute, lockUntilCommit, queryOne, raw, sql, type Sql } from '@finance/platform';
import { Prisma } from '../generated/prisma/client';
import type { Db, Tx } from './db';
import type { StatementImport, StatementParsedData, StatementStatus, StatementStep as Step } from '../views/statements';
import type { AccountCategory } from '../views/accounts';
import type { ProfileMapping } from '../views/reading-profiles';
import type { StatementFileType, StatementRow as ParsedRow } from '@finance/statement-readers';

const PIPELINE_SELECT = {
  id: true,
  orgId: true,
  accountId: true,
  fileName: true,
  fileType: true,
  status: true,
  step: true,
  attempt: true,
  fileKey: true,
  passwordEncrypted: true,
  parsedData: true,
  replaces: true,
  review: true,
} satisfies Prisma.StatementSelect;

/**
 * What a step works from: the statement's state and what it needs to read its file (the model's columns, with
 * the shapes this service writes to its text and jsonb columns).
 */
export type PipelineStatement = Omit<Prisma.StatementGetPayload<{ select: typeof PIPELINE_SELECT }>, 'fileType' | 'status' | 'step' | 'parsedData'> & {
  fileType: StatementFileType;
  status: StatementStatus;
  step: Step | null;
  parsedData: StatementParsedData | null;
};

export async function findPipelineStatement(tx: Tx, statementId: string): Promise<PipelineStatement | null> {
  const row = await tx.statement.findUnique({ where: { id: statementId }, select: PIPELINE_SELECT });
  return row as PipelineStatement | null;
}

/** A running statement: which run, at which step. */
export interface RunningStatement {
  statementId: string;
  orgId: string;
  step: Step;
  attempt: number;
}

async function statementsAt(db: Db, statuses: StatementStatus[]): Promise<RunningStatement[]> {
  const rows = await db.statement.findMany({
    where: { status: { in: statuses }, step: { not: null } },
    select: { id: true, orgId: true, step: true, attempt: true },
  });
  return rows.map((r) => ({ statementId: r.id, orgId: r.orgId, step: r.step as Step, attempt: r.attempt }));
}

/** Statements a run still holds (queued or processing at a step): what a starting worker checks for abandoned jobs. */
export async function findRunningStatements(db: Db): Promise<RunningStatement[]> {
  return statementsAt(db, ['queued', 'processing']);
}

/** Statements waiting for their current step's job to start: the sweep checks that the queue holds that job. */
export async function findQueuedStatements(db: Db): Promise<RunningStatement[]> {
  return statementsAt(db, ['queued']);
}

export async function markProcessing(tx: Tx, statementId: string, step: Step): Promise<void> {
  await tx.statement.updateMany({ where: { id: statementId }, data: { status: 'processing', step, updatedAt: new Date() } });
}

export async function advance(tx: Tx, statementId: string, step: Step): Promise<void> {
  await tx.statement.updateMany({ where: { id: statementId }, data: { step, updatedAt: new Date() } });
}

/** Stalled (a person must act) or failed (for good), with the contract's {code, message}. */
export async function settle(tx: Tx, statementId: string, status: 'stalled' | 'failed', error: { code: string; message: string }): Promise<void> {
  await tx.statement.updateMany({ where: { id: statementId }, data: { status, error, updatedAt: new Date() } });
}

export async function complete(tx: Tx, statementId: string): Promise<void> {
  await tx.statement.updateMany({
    where: { id: statementId },
    data: { status: 'completed', step: null, error: Prisma.DbNull, updatedAt: new Date() },
  });
}

const CHUNK = 5_000;

/**
 * Replaces the statement's staged rows with `rows` (a parse re-run after a crash starts clean), with the ids
 * their transactions will get, and records parsed_data.
 */
export async function stageRows(tx: Tx, statementId: string, ids: string[], rows: ParsedRow[], parsedData: StatementParsedData): Promise<void> {
  await tx.statementRow.deleteMany({ where: { statementId } });
  // Raw SQL through the client: one INSERT ... SELECT FROM unnest per 5,000 rows; createMany would bind 8
  // parameters a row (Postgres allows 65,535 a statement) and cost many more round trips on a 100,000-row file.
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const lines = chunk.map((_, i) => start + i);
    await execute(
      tx,
      sql`INSERT INTO statement.statement_rows (statement_id, line, id, date, particulars, inflow, outflow, balance)
          SELECT ${statementId}::uuid, u.line, u.id, u.date, u.particulars, u.inflow, u.outflow, u.balance
          FROM unnest(${lines}::int[], ${ids.slice(start, start + CHUNK)}::uuid[], ${chunk.map((r) => r.date)}::date[],
                      ${chunk.map((r) => r.particulars)}::text[], ${chunk.map((r) => r.inflow.toString())}::bigint[],
                      ${chunk.map((r) => r.outflow.toString())}::bigint[], ${chunk.map((r) => (r.balance === null ? null : r.balance.toString()))}::bigint[])
            AS u(line, id, date, particulars, inflow, outflow, balance)`,
    );
  }
  await tx.statement.updateMany({ where: { id: statementId }, data: { parsedData: parsedData as Prisma.InputJsonValue, updatedAt: new Date() } });
}

/** Account detection (contract 6): the organization's account whose acc_no matches ignoring spaces and dashes. */
export async function findAccountByNumber(tx: Tx, orgId: string, accNo: string): Promise<string | null> {
  // Raw SQL: the same expression as the partial unique index accounts_org_id_acc_no_normalized_key, which serves it.
  const row = await queryOne<{ id: string }>(
    tx,
    sql`SELECT id FROM statement.accounts
        WHERE org_id = ${orgId}::uuid AND acc_no IS NOT NULL
          AND regexp_replace(acc_no, '[\\s-]', '', 'g') = regexp_replace(${accNo}, '[\\s-]', '', 'g')`,
  );
  return row?.id ?? null;
}

/** What a new account takes from its first statement (issue 30: kind, currency and name from the file). */
export interface NewStatementAccount {
  name: string;
  accNo: string;
  category: AccountCategory;
  /** null: the accounts' default, INR. */
  currency: string | null;
  opening: { balance: bigint; date: string } | null;
}

/**
 * A new account for a number no account has, named by the file (name_source file); a concurrent statement
 * creating the same one wins quietly.
 */
export async function createAccountForNumber(tx: Tx, orgId: string, id: string, account: NewStatementAccount): Promise<string> {
  const { name, accNo, category, currency, opening } = account;
  // Raw SQL: ON CONFLICT on the normalised account number's expression index, which model methods cannot name.
  const inserted = await queryOne<{ id: string }>(
    tx,
    sql`INSERT INTO statement.accounts (id, org_id, name, name_source, category, acc_no, currency, opening_balance, opening_balance_date)
        VALUES (${id}::uuid, ${orgId}::uuid, ${name}, 'file', ${category}, ${accNo}, COALESCE(${currency}, 'INR'),
                ${(opening?.balance ?? 0n).toString()}::bigint, ${opening?.date ?? null}::date)
        ON CONFLICT (org_id, (regexp_replace(acc_no, '[\\s-]', '', 'g'))) WHERE acc_no IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  if (inserted) return inserted.id;
  const existing = await findAccountByNumber(tx, orgId, accNo);
  if (!existing) throw new Error(`account number ${accNo} conflicted but no account has it`);
  return existing;
}

/** An account's name, who gave it, its number and kind: what a later upload needs to improve a file-given name. */
export async function findAccountNaming(
  tx: Tx,
  orgId: string,
  id: string,
): Promise<{ name: string; nameSource: string; accNo: string | null; category: AccountCategory } | null> {
  const row = await tx.account.findFirst({ where: { id, orgId }, select: { name: true, nameSource: true, accNo: true, category: true } });
  return row ? { ...row, category: row.category as AccountCategory } : null;
}

/** Renames a file-named account, only while it still has the name and the file as its source (a person's rename wins). */
export async function renameFileGivenAccount(tx: Tx, orgId: string, id: string, from: string, to: string): Promise<void> {
  await tx.account.updateMany({ where: { id, orgId, nameSource: 'file', name: from }, data: { name: to, updatedAt: new Date() } });
}

/** A row the import found on one side only (views/statements `StatementImportDiffering`). */
export type DifferingRow = StatementImport['differing'][number];

/** How many differing rows parsed_data.import lists; differing_count counts them all. */
export const DIFFERING_LISTED = 500;

/**
 * Moves the staged rows into transactions for the account (issue 30). Rows on dates an earlier imported statement
 * of the account covers are matched against the account's stored rows of those dates as a multiset on (date,
 * inflow, outflow, narration_key(particulars)): the k-th of n identical rows of the file matches the k-th stored
 * one, so a printed balance never makes a row new and two identical rows of one file stay two. Matched rows are
 * not stored again; the others are inserted in file order. With `replaces`, the rows of that statement that match
 * take the new rows' place (same id, the file's particulars and balance, hand-set fields kept), the rest of its
 * rows are deleted, and it is marked replaced. Records transaction_count (the rows this statement holds) and
 * parsed_data.import.
 *
 * Set-based: a handful of statements whatever the size of the file or the account, none per row. Imports into one
 * account take the account's lock, so two statements of it never match against each other's uncommitted rows.
 */
export async function importStagedRows(tx: Tx, orgId: string, statementId: string, accountId: string, replaces: string | null): Promise<StatementImport> {
  await lockUntilCommit(tx, `statement-account-import:${accountId}`);
  if (replaces !== null) {
    const old = await queryOne<{ account_id: string | null; status: string; replaced_by: string | null }>(
      tx,
      sql`SELECT account_id, status, replaced_by FROM statement.statements WHERE id = ${replaces}::uuid AND org_id = ${orgId}::uuid`,
    );
    // Checked at upload; only a fault (or a hand-edited database) breaks it since.
    if (!old || old.status !== 'completed' || old.account_id !== accountId || old.replaced_by !== null) {
      throw new Error(`statement ${statementId} cannot replace ${replaces}: ${JSON.stringify(old ?? null)}`);
    }
  }
  const replaced = replaces ?? null;

  // 1. Match. Raw SQL: windows, an anti-join and an UPDATE FROM in one statement; the report comes back with it.
  const match = await queryOne<{
    rows_read: number;
    compared_from: string | null;
    compared_to: string | null;
    already_stored: number;
    file_only: DifferingRow[] | null;
    file_only_count: number;
    stored_only: DifferingRow[] | null;
    stored_only_count: number;
  }>(
    tx,
    sql`WITH cover AS (
          -- What earlier imports of the account cover: their periods (a statement parsed before periods were
          -- recorded: the span of its stored rows). A replaced statement no longer covers anything.
          SELECT COALESCE((s.parsed_data #>> '{period,from}')::date, (SELECT min(t.date) FROM statement.transactions t WHERE t.statement_id = s.id)) AS first,
                 COALESCE((s.parsed_data #>> '{period,to}')::date, (SELECT max(t.date) FROM statement.transactions t WHERE t.statement_id = s.id)) AS last
          FROM statement.statements s
          WHERE s.org_id = ${orgId}::uuid AND s.account_id = ${accountId}::uuid AND s.id <> ${statementId}::uuid
            AND s.replaced_by IS NULL AND (s.status = 'completed' OR s.step = 'categorize')),
        days AS (
          -- The file's distinct dates (a few hundred) are checked against the covers, not each of its rows.
          SELECT f.date FROM (SELECT DISTINCT date FROM statement.statement_rows WHERE statement_id = ${statementId}::uuid) f
          WHERE EXISTS (SELECT 1 FROM cover c WHERE f.date BETWEEN c.first AND c.last)),
        new_rows AS (
          SELECT r.line, r.id, r.date, r.particulars, r.inflow, r.outflow, r.balance,
                 row_number() OVER (PARTITION BY r.date, r.inflow, r.outflow, statement.narration_key(r.particulars) ORDER BY r.line) AS rank,
                 statement.narration_key(r.particulars) AS narration
          FROM statement.statement_rows r JOIN days d ON d.date = r.date
          WHERE r.statement_id = ${statementId}::uuid),
        old_rows AS (
          -- The replaced statement's rows pair first, so its hand-set fields carry over wherever a row matches.
          SELECT t.id, t.statement_id, t.date, t.particulars, t.inflow, t.outflow, t.balance,
                 row_number() OVER (PARTITION BY t.date, t.inflow, t.outflow, statement.narration_key(t.particulars)
                                    ORDER BY (t.statement_id IS NOT DISTINCT FROM ${replaced}::uuid) DESC, t.id) AS rank,
                 statement.narration_key(t.particulars) AS narration
          FROM statement.transactions t JOIN days d ON d.date = t.date
          WHERE t.org_id = ${orgId}::uuid AND t.account_id = ${accountId}::uuid),
        joined AS (
          -- One FULL JOIN pairs the rows and finds both sides' unmatched ones. A full join on equalities runs as a
          -- hash or merge join whatever the planner believes the sizes are; the anti-joins it replaces were
          -- planned as nested loops over CTEs estimated at one row when the tables' statistics predate the rows
          -- (a re-upload of 100,000 rows ran for over ten minutes).
          SELECT n.line, n.id AS n_id, n.date AS n_date, n.particulars AS n_particulars, n.inflow AS n_inflow, n.outflow AS n_outflow,
                 n.balance AS n_balance, o.id AS o_id, o.statement_id AS o_statement_id, o.date AS o_date, o.particulars AS o_particulars,
                 o.inflow AS o_inflow, o.outflow AS o_outflow, o.balance AS o_balance
          FROM new_rows n FULL JOIN old_rows o
            ON o.date = n.date AND o.inflow = n.inflow AND o.outflow = n.outflow AND o.narration = n.narration AND o.rank = n.rank),
        pairs AS (
          SELECT line, o_id AS id, o_statement_id AS statement_id FROM joined WHERE line IS NOT NULL AND o_id IS NOT NULL),
        marked AS (
          UPDATE statement.statement_rows r SET compared = true, matched_id = j.o_id
          FROM joined j
          WHERE r.statement_id = ${statementId}::uuid AND r.line = j.line
          RETURNING 1),
        file_only AS (
          SELECT line, n_id AS id, n_date AS date, n_particulars AS particulars, n_inflow AS inflow, n_outflow AS outflow, n_balance AS balance
          FROM joined WHERE line IS NOT NULL AND o_id IS NULL),
        stored_only AS (
          -- The replaced statement's unmatched rows are reported when they are deleted.
          SELECT o_id AS id, o_statement_id AS statement_id, o_date AS date, o_particulars AS particulars, o_inflow AS inflow,
                 o_outflow AS outflow, o_balance AS balance
          FROM joined WHERE line IS NULL AND o_statement_id IS DISTINCT FROM ${replaced}::uuid)
        SELECT (SELECT count(*)::int FROM statement.statement_rows WHERE statement_id = ${statementId}::uuid) AS rows_read,
               (SELECT min(date)::text FROM days) AS compared_from, (SELECT max(date)::text FROM days) AS compared_to,
               (SELECT count(*)::int FROM pairs WHERE statement_id IS DISTINCT FROM ${replaced}::uuid) AS already_stored,
               (SELECT json_agg(${differingJson('file_only', 'f', statementId)} ORDER BY f.date, f.line)
                FROM (SELECT * FROM file_only ORDER BY date, line LIMIT ${DIFFERING_LISTED}) f) AS file_only,
               (SELECT count(*)::int FROM file_only) AS file_only_count,
               (SELECT json_agg(${differingJson('stored_only', 'f', null)} ORDER BY f.date, f.id)
                FROM (SELECT * FROM stored_only ORDER BY date, id LIMIT ${DIFFERING_LISTED}) f) AS stored_only,
               (SELECT count(*)::int FROM stored_only) AS stored_only_count,
               (SELECT count(*)::int FROM marked) AS marked`,
  );

  let carriedOver = 0;
  let removed: DifferingRow[] = [];
  let removedCount = 0;
  if (replaced !== null) {
    // 2. The replaced statement's matched rows become this statement's: same id (categories, comments, entity,
    // po, type and the ledger's matches stay with it), the file's text and balance. Date and amounts are the
    // match's own, so the day totals' update trigger does not fire.
    carriedOver = await execute(
      tx,
      sql`UPDATE statement.transactions t
          SET statement_id = ${statementId}::uuid, particulars = r.particulars, balance = r.balance, occurrence = r.occurrence, updated_at = now()
          FROM (SELECT matched_id, particulars, balance,
                       row_number() OVER (PARTITION BY date, particulars, inflow, outflow, balance ORDER BY line) AS occurrence
                FROM statement.statement_rows WHERE statement_id = ${statementId}::uuid) r
          WHERE r.matched_id = t.id AND t.statement_id = ${replaced}::uuid`,
    );
    // 3. Its other rows are gone from the file: deleted (the delete trigger takes them out of the day totals).
    const gone = await queryOne<{ listed: DifferingRow[] | null; count: number }>(
      tx,
      sql`WITH gone AS (DELETE FROM statement.transactions WHERE statement_id = ${replaced}::uuid RETURNING id, statement_id, date, particulars, inflow, outflow, balance)
          SELECT (SELECT json_agg(${differingJson('stored_only', 'f', null, true)} ORDER BY f.date, f.id)
                  FROM (SELECT * FROM gone ORDER BY date, id LIMIT ${DIFFERING_LISTED}) f) AS listed,
                 (SELECT count(*)::int FROM gone) AS count`,
    );
    removed = gone?.listed ?? [];
    removedCount = gone?.count ?? 0;
  }

  // 4. The rows that matched nothing, in file order; occurrence is the row's rank among identical rows of the file.
  const inserted = await execute(
    tx,
    sql`INSERT INTO statement.transactions (id, org_id, account_id, statement_id, date, particulars, inflow, outflow, balance, occurrence)
        SELECT r.id, ${orgId}::uuid, ${accountId}::uuid, ${statementId}::uuid, r.date, r.particulars, r.inflow, r.outflow, r.balance, r.occurrence
        FROM (SELECT *, row_number() OVER (PARTITION BY date, particulars, inflow, outflow, balance ORDER BY line) AS occurrence
              FROM statement.statement_rows WHERE statement_id = ${statementId}::uuid) r
        WHERE r.matched_id IS NULL
        ORDER BY r.line`,
  );
  await tx.statementRow.deleteMany({ where: { statementId } });

  const differing = [...(match?.file_only ?? []), ...(match?.stored_only ?? []), ...removed]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .slice(0, DIFFERING_LISTED);
  const report: StatementImport = {
    rows_read: match?.rows_read ?? 0,
    stored: inserted + carriedOver,
    already_stored: match?.already_stored ?? 0,
    carried_over: carriedOver,
    removed: removedCount,
    replaces: replaced,
    compared: match?.compared_from && match.compared_to ? { from: match.compared_from, to: match.compared_to } : null,
    differing,
    differing_count: (match?.file_only_count ?? 0) + (match?.stored_only_count ?? 0) + removedCount,
  };
  await execute(
    tx,
    sql`UPDATE statement.statements
        SET account_id = ${accountId}::uuid, transaction_count = ${report.stored},
            parsed_data = COALESCE(parsed_data, '{}'::jsonb) || jsonb_build_object('import', ${JSON.stringify(report)}::jsonb), updated_at = now()
        WHERE id = ${statementId}::uuid`,
  );
  if (replaced !== null) {
    // Its rows are this statement's now, or deleted: it counts none, and no longer covers its period.
    await execute(
      tx,
      sql`UPDATE statement.statements SET replaced_by = ${statementId}::uuid, transaction_count = 0, updated_at = now() WHERE id = ${replaced}::uuid`,
    );
  }
  return report;
}

/** One differing row as parsed_data.import lists it, from a row set `f` with the row's columns. */
function differingJson(kind: DifferingRow['kind'], f: string, statementId: string | null, removed = false): Sql {
  const row = raw(f);
  return sql`json_build_object('kind', ${kind}::text, 'transaction_id', ${row}.id,
               'statement_id', ${statementId === null ? sql`${row}.statement_id` : sql`${statementId}::uuid`},
               'date', ${row}.date::text, 'particulars', ${row}.particulars, 'inflow', ${row}.inflow, 'outflow', ${row}.outflow,
               'balance', ${row}.balance, 'removed', ${removed}::boolean)`;
}

/** A reading profile an upload may be read with: its mapping, and the fingerprint it is saved under. */
export interface StoredReadingProfile {
  id: string;
  name: string;
  fingerprint: string;
  mapping: ProfileMapping;
}

/** The organization's reading profiles saved under any of `fingerprints` (the unique (org_id, fingerprint) index). */
export async function findReadingProfiles(tx: Tx, orgId: string, fingerprints: string[]): Promise<StoredReadingProfile[]> {
  if (fingerprints.length === 0) return [];
  const rows = await tx.readingProfile.findMany({
    where: { orgId, fingerprint: { in: fingerprints } },
    select: { id: true, name: true, fingerprint: true, mapping: true },
  });
  return rows.map((r) => ({ ...r, mapping: r.mapping as ProfileMapping }));
}
