/**
 * The statement pipeline under test: the real HTTP app and a real BullMQ worker in this process, against the
 * real Postgres and Redis, each test file on a queue of its own and a file-store folder of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@finance/platform';
import { endsWithTest, startTestService, TEST_DATABASE_URL, type TestKey, type TestService } from '@finance/platform/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { buildStatementApp, type StatementAppOptions } from '../src/app';
import { FileStoreUnavailableError, LocalFileStore, loadSecretKey, type FileStore } from '../src/files';
import { loadPipelineConfig, type PipelineConfig } from '../src/domain/pipeline/config';
import { buildStatementWorker } from '../src/build-worker';
import { StatementQueue } from '../src/data-access/step-queue';
import { stepJobOptions, type StepJob } from '../src/domain/pipeline/jobs';
import type { StepDeps } from '../src/domain/pipeline/steps';
import type { StatementWorker } from '../src/entry-points/worker/statement-worker';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function uniqueQueueName(prefix: string): string {
  return `test-${prefix}-${randomBytes(5).toString('hex')}`;
}

/** Everything a logger wrote, for asserting what never appears in the logs. */
export class LogSink extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
  text(): string {
    return this.lines.join('');
  }
}

export interface PipelineHarness {
  svc: TestService;
  fileStore: LocalFileStore;
  filesDir: string;
  config: PipelineConfig;
  worker?: StatementWorker;
  startWorker(options?: { beforeStep?: StepDeps['beforeStep']; logger?: Logger; fileStore?: FileStore; secretKey?: Buffer }): Promise<StatementWorker>;
  /** An app on the same database and file store, with other parts swapped (an unreachable queue, a failing store). */
  startVariant(options: StatementAppOptions): Promise<TestService>;
  close(): Promise<void>;
}

export async function startPipeline(
  prefix: string,
  options: { worker?: boolean; logger?: Logger; config?: Partial<PipelineConfig> } = {},
): Promise<PipelineHarness> {
  const filesDir = await mkdtemp(join(tmpdir(), `statement-files-${prefix}-`));
  const fileStore = new LocalFileStore(filesDir);
  const config: PipelineConfig = {
    ...loadPipelineConfig({}),
    queueName: uniqueQueueName(prefix),
    jobBackoffMs: 200,
    jobAttempts: 3,
    lockDurationMs: 5_000,
    stalledIntervalMs: 1_000,
    shutdownTimeoutMs: 10_000,
    // Test files share the database, not the queue: a sweep would add other files' queued statements to this one.
    queuedSweepMs: 0,
    ...options.config,
  };
  const build = (extra: StatementAppOptions) => (deps: Parameters<typeof buildStatementApp>[0]) =>
    buildStatementApp(options.logger ? { ...deps, logger: options.logger } : deps, { fileStore, pipeline: config, ...extra });
  const svc = await startTestService('statement', build({}));
  const variants: TestService[] = [];
  const workers: StatementWorker[] = [];
  const harness: PipelineHarness = {
    svc,
    fileStore,
    filesDir,
    config,
    async startWorker(workerOptions = {}) {
      const worker = buildStatementWorker({
        redisUrl: REDIS_URL,
        config,
        adapter: svc.deps.adapter,
        pool: svc.deps.pool,
        fileStore: workerOptions.fileStore ?? fileStore,
        secretKey: workerOptions.secretKey ?? loadSecretKey().key,
        logger: workerOptions.logger ?? options.logger ?? createLogger('statement-worker', process.env.TEST_LOG_LEVEL ?? 'silent'),
        beforeStep: workerOptions.beforeStep,
      });
      await worker.ready();
      workers.push(worker);
      harness.worker = worker;
      return worker;
    },
    async startVariant(variant) {
      const started = await startTestService('statement', build(variant));
      variants.push(started);
      return started;
    },
    async close() {
      for (const w of workers) await w.close(5_000);
      for (const v of variants) await v.close();
      const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
      const queue = new Queue(config.queueName, { connection });
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await connection.quit();
      await svc.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
  if (options.worker !== false) await harness.startWorker();
  return harness;
}

export interface UploadFields {
  account_id?: string;
  password?: string;
}

/** The statement API as one key calls it: JSON reads and writes under /api/v1. */
export function apiAs(svc: TestService, key: TestKey) {
  return {
    get: (path: string) => request(svc.baseUrl).get(`/api/v1${path}`).set(key.headers),
    post: (path: string, body: object) => request(svc.baseUrl).post(`/api/v1${path}`).set(key.headers).send(body),
    patch: (path: string, body: object) => request(svc.baseUrl).patch(`/api/v1${path}`).set(key.headers).send(body),
  };
}

export function upload(svc: TestService, key: TestKey, file: Buffer, fileName: string, fields: UploadFields = {}) {
  let req = request(svc.baseUrl).post('/api/v1/statements').set(key.headers).attach('file', file, fileName);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) req = req.field(name, value);
  return req;
}

export async function getStatement(svc: TestService, key: TestKey, id: string) {
  const res = await request(svc.baseUrl).get(`/api/v1/statements/${id}`).set(key.headers);
  if (res.status !== 200) throw new Error(`GET statement ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * How long a wait for a state may last before it counts as never: it only catches a hang, never decides an
 * outcome, so it sits far above what a machine at a load average of 20 takes, and below jest's timeout (300 s).
 */
export const WAIT_MS = 180_000;

/** Polls the statement until it leaves queued/processing (or matches `until`), for at most `timeoutMs`. */
export async function waitForStatement(
  svc: TestService,
  key: TestKey,
  id: string,
  until: (s: { status: string; step: string | null }) => boolean = (s) => s.status !== 'queued' && s.status !== 'processing',
  timeoutMs = WAIT_MS,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statement = await getStatement(svc, key, id);
    if (until(statement)) return statement;
    if (Date.now() > deadline)
      throw new Error(`statement ${id} still ${statement.status} at ${statement.step} after ${timeoutMs} ms: ${JSON.stringify(statement)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The statement's stored row, every column, to prove that a refused call changed nothing. */
export async function statementRow(svc: TestService, id: string): Promise<Record<string, unknown>> {
  const res = await svc.deps.pool.query(
    `SELECT s.*, (SELECT count(*)::int FROM statement.statement_rows r WHERE r.statement_id = s.id) AS staged FROM statement.statements s WHERE id = $1`,
    [id],
  );
  return res.rows[0];
}

export async function countStatements(svc: TestService, orgId: string): Promise<number> {
  const res = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM statement.statements WHERE org_id = $1`, [orgId]);
  return res.rows[0].n;
}

/** The HTTP service's producer on a Redis that never answers. */
export function unreachableQueue(config: PipelineConfig): StatementQueue<StepJob> {
  return new StatementQueue<StepJob>('redis://127.0.0.1:1', {
    queueName: config.queueName,
    optionsOf: (job) => stepJobOptions({ jobAttempts: 1, jobBackoffMs: 1 }, job),
  });
}

/** A file store whose reads fail, as an unreachable S3 would. */
export function unreadableStore(inner: FileStore): FileStore {
  return {
    put: (key, buffer) => inner.put(key, buffer),
    exists: (key) => inner.exists(key),
    close: async () => undefined,
    get: async (key) => {
      throw new FileStoreUnavailableError(`the stored file "${key}" cannot be read: connect ECONNREFUSED`);
    },
  };
}

export const createdLogger = (sink: LogSink, service: string) => createLogger(service, 'trace', sink);

const ROOT = join(__dirname, '..', '..', '..');

/** The worker's memory bounds as `pnpm start`, compose and Kubernetes run it (package.json `worker`). */
export const PRODUCTION_WORKER_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=8'];

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Waits until the queue's job `jobId` is being worked on (BullMQ's `active`), for at most `timeoutMs`: a statement
 * at a step is only queued for it, and a worker may not have taken the job yet.
 */
export async function waitForActiveJob(h: PipelineHarness, jobId: string, timeoutMs = WAIT_MS): Promise<void> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(h.config.queueName, { connection });
  try {
    const deadline = Date.now() + timeoutMs;
    while ((await (await queue.getJob(jobId))?.getState()) !== 'active') {
      if (Date.now() > deadline) throw new Error(`job ${jobId} was not taken by a worker within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await queue.close();
    await connection.quit();
  }
}

/**
 * The worker as production runs it, in a process of its own (`node --import tsx src/worker.ts`), on the
 * harness's queue, database and file store, one job at a time; resolves once it says it has started.
 */
export async function spawnWorkerProcess(h: PipelineHarness, options: { nodeFlags?: string[]; env?: Record<string, string> } = {}): Promise<WorkerProcess> {
  let output = '';
  const child = endsWithTest(
    spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'services/statement/src/worker.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: TEST_DATABASE_URL,
        STATEMENT_QUEUE: h.config.queueName,
        STATEMENT_FILE_STORE: 'local',
        STATEMENT_FILES_DIR: h.filesDir,
        WORKER_PORT: '0',
        LOG_LEVEL: 'info',
        STATEMENT_WORKER_CONCURRENCY: '1',
        STATEMENT_QUEUED_SWEEP_MS: String(h.config.queuedSweepMs),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + WAIT_MS;
  while (!output.includes('statement worker started')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`worker did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, output: () => output, exited };
}
