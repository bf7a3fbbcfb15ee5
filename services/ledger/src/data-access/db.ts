import { withPgTransaction, type Pool, type PoolClient, type Queryable } from '@finance/platform';

/**
 * The ledger's data access runs straight through pg with Prisma's sql-template-tag (see README, "Data
 * access"): the posting hot path is one statement, and every multi-statement write is a transaction on one
 * PoolClient so that its reads see its own writes. schema.prisma stays the declared model (drift-checked).
 *
 * `Db` is what repositories and domain functions accept: the pool, or a client inside a transaction.
 */
export type Db = Queryable;

function isClient(db: Db): db is PoolClient {
  return typeof (db as Partial<PoolClient>).release === 'function';
}

/** Runs `fn` in a new transaction when given the pool, or in the caller's when given a client. */
export async function inPgTransaction<T>(db: Db, fn: (tx: PoolClient) => Promise<T>): Promise<T> {
  if (isClient(db)) return fn(db);
  return withPgTransaction(db as Pool, fn);
}
