// Issue 10, section 3: Redis unreachable, on a redis-server of this test's own (append-only, as production).
// The service stays ready; recovery calls answer 502 UPSTREAM_UNAVAILABLE and leave the statement as it was; uploads are accepted
// and queued (issue 20), their job added by the worker once Redis is back; rate limits fall back to each instance's own count (as documented) instead of
// refusing traffic; everything resumes when Redis returns, and no queued job is lost.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@finance/platform';
import { makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildStatementApp } from '../../services/statement/src/app';
import { LocalFileStore, loadSecretKey } from '../../services/statement/src/files';
import { loadPipelineConfig, type PipelineConfig } from '../../services/statement/src/domain/pipeline/config';
import { buildStatementWorker } from '../../services/statement/src/build-worker';
import type { StatementWorker } from '../../services/statement/src/entry-points/worker/statement-worker';
import { startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from './own-servers';

let redis: OwnRedis;
let pg: OwnPostgres;
let svc: TestService;
let key: TestKey;
let filesDir: string;
let fileStore: LocalFileStore;
let config: PipelineConfig;
let worker: StatementWorker | undefined;

async function startWorker(): Promise<void> {
  worker = buildStatementWorker({
    redisUrl: redis.url,
    config,
    pool: svc.deps.pool,
    adapter: svc.deps.adapter,
    fileStore,
    secretKey: loadSecretKey().key,
    logger: createLogger('statement-worker', process.env.TEST_LOG_LEVEL ?? 'silent'),
  });
  await worker.ready();
}

beforeAll(async () => {
  // A Postgres of its own too: the worker's sweep adds the job of every queued statement in its database, and the
  // shared test database holds other files' (on queues of their own).
  [redis, pg] = await Promise.all([startOwnRedis(), startOwnPostgres()]);
  filesDir = await mkdtemp(join(tmpdir(), 'fault-files-'));
  fileStore = new LocalFileStore(filesDir);
  config = {
    ...loadPipelineConfig({}),
    queueName: `fault-${randomBytes(4).toString('hex')}`,
    jobBackoffMs: 200,
    lockDurationMs: 5_000,
    stalledIntervalMs: 1_000,
  };
  // The queue, the rate limits and the idempotency keys all on the Redis this test stops.
  svc = await startTestService('statement', (deps) => buildStatementApp(deps, { fileStore, pipeline: config, queueRedisUrl: redis.url }), {
    redisUrl: redis.url,
    databaseUrl: pg.url,
    rateLimit: { requests: 1_000, windowSeconds: 60 },
  });
  ({ full: key } = await makeOrg(svc.deps.platformDb, 'fault-redis'));
  await startWorker();
});
afterAll(async () => {
  await worker?.close(5_000);
  await svc?.close();
  await redis?.destroy();
  await pg?.destroy();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** A statement CSV whose balances reconcile; without an account number its account cannot be detected. */
function statementCsv(accNo: string | null, rows = 3): Buffer {
  const lines = [...(accNo ? [`Account Number : ${accNo}`, ''] : []), 'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  let balance = 10_000;
  for (let i = 1; i <= rows; i++) {
    balance -= i;
    lines.push(`0${i}/04/2024,UPI/${i}/SHOP ${i},${i}.00,,${balance}.00`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

async function upload(file: Buffer, name: string): Promise<{ status: number; json: any; headers: Headers }> {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const res = await fetch(`${svc.baseUrl}/api/v1/statements`, { method: 'POST', headers: key.headers, body: form });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(svc.baseUrl + path, {
    method,
    headers: { ...key.headers, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function settled(id: string, timeoutMs = 30_000): Promise<{ status: string; error: { code: string } | null; transaction_count: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = (await call('GET', `/api/v1/statements/${id}`)).json.data;
    if (s.status !== 'queued' && s.status !== 'processing') return s;
    if (Date.now() > deadline) throw new Error(`statement ${id} still ${s.status} at ${s.step}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function row(id: string): Promise<Record<string, unknown>> {
  return (await svc.deps.pool.query(`SELECT * FROM statement.statements WHERE id = $1`, [id])).rows[0];
}

async function readiness(): Promise<number> {
  return (await fetch(`${svc.baseUrl}/readyz`)).status;
}

test('Redis stopped and started: 502s that change nothing meanwhile, rate limits keep serving, then everything resumes and no job is lost', async () => {
  // Before: a statement that waits for its account number, and one that completes.
  const stalledId = (await upload(statementCsv(null), 'no-account.csv')).json.data.id;
  expect(await settled(stalledId)).toMatchObject({ status: 'stalled', error: { code: 'ACCOUNT_NOT_DETECTED' } });
  const doneId = (await upload(statementCsv('50100012345678'), 'ok.csv')).json.data.id;
  expect(await settled(doneId)).toMatchObject({ status: 'completed', transaction_count: 3 });

  // A job queued while no worker runs, left in Redis across the outage.
  await worker!.close(5_000);
  worker = undefined;
  const pendingId = (await upload(statementCsv('50100099998888'), 'pending.csv')).json.data.id;
  const statementsBefore = (await svc.deps.pool.query(`SELECT count(*)::int AS n FROM statement.statements`)).rows[0].n;
  const stalledBefore = await row(stalledId);

  await redis.stop();

  // The service stays ready: it accepts uploads without Redis (issue 20).
  expect(await readiness()).toBe(200);
  // The recovery call: 502, and the statement exactly as it was.
  const recovery = await call('POST', `/api/v1/statements/${stalledId}/account-number`, { acc_no: '50100077776666' });
  expect(recovery.status).toBe(502);
  expect(recovery.json.error.code).toBe('UPSTREAM_UNAVAILABLE');
  expect(await row(stalledId)).toEqual(stalledBefore);
  // An upload is accepted (issue 20: Redis is not needed to upload): recorded, queued, its job added later.
  const during = await upload(statementCsv('50100055554444'), 'during.csv');
  expect(during.status).toBe(201);
  expect(during.json.data).toMatchObject({ status: 'queued', step: 'read_file' });
  expect((await svc.deps.pool.query(`SELECT count(*)::int AS n FROM statement.statements`)).rows[0].n).toBe(statementsBefore + 1);
  // Reads keep working; the rate limit falls back to this instance's own budget rather than refusing.
  const read = await call('GET', '/api/v1/statements');
  expect(read.status).toBe(200);
  expect(read.headers.get('ratelimit-limit')).toBe('1000');

  await redis.start();
  await startWorker();

  // The job queued before the outage was kept (append-only Redis) and runs now; the upload accepted during the
  // outage had no job: the starting worker's sweep added it.
  expect(await settled(pendingId)).toMatchObject({ status: 'completed', transaction_count: 3 });
  expect(await settled(during.json.data.id)).toMatchObject({ status: 'completed', transaction_count: 3 });
  // The same recovery call, retried (as a client does after a 502) until the producer has reconnected, is
  // accepted and the statement completes.
  const deadline = Date.now() + 20_000;
  let retried = await call('POST', `/api/v1/statements/${stalledId}/account-number`, { acc_no: '50100077776666' });
  while (retried.status === 502 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    retried = await call('POST', `/api/v1/statements/${stalledId}/account-number`, { acc_no: '50100077776666' });
  }
  expect(retried.status).toBe(202);
  expect(await settled(stalledId)).toMatchObject({ status: 'completed', transaction_count: 3 });
  // And uploads are processed again.
  const again = await upload(statementCsv('50100033332222'), 'after.csv');
  expect(again.status).toBe(201);
  expect(await settled(again.json.data.id)).toMatchObject({ status: 'completed', transaction_count: 3 });
  expect((await row(doneId)).status).toBe('completed');
});
