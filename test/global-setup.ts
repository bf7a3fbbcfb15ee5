// Creates the test database and applies every schema's migrations once, before any test file runs.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase, migrate, PLATFORM_MIGRATIONS_DIR } from '@finance/platform';
import { TEST_DATABASE_URL } from '@finance/platform/testing';

export default async function globalSetup(): Promise<void> {
  await ensureDatabase(TEST_DATABASE_URL);
  await migrate({ databaseUrl: TEST_DATABASE_URL, schema: 'platform', migrationsDir: PLATFORM_MIGRATIONS_DIR });
  const services = join(__dirname, '..', 'services');
  for (const name of readdirSync(services)) {
    const dir = join(services, name, 'prisma', 'migrations');
    if (existsSync(dir)) await migrate({ databaseUrl: TEST_DATABASE_URL, schema: name, migrationsDir: dir });
  }
}
