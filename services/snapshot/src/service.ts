import { join } from 'node:path';
import type { ServiceDefinition } from '@finance/platform';
import { buildSnapshotApp } from './app';

export const snapshotService: ServiceDefinition = {
  name: 'snapshot',
  defaultPort: 4001,
  schema: 'snapshot',
  migrationsDir: join(__dirname, '..', 'prisma', 'migrations'),
  build: buildSnapshotApp,
  webhooks: { outbox: false },
};
