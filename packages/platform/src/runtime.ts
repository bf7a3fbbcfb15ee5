import { join } from 'node:path';
import type { Express } from 'express';
import { Redis } from 'ioredis';
import { Authenticator, type AuthenticatorOptions } from './auth/authenticate';
import { loadConfig, type ServiceConfig } from './config';
import { ensureDatabase, migrate } from './db/migrator';
import { createDbAdapter, createPool, type DbAdapter, type Pool, type PoolOptions } from './db/pool';
import { createPlatformClient, type PlatformClient } from './db/platform-db';
import { exitOnSignals, listen } from './http/server';
import type { IdempotencyStore } from './http/idempotency';
import { createLogger, type Logger } from './logger';
import { startWebhookWorker } from './webhooks/service';
import { loadWebhookConfig } from './webhooks/worker';

export const PLATFORM_MIGRATIONS_DIR = join(__dirname, '..', 'prisma', 'migrations');

/**
 * Creates the database if needed, then applies the platform schema's and the service's own migrations.
 * Answers the ones applied now (`schema/name`), so a first start can say what it did.
 */
export async function migrateService(databaseUrl: string, schema: string, migrationsDir: string): Promise<string[]> {
  await ensureDatabase(databaseUrl);
  const platform = await migrate({ databaseUrl, schema: 'platform', migrationsDir: PLATFORM_MIGRATIONS_DIR });
  const own = await migrate({ databaseUrl, schema, migrationsDir });
  return [...platform.applied.map((name) => `platform/${name}`), ...own.applied.map((name) => `${schema}/${name}`)];
}

/**
 * What every service process has: its config, logger, one connection pool with the Prisma driver adapter over it
 * (each service builds its own Prisma Client on `adapter`), the platform schema's client, and the shared key store.
 */
export interface ServiceDeps {
  config: ServiceConfig;
  logger: Logger;
  /** The process's pg pool: for the pool metrics and tests' direct reads; services read and write through their client. */
  pool: Pool;
  adapter: DbAdapter;
  platformDb: PlatformClient;
  authenticator: Authenticator;
  /** For the shared rate limits; commands fail fast rather than queue while Redis is down. */
  redis: Redis;
}

export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 });
}

/** What createApp needs from the process's shared dependencies, so every service wires them the same way. */
export function platformAppOptions(deps: ServiceDeps) {
  return {
    authenticator: deps.authenticator,
    logger: deps.logger,
    pool: deps.pool,
    redis: deps.redis,
    rateLimit: deps.config.rateLimit,
    idempotencyLeaseMs: deps.config.idempotencyLeaseMs,
  };
}

/** Closes what createServiceDeps opened. */
export async function closeServiceDeps(deps: ServiceDeps): Promise<void> {
  await deps.platformDb.$disconnect();
  await deps.pool.end();
  await deps.redis.quit().catch(() => deps.redis.disconnect());
}

export function createServiceDeps(
  config: ServiceConfig,
  logger = createLogger(config.service, config.logLevel),
  poolOptions: Pick<PoolOptions, 'sessionOptions'> = {},
  authenticatorOptions: Pick<AuthenticatorOptions, 'clock'> = {},
): ServiceDeps {
  const pool = createPool(config.databaseUrl, {
    max: config.dbPoolSize,
    applicationName: config.service,
    onIdleError: (err) => logger.warn({ err: err.message }, 'an idle database connection was closed; the pool will reconnect'),
    ...poolOptions,
  });
  const adapter = createDbAdapter(pool);
  const platformDb = createPlatformClient(adapter);
  return {
    config,
    logger,
    pool,
    adapter,
    platformDb,
    authenticator: new Authenticator(platformDb, { logger, ...authenticatorOptions }),
    redis: createRedis(config.redisUrl),
  };
}

export interface ServiceDefinition {
  name: string;
  defaultPort: number;
  /** The Postgres schema this service owns, and its migrations folder. */
  schema: string;
  migrationsDir: string;
  /** Settings for the service's pg connections (e.g. the ledger turns JIT off). */
  pool?: Pick<PoolOptions, 'sessionOptions'>;
  /** Builds the app; returns it with the cleanup to run after the server stops (close the service's own clients). */
  build(deps: ServiceDeps): Promise<BuiltService>;
  /**
   * Webhooks (issue 36): the process runs a delivery worker (unless WEBHOOK_WORKER=false), and relays its schema's
   * webhook_outbox when `outbox` is set.
   */
  webhooks?: { outbox: boolean };
}

export interface BuiltService {
  app: Express;
  close?: () => Promise<void>;
  /**
   * Probes served apart from the app, on an operators' port (the console: its app faces browsers, so /readyz and
   * /metrics are not on it). Listened on beside the app and shut down with it.
   */
  ops?: { app: Express; port: number };
}

/** main() of every service: migrate, build, listen, and shut down gracefully on SIGTERM. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = loadConfig(definition.name, definition.defaultPort);
  const deps = createServiceDeps(config, undefined, definition.pool);
  const { logger } = deps;
  try {
    const applied = await migrateService(config.databaseUrl, definition.schema, definition.migrationsDir);
    if (applied.length > 0) logger.info({ applied }, `applied ${applied.length} migrations`);
    const { app, close, ops } = await definition.build(deps);
    const opsServer = ops ? await listen(ops.app, ops.port) : undefined;
    const running = await listen(app, config.port);
    const stopSweeping = (app.locals.idempotency as IdempotencyStore | undefined)?.startSweeping(logger);
    const webhookConfig = definition.webhooks ? loadWebhookConfig() : undefined;
    if (webhookConfig?.secretKeyIsDevelopmentDefault) logger.warn('WEBHOOK_SECRET_KEY is not set: webhook secrets are sealed with the public development key');
    const webhooks =
      definition.webhooks && webhookConfig?.runWorker
        ? startWebhookWorker(deps, definition.name, { outboxSchema: definition.webhooks.outbox ? definition.schema : undefined })
        : undefined;
    running.cleanupWith(async () => {
      stopSweeping?.();
      await webhooks?.close();
      await opsServer?.shutdown();
      await close?.();
      await closeServiceDeps(deps);
    });
    exitOnSignals(running.shutdown, logger);
    logger.info({ port: running.port, ...(opsServer ? { ops_port: opsServer.port } : {}) }, `${definition.name} listening`);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}
