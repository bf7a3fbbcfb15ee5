import {
  execute,
  limitOffset,
  listPage,
  lockUntilCommit,
  orderBy,
  queryOne,
  rangeConditions,
  sql,
  whereAll,
  type Db,
  type ListQuery,
  type PoolClient,
  type Sql,
} from '@finance/platform';
import type { STATEMENT_SORTS, StatementError, StatementParsedData, StatementStatus, StatementStep as Step, StatementView } from '../views/statements';

interface StatementRow {
  id: string;
  org_id: string;
  account_id: string | null;
  file_name: string;
  file_type: StatementView['file_type'];
  status: StatementStatus;
  step: Step | null;
  error: StatementError | null;
  parsed_data: StatementParsedData | null;
  transaction_count: number;
  file_key: string;
  password_encrypted: string | null;
  attempt: number;
  created_at: Date;
  updated_at: Date;
}

/** The whole record, for the domain: what the API shows plus the file key, the sealed password and the run. */
export interface StatementRecord extends StatementView {
  org_id: string;
  file_key: string;
  password_encrypted: string | null;
  attempt: number;
}

const toView = (r: StatementRow): StatementView => ({
  id: r.id,
  file_name: r.file_name,
  file_type: r.file_type,
  status: r.status,
  step: r.step,
  error: r.error ? { code: r.error.code, message: r.error.message } : null,
  account_id: r.account_id,
  parsed_data: r.parsed_data,
  transaction_count: r.transaction_count,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const toRecord = (r: StatementRow): StatementRecord => ({
  ...toView(r),
  org_id: r.org_id,
  file_key: r.file_key,
  password_encrypted: r.password_encrypted,
  attempt: r.attempt,
});

const SELECT_STATEMENT = sql`
  SELECT s.id, s.org_id, s.account_id, s.file_name, s.file_type, s.status, s.step, s.error, s.parsed_data,
         s.transaction_count, s.file_key, s.password_encrypted, s.attempt, s.created_at, s.updated_at
  FROM statement.statements s`;

export const STATEMENT_COLUMNS = { created_at: 's.created_at', updated_at: 's.updated_at' } satisfies Record<(typeof STATEMENT_SORTS)[number], string>;

export interface StatementFilters {
  status?: StatementStatus;
  account_id?: string;
}

/**
 * Serialises everything that moves a statement between states (upload, recovery calls, worker steps) for
 * one statement, until the caller's transaction ends. An advisory lock rather than FOR UPDATE because the
 * upload must hold it before the row exists: a worker that picks up the first job before the upload commits
 * waits here and then sees the committed row (or, if the upload rolled back, none).
 */
export async function lockStatement(tx: PoolClient, id: string): Promise<void> {
  await lockUntilCommit(tx, `statement:${id}`);
}

export async function findStatementRecord(db: Db, orgId: string, id: string): Promise<StatementRecord | null> {
  const row = await queryOne<StatementRow>(db, sql`${SELECT_STATEMENT} WHERE s.id = ${id}::uuid AND s.org_id = ${orgId}::uuid`);
  return row ? toRecord(row) : null;
}

export async function findStatement(db: Db, orgId: string, id: string): Promise<StatementView | null> {
  const row = await queryOne<StatementRow>(db, sql`${SELECT_STATEMENT} WHERE s.id = ${id}::uuid AND s.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export async function findStatementPage(db: Db, orgId: string, list: ListQuery, filters: StatementFilters): Promise<{ rows: StatementView[]; total: number }> {
  const where: Sql[] = [sql`s.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, STATEMENT_COLUMNS)];
  if (filters.status !== undefined) where.push(sql`s.status = ${filters.status}`);
  if (filters.account_id !== undefined) where.push(sql`s.account_id = ${filters.account_id}::uuid`);
  const { rows, total } = await listPage<StatementRow>(db, {
    rows: sql`${SELECT_STATEMENT} ${whereAll(where)} ${orderBy(list.sort, STATEMENT_COLUMNS, 's.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM statement.statements s ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

export interface NewStatement {
  id: string;
  orgId: string;
  accountId: string | null;
  fileName: string;
  fileType: StatementView['file_type'];
  fileKey: string;
  passwordEncrypted: string | null;
}

/** A new statement, queued at read_file in run 1. */
export async function insertStatement(db: Db, s: NewStatement): Promise<void> {
  await execute(
    db,
    sql`
    INSERT INTO statement.statements (id, org_id, account_id, file_name, file_type, status, step, file_key, password_encrypted, attempt)
    VALUES (${s.id}::uuid, ${s.orgId}::uuid, ${s.accountId}::uuid, ${s.fileName}, ${s.fileType}, 'queued', 'read_file', ${s.fileKey}, ${s.passwordEncrypted}, 1)`,
  );
}

/** Starts the next run at `step`: queued, error cleared; with a new sealed password or new parsed_data where given. */
export async function restartRun(
  db: Db,
  id: string,
  run: { step: Step; attempt: number; passwordEncrypted?: string; parsedData?: StatementParsedData },
): Promise<void> {
  await execute(
    db,
    sql`
    UPDATE statement.statements
    SET status = 'queued', step = ${run.step}, error = NULL, attempt = ${run.attempt},
        password_encrypted = ${run.passwordEncrypted === undefined ? sql`password_encrypted` : sql`${run.passwordEncrypted}`},
        parsed_data = ${run.parsedData === undefined ? sql`parsed_data` : sql`${JSON.stringify(run.parsedData)}::jsonb`},
        updated_at = now()
    WHERE id = ${id}::uuid`,
  );
}

export async function accountExists(db: Db, orgId: string, accountId: string): Promise<boolean> {
  return (await queryOne(db, sql`SELECT id FROM statement.accounts WHERE id = ${accountId}::uuid AND org_id = ${orgId}::uuid`)) !== undefined;
}
