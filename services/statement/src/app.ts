import { createApp, platformAppOptions, type ServiceDeps } from '@finance/platform';
import { DEFAULT_QUERY_LIMITS, type QueryLimits } from './data-access/budget';
import { createStatementDb } from './data-access/db';
import { statementRoutes } from './entry-points/api/routes';

export interface StatementAppOptions {
  limits?: Partial<QueryLimits>;
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
  const db = createStatementDb(deps.pool);
  const app = createApp({
    service: 'statement',
    routes: statementRoutes(db, queryLimits(options)),
    ...platformAppOptions(deps),
    // Redis only carries rate limits and idempotency keys here, which degrade gracefully: not a readiness gate.
    readiness: { database: () => deps.pool.query('SELECT 1') },
  });
  return { app, close: () => db.$disconnect() };
}
