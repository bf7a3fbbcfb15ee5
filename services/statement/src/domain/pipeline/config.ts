/** The statement pipeline's settings, from the environment (the service README lists them). */
export interface PipelineConfig {
  /** BullMQ queue name (STATEMENT_QUEUE). */
  queueName: string;
  /** The worker's /healthz and /metrics port (WORKER_PORT). */
  workerPort: number;
  /** Jobs one worker process runs at once (STATEMENT_WORKER_CONCURRENCY). */
  concurrency: number;
  /** Tries of a step that fails for a transient reason, the first included (STATEMENT_JOB_ATTEMPTS). */
  jobAttempts: number;
  /** First retry delay; doubles each time (STATEMENT_JOB_BACKOFF_MS). */
  jobBackoffMs: number;
  /** How long a job's lock lasts without renewal: after a worker crash, its job is picked up again this long later (STATEMENT_JOB_LOCK_MS). */
  lockDurationMs: number;
  /** How often workers look for jobs whose lock expired (STATEMENT_STALLED_INTERVAL_MS). */
  stalledIntervalMs: number;
  /** On SIGTERM, how long the running jobs may take to finish before the worker stops anyway (STATEMENT_SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

export const DEFAULT_QUEUE_NAME = 'statement-processing';

function positiveInt(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`invalid ${name} ${raw}: a whole number from ${min}`);
  return n;
}

export function loadPipelineConfig(env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  const queueName = env.STATEMENT_QUEUE?.trim() || DEFAULT_QUEUE_NAME;
  if (queueName.includes(':')) throw new Error(`invalid STATEMENT_QUEUE ${queueName}: BullMQ queue names cannot contain ':'`);
  return {
    queueName,
    workerPort: positiveInt('WORKER_PORT', env.WORKER_PORT, 4013, 0),
    concurrency: positiveInt('STATEMENT_WORKER_CONCURRENCY', env.STATEMENT_WORKER_CONCURRENCY, 2),
    jobAttempts: positiveInt('STATEMENT_JOB_ATTEMPTS', env.STATEMENT_JOB_ATTEMPTS, 5),
    jobBackoffMs: positiveInt('STATEMENT_JOB_BACKOFF_MS', env.STATEMENT_JOB_BACKOFF_MS, 2_000),
    lockDurationMs: positiveInt('STATEMENT_JOB_LOCK_MS', env.STATEMENT_JOB_LOCK_MS, 30_000),
    stalledIntervalMs: positiveInt('STATEMENT_STALLED_INTERVAL_MS', env.STATEMENT_STALLED_INTERVAL_MS, 30_000),
    shutdownTimeoutMs: positiveInt('STATEMENT_SHUTDOWN_TIMEOUT_MS', env.STATEMENT_SHUTDOWN_TIMEOUT_MS, 25_000),
  };
}
