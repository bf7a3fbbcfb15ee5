import { WebhookOutbox, type NewWebhookEvent } from '@finance/platform';
import type { Db } from './db';

/** The ledger's webhook outbox (ledger.webhook_outbox, issue 36): events written in the transaction of their change. */
export const outbox = new WebhookOutbox('ledger');

export async function recordEvent(tx: Db, event: NewWebhookEvent): Promise<void> {
  await outbox.record(tx, event);
}

export async function recordEvents(tx: Db, events: NewWebhookEvent[]): Promise<void> {
  await outbox.recordMany(tx, events);
}
