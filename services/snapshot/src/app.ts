import { createApp, platformAppOptions, type ServiceDeps } from '@finance/platform';
import { snapshotRoutes } from './entry-points/api/routes';

/** The snapshot service's app: its routes on the platform skeleton, ready by its database. */
export async function buildSnapshotApp(deps: ServiceDeps) {
  const app = createApp({
    service: 'snapshot',
    routes: snapshotRoutes(deps.pool),
    ...platformAppOptions(deps),
    schema: 'snapshot',
    // Redis only carries rate limits and idempotency keys here, which degrade gracefully: not a readiness gate.
    readiness: { database: () => deps.pool.query('SELECT 1') },
  });
  return { app };
}
