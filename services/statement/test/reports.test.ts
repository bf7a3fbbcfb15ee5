import request from 'supertest';
import { makeKey, makeOrg, type TestKey, type TestService } from '@finance/platform/testing';
import { seedStatementData } from '../src/seed-data';
import { createAccount, expectValidation, insertRows, startStatement, statementDb } from './helpers';

let svc: TestService;
let full: TestKey;
let orgId: string;
let savings: string;
let card: string;
let archived: string;
let ids: string[];

const api = () => request(svc.baseUrl);
const get = (path: string) => api().get(`/api/v1${path}`).set(full.headers);
const YEAR = 'date_from=2026-01-01&date_to=2026-12-31';

beforeAll(async () => {
  svc = await startStatement();
  const made = await makeOrg(svc.deps.platformDb, 'stmt-reports');
  full = made.full;
  orgId = made.org.id;
  // Created out of name order, to show the accounts lists are ordered by name.
  card = (await createAccount(svc, full, { name: 'Zeta Card', category: 'credit_card' })).id;
  savings = (await createAccount(svc, full, { name: 'Alpha Savings', category: 'bank' })).id;
  archived = (await createAccount(svc, full, { name: 'Beta Old', category: 'bank', is_archived: true })).id;
  ids = await insertRows(svc, orgId, [
    /* 0 */ { account_id: savings, date: '2026-01-05', particulars: 'UPI/1/SWIGGY', outflow: 450_500, type: 'expense', category: 'Food', entity: 'Swiggy' },
    /* 1 */ { account_id: savings, date: '2026-01-31', particulars: 'UPI/2/ZOMATO', outflow: 1_000_001, type: 'expense', category: 'Food', entity: 'Zomato' },
    /* 2 */ { account_id: card, date: '2026-02-01', particulars: 'POS 3 AMAZON', outflow: 2_500_000, type: 'expense', category: 'Shopping', entity: 'Amazon' },
    /* 3 */ { account_id: card, date: '2026-02-02', particulars: 'REFUND 4 AMAZON', inflow: 500_000, type: 'expense', category: 'Shopping', entity: 'Amazon' },
    /* 4 */ { account_id: savings, date: '2026-02-15', particulars: 'UPI/5/RANDOM', outflow: 300_000, type: 'expense', category: null, entity: '  ' },
    /* 5 */ {
      account_id: savings,
      date: '2026-03-01',
      particulars: 'NEFT/6/ACME/SALARY',
      inflow: 90_000_000,
      type: 'income',
      category: 'Salary',
      entity: 'Acme',
    },
    /* 6 */ {
      account_id: savings,
      date: '2026-03-10',
      particulars: 'ACH HOME LOAN EMI',
      outflow: 35_000_000,
      type: 'liability',
      category: 'Loan',
      entity: 'HDFC Ltd',
    },
    /* 7 */ { account_id: savings, date: '2026-03-11', particulars: 'ATM WDL/7', outflow: 2_000_000, type: 'transfer', category: 'Cash' },
    /* 8 */ { account_id: archived, date: '2026-03-12', particulars: 'OLD ACCOUNT FEE', outflow: 100_000, type: 'expense', category: 'Fees' },
    /* 9 */ { account_id: null, date: '2026-03-13', particulars: 'NO ACCOUNT ROW', inflow: 7, type: 'unknown' },
    /* 10 */ { account_id: savings, date: '2025-12-31', particulars: 'UPI/8/SWIGGY LAST YEAR', outflow: 111_000, type: 'expense', category: 'Food' },
    /* 11 */ { account_id: savings, date: '2026-12-28', particulars: 'UPI/9/SWIGGY YEAR END', outflow: 222_000, type: 'expense', category: 'Food' },
  ]);
});
afterAll(() => svc.close());

const accountsByName = () => [
  { id: savings, name: 'Alpha Savings', category: 'bank' },
  { id: card, name: 'Zeta Card', category: 'credit_card' },
];

describe('income, expense and liability reports', () => {
  test('expense by category and month: base units exact to 3 decimals; periods without rows left out; empty label; groups in byte order', async () => {
    const res = await get(`/reports/expense?${YEAR}`).expect(200);
    expect(res.body.data).toEqual({
      period: { date_from: '2026-01-01', date_to: '2026-12-31', group_by: 'month', group_by_field: 'category' },
      data: [
        { category: 'Fees', '2026-03': { inflow: 0, outflow: 100, net: -100, transaction_count: 1 } },
        {
          category: 'Food',
          '2026-01': { inflow: 0, outflow: 1450.501, net: -1450.501, transaction_count: 2 },
          '2026-12': { inflow: 0, outflow: 222, net: -222, transaction_count: 1 },
        },
        { category: 'Shopping', '2026-02': { inflow: 500, outflow: 2500, net: -2000, transaction_count: 2 } },
        { category: 'empty', '2026-02': { inflow: 0, outflow: 300, net: -300, transaction_count: 1 } },
      ],
      accounts: accountsByName(),
    });
    // Period keys in date order within each group.
    expect(Object.keys(res.body.data.data[1])).toEqual(['category', '2026-01', '2026-12']);
  });

  test('income and liability reports cover only their type', async () => {
    const income = await get(`/reports/income?${YEAR}`).expect(200);
    expect(income.body.data.data).toEqual([{ category: 'Salary', '2026-03': { inflow: 90000, outflow: 0, net: 90000, transaction_count: 1 } }]);
    const liability = await get(`/reports/liability?${YEAR}&group_by=year&group_by_field=entity`).expect(200);
    expect(liability.body.data.data).toEqual([{ entity: 'HDFC Ltd', '2026': { inflow: 0, outflow: 35000, net: -35000, transaction_count: 1 } }]);
  });

  test('group_by day, ISO week and year; group_by_field entity labels blank entities empty', async () => {
    const day = await get('/reports/expense?date_from=2026-02-01&date_to=2026-02-28&group_by=day&group_by_field=entity').expect(200);
    expect(day.body.data.data).toEqual([
      {
        entity: 'Amazon',
        '2026-02-01': { inflow: 0, outflow: 2500, net: -2500, transaction_count: 1 },
        '2026-02-02': { inflow: 500, outflow: 0, net: 500, transaction_count: 1 },
      },
      { entity: 'empty', '2026-02-15': { inflow: 0, outflow: 300, net: -300, transaction_count: 1 } },
    ]);
    // 2025-12-31 is in ISO week 2026-W01; 2026-01-05 starts W02; 2026-12-28 is in 2026-W53.
    const week = await get('/reports/expense?date_from=2025-12-01&date_to=2026-12-31&group_by=week&category=food').expect(200);
    expect(week.body.data.data).toEqual([
      {
        category: 'Food',
        '2026-W01': { inflow: 0, outflow: 111, net: -111, transaction_count: 1 },
        '2026-W02': { inflow: 0, outflow: 450.5, net: -450.5, transaction_count: 1 },
        '2026-W05': { inflow: 0, outflow: 1000.001, net: -1000.001, transaction_count: 1 },
        '2026-W53': { inflow: 0, outflow: 222, net: -222, transaction_count: 1 },
      },
    ]);
    const year = await get('/reports/expense?date_from=2025-01-01&date_to=2026-12-31&group_by=year&category=FOOD').expect(200);
    expect(year.body.data.data).toEqual([
      {
        category: 'Food',
        '2025': { inflow: 0, outflow: 111, net: -111, transaction_count: 1 },
        '2026': { inflow: 0, outflow: 1672.501, net: -1672.501, transaction_count: 3 },
      },
    ]);
  });

  test('filters: accounts, particulars, entity and category (partial, case-insensitive; empty for blank)', async () => {
    const byAccount = await get(`/reports/expense?${YEAR}&accounts=${card}`).expect(200);
    expect(byAccount.body.data.data.map((g: { category: string }) => g.category)).toEqual(['Shopping']);
    const two = await get(`/reports/expense?${YEAR}&accounts=${card},${archived}`).expect(200);
    expect(two.body.data.data.map((g: { category: string }) => g.category)).toEqual(['Fees', 'Shopping']);
    const particulars = await get(`/reports/expense?${YEAR}&particulars=zoma`).expect(200);
    expect(particulars.body.data.data).toEqual([{ category: 'Food', '2026-01': { inflow: 0, outflow: 1000.001, net: -1000.001, transaction_count: 1 } }]);
    const entity = await get(`/reports/expense?${YEAR}&entity=SWIG`).expect(200);
    expect(entity.body.data.data[0]['2026-01'].transaction_count).toBe(1);
    const blankEntity = await get(`/reports/expense?${YEAR}&entity=`).expect(200);
    expect(blankEntity.body.data.data.map((g: { category: string }) => g.category)).toEqual(['Fees', 'Food', 'empty']);
    const blankCategory = await get(`/reports/expense?${YEAR}&category=`).expect(200);
    expect(blankCategory.body.data.data.map((g: { category: string }) => g.category)).toEqual(['empty']);
    const none = await get(`/reports/expense?${YEAR}&category=nothing-like-this`).expect(200);
    expect(none.body.data.data).toEqual([]);
  });

  test('large totals stay exact (no floating point on money)', async () => {
    const big = await makeOrg(svc.deps.platformDb, 'stmt-reports-big');
    const account = (await createAccount(svc, big.full, { name: 'Treasury', category: 'bank' })).id;
    // Three rows summing to 987,654,321,012.345 base units: 987654321012345 milli-units.
    await insertRows(svc, big.org.id, [
      { account_id: account, date: '2026-05-01', particulars: 'WIRE 1', inflow: 900_000_000_000_001n, type: 'income', category: 'Treasury' },
      { account_id: account, date: '2026-05-02', particulars: 'WIRE 2', inflow: 87_654_321_012_343n, type: 'income', category: 'Treasury' },
      { account_id: account, date: '2026-05-03', particulars: 'WIRE 3', inflow: 1n, type: 'income', category: 'Treasury' },
    ]);
    const res = await api().get(`/api/v1/reports/income?${YEAR}`).set(big.full.headers).expect(200);
    expect(res.text).toContain('"inflow":987654321012.345');
    expect(res.text).toContain('"net":987654321012.345');
    const cats = await api().get(`/api/v1/categories?${YEAR}`).set(big.full.headers).expect(200);
    expect(cats.text).toContain('"inflow":987654321012.345');
  });

  test.each([
    ['', 'date_from'],
    ['?date_from=2026-01-01', 'date_to'],
    ['?date_to=2026-01-01', 'date_from'],
    ['?date_from=2026-1-01&date_to=2026-12-31', 'date_from'],
    ['?date_from=2026-01-01&date_to=31-12-2026', 'date_to'],
    ['?date_from=2026-02-30&date_to=2026-12-31', 'date_from'],
    ['?date_from=2026-12-31&date_to=2026-01-01', 'date_from'],
    [`?${YEAR}&group_by=quarter`, 'group_by'],
    [`?${YEAR}&group_by_field=type`, 'group_by_field'],
    [`?${YEAR}&accounts=abc`, 'accounts'],
    [`?${YEAR}&accounts=`, 'accounts'],
    [`?${YEAR}&particulars=`, 'particulars'],
    [`?${YEAR}&account=x`, 'account'],
  ])('expense%s is a 400 naming %s', async (query, field) => {
    expectValidation(await get(`/reports/expense${query}`), field);
  });

  test('401 without a key; 403 without reports:read', async () => {
    await api().get(`/api/v1/reports/income?${YEAR}`).expect(401);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-reports-403');
    const key = await makeKey(svc.deps.platformDb, other.org, 'custom', 'transactions:read');
    for (const path of ['/reports/income', '/reports/expense', '/reports/liability', '/reports/inflow_outflow', '/categories']) {
      const res = await api().get(`/api/v1${path}?${YEAR}`).set(key.headers).expect(403);
      expect(res.body.error.message).toContain('reports:read');
    }
  });
});

describe('GET /api/v1/reports/inflow_outflow', () => {
  test('every non-transfer row, date ascending, with its account (or null); non-archived accounts by name', async () => {
    const res = await get(`/reports/inflow_outflow?${YEAR}`).expect(200);
    expect(res.body.data.period).toEqual({ date_from: '2026-01-01', date_to: '2026-12-31' });
    expect(res.body.data.accounts).toEqual(accountsByName());
    const rows = res.body.data.transactions;
    expect(rows.map((r: { id: string }) => ids.indexOf(r.id))).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9, 11]);
    expect(rows[0]).toEqual({
      id: ids[0],
      date: '2026-01-05',
      inflow: 0,
      outflow: 450.5,
      particulars: 'UPI/1/SWIGGY',
      entity: 'Swiggy',
      category: 'Food',
      type: 'expense',
      account: { id: savings, name: 'Alpha Savings', category: 'bank' },
    });
    expect(rows[8]).toMatchObject({ inflow: 0.007, account: null, type: 'unknown', entity: null, category: null });
  });

  test('the same filters as the other reports', async () => {
    const byAccount = await get(`/reports/inflow_outflow?${YEAR}&accounts=${card}`).expect(200);
    expect(byAccount.body.data.transactions.map((r: { id: string }) => ids.indexOf(r.id))).toEqual([2, 3]);
    const entity = await get(`/reports/inflow_outflow?${YEAR}&entity=`).expect(200);
    expect(entity.body.data.transactions.map((r: { id: string }) => ids.indexOf(r.id))).toEqual([4, 8, 9, 11]);
    const category = await get(`/reports/inflow_outflow?${YEAR}&category=sal&particulars=acme`).expect(200);
    expect(category.body.data.transactions.map((r: { id: string }) => ids.indexOf(r.id))).toEqual([5]);
  });

  test('a window with more than 50,000 rows is refused with 422 REPORT_TOO_LARGE; a narrower one answers', async () => {
    const big = await makeOrg(svc.deps.platformDb, 'stmt-reports-flow');
    const seeded = await seedStatementData(statementDb(svc), { orgId: big.org.id, rows: 60_000, accounts: 2, years: 1 });
    const all = await api().get(`/api/v1/reports/inflow_outflow?date_from=${seeded.date_from}&date_to=${seeded.date_to}`).set(big.full.headers);
    expect(all.status).toBe(422);
    expect(all.body.error).toMatchObject({ code: 'REPORT_TOO_LARGE', message: expect.stringContaining('50000') });
    // A week, not the last day: the seed spreads rows evenly, so its last day holds one row an account, and those
    // may be transfers, which this report leaves out.
    const weekFrom = new Date(Date.parse(`${seeded.date_to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    const week = await api().get(`/api/v1/reports/inflow_outflow?date_from=${weekFrom}&date_to=${seeded.date_to}`).set(big.full.headers).expect(200);
    expect(week.body.data.transactions.length).toBeGreaterThan(0);
  }, 60_000);

  test.each([
    ['', 'date_from'],
    ['?date_from=2026-01-01', 'date_to'],
    ['?date_from=2026-03-01&date_to=2026-02-01', 'date_from'],
    ['?date_from=20260101&date_to=2026-02-01', 'date_from'],
    [`?${YEAR}&group_by=month`, 'group_by'],
    [`?${YEAR}&accounts=1,2`, 'accounts'],
  ])('inflow_outflow%s is a 400 naming %s', async (query, field) => {
    expectValidation(await get(`/reports/inflow_outflow${query}`), field);
  });
});

describe('GET /api/v1/categories', () => {
  test('one row per category and type with sums; uncategorised is null; totals; non-archived accounts', async () => {
    const res = await get(`/categories?${YEAR}`).expect(200);
    expect(res.body.data).toEqual({
      period: { date_from: '2026-01-01', date_to: '2026-12-31' },
      data: [
        { category: 'Cash', type: 'transfer', count: 1, inflow: 0, outflow: 2000 },
        { category: 'Fees', type: 'expense', count: 1, inflow: 0, outflow: 100 },
        { category: 'Food', type: 'expense', count: 3, inflow: 0, outflow: 1672.501 },
        { category: 'Loan', type: 'liability', count: 1, inflow: 0, outflow: 35000 },
        { category: 'Salary', type: 'income', count: 1, inflow: 90000, outflow: 0 },
        { category: 'Shopping', type: 'expense', count: 2, inflow: 500, outflow: 2500 },
        { category: null, type: 'expense', count: 1, inflow: 0, outflow: 300 },
        { category: null, type: 'unknown', count: 1, inflow: 0.007, outflow: 0 },
      ],
      totals: { count: 11, inflow: 90500.007, outflow: 41572.501 },
      accounts: accountsByName(),
    });
  });

  test('type and accounts narrow the rows', async () => {
    const expense = await get(`/categories?${YEAR}&type=expense&accounts=${savings}`).expect(200);
    expect(expense.body.data.data).toEqual([
      { category: 'Food', type: 'expense', count: 3, inflow: 0, outflow: 1672.501 },
      { category: null, type: 'expense', count: 1, inflow: 0, outflow: 300 },
    ]);
    expect(expense.body.data.totals).toEqual({ count: 4, inflow: 0, outflow: 1972.501 });
    const empty = await get('/categories?date_from=2030-01-01&date_to=2030-12-31').expect(200);
    expect(empty.body.data.data).toEqual([]);
    expect(empty.body.data.totals).toEqual({ count: 0, inflow: 0, outflow: 0 });
  });

  test.each([
    ['', 'date_from'],
    ['?date_from=2026-01-01', 'date_to'],
    ['?date_from=2026-01-01&date_to=2026-13-01', 'date_to'],
    ['?date_from=2026-05-01&date_to=2026-04-30', 'date_from'],
    [`?${YEAR}&type=food`, 'type'],
    [`?${YEAR}&accounts=x`, 'accounts'],
    [`?${YEAR}&category=Food`, 'category'],
  ])('categories%s is a 400 naming %s', async (query, field) => {
    expectValidation(await get(`/categories${query}`), field);
  });
});
