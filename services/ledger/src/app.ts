import { createApp, type ServiceDeps } from '@finance/platform';
import { createLedgerDb } from './data-access/db';
import { ledgerRoutes } from './entry-points/api/routes';

export async function buildLedgerApp(deps: ServiceDeps) {
  const db = createLedgerDb(deps.pool);
  const app = createApp({
    service: 'ledger',
    routes: ledgerRoutes(db),
    authenticator: deps.authenticator,
    logger: deps.logger,
    readiness: { database: () => deps.pool.query('SELECT 1') },
  });
  return { app, close: () => db.$disconnect() };
}
