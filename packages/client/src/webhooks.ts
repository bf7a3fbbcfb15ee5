/**
 * Receiving the platform's webhooks (issue 36). Events are signed per Standard Webhooks; verification is the
 * `standardwebhooks` package's own (HMAC-SHA256 over `id.timestamp.body`, constant-time comparison, a 5-minute
 * timestamp tolerance against replays), wrapped so that a receiver holding two secrets during a rotation can pass
 * both, and the event comes back typed by its `type`.
 *
 *   app.post('/hooks', express.raw({ type: 'application/json' }), (req, res) => {
 *     const event = verifyWebhook(req.body, req.headers, process.env.FINANCE_WEBHOOK_SECRET!);
 *     if (seen(event.id)) return res.sendStatus(200);           // at least once: de-duplicate on the id
 *     if (event.type === 'statement.stalled') askFor(event.action_required.needs, event.data.id);
 *     res.sendStatus(200);
 *   });
 *
 * Pass the body exactly as received (a Buffer or string): re-serialised JSON does not verify.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components as LedgerComponents } from './generated/ledger';
import type { components as StatementComponents } from './generated/statement';

type L = LedgerComponents['schemas'];
type S = StatementComponents['schemas'];

/** Every event the platform sends, discriminated by `type`; `data` is the resource as its API answers it. */
export type WebhookEvent =
  | L['TransactionPostedEvent']
  | L['TransactionReversedEvent']
  | L['TransactionVoidedEvent']
  | L['ReconciliationConfirmedEvent']
  | L['PeriodClosedEvent']
  | L['PeriodReopenedEvent']
  | S['StatementCompletedEvent']
  | S['StatementStalledEvent']
  | S['StatementFailedEvent']
  | L['WebhookEndpointDisabledEvent']
  | L['WebhookTestEvent'];
export type WebhookEventType = WebhookEvent['type'];
/** The event of one type: `WebhookEventOf<'statement.stalled'>`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

export { WebhookVerificationError };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  const value =
    typeof (headers as Headers).get === 'function' ? (headers as Headers).get(name) : (headers as Record<string, string | string[] | undefined>)[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`missing ${name} header`);
  return text;
}

/**
 * Verifies a delivery and answers its event; throws WebhookVerificationError when no secret signed it, or its
 * timestamp is more than 5 minutes off. `secrets`: the endpoint's `whsec_...` secret, or both around a rotation.
 */
export function verifyWebhook(body: string | Uint8Array, headers: HeaderBag, secrets: string | readonly string[]): WebhookEvent {
  const signed = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  const payload = typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body);
  let last: unknown;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    try {
      return new Webhook(secret).verify(payload, signed) as WebhookEvent;
    } catch (err) {
      last = err;
    }
  }
  throw last instanceof WebhookVerificationError ? last : new WebhookVerificationError('no secret given');
}
