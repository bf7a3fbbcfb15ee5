import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { RootDb } from '../db/db';
import { UpstreamUnavailableError, ValidationError } from '../errors';
import { accepted, created, defineRoute, listReply, noContent, ok, type AnyRoute } from '../http/route';
import { fieldsOf } from '../http/responses';
import { q } from '../list/params';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from './events';
import { resolveWebhookTarget, UnsafeWebhookUrlError } from './safety';
import * as store from './store';
import type { WebhookConfig, WebhookQueue } from './worker';

const eventTypes = z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length).describe('the event types sent to it; default every type');
const url = z
  .string()
  .min(1)
  .max(2048)
  .describe('where events are POSTed: https in production; refused when it resolves to a private, loopback or link-local address');
const description = z.string().max(500).nullable();

const createBody = z.strictObject({ url, event_types: eventTypes.optional(), description: description.optional(), enabled: z.boolean().optional() });
const patchBody = z
  .strictObject({ url: url.optional(), event_types: eventTypes.optional(), description: description.optional(), enabled: z.boolean().optional() })
  .refine((b) => Object.keys(b).length > 0, { message: 'send at least one of url, event_types, description, enabled' });
const endpointParams = z.object({ endpoint_id: z.uuid() });
const deliveryParams = z.object({ endpoint_id: z.uuid(), delivery_id: z.uuid() });

export interface WebhookRoutesOptions {
  /** The service's client (its connection pool reaches the platform schema). */
  db: RootDb;
  config: Pick<WebhookConfig, 'secretKey' | 'safety'>;
  /** Adds the jobs of test events and retries. */
  queue: Pick<WebhookQueue, 'addDelivery' | 'addRetry'>;
  service: string;
}

/**
 * The endpoint registry (issue 36), the same at every service's base_url: one registry per organization in the
 * platform schema, like API keys. `webhooks:<action>` permissions.
 */
export function webhookRoutes(options: WebhookRoutesOptions): AnyRoute[] {
  const { db, config, queue } = options;
  const checkUrl = async (text: string) => {
    try {
      await resolveWebhookTarget(text, config.safety);
    } catch (err) {
      if (err instanceof UnsafeWebhookUrlError) throw ValidationError.field('url', err.message);
      throw err;
    }
  };
  // The delivery row is the record; a job that cannot be added now is added by a relay's sweep.
  const enqueue = async (add: () => Promise<void>) => {
    try {
      await add();
    } catch (err) {
      throw new UpstreamUnavailableError(`the delivery queue cannot be reached (${(err as Error).message}); the delivery is recorded and will be tried`);
    }
  };
  const routes = [
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints',
      permission: 'webhooks:create',
      summary: 'Register an endpoint for webhook events; the answer carries its signing secret, shown only this once',
      body: createBody,
      response: store.webhookEndpointWithSecretView,
      handler: async ({ auth, body }) => {
        await checkUrl(body.url);
        return created(await store.insertEndpoint(db, auth.org.id, body, config.secretKey));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/webhook-endpoints',
      permission: 'webhooks:read',
      summary: "The organization's webhook endpoints (never their secrets)",
      list: { fields: fieldsOf(store.webhookEndpointView), sort: { columns: ['created_at'], default: 'created_at' } },
      response: store.webhookEndpointView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await store.listEndpoints(db, auth.org.id, list);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/webhook-endpoints/:endpoint_id',
      permission: 'webhooks:read',
      summary: 'One webhook endpoint',
      params: endpointParams,
      response: store.webhookEndpointView,
      fields: fieldsOf(store.webhookEndpointView),
      handler: async ({ auth, params }) => ok(store.endpointView(await store.findEndpointRow(db, auth.org.id, params.endpoint_id))),
    }),
    defineRoute({
      method: 'patch',
      path: '/webhook-endpoints/:endpoint_id',
      permission: 'webhooks:edit',
      summary: 'Change the URL, event types, description, or enable or disable it (enabling clears the reason the platform disabled it)',
      params: endpointParams,
      body: patchBody,
      response: store.webhookEndpointView,
      handler: async ({ auth, params, body }) => {
        if (body.url !== undefined) await checkUrl(body.url);
        return ok(await store.updateEndpoint(db, auth.org.id, params.endpoint_id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/webhook-endpoints/:endpoint_id',
      permission: 'webhooks:delete',
      summary: 'Remove an endpoint and its delivery history; nothing more is sent to it',
      params: endpointParams,
      handler: async ({ auth, params }) => {
        await store.deleteEndpoint(db, auth.org.id, params.endpoint_id);
        return noContent();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints/:endpoint_id/rotate-secret',
      permission: 'webhooks:edit',
      summary: 'A new signing secret, shown only this once; the previous one signs too for 24 hours (two v1 signatures)',
      params: endpointParams,
      status: 200,
      response: store.webhookEndpointWithSecretView,
      handler: async ({ auth, params }) => ok(await store.rotateSecret(db, auth.org.id, params.endpoint_id, config.secretKey)),
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints/:endpoint_id/test',
      permission: 'webhooks:edit',
      summary: 'Send a webhook.test event to this endpoint now (also when it is disabled); answers the delivery to follow',
      params: endpointParams,
      status: 202,
      response: store.webhookDeliveryView,
      errors: { 502: 'UPSTREAM_UNAVAILABLE: the delivery queue cannot be reached; the delivery is recorded and will be tried' },
      handler: async ({ auth, params }) => {
        const endpoint = store.endpointView(await store.findEndpointRow(db, auth.org.id, params.endpoint_id));
        const id = uuidv7();
        const event: WebhookEvent = { id, type: 'webhook.test', created: new Date().toISOString(), organization: auth.org.id, data: endpoint };
        const [deliveryId] = await store.insertDeliveries(db, options.service, [{ endpointId: endpoint.id, event }]);
        await enqueue(() => queue.addDelivery(deliveryId!));
        return accepted(await store.findDelivery(db, auth.org.id, endpoint.id, deliveryId!));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/webhook-endpoints/:endpoint_id/deliveries',
      permission: 'webhooks:read',
      summary: 'The events sent to this endpoint, newest first, each with every attempt (status code, duration, error) and the next try',
      params: endpointParams,
      list: {
        fields: fieldsOf(store.webhookDeliveryView),
        filters: { status: q.enum(['pending', 'succeeded', 'failed']), event_type: q.enum(WEBHOOK_EVENT_TYPES) },
        sort: { columns: ['created_at'], default: 'created_at' },
      },
      response: store.webhookDeliveryView,
      handler: async ({ auth, params, list }) => {
        const { rows, total } = await store.listDeliveries(db, auth.org.id, params.endpoint_id, list, list.filters as { status?: string; event_type?: string });
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/webhook-endpoints/:endpoint_id/deliveries/:delivery_id/retry',
      permission: 'webhooks:edit',
      summary: 'Try a delivery once more now (a failed one, or a pending one without waiting); a failure here never disables the endpoint',
      params: deliveryParams,
      status: 202,
      response: store.webhookDeliveryView,
      errors: { 502: 'UPSTREAM_UNAVAILABLE: the delivery queue cannot be reached' },
      handler: async ({ auth, params }) => {
        const current = await store.findDelivery(db, auth.org.id, params.endpoint_id, params.delivery_id);
        await store.reopenDelivery(db, auth.org.id, params.endpoint_id, params.delivery_id);
        await enqueue(() => queue.addRetry(current.id, current.attempt_count + 1));
        return accepted(await store.findDelivery(db, auth.org.id, params.endpoint_id, params.delivery_id));
      },
    }),
  ];
  return routes as AnyRoute[];
}
