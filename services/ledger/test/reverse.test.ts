/** Issue 11, part 3: POST /api/v1/transactions/<id>/reverse. */
import { makeKey } from '@finance/platform/testing';
import { createAccount, post, snapshotOf, startLedger, transfer, type Ledger } from './helpers';

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

test('swaps every debit and credit, links both ways, voids the original, dated as the original by default', async () => {
  const original = await posted();
  const res = await reverse(original.id).expect(201);
  const r = res.body.data;
  expect(r).toMatchObject({
    created: true,
    status: 'posted',
    date: '2026-03-01',
    currency: 'USD',
    type: 'sale',
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
  expect(after).toMatchObject({ status: 'void', reversed_by: r.id, reverses: null });
  // The original's entries are void too (they follow their transaction), and the net on every account is zero.
  const voided = await l.api().get(`/api/v1/entries?transaction=${original.id}&status=void`).expect(200);
  expect(voided.body.data).toHaveLength(3);
  const stored = (await l.api().get(`/api/v1/transactions/${r.id}`).expect(200)).body.data;
  const { created: _c, ...answered } = r;
  expect(stored).toEqual(answered);
});

test('dated the request date when given; the reversal counts in balances from that date, the original no longer counts', async () => {
  const original = await posted({ date: '2026-03-05', currency: 'INR' });
  const before = (await l.api().get(`/api/v1/accounts/${bank}/balance`).expect(200)).body.data.by_currency;
  const r = (await reverse(original.id, { date: '2026-04-01', narration: 'wrong customer' }).expect(201)).body.data;
  expect(r).toMatchObject({ date: '2026-04-01', narration: 'wrong customer', currency: 'INR' });
  const inr = (d: { by_currency: { currency: string; balance: number }[] }) => d.by_currency.find((c) => c.currency === 'INR')?.balance ?? 0;
  const now = (await l.api().get(`/api/v1/accounts/${bank}/balance`).expect(200)).body.data;
  // The original's +700 leaves the balance (it is void) and the reversal's credit of 700 enters it: -1,400.
  expect(inr(now)).toBe(inr({ by_currency: before }) - 1400);
});

test('a second reversal is 409 and changes nothing; so is reversing a draft or a void', async () => {
  const original = await posted();
  await reverse(original.id).expect(201);
  const snap = await snapshotOf(l);
  const again = await reverse(original.id).expect(409);
  expect(again.body.error.code).toBe('TRANSACTION_ALREADY_REVERSED');
  expect(await snapshotOf(l)).toEqual(snap);
  const draft = await posted({ status: 'draft' });
  expect((await reverse(draft.id).expect(409)).body.error.code).toBe('INVALID_STATUS_TRANSITION');
  const voided = await posted();
  await l.api().patch(`/api/v1/transactions/${voided.id}`).send({ status: 'void' }).expect(200);
  expect((await reverse(voided.id).expect(409)).body.error.code).toBe('INVALID_STATUS_TRANSITION');
  // A reversal is a posted transaction like any other: it can itself be reversed.
  const chain = await posted();
  const r1 = (await reverse(chain.id).expect(201)).body.data;
  const r2 = (await reverse(r1.id).expect(201)).body.data;
  expect(r2.entries.map((e: { debit: number }) => e.debit)).toEqual(chain.entries.map((e) => e.debit));
});

test('idempotent with source/source_ref: a re-post answers 200 with the stored reversal', async () => {
  const original = await posted();
  const first = await reverse(original.id, { source: 'erp', source_ref: 'REV-1' }).expect(201);
  const again = await reverse(original.id, { source: 'erp', source_ref: 'REV-1' }).expect(200);
  expect(again.body.data).toMatchObject({ id: first.body.data.id, created: false, reverses: original.id });
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
