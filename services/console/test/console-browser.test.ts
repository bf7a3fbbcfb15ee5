// End to end in a real browser: Debian's Chromium driven by playwright-core, against the console backend and
// the real snapshot, ledger and statement services (with a real statement worker) started in this process.
// One person's path through every page, in order; a screenshot of each page goes to test/screenshots/.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, type Organization, type PlatformDb, type Pool } from '@finance/platform';
import { makeKey, startTestService, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buildLedgerApp } from '../../ledger/src/app';
import { buildSnapshotApp } from '../../snapshot/src/app';
import { encryptPdf, hdfcCsv, pdfFile, PDF_COLUMNS } from '@finance/statement-readers/testing';
import { startPipeline, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, signedIn, startConsole, launchChromium, BROWSER_WAIT_MS } from './helpers';

const SCREENSHOTS = join(__dirname, 'screenshots');
const PDF_PASSWORD = 'pdf-Secret-7781';

/** The console's own pool, for direct writes in assertions; platform functions take its platform client. */
let pool: Pool;
let db: PlatformDb;
let snapshot: TestService;
let ledger: TestService;
let pipeline: PipelineHarness;
let consoleApp: TestService;
let org: Organization;
let setupKey: TestKey;
let browser: Browser;
let page: Page;
let person: { email: string; password: string };
/** The key and secret the person made on the API keys page. */
let madeKey: { key: string; secret: string };

beforeAll(async () => {
  ensureWebBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  [snapshot, ledger, pipeline] = await Promise.all([
    startTestService('snapshot', buildSnapshotApp),
    startTestService('ledger', buildLedgerApp),
    startPipeline('console-e2e'),
  ]);
  consoleApp = await startConsole({ snapshot: snapshot.baseUrl, ledger: ledger.baseUrl, statement: pipeline.svc.baseUrl });
  pool = consoleApp.deps.pool;
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('console-e2e'), 'Acme Books');
  setupKey = await makeKey(db, org, 'full_access');
  person = await addMember(db, org, 'admin', 'owner');
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await pipeline?.close();
  await ledger?.close();
  await snapshot?.close();
});

const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
const go = async (nav: string) => {
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: nav, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: nav }).waitFor();
};

test('a new member signs in with the one-time password and must choose a new one', async () => {
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'wrong email or password' }).waitFor();
  await page.getByLabel('Password').fill(person.password);
  await shot('01-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await page.getByLabel('One-time password').fill(person.password);
  await page.getByLabel('New password', { exact: true }).fill('a much longer passphrase');
  await page.getByLabel('New password again').fill('a much longer passphrase');
  await shot('02-choose-password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  person.password = 'a much longer passphrase';
  // The session cookie is httpOnly: the page's scripts cannot read it.
  expect(await page.evaluate('document.cookie')).toBe('');
});

test('an admin creates a key with custom scopes and sees its secret exactly once', async () => {
  await go('API keys');
  // Only the key this test file made for its own setup is there: the console's session keys are not listed.
  await page.getByRole('row').filter({ hasText: setupKey.key }).waitFor();
  expect(await page.getByRole('row').count()).toBe(2);
  await page.getByLabel('Name (optional)').fill('Revenue pusher');
  await page.getByLabel(/Custom: choose/).check();
  for (const permission of ['widget:read', 'snapshot:read', 'snapshot:create']) await page.getByLabel(permission, { exact: true }).check();
  await page.getByLabel('Expires (optional)').fill('2099-12-31T12:00');
  await page.getByRole('button', { name: 'Create key' }).click();
  await page.getByRole('heading', { name: 'Key created: copy the secret now' }).waitFor();
  madeKey = { key: await page.getByLabel('Key', { exact: true }).inputValue(), secret: await page.getByLabel('Secret', { exact: true }).inputValue() };
  expect(madeKey.key).toMatch(/^fk_/);
  expect(madeKey.secret).toMatch(/^fs_/);
  await page.getByRole('button', { name: 'Copy secret' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  await shot('03-api-key-secret-once');
  await page.getByRole('button', { name: 'I have stored the secret' }).click();
  const row = page.getByRole('row').filter({ hasText: madeKey.key });
  await row.waitFor();
  expect(await row.textContent()).toContain('snapshot: read, create');
  // Its name, and no use yet.
  expect(await row.getByRole('cell').nth(1).textContent()).toBe('Revenue pusher');
  expect(await row.getByRole('cell').nth(6).textContent()).toBe('never');
  // Never again: not on this page, not after a reload.
  expect(await page.content()).not.toContain(madeKey.secret);
  await page.reload();
  await page.getByRole('row').filter({ hasText: madeKey.key }).waitFor();
  expect(await page.content()).not.toContain(madeKey.secret);
  await shot('04-api-keys');
});

test('snapshots pushed with that key through the snapshot API appear on the widget chart', async () => {
  await go('Dashboards');
  await page.getByLabel('New dashboard').fill('Revenue');
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  await page.getByRole('heading', { level: 2, name: 'Revenue' }).waitFor();
  await page.getByText('No widgets here yet').waitFor();
  await page.getByLabel('Widget name').fill('MRR');
  await page.getByRole('button', { name: 'Add widget' }).click();
  const card = page.getByRole('article', { name: 'Widget MRR' });
  await card.getByText('No value pushed yet').waitFor();

  const api = (path: string) => request(snapshot.baseUrl).get(`/api/v1${path}`).set({ 'api-key': madeKey.key, 'api-secret': madeKey.secret });
  const widget = (await api('/widgets').expect(200)).body.data.find((w: { name: string }) => w.name === 'MRR');
  for (const value of [1200, 1350, 1280, 1510]) {
    await request(snapshot.baseUrl)
      .post(`/api/v1/widgets/${widget.id}/snapshots`)
      .set({ 'api-key': madeKey.key, 'api-secret': madeKey.secret })
      .send({ data: { value, label: 'MRR', unit: 'INR' } })
      .expect(201);
  }
  // The page refreshes while open: the latest value and a line of four points appear without a reload.
  await card.getByLabel('Latest value').filter({ hasText: '1,510' }).waitFor();
  await card.getByRole('img', { name: /MRR: 4 snapshots, latest 1510/ }).waitFor();
  expect(await card.locator('.recharts-line-curve').count()).toBe(1);
  expect(await card.locator('.recharts-line-dot').count()).toBe(4);
  await card.getByRole('button', { name: 'How to push' }).click();
  const snippet = await card.getByLabel('How to push a snapshot with curl').textContent();
  expect(snippet).toContain(`/api/v1/widgets/${widget.id}/snapshots`);
  expect(snippet).not.toContain(madeKey.secret);
  await shot('05-dashboards');
  // The snapshot service's key check recorded the pushes: the keys page says when the key was last used.
  await go('API keys');
  const used = page.getByRole('row').filter({ hasText: madeKey.key }).getByRole('cell').nth(6);
  await used.waitFor();
  expect(await used.textContent()).not.toBe('never');
  expect(await used.textContent()).toMatch(/\d{4}/);
});

test('a password-protected PDF stalls for its password, completes through the prompt, and shows its rows', async () => {
  const plain = await pdfFile({
    ...PDF_COLUMNS,
    preamble: ['HDFC BANK Ltd.', 'Account Number : 5010 0099 8877 66'],
    rows: [
      ['01/04/2024', 'UPI/501/ZOMATO', '', '320.00', '', '4,680.00'],
      ['02/04/2024', 'IMPS/P2A/502/RENT', '', '25,000.00', '', '-20,320.00'],
      ['03/04/2024', 'NEFT/503/REFUND', '', '', '1,000.25', '-19,319.75'],
    ],
  });
  const protectedPdf = await encryptPdf(plain, PDF_PASSWORD);
  await go('Statements');
  await page.getByText('No statements yet').waitFor();
  // Dropped onto the drop zone, as a person drags a file from their desktop.
  const transfer = await page.evaluateHandle(
    (bytes) => {
      // Runs in the page (this file is typechecked without the DOM library).
      const web = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: unknown[], name: string, options: object) => unknown;
      };
      const dt = new web.DataTransfer();
      dt.items.add(new web.File([new Uint8Array(bytes)], 'hdfc-april.pdf', { type: 'application/pdf' }));
      return dt;
    },
    [...protectedPdf],
  );
  await page.getByTestId('dropzone').dispatchEvent('drop', { dataTransfer: transfer });
  await page.getByTestId('dropzone').getByText('hdfc-april.pdf').waitFor();
  await page.getByRole('button', { name: 'Upload' }).click();

  const item = page.getByRole('listitem', { name: 'Statement hdfc-april.pdf' });
  const prompt = item.getByLabel(/This file is protected/);
  await prompt.waitFor();
  expect(await item.textContent()).toContain('PASSWORD_REQUIRED');
  await shot('06-statement-password-prompt');
  await prompt.fill('not-the-password');
  await item.getByRole('button', { name: 'Unlock and resume' }).click();
  await item.getByRole('alert').waitFor();
  await prompt.fill(PDF_PASSWORD);
  await item.getByRole('button', { name: 'Unlock and resume' }).click();
  await item.locator('.badge.completed').waitFor();
  await item.getByText('3 new transactions of 3 rows read').waitFor();
  // 600 older rows of the same account from no statement: the account's first 500 rows are none of this
  // statement's, so only the statement_id filter finds its rows (the page used to filter those 500 in the browser).
  const statements = await request(pipeline.svc.baseUrl).get('/api/v1/statements').set(setupKey.headers).expect(200);
  const april = statements.body.data.find((x: { file_name: string }) => x.file_name === 'hdfc-april.pdf');
  await pool.query(
    `INSERT INTO statement.transactions (id, org_id, account_id, date, particulars, inflow, balance)
     SELECT gen_random_uuid(), $1, $2, date '2024-03-01' + (i % 28), 'OLDER ROW ' || i, 1000, 5000000 + i * 1000 FROM generate_series(1, 600) i`,
    [org.id, april.account_id],
  );
  try {
    await item.getByRole('button', { name: 'Show rows' }).click();
    const rows = item.getByRole('table', { name: 'Rows of hdfc-april.pdf' });
    await rows.getByText('IMPS/P2A/502/RENT').waitFor();
    expect(await rows.getByRole('row').count()).toBe(4);
    expect(await rows.textContent()).toContain('25,000.00');
    expect(await rows.textContent()).not.toContain('OLDER ROW');
    await shot('07-statements');
  } finally {
    // The later pages count this organization's rows.
    await pool.query(`DELETE FROM statement.transactions WHERE org_id = $1 AND statement_id IS NULL AND particulars LIKE 'OLDER ROW %'`, [org.id]);
  }
});

test('transactions are filtered and categorised in place; a rule is previewed and run', async () => {
  await go('Transactions');
  await page.getByRole('cell', { name: 'UPI/501/ZOMATO' }).waitFor();
  await page.getByLabel('Particulars contain').fill('rent');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.getByText('1 transaction;').waitFor();
  const category = page.getByLabel('category of IMPS/P2A/502/RENT on 2024-04-02');
  await category.fill('Rent');
  await category.press('Enter');
  // Saved when the field is no longer marked as changed (and enabled again after the request).
  await page.locator('.inline-edit.dirty').waitFor({ state: 'detached' });
  await page.locator('.inline-edit:disabled').waitFor({ state: 'detached' });
  const stored = await request(pipeline.svc.baseUrl).get('/api/v1/transactions?particulars=RENT').set(setupKey.headers).expect(200);
  expect(stored.body.data[0].category).toBe('Rent');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByText('3 transactions;').waitFor();
  await shot('08-transactions');

  await go('Rules');
  await page.getByText('No rules yet').waitFor();
  await page.getByLabel('Name').fill('Food delivery');
  await page.getByLabel('Condition 1 value').fill('zomato');
  await page.getByLabel('Category').fill('Dining');
  await page.getByLabel('Type').selectOption('expense');
  await page.getByRole('button', { name: 'Create rule' }).click();
  const rule = page.getByRole('listitem', { name: 'Rule Food delivery' });
  await rule.getByText('When particulars contains "zomato", set category to Dining, type to expense.').waitFor();
  await rule.getByRole('button', { name: 'Preview' }).click();
  await rule.getByText('1 row would change').waitFor();
  await shot('09-rules-preview');
  await rule.getByRole('button', { name: 'Run' }).click();
  // Run asks first, with the count the preview gives.
  await rule.getByRole('button', { name: 'Yes, change 1 row' }).click();
  await rule.getByText('Matched 1 rows, changed 1.').waitFor();
  const zomato = await request(pipeline.svc.baseUrl).get('/api/v1/transactions?particulars=ZOMATO').set(setupKey.headers).expect(200);
  expect(zomato.body.data[0]).toMatchObject({ category: 'Dining', type: 'expense' });
});

test('a statement without an account number asks for one, and resumes with it', async () => {
  await go('Statements');
  const csv = hdfcCsv([
    { date: '10/05/24', particulars: 'UPI/601/SWIGGY/food', withdrawal: '450.00', deposit: '', balance: '9,550.00' },
    { date: '11/05/24', particulars: 'NEFT/602/ACME/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,550.00' },
  ]);
  // Chosen with the file picker this time (keyboard users' path), not dropped.
  await page.getByLabel('Statement file').setInputFiles({ name: 'hdfc-may.csv', mimeType: 'text/csv', buffer: csv });
  await page.getByRole('button', { name: 'Upload' }).click();
  const item = page.getByRole('listitem', { name: 'Statement hdfc-may.csv' });
  const prompt = item.getByLabel(/The account was not found in the file/);
  await prompt.waitFor();
  expect(await item.textContent()).toContain('ACCOUNT_NOT_DETECTED');
  // Asked for the account number only: no password field for this statement.
  expect(await item.getByLabel(/password/i).count()).toBe(0);
  await prompt.fill('5010 0099 8877 66');
  await item.getByRole('button', { name: 'Resume' }).click();
  await item.locator('.badge.completed').waitFor();
  await item.getByText('2 new transactions of 2 rows read').waitFor();
});

test('the ledger page shows a balanced balance sheet, the income statement, the trial balance and the chart of accounts', async () => {
  const ledgerApi = (method: 'get' | 'post', path: string, body?: object) => request(ledger.baseUrl)[method](`/api/v1${path}`).set(setupKey.headers).send(body);
  await ledgerApi('post', '/accounts/seed').expect(201);
  const groups = (await ledgerApi('get', '/accounts?limit=500').expect(200)).body.data as { id: string; source_ref: string | null }[];
  const group = (ref: string) => groups.find((g) => g.source_ref === ref)!.id;
  const account = async (name: string, type: string, parent: string) =>
    (await ledgerApi('post', '/accounts', { name, type, parent }).expect(201)).body.data.id as string;
  const bank = await account('HDFC current account', 'asset', group('CASH'));
  const capital = await account("Owner's capital", 'equity', group('EQUITY'));
  const sales = await account('Consulting revenue', 'income', group('INCOME'));
  const rent = await account('Office rent', 'expense', group('EXPENSES'));
  const post = (date: string, narration: string, debit: string, credit: string, amount: number) =>
    ledgerApi('post', '/transactions', {
      date,
      narration,
      currency: 'INR',
      entries: [
        { account: debit, debit: amount },
        { account: credit, credit: amount },
      ],
    }).expect(201);
  await post('2026-01-05', 'Capital introduced', bank, capital, 50_000_000);
  await post('2026-02-10', 'Invoice paid', bank, sales, 18_000_000);
  await post('2026-03-01', 'March rent', rent, bank, 4_500_000);

  await go('Ledger');
  await page.getByLabel('As of').fill('2026-06-30');
  await page.getByLabel('Income statement from').fill('2026-01-01');
  const sheet = page.getByRole('tabpanel', { name: 'Balance sheet' });
  await sheet.getByRole('heading', { name: /Balance sheet as of 2026-06-30 \(INR\) balanced/ }).waitFor();
  await sheet.getByRole('cell', { name: 'HDFC current account' }).waitFor();
  expect(await sheet.textContent()).toContain('6,35,000.00'); // 500,000 + 180,000 - 45,000 rupees, en-IN grouping
  await sheet.getByRole('img').first().waitFor();
  expect(await sheet.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
  await shot('10-ledger-balance-sheet');

  await page.getByRole('tab', { name: 'Income statement' }).click();
  const income = page.getByRole('tabpanel', { name: 'Income statement' });
  await income.getByText(/net income\s*1,35,000.00/).waitFor();
  await shot('11-ledger-income-statement');
  await page.getByRole('tab', { name: 'Trial balance' }).click();
  await page.getByRole('heading', { name: /Trial balance as of 2026-06-30 \(INR\) balanced/ }).waitFor();
  await shot('12-ledger-trial-balance');
  await page.getByRole('tab', { name: 'Chart of accounts' }).click();
  await page.getByRole('tabpanel', { name: 'Chart of accounts' }).getByText('Office rent').waitFor();
  await shot('13-ledger-accounts');
});

test('members page, then signing out ends the session', async () => {
  await go('Members');
  await page.getByRole('cell', { name: person.email }).waitFor();
  await page.getByLabel('Email').fill(`colleague-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page.getByLabel('One-time password').waitFor();
  await shot('14-members');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
  const back = await page.request.get(`${consoleApp.baseUrl}/api/session`);
  expect(back.status()).toBe(401);
});

test('a member who is not an admin sees no keys or members pages; an expired session sends the browser back to sign-in', async () => {
  const who = await addMember(db, org, 'member', 'bookkeeper');
  await signedIn(consoleApp, who); // sets their own password, as they would on first sign-in
  await page.goto(`${consoleApp.baseUrl}/#/keys`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const nav = page.getByRole('navigation', { name: 'Pages' });
  await nav.getByRole('link', { name: 'Dashboards' }).waitFor();
  expect(await nav.getByRole('link', { name: 'API keys' }).count()).toBe(0);
  expect(await nav.getByRole('link', { name: 'Members' }).count()).toBe(0);
  // #/keys says in words that it is for admins (issue 35; it once showed Dashboards without a word).
  await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Only admins can use the API keys page. You are signed in as a member' }).waitFor();
  expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Go to Dashboards' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();

  await pool.query(
    `UPDATE platform.member_sessions SET expires_at = now() - interval '1 second' WHERE member_id = (SELECT id FROM platform.members WHERE email = $1) AND ended_at IS NULL`,
    [who.email],
  );
  // The open page refreshes its widgets every 5 s: the first refresh after expiry signs the browser out.
  await page.getByText('your session has expired; sign in again').waitFor();
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
  await shot('15-session-expired');
});
