// Organizations and keys are shared: one key works in every service, with the same organization and
// scopes, and each service enforces the scopes its own routes need.
import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestService } from '@finance/platform/testing';
import { revokeApiKey } from '@finance/platform';
import { buildSnapshotApp } from '../services/snapshot/src/app';
import { buildLedgerApp } from '../services/ledger/src/app';
import { buildStatementApp } from '../services/statement/src/app';

let services: TestService[];
beforeAll(async () => {
  services = await Promise.all([
    startTestService('snapshot', buildSnapshotApp),
    startTestService('ledger', buildLedgerApp),
    startTestService('statement', buildStatementApp),
  ]);
});
afterAll(() => Promise.all(services.map((s) => s.close())));

test('one key: the same organization and scopes from every service', async () => {
  const [snapshot] = services;
  const { org } = await makeOrg(snapshot!.deps.platformDb, 'xsvc');
  const key = await makeKey(snapshot!.deps.platformDb, org, 'custom', 'transactions:read,widget:read');
  const answers = await Promise.all(services.map((s) => request(s.baseUrl).get('/api/v1/whoami').set(key.headers).expect(200)));
  for (const res of answers) {
    expect(res.body.data).toEqual({
      org: { id: org.id, slug: org.slug, name: org.slug },
      key: key.key,
      preset: 'custom',
      scopes: { transactions: ['read'], widget: ['read'] },
      expires_at: null,
    });
  }
  // Its scopes are enforced where they matter: widget:read but not widget:create in the snapshot service.
  await request(snapshot!.baseUrl).get('/api/v1/widgets').set(key.headers).expect(200);
  await request(snapshot!.baseUrl).post('/api/v1/widgets').set(key.headers).send({ name: 'x' }).expect(403);
});

test('a revoked key is refused by every service within 5 seconds', async () => {
  const [snapshot] = services;
  const { org } = await makeOrg(snapshot!.deps.platformDb, 'xsvc-rev');
  const key = await makeKey(snapshot!.deps.platformDb, org, 'full_access');
  await Promise.all(services.map((s) => request(s.baseUrl).get('/api/v1/whoami').set(key.headers).expect(200)));
  await revokeApiKey(snapshot!.deps.platformDb, key.key);
  await new Promise((r) => setTimeout(r, 4_600));
  for (const s of services) await request(s.baseUrl).get('/api/v1/whoami').set(key.headers).expect(401);
});

test('bad credentials are a 401 from every service, whatever the route', async () => {
  for (const s of services) {
    const res = await request(s.baseUrl).get('/api/v1/anything').set({ 'api-key': 'fk_nope', 'api-secret': 'nope' }).expect(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  }
});
