import {
  allowDirect,
  inTransaction as platformInTransaction,
  withTransaction as platformWithTransaction,
  type DbAdapter,
  type RawDb,
  type TransactionOptions,
} from '@finance/platform';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

/** The ledger service's Prisma Client; repositories and domain functions take it or one of its transactions. */
export type LedgerClient = PrismaClient;
export type Db = PrismaClient | Prisma.TransactionClient;
export type Tx = Prisma.TransactionClient;

export function createLedgerClient(adapter: DbAdapter): LedgerClient {
  const client = new PrismaClient({ adapter });
  // The single post's statement runs on the adapter itself (queryDirect, transactions.repo.ts insertTransaction).
  allowDirect(client, adapter);
  return client;
}

/** What the platform hands a handler as `ctx.db` is what it was given: this service's client or its transaction. */
export const asDb = (db: RawDb): Db => db as Db;

/** The platform's inTransaction, typed for the ledger's client: whether `db` is a transaction client. */
export function inTransaction(db: Db): db is Tx {
  return platformInTransaction<Tx>(db);
}

/**
 * The platform's withTransaction, typed for the ledger's client: a new interactive transaction (retried on
 * serialization failure and deadlock) from the root client; inside a transaction, the caller's own, joined.
 */
export async function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  return platformWithTransaction<Tx, T>(db, fn, options);
}
