import { createHash } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';

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
  return pool;
}

/**
 * The Prisma driver adapter over the process's pool. Every Prisma Client of the process (the platform's, the
 * service's) is built on it, so they share the pool's connections and its settings. This file and the migrator
 * are the only places that touch pg; everything else reads and writes through a Prisma Client.
 */
export function createDbAdapter(pool: Pool): DbAdapter {
  return new PrismaPg(pool, { statementNameGenerator: preparedStatementName });
}

/** SQL texts given a name so far, and how many at most: the code has a bounded set of statements, input does not. */
const named = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1_000;

/**
 * Each statement is prepared once per connection and then only bound and run: Postgres plans a named statement
 * once, which on the ledger's posting CTE costs more than running it. Statements are named by their text; past
 * MAX_NAMED_STATEMENTS distinct texts (a list whose filters vary without bound, say) the rest run unnamed, so
 * neither pg's cache nor Postgres's prepared statements grow without limit on a long-lived connection.
 */
function preparedStatementName(query: { sql: string }): string {
  const existing = named.get(query.sql);
  if (existing !== undefined) return existing;
  if (named.size >= MAX_NAMED_STATEMENTS) return '';
  const name = `s${createHash('sha1').update(query.sql).digest('base64url').slice(0, 20)}`;
  named.set(query.sql, name);
  return name;
}
