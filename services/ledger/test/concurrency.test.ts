/**
 * The concurrency guarantees, proven the way they fail in production: many real HTTP requests at once
 * (fetch over separate connections, Promise.all), against the real service and Postgres, and the database
 * checked afterwards.
 */
import { makeOrg } from '@finance/platform/testing';
import { createAccount, startLedger, type Ledger } from './helpers';

let l: Ledger;
let bank: string;
let sales: string;
let rent: string;

beforeAll(async () => {
  l = await startLedger('ledger-conc');
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
  rent = await createAccount(l, { name: 'Rent', type: 'expense', parent: l.groups.EXPENSES });
});
afterAll(() => l.svc.close());

interface Reply {
  status: number;
  body: {
    data?: Record<string, unknown> & { id: string; created?: boolean; entries?: { account: string; debit: number; credit: number }[] };
    error?: { code: string };
  };
}

async function call(method: string, path: string, body?: unknown, headers = l.key.headers): Promise<Reply> {
  const res = await fetch(`${l.svc.baseUrl}/api/v1${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }), connection: 'close' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

const all = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));
const q = async (text: string, values: unknown[]) => (await l.svc.deps.pool.query(text, values)).rows;
const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((acc, r) => {
    const k = `${r.status}${r.body.error ? ` ${r.body.error.code}` : ''}`;
    acc[k] = (acc[k] ?? 0) + 1;
    return acc;
  }, {});

test('20 concurrent posts of one (source, source_ref) create exactly one transaction; the others get 200 created: false', async () => {
  for (let round = 0; round < 3; round++) {
    const ref = `RACE-${round}`;
    // Different amounts per request: whichever wins, everyone must be told about the same stored one.
    const replies = await all(20, (i) =>
      call('POST', '/transactions', {
        date: '2026-06-01',
        source: 'webhook',
        source_ref: ref,
        entries: [
          { account: bank, debit: 100 + i },
          { account: sales, credit: 100 + i },
        ],
      }),
    );
    expect(tally(replies)).toEqual({ 201: 1, 200: 19 });
    const winner = replies.find((r) => r.status === 201)?.body.data;
    for (const r of replies) {
      expect(r.body.data?.id).toBe(winner?.id);
      expect(r.body.data?.created).toBe(r.status === 201);
      expect(r.body.data?.entries).toEqual(winner?.entries);
    }
    const rows = await q(
      `SELECT t.id, t.total_debit::int AS total, (SELECT count(*)::int FROM ledger.entries e WHERE e.transaction_id = t.id) AS entries
                          FROM ledger.transactions t WHERE t.org_id = $1 AND t.source = 'webhook' AND t.source_ref = $2`,
      [l.org.id, ref],
    );
    expect(rows).toEqual([{ id: winner?.id, total: winner?.total_debit, entries: 2 }]);
  }
});

test('20 concurrent posts with distinct identities all land, each with its own entries', async () => {
  const replies = await all(20, (i) =>
    call('POST', '/transactions', {
      date: '2026-06-02',
      source: 'bulk',
      source_ref: `B-${i}`,
      entries: [
        { account: bank, debit: i + 1 },
        { account: sales, credit: i + 1 },
      ],
    }),
  );
  expect(tally(replies)).toEqual({ 201: 20 });
  const [row] = await q(
    `SELECT count(*)::int AS n, sum(total_debit)::int AS total,
                                (SELECT count(*)::int FROM ledger.entries e JOIN ledger.transactions t ON t.id = e.transaction_id WHERE t.org_id = $1 AND t.source = 'bulk') AS entries
                         FROM ledger.transactions WHERE org_id = $1 AND source = 'bulk'`,
    [l.org.id],
  );
  expect(row).toEqual({ n: 20, total: 210, entries: 40 });
});

test('concurrent content edits of one draft: the result is always exactly one of the entry sets sent, with matching totals', async () => {
  const draft = (await call('POST', '/transactions', { date: '2026-06-03', status: 'draft', entries: [{ account: bank, debit: 1 }] })).body.data;
  // Edit k sends k + 1 entries, each of amount k + 1, so a mix of two edits is recognisable.
  const replies = await all(20, (k) =>
    call('PATCH', `/transactions/${draft?.id}`, {
      narration: `edit ${k}`,
      entries: Array.from({ length: k + 1 }, (_, j) => (j % 2 === 0 ? { account: bank, debit: k + 1 } : { account: sales, credit: k + 1 })),
    }),
  );
  expect(tally(replies)).toEqual({ 200: 20 });
  for (const r of replies) {
    const amounts = new Set(r.body.data?.entries?.map((e) => e.debit + e.credit));
    expect(amounts.size).toBe(1);
    expect(r.body.data?.entries?.length).toBe([...amounts][0]);
  }
  const entries = await q('SELECT debit::int + credit::int AS amount FROM ledger.entries WHERE transaction_id = $1', [draft?.id]);
  const [t] = await q('SELECT narration, total_debit::int AS d, total_credit::int AS c, entry_count FROM ledger.transactions WHERE id = $1', [draft?.id]);
  const k = entries.length;
  expect(new Set(entries.map((e) => e.amount))).toEqual(new Set([k]));
  expect(t).toEqual({ narration: `edit ${k - 1}`, d: k * Math.ceil(k / 2), c: k * Math.floor(k / 2), entry_count: k });
});

test('concurrent status changes and edits of one draft: one path through the transition table, never half-applied', async () => {
  for (let round = 0; round < 3; round++) {
    const draft = (
      await call('POST', '/transactions', {
        date: '2026-06-04',
        status: 'draft',
        entries: [
          { account: bank, debit: 5 },
          { account: rent, credit: 5 },
        ],
      })
    ).body.data;
    const path = `/transactions/${draft?.id}`;
    const replies = await all(24, (i) =>
      i % 3 === 0
        ? call('PATCH', path, { status: 'posted' })
        : i % 3 === 1
          ? call('PATCH', path, { status: 'void' })
          : call('PATCH', path, {
              entries: [
                { account: bank, debit: 7 },
                { account: sales, credit: 7 },
              ],
            }),
    );
    const ok = (kind: (i: number) => boolean) => replies.filter((r, i) => kind(i) && r.status === 200).length;
    const posts = ok((i) => i % 3 === 0);
    const voids = ok((i) => i % 3 === 1);
    expect(posts).toBeLessThanOrEqual(1);
    expect(voids).toBe(1); // void is reachable from draft and from posted, and nothing leaves void
    for (const r of replies) expect([200, 409]).toContain(r.status);
    for (const [i, r] of replies.entries()) {
      if (r.status === 409) expect(r.body.error?.code).toBe(i % 3 === 2 ? 'TRANSACTION_IMMUTABLE' : 'INVALID_STATUS_TRANSITION');
    }
    const [t] = await q('SELECT status, total_debit::int AS d, total_credit::int AS c, entry_count FROM ledger.transactions WHERE id = $1', [draft?.id]);
    const entries = await q(
      'SELECT account_id, debit::int AS debit, credit::int AS credit, transaction_status FROM ledger.entries WHERE transaction_id = $1 ORDER BY id',
      [draft?.id],
    );
    expect(t?.status).toBe('void');
    // The entries are one whole set, their copy of the status follows the transaction, and the totals match.
    expect(entries.map((e) => e.transaction_status)).toEqual(['void', 'void']);
    const amount = entries[0]?.debit;
    expect([5, 7]).toContain(amount);
    expect(entries.map((e) => [e.account_id, e.debit, e.credit])).toEqual(
      amount === 5
        ? [
            [bank, 5, 0],
            [rent, 0, 5],
          ]
        : [
            [bank, 7, 0],
            [sales, 0, 7],
          ],
    );
    expect(t).toMatchObject({ d: amount, c: amount, entry_count: 2 });
  }
});

test('a concurrent delete and post of one draft: exactly one of them wins', async () => {
  for (let round = 0; round < 5; round++) {
    const draft = (
      await call('POST', '/transactions', {
        date: '2026-06-05',
        status: 'draft',
        entries: [
          { account: bank, debit: 3 },
          { account: sales, credit: 3 },
        ],
      })
    ).body.data;
    const [del, pst] = await Promise.all([call('DELETE', `/transactions/${draft?.id}`), call('PATCH', `/transactions/${draft?.id}`, { status: 'posted' })]);
    const rows = await q('SELECT status FROM ledger.transactions WHERE id = $1', [draft?.id]);
    if (del.status === 204) {
      expect(pst.status).toBe(404);
      expect(rows).toEqual([]);
    } else {
      expect([del.status, del.body.error?.code, pst.status]).toEqual([409, 'TRANSACTION_NOT_DELETABLE', 200]);
      expect(rows).toEqual([{ status: 'posted' }]);
    }
  }
});

test('posts racing an is_group switch: the account ends as a group with no entries, or a leaf with every accepted entry', async () => {
  for (let round = 0; round < 4; round++) {
    const target = await createAccount(l, { name: `Race target ${round}`, type: 'asset' });
    const replies = await all(21, (i) =>
      i === 10
        ? call('PATCH', `/accounts/${target}`, { is_group: true })
        : call('POST', '/transactions', {
            date: '2026-06-06',
            entries: [
              { account: target, debit: 1 },
              { account: sales, credit: 1 },
            ],
          }),
    );
    const patch = replies[10] as Reply;
    const posts = replies.filter((_, i) => i !== 10);
    const [acct] = await q('SELECT is_group FROM ledger.accounts WHERE id = $1', [target]);
    const [{ n }] = (await q('SELECT count(*)::int AS n FROM ledger.entries WHERE account_id = $1', [target])) as [{ n: number }];
    const accepted = posts.filter((r) => r.status === 201).length;
    expect(n).toBe(accepted);
    if (patch.status === 200) {
      expect(acct?.is_group).toBe(true);
      expect(n).toBe(0);
      for (const r of posts) expect(r.body.error?.code).toBe('GROUP_ACCOUNT');
    } else {
      expect(patch.body.error?.code).toBe('ACCOUNT_HAS_ENTRIES');
      expect(acct?.is_group).toBe(false);
      expect(n).toBeGreaterThan(0);
      for (const r of posts) expect([201, 422]).toContain(r.status);
    }
  }
});

test('10 concurrent seeds of a new organization create the 14 groups once', async () => {
  const { org, full } = await makeOrg(l.svc.deps.platformDb, 'ledger-conc-seed');
  const replies = await all(10, () => call('POST', '/accounts/seed', undefined, full.headers));
  expect(tally(replies)).toEqual({ 201: 1, 200: 9 });
  const [row] = await q(`SELECT count(*)::int AS n, count(DISTINCT source_ref)::int AS keys FROM ledger.accounts WHERE org_id = $1 AND source = 'system'`, [
    org.id,
  ]);
  expect(row).toEqual({ n: 14, keys: 14 });
});

test('10 concurrent creates of one account identity make one account; the re-posts update it', async () => {
  const replies = await all(10, (i) =>
    call('POST', '/accounts', { name: `Gateway ${i}`, type: 'asset', parent: l.groups.CASH, source: 'stripe', source_ref: 'acct_1' }),
  );
  expect(tally(replies)).toEqual({ 201: 1, 200: 9 });
  const ids = new Set(replies.map((r) => r.body.data?.id));
  expect(ids.size).toBe(1);
  const rows = await q(`SELECT id FROM ledger.accounts WHERE org_id = $1 AND source = 'stripe' AND source_ref = 'acct_1'`, [l.org.id]);
  expect(rows).toEqual([{ id: [...ids][0] }]);
});
