import { createApp, platformAppOptions, webhookApi, type ServiceDeps, type WebhookConfig } from '@finance/platform';
import { ledgerWebhookEvents } from './views/events';
import { createLedgerClient } from './data-access/db';
import { StatementClient } from './data-access/statement-client';
import { ledgerRoutes } from './entry-points/api/routes';

/** The statement service's base URL, which reconciliations read statement rows from (issue 13). */
export const DEFAULT_STATEMENT_URL = 'http://127.0.0.1:4003';

export interface LedgerAppOptions {
  /** Default: LEDGER_STATEMENT_URL, then DEFAULT_STATEMENT_URL. */
  statementUrl?: string;
  /** Webhook settings beyond the environment's (tests: loopback allowed). */
  webhooks?: Partial<WebhookConfig>;
}

/** The ledger service's app: its routes on the platform skeleton, ready by its database. */
export async function buildLedgerApp(deps: ServiceDeps, options: LedgerAppOptions = {}) {
  const statementUrl = (options.statementUrl ?? process.env.LEDGER_STATEMENT_URL ?? DEFAULT_STATEMENT_URL).replace(/\/+$/, '');
  const db = createLedgerClient(deps.adapter);
  const webhooks = webhookApi(deps, 'ledger', options.webhooks);
  const app = createApp({
    service: 'ledger',
    routes: [...ledgerRoutes(db, { statementReaderFor: (credentials) => new StatementClient(statementUrl, credentials) }), ...webhooks.routes],
    webhookEvents: ledgerWebhookEvents,
    ...platformAppOptions(deps),
    db,
    schema: 'ledger',
    // Redis only carries rate limits and idempotency keys here, which degrade gracefully: not a readiness gate.
    // The statement service is not a readiness gate either: only reconciliations need it, and they answer 502 without it.
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
