import type { Pool } from '@finance/platform';
import type { StatementReaderFor } from '../../domain/reconciliations';
import { accountRoutes } from './accounts';
import { entryRoutes } from './entries';
import { reconciliationRoutes } from './reconciliations';
import { reportRoutes } from './reports';
import { transactionRoutes } from './transactions';

/** Every route of the ledger service, declared as data (whoami comes from the platform), one file per resource. */
export function ledgerRoutes(pool: Pool, options: { statementReaderFor: StatementReaderFor }) {
  return [...transactionRoutes(pool), ...accountRoutes(pool), ...entryRoutes(pool), ...reportRoutes(pool), ...reconciliationRoutes(pool, options)];
}
