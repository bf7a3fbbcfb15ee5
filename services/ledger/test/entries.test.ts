import request from 'supertest';
import { makeKey } from '@finance/platform/testing';
import { createAccount, otherOrg, startLedger, type Ledger } from './helpers';

let l: Ledger;
const acc: Record<string, string> = {};
const tx: Record<string, string> = {};
/** entry label (transaction:account) -> entry id */
const entryIds: Record<string, string> = {};

beforeAll(async () => {
  l = await startLedger('ledger-entries');
  acc.bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  acc.card = await createAccount(l, { name: 'Card', type: 'asset', parent: l.groups.CASH });
  acc.loan = await createAccount(l, { name: 'Loan', type: 'liability', parent: l.groups.NON_CURRENT_LIABILITIES });
  acc.sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
  acc.rent = await createAccount(l, { name: 'Rent', type: 'expense', parent: l.groups.EXPENSES });
  const mk = async (name: string, body: Record<string, unknown>, labels: string[]) => {
    const res = await l.api().post('/api/v1/transactions').send(body).expect(201);
    tx[name] = res.body.data.id;
    res.body.data.entries.forEach((e: { id: string }, i: number) => (entryIds[`${name}:${labels[i]}`] = e.id));
  };
  await mk(
    'T1',
    {
      date: '2026-01-05',
      type: 'sale',
      narration: 'Shop sale',
      source: 'pos',
      source_ref: 'S-1',
      entries: [
        { account: acc.bank, debit: 100, memo: 'till', dimensions: { region: 'north' } },
        { account: acc.sales, credit: 100, dimensions: { region: 'north' } },
      ],
    },
    ['bank', 'sales'],
  );
  await mk(
    'T2',
    {
      date: '2026-01-10',
      type: 'rent',
      narration: 'January rent',
      entries: [
        { account: acc.rent, debit: 50 },
        { account: acc.bank, credit: 50 },
      ],
    },
    ['rent', 'bank'],
  );
  await mk(
    'T3',
    {
      date: '2026-01-20',
      status: 'draft',
      type: 'sale',
      entries: [
        { account: acc.card, debit: 10 },
        { account: acc.sales, credit: 10, dimensions: { region: 'south' } },
      ],
    },
    ['card', 'sales'],
  );
  await mk(
    'T4',
    {
      date: '2026-01-25',
      type: 'loan',
      entries: [
        { account: acc.card, debit: 7 },
        { account: acc.loan, credit: 7 },
      ],
    },
    ['card', 'loan'],
  );
  await l.api().patch(`/api/v1/transactions/${tx.T4}`).send({ status: 'void' }).expect(200);
  await mk(
    'T5',
    {
      date: '2026-02-01',
      type: 'sale',
      narration: 'Web sale',
      entries: [
        { account: acc.card, debit: 30, dimensions: { region: 'south', channel: 'web' } },
        { account: acc.sales, credit: 30 },
      ],
    },
    ['card', 'sales'],
  );
});
afterAll(() => l.svc.close());

const get = (qs = '') => l.api().get(`/api/v1/entries${qs}`);
const labels = (res: request.Response) => res.body.data.map((e: { id: string }) => Object.keys(entryIds).find((k) => entryIds[k] === e.id));

test('the read view: the entry with its parent context', async () => {
  const res = await get(`?transaction=${tx.T1}&sort_order=ASC`).expect(200);
  expect(res.body.data[0]).toEqual({
    id: entryIds['T1:bank'],
    transaction: tx.T1,
    account: acc.bank,
    debit: 100,
    credit: 0,
    memo: 'till',
    dimensions: { region: 'north' },
    date: '2026-01-05',
    narration: 'Shop sale',
    transaction_type: 'sale',
    transaction_status: 'posted',
    currency: 'INR',
    source: 'pos',
    source_ref: 'S-1',
  });
  expect(res.body.page_context).toEqual({ count: 2, page: 1, per_page: 100, total: 2, has_more: false });
});

test('posted entries only by default, newest date first, then by transaction and position', async () => {
  expect(labels(await get().expect(200))).toEqual(['T5:sales', 'T5:card', 'T2:bank', 'T2:rent', 'T1:sales', 'T1:bank']);
  expect(labels(await get('?sort_order=ASC').expect(200))).toEqual(['T1:bank', 'T1:sales', 'T2:rent', 'T2:bank', 'T5:card', 'T5:sales']);
});

test.each([
  ['status=draft', ['T3:sales', 'T3:card']],
  ['status=void', ['T4:loan', 'T4:card']],
  ['status=all', ['T5:sales', 'T5:card', 'T4:loan', 'T4:card', 'T3:sales', 'T3:card', 'T2:bank', 'T2:rent', 'T1:sales', 'T1:bank']],
  ['account=BANK', ['T2:bank', 'T1:bank']],
  ['account=BANK&date_from=2026-01-06', ['T2:bank']],
  ['account=CARD&status=all', ['T5:card', 'T4:card', 'T3:card']],
  ['account_subtree=CASHGROUP', ['T5:card', 'T2:bank', 'T1:bank']],
  ['account_subtree=ASSETSGROUP&date_to=2026-01-31', ['T2:bank', 'T1:bank']],
  ['account_subtree=CARD', ['T5:card']],
  ['account_subtree=LIABGROUP&status=all', ['T4:loan']],
  ['account_type=income', ['T5:sales', 'T1:sales']],
  ['account_type=asset&account=CARD', ['T5:card']],
  ['date_from=2026-01-10&date_to=2026-01-31', ['T2:bank', 'T2:rent']],
  ['type=sale', ['T5:sales', 'T5:card', 'T1:sales', 'T1:bank']],
  ['type=sale&status=draft', ['T3:sales', 'T3:card']],
  ['transaction=T2', ['T2:bank', 'T2:rent']],
  ['transaction=T3', []],
  ['dimension.region=north', ['T1:sales', 'T1:bank']],
  ['dimension.region=south', ['T5:card']],
  ['dimension.region=south&status=all', ['T5:card', 'T3:sales']],
  ['dimension.region=south&dimension.channel=web', ['T5:card']],
  ['dimension.channel=store', []],
  ['has_dimension=true', ['T5:card', 'T1:sales', 'T1:bank']],
  ['has_dimension=false', ['T5:sales', 'T2:bank', 'T2:rent']],
  ['has_dimension=false&account=BANK', ['T2:bank']],
  ['limit=2&page=2', ['T2:bank', 'T2:rent']],
])('filter %s', async (qs, expected) => {
  const filled = qs
    .replace('BANK', acc.bank as string)
    .replace('CARD', acc.card as string)
    .replace('CASHGROUP', l.groups.CASH)
    .replace('ASSETSGROUP', l.groups.ASSETS)
    .replace('LIABGROUP', l.groups.LIABILITIES)
    .replace('=T2', `=${tx.T2}`)
    .replace('=T3', `=${tx.T3}`);
  const res = await get(`?${filled}`).expect(200);
  expect(labels(res)).toEqual(expected);
});

test('page_context counts every match, not just the page', async () => {
  const res = await get('?limit=4').expect(200);
  expect(res.body.page_context).toEqual({ count: 4, page: 1, per_page: 4, total: 6, has_more: true });
});

test.each([
  ['has_dimension=true&dimension.region=north', 'has_dimension'],
  ['has_dimension=false&dimension.x=y', 'has_dimension'],
  ['has_dimension=maybe', 'has_dimension'],
  ['account=bank', 'account'],
  ['account_subtree=assets', 'account_subtree'],
  ['account_type=revenue', 'account_type'],
  ['status=open', 'status'],
  ['transaction=1', 'transaction'],
  ['date_from=2026-02-01&date_to=2026-01-01', 'date_from'],
  ['date_to=yesterday', 'date_to'],
  ['sort_order=up', 'sort_order'],
  ['memo=x', 'memo'],
  ['limit=1000', 'limit'],
])('refuses %s (400 naming %s)', async (qs, name) => {
  const res = await get(`?${qs}`).expect(400);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.message.startsWith(`${name}:`)).toBe(true);
});

test("another organization's accounts and entries are never seen", async () => {
  const other = await otherOrg(l);
  const theirs = await createAccount(other, { name: 'Theirs', type: 'asset' });
  const theirIncome = await createAccount(other, { name: 'Their income', type: 'income' });
  await other
    .api()
    .post('/api/v1/transactions')
    .send({
      date: '2026-01-05',
      entries: [
        { account: theirs, debit: 1, dimensions: { region: 'north' } },
        { account: theirIncome, credit: 1 },
      ],
    })
    .expect(201);
  expect(labels(await get(`?account=${theirs}`).expect(200))).toEqual([]);
  expect(labels(await get('?dimension.region=north').expect(200))).toEqual(['T1:sales', 'T1:bank']);
  expect((await other.api().get(`/api/v1/entries?account=${acc.bank}`).expect(200)).body.data).toEqual([]);
  expect((await other.api().get(`/api/v1/entries?transaction=${tx.T1}`).expect(200)).body.data).toEqual([]);
});

test('read-only: there is no way to write an entry on its own', async () => {
  for (const method of ['post', 'put', 'patch', 'delete'] as const) {
    const res = await l
      .api()
      [method](`/api/v1/entries${method === 'post' ? '' : `/${entryIds['T1:bank']}`}`)
      .send({ debit: 1 });
    expect(res.status).toBe(404);
  }
  await l.api().get(`/api/v1/entries/${entryIds['T1:bank']}`).expect(404);
});

test('needs entries:read (transactions:read is not enough)', async () => {
  const key = await makeKey(l.svc.deps.platformDb, l.org, 'custom', 'transactions:read');
  const res = await request(l.svc.baseUrl).get('/api/v1/entries').set(key.headers).expect(403);
  expect(res.body.error.message).toContain('entries:read');
});
