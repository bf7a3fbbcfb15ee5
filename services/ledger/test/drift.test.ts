import { join } from 'node:path';
import { findSchemaDrift, TEST_DATABASE_URL } from '@finance/platform/testing';

// Prisma's migrate diff cannot run here; this fails when schema.prisma and the migrated database disagree.
test('schema.prisma matches the migrated ledger schema', async () => {
  expect(await findSchemaDrift(join(__dirname, '..', 'prisma', 'schema.prisma'), TEST_DATABASE_URL, 'ledger')).toEqual([]);
});
