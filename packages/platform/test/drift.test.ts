import { join } from 'node:path';
import { findSchemaDrift, TEST_DATABASE_URL } from '../src/testing';

// Prisma's migrate diff cannot run here; this fails when schema.prisma and the migrated platform schema disagree.
test('schema.prisma matches the migrated platform schema', async () => {
  expect(await findSchemaDrift(join(__dirname, '..', 'prisma', 'schema.prisma'), TEST_DATABASE_URL, 'platform')).toEqual([]);
});
