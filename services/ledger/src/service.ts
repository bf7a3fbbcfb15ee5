import { join } from 'node:path';
import type { ServiceDefinition } from '@finance/platform';
import { buildLedgerApp } from './app';

export const ledgerService: ServiceDefinition = {
  name: 'ledger',
  defaultPort: 4002,
  schema: 'ledger',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  // JIT compiles plans whose estimated cost is high, which the per-account LATERAL sums of balances and
  // reports are (estimates, not work): it added ~250 ms to a 1 ms balance query. An API answering in
  // milliseconds never earns that back.
  pool: { sessionOptions: '-c jit=off' },
  build: buildLedgerApp,
  webhooks: { outbox: true },
};
