import { BusinessRuleError, execute, pgErrorCode, QUERY_CANCELED, sql, withTransaction, type Db, type PoolClient } from '@finance/platform';

/** How long one user-composed query (search, preview, report) and one rule run may take before Postgres stops it. */
export interface QueryLimits {
  queryTimeoutMs: number;
  runTimeoutMs: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { queryTimeoutMs: 5_000, runTimeoutMs: 60_000 };

/** 422: the query was stopped by its statement timeout; nothing it would have written was kept. */
export class QueryTimeoutError extends BusinessRuleError {
  constructor(timeoutMs: number, hint: string) {
    super('QUERY_TIMEOUT', `the query was stopped after ${timeoutMs} ms and changed nothing; ${hint}`);
  }
}

/**
 * Runs `fn` in its own transaction under `SET LOCAL statement_timeout`, so a costly condition (a pathological
 * regex, a scan of millions of rows) is cancelled by Postgres instead of holding a connection, and whatever the
 * transaction wrote is rolled back. A cancellation becomes a QueryTimeoutError. Given a client already in a
 * transaction, the timeout holds for the rest of that transaction.
 */
export async function withStatementTimeout<T>(db: Db, timeoutMs: number, hint: string, fn: (tx: PoolClient) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(db, async (tx) => {
      await execute(tx, sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`);
      return fn(tx);
    });
  } catch (err) {
    if (pgErrorCode(err) === QUERY_CANCELED) throw new QueryTimeoutError(timeoutMs, hint);
    throw err;
  }
}
