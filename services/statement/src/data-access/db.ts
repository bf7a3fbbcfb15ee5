import type { DbAdapter, RawDb } from '@finance/platform';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

/** The statement service's Prisma Client; repositories and domain functions take it or one of its transactions. */
export type StatementClient = PrismaClient;
export type Db = PrismaClient | Prisma.TransactionClient;
export type Tx = Prisma.TransactionClient;

export function createStatementClient(adapter: DbAdapter): StatementClient {
  return new PrismaClient({ adapter });
}

/** What the platform hands a handler as `ctx.db` is what it was given: this service's client or its transaction. */
export const asDb = (db: RawDb): Db => db as Db;
