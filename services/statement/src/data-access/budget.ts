import { BusinessRuleError, sql } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { StatementDb } from './db';
import { pgErrorCode, QUERY_CANCELED } from './pg-errors';

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
 * transaction wrote is rolled back. A cancellation becomes a QueryTimeoutError.
 */
export async function withStatementTimeout<T>(
  db: StatementDb,
  timeoutMs: number,
  hint: string,
  fn: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  try {
    return await db.$transaction(
      async (tx) => {
        await tx.$queryRaw(sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`);
        return fn(tx);
      },
      // Prisma's own transaction timer must outlast Postgres's, so the database is what stops the work.
      { timeout: timeoutMs * 2 + 5_000, maxWait: 5_000 },
    );
  } catch (err) {
    if (pgErrorCode(err) === QUERY_CANCELED) throw new QueryTimeoutError(timeoutMs, hint);
    throw err;
  }
}
