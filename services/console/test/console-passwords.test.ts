// Passwords (issue 35): the console refuses what its page says it refuses, a password built on the email's parts or
// the organization's name with a year, a number or separators added, through the API and in Debian's Chromium; a
// good password passes. Adding a member shows their one-time password without the "if this address already has an
// account" caveat when the member is new, and says plainly when adding changed nothing.
import { createMember, createOrganization, endSessionsOf, findMemberByEmail, removeMember, type Organization, type PlatformDb } from '@finance/platform';
import { uniqueSlug } from '@finance/platform/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, BROWSER_WAIT_MS, launchChromium, startConsole, uniqueEmail, type TestConsole } from './helpers';

jest.setTimeout(240_000);

const ANA = 'ana.lopez@example.test';
const PRIYA = 'priya@example.test';
const GOOD = 'tangerine velvet cobalt sparrow';

let consoleApp: TestConsole;
let db: PlatformDb;
let org: Organization;
let browser: Browser;
const people: Record<string, { id: string; password: string }> = {};

/** The issue's own addresses; emails are unique across organizations, so an earlier run's members go first. */
async function freshMember(email: string, role: 'admin' | 'member') {
  const earlier = await findMemberByEmail(db, email);
  if (earlier) {
    await endSessionsOf(db, earlier.id);
    await removeMember(db, earlier.id);
  }
  const { member, password } = await createMember(db, { orgSlug: org.slug, email, role });
  people[email] = { id: member.id, password };
}

beforeAll(async () => {
  ensureWebBuilt();
  consoleApp = await startConsole({});
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('acme-widgets'), 'Acme Widgets');
  await freshMember(ANA, 'admin');
  await freshMember(PRIYA, 'member');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await consoleApp?.close();
});

async function choose(email: string, newPassword: string) {
  const agent = request.agent(consoleApp.baseUrl);
  const login = await agent.post('/api/session').send({ email, password: people[email]!.password }).expect(201);
  return agent
    .post('/api/session/password')
    .set('x-csrf-token', login.body.data.csrf_token)
    .send({ current_password: people[email]!.password, new_password: newPassword });
}

test.each([
  [ANA, 'ana.lopez2026'],
  [ANA, 'Ana-Lopez-1990'],
  [ANA, 'Acme-Widgets-2026'],
  [PRIYA, 'priya2026finance'],
  [PRIYA, 'Acme-Widgets-2026'],
])('API: %s may not choose %s (400 naming new_password; still a one-time password)', async (email, weak) => {
  const res = await choose(email, weak);
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.details).toEqual([
    { path: 'new_password', message: expect.stringMatching(/^too easy to guess: it is built on your email or your organization's name/) },
  ]);
  expect((await findMemberByEmail(db, email))!.mustChangePassword).toBe(true);
});

test('API: a good password is accepted', async () => {
  const res = await choose(PRIYA, GOOD);
  expect(res.status).toBe(200);
  expect((await findMemberByEmail(db, PRIYA))!.mustChangePassword).toBe(false);
});

async function signInPage(email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test('page: the refusals in words, then a good password; adding a new member shows no "already has an account" caveat', async () => {
  const page = await signInPage(ANA, people[ANA]!.password);
  await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
  expect(await page.getByText("built on your email, your name or your organization's name").count()).toBe(1);
  for (const weak of ['ana.lopez2026', 'Ana-Lopez-1990', 'Acme-Widgets-2026']) {
    await page.getByLabel('One-time password').fill(people[ANA]!.password);
    await page.getByLabel('New password', { exact: true }).fill(weak);
    await page.getByLabel('New password again').fill(weak);
    await page.getByRole('button', { name: 'Set password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The new password is refused: too easy to guess: it is built on your email' });
    await alert.waitFor();
    // In words: no field path.
    expect(await alert.textContent()).not.toContain('new_password');
    expect((await findMemberByEmail(db, ANA))!.mustChangePassword).toBe(true);
  }
  await page.getByLabel('One-time password').fill(people[ANA]!.password);
  await page.getByLabel('New password', { exact: true }).fill(GOOD);
  await page.getByLabel('New password again').fill(GOOD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboards' }).waitFor();
  expect((await findMemberByEmail(db, ANA))!.mustChangePassword).toBe(false);

  // A new member: their one-time password, and no caveat about an existing account.
  await page.goto(`${consoleApp.baseUrl}/#/members`);
  await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  const newcomer = uniqueEmail('newcomer');
  await page.getByLabel('Email').fill(newcomer);
  await page.getByRole('button', { name: 'Add member' }).click();
  const shown = page.getByRole('status').filter({ hasText: `One-time password for ${newcomer}` });
  await shown.waitFor();
  expect(await shown.textContent()).not.toMatch(/already has an account/i);
  expect(await page.getByText(/already has an account/i).count()).toBe(0);
  expect((await findMemberByEmail(db, newcomer))?.org.id).toBe(org.id);

  // Priya is a member here already: nothing changed, said so, and no password that would not work.
  await page.getByLabel('Email').fill(PRIYA);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `${PRIYA} is already a member here: nothing was changed.` })
    .waitFor();
  expect(await page.getByLabel('One-time password').count()).toBe(0);

  // An address of another organization: nothing changed, said so.
  const other = await createOrganization(db, uniqueSlug('other'), 'Other Ltd');
  const elsewhere = await addMember(db, other, 'member', 'elsewhere');
  await page.getByLabel('Email').fill(elsewhere.email);
  await page.getByRole('button', { name: 'Add member' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `${elsewhere.email} could not be added` })
    .waitFor();
  expect(await page.getByLabel('One-time password').count()).toBe(0);
  expect((await findMemberByEmail(db, elsewhere.email))!.org.id).toBe(other.id);
});
