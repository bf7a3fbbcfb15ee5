import request from 'supertest';
import { makeKey, makeOrg, type TestKey, type TestService } from '@finance/platform/testing';
import { createAccount, expectValidation, insertRows, rowsDigest, startStatement } from './helpers';

let svc: TestService;
let full: TestKey;
let orgId: string;
let inr: string;
let usd: string;
let ids: string[];
let daysAgo: (n: number) => string;

const api = () => request(svc.baseUrl);
const search = (body: unknown) =>
  api()
    .post('/api/v1/transactions/search')
    .set(full.headers)
    .send(body as object);
type Row = { id: string; particulars: string };
/** The ids of the rows a search returns, as row labels (index into `ids`) for readable assertions. */
const labels = (res: request.Response) => res.body.data.map((r: Row) => ids.indexOf(r.id)).sort((a: number, b: number) => a - b);
const where = (...conditions: unknown[]) => search({ conditions, limit: 500 });

beforeAll(async () => {
  // Short enough that the pathological pattern below is stopped quickly, long enough for everything else.
  svc = await startStatement({ limits: { queryTimeoutMs: 1_500 } });
  const made = await makeOrg(svc.deps.platformDb, 'stmt-search');
  full = made.full;
  orgId = made.org.id;
  const today = (await svc.deps.pool.query('SELECT CURRENT_DATE::text AS d')).rows[0].d as string;
  daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  inr = (await createAccount(svc, full, { name: 'HDFC', category: 'bank' })).id;
  usd = (await createAccount(svc, full, { name: 'Chase', category: 'bank', currency: 'usd' })).id;
  ids = await insertRows(svc, orgId, [
    /* 0 */ {
      account_id: inr,
      date: daysAgo(1),
      particulars: 'UPI/501/SWIGGY/Food order',
      outflow: 450_000,
      balance: 1_000_000,
      type: 'expense',
      category: 'Food',
      entity: 'Swiggy',
    },
    /* 1 */ { account_id: inr, date: daysAgo(10), particulars: 'UPI/502/swiggy instamart', outflow: 1_200_000, balance: 2_000_000, type: 'unknown' },
    /* 2 */ {
      account_id: inr,
      date: daysAgo(40),
      particulars: 'NEFT/503/ACME CORP/SALARY',
      inflow: 90_000_000,
      balance: 3_000_000,
      type: 'income',
      category: 'Salary',
      entity: 'Acme',
      po: 'PO-1',
    },
    /* 3 */ {
      account_id: inr,
      date: daysAgo(400),
      particulars: 'ATM WDL/MUMBAI/504',
      outflow: 2_000_000,
      balance: null,
      type: 'transfer',
      category: ' ',
      comments: 'cash for trip',
    },
    /* 4 */ {
      account_id: usd,
      date: daysAgo(5),
      particulars: 'POS 505 100% CASHBACK_STORE',
      outflow: 1_000,
      balance: -1_000,
      type: 'expense',
      category: 'Shopping',
    },
    /* 5 */ { account_id: usd, date: daysAgo(5), particulars: 'Refund 506 (card)', inflow: 250_000, balance: 249_000, type: 'unknown', comments: 'Disputed' },
    /* 6 */ { account_id: null, date: daysAgo(2), particulars: 'Orphan 507', inflow: 1, balance: 5, type: 'unknown' },
  ]);
});
afterAll(() => svc.close());

describe('string operators', () => {
  test('equals and not_equals: case-insensitive unless case_sensitive; not_equals keeps rows where the field is empty', async () => {
    expect(labels(await where({ field: 'category', operator: 'equals', value: 'FOOD' }))).toEqual([0]);
    expect(labels(await where({ field: 'category', operator: 'equals', value: 'FOOD', case_sensitive: true }))).toEqual([]);
    expect(labels(await where({ field: 'category', operator: 'equals', value: 'Food', case_sensitive: true }))).toEqual([0]);
    expect(labels(await where({ field: 'category', operator: 'not_equals', value: 'food' }))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(labels(await where({ field: 'type', operator: 'equals', value: 'Unknown' }))).toEqual([1, 5, 6]);
  });

  test('contains, not_contains, starts_with, ends_with; % and _ are literal', async () => {
    expect(labels(await where({ field: 'particulars', operator: 'contains', value: 'SWIGGY' }))).toEqual([0, 1]);
    expect(labels(await where({ field: 'particulars', operator: 'contains', value: 'SWIGGY', case_sensitive: true }))).toEqual([0]);
    expect(labels(await where({ field: 'particulars', operator: 'not_contains', value: 'swiggy' }))).toEqual([2, 3, 4, 5, 6]);
    expect(labels(await where({ field: 'comments', operator: 'not_contains', value: 'cash' }))).toEqual([0, 1, 2, 4, 5, 6]);
    expect(labels(await where({ field: 'particulars', operator: 'starts_with', value: 'upi/' }))).toEqual([0, 1]);
    expect(labels(await where({ field: 'particulars', operator: 'ends_with', value: 'SALARY' }))).toEqual([2]);
    expect(labels(await where({ field: 'particulars', operator: 'contains', value: '100%' }))).toEqual([4]);
    expect(labels(await where({ field: 'particulars', operator: 'contains', value: '%' }))).toEqual([4]);
    expect(labels(await where({ field: 'particulars', operator: 'contains', value: 'k_s' }))).toEqual([4]);
    expect(labels(await where({ field: 'particulars', operator: 'contains', value: '_' }))).toEqual([4]);
  });

  test("regex: Postgres's engine, ~* unless case_sensitive", async () => {
    expect(labels(await where({ field: 'particulars', operator: 'regex', value: '^upi/50[12]/' }))).toEqual([0, 1]);
    expect(labels(await where({ field: 'particulars', operator: 'regex', value: '^upi/', case_sensitive: true }))).toEqual([]);
    expect(labels(await where({ field: 'particulars', operator: 'regex', value: '\\(card\\)$' }))).toEqual([5]);
  });

  test('is_null and is_not_null: a blank text field counts as empty', async () => {
    expect(labels(await where({ field: 'category', operator: 'is_null' }))).toEqual([1, 3, 5, 6]);
    expect(labels(await where({ field: 'category', operator: 'is_not_null' }))).toEqual([0, 2, 4]);
    expect(labels(await where({ field: 'po', operator: 'is_not_null' }))).toEqual([2]);
    expect(labels(await where({ field: 'entity', operator: 'is_null', value: null }))).toEqual([1, 3, 4, 5, 6]);
  });
});

describe('numeric operators (milli-units, like the rows)', () => {
  test('comparisons on inflow, outflow and balance', async () => {
    expect(labels(await where({ field: 'outflow', operator: 'equals', value: 450_000 }))).toEqual([0]);
    expect(labels(await where({ field: 'outflow', operator: 'greater_than', value: 450_000 }))).toEqual([1, 3]);
    expect(labels(await where({ field: 'outflow', operator: 'greater_than_or_equal', value: 450_000 }))).toEqual([0, 1, 3]);
    expect(labels(await where({ field: 'inflow', operator: 'less_than', value: 250_000 }, { field: 'inflow', operator: 'greater_than', value: 0 }))).toEqual([
      6,
    ]);
    expect(
      labels(await where({ field: 'inflow', operator: 'less_than_or_equal', value: 250_000 }, { field: 'inflow', operator: 'not_equals', value: 0 })),
    ).toEqual([5, 6]);
    expect(labels(await where({ field: 'balance', operator: 'less_than', value: 0 }))).toEqual([4]);
    // not_equals keeps a row without a balance.
    expect(labels(await where({ field: 'balance', operator: 'not_equals', value: 1_000_000 }))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(labels(await where({ field: 'balance', operator: 'is_null' }))).toEqual([3]);
  });
});

describe('date operators', () => {
  test('within_last_days and older_than_days are complements; comparisons take YYYY-MM-DD', async () => {
    expect(labels(await where({ field: 'date', operator: 'within_last_days', value: 5 }))).toEqual([0, 4, 5, 6]);
    expect(labels(await where({ field: 'date', operator: 'older_than_days', value: 5 }))).toEqual([1, 2, 3]);
    expect(labels(await where({ field: 'date', operator: 'within_last_days', value: 0 }))).toEqual([]);
    expect(labels(await where({ field: 'date', operator: 'older_than_days', value: 365 }))).toEqual([3]);
    expect(labels(await where({ field: 'date', operator: 'equals', value: daysAgo(5) }))).toEqual([4, 5]);
    expect(labels(await where({ field: 'date', operator: 'greater_than', value: daysAgo(5) }))).toEqual([0, 6]);
    expect(labels(await where({ field: 'date', operator: 'less_than_or_equal', value: daysAgo(40) }))).toEqual([2, 3]);
  });
});

describe('account, currency, AND-combination', () => {
  test('account equals / not_equals / is_null', async () => {
    expect(labels(await where({ field: 'account', operator: 'equals', value: usd }))).toEqual([4, 5]);
    expect(labels(await where({ field: 'account', operator: 'equals', value: usd.toUpperCase() }))).toEqual([4, 5]);
    expect(labels(await where({ field: 'account', operator: 'not_equals', value: usd }))).toEqual([0, 1, 2, 3, 6]);
    expect(labels(await where({ field: 'account', operator: 'is_null' }))).toEqual([6]);
  });

  test('currency restricts to accounts of that currency and is AND-combined with the conditions', async () => {
    expect(labels(await search({ conditions: [], currency: 'usd', limit: 500 }).expect(200))).toEqual([4, 5]);
    expect(labels(await search({ conditions: [{ field: 'type', operator: 'equals', value: 'unknown' }], currency: 'INR' }).expect(200))).toEqual([1]);
    expect(labels(await search({ conditions: [], currency: 'EUR' }).expect(200))).toEqual([]);
  });

  test('all conditions must hold', async () => {
    const res = await where(
      { field: 'particulars', operator: 'contains', value: 'swiggy' },
      { field: 'outflow', operator: 'greater_than', value: 500_000 },
      { field: 'date', operator: 'within_last_days', value: 30 },
    );
    expect(labels(res)).toEqual([1]);
  });
});

describe('the response: the list shape, sorting, fields, pages', () => {
  test('rows carry account_name and account_currency; money in milli-units', async () => {
    const res = await where({ field: 'particulars', operator: 'contains', value: 'refund' }).expect(200);
    expect(res.body.data[0]).toMatchObject({
      id: ids[5],
      inflow: 250000,
      outflow: 0,
      balance: 249000,
      account_id: usd,
      account_name: 'Chase',
      account_currency: 'USD',
    });
    expect(res.body.page_context).toEqual({ count: 1, page: 1, per_page: 500, total: 1, has_more: false });
  });

  test('sort_by date (default, desc), inflow, outflow, balance, created_at; sort_order asc or desc; id breaks ties', async () => {
    const order = async (body: object) => (await search({ conditions: [], ...body }).expect(200)).body.data.map((r: Row) => ids.indexOf(r.id));
    expect(await order({})).toEqual([0, 6, 5, 4, 1, 2, 3]);
    expect(await order({ sort_order: 'asc' })).toEqual([3, 2, 1, 4, 5, 6, 0]);
    expect(await order({ sort_by: 'outflow', sort_order: 'desc' })).toEqual([3, 1, 0, 4, 6, 5, 2]);
    expect(await order({ sort_by: 'inflow', sort_order: 'asc' })).toEqual([0, 1, 3, 4, 6, 5, 2]);
    expect((await order({ sort_by: 'balance', sort_order: 'asc' })).slice(0, 3)).toEqual([4, 6, 5]);
    expect(await order({ sort_by: 'created_at', sort_order: 'asc' })).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test('fields picks the returned fields (unknown names ignored, none known: all)', async () => {
    const picked = await search({ conditions: [], fields: ['id', 'account_name', 'nope'] }).expect(200);
    expect(Object.keys(picked.body.data[0]).sort()).toEqual(['account_name', 'id']);
    const all = await search({ conditions: [], fields: ['nope'] }).expect(200);
    expect(Object.keys(all.body.data[0])).toHaveLength(19);
  });

  test('page and limit slice the matches; total counts them all', async () => {
    const res = await search({ conditions: [], page: 2, limit: 3 }).expect(200);
    expect(res.body.page_context).toEqual({ count: 3, page: 2, per_page: 3, total: 7, has_more: true });
    expect(res.body.data.map((r: Row) => ids.indexOf(r.id))).toEqual([4, 1, 2]);
  });
});

describe('refusals: 400 naming the condition, nothing written', () => {
  test.each([
    [{ conditions: [{ field: 'amount', operator: 'equals', value: 1 }] }, 'conditions[0].field', 'unknown field'],
    [
      {
        conditions: [
          { field: 'particulars', operator: 'contains', value: 'a' },
          { field: 'inflow', operator: 'contains', value: '5' },
        ],
      },
      'conditions[1].operator',
      'does not apply to inflow',
    ],
    [{ conditions: [{ field: 'particulars', operator: 'greater_than', value: 'a' }] }, 'conditions[0].operator', 'does not apply to particulars'],
    [{ conditions: [{ field: 'date', operator: 'contains', value: '2026' }] }, 'conditions[0].operator', 'does not apply to date'],
    [{ conditions: [{ field: 'inflow', operator: 'within_last_days', value: 5 }] }, 'conditions[0].operator', 'does not apply to inflow'],
    [{ conditions: [{ field: 'account', operator: 'contains', value: 'x' }] }, 'conditions[0].operator', 'does not apply to account'],
    [{ conditions: [{ field: 'particulars', operator: 'like', value: 'a' }] }, 'conditions[0].operator', 'unknown operator'],
    [{ conditions: [{ field: 'particulars', operator: 'contains' }] }, 'conditions[0].value', 'required'],
    [{ conditions: [{ field: 'particulars', operator: 'contains', value: null }] }, 'conditions[0].value', 'required'],
    [{ conditions: [{ field: 'particulars', operator: 'contains', value: '' }] }, 'conditions[0].value', 'must not be empty'],
    [{ conditions: [{ field: 'particulars', operator: 'contains', value: 5 }] }, 'conditions[0].value', 'must be a string'],
    [{ conditions: [{ field: 'particulars', operator: 'contains', value: 'x'.repeat(501) }] }, 'conditions[0].value', 'at most 500'],
    [{ conditions: [{ field: 'inflow', operator: 'equals', value: 1.5 }] }, 'conditions[0].value', 'milli-units'],
    [{ conditions: [{ field: 'inflow', operator: 'equals', value: '1000' }] }, 'conditions[0].value', 'milli-units'],
    [{ conditions: [{ field: 'inflow', operator: 'equals', value: 2 ** 53 }] }, 'conditions[0].value', 'milli-units'],
    [{ conditions: [{ field: 'date', operator: 'within_last_days', value: -1 }] }, 'conditions[0].value', 'whole number of days'],
    [{ conditions: [{ field: 'date', operator: 'older_than_days', value: 2.5 }] }, 'conditions[0].value', 'whole number of days'],
    [{ conditions: [{ field: 'date', operator: 'equals', value: '2026-02-30' }] }, 'conditions[0].value', 'YYYY-MM-DD'],
    [{ conditions: [{ field: 'account', operator: 'equals', value: 'acc-1' }] }, 'conditions[0].value', 'account id'],
    [{ conditions: [{ field: 'category', operator: 'is_null', value: 'x' }] }, 'conditions[0].value', 'left out'],
    [{ conditions: [{ field: 'particulars', operator: 'regex', value: '(unclosed' }] }, 'conditions[0].value', 'invalid regular expression'],
    [{ conditions: [{ field: 'particulars', operator: 'regex', value: 'a{2,1}' }] }, 'conditions[0].value', 'invalid regular expression'],
    [{ conditions: [{ field: 'particulars', operator: 'regex', value: 'a'.repeat(201) }] }, 'conditions[0].value', 'at most 200'],
    [{ conditions: [{ field: 'particulars', operator: 'contains', value: 'a', case_sensitive: 'yes' }] }, 'conditions[0].case_sensitive', 'true or false'],
    [{ conditions: [{ field: 'particulars', operator: 'contains', value: 'a', extra: 1 }] }, 'conditions[0].extra', 'unknown field'],
    [{ conditions: [{ operator: 'contains', value: 'a' }] }, 'conditions[0].field', 'required'],
    [{ conditions: ['particulars'] }, 'conditions[0]', 'object'],
    [{ conditions: 'particulars contains a' }, 'conditions', 'array'],
    [{}, 'conditions', ''],
    [{ conditions: Array.from({ length: 51 }, () => ({ field: 'po', operator: 'is_null' })) }, 'conditions', 'at most 50'],
    [{ conditions: [], page: 0 }, 'page', ''],
    [{ conditions: [], limit: 501 }, 'limit', ''],
    [{ conditions: [], limit: 0 }, 'limit', ''],
    [{ conditions: [], limit: '10' }, 'limit', ''],
    [{ conditions: [], sort_by: 'particulars' }, 'sort_by', 'date, inflow, outflow, balance, created_at'],
    [{ conditions: [], sort_order: 'up' }, 'sort_order', 'asc or desc'],
    [{ conditions: [], currency: 'RUPEES' }, 'currency', 'three-letter'],
    [{ conditions: [], fields: 'id,date' }, 'fields', 'array'],
    [{ conditions: [], filters: {} }, 'filters', 'unknown field'],
  ])('%j -> 400 at %s', async (body, path, words) => {
    const before = await rowsDigest(svc, orgId);
    const res = await search(body);
    expectValidation(res, path);
    expect(res.body.error.message).toContain(words);
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });

  test('paging is in the body: page, limit or fields in the query string is a 400 naming it', async () => {
    for (const name of ['page', 'limit', 'fields']) {
      const res = await api().post(`/api/v1/transactions/search?${name}=1`).set(full.headers).send({ conditions: [] });
      expectValidation(res, name);
    }
  });

  test('malformed JSON is a 400; a form body is a 415', async () => {
    const bad = await api()
      .post('/api/v1/transactions/search')
      .set({ ...full.headers, 'content-type': 'application/json' })
      .send('{"conditions": [');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const form = await api().post('/api/v1/transactions/search').set(full.headers).type('form').send('conditions=x');
    expect(form.status).toBe(415);
  });

  test('401 without a key; 403 without transactions:read', async () => {
    await api().post('/api/v1/transactions/search').send({ conditions: [] }).expect(401);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-search-403');
    const key = await makeKey(svc.deps.platformDb, other.org, 'custom', 'rules:read');
    const res = await api().post('/api/v1/transactions/search').set(key.headers).send({ conditions: [] }).expect(403);
    expect(res.body.error.message).toContain('transactions:read');
  });

  test("another organization's search sees none of these rows", async () => {
    const other = await makeOrg(svc.deps.platformDb, 'stmt-search-other');
    const res = await api()
      .post('/api/v1/transactions/search')
      .set(other.full.headers)
      .send({ conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }] })
      .expect(200);
    expect(res.body.page_context.total).toBe(0);
  });
});

describe('a costly regex cannot hang the database', () => {
  test('a pathological pattern is stopped by the statement timeout: 422 QUERY_TIMEOUT naming the condition', async () => {
    // A back-reference inside a repeated group makes Postgres's regex engine try every split of the text: on
    // 101 letters this 11-character pattern runs for far longer than any timeout (measured: > 4 s, cancelled).
    await insertRows(svc, orgId, [{ account_id: inr, date: daysAgo(3), particulars: 'a'.repeat(101), type: 'unknown' }]);
    // The code says the statement timeout cancelled it (not how long that took: a loaded machine answers late anyway).
    const res = await search({ conditions: [{ field: 'particulars', operator: 'regex', value: '^((a+)\\2)+$' }] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('QUERY_TIMEOUT');
    expect(res.body.error.message).toContain('conditions[0]');
    // The connection is healthy afterwards: the next search answers normally.
    await where({ field: 'particulars', operator: 'contains', value: 'swiggy' }).expect(200);
  });
});
