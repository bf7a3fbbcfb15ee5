import { UpstreamUnavailableError } from '@finance/platform';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { PipelineConfig } from './config';
import { stepJobId, type StepJob } from './jobs';

/** Adds step jobs to the statement queue. The HTTP service and the worker (for the next step) both use one. */
export interface StepQueue {
  /** Queues the job and returns its id; adding an id the queue already holds changes nothing. */
  enqueue(job: StepJob): Promise<string>;
}

export function jobOptions(config: Pick<PipelineConfig, 'jobAttempts' | 'jobBackoffMs'>, job: StepJob): JobsOptions {
  return {
    jobId: stepJobId(job),
    attempts: config.jobAttempts,
    backoff: { type: 'exponential', delay: config.jobBackoffMs },
    // Kept long enough to inspect, bounded so Redis does not grow with every statement ever processed.
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/**
 * The HTTP service's producer. Its own Redis connection fails fast (one retry, short timeouts, and a bound on
 * the whole add), so a Redis outage is a prompt 502 for the caller, never a request that hangs. The platform's
 * rate-limit client is not used: BullMQ wants a connection of its own.
 */
export class StatementQueue implements StepQueue {
  readonly connection: Redis;
  readonly queue: Queue;
  /** Set once the connection has failed and not come back: answer at once rather than after the timeout. */
  private down = false;
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly config: Pick<PipelineConfig, 'queueName' | 'jobAttempts' | 'jobBackoffMs'>,
    private readonly addTimeoutMs = 3_000,
    redisOptions: RedisOptions = {},
  ) {
    this.connection = new Redis(redisUrl, {
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // ioredis waits this long for a socket that never opened to close; it would hold a stopping process.
      disconnectTimeout: 200,
      // Reconnect in the background; requests meanwhile fail after one retry instead of waiting.
      retryStrategy: (times) => (this.closed ? null : Math.min(times * 200, 2_000)),
      ...redisOptions,
    });
    // Without a listener ioredis prints every failed reconnect; the failures reach callers as 502s instead.
    this.connection.on('error', () => {
      this.down = true;
    });
    this.connection.on('close', () => {
      this.down = true;
    });
    this.connection.on('ready', () => {
      this.down = false;
    });
    this.queue = new Queue(config.queueName, { connection: this.connection });
    this.queue.on('error', () => undefined);
  }

  async enqueue(job: StepJob): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    try {
      if (this.down) throw new Error('Redis is not connected');
      const added = await Promise.race([
        this.queue.add(job.step, job, jobOptions(this.config, job)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.addTimeoutMs} ms`)), this.addTimeoutMs);
        }),
      ]);
      return added.id ?? stepJobId(job);
    } catch (err) {
      throw new UpstreamUnavailableError(`the processing queue cannot be reached (${(err as Error).message}); nothing was changed, try again`);
    } finally {
      clearTimeout(timer);
    }
  }

  /** For /readyz. */
  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.connection.status !== 'ready') {
      // Not connected: quit would wait for a connection that may never come.
      await this.queue.close().catch(() => undefined);
      this.connection.disconnect();
      return;
    }
    await this.queue.close().catch(() => undefined);
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
