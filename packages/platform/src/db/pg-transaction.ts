import type { Pool, PoolClient, QueryResult } from 'pg';

export type { PoolClient };

/** SQLSTATEs after which the whole transaction can simply run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

const ignoreClientError = () => undefined;

export function isRetryableTransactionError(err: unknown): boolean {
  return RETRYABLE.has((err as { code?: string })?.code ?? '');
}

export interface PgTransactionOptions {
  /** Attempts in all, the first included (default 5). */
  attempts?: number;
  isolationLevel?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
  /**
   * Statements sent in BEGIN's round trip, as one simple-protocol query: no parameters, so every value in them is
   * a literal escaped with pg's escapeLiteral. Their results reach `fn` as `scope.begun`, in order.
   */
  withBegin?: string;
}

/** What `fn` may do besides querying: read what ran with BEGIN, and have a last statement sent in COMMIT's round trip. */
export interface TransactionScope {
  begun: QueryResult[];
  /** A statement (literals escaped, as in withBegin) to run just before COMMIT, in the same round trip. */
  commitWith(statement: string): void;
}

/**
 * Runs `fn` in a transaction on one PoolClient, straight through pg: for multi-statement writes on hot paths,
 * where Prisma's interactive transactions cost a round trip per statement plus their own pipeline.
 * Serialization failures and deadlocks roll back and run `fn` again after a jittered backoff, so `fn` must
 * do nothing outside the database that cannot be repeated. Any other error rolls back and is rethrown.
 * `withBegin` and `commitWith` ride on the round trips BEGIN and COMMIT make anyway: on a hot path every round
 * trip costs a write to the socket, which is most of a short request's CPU (see BENCHMARKS.md, issue 20).
 */
export async function withPgTransaction<T>(
  pool: Pool,
  fn: (client: PoolClient, scope: TransactionScope) => Promise<T>,
  options: PgTransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  const begin = [options.isolationLevel ? `BEGIN ISOLATION LEVEL ${options.isolationLevel}` : 'BEGIN', options.withBegin].filter(Boolean).join('; ');
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    // A connection that drops while checked out emits 'error' on the client, and pg-pool listens only to idle
    // ones: unheard, it would crash the process. The statement in flight fails with it, which is where it is handled.
    client.on('error', ignoreClientError);
    let broken: Error | undefined;
    try {
      // A query of several statements answers with one result per statement.
      const begun = ([] as QueryResult[]).concat((await client.query(begin)) as QueryResult | QueryResult[]).slice(1);
      let closing: string | undefined;
      const result = await fn(client, {
        begun,
        commitWith: (statement) => {
          closing = statement;
        },
      });
      await client.query(closing === undefined ? 'COMMIT' : `${closing}; COMMIT`);
      return result;
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackErr) {
        // The connection is unusable (it died mid-transaction): discard it instead of returning it to the pool.
        broken = rollbackErr as Error;
      }
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
    } finally {
      client.removeListener('error', ignoreClientError);
      client.release(broken);
    }
    // Full jitter on an exponential base, so colliding transactions do not collide again in lock step.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));
  }
}
