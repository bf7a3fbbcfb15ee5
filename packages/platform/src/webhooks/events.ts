import { z } from 'zod';
import { view } from '../http/responses';

/**
 * The webhook event catalogue (issue 36). Every event is `{ id, type, created, organization, data }`: `id` (a
 * UUIDv7) is the same on every try and is the `webhook-id` header, for de-duplication; `created` is when the change
 * committed (its transaction's clock); `organization` the organization's id; `data` the resource as its API answers
 * it at that moment. The services' OpenAPI documents describe each type with its schema (`webhooks`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'statement.completed',
  'statement.stalled',
  'statement.failed',
  'transaction.posted',
  'transaction.reversed',
  'transaction.voided',
  'reconciliation.confirmed',
  'period.closed',
  'period.reopened',
  /** An endpoint that kept failing was disabled (sent to the organization's other endpoints that take it). */
  'webhook_endpoint.disabled',
  /** Sent on demand to one endpoint (POST /webhook-endpoints/<id>/test). */
  'webhook.test',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What a stalled statement needs before it continues, and the call that gives it. */
export const STALL_NEEDS = ['password', 'account_number', 'layout', 'balance_acceptance'] as const;
export type StallNeed = (typeof STALL_NEEDS)[number];

export const actionRequired = z
  .strictObject({
    /** What is needed: the file's password, the account number, a layout to confirm, or acceptance of rows that do not reconcile. */
    needs: z.enum(STALL_NEEDS),
    /** The statement's error code (PASSWORD_REQUIRED, WRONG_PASSWORD, ACCOUNT_NOT_DETECTED, BALANCE_MISMATCH, ...). */
    code: z.string(),
    message: z.string(),
    /** The call that supplies it, e.g. `POST /api/v1/statements/{id}/password`. */
    call: z.string(),
  })
  .meta({ id: 'WebhookActionRequired' });
export type ActionRequired = z.output<typeof actionRequired>;

export interface WebhookEvent<T extends WebhookEventType = WebhookEventType, D = unknown> {
  id: string;
  type: T;
  created: string;
  organization: string;
  data: D;
  /** statement.stalled only. */
  action_required?: ActionRequired;
}

/** The schema of one event type, named `<Type>Event` in the document's components (e.g. `TransactionPostedEvent`). */
export function webhookEventSchema<T extends WebhookEventType>(type: T, data: z.ZodType) {
  const name = type
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return z
    .strictObject({
      id: view.id.describe('the event id, also the webhook-id header: the same on every try; de-duplicate on it'),
      type: z.literal(type),
      created: view.timestamp,
      organization: view.id,
      data,
      ...(type === 'statement.stalled' ? { action_required: actionRequired } : {}),
    })
    .meta({ id: `${name}Event` });
}

/** An event type as the OpenAPI document lists it under `webhooks`. */
export interface WebhookEventDoc {
  type: WebhookEventType;
  summary: string;
  schema: z.ZodType;
}
