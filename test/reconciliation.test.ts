// Issue 13: the ledger reconciles an account against a statement account of the statement service, reading
// the statement rows over the statement service's real HTTP API (no mock), from a CSV uploaded through the real worker.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../services/ledger/src/app';
import { hdfcCsv, type FixtureRow } from '../services/statement/test/ingest/fixtures';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from '../services/statement/test/pipeline-helpers';

jest.setTimeout(60_000);

let h: PipelineHarness;
let ledger: TestService;
let unreachable: TestService;
let failing: TestService;
/** A statement service in trouble: every request answers 503 (the fault, not a stand-in for the API). */
let broken: Server;
beforeAll(async () => {
  h = await startPipeline('recon');
  broken = createServer((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_READY","message":"database unavailable"}}'));
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  [ledger, unreachable, failing] = await Promise.all([
    startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: h.svc.baseUrl })),
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: 'http://127.0.0.1:1' })),
    startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: `http://127.0.0.1:${(broken.address() as AddressInfo).port}` })),
  ]);
});
afterAll(async () => {
  await Promise.all([ledger?.close(), unreachable?.close(), failing?.close()]);
  await new Promise((resolve) => broken?.close(resolve));
  await h?.close();
});

const ROWS: FixtureRow[] = [
  { date: '01/04/24', particulars: 'UPI/412345678901/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
  { date: '02/04/24', particulars: 'NEFT/N123456789/ACME TECHNOLOGIES/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,750.00' },
  { date: '03/04/24', particulars: 'CHQ PAID 004512 LANDLORD', withdrawal: '20,000.00', deposit: '', balance: '39,750.00' },
  { date: '05/04/24', particulars: 'RAZORPAY SETTLEMENT BATCH', withdrawal: '', deposit: '3,000.00', balance: '42,750.00' },
  { date: '06/04/24', particulars: 'BANK CHARGES', withdrawal: '118.00', deposit: '', balance: '42,632.00' },
  { date: '08/04/24', particulars: 'INTEREST CREDIT', withdrawal: '', deposit: '42.50', balance: '42,674.50' },
];

interface Setup {
  key: TestKey;
  api: (svc?: TestService) => request.Agent;
  bank: string;
  equity: string;
  income: string;
  expense: string;
  statementAccount: string;
}

async function setup(prefix: string): Promise<Setup> {
  const { org, full } = await makeOrg(ledger.deps.platformDb, prefix);
  const api = (svc: TestService = ledger) => request.agent(svc.baseUrl).set(full.headers);
  const id = (await upload(h.svc, full, hdfcCsv(ROWS, { accNo: `5010${Math.floor(Math.random() * 1e10)}` }), 'april.csv').expect(201)).body.data.id;
  const statement = await waitForStatement(h.svc, full, id);
  expect(statement).toMatchObject({ status: 'completed', transaction_count: ROWS.length });
  const account = async (name: string, type: string) => (await api().post('/api/v1/accounts').send({ name, type }).expect(201)).body.data.id as string;
  return {
    key: full,
    api,
    bank: await account('HDFC current', 'asset'),
    equity: await account('Capital', 'equity'),
    income: await account('Sales', 'income'),
    expense: await account('Expenses', 'expense'),
    statementAccount: statement.account_id,
  };
}

async function post(s: Setup, date: string, bankSide: 'debit' | 'credit', amount: number, counter: string, extra: Record<string, unknown> = {}) {
  const other = bankSide === 'debit' ? 'credit' : 'debit';
  return (
    await s
      .api()
      .post('/api/v1/transactions')
      .send({ date, entries: [{ account: s.bank, [bankSide]: amount }, { account: counter, [other]: amount }], ...extra })
      .expect(201)
  ).body.data;
}

/** The mirrored ledger of the statement: everything but the bank charges and the interest, the charges recorded late in two parts. */
async function mirror(s: Setup) {
  const statementOpening = (await s.api(h.svc).get(`/api/v1/accounts/${s.statementAccount}/balance?as_of=2024-03-31`).expect(200)).body.data.balance as number;
  if (statementOpening !== 0) await post(s, '2024-03-31', 'debit', Math.round(statementOpening * 100), s.equity);
  await post(s, '2024-04-01', 'credit', 25_000, s.expense, { narration: 'Team lunch' });
  await post(s, '2024-04-02', 'debit', 5_000_000, s.income, { narration: 'April salary', source: 'payroll', source_ref: 'N123456789' });
  await post(s, '2024-04-02', 'debit', 5_000_000, s.income, { narration: 'Another receipt of the same amount' });
  await post(s, '2024-04-05', 'credit', 2_000_000, s.expense, { narration: 'Rent, cheque 004512' });
  await post(s, '2024-04-04', 'debit', 100_000, s.income, { narration: 'Order 1' });
  await post(s, '2024-04-05', 'debit', 200_000, s.income, { narration: 'Order 2' });
  const fee = await post(s, '2024-04-20', 'credit', 10_000, s.expense, { narration: 'Charges' });
  const gst = await post(s, '2024-04-20', 'credit', 1_800, s.expense, { narration: 'GST on charges' });
  return { feeEntry: fee.entries[0].id as string, gstEntry: gst.entries[0].id as string };
}

const reconcile = (s: Setup, svc: TestService = ledger) =>
  s.api(svc).post('/api/v1/reconciliations').send({ ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' });

const countReconciliations = async (s: Setup) => (await s.api().get('/api/v1/reconciliations').expect(200)).body.page_context.total as number;

test('from an uploaded statement and a mirrored ledger to a confirmed reconciliation with zero drift', async () => {
  const s = await setup('recon-flow');
  const { feeEntry, gstEntry } = await mirror(s);

  const created = (await reconcile(s).expect(201)).body.data;
  expect(created).toMatchObject({ status: 'open', currency: 'INR', date_window_days: 3, matched_count: 4, unmatched_row_count: 2, unmatched_entry_count: 3 });
  const detail = (await s.api().get(`/api/v1/reconciliations/${created.id}`).expect(200)).body.data;
  const rule = (particulars: string) => detail.matched.data.find((m: { particulars: string }) => m.particulars === particulars);
  expect(rule('NEFT/N123456789/ACME TECHNOLOGIES/SALARY')).toMatchObject({ rule: 'reference', amount: 5_000_000, entries: [{ source_ref: 'N123456789' }] });
  expect(rule('UPI/412345678901/SWIGGY/food')).toMatchObject({ rule: 'amount_date', amount: -25_000, inflow: 0, outflow: 250_000 });
  // The cheque number in the particulars is in the narration: a reference, two days apart.
  expect(rule('CHQ PAID 004512 LANDLORD')).toMatchObject({ rule: 'reference', amount: -2_000_000 });
  expect(rule('RAZORPAY SETTLEMENT BATCH')).toMatchObject({ rule: 'many_to_one', amount: 300_000 });
  expect(rule('RAZORPAY SETTLEMENT BATCH').entries.map((e: { amount: number }) => e.amount).sort()).toEqual([100_000, 200_000]);
  expect(detail.unmatched_rows.data.map((r: { particulars: string }) => r.particulars)).toEqual(['BANK CHARGES', 'INTEREST CREDIT']);
  expect(detail.unmatched_entries.data.map((e: { amount: number }) => e.amount).sort()).toEqual([-10_000, -1_800, 5_000_000]);
  expect(detail.unmatched_entries.page_context).toMatchObject({ total: 3, page: 1 });
  // The drift: the bank has the charges and the interest, the ledger has the second receipt and the charges.
  expect(created.drift).toBe(created.statement_balance - created.ledger_balance);

  // Paging: one item per list.
  const paged = (await s.api().get(`/api/v1/reconciliations/${created.id}?limit=1&page=2`).expect(200)).body.data;
  expect(paged.matched.data).toHaveLength(1);
  expect(paged.matched.page_context).toMatchObject({ count: 1, page: 2, per_page: 1, total: 4, has_more: true });

  // Another reconciliation of the same period, left open: it holds the same automatic matches.
  const rival = (await reconcile(s).expect(201)).body.data;
  expect(rival.matched_count).toBe(4);
  const rec = created;

  // The second receipt was a mistake: voided in the books (the stored reconciliation keeps what it read).
  const duplicate = detail.unmatched_entries.data.find((e: { amount: number }) => e.amount === 5_000_000);
  await s.api().patch(`/api/v1/transactions/${duplicate.transaction}`).send({ status: 'void' }).expect(200);

  // Manual match: the bank charges row to the two late entries; a wrong sum is refused.
  const charges = detail.unmatched_rows.data.find((r: { particulars: string }) => r.particulars === 'BANK CHARGES').statement_row;
  const wrong = await s.api().post(`/api/v1/reconciliations/${rec.id}/match`).send({ statement_row: charges, entries: [feeEntry] }).expect(422);
  expect(wrong.body.error.code).toBe('AMOUNT_MISMATCH');
  const matched = (await s.api().post(`/api/v1/reconciliations/${rec.id}/match`).send({ statement_row: charges, entries: [feeEntry, gstEntry] }).expect(200)).body.data;
  expect(matched.matched_count).toBe(5);
  await s.api().post(`/api/v1/reconciliations/${rec.id}/unmatch`).send({ statement_row: charges }).expect(200);
  await s.api().post(`/api/v1/reconciliations/${rec.id}/match`).send({ statement_row: charges, entries: [feeEntry, gstEntry] }).expect(200);

  // The interest is not in the books: post it from the row, once.
  const posted = (await s.api().post(`/api/v1/reconciliations/${rec.id}/post-unmatched`).send({ default_account: s.income }).expect(200)).body.data;
  expect(posted).toMatchObject({ created: 1, existing: 0, skipped: [] });
  const interest = (await s.api().get('/api/v1/transactions?source=statement').expect(200)).body.data;
  expect(interest).toHaveLength(1);
  expect(interest[0]).toMatchObject({ date: '2024-04-08', total_debit: 4_250, narration: 'INTEREST CREDIT' });
  const repeat = (await s.api().post(`/api/v1/reconciliations/${rec.id}/post-unmatched`).send({ default_account: s.income }).expect(200)).body.data;
  expect(repeat).toMatchObject({ created: 0, existing: 0 });
  expect((await s.api().get('/api/v1/transactions?source=statement').expect(200)).body.page_context.total).toBe(1);

  const before = (await s.api().get(`/api/v1/reconciliations/${rec.id}`).expect(200)).body.data;
  expect(before.unmatched_rows.data).toEqual([]);
  expect(before.unmatched_entries.data.map((e: { amount: number }) => e.amount)).toEqual([5_000_000]);

  // Confirmed: immutable afterwards.
  const confirmed = (await s.api().post(`/api/v1/reconciliations/${rec.id}/confirm`).expect(200)).body.data;
  expect(confirmed).toMatchObject({ status: 'confirmed', matched_count: 6, unmatched_row_count: 0 });
  expect(confirmed.confirmed_at).toEqual(expect.any(String));
  expect(confirmed.drift).toBe(0);
  expect(confirmed.statement_balance).toBe(confirmed.ledger_balance);
  for (const [path, body] of [
    ['confirm', {}],
    ['unmatch', { statement_row: charges }],
    ['match', { statement_row: charges, entries: [feeEntry] }],
    ['post-unmatched', { default_account: s.income }],
  ] as const) {
    const res = await s.api().post(`/api/v1/reconciliations/${rec.id}/${path}`).send(body).expect(409);
    expect(res.body.error.code).toBe('RECONCILIATION_CONFIRMED');
  }

  // The rival (still open) holds rows and entries the confirmed one claimed: it cannot be confirmed too.
  const second = await s.api().post(`/api/v1/reconciliations/${rival.id}/confirm`).expect(409);
  expect(second.body.error.code).toBe('ALREADY_RECONCILED');
  // A new one over the same period finds nothing left to match: the confirmed rows and entries are taken.
  const third = (await reconcile(s).expect(201)).body.data;
  expect(third).toMatchObject({ matched_count: 0, unmatched_row_count: 0, unmatched_entry_count: 0 });

  const list = (await s.api().get('/api/v1/reconciliations?status=confirmed').expect(200)).body;
  expect(list.data.map((r: { id: string }) => r.id)).toEqual([rec.id]);
  expect((await s.api().get('/api/v1/reconciliations?sort_order=asc&fields=id,status').expect(200)).body.data).toEqual([
    { id: rec.id, status: 'confirmed' },
    { id: rival.id, status: 'open' },
    { id: third.id, status: 'open' },
  ]);
});

test('faults: statement service unreachable or 5xx (502, nothing stored), no transactions:read there (403), other organizations (404), currencies (422)', async () => {
  const s = await setup('recon-faults');
  const down = await reconcile(s, unreachable).expect(502);
  expect(down.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
  const troubled = await reconcile(s, failing).expect(502);
  expect(troubled.body.error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: expect.stringContaining('answered 503') });
  expect(await countReconciliations(s)).toBe(0);

  // A key that may reconcile and read accounts, but not read statement transactions.
  const { org } = { org: (await s.api().get('/api/v1/whoami').expect(200)).body.data.org };
  const narrow = await makeKey(ledger.deps.platformDb, { id: org.id, slug: org.slug, name: org.name } as never, 'custom', 'reconciliations:create,reconciliations:read,accounts:read');
  const refused = await request(ledger.baseUrl)
    .post('/api/v1/reconciliations')
    .set(narrow.headers)
    .send({ ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' })
    .expect(403);
  expect(refused.body.error.message).toContain('transactions:read');
  expect(await countReconciliations(s)).toBe(0);
  // post-unmatched posts transactions and changes the reconciliation: a key with only the first may not.
  const mine = (await reconcile(s).expect(201)).body.data.id;
  const poster = await makeKey(ledger.deps.platformDb, { id: org.id, slug: org.slug, name: org.name } as never, 'custom', 'transactions:create');
  const denied = await request(ledger.baseUrl).post(`/api/v1/reconciliations/${mine}/post-unmatched`).set(poster.headers).send({ default_account: s.income }).expect(403);
  expect(denied.body.error.message).toContain('reconciliations:edit');
  expect((await s.api().get('/api/v1/transactions?source=statement').expect(200)).body.page_context.total).toBe(0);

  // Another organization's accounts are not found, on either side.
  const other = await setup('recon-other');
  const theirs = await s.api().post('/api/v1/reconciliations').send({ ledger_account: s.bank, statement_account: other.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' });
  expect(theirs.status).toBe(404);
  expect(theirs.body.error.message).toContain(other.statementAccount);
  await s.api().post('/api/v1/reconciliations').send({ ledger_account: other.bank, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' }).expect(404);
  await s.api().get(`/api/v1/reconciliations/${(await reconcile(other).expect(201)).body.data.id}`).expect(404);

  // A ledger account pinned to another currency than the statement account's.
  const usd = (await s.api().post('/api/v1/accounts').send({ name: 'Wise USD', type: 'asset', currency: 'USD' }).expect(201)).body.data.id;
  const mismatch = await s.api().post('/api/v1/reconciliations').send({ ledger_account: usd, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' }).expect(422);
  expect(mismatch.body.error.code).toBe('CURRENCY_MISMATCH');
  expect(mismatch.body.error.message).toContain(usd);
  expect(mismatch.body.error.message).toContain(s.statementAccount);

  // Bad input (nothing more stored than the one above).
  await s.api().post('/api/v1/reconciliations').send({ ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-05-01', date_to: '2024-04-30' }).expect(400);
  await s.api().post('/api/v1/reconciliations').send({ ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30', date_window_days: 1.5 }).expect(400);
  expect(await countReconciliations(s)).toBe(1);
});

test('a row that is not a whole number of minor units is never matched, and says why', async () => {
  const s = await setup('recon-milli');
  await h.svc.deps.pool.query(
    `INSERT INTO statement.transactions (id, org_id, account_id, date, particulars, inflow, outflow, balance, type)
     SELECT gen_random_uuid(), org_id, $1, '2024-04-09', 'FX ROUNDING', 1005, 0, NULL, 'unknown' FROM statement.accounts WHERE id = $1`,
    [s.statementAccount],
  );
  const rec = (await reconcile(s).expect(201)).body.data;
  const detail = (await s.api().get(`/api/v1/reconciliations/${rec.id}`).expect(200)).body.data;
  const row = detail.unmatched_rows.data.find((r: { particulars: string }) => r.particulars === 'FX ROUNDING');
  expect(row).toMatchObject({ inflow: 1005, amount: null, rule: null, reason: expect.stringContaining('not a whole number of INR minor units') });
  expect(rec.drift).toBeNull();
  expect(rec.drift_milli).toEqual(expect.any(Number));
});
