import type { SqlDriverAdapterFactory } from '@prisma/client/runtime/client';
import { sql as sqltag, type Sql } from './sql';
import { pgErrorCode } from './pg-errors';

/**
 * The one data-access idiom of every service: its own generated Prisma Client (model methods for plain CRUD,
 * `$queryRaw`/`$executeRaw` with the `sql` tag where SQL is clearer or faster). `RawDb` is what every generated
 * client and every transaction client of one share, so the platform's helpers (lists, locks, transactions,
 * idempotency) take any service's client; each service names its own `Db` (its client or a transaction client).
 */
export interface RawDb {
  $queryRaw<T = unknown>(query: Sql): PromiseLike<T>;
  $executeRaw(query: Sql): PromiseLike<number>;
}

export type IsolationLevel = 'ReadCommitted' | 'RepeatableRead' | 'Serializable';

/**
 * A root client: the one a service built, which opens interactive transactions and can be disconnected. A Prisma 7
 * transaction client has a `$transaction` of its own too (it nests through a savepoint), but no `$disconnect`.
 */
export interface RootDb<Tx extends RawDb = RawDb> extends RawDb {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number; isolationLevel?: IsolationLevel }): Promise<R>;
  $disconnect(): Promise<void>;
}

/** What the platform's helpers accept: a service's client or one of its transaction clients. */
export type Db = RawDb;

export interface TransactionOptions {
  /** Attempts in all, the first included (default 5). */
  attempts?: number;
  isolationLevel?: IsolationLevel;
  /** How long the transaction may run (default 120 s: an import of 100,000 rows runs in one). Prisma's own default is 5 s. */
  timeout?: number;
}

/** How long a transaction waits for a connection of the pool, as the pool's own connect timeout. */
const MAX_WAIT_MS = 5_000;
const DEFAULT_TIMEOUT_MS = 120_000;

function isRoot<Tx extends RawDb>(db: RootDb<Tx> | Tx): db is RootDb<Tx> {
  return typeof (db as Partial<RootDb>).$disconnect === 'function';
}

/** The rows of a composed query. int8 arrives as bigint, numeric as Prisma's Decimal, date and timestamptz as Date. */
export async function query<T>(db: RawDb, statement: Sql): Promise<T[]> {
  return db.$queryRaw<T[]>(statement);
}

/** The first row of a composed query, or undefined. */
export async function queryOne<T>(db: RawDb, statement: Sql): Promise<T | undefined> {
  return (await query<T>(db, statement))[0];
}

/** Runs a statement for its effect; resolves to the number of rows it touched. */
export async function execute(db: RawDb, statement: Sql): Promise<number> {
  return db.$executeRaw(statement);
}

/** SQLSTATEs after which the whole transaction can simply run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isRetryableTransactionError(err: unknown): boolean {
  return RETRYABLE.has(pgErrorCode(err) ?? '');
}

/**
 * Runs `fn` in a transaction: a new interactive one (never the array form, whose timeout is fixed) when given a
 * root client, retried on serialization failure or deadlock after a jittered backoff, so `fn` must do nothing
 * outside the database that cannot be repeated; the caller's own when given a transaction client, joined rather
 * than nested in a savepoint, so a refusal or a lost race aborts the caller's whole transaction, which runs again
 * from its start (RetryTransactionError) or is rolled back.
 */
export async function withTransaction<Tx extends RawDb, T>(db: RootDb<Tx> | Tx, fn: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  if (!isRoot(db)) return fn(db);
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(fn, { maxWait: MAX_WAIT_MS, timeout: options.timeout ?? DEFAULT_TIMEOUT_MS, isolationLevel: options.isolationLevel });
    } catch (err) {
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
    }
    // Full jitter on an exponential base, so colliding transactions do not collide again in lock step.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
  }
}

/** Whether `db` is a client inside a transaction (a caller's, or withTransaction's), rather than a root client. */
export function inTransaction<Tx extends RawDb>(db: RootDb<Tx> | Tx): db is Tx {
  return !isRoot(db);
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
 * One page of a list and the total it is a page of. From a root client the two queries run side by side on two
 * connections; in a transaction one after the other, since a transaction runs one statement at a time.
 */
export async function listPage<T>(db: RawDb, page: { rows: Sql; count: Sql }): Promise<{ rows: T[]; total: number }> {
  const countOf = (rows: { total: string | number | bigint }[]) => Number(rows[0]?.total ?? 0);
  if (!isRoot(db as RootDb)) {
    const rows = await query<T>(db, page.rows);
    return { rows, total: countOf(await query<{ total: string | number | bigint }>(db, page.count)) };
  }
  const [rows, count] = await Promise.all([query<T>(db, page.rows), query<{ total: string | number | bigint }>(db, page.count)]);
  return { rows, total: countOf(count) };
}

/** A number as the client returns it: int8 as bigint, numeric as Prisma's Decimal, or text; null reads as 0. */
export type DbNumber = string | number | bigint | { toFixed(): string } | null | undefined;

/**
 * A Postgres int8 (bigint) or integral numeric (Prisma's Decimal), or text or a safe integer, as a bigint,
 * exactly (money arithmetic never goes through floating point); null reads as 0.
 */
export function toBigInt(value: DbNumber): bigint {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'object') value = value.toFixed();
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer amount: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value)) throw new Error(`not an integer amount: ${value}`);
  return BigInt(value);
}

/** A Postgres int8 or numeric as the client returns it, as a safe JS number (money, counts). */
export function toNumber(value: DbNumber): number {
  if (value === null || value === undefined) return 0;
  const n = Number(typeof value === 'object' ? value.toFixed() : value);
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
export async function lockUntilCommit(tx: RawDb, name: string): Promise<void> {
  await tx.$queryRaw(sqltag`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))::text`);
}

/** Root clients whose hot statements may run on their driver adapter (`allowDirect`), with the adapter once connected. */
type SqlDriverAdapter = Awaited<ReturnType<SqlDriverAdapterFactory['connect']>>;
const directAdapters = new WeakMap<object, { factory: SqlDriverAdapterFactory; adapter?: Promise<SqlDriverAdapter> }>();

/**
 * Lets `queryDirect` run statements given `client` on the driver adapter the client was built on (a service's
 * createClient calls it with the same adapter factory). Connecting the factory again shares the process's pool.
 */
export function allowDirect(client: RootDb, adapter: SqlDriverAdapterFactory): void {
  directAdapters.set(client, { factory: adapter });
}

/** What the adapter says a column is (its ColumnTypeEnum: Int64 1, DateTime 10, Json 11). */
const INT64 = 1;
const DATETIME = 10;
const JSON_COLUMN = 11;
/** Every argument as the statement's own casts type it: pg sends strings, numbers, booleans and arrays as text. */
const UNTYPED = { scalarType: 'unknown', arity: 'scalar' } as const;

/**
 * The rows of one hot statement (a single post, issue 34), run on the client's driver adapter itself rather than
 * through the Prisma Client's request pipeline: that pipeline serialises the parameters to JSON and parses them back,
 * formats a debug string of the whole statement and its values, and walks its query interpreter, about 15% of a
 * post's CPU in the service (BENCHMARKS.md, "Ledger posting profile"). Same pool, same connections, same prepared
 * statement names, same in-doubt watch (the pool's), same errors (the adapter's DriverAdapterError, which
 * pg-errors.ts reads). Only from a root client given to `allowDirect`; inside a transaction, or from any other
 * client, the statement goes through `$queryRaw` as usual. Rows come back as `query` gives them for the types a
 * hot statement returns: json parsed, timestamps as Date, int8 as bigint, uuid, text and boolean as they are
 * (date and numeric stay the adapter's text: select them `::text` or `to_char` for one answer on both paths).
 */
export async function queryDirect<T>(db: RawDb, statement: Sql): Promise<T[]> {
  const direct = directAdapters.get(db);
  if (!direct) return query<T>(db, statement);
  direct.adapter ??= direct.factory.connect();
  const result = await (await direct.adapter).queryRaw({ sql: statement.text, args: statement.values, argTypes: statement.values.map(() => UNTYPED) });
  const { columnNames, columnTypes } = result;
  return result.rows.map((row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) {
      const value = row[i];
      const type = columnTypes[i];
      out[columnNames[i] as string] =
        value === null || value === undefined
          ? null
          : type === JSON_COLUMN
            ? JSON.parse(value as string)
            : type === DATETIME
              ? new Date(value as string)
              : type === INT64
                ? BigInt(value as string)
                : value;
    }
    return out as T;
  });
}
