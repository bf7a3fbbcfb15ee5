/**
 * The worker's reads and writes, through the statement client inside the step's transaction: steps move a
 * statement's state (model methods) and bulk-copy its rows in raw SQL (100,000 rows in a few statements, never one
 * per row). The domain takes the statement's lock (statements.repo lockStatement) and checks that the job still
 * owns the statement before it writes.
 */
import { execute, queryOne, sql } from '@finance/platform';
import { Prisma } from '../generated/prisma/client';
import type { Db, Tx } from './db';
import type { StatementParsedData, StatementStatus, StatementStep as Step } from '../views/statements';
import type { AccountCategory } from '../views/accounts';
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

/**
 * Moves the staged rows into transactions for the account, in file order. A row already stored for the account by
 * an earlier import (the dedupe key: date, particulars, inflow, outflow, balance, and its occurrence among the
 * identical rows of its file) is skipped; two identical rows of this file are both kept. Returns how many were new.
 */
export async function importStagedRows(tx: Tx, orgId: string, statementId: string, accountId: string): Promise<number> {
  // Raw SQL through the client: one INSERT ... SELECT moves every staged row (100,000 in one statement), ranks
  // identical rows and skips those already stored; model methods would carry every row through the process.
  const row = await queryOne<{ inserted: number }>(
    tx,
    sql`WITH ins AS (
          INSERT INTO statement.transactions (id, org_id, account_id, statement_id, date, particulars, inflow, outflow, balance, occurrence)
          SELECT r.id, ${orgId}::uuid, ${accountId}::uuid, ${statementId}::uuid, r.date, r.particulars, r.inflow, r.outflow, r.balance,
                 row_number() OVER (PARTITION BY r.date, r.particulars, r.inflow, r.outflow, r.balance ORDER BY r.line)
          FROM statement.statement_rows r WHERE r.statement_id = ${statementId}::uuid ORDER BY r.line
          ON CONFLICT DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS inserted FROM ins`,
  );
  await tx.statementRow.deleteMany({ where: { statementId } });
  const inserted = row?.inserted ?? 0;
  await tx.statement.updateMany({ where: { id: statementId }, data: { accountId, transactionCount: inserted, updatedAt: new Date() } });
  return inserted;
}
