import type { DbAdapter, RawDb } from '@finance/platform';
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
