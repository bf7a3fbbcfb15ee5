// The Statements page's accounts section (issue 30) in Debian's Chromium through playwright-core, against the console
// backend and the real statement service with its worker: an account an upload created and named from its file is
// renamed inline and its kind corrected from the keyboard, a new currency is refused while it holds rows (the
// service's 409, shown in the page), an account without rows takes one, and the section fits a 390 px screen.
// Each step checks what the statement service stored, not only what the page says.
import { createOrganization, type Organization, type PlatformDb } from '@finance/platform';
import { makeKey, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import { toCsv } from '@finance/statement-readers/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, launchChromium, signedIn, startConsole } from './helpers';

jest.setTimeout(180_000);

let db: PlatformDb;
let pipeline: PipelineHarness;
let consoleApp: TestService;
let org: Organization;
let key: TestKey;
let browser: Browser;
let page: Page;
let person: { email: string; password: string };
let fromFile: string;
let empty: string;

const stm = () => ({
  get: (path: string) => request(pipeline.svc.baseUrl).get(`/api/v1${path}`).set(key.headers),
  post: (path: string, body: object) => request(pipeline.svc.baseUrl).post(`/api/v1${path}`).set(key.headers).send(body),
});
const stored = async (id: string) => (await stm().get(`/accounts/${id}`).expect(200)).body.data;

beforeAll(async () => {
  ensureWebBuilt();
  pipeline = await startPipeline('console-accounts');
  consoleApp = await startConsole({ statement: pipeline.svc.baseUrl });
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('console-accounts'), 'Accounts Ltd');
  key = await makeKey(db, org, 'full_access');
  person = await addMember(db, org, 'admin', 'accounts');
  await signedIn(consoleApp, person);

  // An upload creates an account named from its file (the bank and the number's last four digits), with two rows.
  const csv = toCsv([
    ['Acme Bank'],
    ['Account No: 50100012345678'],
    [],
    ['Date', 'Narration', 'Debit', 'Credit', 'Balance'],
    ['15/04/2024', 'UPI/1/GROCER', '250.00', '', '9,750.00'],
    ['16/04/2024', 'SALARY', '', '1,000.00', '10,750.00'],
  ]);
  const res = await upload(pipeline.svc, key, Buffer.from(csv), 'acme-april.csv');
  expect(res.status).toBe(201);
  const statement = await waitForStatement(pipeline.svc, key, res.body.data.id, undefined, 60_000);
  expect(statement.status).toBe('completed');
  fromFile = statement.account_id;
  expect(await stored(fromFile)).toMatchObject({ name: 'Acme Bank ••5678', name_source: 'file', category: 'bank', currency: 'INR' });
  empty = (await stm().post('/accounts', { name: 'Travel wallet', category: 'bank' }).expect(201)).body.data.id;

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await pipeline?.close();
});

async function openStatements() {
  await page.goto('about:blank');
  await page.goto(`${consoleApp.baseUrl}/#/statements`);
  await page.getByRole('heading', { level: 1, name: 'Statements' }).waitFor();
  await page.getByRole('list', { name: 'Statement accounts' }).waitFor();
}

// A string: it runs in the page, and this file is typechecked without the DOM library.
const focusedId = () => page.evaluate<string | null>('document.activeElement?.id ?? null');

const item = (name: string) => page.getByRole('list', { name: 'Statement accounts' }).getByRole('listitem', { name: `Account ${name}`, exact: true });

test('at 390 px: rename inline and correct the kind from the keyboard; the name is then a person’s', async () => {
  await openStatements();
  const acme = item('Acme Bank ••5678');
  await acme.getByText('named from its statement file').waitFor();
  // Nothing reaches past the screen's edge.
  const width = await page.evaluate<{ scroll: number; inner: number }>('({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth })');
  expect(width.scroll).toBeLessThanOrEqual(width.inner);

  const name = acme.getByLabel('Account name');
  await name.fill('Household current account');
  // Tab to the kind and choose it, Tab on to the currency, and Enter saves the form.
  await name.press('Tab');
  const kind = acme.getByLabel('Kind');
  expect(await focusedId()).toBe(await kind.getAttribute('id'));
  await kind.selectOption('credit_card');
  await kind.press('Tab');
  const currency = acme.getByLabel('Currency');
  expect(await focusedId()).toBe(await currency.getAttribute('id'));
  await page.keyboard.press('Enter');
  const renamed = item('Household current account');
  await renamed.getByText('named by a person').waitFor();
  expect(await stored(fromFile)).toMatchObject({ name: 'Household current account', name_source: 'person', category: 'credit_card', currency: 'INR' });
});

test('a new currency is refused while the account holds rows (the service says how many); Escape puts back what is stored', async () => {
  await openStatements();
  const household = item('Household current account');
  const currency = household.getByLabel('Currency');
  await currency.fill('SGD');
  await household.getByRole('button', { name: 'Save account' }).click();
  await household.getByRole('alert').filter({ hasText: 'the account holds 2 transactions in INR' }).waitFor();
  expect(await stored(fromFile)).toMatchObject({ currency: 'INR' });
  await currency.press('Escape');
  expect(await currency.inputValue()).toBe('INR');
  expect(await household.getByRole('button', { name: 'Save account' }).isDisabled()).toBe(true);
});

test('an account without rows takes a new currency', async () => {
  await openStatements();
  const wallet = item('Travel wallet');
  const currency = wallet.getByLabel('Currency');
  await currency.fill('sgd');
  await currency.press('Enter');
  await wallet.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  expect(await stored(empty)).toMatchObject({ currency: 'SGD', name: 'Travel wallet' });
});
