import { createApp, platformAppOptions, webhookApi, type ServiceDeps, type WebhookConfig } from '@finance/platform';
import { statementWebhookEvents } from './views/events';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './data-access/budget';
import { createStatementClient } from './data-access/db';
import { StatementQueue } from './data-access/step-queue';
import { stepJobOptions, type StepJob, type StepQueue } from './domain/pipeline/jobs';
import type { StatementIo } from './domain/statements';
import { statementRoutes } from './entry-points/api/routes';
import { createFileStore, loadFileStoreConfig, loadSecretKey, type FileStore } from './files';
import { loadPipelineConfig, type PipelineConfig } from './domain/pipeline/config';

export interface StatementAppOptions {
  limits?: Partial<QueryLimits>;
  /** Defaults from the environment (STATEMENT_FILE_STORE ...); tests pass their own. */
  fileStore?: FileStore;
  /** Queue settings (STATEMENT_QUEUE ...); tests use a queue name of their own. */
  pipeline?: Partial<PipelineConfig>;
  /** Replaces the BullMQ producer (tests: one on an unreachable Redis). Not closed by the app. */
  queue?: StepQueue;
  /** The Redis of the producer; default REDIS_URL. */
  queueRedisUrl?: string;
  /** Webhook settings beyond the environment's (tests: loopback allowed). */
  webhooks?: Partial<WebhookConfig>;
}

function positiveMs(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`invalid ${name} ${raw}: a whole number of milliseconds`);
  return ms;
}

/** Statement timeouts from the environment (STATEMENT_QUERY_TIMEOUT_MS, STATEMENT_RUN_TIMEOUT_MS), overridable by tests. */
export function queryLimits(options: StatementAppOptions = {}): QueryLimits {
  return {
    queryTimeoutMs: options.limits?.queryTimeoutMs ?? positiveMs('STATEMENT_QUERY_TIMEOUT_MS', DEFAULT_QUERY_LIMITS.queryTimeoutMs),
    runTimeoutMs: options.limits?.runTimeoutMs ?? positiveMs('STATEMENT_RUN_TIMEOUT_MS', DEFAULT_QUERY_LIMITS.runTimeoutMs),
  };
}

export async function buildStatementApp(deps: ServiceDeps, options: StatementAppOptions = {}) {
  const secret = loadSecretKey();
  if (secret.isDevelopmentDefault) deps.logger.warn('STATEMENT_SECRET_KEY is not set: statement passwords are sealed with the public development key');
  const pipeline = { ...loadPipelineConfig(), ...options.pipeline };
  const fileStore = options.fileStore ?? createFileStore(loadFileStoreConfig());
  const ownQueue = options.queue
    ? undefined
    : new StatementQueue<StepJob>(options.queueRedisUrl ?? deps.config.redisUrl, {
        queueName: pipeline.queueName,
        optionsOf: (job) => stepJobOptions(pipeline, job),
      });
  const io: StatementIo = { fileStore, queue: options.queue ?? ownQueue!, secretKey: secret.key };
  const db = createStatementClient(deps.adapter);
  const webhooks = webhookApi(deps, 'statement', options.webhooks);
  const app = createApp({
    service: 'statement',
    routes: [...statementRoutes(db, queryLimits(options), io), ...webhooks.routes],
    webhookEvents: statementWebhookEvents,
    ...platformAppOptions(deps),
    db,
    schema: 'statement',
    // Only the database gates readiness (issue 20): uploads are accepted without the queue's Redis (the worker
    // adds their jobs later), rate limits fall back to memory; only recovery calls answer 502 while it is down.
    // Taking instances out of service for a Redis outage would refuse the uploads they can accept.
    readiness: { database: () => db.$queryRaw`SELECT 1` },
  });
  return {
    app,
    close: async () => {
      await ownQueue?.close();
      await webhooks.close();
      if (!options.fileStore) await fileStore.close();
      await db.$disconnect();
    },
  };
}
