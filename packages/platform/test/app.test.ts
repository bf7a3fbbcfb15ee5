import request from 'supertest';
import { z } from 'zod';
import { createApp, created, defineRoute, idParam, listReply, ok, q, revokeApiKey, type ServiceDeps } from '../src';
import { makeKey, makeOrg, manualClock, startTestService, type TestKey, type TestService } from '../src/testing';

// A small app on the real platform skeleton, with routes that exercise every convention.
const routes = [
  defineRoute({
    method: 'get',
    path: '/things',
    permission: 'widget:read',
    summary: 'list',
    query: z.object({ include_extra: q.boolean().optional() }),
    list: {
      fields: ['id', 'name'],
      filters: { status: q.enum(['a', 'b']) },
      ranges: { created_at: 'timestamp', date: 'date' },
      sort: { columns: ['created_at'], default: 'created_at' },
    },
    response: z.strictObject({ id: z.string(), name: z.string(), echo: z.record(z.string(), z.unknown()) }),
    handler: async ({ list, query }) => listReply(list, [{ id: '1', name: 'one', echo: { filters: list.filters, query } }], 1),
  }),
  defineRoute({
    method: 'post',
    path: '/things',
    permission: 'widget:create',
    summary: 'create',
    body: z.strictObject({ name: z.string().min(1), amount: z.number().int() }),
    response: z.strictObject({ name: z.string(), amount: z.number().int() }),
    handler: async ({ body }) => created(body),
  }),
  defineRoute({
    method: 'post',
    path: '/things/:thing_id/run',
    permission: 'widget:edit',
    summary: 'optional body',
    params: z.object({ thing_id: z.uuid() }),
    body: z.strictObject({ force_all: z.boolean().default(false) }).optional(),
    bodyOptional: true,
    status: 200,
    response: z.strictObject({ id: z.uuid(), force_all: z.boolean() }),
    handler: async ({ params, body }) => ok({ id: params.thing_id, force_all: body?.force_all ?? false }),
  }),
  defineRoute({
    method: 'get',
    path: '/things/:thing_id',
    permission: 'widget:read',
    summary: 'one record with field selection',
    params: idParam('thing_id'),
    fields: ['id', 'name', 'secret_level'],
    response: z.strictObject({ id: z.string(), name: z.string(), secret_level: z.number().int() }),
    handler: async ({ params }) => ok({ id: params.thing_id, name: 'one', secret_level: 3 }),
  }),
  defineRoute({
    method: 'get',
    path: '/boom',
    permission: 'widget:read',
    summary: 'a bug',
    response: z.null(),
    handler: async () => {
      throw new Error('secret internal detail');
    },
  }),
];

let svc: TestService;
let full: TestKey;
let pushOnly: TestKey;
let orgId: string;
/** The key check's clock: expiry and the key cache's lifetime are judged by the instants the tests set. */
const clock = manualClock();
const build = async (deps: ServiceDeps) => ({
  app: createApp({
    service: 'test',
    routes,
    authenticator: deps.authenticator,
    logger: deps.logger,
    readiness: { database: () => deps.pool.query('SELECT 1') },
  }),
});
const api = () => request(svc.baseUrl);

beforeAll(async () => {
  svc = await startTestService('test', build, {}, { clock });
  const made = await makeOrg(svc.deps.platformDb, 'plat');
  full = made.full;
  orgId = made.org.id;
  pushOnly = await makeKey(svc.deps.platformDb, made.org, 'push_only');
});
afterAll(() => svc.close());

describe('authentication', () => {
  test('a valid key passes', async () => {
    await api().get('/api/v1/things').set(full.headers).expect(200);
  });

  test.each([
    ['no headers', {}],
    ['only api-key', { 'api-key': 'k' }],
    ['only api-secret', { 'api-secret': 's' }],
    ['empty values', { 'api-key': '', 'api-secret': '' }],
    ['an unknown key', { 'api-key': 'fk_000000000000000000000000', 'api-secret': 'x' }],
  ])('%s: 401 UNAUTHORIZED', async (_name, headers) => {
    const res = await api()
      .get('/api/v1/things')
      .set(headers as Record<string, string>)
      .expect(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', request_id: res.headers['x-request-id'] });
  });

  test('the right key with a wrong secret: 401', async () => {
    await api()
      .get('/api/v1/things')
      .set({ 'api-key': full.key, 'api-secret': `${full.secret}x` })
      .expect(401);
  });

  test('bearer tokens and cookies are not authentication', async () => {
    await api()
      .get('/api/v1/things')
      .set({ authorization: `Bearer ${full.secret}`, cookie: `api-key=${full.key}` })
      .expect(401);
  });

  test('an expired key: 401', async () => {
    const made = await makeOrg(svc.deps.platformDb, 'plat-exp');
    const expired = await makeKey(svc.deps.platformDb, made.org, 'full_access', undefined, new Date(clock() - 1000));
    const res = await api().get('/api/v1/whoami').set(expired.headers).expect(401);
    expect(res.body.error.message).toMatch(/expired/);
  });

  test('a key that expires while cached stops working at its instant', async () => {
    const made = await makeOrg(svc.deps.platformDb, 'plat-exp2');
    const soon = await makeKey(svc.deps.platformDb, made.org, 'full_access', undefined, new Date(clock() + 1500));
    await api().get('/api/v1/whoami').set(soon.headers).expect(200);
    clock.advance(1500);
    await api().get('/api/v1/whoami').set(soon.headers).expect(200); // its last millisecond
    clock.advance(1);
    await api().get('/api/v1/whoami').set(soon.headers).expect(401);
  });

  test('a revoked key stops working within 5 seconds, even while cached', async () => {
    const made = await makeOrg(svc.deps.platformDb, 'plat-rev');
    const key = await makeKey(svc.deps.platformDb, made.org, 'full_access');
    await api().get('/api/v1/whoami').set(key.headers).expect(200); // now cached
    await revokeApiKey(svc.deps.platformDb, key.key);
    clock.advance(5_000);
    await api().get('/api/v1/whoami').set(key.headers).expect(401);
  });
});

describe('the order of checks: credentials, route, permission, input', () => {
  test('bad credentials on an unknown route: 401', async () => {
    await api().get('/api/v1/nowhere').expect(401);
  });
  test('good credentials on an unknown route or method: 404 NOT_FOUND in the error shape', async () => {
    const res = await api().get('/api/v1/nowhere').set(full.headers).expect(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('/api/v1/nowhere'), request_id: expect.any(String) });
    await api().delete('/api/v1/things').set(full.headers).expect(404);
  });
  test('outside /api/v1 an unknown path is a 404 in the same shape, without credentials', async () => {
    const res = await api().get('/favicon.ico').expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
  test('a key without the permission: 403 FORBIDDEN, even with invalid input', async () => {
    const res = await api().post('/api/v1/things').set(pushOnly.headers).send({ nonsense: true }).expect(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('widget:create') });
  });
  test('with the permission, invalid input: 400', async () => {
    const res = await api().post('/api/v1/things').set(full.headers).send({ name: '', amount: 1.5 }).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'name', message: expect.any(String) },
        { path: 'amount', message: expect.any(String) },
      ],
    });
    expect(res.body.error.message).toMatch(/^name: .*\(and 1 more problem\)$/);
  });
});

describe('bodies', () => {
  test('415 for a JSON endpoint called with another content type', async () => {
    const res = await api().post('/api/v1/things').set(full.headers).set('content-type', 'application/x-www-form-urlencoded').send('name=x').expect(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
  test('malformed JSON and a JSON primitive are 400', async () => {
    for (const raw of ['{"name":', '"just a string"', '42']) {
      const res = await api().post('/api/v1/things').set(full.headers).set('content-type', 'application/json').send(raw).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
  test('a missing body where one is required is 400 naming body', async () => {
    const res = await api().post('/api/v1/things').set(full.headers).expect(400);
    expect(res.body.error.message).toBe('body: a JSON body is required');
  });
  test('413 PAYLOAD_TOO_LARGE over 1 MiB', async () => {
    const res = await api()
      .post('/api/v1/things')
      .set(full.headers)
      .set('content-type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(1_100_000), amount: 1 }))
      .expect(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
  test('unknown keys are named', async () => {
    const res = await api().post('/api/v1/things').set(full.headers).send({ name: 'a', amount: 1, colour: 'red' }).expect(400);
    expect(res.body.error.message).toBe('colour: unknown field');
  });
  test('an optional body may be left out, or sent', async () => {
    const id = '018f0000-0000-7000-8000-000000000001';
    expect((await api().post(`/api/v1/things/${id}/run`).set(full.headers).expect(200)).body.data).toEqual({ id, force_all: false });
    expect((await api().post(`/api/v1/things/${id}/run`).set(full.headers).send({ force_all: true }).expect(200)).body.data.force_all).toBe(true);
    await api().post(`/api/v1/things/${id}/run`).set(full.headers).send({ force_all: 'yes' }).expect(400);
  });
  test('a malformed path id is a 404 naming it', async () => {
    const res = await api().post('/api/v1/things/123/run').set(full.headers).expect(404);
    expect(res.body.error.message).toMatch(/^thing_id '123'/);
  });
});

describe('lists through the app', () => {
  test('filters, extra query params and the envelope', async () => {
    const res = await api().get('/api/v1/things?status=a&include_extra=true').set(full.headers).expect(200);
    expect(res.body).toEqual({
      data: [{ id: '1', name: 'one', echo: { filters: { status: 'a' }, query: { include_extra: true } } }],
      page_context: { count: 1, page: 1, per_page: 100, total: 1, has_more: false },
    });
  });
  test.each([
    ['limit=501', 'limit'],
    ['status=c', 'status'],
    ['include_extra=1', 'include_extra'],
    ['created_at_from=2026-01-01', 'created_at_from'],
    ['date_from=2026-03-01&date_to=2026-02-01', 'date_from'],
    ['stauts=a', 'stauts'],
    ['status=a&status=b', 'status'],
  ])('%s: 400 naming %s', async (qs, name) => {
    const res = await api().get(`/api/v1/things?${qs}`).set(full.headers).expect(400);
    expect(res.body.error.message.startsWith(`${name}:`)).toBe(true);
  });
});

describe('field selection on one record', () => {
  const id = '018f0000-0000-7000-8000-000000000002';
  test('fields selects known names, ignores unknown ones, and none known means all', async () => {
    expect((await api().get(`/api/v1/things/${id}?fields=name,nope`).set(full.headers).expect(200)).body).toEqual({ data: { name: 'one' } });
    expect((await api().get(`/api/v1/things/${id}?fields=nope`).set(full.headers).expect(200)).body.data).toEqual({ id, name: 'one', secret_level: 3 });
    expect((await api().get(`/api/v1/things/${id}`).set(full.headers).expect(200)).body.data).toEqual({ id, name: 'one', secret_level: 3 });
  });
  test('other query parameters are still refused', async () => {
    expect((await api().get(`/api/v1/things/${id}?limit=2`).set(full.headers).expect(400)).body.error.message).toMatch(/^limit: unknown/);
  });
});

describe('every response', () => {
  test('carries an x-request-id, echoing a sane one the client sent', async () => {
    const mine = await api().get('/api/v1/whoami').set(full.headers).set('x-request-id', 'client-req-42').expect(200);
    expect(mine.headers['x-request-id']).toBe('client-req-42');
    const made = await api().get('/api/v1/whoami').set(full.headers).set('x-request-id', 'bad id with spaces').expect(200);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const err = await api().get('/api/v1/nowhere').set('x-request-id', 'e-1').expect(401);
    expect(err.body.error.request_id).toBe('e-1');
  });
  test('has helmet headers', async () => {
    const res = await api().get('/healthz').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
  test('a bug is a 500 INTERNAL that reveals nothing', async () => {
    const res = await api().get('/api/v1/boom').set(full.headers).expect(500);
    expect(res.body.error).toEqual({ code: 'INTERNAL', message: expect.any(String), request_id: res.headers['x-request-id'] });
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
  });
});

describe('whoami', () => {
  test('returns the organization, key, preset, scopes and expiry', async () => {
    const res = await api().get('/api/v1/whoami').set(pushOnly.headers).expect(200);
    expect(res.body).toEqual({
      data: {
        org: { id: orgId, slug: expect.any(String), name: expect.any(String) },
        key: pushOnly.key,
        preset: 'push_only',
        scopes: { snapshot: ['read', 'create'], widget: ['read'] },
        expires_at: null,
      },
    });
  });
});

describe('health', () => {
  test('/healthz and /readyz need no key', async () => {
    await api().get('/healthz').expect(200);
    expect((await api().get('/readyz').expect(200)).body.checks).toEqual({ database: 'ok' });
  });
  test('/readyz is 503 when a dependency does not answer', async () => {
    const app = createApp({
      service: 'test',
      routes: [],
      authenticator: svc.deps.authenticator,
      logger: svc.deps.logger,
      readiness: { database: () => Promise.reject(new Error('connection refused')) },
    });
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body.error).toMatchObject({ code: 'NOT_READY', details: [{ path: 'database', message: 'error: connection refused' }] });
  });
});
