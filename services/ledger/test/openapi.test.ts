import request from 'supertest';
import { documentedRoutes, registeredApiRoutes, startTestService, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../src/app';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService('ledger', buildLedgerApp);
});
afterAll(() => svc.close());

test('the OpenAPI document lists exactly the routes the app registered, each with its permission', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json').expect(200)).body;
  const registered = registeredApiRoutes(svc.app);
  expect(registered).toEqual(
    expect.arrayContaining([
      'POST /api/v1/transactions',
      'POST /api/v1/transactions/bulk',
      'POST /api/v1/transactions/{transaction_id}/reverse',
      'GET /api/v1/accounts/tree',
      'GET /api/v1/accounts/{account_id}/balance',
      'GET /api/v1/entries',
      'GET /api/v1/reports/trial_balance',
      'GET /api/v1/reports/balance_sheet',
      'GET /api/v1/reports/income_statement',
    ]),
  );
  expect(documentedRoutes(doc)).toEqual(registered);
  expect(doc.paths['/api/v1/entries'].get['x-permission']).toBe('entries:read');
  expect(doc.paths['/api/v1/accounts/seed'].post['x-permission']).toBe('accounts:create');
  expect(doc.paths['/api/v1/reports/balance_sheet'].get['x-permission']).toBe('reports:read');
});

test('the transaction body schema says amounts are non-negative integers, on entries that name an account', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  const schema = doc.paths['/api/v1/transactions'].post.requestBody.content['application/json'].schema;
  expect(schema.required).toEqual(['date']);
  const entry = schema.properties.entries.items;
  expect(entry.required).toEqual(['account']);
  expect(entry.properties.debit).toMatchObject({ type: 'integer', minimum: 0 });
  expect(entry.properties.credit).toMatchObject({ type: 'integer', minimum: 0 });
  const list = doc.paths['/api/v1/entries'].get.parameters.map((p: { name: string }) => p.name);
  expect(list).toEqual(
    expect.arrayContaining([
      'account',
      'account_subtree',
      'account_type',
      'status',
      'type',
      'transaction',
      'has_dimension',
      'date_from',
      'date_to',
      'sort_order',
    ]),
  );
});

test('the bulk and reverse endpoints are documented from their declarations: items carry the create schema', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  const bulk = doc.paths['/api/v1/transactions/bulk'].post;
  expect(bulk['x-permission']).toBe('transactions:create');
  const body = bulk.requestBody.content['application/json'].schema;
  expect(body.required).toEqual(['transactions']);
  expect(body.properties.transactions).toMatchObject({ type: 'array', minItems: 1, maxItems: 500 });
  expect(body.properties.transactions.items.required).toEqual(['date']);
  expect(body.properties.transactions.items.properties.entries.items.properties.debit).toMatchObject({ type: 'integer', minimum: 0 });
  expect(body.properties.atomic).toMatchObject({ type: 'boolean', default: true });
  const reverse = doc.paths['/api/v1/transactions/{transaction_id}/reverse'].post;
  expect(reverse['x-permission']).toBe('transactions:create');
  expect(Object.keys(reverse.requestBody.content['application/json'].schema.properties)).toEqual(['date', 'narration', 'source', 'source_ref']);
  expect(reverse.requestBody.required).toBe(false);
  const account = doc.paths['/api/v1/accounts'].post.requestBody.content['application/json'].schema;
  expect(account.properties.currency).toBeDefined();
});

test('POST /transactions documents 201 new and 200 re-post as the Transaction component, and 422 as the Error component', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  const responses = doc.paths['/api/v1/transactions'].post.responses;
  for (const status of ['201', '200']) {
    expect(responses[status].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { data: { $ref: '#/components/schemas/Transaction' } },
      required: ['data'],
    });
  }
  expect(responses['422'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
  expect(responses['422'].description).toContain('UNBALANCED_TRANSACTION');
  const transaction = doc.components.schemas.Transaction;
  expect(transaction.properties.entries.items).toEqual({ $ref: '#/components/schemas/TransactionEntry' });
  expect(transaction.properties.created).toMatchObject({ type: 'boolean' });
  expect(doc.components.schemas.Error).toBeDefined();
});
