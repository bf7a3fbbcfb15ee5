import type { AnyRoute } from '@finance/platform';
import type { LedgerDb } from '../../data-access/db';

/** Every route of the ledger service, declared as data (whoami comes from the platform). */
export function ledgerRoutes(db: LedgerDb): AnyRoute[] {
  void db;
  return [];
}
