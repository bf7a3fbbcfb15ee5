import { join } from 'node:path';
import { createPool, migrate } from '@finance/platform';
import { seedSystemAccounts } from './domain/accounts';

const MIGRATIONS_DIR = join(__dirname, '..', 'prisma', 'migrations');

/**
 * The admin CLI's organization hook (contract section 5: organizations created through the CLI are seeded
 * with the system groups). Migrates the ledger schema if this database has not seen the ledger yet, seeds
 * idempotently (a second run creates nothing), and closes its own pool.
 */
export async function seedLedgerOrg(org: { id: string; slug: string }, databaseUrl: string): Promise<void> {
  await migrate({ databaseUrl, schema: 'ledger', migrationsDir: MIGRATIONS_DIR });
  const pool = createPool(databaseUrl, { max: 1, applicationName: 'admin-ledger-seed' });
  try {
    await seedSystemAccounts(pool, org.id);
  } finally {
    await pool.end();
  }
}
