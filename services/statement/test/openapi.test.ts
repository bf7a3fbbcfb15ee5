import request from 'supertest';
import { documentedRoutes, registeredApiRoutes, type TestService } from '@finance/platform/testing';
import { startStatement } from './helpers';

let svc: TestService;
beforeAll(async () => {
  svc = await startStatement();
});
afterAll(() => svc.close());

test('the OpenAPI document lists exactly the routes the app registered, with their permissions and statuses', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json').expect(200)).body;
  const registered = registeredApiRoutes(svc.app);
  expect(registered).toEqual(
    expect.arrayContaining([
      'GET /api/v1/transactions',
      'POST /api/v1/transactions/search',
      'PATCH /api/v1/transactions/{transaction_id}',
      'GET /api/v1/reports/expense',
      'GET /api/v1/reports/inflow_outflow',
      'GET /api/v1/categories',
      'GET /api/v1/accounts/{account_id}/balance',
      'GET /api/v1/rules/{rule_id}/preview',
      'POST /api/v1/rules/{rule_id}/run',
    ]),
  );
  expect(documentedRoutes(doc)).toEqual(registered);
  expect(doc.paths['/api/v1/transactions/search'].post['x-permission']).toBe('transactions:read');
  expect(doc.paths['/api/v1/transactions/search'].post.responses['200']).toBeDefined();
  expect(doc.paths['/api/v1/rules/{rule_id}/run'].post.responses['200']).toBeDefined();
  expect(doc.paths['/api/v1/categories'].get['x-permission']).toBe('reports:read');
  expect(doc.paths['/api/v1/rules'].post.responses['201']).toBeDefined();
});
