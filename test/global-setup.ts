// Creates the test database and applies every schema's migrations once, before any test file runs.
// Runs outside jest's module registry, so it loads only the migrator (no generated Prisma client).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDatabase, migrate } from '@finance/platform/migrator';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/finance_test';

export default async function globalSetup(): Promise<void> {
  const root = join(__dirname, '..');
  await ensureDatabase(TEST_DATABASE_URL);
  await migrate({ databaseUrl: TEST_DATABASE_URL, schema: 'platform', migrationsDir: join(root, 'packages/platform/prisma/migrations') });
  for (const name of readdirSync(join(root, 'services'))) {
    const dir = join(root, 'services', name, 'prisma', 'migrations');
    if (existsSync(dir)) await migrate({ databaseUrl: TEST_DATABASE_URL, schema: name, migrationsDir: dir });
  }
}
