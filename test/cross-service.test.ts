// Organizations and keys are shared: one key works in every service, with the same organization and
// scopes, and each service enforces the scopes its own routes need.
import request from 'supertest';
import { createClient, type FinanceClient } from '@finance/client';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
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

function clientOf(key: TestKey): FinanceClient {
  const [snapshot, ledger, statement] = services;
  return createClient({ snapshot: snapshot!.baseUrl, ledger: ledger!.baseUrl, statement: statement!.baseUrl, key: key.key, secret: key.secret });
}

const whoamiEverywhere = (api: FinanceClient) =>
  Promise.all([api.snapshot.GET('/api/v1/whoami'), api.ledger.GET('/api/v1/whoami'), api.statement.GET('/api/v1/whoami')]);

test('one key: the same organization and scopes from every service', async () => {
  const [snapshot] = services;
  const { org } = await makeOrg(snapshot!.deps.platformDb, 'xsvc');
  const key = await makeKey(snapshot!.deps.platformDb, org, 'custom', 'transactions:read,widget:read');
  const api = clientOf(key);
  for (const res of await whoamiEverywhere(api)) {
    expect(res.response.status).toBe(200);
    expect(res.data?.data).toEqual({
      org: { id: org.id, slug: org.slug, name: org.slug },
      key: key.key,
      preset: 'custom',
      scopes: { transactions: ['read'], widget: ['read'] },
      expires_at: null,
    });
  }
  // Its scopes are enforced where they matter: widget:read but not widget:create in the snapshot service.
  expect((await api.snapshot.GET('/api/v1/widgets')).response.status).toBe(200);
  expect((await api.snapshot.POST('/api/v1/widgets', { body: { name: 'x' } })).response.status).toBe(403);
});

test('a revoked key is refused by every service within 5 seconds', async () => {
  const [snapshot] = services;
  const { org } = await makeOrg(snapshot!.deps.platformDb, 'xsvc-rev');
  const key = await makeKey(snapshot!.deps.platformDb, org, 'full_access');
  const api = clientOf(key);
  expect((await whoamiEverywhere(api)).map((res) => res.response.status)).toEqual([200, 200, 200]);
  await revokeApiKey(snapshot!.deps.platformDb, key.key);
  await new Promise((r) => setTimeout(r, 4_600));
  expect((await whoamiEverywhere(api)).map((res) => res.response.status)).toEqual([401, 401, 401]);
});

// Raw HTTP: a route no service has is outside the client's types.
test('bad credentials are a 401 from every service, whatever the route', async () => {
  for (const s of services) {
    const res = await request(s.baseUrl).get('/api/v1/anything').set({ 'api-key': 'fk_nope', 'api-secret': 'nope' }).expect(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  }
});
