// Issue 12: routes declare what they answer, and under test every answer is checked against it: a body its
// schema refuses, or a status it does not declare, becomes a 500 that names the problem, so the test fails.
import request from 'supertest';
import { z } from 'zod';
import { BusinessRuleError, ConflictError, createApp, created, defineRoute, fieldsOf, listReply, ok, view, type ServiceDeps } from '../src';
import { routeResponses } from '../src/http/responses';
import { makeOrg, startTestService, type TestKey, type TestService } from '../src/testing';

const thing = z.strictObject({ id: view.id, name: z.string(), created_at: view.timestamp }).meta({ id: 'Thing' });
const ID = '018f0000-0000-7000-8000-000000000001';
const NOW = '2026-11-24T10:00:00.000Z';

const routes = [
  defineRoute({
    method: 'get',
    path: '/things',
    permission: 'widget:read',
    summary: 'a list whose rows are checked before the field selection',
    list: { fields: fieldsOf(thing) },
    response: thing,
    handler: async ({ list }) => listReply(list, [{ id: ID, name: 'one', created_at: NOW }], 1),
  }),
  defineRoute({
    method: 'get',
    path: '/leaky',
    permission: 'widget:read',
    summary: 'answers a field its schema does not have',
    response: thing,
    handler: async () => ok({ id: ID, name: 'one', created_at: NOW, org_id: 'internal' } as z.input<typeof thing>),
  }),
  defineRoute({
    method: 'get',
    path: '/dates',
    permission: 'widget:read',
    summary: 'answers a timestamp in a shape the contract does not use',
    response: thing,
    handler: async () => ok({ id: ID, name: 'one', created_at: '24/11/2026' }),
  }),
  defineRoute({
    method: 'post',
    path: '/things',
    permission: 'widget:create',
    summary: 'declares its 409, not its 422',
    body: z.strictObject({ outcome: z.enum(['created', 'conflict', 'rule']) }),
    response: thing,
    errors: { 409: 'DUPLICATE: a thing with this name exists' },
    handler: async ({ body }) => {
      if (body.outcome === 'conflict') throw new ConflictError('DUPLICATE', 'exists');
      if (body.outcome === 'rule') throw new BusinessRuleError('RULE', 'refused');
      return created({ id: ID, name: 'new', created_at: NOW });
    },
  }),
];

let svc: TestService;
let off: TestService;
let key: TestKey;
const build = (validateResponses?: boolean) => async (deps: ServiceDeps) => ({
  app: createApp({ service: 'responses', routes, authenticator: deps.authenticator, logger: deps.logger, readiness: {}, validateResponses }),
});
beforeAll(async () => {
  [svc, off] = await Promise.all([startTestService('responses', build()), startTestService('responses', build(false))]);
  ({ full: key } = await makeOrg(svc.deps.platformDb, 'resp'));
});
afterAll(() => Promise.all([svc.close(), off.close()]));

test('an answer that keeps its declaration goes out as it is, with the field selection applied after the check', async () => {
  const res = await request(svc.baseUrl).get('/api/v1/things?fields=name').set(key.headers).expect(200);
  expect(res.body).toEqual({ data: [{ name: 'one' }], page_context: { count: 1, page: 1, per_page: 100, total: 1, has_more: false } });
  await request(svc.baseUrl).post('/api/v1/things').set(key.headers).send({ outcome: 'created' }).expect(201);
  const conflict = await request(svc.baseUrl).post('/api/v1/things').set(key.headers).send({ outcome: 'conflict' }).expect(409);
  expect(conflict.body.error.code).toBe('DUPLICATE');
});

test('a key the schema does not have, or a value in the wrong shape, is a 500 naming the problem', async () => {
  const leaky = await request(svc.baseUrl).get('/api/v1/leaky').set(key.headers).expect(500);
  expect(leaky.body.error.code).toBe('RESPONSE_CONTRACT_VIOLATION');
  expect(leaky.body.error.message).toMatch(/GET \/api\/v1\/leaky answered 200 with a body its declared schema refuses: data: .*org_id/);
  const dates = await request(svc.baseUrl).get('/api/v1/dates').set(key.headers).expect(500);
  expect(dates.body.error.message).toMatch(/data\.created_at/);
});

test('an error status the route does not declare is a 500 naming it', async () => {
  const res = await request(svc.baseUrl).post('/api/v1/things').set(key.headers).send({ outcome: 'rule' }).expect(500);
  expect(res.body.error).toMatchObject({
    code: 'RESPONSE_CONTRACT_VIOLATION',
    message: expect.stringContaining('answered 422, a status its declaration does not list'),
  });
});

test('outside tests nothing is checked: production does not pay for it', async () => {
  const { full } = await makeOrg(off.deps.platformDb, 'resp-off');
  await request(off.baseUrl).get('/api/v1/leaky').set(full.headers).expect(200);
  await request(off.baseUrl).post('/api/v1/things').set(full.headers).send({ outcome: 'rule' }).expect(422);
});

test('the declared statuses: derived from the declaration plus what the route names', () => {
  const post = routes[3]!;
  expect([...routeResponses(post).keys()]).toEqual([201, 400, 401, 403, 409, 413, 415, 429, 500, 503]);
  expect(routeResponses(post).get(409)?.description).toBe('DUPLICATE: a thing with this name exists');
  expect(
    routeResponses(routes[0]!)
      .get(200)
      ?.body?.safeParse({ data: [], page_context: { count: 0, page: 1, per_page: 1, total: 0, has_more: false } }).success,
  ).toBe(true);
});
