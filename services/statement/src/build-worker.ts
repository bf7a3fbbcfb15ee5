import type { Logger, Pool } from '@finance/platform';
import { Redis } from 'ioredis';
import { WorkerStepQueue } from './data-access/step-queue';
import { stepJobOptions, type StepJob } from './domain/pipeline/jobs';
import type { StepDeps } from './domain/pipeline/steps';
import { StatementWorker } from './entry-points/worker/statement-worker';
import type { FileStore } from './ingest';
import type { PipelineConfig } from './pipeline/config';

export interface StatementWorkerParts {
  redisUrl: string;
  config: PipelineConfig;
  pool: Pool;
  fileStore: FileStore;
  secretKey: Buffer;
  logger: Logger;
  /** Test seam: awaited once a step has claimed its statement, before it works. */
  beforeStep?: StepDeps['beforeStep'];
}

/** The statement worker wired to its queue (the worker process, and tests that run the worker in-process). */
export function buildStatementWorker(parts: StatementWorkerParts): StatementWorker {
  // Retries for ever, as BullMQ's blocking commands need: a Redis outage pauses the worker rather than failing jobs.
  const connection = new Redis(parts.redisUrl, { maxRetriesPerRequest: null });
  const queue = new WorkerStepQueue<StepJob>(connection, { queueName: parts.config.queueName, optionsOf: (job) => stepJobOptions(parts.config, job) });
  return new StatementWorker({ ...parts, connection, queue });
}
