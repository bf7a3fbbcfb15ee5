import { join } from 'node:path';
import type { ServiceDefinition } from '@finance/platform';
import { buildLedgerApp } from './app';

export const ledgerService: ServiceDefinition = {
  name: 'ledger',
  defaultPort: 4002,
  schema: 'ledger',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  build: buildLedgerApp,
};
