// Issue 20: exactly once under failure. On a Postgres of this test's own, reached through a proxy that fails one
// exchange on purpose (pg-proxy.ts), and a Redis of its own:
// 1. the reply to a committed write is lost (the service answers 503): the retry with the same Idempotency-Key gets
//    the first answer and nothing more is stored (ledger post, bulk, snapshot push, statement upload);
// 2. a service process is killed while it holds a key (its transaction open): the retry after the lease succeeds,
//    and the effect is stored once;
// 3. Redis is stopped: posts with a key still succeed, and quickly.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { endsWithTest, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../../services/ledger/src/app';
import { buildSnapshotApp } from '../../services/snapshot/src/app';
import { buildStatementApp } from '../../services/statement/src/app';
import { LocalFileStore } from '../../services/statement/src/files';
import { loadPipelineConfig } from '../../services/statement/src/domain/pipeline/config';
import { freePort, startOwnPostgres, startOwnRedis, type OwnPostgres, type OwnRedis } from './own-servers';
import { startPgProxy, type PgProxy } from './pg-proxy';

const ROOT = join(__dirname, '..', '..');
/** The upload's insert: a Prisma model method, which quotes the names ("statement"."statements"). */
const STATEMENT_INSERT = /INSERT INTO "?statement"?\."?statements"?/;
/** Short, so that the kill test waits seconds; production's default is 10 s. */
const LEASE_MS = 2_000;

let pg: OwnPostgres;
let redis: OwnRedis;
let proxy: PgProxy;
let proxiedUrl: string;
let ledger: TestService;
let snapshot: TestService;
let statement: TestService;
let filesDir: string;
let key: TestKey;
let orgId: string;
let cash: string;
let sales: string;

beforeAll(async () => {
  [pg, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
  proxy = await startPgProxy(pg.port);
  proxiedUrl = pg.url.replace(`:${pg.port}/`, `:${proxy.port}/`);
  filesDir = await mkdtemp(join(tmpdir(), 'fault-idem-files-'));
  const own = { databaseUrl: proxiedUrl, redisUrl: redis.url, rateLimit: { requests: 100_000, windowSeconds: 60 }, idempotencyLeaseMs: LEASE_MS };
  const pipeline = { ...loadPipelineConfig({}), queueName: `fault-idem-${randomBytes(4).toString('hex')}` };
  [ledger, snapshot, statement] = await Promise.all([
    startTestService('ledger', buildLedgerApp, own),
    startTestService('snapshot', buildSnapshotApp, own),
    startTestService('statement', (deps) => buildStatementApp(deps, { fileStore: new LocalFileStore(filesDir), pipeline, queueRedisUrl: redis.url }), own),
  ]);
  const made = await makeOrg(ledger.deps.platformDb, 'fault-idem');
  key = made.full;
  orgId = made.org.id;
  cash = (await call(ledger, 'POST', '/api/v1/accounts', { name: 'Cash', type: 'asset' })).json.data.id;
  sales = (await call(ledger, 'POST', '/api/v1/accounts', { name: 'Sales', type: 'income' })).json.data.id;
});
afterAll(async () => {
  await Promise.all([ledger?.close(), snapshot?.close(), statement?.close()]);
  await proxy?.close();
  await Promise.all([pg?.destroy(), redis?.destroy()]);
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  json: any;
  headers: Headers;
  ms: number;
}

async function call(svc: TestService | string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const base = typeof svc === 'string' ? svc : svc.baseUrl;
  const started = performance.now();
  const res = await fetch(base + path, {
    method,
    headers: { ...key.headers, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers, ms: performance.now() - started };
}

async function upload(svc: TestService, file: Buffer, idempotencyKey: string, name = 'statement.csv'): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const started = performance.now();
  const res = await fetch(`${svc.baseUrl}/api/v1/statements`, { method: 'POST', headers: { ...key.headers, 'Idempotency-Key': idempotencyKey }, body: form });
  return { status: res.status, json: await res.json(), headers: res.headers, ms: performance.now() - started };
}

const count = async (text: string, values: unknown[]): Promise<number> => (await ledger.deps.pool.query(text, values)).rows[0].n;
const transactionsNamed = (narration: string) => count(`SELECT count(*)::int AS n FROM ledger.transactions WHERE narration = $1`, [narration]);
const posting = (narration: string, amount = 100) => ({
  date: '2026-01-31',
  narration,
  entries: [
    { account: cash, debit: amount },
    { account: sales, credit: amount },
  ],
});

function statementCsv(tag: string): Buffer {
  return Buffer.from(`Account Number : 50100012345678\n\nDate,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/04/2024,UPI/1/${tag},1.00,,9999.00\n`);
}

/**
 * Sends the request with the fault armed: the proxy drops the reply to the commit of the write it names, so the
 * service answers 503 (it cannot know the commit happened). Returns that answer, and the retry's.
 */
async function lostCommit(statement: RegExp, send: () => Promise<Answer>): Promise<{ first: Answer; retry: Answer }> {
  const fired = proxy.arm({ kind: 'drop', statement, times: 1 });
  const first = await send();
  await fired;
  // Issue 32: the write may have committed, so the answer must not say "nothing was done"; with a key, it says
  // the retry is safe.
  expectOutcomeUnknown(first, 'keyed');
  const retry = await send();
  return { first, retry };
}

function expectOutcomeUnknown(answer: Answer, request: 'keyed' | 'unkeyed'): void {
  expect(answer.status).toBe(503);
  expect(answer.json.error.code).toBe('OUTCOME_UNKNOWN');
  expect(answer.json.error.message).toMatch(/may or may not have been done/);
  expect(answer.json.error.message).not.toMatch(/nothing was done/);
  expect(answer.json.error.message).toMatch(request === 'keyed' ? /retrying with the same Idempotency-Key is safe/ : /check whether it was done/);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

describe('the reply to a committed write is lost: the retry with the same key gets the first answer, and nothing more is stored', () => {
  test('ledger post (no source_ref: the key is its only identity)', async () => {
    const narration = `lost-post-${randomUUID()}`;
    const { first, retry } = await lostCommit(/INSERT INTO ledger\.transactions/, () =>
      call(ledger, 'POST', '/api/v1/transactions', posting(narration), { 'Idempotency-Key': narration }),
    );
    expect(first.status).toBe(503);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await transactionsNamed(narration)).toBe(1);
    const stored = (await ledger.deps.pool.query(`SELECT id FROM ledger.transactions WHERE narration = $1`, [narration])).rows[0].id;
    expect(retry.json.data).toMatchObject({ id: stored, narration, created: true, total_debit: 100 });
    // A third try is the same answer again.
    const third = await call(ledger, 'POST', '/api/v1/transactions', posting(narration), { 'Idempotency-Key': narration });
    expect(third.json.data.id).toBe(stored);
    expect(await transactionsNamed(narration)).toBe(1);
  });

  test('ledger bulk', async () => {
    const tag = `lost-bulk-${randomUUID()}`;
    const body = { atomic: true, transactions: [1, 2, 3].map((i) => posting(`${tag}-${i}`, i)) };
    const { first, retry } = await lostCommit(/INSERT INTO ledger\.transactions/, () =>
      call(ledger, 'POST', '/api/v1/transactions/bulk', body, { 'Idempotency-Key': tag }),
    );
    expect(first.status).toBe(503);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json.data).toMatchObject({ created: 3, existing: 0, failed: 0 });
    expect(await count(`SELECT count(*)::int AS n FROM ledger.transactions WHERE narration LIKE $1`, [`${tag}-%`])).toBe(3);
    const ids = retry.json.data.results.map((r: { data: { id: string } }) => r.data.id).sort();
    const stored = (await ledger.deps.pool.query(`SELECT id FROM ledger.transactions WHERE narration LIKE $1 ORDER BY id`, [`${tag}-%`])).rows.map((r) => r.id);
    expect(ids).toEqual(stored);
  });

  test('snapshot push', async () => {
    const widget = (await call(snapshot, 'POST', '/api/v1/widgets', { name: `w-${randomUUID()}` })).json.data.id;
    const label = `lost-push-${randomUUID()}`;
    const { first, retry } = await lostCommit(/INSERT INTO snapshot\.snapshots/, () =>
      call(snapshot, 'POST', `/api/v1/widgets/${widget}/snapshots`, { data: { value: 1, label } }, { 'Idempotency-Key': label }),
    );
    expect(first.status).toBe(503);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const stored = (await ledger.deps.pool.query(`SELECT id FROM snapshot.snapshots WHERE widget_id = $1`, [widget])).rows;
    expect(stored).toHaveLength(1);
    expect(retry.json.data.id).toBe(stored[0].id);
  });

  test('statement upload', async () => {
    const tag = `lost-upload-${randomUUID()}`;
    const { first, retry } = await lostCommit(STATEMENT_INSERT, () => upload(statement, statementCsv(tag), tag, 'lost.csv'));
    expect(first.status).toBe(503);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const stored = (await ledger.deps.pool.query(`SELECT id FROM statement.statements WHERE org_id = $1 AND file_name = 'lost.csv'`, [orgId])).rows;
    expect(stored).toHaveLength(1);
    expect(retry.json.data.id).toBe(stored[0].id);
  });
});

test('a write without a key whose commit reply is lost: 503 OUTCOME_UNKNOWN, telling the client to check before retrying', async () => {
  const name = `lost-account-${randomUUID()}`;
  const fired = proxy.arm({ kind: 'drop', statement: /INSERT INTO "?ledger"?\."?accounts"?/, times: 1 });
  const first = await call(ledger, 'POST', '/api/v1/accounts', { name, type: 'asset' });
  await fired;
  expectOutcomeUnknown(first, 'unkeyed');
  // It was done: the account is there.
  expect(await count(`SELECT count(*)::int AS n FROM ledger.accounts WHERE org_id = $1 AND name = $2`, [orgId, name])).toBe(1);
});

test('a write whose connection is lost before its commit was sent: 503 NOT_READY, nothing was done, and the retry does it once', async () => {
  const tag = `cut-bulk-${randomUUID()}`;
  const body = { atomic: true, transactions: [1, 2].map((i) => posting(`${tag}-${i}`, i)) };
  const fired = proxy.arm({ kind: 'cut', statement: /INSERT INTO ledger\.transactions/, times: 1 });
  const first = await call(ledger, 'POST', '/api/v1/transactions/bulk', body, { 'Idempotency-Key': tag });
  await fired;
  expect(first.status).toBe(503);
  expect(first.json.error.code).toBe('NOT_READY');
  expect(first.json.error.message).toMatch(/nothing was done/);
  expect(await count(`SELECT count(*)::int AS n FROM ledger.transactions WHERE narration LIKE $1`, [`${tag}-%`])).toBe(0);
  const retry = await call(ledger, 'POST', '/api/v1/transactions/bulk', body, { 'Idempotency-Key': tag });
  expect(retry.status).toBe(200);
  expect(retry.headers.get('idempotent-replayed')).toBeNull();
  expect(await count(`SELECT count(*)::int AS n FROM ledger.transactions WHERE narration LIKE $1`, [`${tag}-%`])).toBe(2);
});

/** A service as `pnpm start` runs it, in its own process, against the proxied database. */
async function spawnService(name: 'ledger' | 'statement', env: Record<string, string> = {}): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const child = endsWithTest(
    spawn(process.execPath, ['--import', 'tsx', `services/${name}/src/main.ts`], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: proxiedUrl,
        REDIS_URL: redis.url,
        PORT: String(port),
        [`${name.toUpperCase()}_PORT`]: String(port),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_REQUESTS: '0',
        IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
        STATEMENT_FILES_DIR: filesDir,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  // Polled until ready; a process under load may take a while to start (the bound only catches one that never does).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (
      (await fetch(`${baseUrl}/readyz`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return { child, baseUrl };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Retries as a client following the contract does: after each 409 IDEMPOTENCY_IN_PROGRESS, waits its Retry-After. */
async function retryUntilDone(send: () => Promise<Answer>, timeoutMs = 30_000): Promise<{ answer: Answer; inProgress: number }> {
  const deadline = Date.now() + timeoutMs;
  let inProgress = 0;
  for (;;) {
    const answer = await send();
    if (answer.status !== 409 || answer.json.error.code !== 'IDEMPOTENCY_IN_PROGRESS' || Date.now() > deadline) return { answer, inProgress };
    inProgress++;
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, Number(answer.headers.get('retry-after')) * 1000));
  }
}

describe('a service process is killed while it holds a key: the retry after the lease succeeds, once', () => {
  test('ledger bulk of 500', async () => {
    const doomed = await spawnService('ledger');
    const tag = `killed-bulk-${randomUUID()}`;
    const body = { atomic: true, transactions: Array.from({ length: 500 }, (_, i) => posting(`${tag}-${i}`, i + 1)) };
    const held = proxy.arm({ kind: 'hold', statement: /INSERT INTO ledger\.transactions/, times: 1 });
    const lost = call(doomed.baseUrl, 'POST', '/api/v1/transactions/bulk', body, { 'Idempotency-Key': tag }).catch(() => undefined);
    await held;
    doomed.child.kill('SIGKILL');
    await lost;

    const { answer, inProgress } = await retryUntilDone(() => call(ledger, 'POST', '/api/v1/transactions/bulk', body, { 'Idempotency-Key': tag }));
    expect(answer.status).toBe(200);
    expect(answer.json.data).toMatchObject({ created: 500, existing: 0, failed: 0 });
    expect(inProgress).toBeLessThanOrEqual(Math.ceil(LEASE_MS / 1000) + 1);
    expect(await count(`SELECT count(*)::int AS n FROM ledger.transactions WHERE narration LIKE $1`, [`${tag}-%`])).toBe(500);
    const again = await call(ledger, 'POST', '/api/v1/transactions/bulk', body, { 'Idempotency-Key': tag });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  test('statement upload', async () => {
    const doomed = await spawnService('statement', { STATEMENT_QUEUE: `fault-idem-killed-${randomBytes(4).toString('hex')}` });
    const tag = `killed-upload-${randomUUID()}`;
    const held = proxy.arm({ kind: 'hold', statement: STATEMENT_INSERT, times: 1 });
    const lost = upload({ baseUrl: doomed.baseUrl } as TestService, statementCsv(tag), tag, 'killed.csv').catch(() => undefined);
    await held;
    doomed.child.kill('SIGKILL');
    await lost;

    const { answer } = await retryUntilDone(() => upload(statement, statementCsv(tag), tag, 'killed.csv'));
    expect(answer.status).toBe(201);
    const stored = (await ledger.deps.pool.query(`SELECT id FROM statement.statements WHERE org_id = $1 AND file_name = 'killed.csv'`, [orgId])).rows;
    expect(stored.map((r) => r.id)).toEqual([answer.json.data.id]);
  });
});

/** `n` posts one after another, each with a key of its own; every answer. */
async function postSequentially(svc: TestService, tag: string, n: number): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i++) answers.push(await call(svc, 'POST', '/api/v1/transactions', posting(`${tag}-${i}`), { 'Idempotency-Key': `${tag}-${i}` }));
  return answers;
}

const p99 = (answers: Answer[]): number => {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return ms[Math.ceil(ms.length * 0.99) - 1] as number;
};

test('Redis stopped: posts with a key succeed, answered about as fast as with Redis up (p99 < 50 ms on an idle machine), exactly once', async () => {
  // Straight to Postgres (not through the proxy), on this test's Redis, the rate limit on.
  const direct = await startTestService('ledger', buildLedgerApp, {
    databaseUrl: pg.url,
    redisUrl: redis.url,
    rateLimit: { requests: 100_000, windowSeconds: 60 },
  });
  try {
    const up = await postSequentially(direct, `redis-up-${randomUUID()}`, 200);
    expect(up.filter((a) => a.status !== 201)).toEqual([]);
    await redis.stop();
    const tag = `redis-down-${randomUUID()}`;
    const down = await postSequentially(direct, tag, 200);
    expect(down.filter((a) => a.status !== 201).map((a) => `${a.status} ${JSON.stringify(a.json)}`)).toEqual([]);
    // Before, every such post waited for Redis's 1 s command timeout and answered 502 (p99 2 s). The bound is the
    // issue's 50 ms, or, on a machine busy with other work, twice what the same posts took with Redis up plus 50 ms:
    // an outage that cost each request a Redis timeout would still fail it. BENCHMARKS.md records the figures.
    console.log(`posts with a key, p99: Redis up ${p99(up).toFixed(1)} ms, Redis down ${p99(down).toFixed(1)} ms`);
    expect(p99(down)).toBeLessThan(Math.max(50, 2 * p99(up) + 50));
    // The rate limit still answers, from this instance's own count.
    expect(down[0]?.headers.get('ratelimit-limit')).toBe('100000');
    // A retry during the outage replays.
    const retry = await call(direct, 'POST', '/api/v1/transactions', posting(`${tag}-0`), { 'Idempotency-Key': `${tag}-0` });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await count(`SELECT count(*)::int AS n FROM ledger.transactions WHERE narration LIKE $1`, [`${tag}-%`])).toBe(200);
  } finally {
    await redis.start();
    await direct.close();
  }
});
