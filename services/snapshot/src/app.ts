import { createApp, platformAppOptions, platformWebhookEvents, webhookApi, type ServiceDeps } from '@finance/platform';
import { createSnapshotClient } from './data-access/db';
import { snapshotRoutes } from './entry-points/api/routes';

/** The snapshot service's app: its routes on the platform skeleton, ready by its database. */
export async function buildSnapshotApp(deps: ServiceDeps) {
  const db = createSnapshotClient(deps.adapter);
  // The endpoint registry is at every base_url (issue 36); the snapshot service sends no events of its own.
  const webhooks = webhookApi(deps, 'snapshot');
  const app = createApp({
    service: 'snapshot',
    ...platformAppOptions(deps),
    db,
    routes: [...snapshotRoutes(db), ...webhooks.routes],
    webhookEvents: platformWebhookEvents,
    schema: 'snapshot',
    // Redis only carries rate limits and idempotency keys here, which degrade gracefully: not a readiness gate.
    readiness: { database: () => db.$queryRaw`SELECT 1` },
  });
  return {
    app,
    close: async () => {
      await webhooks.close();
      await db.$disconnect();
    },
  };
}
