import type { Db } from '../../domain/db';
import type { StatementIo } from '../../domain/statements';
import { accountRoutes } from './accounts';
import type { QueryLimits } from './inputs';
import { readingProfileRoutes } from './reading-profiles';
import { reportRoutes } from './reports';
import { ruleRoutes } from './rules';
import { statementFileRoutes } from './statements';
import { transactionRoutes } from './transactions';

/** Every route of the statement service, declared as data (whoami comes from the platform); one file per resource. */
export function statementRoutes(db: Db, limits: QueryLimits, io: StatementIo) {
  return [
    ...statementFileRoutes(db, io),
    ...transactionRoutes(db, limits),
    ...reportRoutes(db, limits),
    ...accountRoutes(db),
    ...ruleRoutes(db, limits),
    ...readingProfileRoutes(db),
  ];
}
