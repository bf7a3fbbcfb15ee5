/**
 * Issue 34: kept balances. Posted money per account, currency and day (and month) is kept by the statement that
 * changes the entries, and the reports read it instead of the entries. These tests hold the kept rows against the
 * entries themselves after every kind of write, under concurrent posts to one account and day, and the reports'
 * sums for ranges that start and end inside months, on month edges and across years.
 */
import { createDbAdapter } from '@finance/platform';
import { createLedgerClient, type LedgerClient } from '../src/data-access/db';
import { postedSumsByAccount } from '../src/data-access/balances.repo';
import { createAccount, otherOrg, prng, startLedger, systemGroups, transfer, type Ledger } from './helpers';

let l: Ledger;
let ledger: LedgerClient;
beforeAll(async () => {
  l = await startLedger('ledger-kept');
  ledger = createLedgerClient(createDbAdapter(l.svc.deps.pool));
});
afterAll(async () => {
  await ledger.$disconnect();
  await l.svc.close();
});

async function books(prefix: string) {
  const o = await otherOrg(l, prefix);
  const g = await systemGroups(o);
  const bank = await createAccount(o, { name: 'Bank', type: 'asset', parent: g.CASH });
  const sales = await createAccount(o, { name: 'Sales', type: 'income', parent: g.INCOME });
  const rent = await createAccount(o, { name: 'Rent', type: 'expense', parent: g.EXPENSES });
  return { ...o, bank, sales, rent };
}

/** Rows where the kept days or months differ from the posted entries' own sums (empty when they agree). */
async function disagreements(orgId: string) {
  const { rows } = await l.svc.deps.pool.query(
    `WITH e AS (
       SELECT account_id, currency, date AS day, sum(debit) AS debit, sum(credit) AS credit, count(*) AS n
       FROM ledger.entries WHERE org_id = $1 AND transaction_status = 'posted' GROUP BY 1, 2, 3
     ),
     d AS (SELECT account_id, currency, day, debit, credit, entry_count AS n FROM ledger.balance_days WHERE org_id = $1 AND entry_count <> 0),
     em AS (SELECT account_id, currency, date_trunc('month', day)::date AS month, sum(debit) AS debit, sum(credit) AS credit, sum(n) AS n FROM e GROUP BY 1, 2, 3),
     m AS (SELECT account_id, currency, month, debit, credit, entry_count AS n FROM ledger.balance_months WHERE org_id = $1 AND entry_count <> 0)
     SELECT 'day' AS grain, * FROM ((SELECT * FROM e EXCEPT SELECT * FROM d) UNION ALL (SELECT * FROM d EXCEPT SELECT * FROM e)) x
     UNION ALL
     SELECT 'month', * FROM ((SELECT * FROM em EXCEPT SELECT * FROM m) UNION ALL (SELECT * FROM m EXCEPT SELECT * FROM em)) y`,
    [orgId],
  );
  // Rows with nothing left in them (every entry voided) must hold zeros.
  const { rows: empty } = await l.svc.deps.pool.query(
    `SELECT * FROM ledger.balance_days WHERE org_id = $1 AND entry_count = 0 AND (debit <> 0 OR credit <> 0)
     UNION ALL SELECT * FROM ledger.balance_months WHERE org_id = $1 AND entry_count = 0 AND (debit <> 0 OR credit <> 0)`,
    [orgId],
  );
  return [...rows, ...empty];
}

test('the kept days and months equal the posted entries after posts, bulk, reversals, voids, drafts posted, edited and deleted', async () => {
  const b = await books('kept-writes');
  const post = (body: Record<string, unknown>) => b.api().post('/api/v1/transactions').send(body);
  const a = (await post(transfer(b.bank, b.sales, 1000, { date: '2025-01-31' })).expect(201)).body.data;
  const c = (await post(transfer(b.rent, b.bank, 300, { date: '2025-02-01' })).expect(201)).body.data;
  await post(transfer(b.bank, b.sales, 7, { date: '2025-02-01', currency: 'USD' })).expect(201);
  expect(await disagreements(b.org.id)).toEqual([]);

  await b
    .api()
    .post('/api/v1/transactions/bulk')
    .send({
      atomic: false,
      transactions: [
        transfer(b.bank, b.sales, 50, { date: '2025-02-28' }),
        transfer(b.bank, b.sales, 60, { date: '2025-03-01' }),
        transfer(b.bank, b.sales, 60, { date: '2025-03-01', status: 'draft' }),
        transfer(b.bank, b.sales, 1, { date: '2025-03-01', entries: [{ account: b.bank, debit: 1 }] }),
      ],
    })
    .expect(200);
  expect(await disagreements(b.org.id)).toEqual([]);

  // A reversal in another month, then voided (its original counts again), and the original voided.
  const rev = (await b.api().post(`/api/v1/transactions/${a.id}/reverse`).send({ date: '2025-04-10' }).expect(201)).body.data;
  expect(await disagreements(b.org.id)).toEqual([]);
  await b.api().patch(`/api/v1/transactions/${rev.id}`).send({ status: 'void' }).expect(200);
  await b.api().patch(`/api/v1/transactions/${a.id}`).send({ status: 'void' }).expect(200);
  await b.api().patch(`/api/v1/transactions/${c.id}`).send({ status: 'void' }).expect(200);
  expect(await disagreements(b.org.id)).toEqual([]);

  // Drafts count for nothing until posted; an edit moves a draft's date, a delete removes it.
  const draft = (await post(transfer(b.bank, b.sales, 900, { date: '2025-05-05', status: 'draft' })).expect(201)).body.data;
  await b
    .api()
    .patch(`/api/v1/transactions/${draft.id}`)
    .send({ date: '2025-06-30', entries: transfer(b.rent, b.bank, 400).entries })
    .expect(200);
  expect(await disagreements(b.org.id)).toEqual([]);
  await b.api().patch(`/api/v1/transactions/${draft.id}`).send({ status: 'posted' }).expect(200);
  const gone = (await post(transfer(b.bank, b.sales, 5, { date: '2025-06-30', status: 'draft' })).expect(201)).body.data;
  await b.api().delete(`/api/v1/transactions/${gone.id}`).expect(204);
  expect(await disagreements(b.org.id)).toEqual([]);

  const kept = await l.svc.deps.pool.query(
    `SELECT to_char(month, 'YYYY-MM') AS month, currency, debit::text, credit::text, entry_count::int FROM ledger.balance_months
     WHERE org_id = $1 AND account_id = $2 ORDER BY month, currency`,
    [b.org.id, b.bank],
  );
  expect(kept.rows).toEqual([
    { month: '2025-01', currency: 'INR', debit: '0', credit: '0', entry_count: 0 },
    { month: '2025-02', currency: 'INR', debit: '50', credit: '0', entry_count: 1 },
    { month: '2025-02', currency: 'USD', debit: '7', credit: '0', entry_count: 1 },
    { month: '2025-03', currency: 'INR', debit: '60', credit: '0', entry_count: 1 },
    { month: '2025-04', currency: 'INR', debit: '0', credit: '0', entry_count: 0 },
    { month: '2025-06', currency: 'INR', debit: '0', credit: '400', entry_count: 1 },
  ]);
});

test('concurrent posts to one account and day lose no update, and none fails', async () => {
  const b = await books('kept-race');
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      b
        .api()
        .post('/api/v1/transactions')
        .send(transfer(i % 2 === 0 ? b.bank : b.rent, i % 2 === 0 ? b.sales : b.bank, i + 1, { date: '2025-07-15' })),
    ),
  );
  expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
  expect(await disagreements(b.org.id)).toEqual([]);
  const { rows } = await l.svc.deps.pool.query(
    `SELECT debit::int, credit::int, entry_count::int FROM ledger.balance_days WHERE org_id = $1 AND account_id = $2`,
    [b.org.id, b.bank],
  );
  // Bank: debited 1 + 3 + ... + 39 (400), credited 2 + 4 + ... + 40 (420), 40 entries.
  expect(rows).toEqual([{ debit: 400, credit: 420, entry_count: 40 }]);
});

test("the reports' sums for any range (inside a month, on its edges, across months and years) equal the entries'", async () => {
  const b = await books('kept-ranges');
  const random = prng(34);
  const day = (i: number) => new Date(Date.UTC(2024, 10, 1) + i * 86_400_000).toISOString().slice(0, 10);
  const transactions = Array.from({ length: 120 }, (_, i) => {
    const amount = 1 + Math.floor(random() * 10_000);
    const [d, c] = random() < 0.5 ? [b.bank, b.sales] : [b.rent, b.bank];
    return transfer(d, c, amount, { date: day(Math.floor(random() * 200)), currency: random() < 0.2 ? 'USD' : 'INR' });
  });
  await b.api().post('/api/v1/transactions/bulk').send({ transactions }).expect(200);
  const fromEntries = async (from?: string, to?: string, split?: string) => {
    const { rows } = await l.svc.deps.pool.query(
      `SELECT account_id, currency, sum(debit)::text AS debit, sum(credit)::text AS credit, count(*)::int AS n,
              coalesce(sum(debit) FILTER (WHERE date < $4::date), 0)::text AS bd, coalesce(sum(credit) FILTER (WHERE date < $4::date), 0)::text AS bc
       FROM ledger.entries WHERE org_id = $1 AND transaction_status = 'posted'
         AND ($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date)
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [b.org.id, from ?? null, to ?? null, split ?? '0001-01-01'],
    );
    return rows.map((r) => ({
      account: r.account_id,
      currency: r.currency,
      debit: BigInt(r.debit),
      credit: BigInt(r.credit),
      entries: r.n,
      ...(split ? { before: { debit: BigInt(r.bd), credit: BigInt(r.bc) } } : {}),
    }));
  };
  const fromKept = async (from?: string, to?: string, split?: string) => {
    const sums = await postedSumsByAccount(ledger, b.org.id, { from, to }, split);
    return [...sums]
      .flatMap(([account, byCurrency]) => [...byCurrency].map(([currency, s]) => ({ account, currency, ...s })))
      .sort((x, y) => (x.account + x.currency < y.account + y.currency ? -1 : 1));
  };
  const ranges: [string | undefined, string | undefined, string?][] = [
    [undefined, undefined],
    [undefined, '2025-01-31'],
    [undefined, '2025-02-15', '2025-01-01'],
    [undefined, undefined, '2025-03-17'],
    ['2024-11-01', '2024-11-30'],
    ['2024-11-02', '2024-11-29'],
    ['2024-12-15', '2025-02-14'],
    ['2024-12-01', '2025-03-31'],
    ['2025-01-31', '2025-02-01'],
    ['2025-02-01', undefined],
    ['2025-02-02', undefined],
    ['2025-03-01', '2025-02-28'],
    ['2025-12-31', '9999-12-31'],
    ['9999-12-15', '9999-12-31'],
    ['0001-01-01', '2025-01-01', '0001-01-01'],
  ];
  for (const [from, to, split] of ranges) {
    expect({ range: [from, to, split], sums: await fromKept(from, to, split) }).toEqual({ range: [from, to, split], sums: await fromEntries(from, to, split) });
  }
});
