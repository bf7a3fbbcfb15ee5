import { join } from 'node:path';
import type { Express } from 'express';
import type { Pool } from 'pg';
import { Authenticator } from './auth/authenticate';
import { createPlatformDb, type PlatformDb } from './auth/platform-store';
import { loadConfig, type ServiceConfig } from './config';
import { ensureDatabase, migrate } from './db/migrator';
import { createPool } from './db/pool';
import { exitOnSignals, listen } from './http/server';
import { createLogger, type Logger } from './logger';

export const PLATFORM_MIGRATIONS_DIR = join(__dirname, '..', 'prisma', 'migrations');

/** Creates the database if needed, then applies the platform schema's and the service's own migrations. */
export async function migrateService(databaseUrl: string, schema: string, migrationsDir: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  await migrate({ databaseUrl, schema: 'platform', migrationsDir: PLATFORM_MIGRATIONS_DIR });
  await migrate({ databaseUrl, schema, migrationsDir });
}

/** What every service process has: its config, logger, one pg pool, and the shared key store. */
export interface ServiceDeps {
  config: ServiceConfig;
  logger: Logger;
  pool: Pool;
  platformDb: PlatformDb;
  authenticator: Authenticator;
}

export function createServiceDeps(config: ServiceConfig, logger = createLogger(config.service, config.logLevel)): ServiceDeps {
  const pool = createPool(config.databaseUrl, { max: config.dbPoolSize, applicationName: config.service });
  const platformDb = createPlatformDb(pool);
  return { config, logger, pool, platformDb, authenticator: new Authenticator(platformDb) };
}

export interface ServiceDefinition {
  name: string;
  defaultPort: number;
  /** The Postgres schema this service owns, and its migrations folder. */
  schema: string;
  migrationsDir: string;
  /** Builds the app; returns it with the cleanup to run after the server stops (close the service's own clients). */
  build(deps: ServiceDeps): Promise<{ app: Express; close?: () => Promise<void> }>;
}

/** main() of every service: migrate, build, listen, and shut down gracefully on SIGTERM. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const config = loadConfig(definition.name, definition.defaultPort);
  const deps = createServiceDeps(config);
  const { logger } = deps;
  try {
    await migrateService(config.databaseUrl, definition.schema, definition.migrationsDir);
    const { app, close } = await definition.build(deps);
    const running = await listen(app, config.port);
    running.cleanupWith(async () => {
      await close?.();
      await deps.platformDb.$disconnect();
      await deps.pool.end();
    });
    exitOnSignals(running.shutdown, logger);
    logger.info({ port: running.port }, `${definition.name} listening`);
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    process.exit(1);
  }
}
