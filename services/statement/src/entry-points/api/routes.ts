import type { AnyRoute } from '@finance/platform';
import type { StatementDb } from '../../data-access/db';

/** Every route of the statement service, declared as data (whoami comes from the platform). */
export function statementRoutes(db: StatementDb): AnyRoute[] {
  void db;
  return [];
}
