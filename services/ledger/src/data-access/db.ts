import { withTransaction as platformWithTransaction, type DbAdapter, type RawDb, type TransactionOptions } from '@finance/platform';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

/** The ledger service's Prisma Client; repositories and domain functions take it or one of its transactions. */
export type LedgerClient = PrismaClient;
export type Db = PrismaClient | Prisma.TransactionClient;
export type Tx = Prisma.TransactionClient;

export function createLedgerClient(adapter: DbAdapter): LedgerClient {
  return new PrismaClient({ adapter });
}

/** What the platform hands a handler as `ctx.db` is what it was given: this service's client or its transaction. */
export const asDb = (db: RawDb): Db => db as Db;

/**
 * Whether `db` is a transaction client (a caller's, e.g. an Idempotency-Key's, or withTransaction's). A Prisma 7
 * transaction client has a `$transaction` of its own (it nests through a savepoint), so that is no sign of a root
 * client, and the platform's inTransaction, which looks for it, answers false inside one; only a root client can
 * `$disconnect`.
 */
export function inTransaction(db: Db): db is Tx {
  return typeof (db as Partial<PrismaClient>).$disconnect !== 'function';
}

/**
 * The platform's withTransaction (interactive, retried on serialization failure and deadlock) from a root client;
 * inside a transaction, the caller's own, joined rather than nested in a savepoint: a refusal or a lost race then
 * aborts the caller's whole transaction, which runs again from its start (RetryTransactionError) or is rolled back.
 */
export async function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  if (inTransaction(db)) return fn(db);
  return platformWithTransaction<Tx, T>(db, fn, options);
}
