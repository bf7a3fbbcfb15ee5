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

test('the upload documents its multipart request and answers a Statement; recovery calls document 202 and 409', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  const upload = doc.paths['/api/v1/statements'].post;
  const form = upload.requestBody.content['multipart/form-data'].schema;
  expect(Object.keys(form.properties)).toEqual(expect.arrayContaining(['file', 'account_id', 'password']));
  expect(form.required).toEqual(['file']);
  expect(upload.responses['201'].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/Statement' });
  const statement = doc.components.schemas.Statement;
  expect(statement.additionalProperties).toBe(false);
  expect(Object.keys(statement.properties)).toEqual(
    expect.arrayContaining(['id', 'file_name', 'file_type', 'status', 'step', 'error', 'account_id', 'parsed_data', 'transaction_count']),
  );
  expect(doc.components.schemas.IntegrityReport).toBeDefined();

  for (const call of ['password', 'account-number', 'accept']) {
    const responses = doc.paths[`/api/v1/statements/{statement_id}/${call}`].post.responses;
    expect(responses['202'].content['application/json'].schema.properties.data).toEqual({ $ref: '#/components/schemas/StatementRecovery' });
    expect(responses['409'].description).toContain('STATEMENT_NOT_STALLED');
    expect(responses['200']).toBeUndefined();
  }
});
