/**
 * The worker's SQL, straight through pg (one PoolClient per transaction): steps move a statement's state and
 * bulk-copy its rows, which Prisma's interactive transactions would slow down and time out on (100,000 rows).
 * Every state change takes the statement's advisory lock (statements.repo lockStatement) and checks that the
 * statement is still in the run and step the job belongs to, so a superseded job can never write.
 */
import { queryRows, sql, withPgTransaction, type Pool, type PoolClient } from '@finance/platform';
import type { StatementParsedData } from './views';
import type { StatementFileType, StatementRow as ParsedRow } from '../ingest';
import type { Step, StatementStatus, StepJob } from '../pipeline/jobs';
import { stepIndex } from '../pipeline/jobs';

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

/** What a job finds when it starts. */
export type Claim =
  | { kind: 'claimed'; statement: PipelineStatement }
  /** The statement does not exist (its upload rolled back) or is in another run: nothing to do. */
  | { kind: 'gone' | 'superseded' }
  /** The run already ended (completed, failed or stalled). */
  | { kind: 'settled'; status: StatementStatus }
  /** The step is done and the run has moved on (a job re-run after a crash): the current step's job must exist. */
  | { kind: 'behind'; step: Step };

/** The job no longer owns the statement: a newer run started, or the state moved under it. */
export class SupersededError extends Error {
  override readonly name = 'SupersededError';
}

async function lock(client: PoolClient, statementId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`statement:${statementId}`]);
}

async function load(client: PoolClient, statementId: string): Promise<PipelineStatement | null> {
  const rows = await queryRows<PipelineStatement>(
    client,
    sql`SELECT id, org_id, account_id, file_name, file_type, status, step, attempt, file_key, password_encrypted, parsed_data
        FROM statement.statements WHERE id = ${statementId}::uuid`,
  );
  return rows[0] ?? null;
}

export async function claimStep(pool: Pool, job: StepJob): Promise<Claim> {
  return withPgTransaction(pool, async (client) => {
    await lock(client, job.statementId);
    const statement = await load(client, job.statementId);
    if (!statement || statement.org_id !== job.orgId) return { kind: 'gone' };
    if (statement.attempt !== job.attempt) return { kind: 'superseded' };
    if (statement.status !== 'queued' && statement.status !== 'processing') return { kind: 'settled', status: statement.status };
    const at = statement.step ?? 'read_file';
    if (stepIndex(at) > stepIndex(job.step)) return { kind: 'behind', step: at };
    if (stepIndex(at) < stepIndex(job.step)) return { kind: 'superseded' };
    await client.query(`UPDATE statement.statements SET status = 'processing', step = $2, updated_at = now() WHERE id = $1`, [job.statementId, job.step]);
    return { kind: 'claimed', statement: { ...statement, status: 'processing', step: job.step } };
  });
}

/**
 * Runs `fn` under the statement's lock if the job still owns it: same run, at the job's step, processing (or
 * also still queued, for settling a job that failed before it could claim the statement).
 */
export async function whileOwned<T>(
  pool: Pool,
  job: StepJob,
  fn: (client: PoolClient, statement: PipelineStatement) => Promise<T>,
  statuses: StatementStatus[] = ['processing'],
): Promise<T> {
  return withPgTransaction(pool, async (client) => {
    await lock(client, job.statementId);
    const statement = await load(client, job.statementId);
    if (!statement || statement.attempt !== job.attempt || !statuses.includes(statement.status) || (statement.step ?? 'read_file') !== job.step) {
      throw new SupersededError(`statement ${job.statementId} is no longer at ${job.step} in run ${job.attempt}`);
    }
    return fn(client, statement);
  });
}

/** Statements a run still holds (queued or processing at a step): what a starting worker checks for abandoned jobs. */
export async function findRunningStatements(pool: Pool): Promise<StepJob[]> {
  const rows = await queryRows<{ id: string; org_id: string; step: Step; attempt: number }>(
    pool,
    sql`SELECT id, org_id, step, attempt FROM statement.statements WHERE status IN ('queued', 'processing') AND step IS NOT NULL`,
  );
  return rows.map((r) => ({ statementId: r.id, orgId: r.org_id, step: r.step, attempt: r.attempt }));
}

export async function advance(client: PoolClient, statementId: string, step: Step): Promise<void> {
  await client.query(`UPDATE statement.statements SET step = $2, updated_at = now() WHERE id = $1`, [statementId, step]);
}

/** Stalled (a person must act) or failed (for good), with the contract's {code, message}. */
export async function settle(client: PoolClient, statementId: string, status: 'stalled' | 'failed', error: { code: string; message: string }): Promise<void> {
  await client.query(`UPDATE statement.statements SET status = $2, error = $3::jsonb, updated_at = now() WHERE id = $1`, [statementId, status, JSON.stringify(error)]);
}

export async function complete(client: PoolClient, statementId: string): Promise<void> {
  await client.query(`UPDATE statement.statements SET status = 'completed', step = NULL, error = NULL, updated_at = now() WHERE id = $1`, [statementId]);
}

const CHUNK = 5_000;

/**
 * Replaces the statement's staged rows with `rows` (a parse re-run after a crash starts clean), with the ids
 * their transactions will get, and records parsed_data.
 */
export async function stageRows(client: PoolClient, statementId: string, ids: string[], rows: ParsedRow[], parsedData: StatementParsedData): Promise<void> {
  await client.query(`DELETE FROM statement.statement_rows WHERE statement_id = $1`, [statementId]);
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await client.query(
      `INSERT INTO statement.statement_rows (statement_id, line, id, date, particulars, inflow, outflow, balance)
       SELECT $1, u.line, u.id, u.date, u.particulars, u.inflow, u.outflow, u.balance
       FROM unnest($2::int[], $3::uuid[], $4::date[], $5::text[], $6::bigint[], $7::bigint[], $8::bigint[])
         AS u(line, id, date, particulars, inflow, outflow, balance)`,
      [
        statementId,
        chunk.map((_, i) => start + i),
        ids.slice(start, start + CHUNK),
        chunk.map((r) => r.date),
        chunk.map((r) => r.particulars),
        chunk.map((r) => r.inflow.toString()),
        chunk.map((r) => r.outflow.toString()),
        chunk.map((r) => (r.balance === null ? null : r.balance.toString())),
      ],
    );
  }
  await client.query(`UPDATE statement.statements SET parsed_data = $2::jsonb, updated_at = now() WHERE id = $1`, [statementId, JSON.stringify(parsedData)]);
}

/** Account detection (contract 6): the organization's account whose acc_no matches ignoring spaces and dashes. */
export async function findAccountByNumber(client: PoolClient, orgId: string, accNo: string): Promise<string | null> {
  // The same expression as the partial unique index accounts_org_id_acc_no_normalized_key, which serves it.
  const rows = await queryRows<{ id: string }>(
    client,
    sql`SELECT id FROM statement.accounts
        WHERE org_id = ${orgId}::uuid AND acc_no IS NOT NULL
          AND regexp_replace(acc_no, '[\\s-]', '', 'g') = regexp_replace(${accNo}, '[\\s-]', '', 'g')`,
  );
  return rows[0]?.id ?? null;
}

/**
 * A new bank account for a number no account has, in the currency the file states (the accounts' default, INR,
 * where it states none); a concurrent statement creating the same one wins quietly.
 */
export async function createAccountForNumber(client: PoolClient, orgId: string, id: string, name: string, accNo: string, currency: string | null): Promise<string> {
  const inserted = await queryRows<{ id: string }>(
    client,
    sql`INSERT INTO statement.accounts (id, org_id, name, category, acc_no, currency)
        VALUES (${id}::uuid, ${orgId}::uuid, ${name}, 'bank', ${accNo}, COALESCE(${currency}, 'INR'))
        ON CONFLICT (org_id, (regexp_replace(acc_no, '[\\s-]', '', 'g'))) WHERE acc_no IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  if (inserted[0]) return inserted[0].id;
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
  const rows = await queryRows<{ inserted: number }>(
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
  await client.query(`DELETE FROM statement.statement_rows WHERE statement_id = $1`, [statementId]);
  const inserted = rows[0]?.inserted ?? 0;
  await client.query(
    `UPDATE statement.statements SET account_id = $2, transaction_count = $3, updated_at = now() WHERE id = $1`,
    [statementId, accountId, inserted],
  );
  return inserted;
}
