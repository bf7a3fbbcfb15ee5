// Issue 24 in a real browser (Debian's Chromium through playwright-core): an admin sets the fiscal year, closes the
// books and reopens them on the Periods page, against the real ledger; a member sees no such page, and the console
// refuses that member's writes to the periods and settings whatever the path's spelling.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, type Organization } from '@finance/platform';
import { makeKey, startTestService, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buildLedgerApp } from '../../ledger/src/app';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, signedIn, startConsole, launchChromium, BROWSER_WAIT_MS } from './helpers';

const SCREENSHOTS = join(__dirname, 'screenshots');

let ledger: TestService;
let consoleApp: TestService;
let org: Organization;
let key: TestKey;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ensureWebBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  ledger = await startTestService('ledger', buildLedgerApp);
  consoleApp = await startConsole({ ledger: ledger.baseUrl });
  org = await createOrganization(consoleApp.deps.platformDb, uniqueSlug('console-periods'), 'Sharma Traders');
  key = await makeKey(consoleApp.deps.platformDb, org, 'full_access');
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await ledger?.close();
});

const ledgerApi = () => request(ledger.baseUrl);

test('an admin sets the fiscal year, closes the books and reopens them; the ledger refuses a posting in between', async () => {
  await ledgerApi().post('/api/v1/accounts/seed').set(key.headers).expect(201);
  const accounts = (await ledgerApi().get('/api/v1/accounts?source=system').set(key.headers).expect(200)).body.data as { id: string; source_ref: string }[];
  const group = (k: string) => accounts.find((a) => a.source_ref === k)!.id;
  const bank = (
    await ledgerApi()
      .post('/api/v1/accounts')
      .set(key.headers)
      .send({ name: 'Bank', type: 'asset', parent: group('CASH') })
      .expect(201)
  ).body.data.id;
  const sales = (
    await ledgerApi()
      .post('/api/v1/accounts')
      .set(key.headers)
      .send({ name: 'Sales', type: 'income', parent: group('INCOME') })
      .expect(201)
  ).body.data.id;
  const posting = (date: string) => ({
    date,
    entries: [
      { account: bank, debit: 1_000 },
      { account: sales, credit: 1_000 },
    ],
  });

  // Signed in once through the API to replace the one-time password; then through the browser.
  const admin = await addMember(consoleApp.deps.platformDb, org, 'admin', 'accountant');
  await signedIn(consoleApp, admin);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Periods', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Periods' }).waitFor();
  const books = page.getByRole('status', { name: 'Books' });
  await books.getByText('No period is closed.').waitFor();
  expect(await books.textContent()).toContain('starts April 1, the default for INR');

  // A July start, then back to the default.
  await page.getByLabel('Starts in').selectOption({ label: 'July' });
  await page.getByRole('button', { name: 'Save fiscal year' }).click();
  await books.getByText(/starts July 1\)/).waitFor();
  await page.getByRole('button', { name: 'Use the default for the base currency' }).click();
  await books.getByText(/starts April 1, the default for INR/).waitFor();

  await page.getByLabel('Close through').fill('2025-03-31');
  await page.getByLabel('Reason (optional)').fill('FY 2024-25 audited');
  await page.getByRole('button', { name: 'Close period' }).click();
  await books.getByText('2025-03-31').waitFor();
  const history = page.getByRole('table', { name: 'Closes and reopens' });
  await history.getByRole('row').filter({ hasText: 'FY 2024-25 audited' }).filter({ hasText: admin.email }).waitFor();
  await page.screenshot({ path: join(SCREENSHOTS, 'periods-closed.png'), fullPage: true });

  const refused = await ledgerApi().post('/api/v1/transactions').set(key.headers).send(posting('2025-03-20')).expect(409);
  expect(refused.body.error.code).toBe('PERIOD_CLOSED');

  // Closing again through the same date: the ledger's refusal is shown.
  await page.getByLabel('Close through').fill('2025-03-31');
  await page.getByRole('button', { name: 'Close period' }).click();
  await page.getByRole('alert').filter({ hasText: 'already closed through 2025-03-31' }).waitFor();

  await page.getByLabel('Reopen from (optional)').fill('2025-03-01');
  await page.getByLabel('Reason', { exact: true }).fill('March sales invoice missed');
  await page.getByRole('button', { name: 'Reopen period' }).click();
  await books.getByText('2025-02-28').waitFor();
  await history.getByRole('row').filter({ hasText: 'March sales invoice missed' }).waitFor();
  await ledgerApi().post('/api/v1/transactions').set(key.headers).send(posting('2025-03-20')).expect(201);
});

test("a member has no Periods page, and the console refuses that member's period and settings writes (any spelling of the path)", async () => {
  const member = await addMember(consoleApp.deps.platformDb, org, 'member', 'clerk');
  const { agent, csrf } = await signedIn(consoleApp, member);
  for (const path of [
    '/api/svc/ledger/periods/close',
    '/api/svc/ledger/./periods/close',
    '/api/svc/ledger/PERIODS/close',
    '/api/svc/ledger//periods/%63lose',
  ]) {
    const res = await agent.post(path).set('x-csrf-token', csrf).send({ through: '2025-06-30' });
    expect([path, res.status, res.body.error?.code]).toEqual([path, 403, 'FORBIDDEN']);
  }
  expect((await agent.patch('/api/svc/ledger/settings').set('x-csrf-token', csrf).send({ base_currency: 'USD' })).status).toBe(403);
  // Reads pass: the balance sheet shows the split to everyone.
  expect((await agent.get('/api/svc/ledger/settings').expect(200)).body.data.closed_through).toBe('2025-02-28');
  expect((await ledgerApi().get('/api/v1/periods').set(key.headers).expect(200)).body.page_context.total).toBe(2);

  const context = await browser.newContext();
  const p = await context.newPage();
  await p.goto(consoleApp.baseUrl);
  await p.getByLabel('Email').fill(member.email);
  await p.getByLabel('Password').fill(member.password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  const nav = p.getByRole('navigation', { name: 'Pages' });
  await nav.getByRole('link', { name: 'Ledger', exact: true }).waitFor();
  expect(await nav.getByRole('link', { name: 'Periods', exact: true }).count()).toBe(0);
  await context.close();
});

test('defaults and words follow the books (issue 35): their fiscal year named, the income statement from its start, a closed period refused by date and name', async () => {
  // The admin's page is signed in from the first test; the books hold 2025-03-20 (FY 2025, April to March, INR).
  await page.goto('about:blank');
  await page.goto(`${consoleApp.baseUrl}/#/periods`);
  const books = page.getByRole('status', { name: 'Books' });
  await books.getByText("The books' latest entry is dated 2025-03-20, in fiscal year 2025: 2024-04-01 to 2025-03-31.").waitFor();

  await page.goto(`${consoleApp.baseUrl}/#/ledger`);
  await page.getByRole('heading', { level: 1, name: 'Ledger' }).waitFor();
  await page.getByLabel('As of').fill('2025-03-31');
  await page.getByRole('tab', { name: 'Income statement' }).click();
  // From the fiscal year's start, not January 1 of this calendar year; no raw message.
  await page.waitForFunction(`document.getElementById('period-from')?.value === '2024-04-01'`);
  await page.getByRole('tabpanel', { name: 'Income statement' }).getByText('10.00').first().waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);
  // A start after "as of", chosen by hand: said in words, nothing sent.
  await page.getByLabel('Income statement from').fill('2025-06-01');
  await page.getByRole('alert').filter({ hasText: 'The income statement cannot start on 2025-06-01, after the "as of" date 2025-03-31' }).waitFor();
  expect(await page.getByText('date_from').count()).toBe(0);

  // A reversal dated in a closed period: refused with dates and words, no id, no field path.
  const accounts = (await ledgerApi().get('/api/v1/accounts?limit=500').set(key.headers).expect(200)).body.data as { id: string; name: string }[];
  const id = (name: string) => accounts.find((a) => a.name === name)!.id;
  await ledgerApi()
    .post('/api/v1/transactions')
    .set(key.headers)
    .send({
      date: '2025-03-25',
      narration: 'March consulting',
      entries: [
        { account: id('Bank'), debit: 5_000 },
        { account: id('Sales'), credit: 5_000 },
      ],
    })
    .expect(201);
  await ledgerApi().post('/api/v1/periods/close').set(key.headers).send({ through: '2025-03-31' }).expect(201);
  await page.goto('about:blank');
  await page.goto(`${consoleApp.baseUrl}/#/ledger`);
  await page.getByRole('tab', { name: 'Journal' }).click();
  await page.getByRole('button', { name: 'Reverse March consulting' }).click();
  await page.getByRole('button', { name: 'Yes, reverse it' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'is in a closed period (the books are closed through 2025-03-31)' });
  await alert.waitFor();
  const text = (await alert.textContent())!;
  expect(text).toMatch(/^2025-03-25 is in a closed period/);
  expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  expect(text).not.toContain('date:');
});
