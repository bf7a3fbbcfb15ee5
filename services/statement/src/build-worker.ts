import type { DbAdapter } from '@finance/platform';
import { Redis } from 'ioredis';
import { createStatementClient } from './data-access/db';
import { WorkerStepQueue } from './data-access/step-queue';
import { stepJobOptions, type StepJob } from './domain/pipeline/jobs';
import { StatementWorker, type StatementWorkerOptions } from './entry-points/worker/statement-worker';

/**
 * What the worker needs, with the Redis it reaches its queue through named by URL (the worker opens it) and the
 * driver adapter over the process's pool, on which it gets a statement client of its own (closed with the worker).
 */
export type StatementWorkerParts = Omit<StatementWorkerOptions, 'connection' | 'queue' | 'db'> & { redisUrl: string; adapter: DbAdapter };

/** The statement worker wired to its queue (the worker process, and tests that run the worker in-process). */
export function buildStatementWorker(parts: StatementWorkerParts): StatementWorker {
  // Retries for ever, as BullMQ's blocking commands need: a Redis outage pauses the worker rather than failing jobs.
  const connection = new Redis(parts.redisUrl, { maxRetriesPerRequest: null });
  const queue = new WorkerStepQueue<StepJob>(connection, { queueName: parts.config.queueName, optionsOf: (job) => stepJobOptions(parts.config, job) });
  const { adapter, ...rest } = parts;
  return new StatementWorker({ ...rest, db: createStatementClient(adapter), connection, queue });
}
