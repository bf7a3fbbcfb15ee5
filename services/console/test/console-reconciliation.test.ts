// The reconciliation page end to end in a real browser (Debian's Chromium through playwright-core) against the
// console backend and the real ledger and statement services, with a real statement worker, all in this process.
// A bank month as a bookkeeper meets it: an HDFC statement uploaded through the pipeline, the books of the month
// posted through the ledger API (two equal card payments on nearby dates, a bank charge the books lack, a cheque
// the bank has not presented), then reconciled on the page. After each step the ledger API, read with a key of
// the organization, must hold what the page said. A screenshot of each step goes to test/screenshots/.
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, type Organization, type PlatformDb, type Pool } from '@finance/platform';
import { makeKey, startTestService, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import { hdfcCsv, type FixtureRow } from '@finance/statement-readers/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buildLedgerApp } from '../../ledger/src/app';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { SESSION_COOKIE } from '../src/app';
import { addMember, signedIn, startConsole, launchChromium, BROWSER_WAIT_MS } from './helpers';

const SCREENSHOTS = join(__dirname, 'screenshots');
const PERIOD = { from: '2024-04-01', to: '2024-04-30' };

// April at the bank: opening balance 10,000.00, closing 37,274.50.
const ROWS: FixtureRow[] = [
  { date: '01/04/24', particulars: 'UPI/412345678901/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
  { date: '02/04/24', particulars: 'NEFT/N123456789/ACME TECHNOLOGIES/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,750.00' },
  { date: '05/04/24', particulars: 'UPI/409876543210/ZOMATO/dinner', withdrawal: '1,200.00', deposit: '', balance: '58,550.00' },
  { date: '07/04/24', particulars: 'UPI/409876543299/ZOMATO/dinner', withdrawal: '1,200.00', deposit: '', balance: '57,350.00' },
  { date: '10/04/24', particulars: 'CHQ PAID 004512 LANDLORD', withdrawal: '20,000.00', deposit: '', balance: '37,350.00' },
  { date: '15/04/24', particulars: 'BANK CHARGES', withdrawal: '118.00', deposit: '', balance: '37,232.00' },
  { date: '20/04/24', particulars: 'INTEREST CREDIT', withdrawal: '', deposit: '42.50', balance: '37,274.50' },
];
const SECOND_ZOMATO = 'UPI/409876543299/ZOMATO/dinner';

let pool: Pool;
let db: PlatformDb;
let ledger: TestService;
let pipeline: PipelineHarness;
let consoleApp: TestService;
let org: Organization;
let key: TestKey;
let browser: Browser;
let page: Page;
let person: { email: string; password: string };
let statementAccount: string;
/** Ledger account ids by name. */
const accounts: Record<string, string> = {};
/** The reconciliation the page starts. */
let recon: string;

const ledgerApi = (method: 'get' | 'post', path: string, body?: object) =>
  request(ledger.baseUrl)
    [method](`/api/v1${path}`)
    .set(key.headers)
    .send(body as object);
const detailOf = async (id = recon) => (await ledgerApi('get', `/reconciliations/${id}?limit=500`).expect(200)).body.data;
const matchedRow = (detail: { matched: { data: { particulars: string; date: string }[] } }, particulars: string, date: string) =>
  detail.matched.data.find((m) => m.particulars === particulars && m.date === date) as
    { rule: string; entries: { entry: string; date: string; narration: string; amount: number }[] } | undefined;

beforeAll(async () => {
  ensureWebBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  pipeline = await startPipeline('console-recon');
  ledger = await startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: pipeline.svc.baseUrl }));
  consoleApp = await startConsole({ ledger: ledger.baseUrl, statement: pipeline.svc.baseUrl });
  pool = consoleApp.deps.pool;
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('console-recon'), 'Rao Traders');
  key = await makeKey(db, org, 'full_access');
  person = await addMember(db, org, 'admin', 'bookkeeper');
  await signedIn(consoleApp, person); // chooses a password, as on their first sign-in

  // The bank's side: the statement through the real upload and worker.
  const uploaded = await upload(pipeline.svc, key, hdfcCsv(ROWS, { accNo: '50100099887766' }), 'hdfc-april.csv').expect(201);
  const statement = await waitForStatement(pipeline.svc, key, uploaded.body.data.id);
  expect(statement).toMatchObject({ status: 'completed', transaction_count: ROWS.length });
  statementAccount = statement.account_id;

  // The books' side.
  for (const [name, type] of [
    ['HDFC current account', 'asset'],
    ["Owner's capital", 'equity'],
    ['Salary income', 'income'],
    ['Interest income', 'income'],
    ['Food', 'expense'],
    ['Rent', 'expense'],
    ['Supplies', 'expense'],
    ['Bank charges', 'expense'],
  ] as const)
    accounts[name] = (await ledgerApi('post', '/accounts', { name, type }).expect(201)).body.data.id;
  const bank = accounts['HDFC current account']!;
  const txn = (date: string, narration: string, amount: number, counter: string, extra: object = {}) => ({
    date,
    narration,
    currency: 'INR',
    ...extra,
    entries:
      amount > 0
        ? [
            { account: bank, debit: amount },
            { account: accounts[counter], credit: amount },
          ]
        : [
            { account: bank, credit: -amount },
            { account: accounts[counter], debit: -amount },
          ],
  });
  const bulk = await ledgerApi('post', '/transactions/bulk', {
    transactions: [
      txn('2024-03-31', 'Opening balance', 1_000_000, "Owner's capital"),
      txn('2024-04-01', 'Swiggy lunch', -25_000, 'Food'),
      txn('2024-04-02', 'April salary from Acme', 5_000_000, 'Salary income', { source: 'payroll', source_ref: 'N123456789' }),
      // Two equal card payments two days apart: the first on the bank's date, the second booked a day late.
      txn('2024-04-05', 'Zomato team dinner', -120_000, 'Food'),
      txn('2024-04-08', 'Zomato client dinner', -120_000, 'Food'),
      txn('2024-04-09', 'Cheque 004512 to the landlord, April rent', -2_000_000, 'Rent'),
      // Never presented in April: an entry with no row.
      txn('2024-04-28', 'Cheque 004513 to Patel Supplies', -80_000, 'Supplies'),
    ],
  }).expect(200);
  expect(bulk.body.data).toMatchObject({ created: 7, failed: 0 });

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await ledger?.close();
  await pipeline?.close();
});

const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `reconciliation-${name}.png`), fullPage: true });
const table = (name: RegExp) => page.getByRole('table', { name });
const matchedTable = () => table(/^Matched \(/);
const unmatchedRows = () => table(/^Unmatched statement rows/);
const unmatchedEntries = () => table(/^Unmatched ledger entries/);
const summary = () => page.getByRole('definition');

test('the bookkeeper starts a reconciliation for April on the page and sees the automatic matches', async () => {
  await page.goto(`${consoleApp.baseUrl}/#/reconciliation`);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();
  await page.getByText('No reconciliations yet').waitFor();

  // Both selects list what there is to choose from: the organization's postable ledger accounts, its bank accounts.
  const statementSelect = page.getByLabel('Statement account');
  await statementSelect.locator(`option[value="${statementAccount}"]`).waitFor({ state: 'attached' });
  expect(await statementSelect.locator(`option[value="${statementAccount}"]`).textContent()).toMatch(/\(bank 50100099887766, INR\)$/);
  await page.getByLabel('Ledger account').selectOption({ label: 'HDFC current account' });
  await statementSelect.selectOption(statementAccount);
  await page.getByLabel('From', { exact: true }).fill(PERIOD.from);
  await page.getByLabel('To', { exact: true }).fill(PERIOD.to);
  await page.getByRole('button', { name: 'Start reconciliation' }).click();

  await page.getByRole('heading', { level: 2, name: /HDFC current account against .* 2024-04-01 to 2024-04-30 open/ }).waitFor();
  // The summary: the bank's printed closing balance, the books, and what is between them (800 - 118 + 42.50).
  await summary().filter({ hasText: '37,274.50 INR' }).filter({ hasText: "the statement's printed closing balance" }).waitFor();
  await summary().filter({ hasText: '36,550.00 INR' }).waitFor();
  await summary().filter({ hasText: '724.50 INR' }).waitFor();
  await matchedTable().getByRole('row').nth(5).waitFor();
  expect(await matchedTable().getByRole('row').count()).toBe(6); // a header and five matched rows
  const matchedText = await matchedTable().textContent();
  for (const rule of ['reference', 'amount and date', 'amount, nearby date']) expect(matchedText).toContain(rule);
  expect(await unmatchedRows().getByRole('row').count()).toBe(3);
  await unmatchedRows().getByRole('cell', { name: 'BANK CHARGES', exact: true }).waitFor();
  await unmatchedEntries().getByRole('cell', { name: 'Cheque 004513 to Patel Supplies', exact: true }).waitFor();
  await shot('01-started');

  // What the ledger holds: one reconciliation, as the page showed it.
  const list = (await ledgerApi('get', '/reconciliations').expect(200)).body.data;
  expect(list).toHaveLength(1);
  recon = list[0].id;
  const detail = await detailOf();
  expect(detail).toMatchObject({
    status: 'open',
    ledger_account: accounts['HDFC current account'],
    statement_account: statementAccount,
    date_from: PERIOD.from,
    date_to: PERIOD.to,
    statement_balance: 3_727_450,
    statement_balance_source: 'statement',
    ledger_balance: 3_655_000,
    drift: 72_450,
    matched_count: 5,
    unmatched_row_count: 2,
    unmatched_entry_count: 1,
  });
  // The two equal payments each went to their own entry: the same day, and the nearest within the window.
  expect(matchedRow(detail, 'UPI/409876543210/ZOMATO/dinner', '2024-04-05')).toMatchObject({ rule: 'amount_date', entries: [{ date: '2024-04-05' }] });
  expect(matchedRow(detail, SECOND_ZOMATO, '2024-04-07')).toMatchObject({ rule: 'amount_window', entries: [{ date: '2024-04-08' }] });
  expect(matchedRow(detail, 'NEFT/N123456789/ACME TECHNOLOGIES/SALARY', '2024-04-02')).toMatchObject({ rule: 'reference' });
  expect(matchedRow(detail, 'CHQ PAID 004512 LANDLORD', '2024-04-10')).toMatchObject({ rule: 'reference', entries: [{ date: '2024-04-09' }] });
});

test('a pair is unmatched, a wrong match is refused with the API’s message, and the right one is made by clicking', async () => {
  await matchedTable()
    .getByRole('button', { name: `Unmatch ${SECOND_ZOMATO} on 2024-04-07` })
    .click();
  await unmatchedRows().getByRole('cell', { name: SECOND_ZOMATO, exact: true }).waitFor();
  await unmatchedEntries().getByRole('cell', { name: 'Zomato client dinner', exact: true }).waitFor();
  let detail = await detailOf();
  expect(detail).toMatchObject({ matched_count: 4, unmatched_row_count: 3, unmatched_entry_count: 2 });
  expect(matchedRow(detail, SECOND_ZOMATO, '2024-04-07')).toBeUndefined();

  // A click on the row selects it; the cheque is the wrong entry: the ledger refuses, and says why.
  await unmatchedRows().getByRole('cell', { name: SECOND_ZOMATO, exact: true }).click();
  expect(await page.getByLabel(`Select ${SECOND_ZOMATO} on 2024-04-07 to match`).isChecked()).toBe(true);
  await page.getByLabel('Select Cheque 004513 to Patel Supplies on 2024-04-28 to match').check();
  const matching = page.getByRole('group', { name: 'Match by hand' });
  await matching.getByText('1 entry selected, summing to -800.00; difference -400.00').waitFor();
  await matching.getByRole('button', { name: 'Match', exact: true }).click();
  await matching.getByRole('alert').filter({ hasText: 'the entries sum to -80000 minor units; statement row' }).waitFor();
  await shot('02-match-refused');
  expect((await detailOf()).matched_count).toBe(4);

  await page.getByLabel('Select Cheque 004513 to Patel Supplies on 2024-04-28 to match').uncheck();
  await unmatchedEntries().getByRole('cell', { name: 'Zomato client dinner', exact: true }).click();
  await matching.getByText('1 entry selected, summing to -1,200.00; difference 0.00').waitFor();
  await matching.getByRole('button', { name: 'Match', exact: true }).click();
  await matchedTable().getByRole('row').filter({ hasText: SECOND_ZOMATO }).filter({ hasText: 'by hand' }).waitFor();
  expect(await unmatchedRows().getByRole('cell', { name: SECOND_ZOMATO, exact: true }).count()).toBe(0);

  detail = await detailOf();
  expect(detail).toMatchObject({ matched_count: 5, unmatched_row_count: 2, unmatched_entry_count: 1 });
  expect(matchedRow(detail, SECOND_ZOMATO, '2024-04-07')).toMatchObject({
    rule: 'manual',
    entries: [{ date: '2024-04-08', narration: 'Zomato client dinner', amount: -120_000 }],
  });
});

test('posting chosen rows is refused while a row has a new candidate entry; refresh matches it, then the bank charge is posted', async () => {
  // The interest is booked in the ledger after the reconciliation was opened.
  await ledgerApi('post', '/transactions', {
    date: '2024-04-20',
    narration: 'Interest for April',
    currency: 'INR',
    entries: [
      { account: accounts['HDFC current account'], debit: 4_250 },
      { account: accounts['Interest income'], credit: 4_250 },
    ],
  }).expect(201);

  await page.getByLabel('Post BANK CHARGES on 2024-04-15').check();
  await page.getByLabel('Counter-account for BANK CHARGES on 2024-04-15').selectOption({ label: 'Bank charges' });
  await page.getByLabel('Post INTEREST CREDIT on 2024-04-20').check();
  await page.getByLabel('Default counter-account').selectOption({ label: 'Interest income' });
  const posting = page.getByRole('group', { name: 'Post chosen rows to the books' });
  await posting.getByRole('button', { name: 'Post 2 chosen rows' }).click();
  const refusal = posting.getByRole('alert');
  await refusal.getByText('Nothing was posted: these rows now have a candidate entry in the books').waitFor();
  await refusal.getByRole('listitem').filter({ hasText: 'INTEREST CREDIT on 2024-04-20 (42.50)' }).waitFor();
  expect(await refusal.getByRole('listitem').count()).toBe(1);
  await refusal.getByRole('button', { name: 'Post anyway' }).waitFor();
  await shot('03-rows-have-candidates');
  // Nothing was posted, nothing changed.
  expect((await ledgerApi('get', '/transactions?source=statement').expect(200)).body.data).toEqual([]);
  expect(await detailOf()).toMatchObject({ matched_count: 5, unmatched_row_count: 2, ledger_balance: 3_655_000 });

  await refusal.getByRole('button', { name: 'Refresh' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Refresh took in 0 new statement rows and 1 new ledger entry, made 1 new match and dropped 0 entries no longer in the books.' })
    .waitFor();
  expect(await refusal.count()).toBe(0);
  await matchedTable().getByRole('row').filter({ hasText: 'INTEREST CREDIT' }).filter({ hasText: 'amount and date' }).waitFor();
  let detail = await detailOf();
  expect(detail).toMatchObject({ matched_count: 6, unmatched_row_count: 1, ledger_balance: 3_659_250 });
  expect(matchedRow(detail, 'INTEREST CREDIT', '2024-04-20')).toMatchObject({ rule: 'amount_date', entries: [{ narration: 'Interest for April' }] });

  // The bank charge is still chosen, with its account.
  await posting.getByRole('button', { name: 'Post 1 chosen row' }).click();
  await page.getByRole('status').filter({ hasText: 'Posted 1 new transaction.' }).waitFor();
  await matchedTable().getByRole('row').filter({ hasText: 'BANK CHARGES' }).filter({ hasText: 'posted from the row' }).waitFor();
  await page.getByText('Every statement row is matched.').waitFor();

  detail = await detailOf();
  expect(detail).toMatchObject({ matched_count: 7, unmatched_row_count: 0, unmatched_entry_count: 1, ledger_balance: 3_647_450, drift: 80_000 });
  const bankChargeRow = matchedRow(detail, 'BANK CHARGES', '2024-04-15')!;
  expect(bankChargeRow.rule).toBe('posted');
  const posted = (await ledgerApi('get', '/transactions?source=statement&include_entries=true').expect(200)).body.data;
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({ date: '2024-04-15', narration: 'BANK CHARGES', status: 'posted', currency: 'INR' });
  expect(posted[0].entries.map((e: { account: string; debit: number; credit: number }) => [e.account, e.debit, e.credit]).sort()).toEqual(
    [
      [accounts['HDFC current account'], 0, 11_800],
      [accounts['Bank charges'], 11_800, 0],
    ].sort(),
  );
});

test('the bank reconciliation statement is on the page and downloads as CSV through the console', async () => {
  const statement = table(/^Bank reconciliation statement on 2024-04-30 \(INR\)/);
  await statement.getByRole('row').filter({ hasText: 'Cheque 004513 to Patel Supplies' }).filter({ hasText: '800.00' }).waitFor();
  // Anchored: "Balance per bank" is also the end of "Adjusted balance per bank".
  const figure = async (label: string) =>
    (
      await statement
        .getByRole('row')
        .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) })
        .getByRole('cell')
        .last()
        .textContent()
    )?.trim();
  expect(await figure('Balance per bank')).toBe('37,274.50');
  expect(await figure('Total unpresented cheques and payments')).toBe('800.00');
  expect(await figure('Total deposits in transit')).toBe('0.00');
  expect(await figure('Total items in the bank not yet in the books')).toBe('0.00');
  expect(await figure('Adjusted balance per bank')).toBe('36,474.50');
  expect(await figure('Balance per books')).toBe('36,474.50');
  expect(await figure('Unexplained difference')).toBe('0.00');
  expect(await figure('Drift (bank − books)')).toBe('800.00');

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV statement' }).click()]);
  // Named as the ledger names it (its content-disposition, passed through by the console).
  expect(file.suggestedFilename()).toBe(`reconciliation-${recon}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  const cheque = (await detailOf()).unmatched_entries.data[0].entry;
  expect(lines[0]).toBe('section,date,description,reference,amount (INR)');
  expect(lines).toEqual(
    expect.arrayContaining([
      // The accounts by name (issue 35), never by id.
      expect.stringMatching(/^Balance per bank,2024-04-30,[^,]+ \(statement account; (statement|account)\),,37274\.50$/),
      'Total deposits in transit,,,,0.00',
      `Less: unpresented cheque or payment,2024-04-28,Cheque 004513 to Patel Supplies,${cheque},800.00`,
      'Total unpresented cheques and payments,,,,800.00',
      'Total items in the bank not in the books,,,,0.00',
      'Adjusted balance per bank,2024-04-30,,,36474.50',
      'Unexplained difference,,,,0.00',
      'Balance per books,2024-04-30,HDFC current account (ledger account),,36474.50',
      'Drift (bank - books),,,,800.00',
    ]),
  );
  expect(csv).not.toContain(statementAccount);
  expect(csv).not.toContain(accounts['HDFC current account']!);
  // The very statement the ledger makes: the console passed it through untouched, with the session's own key.
  const fromLedger = await request(ledger.baseUrl).get(`/api/v1/reconciliations/${recon}/statement`).set(key.headers).set('accept', 'text/csv').expect(200);
  expect(csv).toBe(fromLedger.text);
  expect((await ledgerApi('get', `/reconciliations/${recon}/statement`).expect(200)).body.data).toMatchObject({
    balance_per_bank: 3_727_450,
    unpresented_payments: { total: 80_000, items: [{ narration: 'Cheque 004513 to Patel Supplies', amount: 80_000 }] },
    bank_items_not_in_books: { total: 0, items: [] },
    adjusted_balance_per_bank: 3_647_450,
    balance_per_books: 3_647_450,
    unexplained: 0,
    drift: 80_000,
  });
  await page
    .getByRole('status')
    .filter({ hasText: `Downloaded reconciliation-${recon}.csv.` })
    .waitFor();
  await shot('04-statement');
});

test('confirming closes the reconciliation: the page offers no more changes and the ledger refuses them', async () => {
  const confirming = page.getByRole('group', { name: 'Confirm', exact: true });
  await confirming.getByRole('button', { name: 'Confirm reconciliation' }).click();
  await page.getByRole('group', { name: 'Confirm the reconciliation' }).getByRole('button', { name: 'Yes, confirm' }).click();
  await page.getByRole('heading', { level: 2, name: /2024-04-01 to 2024-04-30 confirmed/ }).waitFor();
  await summary().filter({ hasText: '800.00 INR' }).waitFor();
  for (const name of ['Refresh', 'Match', 'Confirm reconciliation', 'Unmatch'])
    expect(await page.getByRole('button', { name, exact: name !== 'Unmatch' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Download CSV statement' }).waitFor();
  await shot('05-confirmed');

  const detail = await detailOf();
  expect(detail).toMatchObject({ status: 'confirmed', matched_count: 7, drift: 80_000 });
  expect(detail.confirmed_at).not.toBeNull();
  const refused = await ledgerApi('post', `/reconciliations/${recon}/unmatch`, { statement_row: detail.matched.data[0].statement_row }).expect(409);
  expect(refused.body.error.code).toBe('RECONCILIATION_CONFIRMED');
});

test('a member whose key may only read reconciliations sees them and the statement, but no action that would fail', async () => {
  // Another reconciliation of April, open: the confirmed one holds every row, so only the unpresented cheque is in it.
  const second = (
    await ledgerApi('post', '/reconciliations', {
      ledger_account: accounts['HDFC current account'],
      statement_account: statementAccount,
      date_from: PERIOD.from,
      date_to: PERIOD.to,
    }).expect(201)
  ).body.data;
  expect(second).toMatchObject({ status: 'open', matched_count: 0, unmatched_row_count: 0, unmatched_entry_count: 1 });

  // A session key narrower than any role's is simulated by narrowing the member's session key
  // before any service has seen it (the services cache keys for a few seconds).
  const reader = await addMember(db, org, 'member', 'auditor');
  await signedIn(consoleApp, reader);
  const login = await request(consoleApp.baseUrl).post('/api/session').send({ email: reader.email, password: reader.password }).expect(201);
  const token = /console_session=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
  const narrowed = await pool.query(
    `UPDATE platform.api_keys SET preset = 'custom', scopes = $2::jsonb
      WHERE key = (SELECT api_key FROM platform.member_sessions s JOIN platform.members m ON m.id = s.member_id
                    WHERE m.email = $1 AND s.ended_at IS NULL ORDER BY s.created_at DESC LIMIT 1)`,
    [reader.email, JSON.stringify({ reconciliations: ['read'], accounts: ['read'], transactions: ['read'] })],
  );
  expect(narrowed.rowCount).toBe(1);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: decodeURIComponent(token), url: consoleApp.baseUrl }]);
  const readerPage = await context.newPage();
  readerPage.setDefaultTimeout(BROWSER_WAIT_MS);
  await readerPage.goto(`${consoleApp.baseUrl}/#/reconciliation`);
  await readerPage.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();
  await readerPage.getByRole('button', { name: /\(confirmed\)$/ }).waitFor();
  await readerPage.getByRole('button', { name: /\(open\)$/ }).click();
  await readerPage
    .getByRole('table', { name: /^Unmatched ledger entries/ })
    .getByRole('cell', { name: 'Cheque 004513 to Patel Supplies', exact: true })
    .waitFor();
  await readerPage.getByRole('table', { name: /^Bank reconciliation statement/ }).waitFor();
  await readerPage.getByRole('button', { name: 'Download CSV statement' }).waitFor();
  expect(await readerPage.getByRole('heading', { name: 'Start a reconciliation' }).count()).toBe(0);
  for (const name of ['Refresh', 'Match', 'Confirm reconciliation']) expect(await readerPage.getByRole('button', { name, exact: true }).count()).toBe(0);
  expect(await readerPage.getByLabel(/to match$/).count()).toBe(0);
  await readerPage.screenshot({ path: join(SCREENSHOTS, 'reconciliation-06-read-only.png'), fullPage: true });
  // The page hid what the key cannot do: the ledger would have refused it.
  const refused = await request(consoleApp.baseUrl)
    .post(`/api/svc/ledger/reconciliations/${second.id}/refresh`)
    .set('cookie', `${SESSION_COOKIE}=${token}`)
    .set('x-csrf-token', login.body.data.csrf_token)
    .expect(403);
  expect(refused.body.error.code).toBe('FORBIDDEN');
  expect((await detailOf(second.id)).status).toBe('open');
  await context.close();
});
