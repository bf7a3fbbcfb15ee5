import request from 'supertest';
import { makeOrg, type TestService } from '@finance/platform/testing';
import { categorizeStatement } from '../src/domain/rules';
import type { StatementClient } from '../src/data-access/db';
import { createAccount, insertRows, insertStatement, startStatement, statementDb } from './helpers';

/**
 * Automatic categorisation, which the statement worker calls (src/domain/pipeline/steps.ts) when a statement finishes parsing.
 * It uses the same matching engine as search, preview and run.
 */
let svc: TestService;
let db: StatementClient;

beforeAll(async () => {
  svc = await startStatement();
  db = statementDb(svc);
});
afterAll(async () => {
  await svc.close();
});

test('enabled rules in priority order over the statement rows still unknown; the first matching rule wins', async () => {
  const { org, full } = await makeOrg(svc.deps.platformDb, 'stmt-categorize');
  const api = () => request(svc.baseUrl);
  const account = (await createAccount(svc, full, { name: 'HDFC', category: 'bank' })).id;
  const statement = await insertStatement(svc, org.id, account);
  const older = await insertStatement(svc, org.id, account);
  const rows = await insertRows(svc, org.id, [
    /* 0 */ { account_id: account, statement_id: statement, date: '2026-01-01', particulars: 'UPI/1/SWIGGY/food' },
    /* 1 */ { account_id: account, statement_id: statement, date: '2026-01-02', particulars: 'UPI/2/UBER/ride' },
    /* 2 */ { account_id: account, statement_id: statement, date: '2026-01-03', particulars: 'UPI/3/SWIGGY/food', type: 'expense', category: 'By hand' },
    /* 3 */ { account_id: account, statement_id: statement, date: '2026-01-04', particulars: 'NEFT/4/ACME/SALARY', inflow: 90_000_000 },
    /* 4 */ { account_id: account, statement_id: older, date: '2026-01-05', particulars: 'UPI/5/SWIGGY/food' },
    /* 5 */ { account_id: account, statement_id: statement, date: '2026-01-06', particulars: 'UPI/6/SOMEONE' },
  ]);
  const rule = async (body: object) => (await api().post('/api/v1/rules').set(full.headers).send(body).expect(201)).body.data;
  // Created first but lower priority number wins: UPI rows become transfers... except those an earlier rule took.
  await rule({
    name: 'any UPI',
    priority: 20,
    conditions: [{ field: 'particulars', operator: 'starts_with', value: 'UPI/' }],
    actions: [{ field: 'category', value: 'UPI misc' }],
  });
  await rule({
    name: 'swiggy',
    priority: 10,
    conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }],
    actions: [
      { field: 'category', value: 'Dining' },
      { field: 'type', value: 'expense' },
    ],
  });
  // Same priority as "any UPI" but created later: runs after it; its actions leave type unknown, so only the
  // first-match rule keeps it from overwriting the category.
  await rule({
    name: 'uber',
    priority: 20,
    conditions: [{ field: 'particulars', operator: 'contains', value: 'uber' }],
    actions: [{ field: 'category', value: 'Travel' }],
  });
  await rule({
    name: 'disabled salary',
    priority: 1,
    enabled: false,
    conditions: [{ field: 'particulars', operator: 'contains', value: 'salary' }],
    actions: [{ field: 'type', value: 'income' }],
  });

  const result = await categorizeStatement(db, org.id, statement);
  expect(result).toEqual({ matched: 3, updated: 3 });

  const byId = new Map(
    (await api().get('/api/v1/transactions?limit=10').set(full.headers).expect(200)).body.data.map(
      (r: { id: string; category: string | null; type: string }) => [r.id, `${r.category}/${r.type}`],
    ),
  );
  expect(rows.map((id) => byId.get(id))).toEqual([
    'Dining/expense', // swiggy (priority 10) first
    'UPI misc/unknown', // any UPI matched first; uber, later, does not overwrite
    'By hand/expense', // not unknown: untouched
    'null/unknown', // the salary rule is disabled
    'null/unknown', // another statement's row
    'UPI misc/unknown',
  ]);
});

test('a statement with no enabled rules is left as it is', async () => {
  const { org, full } = await makeOrg(svc.deps.platformDb, 'stmt-categorize-none');
  const account = (await createAccount(svc, full, { name: 'HDFC', category: 'bank' })).id;
  const statement = await insertStatement(svc, org.id, account);
  await insertRows(svc, org.id, [{ account_id: account, statement_id: statement, date: '2026-01-01', particulars: 'UPI/1/X' }]);
  expect(await categorizeStatement(db, org.id, statement)).toEqual({ matched: 0, updated: 0 });
});
