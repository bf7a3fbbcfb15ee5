import request from 'supertest';
import { makeKey, makeOrg } from '@finance/platform/testing';
import { counts, createAccount, otherOrg, post, snapshotOf, startLedger, SYSTEM_KEYS, transfer, type Ledger } from './helpers';

let l: Ledger;
beforeAll(async () => {
  l = await startLedger('ledger-acc');
});
afterAll(() => l.svc.close());

describe('POST /api/v1/accounts/seed', () => {
  test('creates the 14 system groups (201), then finds them all existing (200) and changes nothing', async () => {
    const { org, full } = await makeOrg(l.svc.deps.platformDb, 'ledger-seed');
    const api = () => request(l.svc.baseUrl).post('/api/v1/accounts/seed').set(full.headers);
    const first = await api().expect(201);
    expect(first.body.data).toEqual({ created: SYSTEM_KEYS, existing: [] });
    const before = await snapshotOf(l, org.id);
    const again = await api().expect(200);
    expect(again.body.data).toEqual({ created: [], existing: SYSTEM_KEYS });
    expect(await snapshotOf(l, org.id)).toEqual(before);
  });

  test('system groups: source system, key in source_ref, all groups, nested by type', async () => {
    const res = await l.api().get('/api/v1/accounts?source=system').expect(200);
    const byKey = Object.fromEntries(res.body.data.map((a: { source_ref: string }) => [a.source_ref, a]));
    expect(Object.keys(byKey).sort()).toEqual([...SYSTEM_KEYS].sort());
    const parentKey = (key: string) => res.body.data.find((a: { id: string }) => a.id === byKey[key].parent)?.source_ref ?? null;
    expect(Object.fromEntries(SYSTEM_KEYS.map((k) => [k, [byKey[k].type, parentKey(k), byKey[k].is_group, byKey[k].name]]))).toEqual({
      ASSETS: ['asset', null, true, 'Assets'],
      CURRENT_ASSETS: ['asset', 'ASSETS', true, 'Current Assets'],
      CASH: ['asset', 'CURRENT_ASSETS', true, 'Cash and Cash Equivalents'],
      RECEIVABLES: ['asset', 'CURRENT_ASSETS', true, 'Accounts Receivable'],
      NON_CURRENT_ASSETS: ['asset', 'ASSETS', true, 'Non-Current Assets'],
      LIABILITIES: ['liability', null, true, 'Liabilities'],
      CURRENT_LIABILITIES: ['liability', 'LIABILITIES', true, 'Current Liabilities'],
      PAYABLES: ['liability', 'CURRENT_LIABILITIES', true, 'Accounts Payable'],
      NON_CURRENT_LIABILITIES: ['liability', 'LIABILITIES', true, 'Non-Current Liabilities'],
      CLEARING: ['liability', 'LIABILITIES', true, 'Clearing Accounts'],
      EQUITY: ['equity', null, true, 'Equity'],
      INCOME: ['income', null, true, 'Income'],
      EXPENSES: ['expense', null, true, 'Expenses'],
      DEPRECIATION: ['expense', 'EXPENSES', true, 'Depreciation and Amortisation'],
    });
  });

  test('creates only the missing keys (a key added to the list later), never altering an existing group', async () => {
    const { org, full } = await makeOrg(l.svc.deps.platformDb, 'ledger-seed2');
    await request(l.svc.baseUrl).post('/api/v1/accounts/seed').set(full.headers).expect(201);
    const list = await request(l.svc.baseUrl).get('/api/v1/accounts?source=system').set(full.headers).expect(200);
    const id = (key: string) => list.body.data.find((a: { source_ref: string }) => a.source_ref === key).id;
    await request(l.svc.baseUrl)
      .patch(`/api/v1/accounts/${id('CASH')}`)
      .set(full.headers)
      .send({ name: 'Bank and Cash', status: 'retired' })
      .expect(200);
    // An organization seeded before DEPRECIATION joined the list: the row is simply not there.
    await l.svc.deps.pool.query(`DELETE FROM ledger.accounts WHERE org_id = $1 AND source_ref = 'DEPRECIATION'`, [org.id]);
    const before = await snapshotOf(l, org.id);
    const res = await request(l.svc.baseUrl).post('/api/v1/accounts/seed').set(full.headers).expect(201);
    expect(res.body.data).toEqual({ created: ['DEPRECIATION'], existing: SYSTEM_KEYS.filter((k) => k !== 'DEPRECIATION') });
    const after = (await snapshotOf(l, org.id)) as { accounts: { source_ref: string; parent_id: string }[] };
    expect(after.accounts.filter((a) => a.source_ref !== 'DEPRECIATION')).toEqual((before as typeof after).accounts);
    expect(after.accounts.find((a) => a.source_ref === 'DEPRECIATION')?.parent_id).toBe(id('EXPENSES'));
  });

  test('needs accounts:create', async () => {
    const reader = await makeKey(l.svc.deps.platformDb, l.org, 'custom', 'accounts:read');
    const res = await request(l.svc.baseUrl).post('/api/v1/accounts/seed').set(reader.headers).expect(403);
    expect(res.body.error.message).toContain('accounts:create');
  });
});

describe('POST /api/v1/accounts', () => {
  test.each([
    ['asset', 'debit', 'balance_sheet'],
    ['liability', 'credit', 'balance_sheet'],
    ['equity', 'credit', 'balance_sheet'],
    ['income', 'credit', 'income_statement'],
    ['expense', 'debit', 'income_statement'],
  ])('a %s account: 201, active, normal_balance %s and statement %s derived from the type', async (type, normal, statement) => {
    const res = await l
      .api()
      .post('/api/v1/accounts')
      .send({ name: `A ${type}`, type })
      .expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: `A ${type}`,
      type,
      parent: null,
      is_group: false,
      description: null,
      source: 'manual',
      source_ref: null,
      status: 'active',
      currency: null,
      normal_balance: normal,
      statement,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created: true,
    });
    // Derived, never stored.
    const cols = await l.svc.deps.pool.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'ledger' AND table_name = 'accounts'`);
    expect(cols.rows.map((r) => r.column_name)).not.toEqual(expect.arrayContaining(['normal_balance']));
    expect(cols.rows.map((r) => r.column_name)).not.toEqual(expect.arrayContaining(['statement']));
  });

  test('a re-post of (source, source_ref) updates the account and answers 200 with created: false', async () => {
    const first = await l
      .api()
      .post('/api/v1/accounts')
      .send({ name: 'Stripe', type: 'asset', parent: l.groups.CASH, source: 'xero', source_ref: 'ACC-1', description: 'payouts' })
      .expect(201);
    const before = await counts(l);
    const again = await l.api().post('/api/v1/accounts').send({ name: 'Stripe balance', type: 'asset', source: 'xero', source_ref: 'ACC-1' }).expect(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, name: 'Stripe balance', description: 'payouts', parent: l.groups.CASH, created: false });
    expect(await counts(l)).toEqual(before);
    // The same source_ref under another source is another account.
    await l.api().post('/api/v1/accounts').send({ name: 'Stripe', type: 'asset', source: 'quickbooks', source_ref: 'ACC-1' }).expect(201);
  });

  test('a re-post is an edit under the account rules: a type its parent does not share is refused', async () => {
    await l.api().post('/api/v1/accounts').send({ name: 'Cash drawer', type: 'asset', parent: l.groups.CASH, source: 'xero', source_ref: 'ACC-2' }).expect(201);
    const before = await snapshotOf(l);
    const res = await l.api().post('/api/v1/accounts').send({ name: 'Cash drawer', type: 'expense', source: 'xero', source_ref: 'ACC-2' }).expect(422);
    expect(res.body.error.code).toBe('INVALID_PARENT');
    expect(await snapshotOf(l)).toEqual(before);
  });

  test.each([
    [{ type: 'asset' }, 'name'],
    [{ name: '   ', type: 'asset' }, 'name'],
    [{ name: 'x' }, 'type'],
    [{ name: 'x', type: 'revenue' }, 'type'],
    [{ name: 'x', type: 'asset', parent: 'root' }, 'parent'],
    [{ name: 'x', type: 'asset', is_group: 'yes' }, 'is_group'],
    [{ name: 'x', type: 'asset', status: 'active' }, 'status'],
    [{ name: 'x', type: 'asset', source: 'system', source_ref: 'CASH' }, 'source'],
    [{ name: 'x'.repeat(201), type: 'asset' }, 'name'],
  ])('refuses %j with 400 naming %s, writing nothing', async (body, path) => {
    const before = await counts(l);
    const res = await l.api().post('/api/v1/accounts').send(body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message.startsWith(`${path}:`)).toBe(true);
    expect(await counts(l)).toEqual(before);
  });

  test('rule 3: the parent must be a group of the same type in this organization (422 INVALID_PARENT, nothing written)', async () => {
    const leaf = await createAccount(l, { name: 'Leaf', type: 'asset' });
    const other = await otherOrg(l);
    const theirs = await createAccount(other, { name: 'Their group', type: 'asset', is_group: true });
    for (const parent of [leaf, l.groups.LIABILITIES, theirs, '018f0000-0000-7000-8000-000000000000']) {
      const before = await counts(l);
      const res = await l.api().post('/api/v1/accounts').send({ name: 'Child', type: 'asset', parent }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'INVALID_PARENT', details: [{ path: 'parent', message: expect.any(String) }] });
      expect(await counts(l)).toEqual(before);
    }
  });

  test('a group may be created with no children; it still refuses entries', async () => {
    const group = await createAccount(l, { name: 'Empty heading', type: 'asset', is_group: true });
    const sales = await createAccount(l, { name: 'Sales', type: 'income' });
    const res = await post(l, transfer(group, sales, 5)).expect(422);
    expect(res.body.error.code).toBe('GROUP_ACCOUNT');
  });
});

describe('GET /api/v1/accounts/:id', () => {
  test('one account; unknown, malformed and foreign ids are 404', async () => {
    const res = await l.api().get(`/api/v1/accounts/${l.groups.CASH}`).expect(200);
    expect(res.body.data).toMatchObject({ id: l.groups.CASH, source: 'system', source_ref: 'CASH', is_group: true, normal_balance: 'debit' });
    const other = await otherOrg(l);
    const theirs = await createAccount(other, { name: 'Theirs', type: 'asset' });
    for (const id of ['018f0000-0000-7000-8000-000000000000', 'cash', theirs]) {
      expect((await l.api().get(`/api/v1/accounts/${id}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('PATCH /api/v1/accounts/:id', () => {
  const patch = (id: string, body: object) => l.api().patch(`/api/v1/accounts/${id}`).send(body);

  test('edits name, description and status, answering 200 with the full record', async () => {
    const id = await createAccount(l, { name: 'Petty', type: 'asset', parent: l.groups.CASH });
    const res = await patch(id, { name: 'Petty cash', description: 'drawer', status: 'retired' }).expect(200);
    expect(res.body.data).toMatchObject({
      id,
      name: 'Petty cash',
      description: 'drawer',
      status: 'retired',
      type: 'asset',
      parent: l.groups.CASH,
      normal_balance: 'debit',
    });
    expect(await (await l.api().get(`/api/v1/accounts/${id}`)).body.data).toEqual(res.body.data);
    await patch(id, { description: null, status: 'active' }).expect(200);
  });

  test("rule 4: a system account's name can change, its type and source_ref cannot (409 SYSTEM_ACCOUNT_LOCKED)", async () => {
    await patch(l.groups.RECEIVABLES, { name: 'Debtors' }).expect(200);
    const before = await snapshotOf(l);
    for (const body of [{ type: 'liability' }, { source_ref: 'DEBTORS' }, { source_ref: null }, { name: 'x', type: 'expense' }]) {
      const res = await patch(l.groups.RECEIVABLES, body).expect(409);
      expect(res.body.error.code).toBe('SYSTEM_ACCOUNT_LOCKED');
    }
    expect(await snapshotOf(l)).toEqual(before);
    // Sending the values it already has is not an edit.
    await patch(l.groups.RECEIVABLES, { type: 'asset', source_ref: 'RECEIVABLES', name: 'Accounts Receivable' }).expect(200);
  });

  test('rule 5: is_group cannot be switched on for an account with entries, even a draft entry (409 ACCOUNT_HAS_ENTRIES)', async () => {
    const sales = await createAccount(l, { name: 'Sales R5', type: 'income' });
    const posted = await createAccount(l, { name: 'Posted to', type: 'asset' });
    const drafted = await createAccount(l, { name: 'Drafted to', type: 'asset' });
    await post(l, transfer(posted, sales, 5)).expect(201);
    await post(l, { date: '2026-01-01', status: 'draft', entries: [{ account: drafted, debit: 1 }] }).expect(201);
    for (const id of [posted, drafted]) {
      const before = await snapshotOf(l);
      const res = await patch(id, { is_group: true }).expect(409);
      expect(res.body.error.code).toBe('ACCOUNT_HAS_ENTRIES');
      expect(await snapshotOf(l)).toEqual(before);
    }
    const fresh = await createAccount(l, { name: 'Fresh', type: 'asset' });
    expect((await patch(fresh, { is_group: true }).expect(200)).body.data.is_group).toBe(true);
  });

  test('rule 3 on edits: parent must be a group of the same type, no cycles, children keep a group parent of their type', async () => {
    const top = await createAccount(l, { name: 'Top', type: 'asset', is_group: true });
    const mid = await createAccount(l, { name: 'Mid', type: 'asset', is_group: true, parent: top });
    const leaf = await createAccount(l, { name: 'Leaf', type: 'asset', parent: mid });
    const loner = await createAccount(l, { name: 'Loner', type: 'asset' });
    const cases: [string, object][] = [
      [top, { parent: mid }], // cycle through a child
      [top, { parent: leaf }], // under a non-group (and a cycle)
      [top, { parent: top }], // itself
      [leaf, { parent: loner }], // not a group
      [leaf, { parent: l.groups.LIABILITIES }], // another type
      [leaf, { type: 'expense' }], // its parent is an asset group
      [mid, { is_group: false }], // it has children
      [top, { type: 'liability', parent: null }], // its children are assets
    ];
    for (const [id, body] of cases) {
      const before = await snapshotOf(l);
      const res = await patch(id, body).expect(422);
      expect(res.body.error.code).toBe('INVALID_PARENT');
      expect(await snapshotOf(l)).toEqual(before);
    }
    // Allowed: to the top level, under another group of the type, and a type change together with a new parent.
    await patch(leaf, { parent: null }).expect(200);
    await patch(leaf, { parent: top }).expect(200);
    const moved = await patch(leaf, { type: 'liability', parent: l.groups.PAYABLES }).expect(200);
    expect(moved.body.data).toMatchObject({ type: 'liability', parent: l.groups.PAYABLES, normal_balance: 'credit' });
    await patch(mid, { parent: l.groups.NON_CURRENT_ASSETS }).expect(200);
  });

  test('source_ref of a non-system account can change, but not onto another account (409 DUPLICATE_SOURCE_REF)', async () => {
    await l.api().post('/api/v1/accounts').send({ name: 'One', type: 'asset', source: 'erp', source_ref: 'ONE' }).expect(201);
    const two = (await l.api().post('/api/v1/accounts').send({ name: 'Two', type: 'asset', source: 'erp', source_ref: 'TWO' }).expect(201)).body.data.id;
    const res = await patch(two, { source_ref: 'ONE' }).expect(409);
    expect(res.body.error.code).toBe('DUPLICATE_SOURCE_REF');
    expect((await patch(two, { source_ref: 'TWO-B' }).expect(200)).body.data.source_ref).toBe('TWO-B');
  });

  test.each([
    [{}, 'body'],
    [{ source: 'erp' }, 'source'],
    [{ status: 'closed' }, 'status'],
    [{ parent: 'root' }, 'parent'],
    [{ name: '' }, 'name'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, path) => {
    const id = await createAccount(l, { name: 'Target', type: 'asset' });
    const before = await snapshotOf(l);
    const res = await patch(id, body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('an unknown account is 404', async () => {
    await patch('018f0000-0000-7000-8000-000000000000', { name: 'x' }).expect(404);
  });
});

describe('DELETE /api/v1/accounts/:id', () => {
  test('an account without entries or children: 204, gone', async () => {
    const id = await createAccount(l, { name: 'Disposable', type: 'expense' });
    const res = await l.api().delete(`/api/v1/accounts/${id}`).expect(204);
    expect(res.text).toBe('');
    await l.api().get(`/api/v1/accounts/${id}`).expect(404);
  });

  test('refused with entries (409 ACCOUNT_HAS_ENTRIES), with children (409 ACCOUNT_HAS_CHILDREN), or for a system group; nothing changes', async () => {
    const sales = await createAccount(l, { name: 'Sales D', type: 'income' });
    const used = await createAccount(l, { name: 'Used', type: 'asset' });
    await post(l, transfer(used, sales, 1)).expect(201);
    const parent = await createAccount(l, { name: 'Parent', type: 'asset', is_group: true });
    await createAccount(l, { name: 'Kid', type: 'asset', parent });
    for (const [id, code] of [
      [used, 'ACCOUNT_HAS_ENTRIES'],
      [parent, 'ACCOUNT_HAS_CHILDREN'],
      [l.groups.DEPRECIATION, 'SYSTEM_ACCOUNT_LOCKED'],
    ] as const) {
      const before = await snapshotOf(l);
      const res = await l.api().delete(`/api/v1/accounts/${id}`).expect(409);
      expect(res.body.error.code).toBe(code);
      expect(await snapshotOf(l)).toEqual(before);
    }
    // Retiring is the way out.
    await l.api().patch(`/api/v1/accounts/${used}`).send({ status: 'retired' }).expect(200);
  });

  test('an unknown account is 404; delete needs accounts:delete', async () => {
    await l.api().delete('/api/v1/accounts/018f0000-0000-7000-8000-000000000000').expect(404);
    const editor = await makeKey(l.svc.deps.platformDb, l.org, 'custom', 'accounts:read,accounts:edit');
    await request(l.svc.baseUrl).delete(`/api/v1/accounts/${l.groups.CASH}`).set(editor.headers).expect(403);
  });
});

describe('GET /api/v1/accounts (list) and /accounts/tree', () => {
  let o: Awaited<ReturnType<typeof otherOrg>>;
  const id: Record<string, string> = {};
  beforeAll(async () => {
    o = await otherOrg(l, 'ledger-acc-list');
    const sys = await o.api().get('/api/v1/accounts?source=system').expect(200);
    for (const a of sys.body.data) id[a.source_ref] = a.id;
    const mk = async (name: string, body: Record<string, unknown>) => {
      id[name] = await createAccount(o, { name, ...body });
    };
    await mk('Zeta bank', { type: 'asset', parent: id.CASH });
    await mk('Alpha bank', { type: 'asset', parent: id.CASH, source: 'xero', source_ref: 'B-200' });
    await mk('Beta bank', { type: 'asset', parent: id.CASH, source: 'xero', source_ref: 'B-100' });
    await mk('Loan', { type: 'liability', parent: id.NON_CURRENT_LIABILITIES });
    await mk('Consulting income', { type: 'income', parent: id.INCOME });
    await mk('Orphan expense', { type: 'expense' });
    await mk('Hidden group', { type: 'expense', is_group: true, parent: id.EXPENSES });
    await mk('Hidden child', { type: 'expense', parent: id['Hidden group'] });
    await mk('Old asset', { type: 'asset', parent: id.NON_CURRENT_ASSETS });
    await o.api().patch(`/api/v1/accounts/${id['Hidden group']}`).send({ status: 'quarantined' }).expect(200);
    await o.api().patch(`/api/v1/accounts/${id['Old asset']}`).send({ status: 'retired' }).expect(200);
  });
  const get = (qs: string) => o.api().get(`/api/v1/accounts${qs}`);
  const names = (res: request.Response) => res.body.data.map((a: { name: string }) => a.name);

  test('statement order: asset, liability, equity, income, expense; then source_ref (nulls last); then name', async () => {
    const res = await get('?limit=500').expect(200);
    const types = res.body.data.map((a: { type: string }) => a.type);
    const order = ['asset', 'liability', 'equity', 'income', 'expense'];
    expect(types).toEqual([...types].sort((x: string, y: string) => order.indexOf(x) - order.indexOf(y)));
    const assets = res.body.data
      .filter((a: { type: string }) => a.type === 'asset')
      .map((a: { source_ref: string | null; name: string }) => a.source_ref ?? a.name);
    expect(assets).toEqual(['ASSETS', 'B-100', 'B-200', 'CASH', 'CURRENT_ASSETS', 'NON_CURRENT_ASSETS', 'RECEIVABLES', 'Old asset', 'Zeta bank']);
    expect(res.body.page_context.total).toBe(23);
  });

  test.each([
    ['?type=liability', ['Clearing Accounts', 'Current Liabilities', 'Liabilities', 'Non-Current Liabilities', 'Accounts Payable', 'Loan']],
    ['?status=quarantined', ['Hidden group']],
    ['?status=retired', ['Old asset']],
    ['?parent=CASH', ['Beta bank', 'Alpha bank', 'Zeta bank']],
    ['?parent=root', ['Assets', 'Liabilities', 'Equity', 'Income', 'Expenses', 'Orphan expense']],
    ['?is_group=false&type=asset', ['Beta bank', 'Alpha bank', 'Old asset', 'Zeta bank']],
    ['?source=xero', ['Beta bank', 'Alpha bank']],
    ['?source_ref=B-200', ['Alpha bank']],
    ['?source=system&source_ref=EQUITY', ['Equity']],
    ['?q=BANK', ['Beta bank', 'Alpha bank', 'Zeta bank']],
    ['?q=%25', []],
    ['?q=bank&limit=2&page=2', ['Zeta bank']],
  ])('filter %s', async (qs, expected) => {
    expect(names(await get(qs.replace('CASH', id.CASH as string)).expect(200))).toEqual(expected);
  });

  test('fields selects a subset', async () => {
    const res = await get('?fields=id,name,normal_balance&limit=1').expect(200);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name', 'normal_balance']);
  });

  test.each([
    ['?type=revenue', 'type'],
    ['?parent=top', 'parent'],
    ['?is_group=1', 'is_group'],
    ['?status=archived', 'status'],
    ['?sort_by=name', 'sort_by'],
    ['?limit=0', 'limit'],
  ])('refuses %s (400 naming %s)', async (qs, name) => {
    const res = await get(qs).expect(400);
    expect(res.body.error.message.startsWith(`${name}:`)).toBe(true);
  });

  interface Node {
    name: string;
    status: string;
    children: Node[];
  }
  const shape = (nodes: Node[]): unknown => nodes.map((n) => (n.children.length ? { [n.name]: shape(n.children) } : n.name));

  test('tree: the whole chart nested, quarantined accounts (and what is beneath them) left out, with the type table', async () => {
    const res = await o.api().get('/api/v1/accounts/tree').expect(200);
    expect(shape(res.body.data.accounts)).toEqual([
      {
        Assets: [
          { 'Current Assets': [{ 'Cash and Cash Equivalents': ['Beta bank', 'Alpha bank', 'Zeta bank'] }, 'Accounts Receivable'] },
          { 'Non-Current Assets': ['Old asset'] },
        ],
      },
      { Liabilities: ['Clearing Accounts', { 'Current Liabilities': ['Accounts Payable'] }, { 'Non-Current Liabilities': ['Loan'] }] },
      'Equity',
      { Income: ['Consulting income'] },
      { Expenses: ['Depreciation and Amortisation'] },
      'Orphan expense',
    ]);
    expect(res.body.data.account_types).toEqual([
      { type: 'asset', normal_balance: 'debit', statement: 'balance_sheet' },
      { type: 'liability', normal_balance: 'credit', statement: 'balance_sheet' },
      { type: 'equity', normal_balance: 'credit', statement: 'balance_sheet' },
      { type: 'income', normal_balance: 'credit', statement: 'income_statement' },
      { type: 'expense', normal_balance: 'debit', statement: 'income_statement' },
    ]);
    expect(res.body.data.accounts[0]).toMatchObject({ id: id.ASSETS, source_ref: 'ASSETS', normal_balance: 'debit', statement: 'balance_sheet' });
  });

  test('tree: include_empty=false prunes groups with no non-group account beneath them', async () => {
    const res = await o.api().get('/api/v1/accounts/tree?include_empty=false').expect(200);
    expect(shape(res.body.data.accounts)).toEqual([
      { Assets: [{ 'Current Assets': [{ 'Cash and Cash Equivalents': ['Beta bank', 'Alpha bank', 'Zeta bank'] }] }, { 'Non-Current Assets': ['Old asset'] }] },
      { Liabilities: [{ 'Non-Current Liabilities': ['Loan'] }] },
      { Income: ['Consulting income'] },
      'Orphan expense',
    ]);
  });

  test('tree: status picks the statuses shown (all, or a list)', async () => {
    const all = await o.api().get('/api/v1/accounts/tree?status=all&include_empty=false').expect(200);
    expect(JSON.stringify(all.body.data.accounts)).toContain('Hidden child');
    const active = await o.api().get('/api/v1/accounts/tree?status=active&include_empty=false').expect(200);
    expect(JSON.stringify(active.body.data.accounts)).not.toContain('Old asset');
    expect(JSON.stringify(active.body.data.accounts)).toContain('Zeta bank');
    for (const qs of ['status=closed', 'status=', 'include_empty=maybe', 'limit=10']) {
      await o.api().get(`/api/v1/accounts/tree?${qs}`).expect(400);
    }
  });

  test("another organization's accounts never appear", async () => {
    const res = await l.api().get('/api/v1/accounts?q=Zeta').expect(200);
    expect(res.body.data).toEqual([]);
  });
});
