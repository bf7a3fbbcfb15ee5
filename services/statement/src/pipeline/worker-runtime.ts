import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics, type Logger, type Pool } from '@finance/platform';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { Gauge, Histogram } from 'prom-client';
import type { FileStore } from '../ingest';
import type { PipelineConfig } from './config';
import { findRunningStatements } from '../data-access/pipeline.repo';
import { stepJobId, type StepJob } from './jobs';
import { jobOptions, type StepQueue } from './queue';
import { failAbandoned, runStep, type Outcome, type StepDeps } from './steps';

export interface StatementWorkerOptions {
  redisUrl: string;
  config: PipelineConfig;
  pool: Pool;
  fileStore: FileStore;
  secretKey: Buffer;
  logger: Logger;
  beforeStep?: StepDeps['beforeStep'];
}

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;

/**
 * The statement worker: a BullMQ Worker running the pipeline's steps, a Queue for the next steps, and the
 * metrics /metrics serves. Its Redis connection retries forever (maxRetriesPerRequest: null, as BullMQ's
 * blocking commands need), so a Redis outage pauses the worker instead of failing jobs.
 */
export class StatementWorker {
  readonly worker: Worker<StepJob, Outcome>;
  readonly queue: Queue<StepJob>;
  readonly metrics: Metrics;
  private readonly connection: Redis;
  private readonly deps: StepDeps;
  private closing?: Promise<boolean>;

  constructor(private readonly options: StatementWorkerOptions) {
    const { config, logger } = options;
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.connection.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
    this.queue = new Queue<StepJob>(config.queueName, { connection: this.connection });
    this.queue.on('error', () => undefined);

    const enqueue: StepQueue = {
      enqueue: async (job) => {
        const added = await this.queue.add(job.step, job, jobOptions(config, job));
        return added.id ?? '';
      },
    };
    const deps: StepDeps = (this.deps = {
      pool: options.pool,
      fileStore: options.fileStore,
      secretKey: options.secretKey,
      queue: enqueue,
      logger,
      jobAttempts: config.jobAttempts,
      beforeStep: options.beforeStep,
    });

    this.metrics = new Metrics('statement-worker', options.pool);
    const duration = new Histogram({
      name: 'statement_job_duration_seconds',
      help: 'Statement pipeline jobs by step and outcome (done, completed, stalled, failed, retry, skipped)',
      labelNames: ['step', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [this.metrics.registry],
    });
    const queue = this.queue;
    new Gauge({
      name: 'statement_queue_jobs',
      help: 'Jobs in the statement queue by state',
      labelNames: ['state'],
      registers: [this.metrics.registry],
      async collect() {
        const counts = await Promise.race([
          queue.getJobCounts(...QUEUE_STATES),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000).unref()),
        ]).catch(() => null);
        if (!counts) return;
        for (const state of QUEUE_STATES) this.set({ state }, counts[state] ?? 0);
      },
    });

    this.worker = new Worker<StepJob, Outcome>(
      config.queueName,
      async (job: Job<StepJob, Outcome>) => {
        const end = duration.startTimer({ step: job.data.step });
        try {
          const outcome = await runStep(deps, job.data, job.attemptsMade, job.opts.attempts ?? config.jobAttempts);
          end({ outcome });
          return outcome;
        } catch (err) {
          end({ outcome: err instanceof UnrecoverableError ? 'failed' : 'retry' });
          throw err;
        }
      },
      {
        connection: this.connection,
        concurrency: config.concurrency,
        lockDuration: config.lockDurationMs,
        stalledInterval: config.stalledIntervalMs,
        // A job whose worker died twice is failed rather than crash-looping the fleet.
        maxStalledCount: 2,
      },
    );
    this.worker.on('error', (err) => logger.error({ err: err.message }, 'worker error'));
    this.worker.on('failed', (job, err) => {
      if (!job || !/stalled more than allowable limit/i.test(err.message)) return;
      failAbandoned(deps, job.data, 'the worker processing it stopped repeatedly').catch((e: Error) =>
        logger.error({ err: e.message, statement_id: job.data.statementId }, 'could not mark an abandoned statement failed'),
      );
    });
  }

  /** Resolves once the worker is connected and taking jobs, and statements abandoned by a dead worker are settled. */
  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
    await this.failAbandonedStatements();
  }

  /**
   * BullMQ fails a job that stalled too often in whichever worker notices, and only that worker's `failed` event
   * marks the statement failed: if that worker dies first, the statement would stay processing for ever. So a
   * starting worker looks at every running statement's current job and settles those BullMQ has already failed.
   */
  private async failAbandonedStatements(): Promise<void> {
    for (const job of await findRunningStatements(this.options.pool)) {
      const queued = await this.queue.getJob(stepJobId(job));
      if (!queued || (await queued.getState()) !== 'failed') continue;
      await failAbandoned(this.deps, job, `its job failed (${queued.failedReason || 'no reason recorded'}) while no worker could record it`);
      this.options.logger.warn({ statement_id: job.statementId, step: job.step }, 'abandoned statement marked failed');
    }
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /**
   * Stops taking jobs and lets the running ones finish, for at most `timeoutMs`; past it the worker stops anyway
   * (those jobs' locks lapse and another worker picks them up after the stalled-job check). True when every
   * running job finished.
   */
  close(timeoutMs = this.options.config.shutdownTimeoutMs): Promise<boolean> {
    this.closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        this.worker.close().then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!finished) {
        this.options.logger.warn({ timeout_ms: timeoutMs }, 'running jobs did not finish in time; stopping anyway');
        await this.worker.close(true).catch(() => undefined);
      }
      await this.queue.close().catch(() => undefined);
      await this.connection.quit().catch(() => this.connection.disconnect());
      return finished;
    })();
    return this.closing;
  }
}

/** GET /healthz (alive), GET /readyz (database and Redis answer), GET /metrics (Prometheus). */
export function serveWorkerHttp(worker: StatementWorker, pool: Pool, port: number, host?: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, { error: { code: 'METHOD_NOT_ALLOWED', message: 'GET only' } });
    if (path === '/healthz') return send(200, { status: 'ok', service: 'statement-worker' });
    if (path === '/metrics') {
      void worker.metrics.render().then(({ contentType, body }) => send(200, body, contentType), () => send(500, 'metrics failed', 'text/plain'));
      return;
    }
    if (path === '/readyz') {
      const within = <T>(p: Promise<T>) =>
        Promise.race([p.then(() => 'ok'), new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 2_000).unref())]).catch((e: Error) => `error: ${e.message}`);
      void Promise.all([within(pool.query('SELECT 1')), within(worker.ping())]).then(([database, redis]) => {
        const checks = { database, redis };
        const ok = database === 'ok' && redis === 'ok';
        send(ok ? 200 : 503, ok ? { status: 'ready', service: 'statement-worker', checks } : { error: { code: 'NOT_READY', message: 'not ready', details: checks } });
      });
      return;
    }
    return send(404, { error: { code: 'NOT_FOUND', message: `no route for GET ${path}` } });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}
