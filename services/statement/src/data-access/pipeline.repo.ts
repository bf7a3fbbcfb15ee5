/**
 * The worker's SQL, straight through pg inside the step's transaction: steps move a statement's state and
 * bulk-copy its rows (100,000 rows in a few statements, never one per row). The domain takes the statement's
 * lock (statements.repo lockStatement) and checks that the job still owns the statement before it writes.
 */
import { execute, query, queryOne, sql, type Db, type PoolClient } from '@finance/platform';
import type { StatementParsedData, StatementStatus, StatementStep as Step } from '../views/statements';
import type { StatementFileType, StatementRow as ParsedRow } from '@finance/statement-readers';

/** What a step works from: the statement's state and what it needs to read its file. */
export interface PipelineStatement {
  id: string;
  org_id: string;
  account_id: string | null;
  file_name: string;
  file_type: StatementFileType;
  status: StatementStatus;
  step: Step | null;
  attempt: number;
  file_key: string;
  password_encrypted: string | null;
  parsed_data: StatementParsedData | null;
}

export async function findPipelineStatement(tx: PoolClient, statementId: string): Promise<PipelineStatement | null> {
  const row = await queryOne<PipelineStatement>(
    tx,
    sql`SELECT id, org_id, account_id, file_name, file_type, status, step, attempt, file_key, password_encrypted, parsed_data
        FROM statement.statements WHERE id = ${statementId}::uuid`,
  );
  return row ?? null;
}

/** A running statement: which run, at which step. */
export interface RunningStatement {
  statementId: string;
  orgId: string;
  step: Step;
  attempt: number;
}

/** Statements a run still holds (queued or processing at a step): what a starting worker checks for abandoned jobs. */
export async function findRunningStatements(db: Db): Promise<RunningStatement[]> {
  const rows = await query<{ id: string; org_id: string; step: Step; attempt: number }>(
    db,
    sql`SELECT id, org_id, step, attempt FROM statement.statements WHERE status IN ('queued', 'processing') AND step IS NOT NULL`,
  );
  return rows.map((r) => ({ statementId: r.id, orgId: r.org_id, step: r.step, attempt: r.attempt }));
}

/** Statements waiting for their current step's job to start: the sweep checks that the queue holds that job. */
export async function findQueuedStatements(db: Db): Promise<RunningStatement[]> {
  const rows = await query<{ id: string; org_id: string; step: Step; attempt: number }>(
    db,
    sql`SELECT id, org_id, step, attempt FROM statement.statements WHERE status = 'queued' AND step IS NOT NULL`,
  );
  return rows.map((r) => ({ statementId: r.id, orgId: r.org_id, step: r.step, attempt: r.attempt }));
}

export async function markProcessing(tx: PoolClient, statementId: string, step: Step): Promise<void> {
  await execute(tx, sql`UPDATE statement.statements SET status = 'processing', step = ${step}, updated_at = now() WHERE id = ${statementId}::uuid`);
}

export async function advance(client: PoolClient, statementId: string, step: Step): Promise<void> {
  await execute(client, sql`UPDATE statement.statements SET step = ${step}, updated_at = now() WHERE id = ${statementId}::uuid`);
}

/** Stalled (a person must act) or failed (for good), with the contract's {code, message}. */
export async function settle(client: PoolClient, statementId: string, status: 'stalled' | 'failed', error: { code: string; message: string }): Promise<void> {
  await execute(
    client,
    sql`UPDATE statement.statements SET status = ${status}, error = ${JSON.stringify(error)}::jsonb, updated_at = now() WHERE id = ${statementId}::uuid`,
  );
}

export async function complete(client: PoolClient, statementId: string): Promise<void> {
  await execute(
    client,
    sql`UPDATE statement.statements SET status = 'completed', step = NULL, error = NULL, updated_at = now() WHERE id = ${statementId}::uuid`,
  );
}

const CHUNK = 5_000;

/**
 * Replaces the statement's staged rows with `rows` (a parse re-run after a crash starts clean), with the ids
 * their transactions will get, and records parsed_data.
 */
export async function stageRows(client: PoolClient, statementId: string, ids: string[], rows: ParsedRow[], parsedData: StatementParsedData): Promise<void> {
  await execute(client, sql`DELETE FROM statement.statement_rows WHERE statement_id = ${statementId}::uuid`);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const lines = chunk.map((_, i) => start + i);
    await execute(
      client,
      sql`INSERT INTO statement.statement_rows (statement_id, line, id, date, particulars, inflow, outflow, balance)
          SELECT ${statementId}::uuid, u.line, u.id, u.date, u.particulars, u.inflow, u.outflow, u.balance
          FROM unnest(${lines}::int[], ${ids.slice(start, start + CHUNK)}::uuid[], ${chunk.map((r) => r.date)}::date[],
                      ${chunk.map((r) => r.particulars)}::text[], ${chunk.map((r) => r.inflow.toString())}::bigint[],
                      ${chunk.map((r) => r.outflow.toString())}::bigint[], ${chunk.map((r) => (r.balance === null ? null : r.balance.toString()))}::bigint[])
            AS u(line, id, date, particulars, inflow, outflow, balance)`,
    );
  }
  await execute(
    client,
    sql`UPDATE statement.statements SET parsed_data = ${JSON.stringify(parsedData)}::jsonb, updated_at = now() WHERE id = ${statementId}::uuid`,
  );
}

/** Account detection (contract 6): the organization's account whose acc_no matches ignoring spaces and dashes. */
export async function findAccountByNumber(client: PoolClient, orgId: string, accNo: string): Promise<string | null> {
  // The same expression as the partial unique index accounts_org_id_acc_no_normalized_key, which serves it.
  const row = await queryOne<{ id: string }>(
    client,
    sql`SELECT id FROM statement.accounts
        WHERE org_id = ${orgId}::uuid AND acc_no IS NOT NULL
          AND regexp_replace(acc_no, '[\\s-]', '', 'g') = regexp_replace(${accNo}, '[\\s-]', '', 'g')`,
  );
  return row?.id ?? null;
}

/**
 * A new bank account for a number no account has, in the currency the file states (the accounts' default, INR,
 * where it states none); a concurrent statement creating the same one wins quietly.
 */
export async function createAccountForNumber(
  client: PoolClient,
  orgId: string,
  id: string,
  name: string,
  accNo: string,
  currency: string | null,
  opening: { balance: bigint; date: string } | null,
): Promise<string> {
  const inserted = await queryOne<{ id: string }>(
    client,
    sql`INSERT INTO statement.accounts (id, org_id, name, category, acc_no, currency, opening_balance, opening_balance_date)
        VALUES (${id}::uuid, ${orgId}::uuid, ${name}, 'bank', ${accNo}, COALESCE(${currency}, 'INR'),
                ${(opening?.balance ?? 0n).toString()}::bigint, ${opening?.date ?? null}::date)
        ON CONFLICT (org_id, (regexp_replace(acc_no, '[\\s-]', '', 'g'))) WHERE acc_no IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  if (inserted) return inserted.id;
  const existing = await findAccountByNumber(client, orgId, accNo);
  if (!existing) throw new Error(`account number ${accNo} conflicted but no account has it`);
  return existing;
}

/**
 * Moves the staged rows into transactions for the account, in file order. A row already stored for the account by
 * an earlier import (the dedupe key: date, particulars, inflow, outflow, balance, and its occurrence among the
 * identical rows of its file) is skipped; two identical rows of this file are both kept. Returns how many were new.
 */
export async function importStagedRows(client: PoolClient, orgId: string, statementId: string, accountId: string): Promise<number> {
  const row = await queryOne<{ inserted: number }>(
    client,
    sql`WITH ins AS (
          INSERT INTO statement.transactions (id, org_id, account_id, statement_id, date, particulars, inflow, outflow, balance, occurrence)
          SELECT r.id, ${orgId}::uuid, ${accountId}::uuid, ${statementId}::uuid, r.date, r.particulars, r.inflow, r.outflow, r.balance,
                 row_number() OVER (PARTITION BY r.date, r.particulars, r.inflow, r.outflow, r.balance ORDER BY r.line)
          FROM statement.statement_rows r WHERE r.statement_id = ${statementId}::uuid ORDER BY r.line
          ON CONFLICT DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS inserted FROM ins`,
  );
  await execute(client, sql`DELETE FROM statement.statement_rows WHERE statement_id = ${statementId}::uuid`);
  const inserted = row?.inserted ?? 0;
  await execute(
    client,
    sql`UPDATE statement.statements SET account_id = ${accountId}::uuid, transaction_count = ${inserted}, updated_at = now() WHERE id = ${statementId}::uuid`,
  );
  return inserted;
}
