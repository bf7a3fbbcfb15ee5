import { limitOffset, listPage, lockUntilCommit, orderBy, queryOne, rangeConditions, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import { Prisma } from '../generated/prisma/client';
import type { Db, Tx } from './db';
import type { STATEMENT_SORTS, StatementError, StatementParsedData, StatementStatus, StatementStep as Step, StatementView } from '../views/statements';

/** The columns a statement is read from (model methods select them; the list's raw SQL names them the same). */
const STATEMENT_SELECT = {
  id: true,
  orgId: true,
  accountId: true,
  fileName: true,
  fileType: true,
  status: true,
  step: true,
  error: true,
  parsedData: true,
  transactionCount: true,
  fileKey: true,
  passwordEncrypted: true,
  attempt: true,
  fileSha256: true,
  replaces: true,
  replacedBy: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.StatementSelect;
type StatementRow = Prisma.StatementGetPayload<{ select: typeof STATEMENT_SELECT }>;

/** The whole record, for the domain: what the API shows plus the file key, the sealed password and the run. */
export interface StatementRecord extends StatementView {
  org_id: string;
  file_key: string;
  password_encrypted: string | null;
  attempt: number;
}

/** status, step, error and parsed_data are written only by this service, in these shapes (views/statements). */
const toView = (r: StatementRow): StatementView => {
  const error = r.error as StatementError | null;
  return {
    id: r.id,
    file_name: r.fileName,
    file_type: r.fileType as StatementView['file_type'],
    status: r.status as StatementStatus,
    step: r.step as Step | null,
    error: error ? { code: error.code, message: error.message } : null,
    account_id: r.accountId,
    parsed_data: r.parsedData as StatementParsedData | null,
    transaction_count: r.transactionCount,
    file_sha256: r.fileSha256,
    replaces: r.replaces,
    replaced_by: r.replacedBy,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
};

const toRecord = (r: StatementRow): StatementRecord => ({
  ...toView(r),
  org_id: r.orgId,
  file_key: r.fileKey,
  password_encrypted: r.passwordEncrypted,
  attempt: r.attempt,
});

/** The list's SELECT, its columns named as the model's fields so that its rows are StatementRows. */
const SELECT_STATEMENT = sql`
  SELECT s.id, s.org_id AS "orgId", s.account_id AS "accountId", s.file_name AS "fileName", s.file_type AS "fileType", s.status, s.step,
         s.error, s.parsed_data AS "parsedData", s.transaction_count AS "transactionCount", s.file_key AS "fileKey",
         s.password_encrypted AS "passwordEncrypted", s.attempt, s.file_sha256 AS "fileSha256", s.replaces,
         s.replaced_by AS "replacedBy", s.created_at AS "createdAt", s.updated_at AS "updatedAt"
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
export async function lockStatement(tx: Tx, id: string): Promise<void> {
  await lockUntilCommit(tx, `statement:${id}`);
}

export async function findStatementRecord(db: Db, orgId: string, id: string): Promise<StatementRecord | null> {
  const row = await db.statement.findFirst({ where: { id, orgId }, select: STATEMENT_SELECT });
  return row ? toRecord(row) : null;
}

export async function findStatement(db: Db, orgId: string, id: string): Promise<StatementView | null> {
  const row = await db.statement.findFirst({ where: { id, orgId }, select: STATEMENT_SELECT });
  return row ? toView(row) : null;
}

/** Raw SQL: the list's filters, ranges and sort come from the ListQuery (listPage). */
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
  fileSha256: string;
  replaces: string | null;
  /** Stall with REVIEW_REQUESTED before the rows are stored (issue 33). */
  review?: boolean;
}

/** A new statement, queued at read_file in run 1. */
export async function insertStatement(db: Db, s: NewStatement): Promise<void> {
  await db.statement.create({
    data: {
      id: s.id,
      orgId: s.orgId,
      accountId: s.accountId,
      fileName: s.fileName,
      fileType: s.fileType,
      status: 'queued',
      step: 'read_file',
      fileKey: s.fileKey,
      passwordEncrypted: s.passwordEncrypted,
      fileSha256: s.fileSha256,
      replaces: s.replaces,
      review: s.review ?? false,
      attempt: 1,
    },
    select: { id: true },
  });
}

/** Starts the next run at `step`: queued, error cleared; with a new sealed password or new parsed_data where given. */
export async function restartRun(
  db: Db,
  id: string,
  run: { step: Step; attempt: number; passwordEncrypted?: string; parsedData?: StatementParsedData | null },
): Promise<void> {
  await db.statement.updateMany({
    where: { id },
    data: {
      status: 'queued',
      step: run.step,
      error: Prisma.DbNull,
      attempt: run.attempt,
      passwordEncrypted: run.passwordEncrypted,
      parsedData: run.parsedData === null ? Prisma.DbNull : (run.parsedData as Prisma.InputJsonValue | undefined),
      updatedAt: new Date(),
    },
  });
}

/**
 * Serialises uploads of the same bytes in an organization until the caller's transaction ends, so that of two at
 * once one is stored and the other finds it (the partial unique index on (org_id, file_sha256) is the backstop).
 */
export async function lockFileHash(tx: Tx, orgId: string, sha256: string): Promise<void> {
  await lockUntilCommit(tx, `statement-file:${orgId}:${sha256}`);
}

/** The organization's live statement (not failed, not replaced) whose file has these bytes, if any. */
export async function findLiveStatementByHash(db: Db, orgId: string, sha256: string): Promise<string | null> {
  const row = await db.statement.findFirst({
    where: { orgId, fileSha256: sha256, status: { not: 'failed' }, replacedBy: null },
    select: { id: true },
  });
  return row?.id ?? null;
}

/** A statement that is not failed and replaces `id` (pending or done), if any. */
export async function findLiveReplacement(db: Db, orgId: string, id: string): Promise<string | null> {
  const row = await db.statement.findFirst({ where: { orgId, replaces: id, status: { not: 'failed' } }, select: { id: true } });
  return row?.id ?? null;
}

/** Serialises uploads that replace the same statement until the caller's transaction ends. */
export async function lockReplacement(tx: Tx, id: string): Promise<void> {
  await lockUntilCommit(tx, `statement-replace:${id}`);
}

export async function accountExists(db: Db, orgId: string, accountId: string): Promise<boolean> {
  return (await db.account.count({ where: { id: accountId, orgId } })) > 0;
}

/** The figures of an account's completed statements (continuity, issue 22): those with a period, in upload order. */
export async function findAccountStatementFigures(db: Db, orgId: string, accountId: string) {
  const rows = await db.statement.findMany({
    // A replaced statement's rows are its replacement's: only the replacement counts.
    where: { orgId, accountId, status: 'completed', replacedBy: null },
    select: { id: true, fileName: true, parsedData: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return rows.flatMap((r) => {
    const data = r.parsedData as StatementParsedData | null;
    if (!data?.period) return [];
    return [
      {
        statement: r.id,
        file_name: r.fileName,
        from: data.period.from,
        to: data.period.to,
        opening_balance_milli: data.opening_balance ?? null,
        closing_balance_milli: data.closing_balance ?? null,
      },
    ];
  });
}

/**
 * Saves a person's mapping as the organization's reading profile of the layout (issue 33): a new profile, or the
 * mapping of the one already saved under the fingerprint. Raw SQL: ON CONFLICT on the (org_id, fingerprint) key.
 */
export async function upsertReadingProfile(
  tx: Tx,
  profile: {
    id: string;
    orgId: string;
    name: string;
    fileType: string;
    fingerprint: string;
    header: string[] | null;
    bankText: string;
    width: number;
    mapping: object;
  },
): Promise<string> {
  const row = await queryOne<{ id: string }>(
    tx,
    sql`INSERT INTO statement.reading_profiles (id, org_id, name, file_type, fingerprint, header, bank_text, width, mapping)
        VALUES (${profile.id}::uuid, ${profile.orgId}::uuid, ${profile.name}, ${profile.fileType}, ${profile.fingerprint},
                ${profile.header === null ? null : JSON.stringify(profile.header)}::jsonb, ${profile.bankText}, ${profile.width}, ${JSON.stringify(profile.mapping)}::jsonb)
        ON CONFLICT (org_id, fingerprint) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()
        RETURNING id`,
  );
  return row!.id;
}
