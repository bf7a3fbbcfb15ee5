import request from 'supertest';
import { makeKey, makeOrg, type TestKey, type TestService } from '@finance/platform/testing';
import { countRows, createAccount, expectValidation, insertRows, startStatement } from './helpers';

let svc: TestService;
let full: TestKey;
let orgId: string;

const api = () => request(svc.baseUrl);
const create = (body: unknown, key = full) =>
  api()
    .post('/api/v1/accounts')
    .set(key.headers)
    .send(body as object);

beforeAll(async () => {
  svc = await startStatement();
  const made = await makeOrg(svc.deps.platformDb, 'stmt-accounts');
  full = made.full;
  orgId = made.org.id;
});
afterAll(() => svc.close());

const accountState = async (id: string) => (await svc.deps.pool.query('SELECT * FROM statement.accounts WHERE id = $1', [id])).rows[0];

describe('POST /api/v1/accounts', () => {
  test('name and category are enough: currency INR, opening balance 0, not archived, status active', async () => {
    const res = await create({ name: 'HDFC Savings', category: 'bank' }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'HDFC Savings',
      name_source: 'person',
      category: 'bank',
      description: null,
      acc_no: null,
      currency: 'INR',
      color: null,
      opening_balance: 0,
      opening_balance_date: null,
      status: 'active',
      is_archived: false,
      upload_frequency: null,
      created_at: expect.any(String),
      review: { is_done: false, at: null, type: null, by: null, work_record_id: null },
    });
  });

  test('every optional field; opening_balance in base units with up to 3 decimals, stored as milli-units', async () => {
    const res = await create({
      name: 'Amex Platinum',
      category: 'credit_card',
      acc_no: ' 3782 822463 10005 ',
      currency: 'usd',
      opening_balance: -98765.432,
      opening_balance_date: '2026-01-01',
      description: 'travel card',
      color: '#1a2B3c',
      is_archived: true,
    }).expect(201);
    expect(res.body.data).toMatchObject({
      acc_no: '3782 822463 10005',
      currency: 'USD',
      opening_balance: -98765.432,
      opening_balance_date: '2026-01-01',
      description: 'travel card',
      color: '#1a2B3c',
      is_archived: true,
    });
    expect((await accountState(res.body.data.id)).opening_balance).toBe('-98765432');
  });

  test('the largest exact opening balance round-trips', async () => {
    const res = await create({ name: 'Treasury', category: 'bank', opening_balance: 999999999999.999 }).expect(201);
    expect(res.text).toContain('"opening_balance":999999999999.999');
    expect((await accountState(res.body.data.id)).opening_balance).toBe('999999999999999');
  });

  test.each([
    [{ category: 'bank' }, 'name'],
    [{ name: '', category: 'bank' }, 'name'],
    [{ name: '   ', category: 'bank' }, 'name'],
    [{ name: 'x'.repeat(201), category: 'bank' }, 'name'],
    [{ name: 'A' }, 'category'],
    [{ name: 'A', category: 'wallet' }, 'category'],
    [{ name: 'A', category: 'bank', currency: 'RUPEE' }, 'currency'],
    [{ name: 'A', category: 'bank', currency: 1 }, 'currency'],
    [{ name: 'A', category: 'bank', opening_balance: 1.2345 }, 'opening_balance'],
    [{ name: 'A', category: 'bank', opening_balance: 0.0001 }, 'opening_balance'],
    [{ name: 'A', category: 'bank', opening_balance: '100.50' }, 'opening_balance'],
    [{ name: 'A', category: 'bank', opening_balance: 1e15 }, 'opening_balance'],
    [{ name: 'A', category: 'bank', opening_balance: null }, 'opening_balance'],
    [{ name: 'A', category: 'bank', opening_balance_date: '2026-02-30' }, 'opening_balance_date'],
    [{ name: 'A', category: 'bank', opening_balance_date: '01-02-2026' }, 'opening_balance_date'],
    [{ name: 'A', category: 'bank', color: 'blue' }, 'color'],
    [{ name: 'A', category: 'bank', color: '#12345' }, 'color'],
    [{ name: 'A', category: 'bank', acc_no: '' }, 'acc_no'],
    [{ name: 'A', category: 'bank', acc_no: 1234 }, 'acc_no'],
    [{ name: 'A', category: 'bank', is_archived: 'yes' }, 'is_archived'],
    [{ name: 'A', category: 'bank', status: 'closed' }, 'status'],
    [{ name: 'A', category: 'bank', upload_frequency: 'monthly' }, 'upload_frequency'],
    [{ name: 'A', category: 'bank', review: { is_done: true } }, 'review'],
  ])('refuses %j with 400 naming %s and creates nothing', async (body, field) => {
    const before = await countRows(svc, 'accounts', orgId);
    expectValidation(await create(body), field);
    expect(await countRows(svc, 'accounts', orgId)).toBe(before);
  });

  test('an account number already used (ignoring spaces and dashes) is a 409 and creates nothing', async () => {
    await create({ name: 'Axis', category: 'bank', acc_no: '9170-1002-3456' }).expect(201);
    const before = await countRows(svc, 'accounts', orgId);
    const res = await create({ name: 'Axis again', category: 'bank', acc_no: '9170 1002 3456' }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'ACCOUNT_NUMBER_EXISTS', message: expect.stringContaining('acc_no') });
    expect(await countRows(svc, 'accounts', orgId)).toBe(before);
    // Another organization may hold the same number.
    const other = await makeOrg(svc.deps.platformDb, 'stmt-accounts-accno');
    await create({ name: 'Axis', category: 'bank', acc_no: '917010023456' }, other.full).expect(201);
  });

  test('403 without accounts:create; 401 without a key', async () => {
    const other = await makeOrg(svc.deps.platformDb, 'stmt-accounts-403');
    const reader = await makeKey(svc.deps.platformDb, other.org, 'custom', 'accounts:read');
    const res = await create({ name: 'A', category: 'bank' }, reader).expect(403);
    expect(res.body.error.message).toContain('accounts:create');
    await api().post('/api/v1/accounts').send({ name: 'A', category: 'bank' }).expect(401);
    expect(await countRows(svc, 'accounts', other.org.id)).toBe(0);
  });
});

describe('PATCH /api/v1/accounts/:id', () => {
  test('changes only what is sent and returns the account', async () => {
    const { id } = await createAccount(svc, full, { name: 'Kotak', category: 'bank', color: '#000000' });
    const res = await api()
      .patch(`/api/v1/accounts/${id}`)
      .set(full.headers)
      .send({ name: 'Kotak 811', is_archived: true, opening_balance: 1500.25, opening_balance_date: '2026-03-01', color: null })
      .expect(200);
    expect(res.body.data).toMatchObject({
      id,
      name: 'Kotak 811',
      category: 'bank',
      is_archived: true,
      opening_balance: 1500.25,
      opening_balance_date: '2026-03-01',
      color: null,
      currency: 'INR',
    });
    const unarchived = await api().patch(`/api/v1/accounts/${id}`).set(full.headers).send({ is_archived: false, opening_balance_date: null }).expect(200);
    expect(unarchived.body.data).toMatchObject({ is_archived: false, opening_balance_date: null, opening_balance: 1500.25, name: 'Kotak 811' });
  });

  test('refusals change nothing: 400 naming the field, 404 for a foreign account, 409 for a taken number', async () => {
    const { id } = await createAccount(svc, full, { name: 'Yes Bank', category: 'bank', acc_no: 'YES-001' });
    await createAccount(svc, full, { name: 'Yes Bank 2', category: 'bank', acc_no: 'YES-002' });
    const before = await accountState(id);
    for (const [body, field] of [
      [{}, 'body'],
      [{ category: 'loan' }, 'category'],
      [{ opening_balance: 10.0001 }, 'opening_balance'],
      [{ name: null }, 'name'],
      [{ id: 'x' }, 'id'],
    ] as [object, string][]) {
      expectValidation(await api().patch(`/api/v1/accounts/${id}`).set(full.headers).send(body), field);
    }
    const taken = await api().patch(`/api/v1/accounts/${id}`).set(full.headers).send({ acc_no: 'YES 002' }).expect(409);
    expect(taken.body.error.code).toBe('ACCOUNT_NUMBER_EXISTS');
    const other = await makeOrg(svc.deps.platformDb, 'stmt-accounts-patch');
    await api().patch(`/api/v1/accounts/${id}`).set(other.full.headers).send({ name: 'mine' }).expect(404);
    const reader = await makeKey(svc.deps.platformDb, other.org, 'custom', 'accounts:read');
    await api().patch(`/api/v1/accounts/${id}`).set(reader.headers).send({ name: 'mine' }).expect(403);
    expect(await accountState(id)).toEqual(before);
  });
});

describe('GET /api/v1/accounts and /accounts/:id', () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let ids: string[];
  beforeAll(async () => {
    org = await makeOrg(svc.deps.platformDb, 'stmt-accounts-list');
    ids = [];
    for (const body of [
      { name: 'B bank', category: 'bank' },
      { name: 'A card', category: 'credit_card' },
      { name: 'C bank', category: 'bank', is_archived: true },
    ]) {
      ids.push((await createAccount(svc, org.full, body)).id);
    }
  });
  const list = (query = '') => api().get(`/api/v1/accounts${query}`).set(org.full.headers);

  test('newest first by default; sort_by name; filters is_archived and category; pages', async () => {
    expect((await list().expect(200)).body.data.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await list('?sort_by=name&sort_order=ASC').expect(200)).body.data.map((a: { name: string }) => a.name)).toEqual(['A card', 'B bank', 'C bank']);
    expect((await list('?is_archived=false').expect(200)).body.data.map((a: { id: string }) => a.id)).toEqual([ids[1], ids[0]]);
    expect((await list('?category=bank').expect(200)).body.data.map((a: { id: string }) => a.id)).toEqual([ids[2], ids[0]]);
    const page = await list('?limit=2&page=2').expect(200);
    expect(page.body.page_context).toEqual({ count: 1, page: 2, per_page: 2, total: 3, has_more: false });
  });

  test('fields selects; one account by id with fields', async () => {
    const res = await list('?fields=id,name,opening_balance').expect(200);
    expect(res.body.data[0]).toEqual({ id: ids[2], name: 'C bank', opening_balance: 0 });
    const one = await api().get(`/api/v1/accounts/${ids[0]}?fields=name,category,is_archived`).set(org.full.headers).expect(200);
    expect(one.body.data).toEqual({ name: 'B bank', category: 'bank', is_archived: false });
    const all = await api().get(`/api/v1/accounts/${ids[0]}?fields=nope`).set(org.full.headers).expect(200);
    // The account's 15 fields and, on the detail, the continuity of its statements (none yet).
    expect(Object.keys(all.body.data)).toHaveLength(16);
    expect(all.body.data.continuity).toEqual({ ok: true, statements: [], breaks: [] });
  });

  test.each([
    ['?is_archived=yes', 'is_archived'],
    ['?is_archived=1', 'is_archived'],
    ['?category=wallet', 'category'],
    ['?limit=501', 'limit'],
    ['?sort_by=balance', 'sort_by'],
    ['?name=x', 'name'],
  ])('%s is a 400 naming %s', async (query, field) => {
    expectValidation(await list(query), field);
  });

  test('404 for a missing, malformed or foreign account; 403 without accounts:read', async () => {
    await api().get('/api/v1/accounts/018f0000-0000-7000-8000-000000000000').set(org.full.headers).expect(404);
    await api().get('/api/v1/accounts/123').set(org.full.headers).expect(404);
    await api().get(`/api/v1/accounts/${ids[0]}`).set(full.headers).expect(404);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-accounts-read');
    const key = await makeKey(svc.deps.platformDb, other.org, 'custom', 'transactions:read');
    const res = await api().get('/api/v1/accounts').set(key.headers).expect(403);
    expect(res.body.error.message).toContain('accounts:read');
  });
});

describe('GET /api/v1/accounts/:id/balance', () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let account: string;
  beforeAll(async () => {
    org = await makeOrg(svc.deps.platformDb, 'stmt-balance');
    account = (await createAccount(svc, org.full, { name: 'Savings', category: 'bank', opening_balance: 1000.5, opening_balance_date: '2026-01-10' })).id;
    const other = (await createAccount(svc, org.full, { name: 'Other', category: 'bank' })).id;
    await insertRows(svc, org.org.id, [
      { account_id: account, date: '2026-01-09', particulars: 'before the opening date', inflow: 999_000 },
      { account_id: account, date: '2026-01-10', particulars: 'on the opening date', inflow: 250_250 },
      { account_id: account, date: '2026-01-15', particulars: 'spend', outflow: 100_001 },
      { account_id: account, date: '2026-01-15', particulars: 'spend again', outflow: 49_999 },
      { account_id: account, date: '2026-02-01', particulars: 'later', inflow: 5_000_000 },
      { account_id: other, date: '2026-01-15', particulars: 'other account', inflow: 7_000_000 },
    ]);
  });
  const balance = (query: string, id = account) => api().get(`/api/v1/accounts/${id}/balance${query}`).set(org.full.headers);

  test('opening balance plus rows from the opening date through as_of (end of day), in base units', async () => {
    const res = await balance('?as_of=2026-01-15').expect(200);
    expect(res.body.data).toEqual({
      account_id: account,
      as_of_date: '2026-01-15',
      balance: 1100.75,
      computed_from: { opening_balance: 1000.5, opening_balance_date: '2026-01-10', total_inflow: 250.25, total_outflow: 150, transaction_count: 3 },
    });
    expect((await balance('?as_of=2026-01-10').expect(200)).body.data).toMatchObject({ balance: 1250.75, computed_from: { transaction_count: 1 } });
    expect((await balance('?as_of=2026-12-31').expect(200)).body.data).toMatchObject({
      balance: 6100.75,
      computed_from: { total_inflow: 5250.25, transaction_count: 4 },
    });
  });

  test('the totals follow rows as they come and go (insert, delete, a moved date), never categorisation', async () => {
    const [extra] = await insertRows(svc, org.org.id, [{ account_id: account, date: '2026-01-12', particulars: 'late import', inflow: 1 }]);
    expect((await balance('?as_of=2026-01-15').expect(200)).body.data).toMatchObject({ balance: 1100.751, computed_from: { transaction_count: 4 } });
    await svc.deps.pool.query(`UPDATE statement.transactions SET date = '2026-03-01' WHERE id = $1`, [extra]);
    expect((await balance('?as_of=2026-01-15').expect(200)).body.data).toMatchObject({ balance: 1100.75, computed_from: { transaction_count: 3 } });
    await svc.deps.pool.query(`UPDATE statement.transactions SET category = 'x', type = 'income' WHERE id = $1`, [extra]);
    await svc.deps.pool.query('DELETE FROM statement.transactions WHERE id = $1', [extra]);
    expect((await balance('?as_of=2026-12-31').expect(200)).body.data).toMatchObject({ balance: 6100.75, computed_from: { transaction_count: 4 } });
    // The per-day totals agree with the rows themselves.
    const check = await svc.deps.pool.query(
      `SELECT (SELECT sum(inflow - outflow) FROM statement.transactions WHERE account_id = $1)::text AS rows,
              (SELECT sum(inflow - outflow) FROM statement.account_day_totals WHERE account_id = $1)::text AS totals`,
      [account],
    );
    expect(check.rows[0].totals).toBe(check.rows[0].rows);
  });

  test('without an opening date every row up to as_of counts', async () => {
    const other = (await createAccount(svc, org.full, { name: 'No date', category: 'credit_card', opening_balance: -10 })).id;
    await insertRows(svc, org.org.id, [
      { account_id: other, date: '2020-01-01', particulars: 'old', outflow: 1_000 },
      { account_id: other, date: '2026-01-01', particulars: 'new', outflow: 2_000 },
    ]);
    const res = await balance('?as_of=2025-12-31', other).expect(200);
    expect(res.body.data).toMatchObject({
      balance: -11,
      computed_from: { opening_balance: -10, opening_balance_date: null, total_outflow: 1, transaction_count: 1 },
    });
  });

  test('large balances stay exact', async () => {
    const big = (await createAccount(svc, org.full, { name: 'Big', category: 'bank', opening_balance: 900000000000.001 })).id;
    await insertRows(svc, org.org.id, [{ account_id: big, date: '2026-01-01', particulars: 'wire', inflow: 87_654_321_012_344n }]);
    const res = await balance('?as_of=2026-01-01', big).expect(200);
    expect(res.text).toContain('"balance":987654321012.345');
    expect(res.text).toContain('"total_inflow":87654321012.344');
  });

  test.each([
    ['', 'as_of', 'required'],
    ['?as_of=', 'as_of', 'YYYY-MM-DD'],
    ['?as_of=2026-02-30', 'as_of', 'not a calendar date'],
    ['?as_of=15/01/2026', 'as_of', 'YYYY-MM-DD'],
    ['?as_of=2026-01-09', 'as_of', 'opening_balance_date'],
    ['?as_of=2026-01-15&date=2026-01-01', 'date', 'unknown'],
  ])('balance%s is a 400 naming %s', async (query, field, words) => {
    const res = await balance(query);
    expectValidation(res, field);
    expect(res.body.error.message).toContain(words);
  });

  test('404 for a missing or foreign account; 403 without accounts:read', async () => {
    await balance('?as_of=2026-01-15', '018f0000-0000-7000-8000-000000000000').expect(404);
    await api().get(`/api/v1/accounts/${account}/balance?as_of=2026-01-15`).set(full.headers).expect(404);
    const key = await makeKey(svc.deps.platformDb, org.org, 'custom', 'reports:read');
    await api().get(`/api/v1/accounts/${account}/balance?as_of=2026-01-15`).set(key.headers).expect(403);
  });
});
