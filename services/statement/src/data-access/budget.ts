import { BusinessRuleError, execute, pgErrorCode, QUERY_CANCELED, sql, withTransaction } from '@finance/platform';
import type { Db, Tx } from './db';

/** How long one user-composed query (search, preview, report) and one rule run may take before Postgres stops it. */
export interface QueryLimits {
  queryTimeoutMs: number;
  runTimeoutMs: number;
}

/** withTransaction's default limit on a whole transaction. */
const TRANSACTION_TIMEOUT_MS = 120_000;

export const DEFAULT_QUERY_LIMITS: QueryLimits = { queryTimeoutMs: 5_000, runTimeoutMs: 60_000 };

/** 422: the query was stopped by its statement timeout; nothing it would have written was kept. */
export class QueryTimeoutError extends BusinessRuleError {
  constructor(timeoutMs: number, hint: string) {
    super('QUERY_TIMEOUT', `the query was stopped after ${timeoutMs} ms and changed nothing; ${hint}`);
  }
}

/**
 * Runs `fn` in its own transaction under a transaction-local statement_timeout (`set_config(..., true)` is SET
 * LOCAL with the value as a parameter), so a costly condition (a pathological regex, a scan of millions of rows)
 * is cancelled by Postgres instead of holding a connection, and whatever the transaction wrote is rolled back. A
 * cancellation becomes a QueryTimeoutError. Given a client already in a transaction, the timeout holds for the
 * rest of that transaction.
 */
export async function withStatementTimeout<T>(db: Db, timeoutMs: number, hint: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(
      db,
      async (tx) => {
        await execute(tx, sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`);
        return fn(tx);
        // Prisma's own limit on the transaction stays well past Postgres's on each statement (fn runs a few), so
        // that a slow query ends as Postgres's cancellation (a 422), never as an expired transaction.
      },
      { timeout: Math.max(TRANSACTION_TIMEOUT_MS, 3 * timeoutMs) },
    );
  } catch (err) {
    if (pgErrorCode(err) === QUERY_CANCELED) throw new QueryTimeoutError(timeoutMs, hint);
    throw err;
  }
}
