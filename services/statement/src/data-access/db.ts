import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool, Sql } from '@finance/platform';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

export type StatementDb = PrismaClient;
/** A client or a transaction: what every repository and domain function accepts. */
export type Db = PrismaClient | Prisma.TransactionClient;

export function createStatementDb(pool: Pool): StatementDb {
  return new PrismaClient({ adapter: new PrismaPg(pool, { schema: 'statement' }) });
}

/**
 * The raw-SQL half of a Prisma client: what the matching engine's queries need. A Prisma client or transaction
 * is one; so is pgRawDb over a plain pg connection, which the worker uses so that its process never starts a
 * Prisma client (measured: its query compiler costs ~90 MB of RSS, a third of the worker's memory budget).
 */
export interface RawDb {
  $queryRaw<T = unknown>(query: Sql): Promise<T>;
  $executeRaw(query: Sql): Promise<number>;
}

/** pg returns int8 as text where Prisma returns bigint; callers of RawDb convert counts with Number(). */
export function pgRawDb(client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }> }): RawDb {
  return {
    $queryRaw: async <T>(query: Sql) => (await client.query(query.text, query.values)).rows as T,
    $executeRaw: async (query: Sql) => (await client.query(query.text, query.values)).rowCount ?? 0,
  };
}
