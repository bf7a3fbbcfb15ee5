import type { Pool, PoolClient } from 'pg';
import type { Sql } from './sql';
import { withPgTransaction, type PgTransactionOptions } from './pg-transaction';

/**
 * The one data-access idiom of every service: plain pg with the `sql` tag. `Db` is what repositories and
 * domain functions accept: the process's pool, or a client inside a transaction, so that callers compose
 * several use cases in one transaction. Prisma stays the declared schema (schema.prisma, the drift check).
 */
export type Db = Pool | PoolClient;

function isTransactionClient(db: Db): db is PoolClient {
  return typeof (db as Partial<PoolClient>).release === 'function';
}

/** The rows of a composed query. Column types follow pg's parsers: int8 and numeric arrive as strings. */
export async function query<T>(db: Db, statement: Sql): Promise<T[]> {
  return (await db.query(statement.text, statement.values)).rows as T[];
}

/** The first row of a composed query, or undefined. */
export async function queryOne<T>(db: Db, statement: Sql): Promise<T | undefined> {
  return (await query<T>(db, statement))[0];
}

/** Runs a statement for its effect; resolves to the number of rows it touched. */
export async function execute(db: Db, statement: Sql): Promise<number> {
  return (await db.query(statement.text, statement.values)).rowCount ?? 0;
}

/**
 * Runs `fn` in a transaction: a new one (retried on serialization failure or deadlock, see withPgTransaction)
 * when given the pool, the caller's own when given a client already inside one.
 */
export async function withTransaction<T>(db: Db, fn: (tx: PoolClient) => Promise<T>, options?: PgTransactionOptions): Promise<T> {
  if (isTransactionClient(db)) return fn(db);
  return withPgTransaction(db, fn, options);
}

/** Whether `db` is a client inside a transaction (a caller's, or withTransaction's), rather than the pool. */
export function inTransaction(db: Db): db is PoolClient {
  return isTransactionClient(db);
}

/**
 * Thrown inside a transaction that must run again from its start, as after a serialization failure (its SQLSTATE,
 * which withTransaction retries): for a lost race on a unique identity, which aborts the transaction so that the
 * winner cannot even be read in it; the re-run finds the winner committed. Cheaper than a savepoint around every
 * insert, which would cost two round trips to every write for a race that is rare.
 */
export class RetryTransactionError extends Error {
  readonly code = '40001';
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`the transaction runs again: ${reason}`, options);
  }
}

/**
 * One page of a list and the total it is a page of. From the pool the two queries run side by side on two
 * connections; on one client (inside a transaction) one after the other, since a client runs one at a time.
 */
export async function listPage<T>(db: Db, page: { rows: Sql; count: Sql }): Promise<{ rows: T[]; total: number }> {
  const countOf = (rows: { total: string | number }[]) => Number(rows[0]?.total ?? 0);
  if (isTransactionClient(db)) {
    const rows = await query<T>(db, page.rows);
    return { rows, total: countOf(await query<{ total: string | number }>(db, page.count)) };
  }
  const [rows, count] = await Promise.all([query<T>(db, page.rows), query<{ total: string | number }>(db, page.count)]);
  return { rows, total: countOf(count) };
}

/**
 * A Postgres int8 or integral numeric as pg returns it (text), or a bigint or safe integer, as a bigint,
 * exactly (money arithmetic never goes through floating point); null reads as 0.
 */
export function toBigInt(value: string | number | bigint | null | undefined): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer amount: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value)) throw new Error(`not an integer amount: ${value}`);
  return BigInt(value);
}

/** A Postgres bigint as pg returns it (text) or as a number, as a safe JS number (money, counts). */
export function toNumber(value: string | number | bigint | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const n = Number(value);
  if (!Number.isSafeInteger(n) && Number.isInteger(n)) throw new RangeError(`${String(value)} is beyond the exact range of a JS number`);
  return n;
}

/** A user's text as a LIKE/ILIKE pattern that matches it literally (% _ and \ escaped), anywhere in the value. */
export function likeContains(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** A user's text with LIKE's wildcards (% _) and its escape (\) escaped, to build a pattern around. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Serialises transactions on one named thing (a statement, an organization's chart) until the caller's
 * transaction ends: Postgres's transaction-level advisory lock on a 64-bit hash of the name.
 */
export async function lockUntilCommit(tx: PoolClient, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
}
