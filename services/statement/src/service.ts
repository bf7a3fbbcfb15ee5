import { join } from 'node:path';
import type { ServiceDefinition } from '@finance/platform';
import { buildStatementApp } from './app';

export const statementService: ServiceDefinition = {
  name: 'statement',
  defaultPort: 4003,
  schema: 'statement',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  build: buildStatementApp,
  webhooks: { outbox: true },
};
