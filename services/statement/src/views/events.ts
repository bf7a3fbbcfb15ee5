import { platformWebhookEvents, webhookEventSchema, type WebhookEventDoc } from '@finance/platform';
import { statementView } from './statements';

/** The webhook events the statement service sends (issue 36), each with the statement as the API answers it. */
export const statementWebhookEvents: WebhookEventDoc[] = [
  {
    type: 'statement.completed',
    summary: 'A statement was read, its rows imported and categorised',
    schema: webhookEventSchema('statement.completed', statementView),
  },
  {
    type: 'statement.stalled',
    summary: 'A statement waits for a person: action_required says what (password, account number, layout, balance acceptance) and the call that gives it',
    schema: webhookEventSchema('statement.stalled', statementView),
  },
  { type: 'statement.failed', summary: 'A statement failed for good (error says why)', schema: webhookEventSchema('statement.failed', statementView) },
  ...platformWebhookEvents,
];
