import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool, type PoolClient } from 'pg';
import { IDLE_IN_TRANSACTION_TIMEOUT, isDatabaseUnreachable, pgErrorCode } from './pg-errors';
import { onQueryError, watchPoolCommits } from './in-doubt';
import { PREPARED_MARK } from './sql';

export type { Pool };
/** The driver adapter every Prisma Client of a process is built on, over the process's one pg pool. */
export type DbAdapter = PrismaPg;

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/finance';

export interface PoolOptions {
  max?: number;
  /** Shown in pg_stat_activity, which makes a busy database easier to read. */
  applicationName?: string;
  /**
   * Session settings sent as a startup parameter of every connection (no extra statement), e.g.
   * '-c jit=off'. An `options` parameter in the connection string itself takes precedence.
   */
  sessionOptions?: string;
  /** Told when an idle connection dies (a database restart or failover); the pool replaces it on the next query. */
  onIdleError?: (err: Error) => void;
}

/**
 * One pg pool per process, shared by every Prisma client of that process (service schema + platform schema).
 * Prisma 7 with driver adapters uses the pool's settings, so they are explicit here.
 */
export function createPool(connectionString: string, options: PoolOptions = {}): Pool {
  const pool = new Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: options.applicationName,
    options: options.sessionOptions,
  });
  // Without a listener, an idle connection dropped by a database restart is an unhandled 'error' event
  // that kills the process; the pool has already discarded the client, so noting it is all there is to do.
  pool.on('error', options.onIdleError ?? (() => undefined));
  // A connection lost while a commit was on its way is a 503 OUTCOME_UNKNOWN, not "nothing was done".
  watchPoolCommits(pool);
  pool.on('connect', retireWhenEnded);
  return pool;
}

/**
 * A connection whose session Postgres ended (the lease of a request frozen past it, 25P03; a shutdown, 57P0x) can
 * report that as the error of the statement sent after it, before pg has read the end of the socket and marked the
 * client broken: released then, it would go back to the pool and fail the request's retry too. Marked at once, the
 * pool discards it on release (pg-pool reads `_queryable` there, as pg's own client does).
 */
function retireWhenEnded(client: PoolClient): void {
  const retire = (err: unknown) => {
    const code = pgErrorCode(err);
    if (code === IDLE_IN_TRANSACTION_TIMEOUT || code?.startsWith('57P') || isDatabaseUnreachable(err))
      (client as unknown as { _queryable: boolean })._queryable = false;
  };
  client.query = onQueryError(client.query as unknown as (...args: unknown[]) => unknown, () => retire) as unknown as PoolClient['query'];
}

/**
 * The Prisma driver adapter over the process's pool. Every Prisma Client of the process (the platform's, the
 * service's) is built on it, so they share the pool's connections and its settings. This file and the migrator
 * (with in-doubt.ts, which watches its statements) are the only places that touch pg; everything else reads and
 * writes through a Prisma Client.
 */
export function createDbAdapter(pool: Pool): DbAdapter {
  return new PrismaPg(pool, { statementNameGenerator: preparedStatementName });
}

const names = new Map<string, string>();

/**
 * Only statements marked `prepared` (sql.ts) are named, so prepared once per connection; every other statement
 * runs unnamed and is planned for its values each time, as pg runs them.
 */
function preparedStatementName(query: { sql: string }): string {
  if (!query.sql.startsWith(PREPARED_MARK)) return '';
  let name = names.get(query.sql);
  if (name === undefined) {
    name = `s${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
    names.set(query.sql, name);
  }
  return name;
}
