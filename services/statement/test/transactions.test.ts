import request from 'supertest';
import { makeKey, makeOrg, type TestKey, type TestService } from '@finance/platform/testing';
import { createAccount, expectValidation, insertRows, insertStatement, rowsDigest, startStatement } from './helpers';

let svc: TestService;
let full: TestKey;
let orgId: string;
let hdfc: string;
let card: string;
let ids: string[];
let statementId: string;

const api = () => request(svc.baseUrl);
const list = (query = '') => api().get(`/api/v1/transactions${query}`).set(full.headers);
const dates = (res: request.Response) => res.body.data.map((r: { date: string }) => r.date);

beforeAll(async () => {
  svc = await startStatement();
  const made = await makeOrg(svc.deps.platformDb, 'stmt-tx');
  full = made.full;
  orgId = made.org.id;
  hdfc = (await createAccount(svc, full, { name: 'HDFC Savings', category: 'bank', currency: 'INR' })).id;
  card = (await createAccount(svc, full, { name: 'Amex', category: 'credit_card', currency: 'USD' })).id;
  statementId = await insertStatement(svc, orgId, hdfc);
  ids = await insertRows(svc, orgId, [
    {
      account_id: hdfc,
      statement_id: statementId,
      date: '2026-01-05',
      particulars: 'UPI/401/SWIGGY/Food',
      outflow: 450_500,
      balance: 9_549_500,
      type: 'expense',
      category: 'Food',
      entity: 'Swiggy',
    },
    {
      account_id: hdfc,
      date: '2026-01-05',
      particulars: 'NEFT/402/ACME/SALARY',
      inflow: 90_000_000,
      balance: 99_549_500,
      type: 'income',
      category: 'Salary',
      entity: 'Acme',
    },
    {
      account_id: hdfc,
      date: '2026-01-20',
      particulars: 'ATM WDL/MUMBAI/403',
      outflow: 2_000_000,
      balance: 97_549_500,
      type: 'transfer',
      category: '  ',
      comments: 'cash',
    },
    { account_id: card, date: '2026-02-01', particulars: 'POS 404 AMAZON 100% OFF_SALE', outflow: 1_250_000, balance: -1_250_000, type: 'unknown' },
    { account_id: card, date: '2026-02-10', particulars: 'pos 405 amazon refund', inflow: 250_000, balance: -1_000_000, type: 'unknown', comments: '' },
    { account_id: null, date: '2026-03-01', particulars: 'Orphan row', inflow: 1, balance: null, type: 'unknown', po: 'PO-7' },
  ]);
});
afterAll(() => svc.close());

describe('GET /api/v1/transactions', () => {
  test('lists rows newest first with every public field; money in integer milli-units', async () => {
    const res = await list().expect(200);
    expect(res.body.page_context).toEqual({ count: 6, page: 1, per_page: 100, total: 6, has_more: false });
    expect(dates(res)).toEqual(['2026-03-01', '2026-02-10', '2026-02-01', '2026-01-20', '2026-01-05', '2026-01-05']);
    // Same date: the id breaks the tie, in the same direction.
    expect(res.body.data.slice(4).map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(res.body.data[5]).toEqual({
      id: ids[0],
      date: '2026-01-05',
      particulars: 'UPI/401/SWIGGY/Food',
      inflow: 0,
      outflow: 450500,
      balance: 9549500,
      entity: 'Swiggy',
      category: 'Food',
      po: null,
      comments: null,
      type: 'expense',
      category_source: null,
      category_rule_id: null,
      account_id: hdfc,
      account_name: 'HDFC Savings',
      account_currency: 'INR',
      statement: statementId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const orphan = res.body.data[0];
    expect(orphan).toMatchObject({ account_id: null, account_name: null, account_currency: null, balance: null, po: 'PO-7' });
  });

  test('sort_by date ASC, created_at, updated_at; the id is the final tiebreaker', async () => {
    expect(dates(await list('?sort_order=ASC').expect(200))).toEqual(['2026-01-05', '2026-01-05', '2026-01-20', '2026-02-01', '2026-02-10', '2026-03-01']);
    expect(dates(await list('?sort_order=asc&sort_by=date').expect(200))[0]).toBe('2026-01-05');
    const byCreated = await list('?sort_by=created_at&sort_order=ASC').expect(200);
    expect(byCreated.body.data.map((r: { id: string }) => r.id)).toEqual(ids);
    const byUpdated = await list('?sort_by=updated_at').expect(200);
    expect(byUpdated.body.data).toHaveLength(6);
  });

  test('date_from / date_to are inclusive', async () => {
    expect(dates(await list('?date_from=2026-01-20&date_to=2026-02-01').expect(200))).toEqual(['2026-02-01', '2026-01-20']);
    expect(dates(await list('?date_from=2026-02-10').expect(200))).toEqual(['2026-03-01', '2026-02-10']);
  });

  test('created_at / updated_at ranges take instants', async () => {
    const far = '2999-01-01T00:00:00Z';
    expect((await list(`?created_at_from=${far}`).expect(200)).body.data).toHaveLength(0);
    expect((await list('?created_at_from=2000-01-01T00:00:00%2B05:30&updated_at_to=2999-01-01T00:00:00Z').expect(200)).body.data).toHaveLength(6);
  });

  test('account, type and particulars (case-insensitive, wildcards literal)', async () => {
    expect((await list(`?account=${card}`).expect(200)).body.data).toHaveLength(2);
    expect((await list('?type=unknown').expect(200)).body.data).toHaveLength(3);
    expect((await list('?particulars=AMAZON').expect(200)).body.data).toHaveLength(2);
    // % and _ are matched literally, not as wildcards.
    expect((await list('?particulars=100%25%20OFF_SALE').expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([ids[3]]);
    expect((await list('?particulars=%25').expect(200)).body.data).toHaveLength(1);
  });

  test('category, entity and comments: equality ignoring case; empty matches rows where the field is blank', async () => {
    expect((await list('?category=food').expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    // Uncategorised: null or blank (the ATM row's category is spaces).
    expect((await list('?category=').expect(200)).body.data.map((r: { id: string }) => r.id).sort()).toEqual([ids[2], ids[3], ids[4], ids[5]].sort());
    expect((await list('?entity=').expect(200)).body.data).toHaveLength(4);
    expect((await list('?entity=ACME').expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    expect((await list('?comments=').expect(200)).body.data).toHaveLength(5);
    expect((await list('?comments=CASH').expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
  });

  test('fields selects; only unknown names returns every field', async () => {
    const res = await list('?fields=id,inflow,account_name,statement').expect(200);
    expect(Object.keys(res.body.data[5]).sort()).toEqual(['account_name', 'id', 'inflow', 'statement']);
    const all = await list('?fields=nope,zzz').expect(200);
    expect(Object.keys(all.body.data[0])).toHaveLength(19);
  });

  test('pages: has_more, a page past the end is empty', async () => {
    const first = await list('?limit=4').expect(200);
    expect(first.body.page_context).toEqual({ count: 4, page: 1, per_page: 4, total: 6, has_more: true });
    const second = await list('?limit=4&page=2').expect(200);
    expect(second.body.page_context).toEqual({ count: 2, page: 2, per_page: 4, total: 6, has_more: false });
    const beyond = await list('?limit=4&page=9').expect(200);
    expect(beyond.body.data).toEqual([]);
  });

  test.each([
    ['?limit=0', 'limit'],
    ['?limit=501', 'limit'],
    ['?limit=abc', 'limit'],
    ['?page=0', 'page'],
    ['?date_from=2026-13-01', 'date_from'],
    ['?date_from=01/02/2026', 'date_from'],
    ['?date_from=2026-02-01&date_to=2026-01-01', 'date_from'],
    ['?created_at_from=2026-01-01', 'created_at_from'],
    ['?updated_at_to=yesterday', 'updated_at_to'],
    ['?created_at_from=2026-02-01T00:00:00Z&created_at_to=2026-01-01T00:00:00Z', 'created_at_from'],
    ['?sort_by=amount', 'sort_by'],
    ['?sort_order=up', 'sort_order'],
    ['?type=food', 'type'],
    ['?account=not-a-uuid', 'account'],
    ['?particulars=', 'particulars'],
    ['?acount=x', 'acount'],
    ['?type=income&type=expense', 'type'],
  ])('%s is a 400 naming %s', async (query, field) => {
    expectValidation(await list(query), field);
  });

  test('another organization sees none of these rows; 401 without a key; 403 without transactions:read', async () => {
    const other = await makeOrg(svc.deps.platformDb, 'stmt-tx-other');
    expect((await api().get('/api/v1/transactions').set(other.full.headers).expect(200)).body.data).toEqual([]);
    const unauth = await api().get('/api/v1/transactions').expect(401);
    expect(unauth.body.error.code).toBe('UNAUTHORIZED');
    const readOnly = await makeKey(svc.deps.platformDb, other.org, 'read_only');
    const denied = await api().get('/api/v1/transactions').set(readOnly.headers).expect(403);
    expect(denied.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('transactions:read') });
  });
});

describe('GET /api/v1/transactions?statement_id= (extension, issue 23)', () => {
  let key: TestKey;
  let own: string;
  let march: string;
  let april: string;
  let marchIds: string[];
  let aprilIds: string[];

  /** 600 rows of March on the account: more than a page of 500, dated before every April row. */
  async function manyMarchRows(org: string, account: string, statement: string): Promise<string[]> {
    const res = await svc.deps.pool.query(
      `INSERT INTO statement.transactions (id, org_id, account_id, statement_id, date, particulars, inflow, balance)
       SELECT gen_random_uuid(), $1, $2, $3, date '2026-03-01' + (i % 28), 'MARCH ROW ' || i, 1000, i * 1000
       FROM generate_series(1, 600) i RETURNING id`,
      [org, account, statement],
    );
    return res.rows.map((r: { id: string }) => r.id);
  }

  beforeAll(async () => {
    const made = await makeOrg(svc.deps.platformDb, 'stmt-tx-by-statement');
    key = made.full;
    own = made.org.id;
    const account = (await createAccount(svc, key, { name: 'ICICI Current', category: 'bank', currency: 'INR' })).id;
    march = await insertStatement(svc, own, account);
    april = await insertStatement(svc, own, account);
    marchIds = await manyMarchRows(own, account, march);
    aprilIds = await insertRows(svc, own, [
      { account_id: account, statement_id: april, date: '2026-04-02', particulars: 'APRIL RENT', outflow: 25_000_000, balance: 575_000 },
      { account_id: account, statement_id: april, date: '2026-04-01', particulars: 'APRIL SALARY', inflow: 90_000_000, balance: 25_575_000 },
      { account_id: account, statement_id: april, date: '2026-04-02', particulars: 'APRIL FOOD', outflow: 320_000, balance: 255_000 },
    ]);
    // A row of the account with no statement (seeded), which no statement filter returns.
    await insertRows(svc, own, [{ account_id: account, date: '2026-04-01', particulars: 'SEEDED', inflow: 5 }]);
  });

  const byStatement = (query: string) => api().get(`/api/v1/transactions${query}`).set(key.headers);

  test("exactly the statement's rows, in the sort asked for, though the account's first 500 rows are another statement's", async () => {
    const res = await byStatement(`?statement_id=${april}&limit=500&sort_order=ASC`).expect(200);
    // By date, then id: the salary (April 1), then the two rows of April 2 in id order (rent was inserted first).
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([aprilIds[1], aprilIds[0], aprilIds[2]]);
    expect(res.body.data.map((r: { statement: string }) => r.statement)).toEqual([april, april, april]);
    expect(res.body.data[0]).toMatchObject({ particulars: 'APRIL SALARY', inflow: 90_000_000, account_name: 'ICICI Current' });
    expect(res.body.page_context).toEqual({ count: 3, page: 1, per_page: 500, total: 3, has_more: false });
  });

  test("a large statement pages like any list, and none of another statement's rows come back", async () => {
    const first = await byStatement(`?statement_id=${march}&limit=500`).expect(200);
    expect(first.body.page_context).toEqual({ count: 500, page: 1, per_page: 500, total: 600, has_more: true });
    const second = await byStatement(`?statement_id=${march}&limit=500&page=2`).expect(200);
    const seen = [...first.body.data, ...second.body.data].map((r: { id: string }) => r.id);
    expect(seen).toHaveLength(600);
    expect([...seen].sort()).toEqual([...marchIds].sort());
    // Newest first by default.
    expect(first.body.data[0].date).toBe('2026-03-28');
  });

  test('combines with the other filters and ranges', async () => {
    const rent = await byStatement(`?statement_id=${april}&particulars=rent`).expect(200);
    expect(rent.body.data.map((r: { id: string }) => r.id)).toEqual([aprilIds[0]]);
    const day = await byStatement(`?statement_id=${april}&date_from=2026-04-02&sort_by=created_at&sort_order=ASC`).expect(200);
    expect(day.body.data.map((r: { id: string }) => r.id)).toEqual([aprilIds[0], aprilIds[2]]);
    expect((await byStatement(`?statement_id=${march}&date_from=2026-04-01`).expect(200)).body.data).toEqual([]);
  });

  test("an unknown statement, and another organization's, list nothing (as an unknown account does); a malformed id is a 400", async () => {
    const unknown = await byStatement('?statement_id=018f0000-0000-7000-8000-000000000000').expect(200);
    expect(unknown.body).toEqual({ data: [], page_context: { count: 0, page: 1, per_page: 100, total: 0, has_more: false } });
    // The first describe's organization holds statementId; this organization's key sees none of its rows.
    expect((await byStatement(`?statement_id=${statementId}`).expect(200)).body.data).toEqual([]);
    expect((await list(`?statement_id=${statementId}`).expect(200)).body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expectValidation(await byStatement('?statement_id=march'), 'statement_id');
  });
});

describe('GET /api/v1/transactions/:id', () => {
  test('one row, with field selection; 404 for a missing, malformed or foreign id', async () => {
    const res = await api().get(`/api/v1/transactions/${ids[0]}`).set(full.headers).expect(200);
    expect(res.body.data).toMatchObject({ id: ids[0], outflow: 450500, account_name: 'HDFC Savings' });
    const picked = await api().get(`/api/v1/transactions/${ids[0]}?fields=id,type`).set(full.headers).expect(200);
    expect(picked.body.data).toEqual({ id: ids[0], type: 'expense' });
    await api().get('/api/v1/transactions/018f0000-0000-7000-8000-000000000000').set(full.headers).expect(404);
    await api().get('/api/v1/transactions/nope').set(full.headers).expect(404);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-tx-peek');
    const res404 = await api().get(`/api/v1/transactions/${ids[0]}`).set(other.full.headers).expect(404);
    expect(res404.body.error.code).toBe('NOT_FOUND');
  });
});

describe('PATCH /api/v1/transactions/:id (manual categorisation)', () => {
  test('sets only the fields sent and returns the row; blank clears a field', async () => {
    const id = ids[3] as string;
    const res = await api()
      .patch(`/api/v1/transactions/${id}`)
      .set(full.headers)
      .send({ category: '  Shopping ', entity: 'Amazon', type: 'expense', comments: 'gift', po: 'PO-1' })
      .expect(200);
    expect(res.body.data).toMatchObject({ id, category: 'Shopping', entity: 'Amazon', type: 'expense', comments: 'gift', po: 'PO-1', outflow: 1250000 });
    // A person's edit (issue 30): rule runs and categorisation on import leave the row alone from now on.
    expect(res.body.data).toMatchObject({ category_source: 'manual', category_rule_id: null });
    expect(res.body.data.updated_at > res.body.data.created_at).toBe(true);
    const cleared = await api().patch(`/api/v1/transactions/${id}`).set(full.headers).send({ comments: '', po: null }).expect(200);
    expect(cleared.body.data).toMatchObject({ category: 'Shopping', comments: null, po: null, type: 'expense' });
    const again = await api().get(`/api/v1/transactions/${id}`).set(full.headers).expect(200);
    expect(again.body.data).toEqual(cleared.body.data);
  });

  test.each([
    [{}, 'body'],
    [{ type: 'food' }, 'type'],
    [{ type: null }, 'type'],
    [{ category: 5 }, 'category'],
    [{ entity: 'x'.repeat(201) }, 'entity'],
    [{ inflow: 5 }, 'inflow'],
    [{ date: '2026-01-01' }, 'date'],
    [{ account_id: '018f0000-0000-7000-8000-000000000000' }, 'account_id'],
  ])('refuses %j with 400 naming %s and changes nothing', async (body, field) => {
    const before = await rowsDigest(svc, orgId);
    const res = await api().patch(`/api/v1/transactions/${ids[1]}`).set(full.headers).send(body);
    expectValidation(res, field);
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });

  test('malformed JSON is a 400, another content type a 415; nothing changes', async () => {
    const before = await rowsDigest(svc, orgId);
    const bad = await api()
      .patch(`/api/v1/transactions/${ids[1]}`)
      .set({ ...full.headers, 'content-type': 'application/json' })
      .send('{"type":');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const text = await api()
      .patch(`/api/v1/transactions/${ids[1]}`)
      .set({ ...full.headers, 'content-type': 'text/plain' })
      .send('type=income');
    expect(text.status).toBe(415);
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });

  test("404 for another organization's row; 403 for a key without transactions:edit; nothing changes", async () => {
    const before = await rowsDigest(svc, orgId);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-tx-edit');
    await api().patch(`/api/v1/transactions/${ids[1]}`).set(other.full.headers).send({ category: 'Hacked' }).expect(404);
    const reader = await makeKey(svc.deps.platformDb, other.org, 'custom', 'transactions:read');
    const denied = await api().patch(`/api/v1/transactions/${ids[1]}`).set(reader.headers).send({ category: 'x' }).expect(403);
    expect(denied.body.error.message).toContain('transactions:edit');
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });
});
