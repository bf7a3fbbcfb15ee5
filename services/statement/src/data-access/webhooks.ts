import { WebhookOutbox, type NewWebhookEvent } from '@finance/platform';
import type { Db } from './db';

/** The statement service's webhook outbox (statement.webhook_outbox, issue 36): events written in the transaction of their change. */
export const outbox = new WebhookOutbox('statement');

export async function recordEvent(tx: Db, event: NewWebhookEvent): Promise<void> {
  await outbox.record(tx, event);
}
