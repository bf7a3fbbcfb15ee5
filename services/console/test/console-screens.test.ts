// The console's screens (issue 23) in Debian's Chromium through playwright-core, against the console backend and
// the real snapshot, ledger and statement services (with a real statement worker): the layout from 360 px up,
// axe-core on every page at 1366 and 390 px, and the dashboards, statements, transactions, rules and ledger
// pages' own findings. Each step checks what the services stored, not only what the page says.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createOrganization, setRequireAdminTotp, type Organization, type PlatformDb } from '@finance/platform';
import { makeKey, startTestService, uniqueSlug, type TestKey, type TestService } from '@finance/platform/testing';
import { hdfcCsv } from '@finance/statement-readers/testing';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { buildLedgerApp } from '../../ledger/src/app';
import { buildSnapshotApp } from '../../snapshot/src/app';
import { startPipeline, type PipelineHarness } from '../../statement/test/pipeline-helpers';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, signedIn, startConsole, launchChromium, type TestConsole, BROWSER_WAIT_MS } from './helpers';

const SCREENSHOTS = join(__dirname, 'screenshots');
const PAGES = [
  { id: 'dashboards', title: 'Dashboards' },
  { id: 'statements', title: 'Statements' },
  { id: 'transactions', title: 'Transactions' },
  { id: 'rules', title: 'Rules' },
  { id: 'ledger', title: 'Ledger' },
  { id: 'reconciliation', title: 'Reconciliation' },
  { id: 'keys', title: 'API keys' },
  { id: 'members', title: 'Members' },
  { id: 'periods', title: 'Periods' },
];
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 780 };

let db: PlatformDb;
let snapshot: TestService;
let ledger: TestService;
let pipeline: PipelineHarness;
let consoleApp: TestConsole;
let org: Organization;
/** An organization that requires two-factor sign-in of its admins, for a new admin's first screens. */
let totpOrg: Organization;
let key: TestKey;
let browser: Browser;
let page: Page;
let person: { email: string; password: string };
let ids: { dashA: string; dashB: string; widget: string; bank: string; capital: string; account: string; mismatch: string };

const svcApi = (base: string) => ({
  get: (path: string) => request(base).get(`/api/v1${path}`).set(key.headers),
  post: (path: string, body?: object) => request(base).post(`/api/v1${path}`).set(key.headers).send(body),
  patch: (path: string, body: object) => request(base).patch(`/api/v1${path}`).set(key.headers).send(body),
});
const snap = () => svcApi(snapshot.baseUrl);
const led = () => svcApi(ledger.baseUrl);
const stm = () => svcApi(pipeline.svc.baseUrl);

/** Polls until the statement has the status; jest's timeout bounds one that never gets there. */
async function waitForStatement(id: string, status: string) {
  for (;;) {
    const res = await stm().get(`/statements/${id}`).expect(200);
    if (res.body.data.status === status) return res.body.data;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function upload(name: string, csv: Buffer, accountId: string): Promise<string> {
  const res = await request(pipeline.svc.baseUrl).post('/api/v1/statements').set(key.headers).field('account_id', accountId).attach('file', csv, name);
  if (res.status !== 201) throw new Error(`upload ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

beforeAll(async () => {
  ensureWebBuilt();
  mkdirSync(SCREENSHOTS, { recursive: true });
  [snapshot, pipeline] = await Promise.all([startTestService('snapshot', buildSnapshotApp), startPipeline('console-screens')]);
  ledger = await startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: pipeline.svc.baseUrl }));
  consoleApp = await startConsole({ snapshot: snapshot.baseUrl, ledger: ledger.baseUrl, statement: pipeline.svc.baseUrl });
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('console-screens'), 'Screens Ltd');
  key = await makeKey(db, org, 'full_access');
  person = await addMember(db, org, 'admin', 'screens');
  totpOrg = await createOrganization(db, uniqueSlug('console-screens-totp'), 'Two Factor Ltd');
  await setRequireAdminTotp(db, totpOrg.id, true);
  await signedIn(consoleApp, person);

  // Two dashboards, a widget with a value on the first.
  const dashA = (await snap().post('/dashboards', { name: 'Sales' }).expect(201)).body.data.id;
  const dashB = (await snap().post('/dashboards', { name: 'Cash' }).expect(201)).body.data.id;
  const widget = (await snap().post('/widgets', { name: 'Orders', dashboard_id: dashA }).expect(201)).body.data.id;
  await snap()
    .post(`/widgets/${widget}/snapshots`, { data: { value: 42 } })
    .expect(201);
  await snap().post('/widgets', { name: 'Spare', dashboard_id: dashA }).expect(201);

  // The ledger: the standard groups, a bank and a capital account, one posted transaction.
  await led().post('/accounts/seed').expect(201);
  const groups = (await led().get('/accounts?limit=500').expect(200)).body.data as { id: string; source_ref: string | null }[];
  const group = (ref: string) => groups.find((g) => g.source_ref === ref)!.id;
  const bank = (
    await led()
      .post('/accounts', { name: 'Main bank', type: 'asset', parent: group('CASH') })
      .expect(201)
  ).body.data.id;
  const capital = (
    await led()
      .post('/accounts', { name: 'Founder capital', type: 'equity', parent: group('EQUITY') })
      .expect(201)
  ).body.data.id;
  await led()
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

  // Statements: one that completes, one whose balances break the chain (stalled BALANCE_MISMATCH).
  const account = (await stm().post('/accounts', { name: 'Current account', category: 'bank', acc_no: '50100011122233' }).expect(201)).body.data.id;
  const good = await upload(
    'good-april.csv',
    hdfcCsv([
      { date: '01/04/24', particulars: 'UPI/1/BIGBASKET/groceries', withdrawal: '450.00', deposit: '', balance: '9,550.00' },
      { date: '02/04/24', particulars: 'NEFT/2/ACME/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,550.00' },
      { date: '03/04/24', particulars: 'UPI/3/SWIGGY/food', withdrawal: '300.00', deposit: '', balance: '59,250.00' },
    ]),
    account,
  );
  await waitForStatement(good, 'completed');
  const mismatch = await upload(
    'broken-may.csv',
    hdfcCsv([
      { date: '01/05/24', particulars: 'UPI/4/ZOMATO/food', withdrawal: '250.00', deposit: '', balance: '59,000.00' },
      { date: '02/05/24', particulars: 'UPI/5/UBER/ride', withdrawal: '100.00', deposit: '', balance: '58,800.00' },
      { date: '03/05/24', particulars: 'UPI/6/BOOKS', withdrawal: '200.00', deposit: '', balance: '58,600.00' },
    ]),
    account,
  );
  await waitForStatement(mismatch, 'stalled');
  // An open reconciliation of the bank account against the statements' account, with an entry the bank lacks.
  await led()
    .post('/transactions', {
      date: '2024-04-02',
      narration: 'Cheque 000123 to a supplier with a long name that wraps',
      currency: 'INR',
      entries: [
        { account: capital, debit: 80_000 },
        { account: bank, credit: 80_000 },
      ],
    })
    .expect(201);
  await led().post('/reconciliations', { ledger_account: bank, statement_account: account, date_from: '2024-04-01', date_to: '2024-04-30' }).expect(201);
  // A category the organization uses, for the suggestions.
  const rows = (await stm().get('/transactions?particulars=BIGBASKET').expect(200)).body.data;
  await request(pipeline.svc.baseUrl).patch(`/api/v1/transactions/${rows[0].id}`).set(key.headers).send({ category: 'Groceries' }).expect(200);
  ids = { dashA, dashB, widget, bank, capital, account, mismatch };

  browser = await launchChromium();
  page = await signInPage({ viewport: WIDE });
}, 180_000);

async function signInPage(options: { viewport: { width: number; height: number }; bypassCSP?: boolean }): Promise<Page> {
  const p = await (await browser.newContext(options)).newPage();
  p.setDefaultTimeout(BROWSER_WAIT_MS);
  await p.goto(consoleApp.baseUrl);
  await p.getByLabel('Email').fill(person.email);
  await p.getByLabel('Password').fill(person.password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  return p;
}

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await pipeline?.close();
  await ledger?.close();
  await snapshot?.close();
});

/**
 * Opens a page by its address and waits until it has loaded what it shows. A full load each time: going from one
 * `#/page` to another changes only the hash, after which `networkidle` is long past and waits for nothing.
 */
async function open(id: string, title: string) {
  await page.goto('about:blank');
  await page.goto(`${consoleApp.baseUrl}/#/${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByText('Loading…').first().waitFor({ state: 'detached' });
}

/** The open reconciliation, with its side-by-side tables. */
async function openReconciliation() {
  await page.getByRole('button', { name: /\(open\)$/ }).click();
  await page
    .getByRole('table', { name: /^Unmatched ledger entries/ })
    .getByRole('cell', { name: 'Cheque 000123 to a supplier with a long name that wraps', exact: true })
    .waitFor();
  await page.waitForLoadState('networkidle');
}

/** The page's width against the window's, and (to say what is wrong) the elements that reach past the window. */
// A string: it runs in the page, and this file is typechecked without the DOM library.
const overflow = () =>
  page.evaluate<{ scroll: number; inner: number; wide: string[] }>(`(() => {
    const inner = window.innerWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > inner + 0.5)
      // Inside a box that scrolls on its own (a wide table): that is the point, not a fault.
      .filter((el) => {
        for (let up = el.parentElement; up; up = up.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return false;
        return true;
      })
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className);
    return { scroll: document.documentElement.scrollWidth, inner, wide };
  })()`);

describe('layout from 360 px up', () => {
  for (const size of [SMALL_PHONE, PHONE]) {
    test(`at ${size.width} px no page scrolls sideways, Sign out is on screen and the Pages menu opens and closes`, async () => {
      await page.setViewportSize(size);
      for (const p of PAGES) {
        await open(p.id, p.title);
        if (p.id === 'ledger') {
          // The widest parts of the ledger: the trial balance, the chart of accounts and the journal.
          for (const tab of ['Trial balance', 'Chart of accounts', 'Journal']) {
            await page.getByRole('tab', { name: tab }).click();
            await page.waitForLoadState('networkidle');
            const o = await overflow();
            expect(o.scroll <= o.inner ? 'fits' : JSON.stringify({ page: `${p.id}/${tab}`, ...o })).toBe('fits');
          }
        }
        if (p.id === 'reconciliation') await openReconciliation();
        const o = await overflow();
        expect(o.scroll <= o.inner ? 'fits' : JSON.stringify({ page: p.id, ...o })).toBe('fits');
        const signOut = page.getByRole('button', { name: 'Sign out' });
        expect(await signOut.isVisible()).toBe(true);
        const box = (await signOut.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        await signOut.click({ trial: true }); // clickable: nothing covers it
        await page.screenshot({ path: join(SCREENSHOTS, `screens-${size.width}-${p.id}.png`), fullPage: true });
      }

      // The navigation is behind the Menu button: closed, opened by a click, closed by Escape (focus back on the button).
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Pages' });
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.getByRole('link', { name: 'Statements' }).isVisible()).toBe(false);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Statements' }).waitFor();
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Menu');
      expect(await nav.getByRole('link', { name: 'Statements' }).isVisible()).toBe(false);
      // From the keyboard: Enter opens it, Tab reaches the links, Enter follows one and the menu closes.
      await menu.focus();
      await page.keyboard.press('Enter');
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Rules' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Rules' }).waitFor();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      // Sign out works from here (then sign in again for the next tests).
    });
  }

  test('at 1366 px no page scrolls sideways (issue 35: Transactions and an open reconciliation did)', async () => {
    await page.setViewportSize(WIDE);
    for (const p of PAGES) {
      await open(p.id, p.title);
      if (p.id === 'ledger') {
        for (const tab of ['Trial balance', 'Chart of accounts', 'Journal']) {
          await page.getByRole('tab', { name: tab }).click();
          await page.waitForLoadState('networkidle');
          const o = await overflow();
          expect(o.scroll <= o.inner ? 'fits' : JSON.stringify({ page: `${p.id}/${tab}`, ...o })).toBe('fits');
        }
      }
      if (p.id === 'reconciliation') await openReconciliation();
      // The page's own check runs on the next frame after the data came in.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      const o = await overflow();
      expect(o.scroll <= o.inner ? 'fits' : JSON.stringify({ page: p.id, ...o })).toBe('fits');
    }
  });

  test('at 390 px the wide tables are cards: each cell names its column, and the table does not scroll', async () => {
    await page.setViewportSize(PHONE);
    await open('transactions', 'Transactions');
    const table = page.getByRole('table').first();
    const row = table.getByRole('row').filter({ hasText: 'BIGBASKET' });
    await row.waitFor();
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    const shape = await table.evaluate((t: { scrollWidth: number; clientWidth: number; querySelector(s: string): unknown }) => ({
      fits: t.scrollWidth <= t.clientWidth + 1,
    }));
    expect(shape).toEqual({ fits: true });
    const labels = await row.evaluate((tr: { children: ArrayLike<{ getAttribute(n: string): string | null }> }) =>
      Array.from(tr.children).map((td) => td.getAttribute('data-label')),
    );
    expect(labels).toEqual(['Date', 'Account', 'Particulars', 'Inflow', 'Outflow', 'Type', 'Category', 'Entity']);
    // One card per row: the row is a block, its cells stacked (the second cell below the first).
    const boxes = await Promise.all([row.getByRole('cell').nth(0).boundingBox(), row.getByRole('cell').nth(2).boundingBox()]);
    expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y);
    await page.screenshot({ path: join(SCREENSHOTS, 'screens-390-transactions-cards.png'), fullPage: true });
  });

  test('at 1366 px the navigation is a sidebar, with no Menu button', async () => {
    await page.setViewportSize(WIDE);
    await open('dashboards', 'Dashboards');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Ledger' }).isVisible()).toBe(true);
    const o = await overflow();
    expect(o.scroll).toBeLessThanOrEqual(o.inner);
  });
});

describe('accessibility (axe-core)', () => {
  const results: string[] = [];
  let main: Page;
  beforeAll(async () => {
    // axe is injected as an inline script, which the console's Content-Security-Policy (rightly) refuses: these
    // pages alone are opened in a context that bypasses it. The other tests run under the real policy.
    main = page;
    page = await signInPage({ viewport: WIDE, bypassCSP: true });
  });
  afterAll(async () => {
    await page.context().close();
    page = main;
    // The README's table is copied from this.
    console.log(`axe-core results:\n${results.join('\n')}`);
  });
  /** axe's violations on what `p` shows now, each as "rule: targets". */
  async function axeViolations(p: Page): Promise<string[]> {
    await p.addScriptTag({ path: require.resolve('axe-core') });
    return p.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
      const r = await axe.run();
      return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
  }
  for (const size of [WIDE, PHONE]) {
    test(`every page at ${size.width} px has no axe violations`, async () => {
      await page.setViewportSize(size);
      const failures: string[] = [];
      const record = (name: string, violations: string[]) => {
        results.push(`${size.width} ${name}: ${violations.length} violations${violations.length ? ` (${violations.join('; ')})` : ''}`);
        if (violations.length) failures.push(`${name}: ${violations.join('; ')}`);
      };
      // Signed out: the sign-in form.
      const signedOut = await (await browser.newContext({ viewport: size, bypassCSP: true })).newPage();
      await signedOut.goto(consoleApp.baseUrl);
      await signedOut.getByRole('button', { name: 'Sign in' }).waitFor();
      record('sign-in', await axeViolations(signedOut));
      // A new admin's first screens, in an organization that requires two-factor sign-in of its admins: choosing a
      // password, setting up two-factor sign-in, and the recovery codes.
      const newcomer = await addMember(db, totpOrg, 'admin', `axe-${size.width}`);
      await signedOut.getByLabel('Email').fill(newcomer.email);
      await signedOut.getByLabel('Password', { exact: true }).fill(newcomer.password);
      await signedOut.getByRole('button', { name: 'Sign in' }).click();
      await signedOut.getByRole('heading', { name: 'Choose your password' }).waitFor();
      record('choose-password', await axeViolations(signedOut));
      await signedOut.getByLabel('One-time password').fill(newcomer.password);
      await signedOut.getByLabel('New password', { exact: true }).fill('quiet lantern orbit 1987');
      await signedOut.getByLabel('New password again').fill('quiet lantern orbit 1987');
      await signedOut.getByRole('button', { name: 'Set password' }).click();
      await signedOut.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const secret = await signedOut.getByLabel('Secret key').inputValue();
      record('two-factor-set-up', await axeViolations(signedOut));
      await signedOut.getByLabel('Authentication code').fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: consoleApp.clock() }));
      await signedOut.getByRole('button', { name: 'Turn on' }).click();
      await signedOut.getByRole('list', { name: 'Recovery codes' }).waitFor();
      record('recovery-codes', await axeViolations(signedOut));
      await signedOut.context().close();
      for (const p of PAGES) {
        await open(p.id, p.title);
        if (p.id === 'reconciliation') await openReconciliation();
        const views = p.id === 'ledger' ? ['Balance sheet', 'Income statement', 'Trial balance', 'Chart of accounts', 'Journal'] : [''];
        for (const view of views) {
          if (view) {
            await page.getByRole('tab', { name: view }).click();
            await page.waitForLoadState('networkidle');
          }
          record(`${p.id}${view ? `/${view}` : ''}`, await axeViolations(page));
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('pages', () => {
  beforeAll(async () => {
    await page.setViewportSize(WIDE);
  });

  test('dashboards: switching shows one header whose Edit works; widgets and dashboards are deleted after a confirmation', async () => {
    await open('dashboards', 'Dashboards');
    const list = page.getByRole('region', { name: 'Dashboards list' });
    for (const name of ['Cash', 'Sales', 'All widgets', 'Cash', 'Sales']) {
      await list.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      const expected = name === 'All widgets' ? 0 : 1;
      // Once the page shows the dashboard chosen (its header, or no header for all widgets), it shows one header.
      if (expected) await page.getByRole('heading', { level: 2, name }).waitFor();
      else await page.getByRole('button', { name: 'Edit dashboard' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(expected);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBe(expected);
      if (expected) expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(name);
    }
    // The one Edit button edits the dashboard shown.
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    expect(await page.getByLabel('Dashboard name').inputValue()).toBe('Sales');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Move a widget: the order is stored (the snapshot API says so) and a reload shows it.
    const shown = async () => await page.getByRole('article', { name: /^Widget / }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    const stored = async () =>
      (await snap().get(`/widgets?dashboard_id=${ids.dashA}&sort_by=position&sort_order=ASC`).expect(200)).body.data.map(
        (w: { name: string; position: number }) => `${w.name}@${w.position}`,
      );
    expect(await shown()).toEqual(['Widget Orders', 'Widget Spare']);
    expect(await page.getByRole('button', { name: 'Move Orders up' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move Spare down' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Move Spare up' }).click();
    while ((await shown())[0] !== 'Widget Spare') await page.waitForTimeout(100);
    expect(await shown()).toEqual(['Widget Spare', 'Widget Orders']);
    expect(await stored()).toEqual(['Spare@1', 'Orders@2']);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Sales' }).waitFor();
    await page.getByRole('article', { name: 'Widget Orders' }).waitFor();
    expect(await shown()).toEqual(['Widget Spare', 'Widget Orders']);
    expect(await page.getByRole('button', { name: 'Move Spare up' }).isDisabled()).toBe(true);
    // All widgets has no order of its own, so no move buttons.
    await list.getByRole('button', { name: 'All widgets' }).click();
    await page.getByText('Every widget of the organization').waitFor();
    await page.getByRole('article', { name: 'Widget Orders' }).waitFor();
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    await list.getByRole('button', { name: /^Sales/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Sales' }).waitFor();

    // Delete a widget: asked first; Cancel keeps it.
    const spare = page.getByRole('article', { name: 'Widget Spare' });
    await spare.getByRole('button', { name: 'Delete Spare' }).click();
    await spare.getByRole('button', { name: 'Cancel' }).click();
    expect((await snap().get(`/widgets?dashboard_id=${ids.dashA}`).expect(200)).body.data).toHaveLength(2);
    await spare.getByRole('button', { name: 'Delete Spare' }).click();
    await spare.getByRole('button', { name: 'Yes, delete the widget' }).click();
    await spare.waitFor({ state: 'detached' });
    expect((await snap().get(`/widgets?dashboard_id=${ids.dashA}`).expect(200)).body.data.map((w: { name: string }) => w.name)).toEqual(['Orders']);

    // Delete the dashboard Cash, with confirmation.
    await list.getByRole('button', { name: /^Cash/ }).click();
    await page.getByRole('button', { name: 'Delete dashboard' }).click();
    await page.getByText('Delete the dashboard "Cash"?').waitFor();
    await page.getByRole('button', { name: 'Yes, delete the dashboard' }).click();
    await list.getByRole('button', { name: /^Cash/ }).waitFor({ state: 'detached' });
    await snap().get(`/dashboards/${ids.dashB}`).expect(404);
    await snap().get(`/dashboards/${ids.dashA}`).expect(200);
  });

  test('statements: stalled first, the rows that break the balance chain before Accept, plain words, filters', async () => {
    await open('statements', 'Statements');
    const items = page.getByRole('list', { name: /Statements, those that need you first/ }).getByRole('listitem');
    await items.first().waitFor();
    expect(await items.first().getAttribute('aria-label')).toBe('Statement broken-may.csv');
    const broken = page.getByRole('listitem', { name: 'Statement broken-may.csv' });
    await broken.getByText(/do not add up to the bank's own running balances/).waitFor();
    const breaks = broken.getByRole('table', { name: 'Rows that break the balance chain in broken-may.csv' });
    await breaks.waitFor();
    const stored = await stm().get(`/statements/${ids.mismatch}`).expect(200);
    const expected = stored.body.data.parsed_data.integrity.breaks as { row: number }[];
    expect(expected.length).toBeGreaterThan(0);
    expect(await breaks.locator('tbody tr').count()).toBe(expected.length);
    expect(await breaks.locator('tbody tr').first().textContent()).toContain(String(expected[0]!.row));
    // The Accept button comes after the rows.
    const order = await broken.evaluate((el) => {
      const table = el.querySelector('table');
      const accept = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Accept rows');
      return table && accept ? table.compareDocumentPosition(accept) & 4 /* DOCUMENT_POSITION_FOLLOWING */ : 0;
    });
    expect(order).toBeTruthy();
    await page.screenshot({ path: join(SCREENSHOTS, 'screens-statements-mismatch.png'), fullPage: true });

    // Filters: status completed leaves the stalled one out; account; dates.
    await page.getByLabel('Status').selectOption('completed');
    await broken.waitFor({ state: 'detached' });
    await page.getByRole('listitem', { name: 'Statement good-april.csv' }).waitFor();
    await page.getByLabel('Status').selectOption('');
    await broken.waitFor();
    await page.getByLabel('Uploaded to', { exact: true }).fill('2000-01-01');
    await page.getByText('No statements match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await broken.waitFor();

    await broken.getByRole('button', { name: 'Accept rows' }).click();
    await waitForStatement(ids.mismatch, 'completed');
  });

  test('transactions: an inline edit says it saved and marks the row set by hand, Escape cancels, categories are suggested from the organization', async () => {
    await open('transactions', 'Transactions');
    // The suggestions load on their own, after the rows (open's networkidle is long past: the page changed by its hash).
    await page.locator('datalist#category-options option[value="Groceries"]').waitFor({ state: 'attached' });
    const field = page.getByLabel('category of UPI/3/SWIGGY/food on 2024-04-03');
    expect(await field.getAttribute('list')).toBe('category-options');
    const row = page.getByRole('row').filter({ has: field });
    await field.fill('Dining');
    await field.press('Enter');
    await row.getByRole('status').filter({ hasText: 'Saved' }).first().waitFor();
    const swiggy = async () => (await stm().get('/transactions?particulars=SWIGGY').expect(200)).body.data[0];
    expect((await swiggy()).category).toBe('Dining');
    // Set by hand (issue 30): marked at once, and rules leave the row alone.
    await row.getByText('by hand', { exact: true }).waitFor();
    expect((await swiggy()).category_source).toBe('manual');
    // Escape puts back the stored value; leaving the field then saves nothing.
    await field.fill('Something else');
    await field.press('Escape');
    expect(await field.inputValue()).toBe('Dining');
    await page.getByRole('heading', { level: 1 }).click();
    await page.waitForLoadState('networkidle');
    expect((await swiggy()).category).toBe('Dining');
  });

  test('rules: edited, disabled and enabled, reordered; Run asks first with the number of rows it would change and the hand-set rows it leaves alone', async () => {
    const first = (
      await stm()
        .post('/rules', {
          name: 'Food',
          priority: 5,
          conditions: [{ field: 'particulars', operator: 'contains', value: 'zomato' }],
          actions: [{ field: 'category', value: 'Food' }],
        })
        .expect(201)
    ).body.data.id;
    const second = (
      await stm()
        .post('/rules', {
          name: 'Rides',
          priority: 7,
          conditions: [{ field: 'particulars', operator: 'contains', value: 'uber' }],
          actions: [{ field: 'category', value: 'Travel' }],
        })
        .expect(201)
    ).body.data.id;
    const rule = async (id: string) => (await stm().get(`/rules/${id}`).expect(200)).body.data;
    await open('rules', 'Rules');
    const items = page.getByRole('list', { name: 'Rules in the order they apply' }).getByRole('listitem');
    await items.nth(1).waitFor();
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(['Rule Food', 'Rule Rides']);

    // Reorder: Rides up.
    await page.getByRole('button', { name: 'Move Rides up' }).click();
    await page.locator('ol.rules > li:first-child[aria-label="Rule Rides"]').waitFor();
    expect((await rule(second)).priority).toBeLessThan((await rule(first)).priority);

    // Disable and enable.
    const food = page.getByRole('listitem', { name: 'Rule Food' });
    await food.getByRole('button', { name: 'Disable' }).click();
    await food.getByText('disabled', { exact: true }).waitFor();
    expect((await rule(first)).enabled).toBe(false);
    await food.getByRole('button', { name: 'Enable' }).click();
    await food.getByText('enabled', { exact: true }).waitFor();
    expect((await rule(first)).enabled).toBe(true);

    // Edit: the category it sets, suggested from the organization's categories.
    await food.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit rule Food' });
    expect(await form.getByLabel('Category').getAttribute('list')).toBe('rule-category-options');
    await form.getByLabel('Category').fill('Eating out');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await food.getByText('set category to Eating out').waitFor();
    expect((await rule(first)).actions).toEqual([{ field: 'category', value: 'Eating out' }]);

    // Run asks, with the count from the preview; Cancel changes nothing; Yes changes the row.
    const zomato = async () => (await stm().get('/transactions?particulars=ZOMATO').expect(200)).body.data[0];
    expect((await zomato()).category).not.toBe('Eating out');
    await food.getByRole('button', { name: 'Run' }).click();
    await food.getByText('Running "Food" changes 1 row').waitFor();
    await food.getByRole('button', { name: 'Cancel' }).click();
    expect((await zomato()).category).not.toBe('Eating out');
    await food.getByRole('button', { name: 'Run' }).click();
    await food.getByRole('button', { name: 'Yes, change 1 row' }).click();
    await food.getByText('Matched 1 rows, changed 1.').waitFor();
    expect((await zomato()).category).toBe('Eating out');

    // A row set by hand is left alone: Run says so and offers to change it too (issue 30).
    await stm()
      .patch(`/transactions/${(await zomato()).id}`, { category: 'Team dinner' })
      .expect(200);
    await food.getByRole('button', { name: 'Run' }).click();
    await food.getByText('1 row set by hand is left alone.').waitFor();
    await food.getByRole('table', { name: 'Preview of Food' }).getByText('by hand', { exact: true }).waitFor();
    await food.getByRole('button', { name: 'Yes, change 0 rows' }).click();
    await food.getByText('Matched 1 rows, changed 0. 1 row set by hand left alone.').waitFor();
    expect((await zomato()).category).toBe('Team dinner');
    await food.getByRole('button', { name: 'Run' }).click();
    await food.getByLabel('Change the hand-set rows too').check();
    await food.getByRole('button', { name: 'Yes, change 1 row' }).click();
    await food.getByText('Matched 1 rows, changed 1.').waitFor();
    expect(await zomato()).toMatchObject({ category: 'Eating out', category_source: 'rule', category_rule_id: first });
  });

  test("ledger: an account's entries; a journal entry checked for balance, posted, and reversed", async () => {
    await open('ledger', 'Ledger');
    await page.getByRole('tab', { name: 'Chart of accounts' }).click();
    await page.getByRole('button', { name: 'Entries of Main bank' }).click();
    const entries = page.getByRole('table', { name: 'Entries of Main bank' });
    await entries.getByRole('cell', { name: 'Capital introduced' }).waitFor();
    expect(await entries.textContent()).toContain('1,00,000.00');

    await page.getByRole('tab', { name: 'Journal' }).click();
    await page.getByLabel('Narration').fill('Extra capital');
    await page.getByLabel('Line 1 account').selectOption({ label: 'Main bank (asset)' });
    await page.getByLabel('Line 1 amount').fill('2,500.50');
    await page.getByLabel('Line 2 account').selectOption({ label: 'Founder capital (equity)' });
    await page.getByLabel('Line 2 side').selectOption('credit');
    await page.getByLabel('Line 2 amount').fill('2500');
    await page.getByText(/Not balanced yet: debits \(2,500.50\) and credits \(2,500.00\) differ by 0.50/).waitFor();
    expect(await page.getByRole('button', { name: 'Post entry' }).isDisabled()).toBe(true);
    // A third line makes it balance.
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Line 3 account').selectOption({ label: 'Founder capital (equity)' });
    await page.getByLabel('Line 3 side').selectOption('credit');
    await page.getByLabel('Line 3 amount').fill('0.50');
    await page.getByText('Balanced: 2,500.50 INR on each side.').waitFor();
    await page.getByRole('button', { name: 'Post entry' }).click();
    await page.getByText(/Posted Extra capital/).waitFor();
    const posted = (await led().get('/transactions?q=Extra%20capital&include_entries=true').expect(200)).body.data;
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ status: 'posted', currency: 'INR', total_debit: 250_050, total_credit: 250_050 });
    expect(posted[0].entries).toHaveLength(3);

    // The ledger's own refusal is shown as it words it: a currency it does not know.
    await page.getByLabel('Currency').fill('IN');
    await page.getByLabel('Line 1 account').selectOption({ label: 'Main bank (asset)' });
    await page.getByLabel('Line 1 amount').fill('1');
    await page.getByLabel('Line 2 account').selectOption({ label: 'Founder capital (equity)' });
    await page.getByLabel('Line 2 side').selectOption('credit');
    await page.getByLabel('Line 2 amount').fill('1');
    await page.getByRole('button', { name: 'Post entry' }).click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/currency/i);

    // Reverse it, after a confirmation.
    const recent = page.getByRole('table', { name: 'Recent transactions' });
    await recent.getByRole('button', { name: 'Reverse Extra capital' }).click();
    await recent.getByRole('button', { name: 'Yes, reverse it' }).click();
    await recent.getByRole('row').filter({ hasText: 'Extra capital' }).filter({ hasText: 'reversed' }).first().waitFor();
    const after = (await led().get(`/transactions/${posted[0].id}`).expect(200)).body.data;
    // The original stays posted beside its reversal, dated as the original by default: the two cancel out.
    expect(after).toMatchObject({ status: 'posted', reversed_by: expect.any(String) });
    const reversal = (await led().get(`/transactions/${after.reversed_by}`).expect(200)).body.data;
    expect(reversal).toMatchObject({ status: 'posted', reversal_of: posted[0].id, date: posted[0].date });
    await recent.getByRole('row').filter({ hasText: 'Reversal of Extra capital' }).filter({ hasText: '(a reversal)' }).waitFor();
  });
});
