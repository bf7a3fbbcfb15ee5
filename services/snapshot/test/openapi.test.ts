import request from 'supertest';
import { documentedRoutes, registeredApiRoutes, startTestService, type TestService } from '@finance/platform/testing';
import { buildSnapshotApp } from '../src/app';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService('snapshot', buildSnapshotApp);
});
afterAll(() => svc.close());

test('the OpenAPI document needs no key and lists exactly the routes the app registered', async () => {
  const res = await request(svc.baseUrl).get('/api/v1/openapi.json').expect(200);
  expect(res.body.openapi).toBe('3.1.0');
  const registered = registeredApiRoutes(svc.app);
  expect(registered).toContain('POST /api/v1/widgets/{widget_id}/snapshots');
  expect(documentedRoutes(res.body)).toEqual(registered);
});

test('operations carry their permission, parameters and body schema from the zod schemas', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  const push = doc.paths['/api/v1/widgets/{widget_id}/snapshots'].post;
  expect(push['x-permission']).toBe('snapshot:create');
  expect(push.requestBody.content['application/json'].schema).toMatchObject({
    type: 'object',
    required: ['data'],
    properties: { data: { type: 'object', required: ['value'], properties: { value: { type: 'number' } } } },
  });
  const history = doc.paths['/api/v1/widgets/{widget_id}/snapshots'].get;
  expect(history.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['widget_id', 'page', 'limit', 'fields', 'created_at_from', 'created_at_to', 'sort_by', 'sort_order']),
  );
  expect(doc.paths['/api/v1/widgets/{widget_id}'].delete.responses['204']).toBeDefined();
});

test('a widget GET answers the Widget component, and documents its 404', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  const responses = doc.paths['/api/v1/widgets/{widget_id}'].get.responses;
  expect(responses['200'].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/Widget' });
  expect(doc.components.schemas.Widget).toMatchObject({ type: 'object', properties: { latest_snapshot: expect.anything(), tags: { type: 'array' } } });
  expect(responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
});

test('/docs is a browsable reference page served without a key', async () => {
  const page = await request(svc.baseUrl).get('/docs').expect(200);
  expect(page.text).toContain('/docs/assets/swagger-ui-bundle.js');
  await request(svc.baseUrl).get('/docs/assets/swagger-ui-bundle.js').expect(200);
  expect((await request(svc.baseUrl).get('/docs/init.js').expect(200)).text).toContain('/api/v1/openapi.json');
});

test('/metrics exposes request counts and latency by route pattern, and the pool', async () => {
  const { makeOrg } = await import('@finance/platform/testing');
  const { full } = await makeOrg(svc.deps.platformDb, 'metrics');
  await request(svc.baseUrl).get('/api/v1/widgets').set(full.headers).expect(200);
  await request(svc.baseUrl).get('/api/v1/widgets/018f0000-0000-7000-8000-000000000000').set(full.headers).expect(404);
  const text = (await request(svc.baseUrl).get('/metrics').expect(200)).text;
  expect(text).toMatch(/http_requests_total\{[^}]*method="GET",route="\/api\/v1\/widgets",status="200"[^}]*\} 1/);
  expect(text).toMatch(/http_requests_total\{[^}]*route="\/api\/v1\/widgets\/:widget_id",status="404"/);
  expect(text).toMatch(/http_request_duration_seconds_bucket\{/);
  expect(text).toMatch(/db_pool_connections\{service="snapshot"\} \d+/);
  expect(text).not.toContain('018f0000-0000-7000-8000-000000000000');
});
