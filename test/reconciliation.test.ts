// Issue 13: the ledger reconciles an account against a statement account of the statement service, reading
// the statement rows over the statement service's real HTTP API (no mock), from a CSV uploaded through the real worker.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, formData, type FinanceClient, type LedgerClient, type LedgerPaths, type StatementClient } from '@finance/client';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../services/ledger/src/app';
import { hdfcCsv, type FixtureRow } from '@finance/statement-readers/testing';
import { startPipeline, type PipelineHarness } from '../services/statement/test/pipeline-helpers';

jest.setTimeout(60_000);

let h: PipelineHarness;
let ledger: TestService;
let unreachable: TestService;
let failing: TestService;
/** A statement service in trouble: every request answers 503 (the fault, not a stand-in for the API). */
let broken: Server;
beforeAll(async () => {
  h = await startPipeline('recon');
  broken = createServer((_req, res) =>
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_READY","message":"database unavailable"}}'),
  );
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

/** The typed client of a key: the ledger under test (or another ledger app), and the statement service it reads. */
function clientOf(key: TestKey, ledgerApp: TestService = ledger): FinanceClient {
  // This file starts no snapshot service; nothing here calls it.
  return createClient({ snapshot: 'http://snapshot.invalid', ledger: ledgerApp.baseUrl, statement: h.svc.baseUrl, key: key.key, secret: key.secret });
}

type Answer = { response: Response; data?: unknown; error?: unknown };
async function answered<T extends Answer>(status: number, call: Promise<T>): Promise<T> {
  const res = await call;
  if (res.response.status !== status)
    throw new Error(`${res.response.url} answered ${res.response.status}, expected ${status}: ${JSON.stringify(res.error ?? res.data)}`);
  return res;
}
/** The body of a success answer with this status; the test fails with what came instead. */
const succeeded = async <T extends Answer>(status: number, call: Promise<T>) => (await answered(status, call)).data as NonNullable<T['data']>;
/** The error body of an answer with this status. */
const failed = async <T extends Answer>(status: number, call: Promise<T>) => (await answered(status, call)).error as NonNullable<T['error']>;

/** Polls the statement until the worker is done with it. */
async function waitForStatement(statement: StatementClient, id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await succeeded(200, statement.GET('/api/v1/statements/{statement_id}', { params: { path: { statement_id: id } } }))).data;
    if (found.status !== 'queued' && found.status !== 'processing') return found;
    if (Date.now() > deadline) throw new Error(`statement ${id} still ${found.status} at ${found.step} after 20 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Setup {
  key: TestKey;
  /** The statement's account number and id (another statement of the same number goes to the same account). */
  accNo: string;
  statement: string;
  api: FinanceClient;
  /** The same key against another ledger app (one whose statement service is unreachable or failing). */
  ledgerAt: (svc: TestService) => LedgerClient;
  bank: string;
  equity: string;
  income: string;
  expense: string;
  statementAccount: string;
}

/** Uploads an HDFC-style statement of these rows through the real worker and waits until it is completed. */
async function uploadStatement(api: FinanceClient, rows: FixtureRow[], accNo: string, name: string) {
  const file = new File([hdfcCsv(rows, { accNo })], name, { type: 'text/csv' });
  const id = (await succeeded(201, api.statement.POST('/api/v1/statements', { body: { file }, bodySerializer: formData }))).data.id;
  const statement = await waitForStatement(api.statement, id);
  expect(statement).toMatchObject({ status: 'completed', transaction_count: rows.length });
  return statement;
}

async function setup(prefix: string): Promise<Setup> {
  const { org, full } = await makeOrg(ledger.deps.platformDb, prefix);
  const api = clientOf(full);
  const accNo = `5010${Math.floor(Math.random() * 1e10)}`;
  const statement = await uploadStatement(api, ROWS, accNo, 'april.csv');
  const account = async (name: string, type: AccountType) => (await succeeded(201, api.ledger.POST('/api/v1/accounts', { body: { name, type } }))).data.id;
  return {
    key: full,
    accNo,
    statement: statement.id,
    api,
    ledgerAt: (svc) => clientOf(full, svc).ledger,
    bank: await account('HDFC current', 'asset'),
    equity: await account('Capital', 'equity'),
    income: await account('Sales', 'income'),
    expense: await account('Expenses', 'expense'),
    statementAccount: statement.account_id!,
  };
}

type AccountType = LedgerPaths['/api/v1/accounts']['post']['requestBody']['content']['application/json']['type'];
type TransactionBody = LedgerPaths['/api/v1/transactions']['post']['requestBody']['content']['application/json'];

async function post(
  s: Setup,
  date: string,
  bankSide: 'debit' | 'credit',
  amount: number,
  counter: string,
  extra: Pick<TransactionBody, 'narration' | 'source' | 'source_ref'> = {},
) {
  const entries =
    bankSide === 'debit'
      ? [
          { account: s.bank, debit: amount },
          { account: counter, credit: amount },
        ]
      : [
          { account: s.bank, credit: amount },
          { account: counter, debit: amount },
        ];
  return (await succeeded(201, s.api.ledger.POST('/api/v1/transactions', { body: { date, entries, ...extra } }))).data;
}

/** The mirrored ledger of the statement: everything but the bank charges and the interest, the charges recorded late in two parts. */
async function mirror(s: Setup) {
  // The account the upload created opens at the balance the bank printed before the statement's first row.
  const statementOpening = (
    await succeeded(200, s.api.statement.GET('/api/v1/accounts/{account_id}', { params: { path: { account_id: s.statementAccount } } }))
  ).data.opening_balance;
  if (statementOpening !== 0) await post(s, '2024-03-31', 'debit', Math.round(statementOpening * 100), s.equity);
  await post(s, '2024-04-01', 'credit', 25_000, s.expense, { narration: 'Team lunch' });
  await post(s, '2024-04-02', 'debit', 5_000_000, s.income, { narration: 'April salary', source: 'payroll', source_ref: 'N123456789' });
  await post(s, '2024-04-02', 'debit', 5_000_000, s.income, { narration: 'Another receipt of the same amount' });
  await post(s, '2024-04-05', 'credit', 2_000_000, s.expense, { narration: 'Rent, cheque 004512' });
  await post(s, '2024-04-04', 'debit', 100_000, s.income, { narration: 'Order 1' });
  await post(s, '2024-04-05', 'debit', 200_000, s.income, { narration: 'Order 2' });
  const fee = await post(s, '2024-04-20', 'credit', 10_000, s.expense, { narration: 'Charges' });
  const gst = await post(s, '2024-04-20', 'credit', 1_800, s.expense, { narration: 'GST on charges' });
  return { feeEntry: fee.entries![0]!.id, gstEntry: gst.entries![0]!.id };
}

const reconcile = (s: Setup, svc: TestService = ledger) =>
  s.ledgerAt(svc).POST('/api/v1/reconciliations', {
    body: { ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' },
  });

const countReconciliations = async (s: Setup) => (await succeeded(200, s.api.ledger.GET('/api/v1/reconciliations'))).page_context.total;
/** The path parameters of a reconciliation's routes. */
const at = (id: string) => ({ params: { path: { reconciliation_id: id } } });

test('from an uploaded statement and a mirrored ledger to a confirmed reconciliation with zero drift', async () => {
  const s = await setup('recon-flow');
  const { feeEntry, gstEntry } = await mirror(s);
  const ledgerApi = s.api.ledger;

  const created = (await succeeded(201, reconcile(s))).data;
  expect(created).toMatchObject({ status: 'open', currency: 'INR', date_window_days: 3, matched_count: 4, unmatched_row_count: 2, unmatched_entry_count: 3 });
  // The bank's closing balance as printed (42,674.50), not the sum of the rows (32,674.50).
  expect(created).toMatchObject({
    statement_balance: 4_267_450,
    statement_balance_source: 'statement',
    statement_balance_statement: s.statement,
    continuity_breaks: [],
  });
  const detail = (await succeeded(200, ledgerApi.GET('/api/v1/reconciliations/{reconciliation_id}', at(created.id)))).data;
  const rule = (particulars: string) => detail.matched.data.find((m) => m.particulars === particulars);
  expect(rule('NEFT/N123456789/ACME TECHNOLOGIES/SALARY')).toMatchObject({ rule: 'reference', amount: 5_000_000, entries: [{ source_ref: 'N123456789' }] });
  expect(rule('UPI/412345678901/SWIGGY/food')).toMatchObject({ rule: 'amount_date', amount: -25_000, inflow: 0, outflow: 250_000 });
  // The cheque number in the particulars is in the narration: a reference, two days apart.
  expect(rule('CHQ PAID 004512 LANDLORD')).toMatchObject({ rule: 'reference', amount: -2_000_000 });
  expect(rule('RAZORPAY SETTLEMENT BATCH')).toMatchObject({ rule: 'many_to_one', amount: 300_000 });
  expect(
    rule('RAZORPAY SETTLEMENT BATCH')!
      .entries.map((e) => e.amount)
      .sort(),
  ).toEqual([100_000, 200_000]);
  expect(detail.unmatched_rows.data.map((r) => r.particulars)).toEqual(['BANK CHARGES', 'INTEREST CREDIT']);
  expect(detail.unmatched_entries.data.map((e) => e.amount).sort()).toEqual([-10_000, -1_800, 5_000_000]);
  expect(detail.unmatched_entries.page_context).toMatchObject({ total: 3, page: 1 });
  // The drift: the bank has the charges and the interest, the ledger has the second receipt and the charges.
  expect(created.drift).toBe(created.statement_balance! - created.ledger_balance!);

  // Paging: one item per list.
  const paged = (
    await succeeded(
      200,
      ledgerApi.GET('/api/v1/reconciliations/{reconciliation_id}', { params: { path: { reconciliation_id: created.id }, query: { limit: 1, page: 2 } } }),
    )
  ).data;
  expect(paged.matched.data).toHaveLength(1);
  expect(paged.matched.page_context).toMatchObject({ count: 1, page: 2, per_page: 1, total: 4, has_more: true });

  // Another reconciliation of the same period, left open: it holds the same automatic matches.
  const rival = (await succeeded(201, reconcile(s))).data;
  expect(rival.matched_count).toBe(4);
  const rec = created;

  // The second receipt was a mistake: voided in the books (the stored reconciliation keeps what it read).
  const duplicate = detail.unmatched_entries.data.find((e) => e.amount === 5_000_000)!;
  await succeeded(
    200,
    ledgerApi.PATCH('/api/v1/transactions/{transaction_id}', { params: { path: { transaction_id: duplicate.transaction } }, body: { status: 'void' } }),
  );

  // Manual match: the bank charges row to the two late entries; a wrong sum is refused.
  const charges = detail.unmatched_rows.data.find((r) => r.particulars === 'BANK CHARGES')!.statement_row;
  const wrong = await failed(
    422,
    ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/match', { ...at(rec.id), body: { statement_row: charges, entries: [feeEntry] } }),
  );
  expect(wrong.error.code).toBe('AMOUNT_MISMATCH');
  const matched = (
    await succeeded(
      200,
      ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/match', { ...at(rec.id), body: { statement_row: charges, entries: [feeEntry, gstEntry] } }),
    )
  ).data;
  expect(matched.matched_count).toBe(5);
  await succeeded(200, ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/unmatch', { ...at(rec.id), body: { statement_row: charges } }));
  await succeeded(
    200,
    ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/match', { ...at(rec.id), body: { statement_row: charges, entries: [feeEntry, gstEntry] } }),
  );

  // The interest is not in the books: post it from the row, once.
  const postUnmatched = () =>
    ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/post-unmatched', { ...at(rec.id), body: { default_account: s.income } });
  const fromStatement = () => ledgerApi.GET('/api/v1/transactions', { params: { query: { source: 'statement' } } });
  const posted = (await succeeded(200, postUnmatched())).data;
  expect(posted).toMatchObject({ created: 1, existing: 0, skipped: [] });
  const interest = (await succeeded(200, fromStatement())).data;
  expect(interest).toHaveLength(1);
  expect(interest[0]).toMatchObject({ date: '2024-04-08', total_debit: 4_250, narration: 'INTEREST CREDIT' });
  const repeat = (await succeeded(200, postUnmatched())).data;
  expect(repeat).toMatchObject({ created: 0, existing: 0 });
  expect((await succeeded(200, fromStatement())).page_context.total).toBe(1);

  const before = (await succeeded(200, ledgerApi.GET('/api/v1/reconciliations/{reconciliation_id}', at(rec.id)))).data;
  expect(before.unmatched_rows.data).toEqual([]);
  expect(before.unmatched_entries.data.map((e) => e.amount)).toEqual([5_000_000]);

  // Confirmed: immutable afterwards.
  const confirm = (id: string) => ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/confirm', at(id));
  const confirmed = (await succeeded(200, confirm(rec.id))).data;
  expect(confirmed).toMatchObject({ status: 'confirmed', matched_count: 6, unmatched_row_count: 0 });
  expect(confirmed.confirmed_at).toEqual(expect.any(String));
  expect(confirmed.drift).toBe(0);
  expect(confirmed.statement_balance).toBe(confirmed.ledger_balance);
  for (const refused of [
    () => failed(409, confirm(rec.id)),
    () => failed(409, ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/unmatch', { ...at(rec.id), body: { statement_row: charges } })),
    () =>
      failed(
        409,
        ledgerApi.POST('/api/v1/reconciliations/{reconciliation_id}/match', { ...at(rec.id), body: { statement_row: charges, entries: [feeEntry] } }),
      ),
    () => failed(409, postUnmatched()),
  ]) {
    expect((await refused()).error.code).toBe('RECONCILIATION_CONFIRMED');
  }

  // The rival (still open) holds rows and entries the confirmed one claimed: it cannot be confirmed too.
  const second = await failed(409, confirm(rival.id));
  expect(second.error.code).toBe('ALREADY_RECONCILED');
  // A new one over the same period finds nothing left to match: the confirmed rows and entries are taken.
  const third = (await succeeded(201, reconcile(s))).data;
  expect(third).toMatchObject({ matched_count: 0, unmatched_row_count: 0, unmatched_entry_count: 0 });

  const list = await succeeded(200, ledgerApi.GET('/api/v1/reconciliations', { params: { query: { status: 'confirmed' } } }));
  expect(list.data.map((r) => r.id)).toEqual([rec.id]);
  expect((await succeeded(200, ledgerApi.GET('/api/v1/reconciliations', { params: { query: { sort_order: 'ASC', fields: 'id,status' } } }))).data).toEqual([
    { id: rec.id, status: 'confirmed' },
    { id: rival.id, status: 'open' },
    { id: third.id, status: 'open' },
  ]);
});

test('faults: statement service unreachable or 5xx (502, nothing stored), no transactions:read there (403), other organizations (404), currencies (422)', async () => {
  const s = await setup('recon-faults');
  const ledgerApi = s.api.ledger;
  const down = await failed(502, reconcile(s, unreachable));
  expect(down.error.code).toBe('UPSTREAM_UNAVAILABLE');
  const troubled = await failed(502, reconcile(s, failing));
  expect(troubled.error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: expect.stringContaining('answered 503') });
  expect(await countReconciliations(s)).toBe(0);

  // A key that may reconcile and read accounts, but not read statement transactions.
  const { org } = (await succeeded(200, ledgerApi.GET('/api/v1/whoami'))).data;
  const narrow = await makeKey(
    ledger.deps.platformDb,
    { id: org.id, slug: org.slug, name: org.name } as never,
    'custom',
    'reconciliations:create,reconciliations:read,accounts:read',
  );
  const refused = await failed(
    403,
    clientOf(narrow).ledger.POST('/api/v1/reconciliations', {
      body: { ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' },
    }),
  );
  expect(refused.error.message).toContain('transactions:read');
  expect(await countReconciliations(s)).toBe(0);
  // post-unmatched posts transactions and changes the reconciliation: a key with only the first may not.
  const mine = (await succeeded(201, reconcile(s))).data.id;
  const poster = await makeKey(ledger.deps.platformDb, { id: org.id, slug: org.slug, name: org.name } as never, 'custom', 'transactions:create');
  const denied = await failed(
    403,
    clientOf(poster).ledger.POST('/api/v1/reconciliations/{reconciliation_id}/post-unmatched', { ...at(mine), body: { default_account: s.income } }),
  );
  expect(denied.error.message).toContain('reconciliations:edit');
  expect((await succeeded(200, ledgerApi.GET('/api/v1/transactions', { params: { query: { source: 'statement' } } }))).page_context.total).toBe(0);

  // Another organization's accounts are not found, on either side.
  const other = await setup('recon-other');
  const create = (body: { ledger_account: string; statement_account: string; date_from: string; date_to: string; date_window_days?: number }) =>
    ledgerApi.POST('/api/v1/reconciliations', { body });
  const period = { date_from: '2024-04-01', date_to: '2024-04-30' };
  const theirs = await failed(404, create({ ledger_account: s.bank, statement_account: other.statementAccount, ...period }));
  expect(theirs.error.message).toContain(other.statementAccount);
  await failed(404, create({ ledger_account: other.bank, statement_account: s.statementAccount, ...period }));
  await failed(404, ledgerApi.GET('/api/v1/reconciliations/{reconciliation_id}', at((await succeeded(201, reconcile(other))).data.id)));

  // A ledger account pinned to another currency than the statement account's.
  const usd = (await succeeded(201, ledgerApi.POST('/api/v1/accounts', { body: { name: 'Wise USD', type: 'asset', currency: 'USD' } }))).data.id;
  const mismatch = await failed(422, create({ ledger_account: usd, statement_account: s.statementAccount, ...period }));
  expect(mismatch.error.code).toBe('CURRENCY_MISMATCH');
  expect(mismatch.error.message).toContain(usd);
  expect(mismatch.error.message).toContain(s.statementAccount);

  // Bad input (nothing more stored than the one above).
  await failed(400, create({ ledger_account: s.bank, statement_account: s.statementAccount, date_from: '2024-05-01', date_to: '2024-04-30' }));
  await failed(400, create({ ledger_account: s.bank, statement_account: s.statementAccount, ...period, date_window_days: 1.5 }));
  expect(await countReconciliations(s)).toBe(1);
});

test('a row that is not a whole number of minor units is never matched, and says why', async () => {
  const s = await setup('recon-milli');
  await h.svc.deps.pool.query(
    `INSERT INTO statement.transactions (id, org_id, account_id, date, particulars, inflow, outflow, balance, type)
     SELECT gen_random_uuid(), org_id, $1, '2024-04-09', 'FX ROUNDING', 1005, 0, NULL, 'unknown' FROM statement.accounts WHERE id = $1`,
    [s.statementAccount],
  );
  const rec = (await succeeded(201, reconcile(s))).data;
  const detail = (await succeeded(200, s.api.ledger.GET('/api/v1/reconciliations/{reconciliation_id}', at(rec.id)))).data;
  const row = detail.unmatched_rows.data.find((r) => r.particulars === 'FX ROUNDING');
  expect(row).toMatchObject({ inflow: 1005, amount: null, rule: null, reason: expect.stringContaining('not a whole number of INR minor units') });
  expect(rec.drift).toBeNull();
  expect(rec.drift_milli).toEqual(expect.any(Number));
});

/** May's statement of the same account: it opens at 42,000.00 although April closed at 42,674.50 (a break), after a gap. */
const MAY: FixtureRow[] = [
  { date: '02/05/24', particulars: 'NEFT/N987654321/ACME TECHNOLOGIES/MAY', withdrawal: '', deposit: '1,000.00', balance: '43,000.00' },
  { date: '20/05/24', particulars: 'ATM WDL 1234 MG ROAD', withdrawal: '500.00', deposit: '', balance: '42,500.00' },
];

test("the bank's figures: a statement's printed closing balance where statements cover date_to, else the account's balance; continuity breaks listed", async () => {
  const s = await setup('recon-figures');
  const may = await uploadStatement(s.api, MAY, s.accNo, 'may.csv');
  expect(may.account_id).toBe(s.statementAccount);

  // The statement service: April (2024-04-01..08, 10,000.00 -> 42,674.50) then May (2024-05-02..20, 42,000.00 -> 42,500.00).
  const account = (await succeeded(200, s.api.statement.GET('/api/v1/accounts/{account_id}', { params: { path: { account_id: s.statementAccount } } }))).data;
  expect(account.continuity.statements).toEqual([
    { statement: s.statement, file_name: 'april.csv', from: '2024-04-01', to: '2024-04-08', opening_balance_milli: 10_000_000, closing_balance_milli: 42_674_500 },
    { statement: may.id, file_name: 'may.csv', from: '2024-05-02', to: '2024-05-20', opening_balance_milli: 42_000_000, closing_balance_milli: 42_500_000 },
  ]);
  const gap = {
    kind: 'gap',
    previous_statement: s.statement,
    statement: may.id,
    from: '2024-04-09',
    to: '2024-05-01',
    expected_opening_milli: 42_674_500,
    opening_milli: 42_000_000,
    message: 'no statement covers 2024-04-09 to 2024-05-01',
  };
  const balance = {
    kind: 'balance',
    previous_statement: s.statement,
    statement: may.id,
    from: '2024-04-08',
    to: '2024-05-02',
    expected_opening_milli: 42_674_500,
    opening_milli: 42_000_000,
    message: `statement ${may.id} opens at 42000000 milli-units; the previous statement ${s.statement} closed at 42674500 (a difference of -674500)`,
  };
  expect(account.continuity).toMatchObject({ ok: false, breaks: [gap, balance] });

  const create = (date_from: string, date_to: string) =>
    s.api.ledger.POST('/api/v1/reconciliations', { body: { ledger_account: s.bank, statement_account: s.statementAccount, date_from, date_to } });
  // April: nothing moved after April's last row (04-08) up to 04-30, so April's printed closing balance.
  const april = (await succeeded(201, create('2024-04-01', '2024-04-30'))).data;
  expect(april).toMatchObject({
    statement_balance: 4_267_450,
    statement_balance_milli: 42_674_500,
    statement_balance_source: 'statement',
    statement_balance_statement: s.statement,
    continuity_breaks: [gap, balance],
  });
  // Up to 05-15: May's row of 05-02 moved the balance after April's last row, and May ends after 05-15: the
  // account's balance, from the printed opening balance: 10,000.00 + 32,674.50 (April's rows) + 1,000.00 = 43,674.50.
  const midMay = (await succeeded(201, create('2024-05-01', '2024-05-15'))).data;
  expect(midMay).toMatchObject({ statement_balance: 4_367_450, statement_balance_source: 'account', statement_balance_statement: null, continuity_breaks: [gap, balance] });
  // All of May: May's printed closing balance, 42,500.00 (the account's balance would be 43,174.50).
  const wholeMay = (await succeeded(201, create('2024-05-01', '2024-05-31'))).data;
  expect(wholeMay).toMatchObject({ statement_balance: 4_250_000, statement_balance_source: 'statement', statement_balance_statement: may.id });
});
