/**
 * pnpm --filter statement seed -- --org <slug> --rows N [--accounts 10] [--years 3] [--reset]
 *
 * Loads realistic statement rows for an existing organization (create it with `pnpm admin orgs create`),
 * straight into the statement schema of DATABASE_URL (migrated first if needed).
 */
import { parseArgs } from 'node:util';
import { createDbAdapter, createPlatformClient, createPool, DEFAULT_DATABASE_URL, findOrganizationBySlug, migrateService } from '@finance/platform';
import { createStatementClient } from './data-access/db';
import { clearStatementData, MAX_SEED_ROWS, seedStatementData } from './seed-data';
import { statementService } from './service';

const USAGE = 'usage: pnpm --filter statement seed -- --org <slug> --rows <N> [--accounts <N>] [--years <N>] [--reset]';

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}\n${USAGE}`);
  return n;
}

async function main(): Promise<void> {
  // pnpm passes the `--` that separates its own options through to the script.
  const args = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
  const { values } = parseArgs({
    args,
    options: {
      org: { type: 'string' },
      rows: { type: 'string' },
      accounts: { type: 'string' },
      years: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  if (!values.org) throw new Error(`--org is required\n${USAGE}`);
  const rows = whole('rows', values.rows, 10_000, 1, MAX_SEED_ROWS);
  const accounts = whole('accounts', values.accounts, 10, 1, 100);
  const years = whole('years', values.years, 3, 1, 20);

  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await migrateService(databaseUrl, statementService.schema, statementService.migrationsDir);
  const pool = createPool(databaseUrl, { max: 2, applicationName: 'statement-seed' });
  const adapter = createDbAdapter(pool);
  const platformDb = createPlatformClient(adapter);
  const db = createStatementClient(adapter);
  try {
    const org = await findOrganizationBySlug(platformDb, values.org).catch(() => {
      throw new Error(`organization '${values.org}' not found; create it first: pnpm admin orgs create ${values.org}`);
    });
    if (values.reset) await clearStatementData(db, org.id);
    const result = await seedStatementData(db, { orgId: org.id, rows, accounts, years });
    console.log(JSON.stringify({ org: org.slug, ...result }, null, 2));
  } finally {
    await db.$disconnect();
    await platformDb.$disconnect();
    await pool.end();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
