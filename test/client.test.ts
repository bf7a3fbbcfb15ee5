// Issue 12: the typed client (packages/client). Its generated types must be those of the routes as they are,
// and it must work against the real apps: JSON calls, typed error bodies, and a multipart upload; and (issue 23)
// the console backend's client, with a session cookie and the CSRF token.
import { createClient, createConsoleClient, createConsoleServiceClients, formData, type ApiError, type FinanceClient } from '@finance/client';
import { createMember } from '@finance/platform';
import { makeOrg, startTestService, type TestService } from '@finance/platform/testing';
import { fetchDocuments, readCommittedFiles, renderFiles, SERVICES } from '../scripts/generate-client';
import { buildConsoleApp } from '../services/console/src/app';
import { buildLedgerApp } from '../services/ledger/src/app';
import { buildSnapshotApp } from '../services/snapshot/src/app';
import { hdfcCsv } from '@finance/statement-readers/testing';
import { startPipeline, WAIT_MS, type PipelineHarness } from '../services/statement/test/pipeline-helpers';

let snapshot: TestService;
let ledger: TestService;
let consoleApp: TestService;
/** The statement app with a worker, on a queue of this file's own (the upload is processed). */
let h: PipelineHarness;
beforeAll(async () => {
  [snapshot, ledger, h] = await Promise.all([
    startTestService('snapshot', buildSnapshotApp),
    startTestService('ledger', buildLedgerApp),
    startPipeline('client'),
  ]);
  consoleApp = await startTestService('console', (deps) =>
    buildConsoleApp(deps, { services: { snapshot: snapshot.baseUrl, ledger: ledger.baseUrl, statement: h.svc.baseUrl } }),
  );
});
afterAll(async () => {
  await Promise.all([snapshot?.close(), ledger?.close(), h?.close(), consoleApp?.close()]);
});

const baseUrls = () => ({ snapshot: snapshot.baseUrl, ledger: ledger.baseUrl, statement: h.svc.baseUrl, console: consoleApp.baseUrl });

async function client(prefix: string): Promise<{ api: FinanceClient; org: { id: string; slug: string } }> {
  const { org, full } = await makeOrg(snapshot.deps.platformDb, prefix);
  return { api: createClient({ ...baseUrls(), key: full.key, secret: full.secret }), org };
}

test('the committed packages/client/src/generated files are what the services document now', async () => {
  // The script's own rendering, from the documents of the apps this file started.
  const generated = await renderFiles(await fetchDocuments(baseUrls()));
  const committed = await readCommittedFiles();
  const stale = SERVICES.filter((name) => generated[name] !== committed[name]).map((name) => `packages/client/src/generated/${name}.ts`);
  if (stale.length > 0)
    throw new Error(`${stale.join(', ')} no longer match the services' OpenAPI documents: run \`pnpm generate:client\` and commit the result`);
}, 120_000);

test('whoami from every service, a widget and a snapshot pushed to it', async () => {
  const { api, org } = await client('client');
  for (const who of await Promise.all([api.snapshot.GET('/api/v1/whoami'), api.ledger.GET('/api/v1/whoami'), api.statement.GET('/api/v1/whoami')])) {
    expect(who.response.status).toBe(200);
    expect(who.data?.data).toMatchObject({ org: { id: org.id, slug: org.slug }, preset: 'full_access', expires_at: null });
  }

  const widget = await api.snapshot.POST('/api/v1/widgets', { body: { name: 'Revenue', type: 'number' } });
  expect(widget.response.status).toBe(201);
  const widgetId = widget.data!.data.id;
  const pushed = await api.snapshot.POST('/api/v1/widgets/{widget_id}/snapshots', { params: { path: { widget_id: widgetId } }, body: { data: { value: 42 } } });
  expect(pushed.response.status).toBe(201);
  expect(pushed.data!.data).toMatchObject({ widget_id: widgetId, data: { value: 42 } });

  const history = await api.snapshot.GET('/api/v1/widgets/{widget_id}/snapshots', { params: { path: { widget_id: widgetId }, query: { limit: 10 } } });
  expect(history.data!.data.map((s) => s.id)).toEqual([pushed.data!.data.id]);
  expect(history.data!.page_context).toMatchObject({ total: 1, page: 1 });
});

test('an error answer is the typed error body', async () => {
  const { api } = await client('client-err');
  const missing = await api.snapshot.GET('/api/v1/widgets/{widget_id}', { params: { path: { widget_id: '018f0000-0000-7000-8000-000000000000' } } });
  expect(missing.response.status).toBe(404);
  expect(missing.data).toBeUndefined();
  const error: ApiError = missing.error!;
  expect(error.error).toMatchObject({ code: 'NOT_FOUND', request_id: expect.any(String) });

  const invalid = await api.snapshot.POST('/api/v1/widgets', { body: { name: '' } });
  expect(invalid.response.status).toBe(400);
  expect(invalid.error!.error.code).toBe('VALIDATION_ERROR');
  expect(invalid.error!.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'name' })]));
});

test('a statement uploads as multipart form data and is processed', async () => {
  const { api } = await client('client-upload');
  const csv = hdfcCsv(
    [
      { date: '01/04/24', particulars: 'UPI/412345678901/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
      { date: '02/04/24', particulars: 'NEFT/N123456789/ACME/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,750.00' },
    ],
    { accNo: `5010${Math.floor(Math.random() * 1e10)}` },
  );
  const uploaded = await api.statement.POST('/api/v1/statements', {
    body: { file: new File([csv], 'april.csv', { type: 'text/csv' }) },
    bodySerializer: formData,
  });
  expect(uploaded.response.status).toBe(201);
  const id = uploaded.data!.data.id;

  const deadline = Date.now() + WAIT_MS;
  let statement = (await api.statement.GET('/api/v1/statements/{statement_id}', { params: { path: { statement_id: id } } })).data!.data;
  while (statement.status === 'queued' || statement.status === 'processing') {
    if (Date.now() > deadline) throw new Error(`statement ${id} still ${statement.status}`);
    await new Promise((r) => setTimeout(r, 50));
    statement = (await api.statement.GET('/api/v1/statements/{statement_id}', { params: { path: { statement_id: id } } })).data!.data;
  }
  expect(statement).toMatchObject({ status: 'completed', transaction_count: 2 });
});

test('the console client signs in, then calls with the session cookie and, on writes, the CSRF token', async () => {
  const { org } = await makeOrg(consoleApp.deps.platformDb, 'client-console');
  const email = `admin-${org.slug}@example.com`;
  const { password } = await createMember(consoleApp.deps.platformDb, { orgSlug: org.slug, email, role: 'admin' });
  const signIn = await createConsoleClient(consoleApp.baseUrl).POST('/api/session', { body: { email, password } });
  expect(signIn.response.status).toBe(201);
  const session = signIn.data!.data;
  expect(session.member).toMatchObject({ email, role: 'admin', must_change_password: true });
  // Outside a browser the cookie is a header of the client's; in one, the browser sends it (same origin).
  const cookie = signIn.response.headers.get('set-cookie')!.split(';')[0]!;
  let csrf: string | undefined;
  const api = createConsoleClient(consoleApp.baseUrl, { headers: { cookie }, csrfToken: () => csrf });

  expect((await api.GET('/api/keys')).error!.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  const newPassword = { current_password: password, new_password: 'correct horse battery staple' };
  const withoutToken = await api.POST('/api/session/password', { body: newPassword });
  expect(withoutToken.response.status).toBe(403);
  expect(withoutToken.error!.error.code).toBe('CSRF_TOKEN_INVALID');
  csrf = session.csrf_token;
  expect((await api.POST('/api/session/password', { body: newPassword })).data!.data.member.must_change_password).toBe(false);

  const made = await api.POST('/api/keys', { body: { preset: 'read_only', name: 'from the console client' } });
  expect(made.response.status).toBe(201);
  const listed = await api.GET('/api/keys');
  expect(listed.data!.data.find((k) => k.key === made.data!.data.key)).toMatchObject({
    name: 'from the console client',
    preset: 'read_only',
    revoked_at: null,
  });
  const revoked = await api.DELETE('/api/keys/{key}', { params: { path: { key: made.data!.data.key } } });
  expect(revoked.response.status).toBe(204);

  // The three APIs through the console's pass-through: the services' typed paths without /api/v1, with the session.
  const services = createConsoleServiceClients(consoleApp.baseUrl, { headers: { cookie }, csrfToken: () => csrf });
  const whoami = await services.ledger.GET('/whoami');
  expect(whoami.data!.data).toMatchObject({ org: { slug: org.slug }, preset: 'full_access' });
  const widget = await services.snapshot.POST('/widgets', { body: { name: 'Through the console', type: 'number' } });
  expect(widget.response.status).toBe(201);
  const fetched = await services.snapshot.GET('/widgets/{widget_id}', { params: { path: { widget_id: widget.data!.data.id } } });
  expect(fetched.data!.data.name).toBe('Through the console');
  const csv = hdfcCsv([{ date: '01/04/24', particulars: 'UPI/1/SHOP/x', withdrawal: '10.00', deposit: '', balance: '90.00' }], {
    accNo: `5010${Math.floor(Math.random() * 1e10)}`,
  });
  const uploaded = await services.statement.POST('/statements', {
    body: { file: new File([csv], 'april.csv', { type: 'text/csv' }) },
    bodySerializer: formData,
  });
  expect(uploaded.response.status).toBe(201);
  csrf = undefined;
  const refused = await services.snapshot.POST('/widgets', { body: { name: 'no token' } });
  expect(refused.error!.error.code).toBe('CSRF_TOKEN_INVALID');
});
