// Issue 33 in a real browser (Debian's Chromium through playwright-core): a statement whose columns the reader
// cannot name stalls with LAYOUT_NOT_RECOGNISED; on the Statements page the person sees its first lines with a role
// picker per column, the rows as they would be read and the balance check change as they choose, saves from the
// keyboard, and the real worker reads the file with the mapping. At 390 px the screen fits the phone's width.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, type Organization } from '@finance/platform';
import { makeKey, uniqueSlug, type TestKey } from '@finance/platform/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { directionCsv, headerlessCsv } from '@finance/statement-readers/testing';
import { startPipeline, waitForStatement, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, signedIn, startConsole, launchChromium, BROWSER_WAIT_MS, type TestConsole } from './helpers';

const SCREENSHOTS = join(__dirname, 'screenshots');

let pipeline: PipelineHarness;
let consoleApp: TestConsole;
let org: Organization;
let key: TestKey;
let browser: Browser;

beforeAll(async () => {
  ensureWebBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  pipeline = await startPipeline('console-layout');
  consoleApp = await startConsole({ statement: pipeline.svc.baseUrl });
  org = await createOrganization(consoleApp.deps.platformDb, uniqueSlug('console-layout'), 'Esimerkki Oy');
  key = await makeKey(consoleApp.deps.platformDb, org, 'full_access');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await pipeline?.close();
});

const statementApi = () => request(pipeline.svc.baseUrl);

async function stalledUpload(month: 3 | 4, name: string): Promise<string> {
  const account = (
    await statementApi()
      .post('/api/v1/accounts')
      .set(key.headers)
      .send({ name: `Tili ${name}`, category: 'bank', currency: 'EUR' })
      .expect(201)
  ).body.data.id;
  const id = (
    await statementApi().post('/api/v1/statements').set(key.headers).attach('file', directionCsv(month), name).field('account_id', account).expect(201)
  ).body.data.id;
  const stalled = await waitForStatement(pipeline.svc, key, id);
  expect(stalled.error.code).toBe('LAYOUT_NOT_RECOGNISED');
  return id;
}

/** axe's violations on what `p` shows now, each as "rule: targets" (as console-screens runs it). */
async function axeViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: require.resolve('axe-core') });
  return p.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run();
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function signIn(width: number, bypassCSP = false): Promise<Page> {
  const member = await addMember(consoleApp.deps.platformDb, org, 'member', `mapper-${width}`);
  await signedIn(consoleApp, member);
  // axe is injected as an inline script, which the console's Content-Security-Policy refuses: only the page axe
  // checks bypasses it (as in console-screens).
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, bypassCSP })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  await page.goto(`${consoleApp.baseUrl}/#/statements`);
  await page.getByRole('heading', { level: 1, name: 'Statements' }).waitFor();
  return page;
}

test('a person maps the columns, watches the rows and the balance check follow, saves from the keyboard, and the file is read', async () => {
  const id = await stalledUpload(3, 'suunta.csv');
  const page = await signIn(1280);
  const card = page.getByRole('listitem', { name: 'Statement suunta.csv' });
  const form = card.getByRole('form', { name: 'Map the columns of suunta.csv' });
  await form.waitFor();
  await card.getByText('We could not work out which column is which').waitFor();
  // The reader's guesses are the starting point: date, description, amount, an in/out word, balance.
  expect(await form.getByLabel('Column 1 is').inputValue()).toBe('date');
  expect(await form.getByLabel('Column 4 is').inputValue()).toBe('direction');
  expect(await form.getByLabel('Column 5 is').inputValue()).toBe('balance');
  await form.getByRole('table', { name: 'First lines of suunta.csv' }).getByRole('cell', { name: 'OTTO' }).first().waitFor();
  const status = form.getByRole('status', { name: 'Balance check' });
  await status.getByText(/^0 rows read/).waitFor();

  // The words of the direction column: the rows appear and the running balances add up.
  await form.getByLabel('Words for money in').fill('PANO');
  await form.getByLabel('Words for money out').fill('OTTO');
  await status.getByText('5 rows read from the first 6 lines; the running balances add up.').waitFor();
  const rows = form.getByRole('table', { name: 'Rows of suunta.csv as they would be read' });
  await rows.getByRole('row').filter({ hasText: '2026-03-05' }).filter({ hasText: 'K-MARKET KAMPPI Ostos kortilla' }).waitFor();

  // Money in and out the wrong way round: the balance check says so at once; then put right.
  await form.getByLabel('Words for money in').fill('OTTO');
  await form.getByLabel('Words for money out').fill('PANO');
  await status.getByText(/do not add up/).waitFor();
  await form.getByLabel('Column 5 is').selectOption('');
  await status.getByText(/no running balance to check/).waitFor();
  await form.getByLabel('Column 5 is').selectOption('balance');
  await form.getByLabel('Words for money in').fill('PANO');
  await form.getByLabel('Words for money out').fill('OTTO');
  await status.getByText(/add up\.$/).waitFor();
  await page.screenshot({ path: join(SCREENSHOTS, 'layout-mapping.png'), fullPage: true });

  // A mapping the service refuses shows its message, naming the field.
  await form.getByLabel('Dates are').selectOption('YMD');
  await form.getByLabel('Words for money out').press('Enter');
  await card
    .getByRole('alert')
    .filter({ hasText: /date.order/i })
    .waitFor();
  await form.getByLabel('Dates are').selectOption('DMY');

  // Saved from the keyboard: Enter in the last field.
  await form.getByLabel('Words for money out').press('Enter');
  await card.getByText('done').waitFor();
  const done = await waitForStatement(pipeline.svc, key, id);
  expect(done).toMatchObject({ status: 'completed', transaction_count: 5, parsed_data: { integrity: { balance_chain: 'ok' } } });
  expect(done.parsed_data.profile).toEqual(expect.any(String));
});

test('at 390 px the mapping screen fits the phone: the preview scrolls in its own box, not the page', async () => {
  // Another layout (six columns, no header) waits for its mapping.
  const account = (await statementApi().post('/api/v1/accounts').set(key.headers).send({ name: 'Toinen tili', category: 'bank' }).expect(201)).body.data.id;
  const id = (
    await statementApi().post('/api/v1/statements').set(key.headers).attach('file', headerlessCsv(3), 'toukokuu.csv').field('account_id', account).expect(201)
  ).body.data.id;
  expect((await waitForStatement(pipeline.svc, key, id)).error.code).toBe('LAYOUT_NOT_RECOGNISED');
  const page = await signIn(390, true);
  const form = page.getByRole('form', { name: 'Map the columns of toukokuu.csv' });
  await form.waitFor();
  // The reader's guesses already read this one: the rows and the balance check are there before any choice.
  await form.getByRole('status', { name: 'Balance check' }).getByText('5 rows read from the first 5 lines; the running balances add up.').waitFor();
  await form.getByLabel('Column 1 is').focus();
  expect(await page.evaluate('document.activeElement?.tagName')).toBe('SELECT');
  await page.keyboard.press('Tab');
  expect(await page.evaluate("document.activeElement?.getAttribute('id') ?? ''")).toMatch(/^role-.*-1$/);
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(SCREENSHOTS, 'layout-mapping-390.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
