/**
 * The console under test: its real backend on an ephemeral port, against the test database and Redis, in
 * front of real services started in this process. Each file makes its own organizations and members.
 */
import { randomBytes } from 'node:crypto';
import { createMember, type MemberRole, type Organization, type PlatformDb } from '@finance/platform';
import { manualClock, startTestService, type ManualClock, type TestService } from '@finance/platform/testing';
import { chromium, type Browser } from 'playwright-core';
import request from 'supertest';
import { buildConsoleApp } from '../src/app';
import type { ConsoleConfig } from '../src/config';

export const NEW_PASSWORD = 'correct horse battery staple';

/**
 * How long a browser step may wait for what it expects (playwright's default timeout for every page). Only a
 * page that never shows it fails; on a machine loaded to a load average of 20 a page can take tens of seconds.
 */
export const BROWSER_WAIT_MS = 120_000;

/** Debian's Chromium (never a downloaded browser), headless, as every browser test of the console runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export type TestConsole = TestService & { clock: ManualClock };

/**
 * The console on a clock that stands still until the test moves it (`clock.advance`): sign-ins made one after
 * another are "at once" however slowly the machine answers, and TOTP codes are generated for `clock()`.
 */
export async function startConsole(services: Partial<ConsoleConfig['services']>, overrides: Partial<ConsoleConfig> = {}): Promise<TestConsole> {
  const unreachable = 'http://127.0.0.1:9';
  const clock = manualClock();
  const service = await startTestService('console', (deps) =>
    buildConsoleApp(deps, {
      services: { snapshot: unreachable, ledger: unreachable, statement: unreachable, ...services },
      // A Redis prefix of this run's own, so the sign-in budgets of parallel test files never meet.
      login: {
        maxFailuresPerEmail: 5,
        maxFailuresPerIp: 200,
        windowSeconds: 900,
        delayBaseMs: 1_000,
        maxDelaySeconds: 300,
        keyPrefix: `test:console:${randomBytes(5).toString('hex')}`,
      },
      clock,
      ...overrides,
    }),
  );
  return Object.assign(service, { clock });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export async function addMember(db: PlatformDb, org: Organization, role: MemberRole, prefix: string = role) {
  const email = uniqueEmail(prefix);
  const { member, password } = await createMember(db, { orgSlug: org.slug, email, role });
  return { id: member.id, email, password };
}

/** Signs in with a one-time password and sets NEW_PASSWORD, as a new member does; returns the agent and its CSRF token. */
export async function signedIn(console: TestService, who: { email: string; password: string }) {
  const agent = request.agent(console.baseUrl);
  const login = await agent.post('/api/session').send({ email: who.email, password: who.password });
  if (login.status !== 201) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  const csrf: string = login.body.data.csrf_token;
  if (login.body.data.member.must_change_password) {
    const changed = await agent.post('/api/session/password').set('x-csrf-token', csrf).send({ current_password: who.password, new_password: NEW_PASSWORD });
    if (changed.status !== 200) throw new Error(`password change: ${changed.status} ${JSON.stringify(changed.body)}`);
    who.password = NEW_PASSWORD;
  }
  return { agent, csrf };
}
