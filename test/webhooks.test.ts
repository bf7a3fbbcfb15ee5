// Issue 36: webhooks over real HTTP. The ledger and statement services (with the real statement worker), the relay and
// the delivery worker on the real Postgres and Redis (a queue of this file's own), and a receiver on loopback (port 0)
// that checks every signature with the `standardwebhooks` package, as a client would.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { verifyWebhook, type WebhookEvent as ClientWebhookEvent } from '@finance/client';
import {
  createLogger,
  DEFAULT_RETRY_SCHEDULE_MS,
  insertDeliveries,
  loadWebhookConfig,
  resolveWebhookTarget,
  sendWebhook,
  UnsafeWebhookUrlError,
  WebhookWorker,
  withTransaction,
  type WebhookConfig,
  type WebhookSafety,
} from '@finance/platform';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { encryptPdf, pdfFile, PDF_COLUMNS, toCsv } from '@finance/statement-readers/testing';
import { buildLedgerApp } from '../services/ledger/src/app';
import { createLedgerClient } from '../services/ledger/src/data-access/db';
import { changeTransactionStatus } from '../services/ledger/src/domain/transactions';
import {
  startPipeline,
  uniqueQueueName,
  upload,
  waitForStatement,
  WAIT_MS,
  REDIS_URL,
  type PipelineHarness,
} from '../services/statement/test/pipeline-helpers';

const LOOPBACK: WebhookSafety = { httpsOnly: false, allowLoopback: true, allowedHosts: new Set() };

/** One request the receiver got. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The client's side: answers each path with the statuses scripted for it, in turn (then 200), and keeps every
 * request. `waitFor` resolves when a request matching it has arrived (polled; the time limit only catches a hang).
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, number[]>();
  private readonly held = new Set<string>();
  server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (this.held.has(path)) return; // never answered: the worker times out or dies waiting
        const status = this.scripts.get(path)?.shift() ?? 200;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  script(path: string, statuses: number[]): void {
    this.scripts.set(path, [...statuses]);
  }
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }
  async waitFor(match: (r: Received[]) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!match(this.received)) {
      if (Date.now() > deadline)
        throw new Error(`still waiting for ${what}; received ${JSON.stringify(this.received.map((r) => [r.path, r.body.slice(0, 80)]))}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const eventOf = (r: Received) =>
  JSON.parse(r.body) as { id: string; type: string; organization: string; created: string; data: Record<string, unknown> } & Record<string, unknown>;
const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

let h: PipelineHarness;
let ledger: TestService;
let receiver: Receiver;
let queueName: string;
const workers: WebhookWorker[] = [];
/** The organizations this file made: its relays take only their events (other files share the database). */
const orgs: string[] = [];
const silent = createLogger('webhooks-test', process.env.TEST_LOG_LEVEL ?? 'silent');

function workerConfig(overrides: Partial<WebhookConfig> = {}): WebhookConfig {
  return {
    ...loadWebhookConfig({}),
    queueName,
    safety: LOOPBACK,
    // Tries follow at once: what is checked is the number and order of tries, not the waits.
    schedule: [0, 0, 0, 0],
    relayIntervalMs: 20,
    ...overrides,
  };
}

function startWorker(service: 'ledger' | 'statement', overrides: Partial<WebhookConfig> = {}): WebhookWorker {
  const svc = service === 'ledger' ? ledger : h.svc;
  const worker = new WebhookWorker({
    db: svc.deps.platformDb,
    redisUrl: REDIS_URL,
    service,
    outboxSchema: service,
    config: workerConfig(overrides),
    logger: silent,
    onlyOrganizations: () => orgs,
  }).start();
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  queueName = uniqueQueueName('webhooks');
  receiver = await new Receiver().start();
  h = await startPipeline('webhooks');
  const webhooks = { safety: LOOPBACK, queueName, schedule: [0, 0, 0, 0] };
  ledger = await startTestService('ledger', (deps) => buildLedgerApp(deps, { statementUrl: h.svc.baseUrl, webhooks }));
  // The statement app of the harness reads its webhook settings from the environment: a variant with this file's.
  statementApi = await h.startVariant({ webhooks });
  startWorker('ledger');
  startWorker('statement');
});
let statementApi: TestService;

afterAll(async () => {
  for (const w of workers) await w.queue.queue.obliterate({ force: true }).catch(() => undefined);
  for (const w of workers) await w.close();
  await ledger?.close();
  await h?.close();
  await receiver?.close();
});

async function newOrg(prefix: string): Promise<{ orgId: string; key: TestKey }> {
  const { org, full } = await makeOrg(ledger.deps.platformDb, prefix);
  orgs.push(org.id);
  return { orgId: org.id, key: full };
}

const api = (svc: TestService, key: TestKey) => ({
  get: (path: string) => request(svc.baseUrl).get(`/api/v1${path}`).set(key.headers),
  post: (path: string, body?: object) => request(svc.baseUrl).post(`/api/v1${path}`).set(key.headers).send(body),
  patch: (path: string, body: object) => request(svc.baseUrl).patch(`/api/v1${path}`).set(key.headers).send(body),
  delete: (path: string) => request(svc.baseUrl).delete(`/api/v1${path}`).set(key.headers),
});

async function registerEndpoint(svc: TestService, key: TestKey, path: string, extra: object = {}): Promise<{ id: string; secret: string }> {
  const res = await api(svc, key).post('/webhook-endpoints', { url: `${receiver.url}${path}`, ...extra });
  if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  return { id: res.body.data.id, secret: res.body.data.secret };
}

async function ledgerAccounts(key: TestKey): Promise<{ bank: string; income: string }> {
  const account = async (name: string, type: string) => {
    const res = await api(ledger, key).post('/accounts', { name, type });
    if (res.status !== 201) throw new Error(`account: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id as string;
  };
  return { bank: await account('Bank', 'asset'), income: await account('Sales', 'income') };
}

const transfer = (bank: string, income: string, amount: number, extra: object = {}) => ({
  date: '2026-01-15',
  narration: 'sale',
  entries: [
    { account: bank, debit: amount },
    { account: income, credit: amount },
  ],
  ...extra,
});

async function deliveriesOf(key: TestKey, endpointId: string, query = ''): Promise<Record<string, any>[]> {
  const res = await api(ledger, key).get(`/webhook-endpoints/${endpointId}/deliveries${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function waitForDelivery(key: TestKey, endpointId: string, until: (d: Record<string, any>[]) => boolean, what: string) {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const list = await deliveriesOf(key, endpointId);
    if (until(list)) return list;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}: ${JSON.stringify(list)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PDF_ROWS = [
  ['01/04/2024', 'UPI/501/ZOMATO', '', '320.00', '', '4,680.00'],
  ['02/04/2024', 'NEFT/503/REFUND', '', '', '1,000.25', '5,680.25'],
];
const PDF_PASSWORD = 'wh-Secret-4411';

test('every event type arrives signed, verifies with the standardwebhooks package, and carries the resource as the API answers it', async () => {
  const { orgId, key } = await newOrg('wh-all');
  const endpoint = await registerEndpoint(ledger, key, '/all');
  const { bank, income } = await ledgerAccounts(key);
  const l = api(ledger, key);

  // transaction.posted (created posted), then (draft -> posted), transaction.voided, transaction.reversed.
  const posted = (await l.post('/transactions', transfer(bank, income, 1_000)).expect(201)).body.data;
  const draft = (await l.post('/transactions', transfer(bank, income, 2_000, { status: 'draft' })).expect(201)).body.data;
  const postedDraft = (await l.patch(`/transactions/${draft.id}`, { status: 'posted' }).expect(200)).body.data;
  const toVoid = (await l.post('/transactions', transfer(bank, income, 3_000)).expect(201)).body.data;
  const voided = (await l.patch(`/transactions/${toVoid.id}`, { status: 'void' }).expect(200)).body.data;
  const reversal = (await l.post(`/transactions/${posted.id}/reverse`, {}).expect(201)).body.data;
  // period.closed and period.reopened.
  const closed = (await l.post('/periods/close', { through: '2025-12-31', reason: 'year end' }).expect(201)).body.data;
  const reopened = (await l.post('/periods/reopen', { reason: 'audit adjustment' }).expect(201)).body.data;
  // reconciliation.confirmed: the ledger bank account against an empty statement account of the statement service.
  const statementAccount = (await api(statementApi, key).post('/accounts', { name: 'HDFC', category: 'bank' }).expect(201)).body.data.id;
  const rec = (
    await l.post('/reconciliations', { ledger_account: bank, statement_account: statementAccount, date_from: '2024-04-01', date_to: '2024-04-30' }).expect(201)
  ).body.data;
  const confirmed = (await l.post(`/reconciliations/${rec.id}/confirm`).expect(200)).body.data;

  // statement.stalled (for its password), then statement.completed once it is sent; statement.failed.
  const protectedPdf = await encryptPdf(
    await pdfFile({ ...PDF_COLUMNS, preamble: ['HDFC BANK Ltd.', 'Account Number : 5010 0099 8877 66'], rows: PDF_ROWS }),
    PDF_PASSWORD,
  );
  const stalledId = (await upload(statementApi, key, protectedPdf, 'april.pdf').expect(201)).body.data.id;
  await waitForStatement(statementApi, key, stalledId);
  await receiver.waitFor(() => receiver.at('/all').some((r) => eventOf(r).type === 'statement.stalled'), 'statement.stalled');
  await api(statementApi, key).post(`/statements/${stalledId}/password`, { password: PDF_PASSWORD }).expect(202);
  const completed = await waitForStatement(statementApi, key, stalledId);
  expect(completed.status).toBe('completed');
  const unreadable = toCsv([
    ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
    ['01/04/2024', 'UPI/1', '12.3.4', '', '100.00'],
  ]);
  const failedId = (await upload(statementApi, key, Buffer.from(unreadable), 'bad.csv').expect(201)).body.data.id;
  const failed = await waitForStatement(statementApi, key, failedId);
  expect(failed.status).toBe('failed');
  // webhook.test, on demand.
  const testDelivery = (await l.post(`/webhook-endpoints/${endpoint.id}/test`).expect(202)).body.data;
  expect(testDelivery).toMatchObject({ endpoint: endpoint.id, event_type: 'webhook.test', status: expect.stringMatching(/pending|succeeded/) });

  const expected = [
    'transaction.posted',
    'transaction.posted',
    'transaction.posted',
    'transaction.voided',
    'transaction.reversed',
    'period.closed',
    'period.reopened',
    'reconciliation.confirmed',
    'statement.stalled',
    'statement.completed',
    'statement.failed',
    'webhook.test',
  ];
  await receiver.waitFor(() => receiver.at('/all').length >= expected.length, `${expected.length} events`);
  const got = receiver.at('/all');
  expect(got.map((r) => eventOf(r).type).sort()).toEqual([...expected].sort());

  const verifier = new Webhook(endpoint.secret);
  for (const r of got) {
    // The package's own verification: signature over id.timestamp.body, and a timestamp within its tolerance.
    const verified = verifier.verify(r.body, headersOf(r)) as { id: string };
    expect(verified.id).toBe(r.headers['webhook-id']);
    // The client's helper verifies the same way and types the event.
    const typed: ClientWebhookEvent = verifyWebhook(r.body, headersOf(r), endpoint.secret);
    expect(typed.id).toBe(verified.id);
    expect(eventOf(r)).toMatchObject({ organization: orgId, created: expect.stringMatching(/Z$/) });
    // A tampered body or another secret is refused.
    expect(() => verifier.verify(r.body.replace('"', ' "'), headersOf(r))).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r.body, headersOf(r))).toThrow();
  }
  // The data is what the API answered.
  const byType = (type: string) => got.map(eventOf).filter((e) => e.type === type);
  // (POST answers `created` beside the transaction; the event carries the transaction as GET answers it.)
  const asStored = ({ created: _created, ...t }: Record<string, unknown>) => t;
  expect(
    byType('transaction.posted')
      .map((e) => e.data)
      .sort((a, b) => String(a.id).localeCompare(String(b.id))),
  ).toEqual([asStored(posted), postedDraft, asStored(toVoid)].sort((a, b) => String(a.id).localeCompare(String(b.id))));
  expect(byType('transaction.voided')[0]!.data).toEqual(voided);
  expect(byType('transaction.reversed')[0]!.data).toEqual(asStored(reversal));
  expect(byType('period.closed')[0]!.data).toEqual(closed);
  expect(byType('period.reopened')[0]!.data).toEqual(reopened);
  expect(byType('reconciliation.confirmed')[0]!.data).toEqual(confirmed);
  expect(byType('statement.completed')[0]!.data).toEqual(completed);
  expect(byType('statement.failed')[0]!.data).toEqual(failed);
  const stalled = byType('statement.stalled')[0]!;
  expect(stalled.data).toMatchObject({ id: stalledId, status: 'stalled', error: { code: 'PASSWORD_REQUIRED' } });
  expect(stalled.action_required).toEqual({
    needs: 'password',
    code: 'PASSWORD_REQUIRED',
    message: expect.any(String),
    call: `POST /api/v1/statements/${stalledId}/password`,
  });
  // The delivery history says what happened.
  const deliveries = await waitForDelivery(key, endpoint.id, (d) => d.length === expected.length && d.every((x) => x.status === 'succeeded'), 'all succeeded');
  for (const d of deliveries) {
    expect(d.attempts).toEqual([{ started_at: expect.any(String), duration_ms: expect.any(Number), status_code: 200, error: null, next_attempt_at: null }]);
  }
});

test('a receiver that answers 500 three times and then 200 gets the event on the fourth try, with the same webhook-id', async () => {
  const { key } = await newOrg('wh-retry');
  receiver.script('/flaky', [500, 500, 500, 200]);
  const endpoint = await registerEndpoint(ledger, key, '/flaky', { event_types: ['transaction.posted'] });
  const { bank, income } = await ledgerAccounts(key);
  const posted = (
    await api(ledger, key)
      .post('/transactions', transfer(bank, income, 500))
      .expect(201)
  ).body.data;
  const [delivery] = await waitForDelivery(key, endpoint.id, (d) => d[0]?.status === 'succeeded', 'the fourth try');
  expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 4, last_status_code: 200, next_attempt_at: null, event_type: 'transaction.posted' });
  expect(delivery!.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 500, 200]);
  // Each failed try said when the next was due; the last says none.
  expect(delivery!.attempts.map((a: { next_attempt_at: string | null }) => a.next_attempt_at === null)).toEqual([false, false, false, true]);
  const tries = receiver.at('/flaky');
  expect(tries).toHaveLength(4);
  expect(new Set(tries.map((r) => r.headers['webhook-id']))).toEqual(new Set([eventOf(tries[0]!).id]));
  const { created: _created, ...stored } = posted;
  expect(eventOf(tries[3]!).data).toEqual(stored);
});

test('a change that rolls back sends nothing; the one after it is sent', async () => {
  const { orgId, key } = await newOrg('wh-rollback');
  const endpoint = await registerEndpoint(ledger, key, '/rollback');
  const { bank, income } = await ledgerAccounts(key);
  const draft = (
    await api(ledger, key)
      .post('/transactions', transfer(bank, income, 700, { status: 'draft' }))
      .expect(201)
  ).body.data;
  // The posting runs, records its event, and its transaction is rolled back.
  const db = createLedgerClient(ledger.deps.adapter);
  await expect(
    withTransaction(db, async (tx) => {
      await changeTransactionStatus(tx, orgId, draft.id, 'posted');
      throw new Error('rolled back on purpose');
    }),
  ).rejects.toThrow('rolled back on purpose');
  await db.$disconnect();
  // A refused change (an unbalanced post, 422) writes nothing either.
  await api(ledger, key)
    .post('/transactions', {
      ...transfer(bank, income, 700),
      entries: [
        { account: bank, debit: 700 },
        { account: income, credit: 600 },
      ],
    })
    .expect(422);
  const marker = (
    await api(ledger, key)
      .post('/transactions', transfer(bank, income, 900))
      .expect(201)
  ).body.data;
  await receiver.waitFor(() => receiver.at('/rollback').length >= 1, 'the marker');
  const outbox = await ledger.deps.pool.query(`SELECT payload->'data'->>'id' AS id FROM ledger.webhook_outbox WHERE org_id = $1`, [orgId]);
  expect(outbox.rows.map((r) => r.id)).toEqual([marker.id]);
  expect((await deliveriesOf(key, endpoint.id)).map((d) => d.event.data.id)).toEqual([marker.id]);
  expect(receiver.at('/rollback').map((r) => eventOf(r).data.id)).toEqual([marker.id]);
  expect((await api(ledger, key).get(`/transactions/${draft.id}`).expect(200)).body.data.status).toBe('draft');
});

test('private, link-local (cloud metadata) and unique-local addresses are refused even with loopback allowed; loopback only with it', async () => {
  const { orgId, key } = await newOrg('wh-ssrf');
  const before = (await api(ledger, key).get('/webhook-endpoints').expect(200)).body.page_context.total;
  for (const url of [
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.8/hook',
    'http://192.168.1.10/hook',
    'http://172.16.0.1/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://0.0.0.0/hook',
    'http://[::ffff:169.254.169.254]/hook',
    'ftp://example.com/hook',
    'http://user:pass@127.0.0.1/hook',
    'not a url',
  ]) {
    const res = await api(ledger, key).post('/webhook-endpoints', { url });
    expect({ url, status: res.status, code: res.body.error?.code, path: res.body.error?.details?.[0]?.path }).toEqual({
      url,
      status: 400,
      code: 'VALIDATION_ERROR',
      path: 'url',
    });
  }
  expect((await api(ledger, key).get('/webhook-endpoints').expect(200)).body.page_context.total).toBe(before);
  // After DNS: a name is judged by every address it resolves to.
  const resolver = (map: Record<string, string[]>) => async (host: string) =>
    (map[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const dns = resolver({
    'metadata.example': ['169.254.169.254'],
    'mixed.example': ['93.184.216.34', '10.1.2.3'],
    'internal.example': ['10.9.9.9'],
    'public.example': ['93.184.216.34'],
  });
  const refused = (url: string, safety: WebhookSafety) => expect(resolveWebhookTarget(url, safety, dns)).rejects.toThrow(UnsafeWebhookUrlError);
  await refused('http://metadata.example/', LOOPBACK);
  await refused('http://mixed.example/', LOOPBACK);
  await refused('http://internal.example/', LOOPBACK);
  await refused('http://127.0.0.1/', { ...LOOPBACK, allowLoopback: false });
  // https only in production; a private host only when named in WEBHOOK_ALLOWED_HOSTS (and link-local never).
  await refused('http://public.example/', { ...LOOPBACK, httpsOnly: true });
  await expect(resolveWebhookTarget('https://public.example/', { ...LOOPBACK, httpsOnly: true }, dns)).resolves.toMatchObject({ address: '93.184.216.34' });
  await expect(resolveWebhookTarget('http://internal.example/', { ...LOOPBACK, allowedHosts: new Set(['internal.example']) }, dns)).resolves.toMatchObject({
    address: '10.9.9.9',
  });
  await refused('http://metadata.example/', { ...LOOPBACK, allowedHosts: new Set(['metadata.example']) });

  // Checked again at each delivery: a worker that no longer allows loopback refuses to call it, and says so.
  const endpoint = await registerEndpoint(ledger, key, '/later-refused');
  const strict = new WebhookWorker({
    db: ledger.deps.platformDb,
    redisUrl: REDIS_URL,
    service: 'ledger',
    config: workerConfig({ queueName: uniqueQueueName('webhooks-strict'), safety: { ...LOOPBACK, allowLoopback: false }, schedule: [] }),
    logger: silent,
  });
  workers.push(strict);
  // A delivery only the strict worker's queue holds.
  const [deliveryId] = await insertDeliveries(ledger.deps.platformDb, 'ledger', [
    { endpointId: endpoint.id, event: { id: randomUUID(), type: 'webhook.test', created: new Date().toISOString(), organization: orgId, data: {} } },
  ]);
  await strict.queue.addRetry(deliveryId!, 1);
  const [done] = await waitForDelivery(
    key,
    endpoint.id,
    (d) => d[0]?.attempts.some((a: { error: string | null }) => a.error?.startsWith('refused')),
    'the refusal',
  );
  expect(done!.attempts.find((a: { error: string | null }) => a.error?.startsWith('refused'))).toMatchObject({
    status_code: null,
    error: expect.stringContaining('loopback'),
  });
});

test('two instances relay and deliver each event once per attempt', async () => {
  const { key } = await newOrg('wh-two');
  // Two more relays and workers on the same queue and outbox: four take part.
  startWorker('ledger');
  startWorker('ledger');
  const endpoint = await registerEndpoint(ledger, key, '/two', { event_types: ['transaction.posted'] });
  const { bank, income } = await ledgerAccounts(key);
  const ids: string[] = [];
  for (let i = 0; i < 20; i++)
    ids.push(
      (
        await api(ledger, key)
          .post('/transactions', transfer(bank, income, 100 + i))
          .expect(201)
      ).body.data.id,
    );
  await receiver.waitFor(() => receiver.at('/two').length >= 20, '20 events');
  const deliveries = await waitForDelivery(key, endpoint.id, (d) => d.length === 20 && d.every((x) => x.status === 'succeeded'), '20 deliveries');
  expect(deliveries.every((d) => d.attempt_count === 1)).toBe(true);
  // Nothing more arrives: each event's one attempt reached the receiver once.
  await Promise.all(workers.map((w) => w.relayOnce()));
  const got = receiver.at('/two').map((r) => eventOf(r).data.id as string);
  expect(got.sort()).toEqual([...ids].sort());
});

test('the endpoint API: list, read, change, rotate (both secrets sign for 24 h), retry, delete; scopes; other organizations see nothing', async () => {
  const { org, full } = await makeOrg(ledger.deps.platformDb, 'wh-api');
  orgs.push(org.id);
  const endpoint = await registerEndpoint(ledger, full, '/api', { event_types: ['transaction.posted'], description: 'books sync' });
  // The same registry at every base_url.
  const viaStatement = await api(statementApi, full).get(`/webhook-endpoints/${endpoint.id}`).expect(200);
  expect(viaStatement.body.data).toMatchObject({
    id: endpoint.id,
    url: `${receiver.url}/api`,
    event_types: ['transaction.posted'],
    description: 'books sync',
    enabled: true,
  });
  expect(viaStatement.body.data).not.toHaveProperty('secret');
  const listed = await api(ledger, full).get('/webhook-endpoints').expect(200);
  expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
  // Bad input names the field and changes nothing.
  const bad = await api(ledger, full).patch(`/webhook-endpoints/${endpoint.id}`, { event_types: ['transaction.exploded'] });
  expect(bad.status).toBe(400);
  expect(bad.body.error.details[0].path).toMatch(/^event_types/);
  // Scopes: read_only has no webhooks permission; a custom key with webhooks:read may list but not create.
  const reader = await makeKey(ledger.deps.platformDb, org, 'read_only');
  expect((await api(ledger, reader).get('/webhook-endpoints')).status).toBe(403);
  const viewer = await makeKey(ledger.deps.platformDb, org, 'custom', 'webhooks:read');
  expect((await api(ledger, viewer).get('/webhook-endpoints')).status).toBe(200);
  expect((await api(ledger, viewer).post('/webhook-endpoints', { url: `${receiver.url}/x` })).status).toBe(403);
  // Another organization cannot see or touch it.
  const other = await newOrg('wh-api-other');
  expect((await api(ledger, other.key).get(`/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
  expect((await api(ledger, other.key).delete(`/webhook-endpoints/${endpoint.id}`)).status).toBe(404);

  // Rotation: the new secret is shown once; the next event carries two signatures, each verifying with its secret.
  const rotated = (await api(ledger, full).post(`/webhook-endpoints/${endpoint.id}/rotate-secret`).expect(200)).body.data;
  expect(rotated.secret).not.toBe(endpoint.secret);
  expect(Date.parse(rotated.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
  const { bank, income } = await ledgerAccounts(full);
  await api(ledger, full)
    .post('/transactions', transfer(bank, income, 100))
    .expect(201);
  await receiver.waitFor(() => receiver.at('/api').length >= 1, 'the event after rotation');
  const [r] = receiver.at('/api');
  expect(String(r!.headers['webhook-signature']).split(' ')).toHaveLength(2);
  expect(() => new Webhook(rotated.secret).verify(r!.body, headersOf(r!))).not.toThrow();
  expect(() => new Webhook(endpoint.secret).verify(r!.body, headersOf(r!))).not.toThrow();

  // A manual retry sends the same event again (same webhook-id) as one more attempt.
  const [delivery] = await waitForDelivery(full, endpoint.id, (d) => d[0]?.status === 'succeeded', 'the first delivery');
  const retried = await api(ledger, full).post(`/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/retry`).expect(202);
  expect(retried.body.data).toMatchObject({ id: delivery!.id, status: 'pending' });
  await waitForDelivery(full, endpoint.id, (d) => d[0]?.attempt_count === 2 && d[0]?.status === 'succeeded', 'the retry');
  expect(receiver.at('/api').map((x) => x.headers['webhook-id'])).toEqual([r!.headers['webhook-id'], r!.headers['webhook-id']]);
  expect((await api(ledger, full).post(`/webhook-endpoints/${endpoint.id}/deliveries/01900000-0000-7000-8000-000000000000/retry`)).status).toBe(404);

  // Disabled: nothing is sent; deleted: gone.
  await api(ledger, full).patch(`/webhook-endpoints/${endpoint.id}`, { enabled: false }).expect(200);
  await api(ledger, full)
    .post('/transactions', transfer(bank, income, 200))
    .expect(201);
  await api(ledger, full).delete(`/webhook-endpoints/${endpoint.id}`).expect(204);
  expect((await api(ledger, full).get(`/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
  const outbox = await ledger.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.webhook_outbox WHERE org_id = $1`, [org.id]);
  expect(outbox.rows[0].n).toBe(1);
});

test('an endpoint whose every try fails is disabled, and the organization is told through its other endpoints', async () => {
  const { key } = await newOrg('wh-disable');
  receiver.script('/dead', Array(10).fill(503));
  const dead = await registerEndpoint(ledger, key, '/dead', { event_types: ['transaction.posted'] });
  await registerEndpoint(ledger, key, '/ops', { event_types: ['webhook_endpoint.disabled'] });
  const { bank, income } = await ledgerAccounts(key);
  await api(ledger, key)
    .post('/transactions', transfer(bank, income, 100))
    .expect(201);
  await receiver.waitFor(() => receiver.at('/ops').length >= 1, 'the notice');
  const notice = eventOf(receiver.at('/ops')[0]!);
  expect(notice).toMatchObject({
    type: 'webhook_endpoint.disabled',
    data: { id: dead.id, enabled: false, disabled_reason: expect.stringContaining('every try') },
  });
  expect(receiver.at('/dead')).toHaveLength(5);
  const [delivery] = await deliveriesOf(key, dead.id);
  expect(delivery).toMatchObject({ status: 'failed', attempt_count: 5, last_status_code: 503, next_attempt_at: null });
  expect((await api(ledger, key).get(`/webhook-endpoints/${dead.id}`).expect(200)).body.data).toMatchObject({ enabled: false });
  // Enabled again by a person: the reason goes.
  const enabled = (await api(ledger, key).patch(`/webhook-endpoints/${dead.id}`, { enabled: true }).expect(200)).body.data;
  expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
});

test('one attempt connects to the address that was checked (not a new lookup), follows no redirect, and is bounded in time and bytes', async () => {
  const port = (receiver.server.address() as AddressInfo).port;
  const limits = { timeoutMs: 60_000, maxResponseBytes: 65_536 };
  // A name nobody resolves: the request still reaches the checked address, with the name as Host.
  const pinned = await sendWebhook({ url: new URL(`http://rebind.invalid:${port}/pinned`), address: '127.0.0.1', family: 4 }, {}, '{}', limits);
  expect(pinned).toMatchObject({ statusCode: 200, error: null });
  expect(receiver.at('/pinned')[0]!.headers.host).toBe(`rebind.invalid:${port}`);
  // A redirect is an answer like any non-2xx: not followed.
  const redirecting = createServer((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end());
  const huge = createServer((_req, res) => {
    res.writeHead(200);
    const chunk = Buffer.alloc(64 * 1024, 120);
    const pump = () => {
      while (res.write(chunk));
      res.once('drain', pump);
    };
    pump();
  });
  const silentServer = createServer(() => undefined);
  for (const s of [redirecting, huge, silentServer]) await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const at = (s: Server) => ({ url: new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/`), address: '127.0.0.1', family: 4 as const });
  try {
    expect(await sendWebhook(at(redirecting), {}, '{}', limits)).toMatchObject({ statusCode: 302, error: null });
    // An endless answer is cut at the cap; the status stands.
    expect(await sendWebhook(at(huge), {}, '{}', { ...limits, maxResponseBytes: 1_000 })).toMatchObject({ statusCode: 200 });
    // No answer: the attempt ends at its limit (a short one here; it never answers, so the outcome does not depend on speed).
    expect(await sendWebhook(at(silentServer), {}, '{}', { ...limits, timeoutMs: 300 })).toMatchObject({ statusCode: null, error: 'no answer within 300 ms' });
    // Refused connection: an error, no status.
    const refused = await sendWebhook({ url: new URL('http://127.0.0.1:1/'), address: '127.0.0.1', family: 4 }, {}, '{}', limits);
    expect(refused).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  } finally {
    for (const s of [redirecting, huge, silentServer]) {
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
  }
});

test('the retry schedule spans about three days', () => {
  const hours = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0) / 3_600_000;
  expect(hours).toBeGreaterThan(60);
  expect(hours).toBeLessThan(80);
  for (let i = 1; i < DEFAULT_RETRY_SCHEDULE_MS.length; i++) expect(DEFAULT_RETRY_SCHEDULE_MS[i]).toBeGreaterThanOrEqual(DEFAULT_RETRY_SCHEDULE_MS[i - 1]!);
});
