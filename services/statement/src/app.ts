import { createApp, type ServiceDeps } from '@finance/platform';
import { createStatementDb } from './data-access/db';
import { statementRoutes } from './entry-points/api/routes';

export async function buildStatementApp(deps: ServiceDeps) {
  const db = createStatementDb(deps.pool);
  const app = createApp({
    service: 'statement',
    routes: statementRoutes(db),
    authenticator: deps.authenticator,
    logger: deps.logger,
    readiness: { database: () => deps.pool.query('SELECT 1') },
  });
  return { app, close: () => db.$disconnect() };
}
