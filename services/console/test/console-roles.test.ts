// Roles shape the screens (issue 35) in Debian's Chromium through playwright-core, against the console and the real
// snapshot, ledger and statement services (with a real worker): a viewer, whose session key reads only, sees every
// page's data and no control that writes (create, edit, delete, run, reverse, upload, editable cells); a page a role
// cannot use (`#/keys`, `#/periods`) says so in words instead of showing Dashboards; a member keeps the writes.
import { createOrganization, type Organization } from '@finance/platform';
import { makeKey, startTestService, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import { hdfcCsv } from '@finance/statement-readers/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buildLedgerApp } from '../../ledger/src/app';
import { buildSnapshotApp } from '../../snapshot/src/app';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, BROWSER_WAIT_MS, launchChromium, signedIn, startConsole, type TestConsole } from './helpers';

jest.setTimeout(240_000);

let snapshot: TestService;
let ledger: TestService;
let pipeline: PipelineHarness;
let consoleApp: TestConsole;
let org: Organization;
let key: TestKey;
let browser: Browser;

const api = (base: string) => ({
  post: (path: string, body?: object) => request(base).post(`/api/v1${path}`).set(key.headers).send(body),
  get: (path: string) => request(base).get(`/api/v1${path}`).set(key.headers),
});

beforeAll(async () => {
  ensureWebBuilt();
  [snapshot, pipeline] = await Promise.all([startTestService('snapshot', buildSnapshotApp), startPipeline('console-roles')]);
  ledger = await startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: pipeline.svc.baseUrl }));
  consoleApp = await startConsole({ snapshot: snapshot.baseUrl, ledger: ledger.baseUrl, statement: pipeline.svc.baseUrl });
  org = await createOrganization(consoleApp.deps.platformDb, uniqueSlug('console-roles'), 'Roles Ltd');
  key = await makeKey(consoleApp.deps.platformDb, org, 'full_access');

  // Something on every page: a dashboard with a widget, a completed statement (its rows), a rule, ledger accounts
  // with a posted transaction.
  const snap = api(snapshot.baseUrl);
  const dash = (await snap.post('/dashboards', { name: 'Sales' }).expect(201)).body.data.id;
  await snap.post('/widgets', { name: 'Orders', dashboard_id: dash }).expect(201);
  const stm = api(pipeline.svc.baseUrl);
  const account = (await stm.post('/accounts', { name: 'Current account', category: 'bank', acc_no: '50100011122299' }).expect(201)).body.data.id;
  const res = await upload(
    pipeline.svc,
    key,
    hdfcCsv([
      { date: '01/04/24', particulars: 'UPI/1/BIGBASKET/groceries', withdrawal: '450.00', deposit: '', balance: '9,550.00' },
      { date: '02/04/24', particulars: 'NEFT/2/ACME/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,550.00' },
    ]),
    'april.csv',
    { account_id: account },
  );
  expect(res.status).toBe(201);
  expect((await waitForStatement(pipeline.svc, key, res.body.data.id, undefined, 60_000)).status).toBe('completed');
  await stm
    .post('/rules', {
      name: 'Groceries',
      conditions: [{ field: 'particulars', operator: 'contains', value: 'bigbasket' }],
      actions: [{ field: 'category', value: 'Groceries' }],
    })
    .expect(201);
  const led = api(ledger.baseUrl);
  await led.post('/accounts/seed').expect(201);
  const groups = (await led.get('/accounts?limit=500').expect(200)).body.data as { id: string; source_ref: string | null }[];
  const group = (ref: string) => groups.find((g) => g.source_ref === ref)!.id;
  const bank = (await led.post('/accounts', { name: 'Main bank', type: 'asset', parent: group('CASH') }).expect(201)).body.data.id;
  const capital = (await led.post('/accounts', { name: 'Founder capital', type: 'equity', parent: group('EQUITY') }).expect(201)).body.data.id;
  await led
    .post('/transactions', {
      date: '2026-01-05',
      narration: 'Capital introduced',
      currency: 'INR',
      entries: [
        { account: bank, debit: 10_000_000 },
        { account: capital, credit: 10_000_000 },
      ],
    })
    .expect(201);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await ledger?.close();
  await snapshot?.close();
  await pipeline?.close();
});

async function signIn(role: 'viewer' | 'member'): Promise<Page> {
  const who = await addMember(consoleApp.deps.platformDb, org, role, role);
  await signedIn(consoleApp, who);
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  return page;
}

async function open(page: Page, id: string, title: string) {
  await page.goto('about:blank');
  await page.goto(`${consoleApp.baseUrl}/#/${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** How many of the named buttons (exact names or patterns) the page shows. */
async function buttons(page: Page, names: (string | RegExp)[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of names) counts[String(name)] = await page.getByRole('button', { name, exact: typeof name === 'string' }).count();
  return counts;
}
const none = (names: (string | RegExp)[]) => Object.fromEntries(names.map((n) => [String(n), 0]));

test('a viewer sees each page’s data and no control that writes', async () => {
  const page = await signIn('viewer');

  await page.getByRole('heading', { name: 'Orders' }).waitFor();
  const dashboardWrites = ['Create dashboard', 'Edit dashboard', 'Delete dashboard', 'Add widget', 'Rename Orders', 'Delete Orders', /^Move Orders/];
  expect(await buttons(page, dashboardWrites)).toEqual(none(dashboardWrites));
  expect(await page.getByLabel('New dashboard').count()).toBe(0);

  await open(page, 'statements', 'Statements');
  await page.getByRole('listitem', { name: 'Statement april.csv' }).waitFor();
  await page.getByRole('listitem', { name: 'Account Current account' }).waitFor();
  const statementWrites = ['Upload', 'Save account', 'Accept rows'];
  expect(await buttons(page, statementWrites)).toEqual(none(statementWrites));
  expect(await page.getByRole('listitem', { name: 'Account Current account' }).getByRole('textbox').count()).toBe(0);

  await open(page, 'transactions', 'Transactions');
  const row = page.getByRole('row').filter({ hasText: 'BIGBASKET' });
  await row.waitFor();
  // No editable cells: the category and entity are text.
  expect(await page.getByRole('table').locator('input, select, textarea').count()).toBe(0);
  expect(await page.getByLabel(/^(category|entity) of /).count()).toBe(0);

  await open(page, 'rules', 'Rules');
  const rule = page.getByRole('listitem', { name: 'Rule Groceries' });
  await rule.waitFor();
  const ruleWrites = ['Create rule', 'Run', 'Edit', 'Disable', 'Delete', 'Move Groceries up', 'Move Groceries down'];
  expect(await buttons(page, ruleWrites)).toEqual(none(ruleWrites));
  // Preview reads, and stays.
  expect(await rule.getByRole('button', { name: 'Preview' }).count()).toBe(1);

  await open(page, 'ledger', 'Ledger');
  await page.getByRole('tab', { name: 'Journal' }).click();
  await page.getByRole('table', { name: 'Recent transactions' }).getByText('Capital introduced').waitFor();
  const journalWrites = ['Post entry', 'Add line', /^Reverse/];
  expect(await buttons(page, journalWrites)).toEqual(none(journalWrites));
  await page.getByRole('tab', { name: 'Chart of accounts' }).click();
  await page.getByRole('button', { name: 'Entries of Main bank' }).waitFor();
  const chartWrites = ['Create the starter chart', 'Add account', /^Edit /, /^Archive /];
  expect(await buttons(page, chartWrites)).toEqual(none(chartWrites));

  await open(page, 'reconciliation', 'Reconciliation');
  expect(await buttons(page, ['Start reconciliation'])).toEqual(none(['Start reconciliation']));
});

test('a page a role cannot use says so in words (not Dashboards); a member keeps the writes', async () => {
  const viewer = await signIn('viewer');
  for (const [id, title] of [
    ['keys', 'API keys'],
    ['periods', 'Periods'],
    ['members', 'Members'],
  ]) {
    await open(viewer, id!, title!);
    await viewer
      .getByRole('status')
      .filter({ hasText: `Only admins can use the ${title} page. You are signed in as a viewer` })
      .waitFor();
    expect(await viewer.getByRole('heading', { level: 1, name: 'Dashboards' }).count()).toBe(0);
    expect(await viewer.title()).toContain(title);
  }

  const member = await signIn('member');
  await member.getByRole('button', { name: 'Create dashboard' }).waitFor();
  await open(member, 'periods', 'Periods');
  await member.getByRole('status').filter({ hasText: 'Only admins can use the Periods page. You are signed in as a member' }).waitFor();
  await open(member, 'ledger', 'Ledger');
  await member.getByRole('tab', { name: 'Journal' }).click();
  await member.getByRole('button', { name: 'Post entry' }).waitFor();
  await member.getByRole('button', { name: 'Reverse Capital introduced' }).waitFor();
  await open(member, 'transactions', 'Transactions');
  await member.getByLabel('category of UPI/1/BIGBASKET/groceries on 2024-04-01').waitFor();
  await member.getByLabel('entity of UPI/1/BIGBASKET/groceries on 2024-04-01').waitFor();
});
