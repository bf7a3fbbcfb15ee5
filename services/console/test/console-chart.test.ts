// The chart of accounts in the console (issue 35) in Debian's Chromium through playwright-core, against the real
// ledger and statement services: a new organization's admin creates the starter chart in one step, adds an account
// under a group, renames and moves one, archives and restores one, and renames a statement account from the same
// tab. Each step checks what the ledger (or the statement service) stored, not only what the page says.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, type Organization } from '@finance/platform';
import { makeKey, startTestService, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buildLedgerApp } from '../../ledger/src/app';
import { startPipeline, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, BROWSER_WAIT_MS, launchChromium, signedIn, startConsole, type TestConsole } from './helpers';

jest.setTimeout(240_000);

const SCREENSHOTS = join(__dirname, 'screenshots');

let ledger: TestService;
let pipeline: PipelineHarness;
let consoleApp: TestConsole;
let org: Organization;
let key: TestKey;
let browser: Browser;
let page: Page;

interface Account {
  id: string;
  name: string;
  type: string;
  parent: string | null;
  status: string;
  source: string;
  source_ref: string | null;
  is_group: boolean;
}
const accounts = async (): Promise<Account[]> => (await request(ledger.baseUrl).get('/api/v1/accounts?limit=500').set(key.headers).expect(200)).body.data;
const byName = async (name: string) => (await accounts()).find((a) => a.name === name);
const groupKey = async (account: Account | undefined) => (await accounts()).find((a) => a.id === account?.parent)?.source_ref;

beforeAll(async () => {
  ensureWebBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  pipeline = await startPipeline('console-chart', { worker: false });
  ledger = await startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: pipeline.svc.baseUrl }));
  consoleApp = await startConsole({ ledger: ledger.baseUrl, statement: pipeline.svc.baseUrl });
  org = await createOrganization(consoleApp.deps.platformDb, uniqueSlug('console-chart'), 'Chart Traders');
  key = await makeKey(consoleApp.deps.platformDb, org, 'full_access');
  const admin = await addMember(consoleApp.deps.platformDb, org, 'admin', 'chart');
  await signedIn(consoleApp, admin);
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await ledger?.close();
  await pipeline?.close();
});

async function openChart() {
  await page.goto('about:blank');
  await page.goto(`${consoleApp.baseUrl}/#/ledger`);
  await page.getByRole('heading', { level: 1, name: 'Ledger' }).waitFor();
  await page.getByRole('tab', { name: 'Chart of accounts' }).click();
}
const panel = () => page.getByRole('tabpanel', { name: 'Chart of accounts' });

test('a new organization: the starter chart in one step, its accounts under the standard groups, offered by the Journal', async () => {
  expect(await accounts()).toEqual([]);
  await openChart();
  await page.getByRole('button', { name: 'Create the starter chart' }).click();
  await page.getByRole('status').filter({ hasText: 'Created 9 accounts' }).waitFor();

  const all = await accounts();
  const starter = all.filter((a) => a.source === 'starter');
  expect(starter).toHaveLength(9);
  const under = Object.fromEntries(starter.map((a) => [a.name, [a.type, all.find((g) => g.id === a.parent)?.source_ref]]));
  expect(under).toEqual({
    'Bank account': ['asset', 'CASH'],
    'Cash in hand': ['asset', 'CASH'],
    'Trade receivables': ['asset', 'RECEIVABLES'],
    'Trade payables': ['liability', 'PAYABLES'],
    Sales: ['income', 'INCOME'],
    'Interest received': ['income', 'INCOME'],
    'General expenses': ['expense', 'EXPENSES'],
    'Bank charges': ['expense', 'EXPENSES'],
    Suspense: ['liability', 'CLEARING'],
  });
  expect(all.filter((a) => a.source === 'system')).toHaveLength(14);
  // Once there is something to post to, the offer is gone.
  expect(await page.getByRole('button', { name: 'Create the starter chart' }).count()).toBe(0);
  await panel().getByRole('button', { name: 'Entries of Bank charges' }).waitFor();

  await page.getByRole('tab', { name: 'Journal' }).click();
  const options = await page.getByLabel('Line 1 account').locator('option').allTextContents();
  expect(options).toEqual(expect.arrayContaining(['Bank account (asset)', 'Sales (income)', 'Suspense (liability)']));
});

test('add an account under a group; rename and move one; the ledger stores each', async () => {
  await openChart();
  await panel().getByLabel('New account name').fill('Office rent');
  await panel().getByLabel('Under the group').selectOption({ label: 'Expenses (expense)' });
  await panel().getByRole('button', { name: 'Add account' }).click();
  await panel().getByRole('status').filter({ hasText: 'Added Office rent under Expenses.' }).waitFor();
  const rent = await byName('Office rent');
  expect(rent).toMatchObject({ type: 'expense', is_group: false, status: 'active' });
  expect(await groupKey(rent)).toBe('EXPENSES');

  // Nothing chosen: said before anything is sent.
  await panel().getByLabel('New account name').fill('Travel');
  await panel().getByLabel('Under the group').selectOption({ label: 'Choose a group' });
  await panel().getByRole('button', { name: 'Add account' }).click();
  await panel().getByRole('alert').filter({ hasText: 'Choose the group the account goes under.' }).waitFor();
  expect(await byName('Travel')).toBeUndefined();

  const id = (await byName('General expenses'))!.id;
  await panel().getByRole('button', { name: 'Edit General expenses' }).click();
  const form = panel().getByRole('form', { name: 'Edit General expenses' });
  await form.getByLabel('Name').fill('Sundry expenses');
  // Only groups of its own type are offered.
  expect(await form.getByLabel('Group').locator('option').allTextContents()).toEqual(['Expenses (expense)', 'Depreciation and Amortisation (expense)']);
  await form.getByLabel('Group').selectOption({ label: 'Depreciation and Amortisation (expense)' });
  await form.getByRole('button', { name: 'Save' }).click();
  await panel().getByRole('button', { name: 'Entries of Sundry expenses' }).waitFor();
  const moved = (await accounts()).find((a) => a.id === id);
  expect(moved).toMatchObject({ name: 'Sundry expenses', type: 'expense' });
  expect(await groupKey(moved)).toBe('DEPRECIATION');

  // Escape leaves the form with nothing sent.
  await panel().getByRole('button', { name: 'Edit Sales' }).click();
  await panel().getByRole('form', { name: 'Edit Sales' }).getByLabel('Name').fill('Turnover');
  await page.keyboard.press('Escape');
  await panel().getByRole('button', { name: 'Edit Sales' }).waitFor();
  expect(await byName('Sales')).toBeDefined();
  await page.screenshot({ path: join(SCREENSHOTS, 'chart-edited.png'), fullPage: true });
});

test('archive an account after a question (no longer offered for posting, still in the chart), then restore it', async () => {
  await openChart();
  await panel().getByRole('button', { name: 'Archive Cash in hand' }).click();
  // Cancel changes nothing.
  await page.getByRole('alertdialog', { name: 'Yes, archive it' }).getByRole('button', { name: 'Cancel' }).click();
  expect((await byName('Cash in hand'))!.status).toBe('active');
  await panel().getByRole('button', { name: 'Archive Cash in hand' }).click();
  await page.getByRole('button', { name: 'Yes, archive it' }).click();
  await panel().getByRole('button', { name: 'Restore Cash in hand' }).waitFor();
  expect((await byName('Cash in hand'))!.status).toBe('retired');
  await panel().getByText('asset · retired').waitFor();

  await page.getByRole('tab', { name: 'Journal' }).click();
  expect(await page.getByLabel('Line 1 account').locator('option').allTextContents()).not.toContain('Cash in hand (asset)');

  await page.getByRole('tab', { name: 'Chart of accounts' }).click();
  await panel().getByRole('button', { name: 'Restore Cash in hand' }).click();
  await panel().getByRole('button', { name: 'Archive Cash in hand' }).waitFor();
  expect((await byName('Cash in hand'))!.status).toBe('active');
});

test('a statement account is named and corrected from the chart of accounts too', async () => {
  const wallet = (await request(pipeline.svc.baseUrl).post('/api/v1/accounts').set(key.headers).send({ name: 'HDFC ••1234', category: 'bank' }).expect(201))
    .body.data.id;
  await openChart();
  const item = panel().getByRole('list', { name: 'Statement accounts' }).getByRole('listitem', { name: 'Account HDFC ••1234', exact: true });
  await item.getByLabel('Account name').fill('HDFC current account');
  await item.getByRole('button', { name: 'Save account' }).click();
  await panel().getByRole('listitem', { name: 'Account HDFC current account', exact: true }).waitFor();
  const stored = (await request(pipeline.svc.baseUrl).get(`/api/v1/accounts/${wallet}`).set(key.headers).expect(200)).body.data;
  expect(stored).toMatchObject({ name: 'HDFC current account', name_source: 'person' });
});
