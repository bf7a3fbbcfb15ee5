/**
 * Issue 11, part 2: POST /api/v1/transactions/bulk. Real HTTP, real Postgres; the concurrent cases fire
 * overlapping bulks over separate connections at once and count rows afterwards.
 */
import { makeKey } from '@finance/platform/testing';
import { createAccount, counts, post, snapshotOf, startLedger, transfer, type Ledger } from './helpers';

let l: Ledger;
let bank: string;
let sales: string;
let euro: string;
let group: string;

beforeAll(async () => {
  l = await startLedger('ledger-bulk');
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
  euro = await createAccount(l, { name: 'Euro bank', type: 'asset', parent: l.groups.CASH, currency: 'EUR' });
  group = l.groups.CASH;
});
afterAll(() => l.svc.close());

const bulk = (body: unknown, headers: Record<string, string> = {}) =>
  l
    .api()
    .post('/api/v1/transactions/bulk')
    .set(headers)
    .send(body as object);

interface Result {
  index: number;
  status: number;
  data?: { id: string; created: boolean; source_ref: string | null; entries: unknown[] };
  error?: { code: string; details?: { path: string }[] };
}

describe('POST /api/v1/transactions/bulk', () => {
  test('creates every item, one result per item in order, each as a single create would answer it', async () => {
    const items = Array.from({ length: 5 }, (_, i) => transfer(bank, sales, 100 + i, { source: 'imp', source_ref: `A-${i}`, narration: `n${i}` }));
    const res = await bulk({ transactions: items, atomic: true }).expect(200);
    expect(res.body.data).toMatchObject({ atomic: true, created: 5, existing: 0, failed: 0 });
    const results: Result[] = res.body.data.results;
    expect(results.map((r) => [r.index, r.status, r.data?.created])).toEqual([0, 1, 2, 3, 4].map((i) => [i, 201, true]));
    // What was answered is what is stored.
    for (const [i, r] of results.entries()) {
      const stored = (await l.api().get(`/api/v1/transactions/${r.data?.id}`).expect(200)).body.data;
      const { created: _c, ...answered } = r.data as Record<string, unknown>;
      expect(stored).toEqual(answered);
      expect(stored).toMatchObject({ source: 'imp', source_ref: `A-${i}`, narration: `n${i}`, total_debit: 100 + i, status: 'posted', currency: 'INR' });
    }
    // A re-post of the same batch changes nothing and answers 200 created: false for each.
    const before = await snapshotOf(l);
    const again = await bulk({ transactions: items, atomic: true }).expect(200);
    expect(again.body.data).toMatchObject({ created: 0, existing: 5, failed: 0 });
    expect(again.body.data.results.map((r: Result) => [r.status, r.data?.created, r.data?.id])).toEqual(results.map((r) => [200, false, r.data?.id]));
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('atomic: false stores every valid item and reports each failure with the status it would have had alone', async () => {
    const before = await counts(l);
    const items: unknown[] = [
      transfer(bank, sales, 10, { source_ref: 'B-ok-0' }),
      {
        date: '2026-01-15',
        entries: [
          { account: bank, debit: 10 },
          { account: sales, credit: 9 },
        ],
      }, // 422 unbalanced
      { date: '2026-13-01', entries: [] }, // 400
      transfer(bank, group, 10), // 422 group
      { ...transfer(bank, sales, 10), status: 'void' }, // 409
      transfer(bank, euro, 10, { currency: 'USD' }), // 422 currency
      transfer(bank, sales, 11, { source_ref: 'B-ok-6' }),
      { date: '2026-01-15', entries: [{ account: bank, debit: 10 }] }, // 422 too few
      { ...transfer(bank, sales, 10), extra: 1 }, // 400 unknown field
    ];
    const res = await bulk({ transactions: items, atomic: false }).expect(200);
    const results: Result[] = res.body.data.results;
    expect(results.map((r) => [r.index, r.status, r.error?.code ?? null])).toEqual([
      [0, 201, null],
      [1, 422, 'UNBALANCED_TRANSACTION'],
      [2, 400, 'VALIDATION_ERROR'],
      [3, 422, 'GROUP_ACCOUNT'],
      [4, 409, 'INVALID_STATUS_TRANSITION'],
      [5, 422, 'CURRENCY_MISMATCH'],
      [6, 201, null],
      [7, 422, 'TOO_FEW_ENTRIES'],
      [8, 400, 'VALIDATION_ERROR'],
    ]);
    expect(res.body.data).toMatchObject({ atomic: false, created: 2, existing: 0, failed: 7 });
    // Errors are as a single create reports them: paths relative to the item.
    expect(results[3]?.error?.details?.[0]?.path).toBe('entries[1].account');
    expect(results[5]?.error?.details?.[0]?.path).toBe('entries[1].account');
    expect(results[8]?.error?.details?.[0]?.path).toBe('extra');
    const single = await post(l, items[1] as Record<string, unknown>).expect(422);
    expect(results[1]?.error).toEqual({ code: single.body.error.code, message: single.body.error.message, details: single.body.error.details });
    const after = await counts(l);
    expect(after.transactions - before.transactions).toBe(2);
    expect(after.entries - before.entries).toBe(4);
  });

  test('atomic: true stores nothing when one item fails, and reports the first failure with its index', async () => {
    const before = await snapshotOf(l);
    const items = [
      transfer(bank, sales, 10, { source_ref: 'C-0' }),
      transfer(bank, sales, 10, { source_ref: 'C-1' }),
      transfer(bank, group, 10, { source_ref: 'C-2' }),
      {
        date: '2026-01-15',
        entries: [
          { account: bank, debit: 10 },
          { account: sales, credit: 9 },
        ],
      },
    ];
    const res = await bulk({ transactions: items }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'GROUP_ACCOUNT', index: 2, request_id: expect.any(String) });
    expect(res.body.error.message).toMatch(/^transactions\[2\]: entries\[1\]\.account: /);
    expect(res.body.error.details).toEqual([{ path: 'transactions[2].entries[1].account', message: expect.any(String) }]);
    expect(await snapshotOf(l)).toEqual(before);
    // A validation failure is the first failure when it comes first: 400.
    const bad = await bulk({ transactions: [{ date: 'x' }, items[2]], atomic: true }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', index: 0 });
    expect(bad.body.error.details[0].path).toBe('transactions[0].date');
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('the source identity wins over the rules, as on a single create; a stored pair in an atomic batch is not a failure', async () => {
    const first = await post(l, transfer(bank, sales, 77, { source: 'erp', source_ref: 'D-1' })).expect(201);
    const res = await bulk({
      transactions: [
        {
          date: '2026-01-15',
          source: 'erp',
          source_ref: 'D-1',
          entries: [
            { account: bank, debit: 1 },
            { account: sales, credit: 2 },
          ],
        },
        transfer(bank, sales, 5, { source: 'erp', source_ref: 'D-2' }),
      ],
      atomic: true,
    }).expect(200);
    expect(res.body.data.results.map((r: Result) => [r.status, r.data?.created, r.data?.id === first.body.data.id])).toEqual([
      [200, false, true],
      [201, true, false],
    ]);
  });

  test('duplicates inside one request are one transaction: the first item that passes creates it, the others answer with it', async () => {
    const before = await counts(l);
    const res = await bulk({
      transactions: [
        {
          date: '2026-01-15',
          source: 'dup',
          source_ref: 'E-1',
          entries: [
            { account: bank, debit: 1 },
            { account: sales, credit: 2 },
          ],
        }, // 422: fails alone
        transfer(bank, sales, 30, { source: 'dup', source_ref: 'E-1' }), // wins
        transfer(bank, sales, 31, { source: 'dup', source_ref: 'E-1' }), // re-post of the winner
        transfer(bank, sales, 32, { source: 'dup', source_ref: 'E-1' }),
      ],
      atomic: false,
    }).expect(200);
    const results: Result[] = res.body.data.results;
    expect(results.map((r) => [r.status, r.data?.created ?? r.error?.code])).toEqual([
      [422, 'UNBALANCED_TRANSACTION'],
      [201, true],
      [200, false],
      [200, false],
    ]);
    expect(new Set(results.slice(1).map((r) => r.data?.id)).size).toBe(1);
    expect(results[3]?.data?.entries).toEqual(results[1]?.data?.entries);
    const after = await counts(l);
    expect(after.transactions - before.transactions).toBe(1);
  });

  test('the request itself: 1 to 500 items, atomic a boolean, unknown fields refused; transactions:create required', async () => {
    await bulk({ transactions: [] }).expect(400);
    const tooMany = await bulk({ transactions: Array.from({ length: 501 }, () => transfer(bank, sales, 1)) }).expect(400);
    expect(tooMany.body.error.details[0].path).toBe('transactions');
    expect((await bulk({ transactions: [transfer(bank, sales, 1)], atomic: 'yes' }).expect(400)).body.error.details[0].path).toBe('atomic');
    expect((await bulk({ transactions: [transfer(bank, sales, 1)], other: 1 }).expect(400)).body.error.details[0].path).toBe('other');
    await bulk([transfer(bank, sales, 1)]).expect(400);
    const readOnly = await makeKey(l.svc.deps.platformDb, l.org, 'read_only');
    const res = await fetch(`${l.svc.baseUrl}/api/v1/transactions/bulk`, {
      method: 'POST',
      headers: { ...readOnly.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ transactions: [transfer(bank, sales, 1)] }),
    });
    expect(res.status).toBe(403);
  });

  test('500 items in one request: stored in a few statements', async () => {
    const items = Array.from({ length: 500 }, (_, i) =>
      transfer(bank, sales, 1 + i, {
        source: 'big',
        source_ref: `F-${i}`,
        entries: [
          { account: bank, debit: 1 + i, dimensions: { k: `v${i}` } },
          { account: sales, credit: 1 + i, memo: 'm' },
        ],
      }),
    );
    // Count the SQL statements the service sends (every pg client shares one prototype).
    const client = await l.svc.deps.pool.connect();
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
    client.release();
    const spy = jest.spyOn(proto, 'query');
    const res = await bulk({ transactions: items, atomic: true }).expect(200);
    const sent = spy.mock.calls.map((c) =>
      String((c[0] as { text?: string }).text ?? c[0])
        .trim()
        .split(/\s+/)
        .slice(0, 2)
        .join(' '),
    );
    spy.mockRestore();
    // BEGIN, lock the accounts, read the stored identities, insert everything, COMMIT.
    expect(sent.length).toBeLessThanOrEqual(6);
    expect(res.body.data).toMatchObject({ created: 500, failed: 0 });
    const rows = (
      await l.svc.deps.pool.query(
        `SELECT count(*)::int AS n, sum(total_debit)::bigint AS total FROM ledger.transactions WHERE org_id = $1 AND source = 'big'`,
        [l.org.id],
      )
    ).rows[0];
    expect(rows.n).toBe(500);
    expect(Number(rows.total)).toBe((500 * 501) / 2);
  });

  test('Idempotency-Key on the bulk request replays the first response', async () => {
    const body = { transactions: [transfer(bank, sales, 3), transfer(bank, sales, 4)] };
    const first = await bulk(body, { 'Idempotency-Key': 'bulk-key-1' }).expect(200);
    const again = await bulk(body, { 'Idempotency-Key': 'bulk-key-1' }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await bulk({ transactions: [transfer(bank, sales, 5)] }, { 'Idempotency-Key': 'bulk-key-1' }).expect(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Without source identities, only the key made the retry safe: two transactions, not four.
    const n = (
      await l.svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.transactions WHERE org_id = $1 AND total_debit IN (3, 4) AND source_ref IS NULL`, [
        l.org.id,
      ])
    ).rows[0].n;
    expect(n).toBe(2);
  });
});

describe('concurrent overlapping bulks', () => {
  async function call(body: unknown): Promise<{ status: number; body: { data?: { results: Result[] }; error?: { code: string } } }> {
    const res = await fetch(`${l.svc.baseUrl}/api/v1/transactions/bulk`, {
      method: 'POST',
      headers: { ...l.key.headers, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data?: { results: Result[] }; error?: { code: string } } };
  }

  test('8 bulks at once over overlapping identities (in different orders) create each transaction exactly once', async () => {
    for (const atomic of [false, true]) {
      const tag = `G-${atomic}`;
      // 200 identities; bulk k posts a window of 150 of them, rotated and half reversed, so every pair of bulks overlaps.
      const bodies = Array.from({ length: 8 }, (_, k) => {
        const refs = Array.from({ length: 150 }, (_, i) => (k * 7 + i) % 200);
        if (k % 2 === 1) refs.reverse();
        return { atomic, transactions: refs.map((n) => transfer(bank, sales, 1000 + n, { source: 'conc', source_ref: `${tag}-${n}` })) };
      });
      const replies = await Promise.all(bodies.map((b) => call(b)));
      for (const r of replies) expect(r.status).toBe(200);
      const rows = (
        await l.svc.deps.pool.query(
          `SELECT t.source_ref, count(*)::int AS n, min(t.id::text) AS id, sum(t.entry_count)::int AS entries,
                (SELECT count(*)::int FROM ledger.entries e WHERE e.transaction_id = min(t.id::text)::uuid) AS stored_entries
         FROM ledger.transactions t WHERE t.org_id = $1 AND t.source = 'conc' AND t.source_ref LIKE $2 GROUP BY t.source_ref`,
          [l.org.id, `${tag}-%`],
        )
      ).rows;
      const posted = new Set(bodies.flatMap((b) => b.transactions.map((t) => (t as { source_ref?: string }).source_ref)));
      expect(rows).toHaveLength(posted.size);
      for (const row of rows) expect(row).toMatchObject({ n: 1, entries: 2, stored_entries: 2 });
      // Every reply names the one stored transaction of each identity; exactly one reply created it.
      const idOf = new Map(rows.map((r) => [r.source_ref, r.id]));
      const creators = new Map<string, number>();
      for (const r of replies) {
        for (const item of r.body.data?.results ?? []) {
          expect(item.data?.id).toBe(idOf.get(item.data?.source_ref as string));
          if (item.status === 201) creators.set(item.data?.source_ref as string, (creators.get(item.data?.source_ref as string) ?? 0) + 1);
          else expect(item.status).toBe(200);
        }
      }
      expect([...creators.values()].every((n) => n === 1)).toBe(true);
      expect(creators.size).toBe(posted.size);
    }
  });

  test('bulks racing single posts of the same identities: still one transaction each', async () => {
    const refs = Array.from({ length: 60 }, (_, i) => `H-${i}`);
    const body = { atomic: false, transactions: refs.map((r, i) => transfer(bank, sales, 10 + i, { source: 'mix', source_ref: r })) };
    await Promise.all([
      call(body),
      call({ ...body, transactions: [...body.transactions].reverse() }),
      ...refs.slice(0, 20).map((r, i) =>
        fetch(`${l.svc.baseUrl}/api/v1/transactions`, {
          method: 'POST',
          headers: { ...l.key.headers, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify(transfer(bank, sales, 10 + i, { source: 'mix', source_ref: r })),
        }).then((res) => expect([200, 201]).toContain(res.status)),
      ),
    ]);
    const rows = (
      await l.svc.deps.pool.query(`SELECT source_ref, count(*)::int AS n FROM ledger.transactions WHERE org_id = $1 AND source = 'mix' GROUP BY 1`, [l.org.id])
    ).rows;
    expect(rows).toHaveLength(60);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});
