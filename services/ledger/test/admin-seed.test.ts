// Contract section 5: an organization created through the admin CLI is seeded with the system groups.
import request from 'supertest';
import { createApiKey, findOrganizationBySlug } from '@finance/platform';
import { startTestService, TEST_DATABASE_URL, uniqueSlug, type TestService } from '@finance/platform/testing';
import { runAdmin } from '../../../packages/admin/src/cli';
import { buildLedgerApp } from '../src/app';
import { seedLedgerOrg } from '../src/seed-org';
import { SYSTEM_KEYS } from './helpers';

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

test('orgs create runs the ledger hook: the new organization has the 14 system groups, and a later seed finds them all', async () => {
  const slug = uniqueSlug('ledger-cli');
  const out: string[] = [];
  await runAdmin(['orgs', 'create', slug, '--json'], (line) => out.push(line), [seedLedgerOrg]);
  const org = JSON.parse(out.join('\n'));
  expect(org).toEqual({ id: expect.any(String), slug, name: slug });

  const { rows } = await svc.deps.pool.query(
    `SELECT source_ref, is_group, status FROM ledger.accounts WHERE org_id = $1 AND source = 'system' ORDER BY source_ref`,
    [org.id],
  );
  expect(rows.map((r) => r.source_ref)).toEqual([...SYSTEM_KEYS].sort());
  expect(rows.every((r) => r.is_group && r.status === 'active')).toBe(true);

  const key = await createApiKey(svc.deps.platformDb, { orgSlug: slug, preset: 'full_access' });
  const seed = await request(svc.baseUrl).post('/api/v1/accounts/seed').set({ 'api-key': key.key, 'api-secret': key.secret }).expect(200);
  expect(seed.body.data).toEqual({ created: [], existing: [...SYSTEM_KEYS] });

  // The hook itself is idempotent: running it again adds nothing.
  await seedLedgerOrg(await findOrganizationBySlug(svc.deps.platformDb, slug), TEST_DATABASE_URL);
  const again = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.accounts WHERE org_id = $1`, [org.id]);
  expect(again.rows[0].n).toBe(14);
});

test('a slug that already exists fails before the hook runs, and seeds nothing twice', async () => {
  const slug = uniqueSlug('ledger-cli');
  await runAdmin(['orgs', 'create', slug], () => undefined, [seedLedgerOrg]);
  await expect(runAdmin(['orgs', 'create', slug], () => undefined, [seedLedgerOrg])).rejects.toThrow(`organization '${slug}' already exists`);
  const org = await findOrganizationBySlug(svc.deps.platformDb, slug);
  const { rows } = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.accounts WHERE org_id = $1`, [org.id]);
  expect(rows[0].n).toBe(14);
});
