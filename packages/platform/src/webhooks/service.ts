import type { ServiceDeps } from '../runtime';
import type { AnyRoute } from '../http/route';
import { webhookRoutes } from './routes';
import { webhookEventSchema, type WebhookEventDoc } from './events';
import { webhookEndpointView } from './store';
import { loadWebhookConfig, WebhookQueue, WebhookWorker, type WebhookConfig } from './worker';

/**
 * What a service mounts for webhooks: the endpoint registry's routes (through the platform schema's client, like
 * keys) and their queue producer, which connects to Redis only when a test event or a retry is first asked for.
 */
export function webhookApi(
  deps: ServiceDeps,
  service: string,
  overrides: Partial<WebhookConfig> = {},
): { routes: AnyRoute[]; config: WebhookConfig; close(): Promise<void> } {
  const config = { ...loadWebhookConfig(), ...overrides };
  let queue: WebhookQueue | undefined;
  const producer = () => (queue ??= new WebhookQueue(deps.config.redisUrl, config));
  return {
    config,
    routes: webhookRoutes({
      db: deps.platformDb,
      config,
      service,
      queue: { addDelivery: (id) => producer().addDelivery(id), addRetry: (id, n) => producer().addRetry(id, n) },
    }),
    close: async () => {
      await queue?.close();
    },
  };
}

/** The relay (of `outboxSchema`'s outbox, when given) and the delivery worker, in a service process. */
export function startWebhookWorker(
  deps: ServiceDeps,
  service: string,
  options: { outboxSchema?: string; config?: Partial<WebhookConfig>; onlyOrganizations?: () => string[] } = {},
): WebhookWorker {
  const config = { ...loadWebhookConfig(), ...options.config };
  return new WebhookWorker({
    db: deps.platformDb,
    redisUrl: deps.config.redisUrl,
    service,
    outboxSchema: options.outboxSchema,
    config,
    logger: deps.logger,
    onlyOrganizations: options.onlyOrganizations,
  }).start();
}

/** The platform's own events, sent from every service. */
export const platformWebhookEvents: WebhookEventDoc[] = [
  {
    type: 'webhook_endpoint.disabled',
    summary: 'An endpoint of the organization kept failing for about three days and was disabled (sent to its other endpoints that take it)',
    schema: webhookEventSchema('webhook_endpoint.disabled', webhookEndpointView),
  },
  {
    type: 'webhook.test',
    summary: 'A test event asked for with POST /webhook-endpoints/{id}/test',
    schema: webhookEventSchema('webhook.test', webhookEndpointView),
  },
];
