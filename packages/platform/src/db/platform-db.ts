import type { SqlDriverAdapterFactory } from '@prisma/client/runtime/client';
import { PrismaClient, type Prisma } from '../generated/prisma/client';

/** The platform schema's own client: organizations, API keys, the console's members and their sessions. */
export type PlatformClient = PrismaClient;
/** What the platform's repositories take: its client or one of its transaction clients. */
export type PlatformDb = PrismaClient | Prisma.TransactionClient;

export function createPlatformClient(adapter: SqlDriverAdapterFactory): PlatformClient {
  return new PrismaClient({ adapter });
}
