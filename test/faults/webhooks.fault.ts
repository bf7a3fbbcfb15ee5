// Issue 36: a webhook delivery survives the death of the process sending it. The ledger runs as production runs it
// (`node --import tsx services/ledger/src/main.ts`: the API, the outbox relay and the delivery worker in one process),
// on a Postgres of this test's own (its relay takes every organization's events) and a queue of its own. The receiver
// holds the first request unanswered; the process is SIGKILLed while it waits; another worker takes the job over when
// its lock expires and delivers it, with the same webhook-id (at least once: receivers de-duplicate on it).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { createLogger, loadWebhookConfig, WebhookWorker } from '@finance/platform';
import { endsWithTest, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../../services/ledger/src/app';
import { startOwnPostgres, type OwnPostgres } from './own-servers';

const ROOT = join(__dirname, '..', '..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Only catches a hang; never decides an outcome. */
const WAIT_MS = 180_000;
const LOOPBACK = { httpsOnly: false, allowLoopback: true, allowedHosts: new Set<string>() };

let pg: OwnPostgres;
let api: TestService;
let server: Server;
let receiverUrl = '';
let holding = true;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const queueName = `fault-webhooks-${randomBytes(4).toString('hex')}`;
let takeover: WebhookWorker | undefined;

beforeAll(async () => {
  pg = await startOwnPostgres();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (!holding) res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  api = await startTestService('ledger', (deps) => buildLedgerApp(deps, { webhooks: { safety: LOOPBACK, queueName } }), { databaseUrl: pg.url });
});
afterAll(async () => {
  await takeover?.queue.queue.obliterate({ force: true }).catch(() => undefined);
  await takeover?.close();
  await api?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await pg?.destroy();
});

async function waitUntil(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

test('the process delivering a webhook is SIGKILLed mid-request: the event is still delivered, with the same webhook-id', async () => {
  let output = '';
  const child = endsWithTest(
    spawn(process.execPath, ['--import', 'tsx', 'services/ledger/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: pg.url,
        REDIS_URL,
        LEDGER_PORT: '0',
        LOG_LEVEL: 'info',
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_QUEUE: queueName,
        WEBHOOK_LOCK_MS: '2000',
        WEBHOOK_RELAY_INTERVAL_MS: '50',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await waitUntil(() => output.includes('ledger listening') || child.exitCode !== null, 'the ledger to start');
  expect(child.exitCode).toBeNull();

  const { full } = await makeOrg(api.deps.platformDb, 'fault-wh');
  const call = (key: TestKey) => ({
    post: (path: string, body?: object) => request(api.baseUrl).post(`/api/v1${path}`).set(key.headers).send(body),
    get: (path: string) => request(api.baseUrl).get(`/api/v1${path}`).set(key.headers),
  });
  const endpoint = (
    await call(full)
      .post('/webhook-endpoints', { url: receiverUrl, event_types: ['transaction.posted'] })
      .expect(201)
  ).body.data;
  const account = async (name: string, type: string) => (await call(full).post('/accounts', { name, type }).expect(201)).body.data.id as string;
  const [bank, income] = [await account('Bank', 'asset'), await account('Sales', 'income')];
  await call(full)
    .post('/transactions', {
      date: '2026-01-15',
      entries: [
        { account: bank, debit: 100 },
        { account: income, credit: 100 },
      ],
    })
    .expect(201);

  // The child relays the event and sends it; the receiver holds the request; the child dies mid-request.
  await waitUntil(() => received.length === 1, 'the first request');
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  expect((await call(full).get(`/webhook-endpoints/${endpoint.id}/deliveries`).expect(200)).body.data[0]).toMatchObject({
    status: 'pending',
    attempt_count: 0,
  });

  // Another instance's worker: BullMQ hands it the job once the dead worker's lock has expired.
  holding = false;
  takeover = new WebhookWorker({
    db: api.deps.platformDb,
    redisUrl: REDIS_URL,
    service: 'ledger',
    config: { ...loadWebhookConfig({}), queueName, safety: LOOPBACK, schedule: [0, 0, 0], lockDurationMs: 2_000 },
    logger: createLogger('webhooks-fault', process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  let delivery: Record<string, any> = {};
  await waitUntil(async () => {
    delivery = (await call(full).get(`/webhook-endpoints/${endpoint.id}/deliveries`).expect(200)).body.data[0];
    return delivery.status === 'succeeded';
  }, 'the delivery after the kill');
  expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 200 });
  expect(received.length).toBeGreaterThanOrEqual(2);
  const ids = new Set(received.map((r) => r.headers['webhook-id']));
  expect(ids).toEqual(new Set([delivery.event_id]));
  // Each request, the one cut off and the one answered, is signed with the endpoint's secret.
  for (const r of received) {
    const headers = {
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    };
    expect(new Webhook(endpoint.secret).verify(r.body, headers)).toMatchObject({ id: delivery.event_id, type: 'transaction.posted' });
  }
});
