// Contract section 5: an organization created through the admin CLI is seeded with the system groups. The
// seed is the ledger's SQL function, run by the CLI through the ledger's organization hook (README, "Seeding"):
// no import of the ledger, and no running ledger needed.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { createApiKey, createPool, findOrganizationBySlug, migrate, PLATFORM_MIGRATIONS_DIR, ensureDatabase } from '@finance/platform';
import { startTestService, TEST_DATABASE_URL, uniqueSlug, type TestService } from '@finance/platform/testing';
import { runAdmin } from '../../../packages/admin/src/cli';
import { buildLedgerApp } from '../src/app';
import { SYSTEM_GROUPS } from '../src/domain/chart';
import { ledgerService } from '../src/service';
import { SYSTEM_KEYS } from './helpers';

const ROOT = join(__dirname, '..', '..', '..');
const previousUrl = process.env.DATABASE_URL;
let svc: TestService;
beforeAll(async () => {
  // The CLI reads DATABASE_URL; point it at the test database for this file.
  process.env.DATABASE_URL = TEST_DATABASE_URL;
  svc = await startTestService('ledger', buildLedgerApp);
});
afterAll(async () => {
  process.env.DATABASE_URL = previousUrl;
  await svc.close();
});

const systemRows = async (orgId: string) =>
  (
    await svc.deps.pool.query(
      `SELECT a.source_ref AS key, a.name, a.type, p.source_ref AS parent, a.is_group, a.status
       FROM ledger.accounts a LEFT JOIN ledger.accounts p ON p.id = a.parent_id
      WHERE a.org_id = $1 AND a.source = 'system' ORDER BY a.source_ref`,
      [orgId],
    )
  ).rows;

test('orgs create (the real CLI process, no ledger code loaded) seeds the 14 system groups; a later seed finds them all', async () => {
  const slug = uniqueSlug('ledger-cli');
  const { stdout } = await promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), ['packages/admin/src/cli.ts', 'orgs', 'create', slug, '--json'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL },
  });
  const org = JSON.parse(stdout);
  expect(org).toEqual({ id: expect.any(String), slug, name: slug });
  const rows = await systemRows(org.id);
  expect(rows.map((r) => r.key)).toEqual([...SYSTEM_KEYS].sort());
  expect(rows.every((r) => r.is_group && r.status === 'active')).toBe(true);

  const key = await createApiKey(svc.deps.platformDb, { orgSlug: slug, preset: 'full_access' });
  const seed = await request(svc.baseUrl).post('/api/v1/accounts/seed').set({ 'api-key': key.key, 'api-secret': key.secret }).expect(200);
  expect(seed.body.data).toEqual({ created: [], existing: [...SYSTEM_KEYS] });

  // The hook itself is idempotent: running it again adds nothing.
  await svc.deps.pool.query('SELECT ledger.on_organization_created($1)', [org.id]);
  const again = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.accounts WHERE org_id = $1`, [org.id]);
  expect(again.rows[0].n).toBe(14);
});

test('the SQL seed creates exactly the groups chart.ts names: keys in order, names, types and parents', async () => {
  const slug = uniqueSlug('ledger-cli');
  await runAdmin(['orgs', 'create', slug], () => undefined);
  const org = await findOrganizationBySlug(svc.deps.platformDb, slug);
  const byKey = new Map((await systemRows(org.id)).map((r) => [r.key, r]));
  expect(SYSTEM_GROUPS.map((g) => [g.key, g.name, g.type, g.parent])).toEqual(
    SYSTEM_GROUPS.map((g) => [g.key, byKey.get(g.key)?.name, byKey.get(g.key)?.type, byKey.get(g.key)?.parent]),
  );
  const seeded = await svc.deps.pool.query('SELECT group_key FROM ledger.seed_system_groups($1)', [org.id]);
  expect(seeded.rows.map((r) => r.group_key)).toEqual(SYSTEM_GROUPS.map((g) => g.key));
});

test('a slug that already exists fails before the hook runs, and seeds nothing twice', async () => {
  const slug = uniqueSlug('ledger-cli');
  await runAdmin(['orgs', 'create', slug], () => undefined);
  await expect(runAdmin(['orgs', 'create', slug], () => undefined)).rejects.toThrow(`organization '${slug}' already exists`);
  const org = await findOrganizationBySlug(svc.deps.platformDb, slug);
  const { rows } = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.accounts WHERE org_id = $1`, [org.id]);
  expect(rows[0].n).toBe(14);
});

test('an organization the CLI created before the ledger was installed is seeded when the ledger migrates', async () => {
  // A database of this test's own: the platform only, as before the ledger's first start.
  const url = new URL(TEST_DATABASE_URL);
  const dbName = `${url.pathname.slice(1)}_hook_${process.pid}`;
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const admin = createPool(TEST_DATABASE_URL, { max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await ensureDatabase(databaseUrl);
    await migrate({ databaseUrl, schema: 'platform', migrationsDir: PLATFORM_MIGRATIONS_DIR });
    process.env.DATABASE_URL = databaseUrl;
    const out: string[] = [];
    await runAdmin(['orgs', 'create', 'early-bird'], (line) => out.push(line));
    expect(out[1]).toMatch(/no service has installed an organization hook/);

    await migrate({ databaseUrl, schema: ledgerService.schema, migrationsDir: ledgerService.migrationsDir });
    const pool = createPool(databaseUrl, { max: 1 });
    try {
      const { rows } = await pool.query(
        `SELECT a.source_ref FROM ledger.accounts a JOIN platform.organizations o ON o.id = a.org_id WHERE o.slug = 'early-bird' ORDER BY 1`,
      );
      expect(rows.map((r) => r.source_ref)).toEqual([...SYSTEM_KEYS].sort());
      const later: string[] = [];
      await runAdmin(['orgs', 'create', 'late-bird'], (line) => later.push(line));
      expect(later[1]).toBe('ran ledger.on_organization_created');
    } finally {
      await pool.end();
    }
  } finally {
    process.env.DATABASE_URL = TEST_DATABASE_URL;
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
});
