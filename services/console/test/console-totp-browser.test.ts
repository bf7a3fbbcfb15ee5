// Two-factor sign-in and offboarding in a real browser (issue 23, S2 and S8): Debian's Chromium through
// playwright-core against the console backend and a real snapshot service. An admin of an organization that
// requires TOTP is held at the set-up until they enrol (the code generated here from the secret the page shows, with
// the same library); then signs in with a code, a wrong one refused; then with a recovery code; then removes a
// member on the Members page, whose open session stops at once.
import { createOrganization, setRequireAdminTotp, type Organization, type PlatformDb } from '@finance/platform';
import { startTestService, uniqueSlug, type TestService } from '@finance/platform/testing';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { buildSnapshotApp } from '../../snapshot/src/app';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, signedIn, startConsole, launchChromium, type TestConsole, BROWSER_WAIT_MS } from './helpers';

let db: PlatformDb;
let snapshot: TestService;
let consoleApp: TestConsole;
let org: Organization;
let browser: Browser;
let page: Page;
let admin: { id: string; email: string; password: string };
let totp: TOTP;
let recoveryCodes: string[];

beforeAll(async () => {
  ensureWebBuilt();
  snapshot = await startTestService('snapshot', buildSnapshotApp);
  consoleApp = await startConsole({ snapshot: snapshot.baseUrl });
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('totp-e2e'), 'Two Factor Books');
  await setRequireAdminTotp(db, org.id, true);
  admin = await addMember(db, org, 'admin', 'owner');
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
  await snapshot?.close();
});

async function signInForm(email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin of an organization that requires it must set up two-factor sign-in before anything else', async () => {
  await page.goto(consoleApp.baseUrl);
  await signInForm(admin.email, admin.password);
  await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await page.getByLabel('One-time password').fill(admin.password);
  // A guessable password is refused with zxcvbn's reason.
  await page.getByLabel('New password', { exact: true }).fill('password1234');
  await page.getByLabel('New password again').fill('password1234');
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('alert').filter({ hasText: 'too easy to guess' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill('quiet lantern orbit 1987');
  await page.getByLabel('New password again').fill('quiet lantern orbit 1987');
  await page.getByRole('button', { name: 'Set password' }).click();
  admin.password = 'quiet lantern orbit 1987';

  await page.getByText('Your organization requires two-factor sign-in for admins').waitFor();
  expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = await page.getByLabel('Secret key').inputValue();
  totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: consoleApp.clock() }) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('alert').filter({ hasText: 'not the current code' }).waitFor();
  await page.getByLabel('Authentication code').fill(totp.generate({ timestamp: consoleApp.clock() }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await list.waitFor();
  recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have stored the recovery codes' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
});

test('sign-in asks for the code; a wrong code is refused; the right one (of the next step) signs in', async () => {
  await signInForm(admin.email, admin.password);
  const code = page.getByLabel('Authentication code');
  await code.waitFor();
  await code.fill(totp.generate({ timestamp: consoleApp.clock() }) === '123456' ? '654321' : '123456');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'wrong or already used code' }).waitFor();
  // The enrolment used this step's code; a code is never accepted twice, so the next step's is the one to use.
  await code.fill(totp.generate({ timestamp: consoleApp.clock() + 30_000 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
});

test('a recovery code signs in once', async () => {
  await signInForm(admin.email, admin.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  const stored = await page.request.get(`${consoleApp.baseUrl}/api/session/totp`);
  expect((await stored.json()).data).toMatchObject({ enabled: true, required: true, recovery_codes_left: 9 });
});

test('the admin removes a member on the Members page: their open session stops at once', async () => {
  const who = await addMember(db, org, 'member', 'leaver');
  const theirs = await signedIn(consoleApp, who);
  await theirs.agent.get('/api/session').expect(200);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Members', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: who.email });
  await row.waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Remove' }).click();
  await row.waitFor({ state: 'detached' });
  await theirs.agent.get('/api/session').expect(401);
});
