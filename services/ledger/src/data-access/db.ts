import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from '@finance/platform';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

export type LedgerDb = PrismaClient;
/** A client or a transaction: what every repository and domain function accepts. */
export type Db = PrismaClient | Prisma.TransactionClient;

export function createLedgerDb(pool: Pool): LedgerDb {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: 'ledger' }) });
}
