/**
 * Issue 11, part 3: POST /api/v1/transactions/<id>/reverse. Issue 30: the reversal leaves the original posted (the two
 * net to zero), a reversal is not reversed, and voiding is its own action: a reversed original is not voided, a voided
 * reversal frees its original.
 */
import { makeKey } from '@finance/platform/testing';
import { createAccount, otherOrg, post, snapshotOf, startLedger, systemGroups, transfer, type Ledger } from './helpers';

let l: Ledger;
let bank: string;
let sales: string;

beforeAll(async () => {
  l = await startLedger('ledger-rev');
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
});
afterAll(() => l.svc.close());

const reverse = (id: string, body?: Record<string, unknown>) => {
  const req = l.api().post(`/api/v1/transactions/${id}/reverse`);
  return body === undefined ? req : req.send(body);
};

async function posted(extra: Record<string, unknown> = {}) {
  const res = await post(l, {
    date: '2026-03-01',
    narration: 'Invoice 9',
    type: 'sale',
    currency: 'USD',
    entries: [
      { account: bank, debit: 700, memo: 'wire', dimensions: { region: 'west' } },
      { account: sales, credit: 500 },
      { account: sales, credit: 200, memo: 'fee' },
    ],
    ...extra,
  }).expect(201);
  return res.body.data as {
    id: string;
    entries: { account: string; debit: number; credit: number; memo: string | null; dimensions: Record<string, string> }[];
  };
}

test('swaps every debit and credit, links both ways, leaves the original posted, dated as the original by default', async () => {
  const original = await posted();
  const res = await reverse(original.id).expect(201);
  const r = res.body.data;
  expect(r).toMatchObject({
    created: true,
    status: 'posted',
    date: '2026-03-01',
    currency: 'USD',
    type: 'sale',
    reversal_of: original.id,
    // The deprecated alias, with the same value.
    reverses: original.id,
    reversed_by: null,
    narration: 'Reversal of Invoice 9',
    total_debit: 700,
    total_credit: 700,
    source: 'manual',
    source_ref: null,
  });
  expect(
    r.entries.map((e: { account: string; debit: number; credit: number; memo: string | null; dimensions: unknown }) => [
      e.account,
      e.debit,
      e.credit,
      e.memo,
      e.dimensions,
    ]),
  ).toEqual(original.entries.map((e) => [e.account, e.credit, e.debit, e.memo, e.dimensions]));
  const after = (await l.api().get(`/api/v1/transactions/${original.id}`).expect(200)).body.data;
  expect(after).toMatchObject({ status: 'posted', reversed_by: r.id, reversal_of: null, reverses: null });
  // The original's entries stay posted beside the reversal's: together they net to zero on every account.
  const entries = (await l.api().get(`/api/v1/entries?transaction=${original.id}`).expect(200)).body.data;
  expect(entries).toHaveLength(3);
  expect((await l.api().get(`/api/v1/entries?transaction=${original.id}&status=void`).expect(200)).body.data).toHaveLength(0);
  const stored = (await l.api().get(`/api/v1/transactions/${r.id}`).expect(200)).body.data;
  const { created: _c, ...answered } = r;
  expect(stored).toEqual(answered);
});

test("the issue's books: bank 305,313.82 after a 10,000.00 rent entry, back to 315,313.82 once reversed; expenses 6,055.57; every report nets the pair to zero", async () => {
  const o = await otherOrg(l, 'ledger-rev-books');
  const g = await systemGroups(o);
  const bank = await createAccount(o, { name: 'HDFC current', type: 'asset', parent: g.CASH });
  const capital = await createAccount(o, { name: 'Capital', type: 'equity', parent: g.EQUITY });
  const office = await createAccount(o, { name: 'Office expenses', type: 'expense', parent: g.EXPENSES });
  const rent = await createAccount(o, { name: 'Rent', type: 'expense', parent: g.EXPENSES });
  await post(o, transfer(bank, capital, 32_136_939, { date: '2026-04-01' })).expect(201);
  await post(o, transfer(office, bank, 605_557, { date: '2026-04-10' })).expect(201);
  const rentEntry = (await post(o, transfer(rent, bank, 1_000_000, { date: '2026-04-30', narration: 'April rent' })).expect(201)).body.data;
  const bankBalance = async () => (await o.api().get(`/api/v1/accounts/${bank}/balance`).expect(200)).body.data.balance;
  expect(await bankBalance()).toBe(30_531_382);

  const r = (await o.api().post(`/api/v1/transactions/${rentEntry.id}/reverse`).send({}).expect(201)).body.data;
  expect(r).toMatchObject({ date: '2026-04-30', reversal_of: rentEntry.id });
  // The account balances: the bank back to 315,313.82 (not 325,313.82), rent at zero, expenses 6,055.57.
  expect(await bankBalance()).toBe(31_531_382);
  expect((await o.api().get(`/api/v1/accounts/${rent}/balance`).expect(200)).body.data).toMatchObject({ balance: 0, entry_count: 2 });
  expect((await o.api().get(`/api/v1/accounts/${g.EXPENSES}/balance`).expect(200)).body.data.balance).toBe(605_557);

  const tb = (await o.api().get('/api/v1/reports/trial_balance?as_of=2026-04-30').expect(200)).body.data;
  const row = (id: string) => tb.accounts.find((a: { account: string }) => a.account === id);
  expect(row(bank)).toMatchObject({ debit: 31_531_382, credit: 0 });
  expect(row(office)).toMatchObject({ debit: 605_557, credit: 0 });
  expect(row(rent) ?? { debit: 0, credit: 0 }).toMatchObject({ debit: 0, credit: 0 });
  expect(tb).toMatchObject({ total_debit: 32_136_939, total_credit: 32_136_939, balanced: true });

  const bs = (await o.api().get('/api/v1/reports/balance_sheet?as_of=2026-04-30').expect(200)).body.data;
  expect(bs).toMatchObject({
    total_assets: 31_531_382,
    current_earnings: -605_557,
    retained_earnings: 0,
    total_liabilities_and_equity: 31_531_382,
    balanced: true,
  });
  expect(bs.equity.total).toBe(32_136_939);

  const is = (await o.api().get('/api/v1/reports/income_statement?date_from=2026-04-01&date_to=2026-04-30').expect(200)).body.data;
  expect(is).toMatchObject({ net_income: -605_557 });
  expect(is.expenses.total).toBe(605_557);

  // The entries list: the rent entry and its reversal, both posted, net to zero on the bank and on rent.
  const listed = (await o.api().get(`/api/v1/entries?account=${rent}`).expect(200)).body.data as { debit: number; credit: number }[];
  expect(listed).toHaveLength(2);
  expect(listed.reduce((n, e) => n + e.debit - e.credit, 0)).toBe(0);
  const bankEntries = (await o.api().get(`/api/v1/entries?account=${bank}`).expect(200)).body.data as { debit: number; credit: number }[];
  expect(bankEntries.reduce((n, e) => n + e.debit - e.credit, 0)).toBe(31_531_382);
});

test('dated the request date when given: the reversal counts from that date, the original stays where it was', async () => {
  const original = await posted({ date: '2026-03-05', currency: 'INR' });
  const inr = (d: { by_currency: { currency: string; balance: number }[] }) => d.by_currency.find((c) => c.currency === 'INR')?.balance ?? 0;
  const at = async (asOf: string) => inr((await l.api().get(`/api/v1/accounts/${bank}/balance?as_of=${asOf}`).expect(200)).body.data);
  const before = { march: await at('2026-03-31'), april: await at('2026-04-01') };
  const r = (await reverse(original.id, { date: '2026-04-01', narration: 'wrong customer' }).expect(201)).body.data;
  expect(r).toMatchObject({ date: '2026-04-01', narration: 'wrong customer', currency: 'INR' });
  // March keeps the original's +700; from April 1 the reversal's credit of 700 takes it out again.
  expect(await at('2026-03-31')).toBe(before.march);
  expect(await at('2026-04-01')).toBe(before.april - 700);
});

test('a second reversal is 409 and changes nothing; so is reversing a draft, a void, or a reversal', async () => {
  const original = await posted();
  const r = (await reverse(original.id).expect(201)).body.data;
  const snap = await snapshotOf(l);
  const again = await reverse(original.id).expect(409);
  expect(again.body.error.code).toBe('TRANSACTION_ALREADY_REVERSED');
  expect(again.body.error.message).toContain(r.id);
  // A reversal is undone by voiding it, not by reversing it.
  const ofReversal = await reverse(r.id).expect(409);
  expect(ofReversal.body.error.code).toBe('TRANSACTION_IS_REVERSAL');
  expect(ofReversal.body.error.message).toMatch(/void it instead/);
  expect(await snapshotOf(l)).toEqual(snap);
  const draft = await posted({ status: 'draft' });
  expect((await reverse(draft.id).expect(409)).body.error.code).toBe('INVALID_STATUS_TRANSITION');
  const voided = await posted();
  await l.api().patch(`/api/v1/transactions/${voided.id}`).send({ status: 'void' }).expect(200);
  expect((await reverse(voided.id).expect(409)).body.error.code).toBe('INVALID_STATUS_TRANSITION');
});

test('void: a reversed original is refused (void the reversal first); a voided reversal frees its original, which can be reversed again', async () => {
  const o = await otherOrg(l, 'ledger-rev-void');
  const g = await systemGroups(o);
  const cash = await createAccount(o, { name: 'Cash', type: 'asset', parent: g.CASH });
  const income = await createAccount(o, { name: 'Fees', type: 'income', parent: g.INCOME });
  const balance = async () => (await o.api().get(`/api/v1/accounts/${cash}/balance`).expect(200)).body.data.balance;
  const get = async (id: string) => (await o.api().get(`/api/v1/transactions/${id}`).expect(200)).body.data;
  const setStatus = (id: string, status: string) => o.api().patch(`/api/v1/transactions/${id}`).send({ status });
  const original = (await post(o, transfer(cash, income, 2_500)).expect(201)).body.data;
  const first = (await o.api().post(`/api/v1/transactions/${original.id}/reverse`).send({}).expect(201)).body.data;
  expect(await balance()).toBe(0);

  const snap = await snapshotOf(l, o.org.id);
  const refused = await setStatus(original.id, 'void').expect(409);
  expect(refused.body.error).toMatchObject({ code: 'TRANSACTION_REVERSED' });
  expect(refused.body.error.message).toContain(first.id);
  expect(refused.body.error.message).toMatch(/void the reversal first/);
  expect(await snapshotOf(l, o.org.id)).toEqual(snap);

  // Voiding the reversal undoes it: the original counts again, unreversed; the void reversal keeps its history.
  expect((await setStatus(first.id, 'void').expect(200)).body.data).toMatchObject({ status: 'void', reversal_of: original.id });
  expect(await get(original.id)).toMatchObject({ status: 'posted', reversed_by: null });
  expect(await balance()).toBe(2_500);

  const second = (await o.api().post(`/api/v1/transactions/${original.id}/reverse`).send({}).expect(201)).body.data;
  expect(second).toMatchObject({ reversal_of: original.id });
  expect(await get(original.id)).toMatchObject({ status: 'posted', reversed_by: second.id });
  expect(await get(first.id)).toMatchObject({ status: 'void', reversal_of: original.id });
  expect(await balance()).toBe(0);
  expect((await setStatus(original.id, 'void').expect(409)).body.error.code).toBe('TRANSACTION_REVERSED');

  // Both gone: void the reversal, then the original.
  await setStatus(second.id, 'void').expect(200);
  expect((await setStatus(original.id, 'void').expect(200)).body.data).toMatchObject({ status: 'void', reversed_by: null });
  expect(await balance()).toBe(0);
  expect((await o.api().post(`/api/v1/transactions/${original.id}/reverse`).send({}).expect(409)).body.error.code).toBe('INVALID_STATUS_TRANSITION');
});

test('idempotent with source/source_ref: a re-post answers 200 with the stored reversal', async () => {
  const original = await posted();
  const first = await reverse(original.id, { source: 'erp', source_ref: 'REV-1' }).expect(201);
  const again = await reverse(original.id, { source: 'erp', source_ref: 'REV-1' }).expect(200);
  expect(again.body.data).toMatchObject({ id: first.body.data.id, created: false, reversal_of: original.id });
});

test('10 concurrent reversals of one transaction: exactly one reversal, the others 409 (or 200 with the same identity)', async () => {
  const call = (body: unknown) =>
    fetch(`${l.svc.baseUrl}/api/v1/transactions/${original.id}/reverse`, {
      method: 'POST',
      headers: { ...l.key.headers, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  const original = await posted();
  const replies = await Promise.all(Array.from({ length: 10 }, () => call({})));
  expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
  expect(replies.filter((r) => r.status === 409)).toHaveLength(9);
  const second = await posted();
  const same = await Promise.all(
    Array.from({ length: 10 }, () =>
      fetch(`${l.svc.baseUrl}/api/v1/transactions/${second.id}/reverse`, {
        method: 'POST',
        headers: { ...l.key.headers, 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ source: 'erp', source_ref: 'REV-RACE' }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { data: { id: string } } })),
    ),
  );
  expect(same.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  expect(new Set(same.map((r) => r.body.data.id)).size).toBe(1);
  const rows = (await l.svc.deps.pool.query('SELECT count(*)::int AS n FROM ledger.transactions WHERE reverses = $1', [second.id])).rows[0].n;
  expect(rows).toBe(1);
});

test('unknown or malformed id 404; bad body 400; the reversal is refused on an account no longer postable; needs transactions:create', async () => {
  await reverse('018f0000-0000-7000-8000-000000000000').expect(404);
  await reverse('nope').expect(404);
  const original = await posted();
  expect((await reverse(original.id, { date: '2026-02-30' }).expect(400)).body.error.details[0].path).toBe('date');
  expect((await reverse(original.id, { entries: [] }).expect(400)).body.error.details[0].path).toBe('entries');
  const acct = await createAccount(l, { name: 'Soon retired', type: 'expense', parent: l.groups.EXPENSES });
  const t = (await post(l, transfer(acct, bank, 10)).expect(201)).body.data;
  await l.api().patch(`/api/v1/accounts/${acct}`).send({ status: 'retired' }).expect(200);
  const res = await reverse(t.id).expect(422);
  expect(res.body.error).toMatchObject({ code: 'ACCOUNT_NOT_POSTABLE', details: [{ path: 'entries[0].account' }] });
  expect((await l.api().get(`/api/v1/transactions/${t.id}`).expect(200)).body.data.status).toBe('posted');
  const readOnly = await makeKey(l.svc.deps.platformDb, l.org, 'read_only');
  const forbidden = await fetch(`${l.svc.baseUrl}/api/v1/transactions/${original.id}/reverse`, { method: 'POST', headers: readOnly.headers });
  expect(forbidden.status).toBe(403);
});
