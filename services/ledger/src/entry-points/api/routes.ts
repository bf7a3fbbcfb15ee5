import type { Db } from '../../domain/db';
import type { StatementReaderFor } from '../../domain/reconciliations';
import { accountRoutes } from './accounts';
import { entryRoutes } from './entries';
import { periodRoutes } from './periods';
import { reconciliationRoutes } from './reconciliations';
import { reportRoutes } from './reports';
import { transactionRoutes } from './transactions';

/** Every route of the ledger service, declared as data (whoami comes from the platform), one file per resource. */
export function ledgerRoutes(db: Db, options: { statementReaderFor: StatementReaderFor }) {
  return [...transactionRoutes(db), ...accountRoutes(db), ...entryRoutes(db), ...reportRoutes(db), ...reconciliationRoutes(db, options), ...periodRoutes(db)];
}
