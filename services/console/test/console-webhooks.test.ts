// Issue 36 in a real browser (Debian's Chromium through playwright-core): an admin adds a webhook endpoint on the
// Webhooks page (its secret shown once), sends it a test event that the real delivery worker brings to a receiver
// on loopback, sees the delivery with its attempt, retries it, and rotates the secret.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createOrganization, loadWebhookConfig, WebhookWorker, type Organization } from '@finance/platform';
import { startTestService, uniqueSlug, type TestService } from '@finance/platform/testing';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { buildLedgerApp } from '../../ledger/src/app';
import { ensureWebBuilt } from '../src/build-web';
import { addMember, signedIn, startConsole, launchChromium, BROWSER_WAIT_MS } from './helpers';

const LOOPBACK = { httpsOnly: false, allowLoopback: true, allowedHosts: new Set<string>() };
const queueName = `console-webhooks-${randomBytes(4).toString('hex')}`;

let ledger: TestService;
let consoleApp: TestService;
let worker: WebhookWorker;
let org: Organization;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl = '';

/** Waits for a condition of this process (the receiver's requests), checked every 50 ms, up to the browser's wait. */
async function until(condition: () => boolean): Promise<void> {
  for (const started = Date.now(); !condition();) {
    if (Date.now() - started > BROWSER_WAIT_MS) throw new Error(`not true within ${BROWSER_WAIT_MS} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  ensureWebBuilt();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  ledger = await startTestService('ledger', (deps) => buildLedgerApp(deps, { webhooks: { safety: LOOPBACK, queueName } }));
  worker = new WebhookWorker({
    db: ledger.deps.platformDb,
    redisUrl: ledger.deps.config.redisUrl,
    service: 'ledger',
    config: { ...loadWebhookConfig({}), queueName, safety: LOOPBACK, schedule: [0] },
    logger: createLogger('console-webhooks', process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  consoleApp = await startConsole({ ledger: ledger.baseUrl });
  org = await createOrganization(consoleApp.deps.platformDb, uniqueSlug('console-webhooks'), 'Mehta Exports');
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.setDefaultTimeout(BROWSER_WAIT_MS);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.queue.queue.obliterate({ force: true }).catch(() => undefined);
  await worker?.close();
  await consoleApp?.close();
  await ledger?.close();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

test('an admin adds an endpoint, sees its secret once, sends a test event, retries it and rotates the secret', async () => {
  const admin = await addMember(consoleApp.deps.platformDb, org, 'admin', 'owner');
  await signedIn(consoleApp, admin);
  await page.goto(consoleApp.baseUrl);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Webhooks', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
  await page.getByText('No endpoint yet.').waitFor();

  const form = page.getByRole('form', { name: 'New endpoint' });
  await form.getByLabel('URL').fill(receiverUrl);
  await form.getByLabel('Description').fill('books sync');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const shown = page.getByRole('status', { name: 'Signing secret' });
  const secret = (await shown.locator('code').textContent())!;
  expect(secret).toMatch(/^whsec_/);
  const row = page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('row').filter({ hasText: receiverUrl });
  await row.getByText('enabled').waitFor();

  await row.getByRole('button', { name: 'Send test' }).click();
  const deliveries = page.getByRole('table', { name: 'Deliveries' });
  await deliveries.getByRole('cell', { name: 'succeeded' }).waitFor();
  expect(received).toHaveLength(1);
  const headers = (r: (typeof received)[number]) => ({
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
  expect(new Webhook(secret).verify(received[0]!.body, headers(received[0]!))).toMatchObject({ type: 'webhook.test', organization: org.id });

  await deliveries.getByRole('button', { name: 'Retry' }).click();
  // The receiver's count, not the page's text: /204.*204/ also matches one attempt whose ids or duration print 204.
  await until(() => received.length >= 2);
  await deliveries.getByText(/204.*204/).waitFor();
  expect(received.map((r) => r.headers['webhook-id'])).toEqual([received[0]!.headers['webhook-id'], received[0]!.headers['webhook-id']]);

  await row.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('status', { name: 'Signing secret' }).locator('code').filter({ hasNotText: secret }).waitFor();
  const rotated = (await page.getByRole('status', { name: 'Signing secret' }).locator('code').textContent())!;
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
});
