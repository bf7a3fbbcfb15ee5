/**
 * The statement worker process (`pnpm --filter statement worker`; `pnpm start` runs it beside the services):
 * runs the statement pipeline's BullMQ jobs, apart from the HTTP service, and serves /healthz, /readyz and
 * /metrics on WORKER_PORT. SIGTERM lets the running jobs finish (bounded by STATEMENT_SHUTDOWN_TIMEOUT_MS).
 */
import { createDbAdapter, createLogger, createPool, exitOnSignals, loadConfig, migrateService, poolSizeOf, serveProbes } from '@finance/platform';
import { buildStatementWorker } from './build-worker';
import { createFileStore, loadFileStoreConfig, loadSecretKey } from './files';
import { loadPipelineConfig } from './domain/pipeline/config';
import { statementService } from './service';

/** What stopping takes beyond the running jobs: closing the file store and the pool (the worker disconnects its client). */
const SHUTDOWN_MARGIN_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig('statement', statementService.defaultPort);
  const pipeline = loadPipelineConfig();
  const logger = createLogger('statement-worker', config.logLevel);
  const secret = loadSecretKey();
  if (secret.isDevelopmentDefault) logger.warn('STATEMENT_SECRET_KEY is not set: statement passwords are read with the public development key');
  // Its own budget (STATEMENT_WORKER_DB_POOL_SIZE, then DB_POOL_SIZE), never fewer than its jobs need at once.
  const pool = createPool(config.databaseUrl, { max: Math.max(poolSizeOf('statement_worker'), pipeline.concurrency + 2), applicationName: 'statement-worker' });
  // The service migrates on start too; both take the migrator's advisory lock, so starting together is safe.
  const applied = await migrateService(config.databaseUrl, statementService.schema, statementService.migrationsDir);
  if (applied.length > 0) logger.info({ applied }, `applied ${applied.length} migrations`);
  const fileStore = createFileStore(loadFileStoreConfig());
  const worker = buildStatementWorker({
    redisUrl: config.redisUrl,
    config: pipeline,
    adapter: createDbAdapter(pool),
    pool,
    fileStore,
    secretKey: secret.key,
    logger,
  });
  const probes = await serveProbes({ service: 'statement-worker', port: pipeline.workerPort, readiness: worker.readiness, metrics: worker.metrics });
  // In the background, so that /healthz answers while Redis is still being reached: once connected, statements a
  // dead worker left behind with a failed job are settled (StatementWorker.ready).
  worker.ready().catch((err: Error) => logger.error({ err: err.message }, 'could not settle abandoned statements'));
  logger.info({ port: probes.port, queue: pipeline.queueName, concurrency: pipeline.concurrency }, 'statement worker started');

  exitOnSignals(
    async () => {
      logger.info('stopping: letting running jobs finish');
      const [, finished] = await Promise.all([probes.shutdown(), worker.close(pipeline.shutdownTimeoutMs)]);
      await fileStore.close();
      await pool.end();
      logger.info({ finished }, 'statement worker stopped');
    },
    logger,
    pipeline.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS,
  );
}

main().catch((err: Error) => {
  console.error(JSON.stringify({ level: 'fatal', service: 'statement-worker', msg: 'failed to start', err: err.message }));
  process.exit(1);
});
