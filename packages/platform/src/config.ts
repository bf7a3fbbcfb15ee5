import { DEFAULT_DATABASE_URL } from './db/pool';

export interface ServiceConfig {
  service: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  logLevel: string;
  /** Connections in this process's pg pool. */
  dbPoolSize: number;
  /** Per-key request budget shared by the service's instances (0 requests: off). */
  rateLimit: { requests: number; windowSeconds: number };
}

function nonNegativeInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid ${name} ${text}`);
  return n;
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
    rateLimit: {
      requests: nonNegativeInt('RATE_LIMIT_REQUESTS', env[`${service.toUpperCase()}_RATE_LIMIT_REQUESTS`] ?? env.RATE_LIMIT_REQUESTS ?? '6000'),
      windowSeconds: nonNegativeInt('RATE_LIMIT_WINDOW_SECONDS', env[`${service.toUpperCase()}_RATE_LIMIT_WINDOW_SECONDS`] ?? env.RATE_LIMIT_WINDOW_SECONDS ?? '60') || 60,
    },
  };
}
