import { createApp, platformAppOptions, type ServiceDeps } from '@finance/platform';
import { createSnapshotDb } from './data-access/db';
import { snapshotRoutes } from './entry-points/api/routes';

/** The snapshot service's app: its routes on the platform skeleton, ready by its database. */
export async function buildSnapshotApp(deps: ServiceDeps) {
  const db = createSnapshotDb(deps.pool);
  const app = createApp({
    service: 'snapshot',
    routes: snapshotRoutes(db, deps.pool),
    ...platformAppOptions(deps),
    // Redis only carries rate limits and idempotency keys here, which degrade gracefully: not a readiness gate.
    readiness: { database: () => deps.pool.query('SELECT 1') },
  });
  return { app, close: () => db.$disconnect() };
}
