import { createApp, type ServiceDeps } from '@finance/platform';
import { createSnapshotDb } from './data-access/db';
import { snapshotRoutes } from './entry-points/api/routes';

/** The snapshot service's app: its routes on the platform skeleton, ready by its database. */
export async function buildSnapshotApp(deps: ServiceDeps) {
  const db = createSnapshotDb(deps.pool);
  const app = createApp({
    service: 'snapshot',
    routes: snapshotRoutes(db, deps.pool),
    authenticator: deps.authenticator,
    logger: deps.logger,
    readiness: { database: () => deps.pool.query('SELECT 1') },
    pool: deps.pool,
  });
  return { app, close: () => db.$disconnect() };
}
