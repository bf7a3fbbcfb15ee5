import { Metrics, type Logger, type PoolStats } from '@finance/platform';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { Gauge, Histogram } from 'prom-client';
import type { StatementClient } from '../../domain/db';
import type { FileStore } from '../../files';
import type { PipelineConfig } from '../../domain/pipeline/config';
import type { StepJob, StepJobHistory, StepQueue } from '../../domain/pipeline/jobs';
import { failAbandoned, failAbandonedStatements, queueUnqueuedStatements, runStep, RunFailed, type Outcome, type StepDeps } from '../../domain/pipeline/steps';

/** The queue as the worker uses it: adds the next steps, tells failed jobs apart, counts jobs for /metrics. */
export interface WorkerQueue extends StepQueue, StepJobHistory {
  jobCounts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export interface StatementWorkerOptions {
  /** BullMQ's connection; it must retry for ever (maxRetriesPerRequest: null). The worker closes it. */
  connection: Redis;
  queue: WorkerQueue;
  config: PipelineConfig;
  /** The statement client the steps run on; the worker disconnects it on close. */
  db: StatementClient;
  /** The pool under the adapter, for the pool metrics. */
  pool?: PoolStats;
  fileStore: FileStore;
  secretKey: Buffer;
  logger: Logger;
  /** Test seam: awaited once a step has claimed its statement, before it works. */
  beforeStep?: StepDeps['beforeStep'];
}

/**
 * The statement worker: a BullMQ Worker running the pipeline's steps, and the metrics /metrics serves. Its
 * Redis connection retries forever, so a Redis outage pauses the worker instead of failing jobs.
 */
export class StatementWorker {
  readonly worker: Worker<StepJob, Outcome>;
  readonly metrics: Metrics;
  /** For /readyz: the database and Redis answer. */
  readonly readiness: Record<string, () => Promise<unknown>>;
  private readonly deps: StepDeps;
  private closing?: Promise<boolean>;
  private sweeper?: NodeJS.Timeout;

  constructor(private readonly options: StatementWorkerOptions) {
    const { config, logger, connection, queue } = options;
    connection.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
    const { db } = options;
    const deps: StepDeps = (this.deps = {
      db,
      fileStore: options.fileStore,
      secretKey: options.secretKey,
      queue,
      logger,
      jobAttempts: config.jobAttempts,
      beforeStep: options.beforeStep,
    });
    this.readiness = { database: () => db.$queryRaw`SELECT 1`, redis: () => connection.ping() };

    this.metrics = new Metrics('statement-worker', options.pool);
    const duration = new Histogram({
      name: 'statement_job_duration_seconds',
      help: 'Statement pipeline jobs by step and outcome (done, completed, stalled, failed, retry, skipped)',
      labelNames: ['step', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers: [this.metrics.registry],
    });
    new Gauge({
      name: 'statement_queue_jobs',
      help: 'Jobs in the statement queue by state',
      labelNames: ['state'],
      registers: [this.metrics.registry],
      async collect() {
        const counts = await Promise.race([queue.jobCounts(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000).unref())]).catch(
          () => null,
        );
        if (!counts) return;
        for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
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
          if (!(err instanceof RunFailed)) {
            end({ outcome: 'retry' });
            throw err;
          }
          end({ outcome: 'failed' });
          throw new UnrecoverableError(err.message);
        }
      },
      {
        connection,
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
    await failAbandonedStatements(this.deps, this.options.queue);
    const every = this.options.config.queuedSweepMs;
    if (every > 0 && !this.closing) {
      await queueUnqueuedStatements(this.deps, this.options.queue);
      this.sweeper = setInterval(() => {
        queueUnqueuedStatements(this.deps, this.options.queue).catch((err: Error) =>
          this.options.logger.warn({ err: err.message }, 'could not check queued statements for missing jobs; will try again'),
        );
      }, every);
      this.sweeper.unref();
    }
  }

  /**
   * Stops taking jobs and lets the running ones finish, for at most `timeoutMs`; past it the worker stops anyway
   * (those jobs' locks lapse and another worker picks them up after the stalled-job check). True when every
   * running job finished.
   */
  close(timeoutMs = this.options.config.shutdownTimeoutMs): Promise<boolean> {
    clearInterval(this.sweeper);
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
      await this.options.queue.close();
      const { connection } = this.options;
      await connection.quit().catch(() => connection.disconnect());
      await this.options.db.$disconnect();
      return finished;
    })();
    return this.closing;
  }
}
