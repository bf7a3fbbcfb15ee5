import request from 'supertest';
import { makeKey, makeOrg, type TestKey, type TestService } from '@finance/platform/testing';
import { countRows, createAccount, expectValidation, insertRows, rowsDigest, startStatement } from './helpers';

let svc: TestService;

const api = () => request(svc.baseUrl);

beforeAll(async () => {
  svc = await startStatement({ limits: { queryTimeoutMs: 1_500, runTimeoutMs: 1_500 } });
});
afterAll(() => svc.close());

const swiggyRule = {
  name: 'Swiggy is dining',
  conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }],
  actions: [
    { field: 'category', value: 'Dining' },
    { field: 'type', value: 'expense' },
  ],
};

async function newOrg(prefix: string) {
  const made = await makeOrg(svc.deps.platformDb, prefix);
  const account = (await createAccount(svc, made.full, { name: 'HDFC', category: 'bank' })).id;
  return { ...made, key: made.full, orgId: made.org.id, account };
}

async function createRule(key: TestKey, body: object): Promise<{ id: string } & Record<string, unknown>> {
  const res = await api().post('/api/v1/rules').set(key.headers).send(body);
  if (res.status !== 201) throw new Error(`rule create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

describe('creating, reading, changing and deleting rules', () => {
  let key: TestKey;
  let orgId: string;
  let account: string;
  beforeAll(async () => {
    ({ key, orgId, account } = await newOrg('stmt-rules'));
  });

  test('POST /rules: 201 with the rule; conditions come back checked and normalised', async () => {
    const res = await api()
      .post('/api/v1/rules')
      .set(key.headers)
      .send({
        name: '  Big salary ',
        description: 'monthly pay',
        rationale: 'payroll arrives by NEFT',
        priority: 5,
        conditions: [
          { field: 'particulars', operator: 'starts_with', value: 'NEFT/', case_sensitive: true },
          { field: 'inflow', operator: 'greater_than', value: 50_000_000 },
          { field: 'category', operator: 'is_null' },
          { field: 'account', operator: 'equals', value: account.toUpperCase() },
        ],
        actions: [
          { field: 'category', value: ' Salary ' },
          { field: 'type', value: 'income' },
          { field: 'entity', value: 'Acme' },
          { field: 'comments', value: '' },
          { field: 'po', value: null },
        ],
      })
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'Big salary',
      description: 'monthly pay',
      rationale: 'payroll arrives by NEFT',
      priority: 5,
      conditions: [
        { field: 'particulars', operator: 'starts_with', value: 'NEFT/', case_sensitive: true },
        { field: 'inflow', operator: 'greater_than', value: 50000000, case_sensitive: false },
        { field: 'category', operator: 'is_null', case_sensitive: false },
        { field: 'account', operator: 'equals', value: account, case_sensitive: false },
      ],
      actions: [
        { field: 'category', value: 'Salary' },
        { field: 'type', value: 'income' },
        { field: 'entity', value: 'Acme' },
        { field: 'comments', value: null },
        { field: 'po', value: null },
      ],
      enabled: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await api().get(`/api/v1/rules/${res.body.data.id}`).set(key.headers).expect(200);
    expect(got.body.data).toEqual(res.body.data);
  });

  test('a retried create with the same Idempotency-Key creates one rule and replays the first answer', async () => {
    const before = await countRows(svc, 'rules', orgId);
    const headers = { ...key.headers, 'idempotency-key': `create-${Date.now()}` };
    const first = await api().post('/api/v1/rules').set(headers).send(swiggyRule).expect(201);
    const retry = await api().post('/api/v1/rules').set(headers).send(swiggyRule).expect(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await countRows(svc, 'rules', orgId)).toBe(before + 1);
  });

  test.each([
    [{ ...swiggyRule, name: undefined }, 'name'],
    [{ ...swiggyRule, name: ' ' }, 'name'],
    [{ ...swiggyRule, conditions: [] }, 'conditions'],
    [{ ...swiggyRule, conditions: undefined }, 'conditions'],
    [{ ...swiggyRule, conditions: [{ field: 'memo', operator: 'equals', value: 'x' }] }, 'conditions[0].field'],
    [{ ...swiggyRule, conditions: [swiggyRule.conditions[0], { field: 'outflow', operator: 'starts_with', value: '1' }] }, 'conditions[1].operator'],
    [{ ...swiggyRule, conditions: [{ field: 'entity', operator: 'equals' }] }, 'conditions[0].value'],
    [{ ...swiggyRule, conditions: [{ field: 'particulars', operator: 'regex', value: '[a-' }] }, 'conditions[0].value'],
    [{ ...swiggyRule, actions: [] }, 'actions'],
    [{ ...swiggyRule, actions: [{ field: 'inflow', value: '5' }] }, 'actions[0].field'],
    [{ ...swiggyRule, actions: [{ field: 'account', value: 'x' }] }, 'actions[0].field'],
    [{ ...swiggyRule, actions: [{ field: 'type', value: 'food' }] }, 'actions[0].value'],
    [{ ...swiggyRule, actions: [{ field: 'type', value: null }] }, 'actions[0].value'],
    [{ ...swiggyRule, actions: [{ field: 'category' }] }, 'actions[0].value'],
    [{ ...swiggyRule, actions: [{ field: 'category', value: 7 }] }, 'actions[0].value'],
    [
      {
        ...swiggyRule,
        actions: [
          { field: 'category', value: 'a' },
          { field: 'category', value: 'b' },
        ],
      },
      'actions[1].field',
    ],
    [{ ...swiggyRule, actions: [{ field: 'category', value: 'a', extra: 1 }] }, 'actions[0].extra'],
    [{ ...swiggyRule, priority: 1.5 }, 'priority'],
    [{ ...swiggyRule, priority: '1' }, 'priority'],
    [{ ...swiggyRule, enabled: 'true' }, 'enabled'],
    [{ ...swiggyRule, owner: 'me' }, 'owner'],
  ])('refuses %j with 400 naming %s and stores nothing', async (body, field) => {
    const before = await countRows(svc, 'rules', orgId);
    expectValidation(await api().post('/api/v1/rules').set(key.headers).send(body), field);
    expect(await countRows(svc, 'rules', orgId)).toBe(before);
  });

  test('PUT is partial; conditions and actions sent replace the whole array; enabled toggles', async () => {
    const rule = await createRule(key, { ...swiggyRule, description: 'keep me' });
    const res = await api()
      .put(`/api/v1/rules/${rule.id}`)
      .set(key.headers)
      .send({ enabled: false, actions: [{ field: 'entity', value: 'Swiggy' }], rationale: null })
      .expect(200);
    expect(res.body.data).toMatchObject({
      id: rule.id,
      name: 'Swiggy is dining',
      description: 'keep me',
      rationale: null,
      enabled: false,
      conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy', case_sensitive: false }],
      actions: [{ field: 'entity', value: 'Swiggy' }],
    });
    expect(res.body.data.updated_at > (rule.updated_at as string)).toBe(true);
    const again = await api()
      .put(`/api/v1/rules/${rule.id}`)
      .set(key.headers)
      .send({ enabled: true, priority: -3, conditions: [{ field: 'type', operator: 'equals', value: 'unknown' }] })
      .expect(200);
    expect(again.body.data).toMatchObject({
      enabled: true,
      priority: -3,
      conditions: [{ field: 'type', operator: 'equals', value: 'unknown', case_sensitive: false }],
      actions: [{ field: 'entity', value: 'Swiggy' }],
    });
  });

  test('PUT refusals change nothing: 400 naming the field, 404 for a foreign or missing rule, 403 without rules:edit', async () => {
    const rule = await createRule(key, swiggyRule);
    const state = async () => (await svc.deps.pool.query('SELECT * FROM statement.rules WHERE id = $1', [rule.id])).rows[0];
    const before = await state();
    for (const [body, field] of [
      [{}, 'body'],
      [{ conditions: [] }, 'conditions'],
      [{ conditions: [{ field: 'particulars', operator: 'regex', value: '(' }] }, 'conditions[0].value'],
      [{ actions: [{ field: 'date', value: '2026-01-01' }] }, 'actions[0].field'],
      [{ name: '' }, 'name'],
      [{ enabled: null }, 'enabled'],
      [{ id: rule.id }, 'id'],
    ] as [object, string][]) {
      expectValidation(await api().put(`/api/v1/rules/${rule.id}`).set(key.headers).send(body), field);
    }
    await api().put('/api/v1/rules/018f0000-0000-7000-8000-000000000000').set(key.headers).send({ enabled: false }).expect(404);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-rules-put');
    await api().put(`/api/v1/rules/${rule.id}`).set(other.full.headers).send({ enabled: false }).expect(404);
    const reader = await makeKey(svc.deps.platformDb, other.org, 'custom', 'rules:read');
    const denied = await api().put(`/api/v1/rules/${rule.id}`).set(reader.headers).send({ enabled: false }).expect(403);
    expect(denied.body.error.message).toContain('rules:edit');
    expect(await state()).toEqual(before);
  });

  test('DELETE: 204 with no body, then 404; rows keep the categorisation the rule gave them', async () => {
    const [row] = await insertRows(svc, orgId, [{ account_id: account, date: '2026-04-01', particulars: 'UPI/1/SWIGGY/delete-test', outflow: 1_000 }]);
    const rule = await createRule(key, { ...swiggyRule, conditions: [{ field: 'particulars', operator: 'contains', value: 'delete-test' }] });
    await api().post(`/api/v1/rules/${rule.id}/run`).set(key.headers).expect(200);
    const other = await makeOrg(svc.deps.platformDb, 'stmt-rules-del');
    await api().delete(`/api/v1/rules/${rule.id}`).set(other.full.headers).expect(404);
    const reader = await makeKey(svc.deps.platformDb, other.org, 'full_access');
    await api().delete(`/api/v1/rules/${rule.id}`).set(reader.headers).expect(404);
    const res = await api().delete(`/api/v1/rules/${rule.id}`).set(key.headers).expect(204);
    expect(res.text).toBe('');
    await api().delete(`/api/v1/rules/${rule.id}`).set(key.headers).expect(404);
    await api().get(`/api/v1/rules/${rule.id}`).set(key.headers).expect(404);
    const kept = await api().get(`/api/v1/transactions/${row}`).set(key.headers).expect(200);
    expect(kept.body.data).toMatchObject({ category: 'Dining', type: 'expense' });
  });

  test('403 for DELETE without rules:delete and for POST without rules:create', async () => {
    const rule = await createRule(key, swiggyRule);
    const { org } = await makeOrg(svc.deps.platformDb, 'stmt-rules-perm');
    const editor = await makeKey(svc.deps.platformDb, org, 'custom', 'rules:read,rules:edit');
    expect((await api().delete(`/api/v1/rules/${rule.id}`).set(editor.headers).expect(403)).body.error.message).toContain('rules:delete');
    expect((await api().post('/api/v1/rules').set(editor.headers).send(swiggyRule).expect(403)).body.error.message).toContain('rules:create');
    expect(await countRows(svc, 'rules', org.id)).toBe(0);
  });
});

describe('GET /api/v1/rules', () => {
  test('in the order categorisation applies them (priority, then creation); enabled filter; fields', async () => {
    const { key } = await newOrg('stmt-rules-list');
    const c = await createRule(key, { ...swiggyRule, name: 'c', priority: 10 });
    const a = await createRule(key, { ...swiggyRule, name: 'a', priority: 1, enabled: false });
    const b = await createRule(key, { ...swiggyRule, name: 'b', priority: 10 });
    const names = async (query: string) =>
      (await api().get(`/api/v1/rules${query}`).set(key.headers).expect(200)).body.data.map((r: { name: string }) => r.name);
    expect(await names('')).toEqual(['a', 'c', 'b']);
    expect(await names('?enabled=true')).toEqual(['c', 'b']);
    expect(await names('?enabled=false')).toEqual(['a']);
    expect(await names('?sort_by=name&sort_order=DESC')).toEqual(['c', 'b', 'a']);
    const picked = await api().get('/api/v1/rules?fields=id,priority,enabled').set(key.headers).expect(200);
    expect(picked.body.data).toEqual([
      { id: a.id, priority: 1, enabled: false },
      { id: c.id, priority: 10, enabled: true },
      { id: b.id, priority: 10, enabled: true },
    ]);
    expect(picked.body.page_context).toEqual({ count: 3, page: 1, per_page: 100, total: 3, has_more: false });
    expectValidation(await api().get('/api/v1/rules?enabled=yes').set(key.headers), 'enabled');
    expectValidation(await api().get('/api/v1/rules?priority=1').set(key.headers), 'priority');
  });
});

describe('preview and run', () => {
  let key: TestKey;
  let orgId: string;
  let account: string;
  let ids: string[];
  beforeAll(async () => {
    ({ key, orgId, account } = await newOrg('stmt-rules-run'));
    ids = await insertRows(svc, orgId, [
      /* 0 */ { account_id: account, date: '2026-01-01', particulars: 'UPI/1/SWIGGY', outflow: 100_000, balance: 5_000, type: 'unknown' },
      /* 1 */ { account_id: account, date: '2026-01-02', particulars: 'UPI/2/swiggy', outflow: 200_000, type: 'unknown', category: 'Dining' },
      /* 2 */ { account_id: account, date: '2026-01-03', particulars: 'UPI/3/SWIGGY', outflow: 300_000, type: 'expense', category: 'Hand-picked' },
      /* 3 */ { account_id: account, date: '2026-01-04', particulars: 'UPI/4/ZOMATO', outflow: 400_000, type: 'unknown' },
      /* 4 */ { account_id: account, date: '2026-01-05', particulars: 'UPI/5/SWIGGY', outflow: 500_000, type: 'unknown', category: 'Dining' },
    ]);
  });
  const preview = (id: string, query = '') => api().get(`/api/v1/rules/${id}/preview${query}`).set(key.headers);
  const run = (id: string, body?: object) =>
    body === undefined ? api().post(`/api/v1/rules/${id}/run`).set(key.headers) : api().post(`/api/v1/rules/${id}/run`).set(key.headers).send(body);

  test('preview: only type unknown by default, everything with force_all; the full match count; newest first; writes nothing', async () => {
    const rule = await createRule(key, swiggyRule);
    const before = await rowsDigest(svc, orgId);
    const res = await preview(rule.id).expect(200);
    expect(res.body.data.map((r: { id: string }) => ids.indexOf(r.id))).toEqual([4, 1, 0]);
    expect(res.body.page_context).toEqual({ count: 3, page: 1, per_page: 100, total: 3, has_more: false });
    expect(res.body.data[2]).toEqual({
      id: ids[0],
      date: '2026-01-01',
      particulars: 'UPI/1/SWIGGY',
      inflow: 0,
      outflow: 100000,
      balance: 5000,
      entity: null,
      category: null,
      po: null,
      comments: null,
      type: 'unknown',
      category_source: null,
      category_rule_id: null,
      account,
      account_name: 'HDFC',
      account_currency: 'INR',
      statement: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      protected: false,
    });
    const all = await preview(rule.id, '?force_all=true').expect(200);
    expect(all.body.page_context.total).toBe(4);
    // The page is a slice of the full match; total still counts every match.
    const page = await preview(rule.id, '?force_all=true&limit=1&page=2').expect(200);
    expect(page.body.data.map((r: { id: string }) => ids.indexOf(r.id))).toEqual([2]);
    expect(page.body.page_context).toEqual({ count: 1, page: 2, per_page: 1, total: 4, has_more: true });
    const picked = await preview(rule.id, '?fields=id,account').expect(200);
    expect(picked.body.data[0]).toEqual({ id: ids[4], account });
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });

  test('run: matched within the type filter, updated only where values change; force_all considers every type', async () => {
    const rule = await createRule(key, swiggyRule);
    const previewed = await preview(rule.id).expect(200);
    const first = await run(rule.id).expect(200);
    // Rows 0, 1, 4 are unknown and match; all three change (type becomes expense).
    expect(first.body.data).toEqual({ matched_count: 3, updated_count: 3, protected_count: 0, rule_id: rule.id });
    expect(first.body.data.matched_count).toBe(previewed.body.page_context.total);
    const rows = async () =>
      (await api().get('/api/v1/transactions?sort_order=ASC').set(key.headers)).body.data.map(
        (r: { category: string; type: string }) => `${r.category}/${r.type}`,
      );
    expect(await rows()).toEqual(['Dining/expense', 'Dining/expense', 'Hand-picked/expense', 'null/unknown', 'Dining/expense']);
    // Nothing of type unknown matches any more.
    expect((await run(rule.id).expect(200)).body.data).toEqual({ matched_count: 0, updated_count: 0, protected_count: 0, rule_id: rule.id });
    // force_all: four match; only the row of another type and category (not marked manual: inserted as imported data would be) changes.
    expect((await run(rule.id, { force_all: true }).expect(200)).body.data).toEqual({
      matched_count: 4,
      updated_count: 1,
      protected_count: 0,
      rule_id: rule.id,
    });
    expect(await rows()).toEqual(['Dining/expense', 'Dining/expense', 'Dining/expense', 'null/unknown', 'Dining/expense']);
    expect((await run(rule.id, { force_all: true }).expect(200)).body.data).toEqual({
      matched_count: 4,
      updated_count: 0,
      protected_count: 0,
      rule_id: rule.id,
    });
  });

  test('preview and run work on a disabled rule; an empty JSON body runs without force_all', async () => {
    const rule = await createRule(key, {
      ...swiggyRule,
      enabled: false,
      conditions: [{ field: 'particulars', operator: 'contains', value: 'zomato' }],
      actions: [{ field: 'entity', value: 'Zomato' }],
    });
    expect((await preview(rule.id).expect(200)).body.page_context.total).toBe(1);
    expect((await run(rule.id, {}).expect(200)).body.data).toEqual({ matched_count: 1, updated_count: 1, protected_count: 0, rule_id: rule.id });
    const row = await api().get(`/api/v1/transactions/${ids[3]}`).set(key.headers).expect(200);
    expect(row.body.data).toMatchObject({ entity: 'Zomato', type: 'unknown' });
  });

  test('refusals write nothing: bad run bodies, bad preview queries, foreign rules, missing permissions', async () => {
    const rule = await createRule(key, swiggyRule);
    const before = await rowsDigest(svc, orgId);
    for (const [body, field] of [
      [{ force_all: 'true' }, 'force_all'],
      [{ force_all: 1 }, 'force_all'],
      [{ force: true }, 'force'],
    ] as [object, string][]) {
      expectValidation(await run(rule.id, body), field);
    }
    const malformed = await api()
      .post(`/api/v1/rules/${rule.id}/run`)
      .set({ ...key.headers, 'content-type': 'application/json' })
      .send('{"force_all":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_ERROR');
    expect(
      (
        await api()
          .post(`/api/v1/rules/${rule.id}/run`)
          .set({ ...key.headers, 'content-type': 'text/plain' })
          .send('force_all')
      ).status,
    ).toBe(415);
    for (const [query, field] of [
      ['?force_all=yes', 'force_all'],
      ['?limit=501', 'limit'],
      ['?page=0', 'page'],
      ['?sort_by=date', 'sort_by'],
    ]) {
      expectValidation(await preview(rule.id, query), field as string);
    }
    const other = await makeOrg(svc.deps.platformDb, 'stmt-rules-foreign');
    await api().post(`/api/v1/rules/${rule.id}/run`).set(other.full.headers).send({ force_all: true }).expect(404);
    await api().get(`/api/v1/rules/${rule.id}/preview`).set(other.full.headers).expect(404);
    await run('018f0000-0000-7000-8000-000000000000').expect(404);
    const reader = await makeKey(svc.deps.platformDb, other.org, 'custom', 'rules:read');
    expect((await api().post(`/api/v1/rules/${rule.id}/run`).set(reader.headers).expect(403)).body.error.message).toContain('rules:edit');
    const noRules = await makeKey(svc.deps.platformDb, other.org, 'custom', 'transactions:read');
    expect((await api().get(`/api/v1/rules/${rule.id}/preview`).set(noRules.headers).expect(403)).body.error.message).toContain('rules:read');
    await api().get(`/api/v1/rules/${rule.id}/preview`).expect(401);
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });

  test("another organization's rows are never matched or written", async () => {
    const other = await newOrg('stmt-rules-isolated');
    await insertRows(svc, other.orgId, [{ account_id: other.account, date: '2026-01-01', particulars: 'UPI/9/SWIGGY', outflow: 1 }]);
    const theirs = await rowsDigest(svc, other.orgId);
    const rule = await createRule(key, swiggyRule);
    await run(rule.id, { force_all: true }).expect(200);
    expect(await rowsDigest(svc, other.orgId)).toBe(theirs);
  });
});

describe('a costly rule cannot hang the database', () => {
  test('preview and run of a pathological regex stop at the statement timeout with 422 and write nothing', async () => {
    const { key, orgId, account } = await newOrg('stmt-rules-slow');
    await insertRows(svc, orgId, [
      { account_id: account, date: '2026-01-01', particulars: 'a'.repeat(101) },
      { account_id: account, date: '2026-01-02', particulars: 'UPI/1/SWIGGY' },
    ]);
    const rule = await createRule(key, {
      name: 'slow',
      conditions: [{ field: 'particulars', operator: 'regex', value: '^((a+)\\2)+$' }],
      actions: [{ field: 'category', value: 'never' }],
    });
    const before = await rowsDigest(svc, orgId);
    const previewed = await api().get(`/api/v1/rules/${rule.id}/preview`).set(key.headers);
    expect(previewed.status).toBe(422);
    expect(previewed.body.error.code).toBe('QUERY_TIMEOUT');
    const ran = await api().post(`/api/v1/rules/${rule.id}/run`).set(key.headers).send({ force_all: true });
    expect(ran.status).toBe(422);
    expect(ran.body.error).toMatchObject({ code: 'QUERY_TIMEOUT', message: expect.stringContaining('changed nothing') });
    expect(await rowsDigest(svc, orgId)).toBe(before);
  });
});
