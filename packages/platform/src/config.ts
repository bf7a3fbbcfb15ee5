import { DEFAULT_DATABASE_URL } from './db/pool';

export interface ServiceConfig {
  service: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  logLevel: string;
  /** Connections in this process's pg pool. */
  dbPoolSize: number;
}

/** Reads a service's config from the environment (contract section 1): `<SERVICE>_PORT`, then `PORT`, then the default. */
export function loadConfig(service: string, defaultPort: number, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const portText = env[`${service.toUpperCase()}_PORT`] ?? env.PORT ?? String(defaultPort);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port ${portText}`);
  const dbPoolSize = Number(env.DB_POOL_SIZE ?? 10);
  if (!Number.isInteger(dbPoolSize) || dbPoolSize < 1) throw new Error(`invalid DB_POOL_SIZE ${env.DB_POOL_SIZE}`);
  return {
    service,
    port,
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    logLevel: env.LOG_LEVEL ?? 'info',
    dbPoolSize,
  };
}
