/**
 * The statement queue is BullMQ over Redis: storage the domain writes step jobs to, behind the StepQueue it
 * declares. A job's id and options are the domain's (stepJobOptions, handed in as `optionsOf`); only how jobs
 * reach Redis is decided here.
 */
import { UpstreamUnavailableError } from '@finance/platform';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/** A step job as the queue stores it: named after its step. */
interface StepJobData {
  step: string;
}

export interface QueueSettings<Job extends StepJobData> {
  queueName: string;
  /** The id (which makes adding a job twice a no-op) and the tries, backoff and retention of a job. */
  optionsOf(job: Job): JobsOptions & { jobId: string };
}

/**
 * The HTTP service's producer. Its own Redis connection fails fast (one retry, short timeouts, and a bound on
 * the whole add), so a Redis outage is a prompt 502 for the caller, never a request that hangs. The platform's
 * rate-limit client is not used: BullMQ wants a connection of its own.
 */
export class StatementQueue<Job extends StepJobData> {
  readonly connection: Redis;
  readonly queue: Queue;
  /** Set once the connection has failed and not come back: answer at once rather than after the timeout. */
  private down = false;
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly settings: QueueSettings<Job>,
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
    this.queue = new Queue(settings.queueName, { connection: this.connection });
    this.queue.on('error', () => undefined);
  }

  async enqueue(job: Job): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const options = this.settings.optionsOf(job);
    try {
      if (this.down) throw new Error('Redis is not connected');
      const added = await Promise.race([
        this.queue.add(job.step, job, options),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.addTimeoutMs} ms`)), this.addTimeoutMs);
        }),
      ]);
      return added.id ?? options.jobId;
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

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/**
 * The worker's producer, on the worker's own connection (which retries for ever, as BullMQ's blocking commands
 * need): a Redis outage pauses adding the next step rather than failing it. Also what the worker reads back:
 * failed jobs for the abandoned-statement sweep, and job counts for its metrics.
 */
export class WorkerStepQueue<Job extends StepJobData> {
  readonly queue: Queue;

  constructor(
    connection: Redis,
    private readonly settings: QueueSettings<Job>,
  ) {
    this.queue = new Queue(settings.queueName, { connection });
    this.queue.on('error', () => undefined);
  }

  async enqueue(job: Job): Promise<string> {
    const added = await this.queue.add(job.step, job, this.settings.optionsOf(job));
    return added.id ?? '';
  }

  async holds(job: Job): Promise<boolean> {
    return (await this.queue.getJob(this.settings.optionsOf(job).jobId)) !== undefined;
  }

  /** Why BullMQ failed this job, or null when it holds no failed job under the job's id. */
  async failedReason(job: Job): Promise<string | null> {
    const queued = await this.queue.getJob(this.settings.optionsOf(job).jobId);
    if (!queued || (await queued.getState()) !== 'failed') return null;
    return queued.failedReason || 'no reason recorded';
  }

  async jobCounts(): Promise<Record<QueueState, number>> {
    const counts = await this.queue.getJobCounts(...QUEUE_STATES);
    return Object.fromEntries(QUEUE_STATES.map((state) => [state, counts[state] ?? 0])) as Record<QueueState, number>;
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }
}
