import { DEFAULT_DATABASE_URL } from './db/pool';

export interface ServiceConfig {
  service: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  logLevel: string;
  /** Connections in this process's pg pool (`<SERVICE>_DB_POOL_SIZE`, then `DB_POOL_SIZE`, default 10). */
  dbPoolSize: number;
  /** How long a request holding an Idempotency-Key may stay silent in its transaction before Postgres ends it (IDEMPOTENCY_LEASE_MS). */
  idempotencyLeaseMs: number;
  /** Per-key request budget shared by the service's instances (0 requests: off). */
  rateLimit: { requests: number; windowSeconds: number; instances?: number };
}

function nonNegativeInt(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid ${name} ${text}`);
  return n;
}

/**
 * The pg pool size of one process: `<PROCESS>_DB_POOL_SIZE` (LEDGER_DB_POOL_SIZE, STATEMENT_WORKER_DB_POOL_SIZE ...),
 * then `DB_POOL_SIZE`, then 10. Per process, so that the connection budget (README: the sum over every process
 * stays under Postgres's max_connections) can give each what it needs.
 */
export function poolSizeOf(processName: string, env: NodeJS.ProcessEnv = process.env): number {
  const name = `${processName.toUpperCase().replace(/-/g, '_')}_DB_POOL_SIZE`;
  const text = env[name] ?? env.DB_POOL_SIZE ?? '10';
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`invalid ${env[name] !== undefined ? name : 'DB_POOL_SIZE'} ${text}`);
  return n;
}

/** Reads a service's config from the environment (contract section 1): `<SERVICE>_PORT`, then `PORT`, then the default. */
export function loadConfig(service: string, defaultPort: number, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const portText = env[`${service.toUpperCase()}_PORT`] ?? env.PORT ?? String(defaultPort);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port ${portText}`);
  const dbPoolSize = poolSizeOf(service, env);
  const leaseMs = nonNegativeInt('IDEMPOTENCY_LEASE_MS', env.IDEMPOTENCY_LEASE_MS ?? '10000');
  return {
    service,
    port,
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    logLevel: env.LOG_LEVEL ?? 'info',
    dbPoolSize,
    idempotencyLeaseMs: Math.max(1, leaseMs),
    rateLimit: {
      requests: nonNegativeInt('RATE_LIMIT_REQUESTS', env[`${service.toUpperCase()}_RATE_LIMIT_REQUESTS`] ?? env.RATE_LIMIT_REQUESTS ?? '6000'),
      windowSeconds:
        nonNegativeInt('RATE_LIMIT_WINDOW_SECONDS', env[`${service.toUpperCase()}_RATE_LIMIT_WINDOW_SECONDS`] ?? env.RATE_LIMIT_WINDOW_SECONDS ?? '60') || 60,
      instances: nonNegativeInt('RATE_LIMIT_INSTANCES', env[`${service.toUpperCase()}_RATE_LIMIT_INSTANCES`] ?? env.RATE_LIMIT_INSTANCES ?? '1') || 1,
    },
  };
}
