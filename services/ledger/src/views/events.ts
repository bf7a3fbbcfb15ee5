import { platformWebhookEvents, webhookEventSchema, type WebhookEventDoc } from '@finance/platform';
import { periodEventView } from './periods';
import { reconciliationView } from './reconciliations';
import { transactionView } from './transactions';

/** The webhook events the ledger sends (issue 36), each with the resource as the API answers it. */
export const ledgerWebhookEvents: WebhookEventDoc[] = [
  {
    type: 'transaction.posted',
    summary: 'A transaction was posted (created posted, posted from a draft, or in a bulk post)',
    schema: webhookEventSchema('transaction.posted', transactionView),
  },
  {
    type: 'transaction.reversed',
    summary: 'A transaction was reversed: data is the new reversal (reversal_of names the original, which stays posted)',
    schema: webhookEventSchema('transaction.reversed', transactionView),
  },
  { type: 'transaction.voided', summary: 'A transaction was voided', schema: webhookEventSchema('transaction.voided', transactionView) },
  { type: 'reconciliation.confirmed', summary: 'A reconciliation was confirmed', schema: webhookEventSchema('reconciliation.confirmed', reconciliationView) },
  { type: 'period.closed', summary: 'The books were closed through a date', schema: webhookEventSchema('period.closed', periodEventView) },
  { type: 'period.reopened', summary: 'Closed dates were reopened', schema: webhookEventSchema('period.reopened', periodEventView) },
  ...platformWebhookEvents,
];
