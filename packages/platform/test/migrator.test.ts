import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../src/db/migrator';
import { findSchemaDrift, TEST_DATABASE_URL, uniqueSlug } from '../src/testing';

// Each test migrates a schema of its own, so nothing here touches the services' schemas.
const created: string[] = [];
const schemaName = () => {
  const name = uniqueSlug('mig').replace(/-/g, '_');
  created.push(name);
  return name;
};
let pg: Client;
beforeAll(async () => {
  pg = new Client({ connectionString: TEST_DATABASE_URL });
  await pg.connect();
});
afterAll(async () => {
  for (const name of created) await pg.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  await pg.end();
});

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

test('applies pending migrations in order, once, and records them in _prisma_migrations', async () => {
  const schema = schemaName();
  const dir = migrationsDir({
    '20260101000000_a': 'CREATE TABLE things (id int PRIMARY KEY);',
    '20260102000000_b': 'ALTER TABLE things ADD COLUMN name text;',
  });
  expect(await migrate({ databaseUrl: TEST_DATABASE_URL, schema, migrationsDir: dir })).toEqual({
    applied: ['20260101000000_a', '20260102000000_b'],
    alreadyApplied: [],
  });
  expect(await migrate({ databaseUrl: TEST_DATABASE_URL, schema, migrationsDir: dir })).toEqual({
    applied: [],
    alreadyApplied: ['20260101000000_a', '20260102000000_b'],
  });
  const recorded = await pg.query(`SELECT migration_name, length(checksum) AS len FROM "${schema}"._prisma_migrations ORDER BY migration_name`);
  expect(recorded.rows).toEqual([
    { migration_name: '20260101000000_a', len: 64 },
    { migration_name: '20260102000000_b', len: 64 },
  ]);
});

test('parallel starters migrate once (advisory lock)', async () => {
  const schema = schemaName();
  const dir = migrationsDir({ '20260101000000_a': 'CREATE TABLE things (id int PRIMARY KEY);' });
  const results = await Promise.all([1, 2, 3].map(() => migrate({ databaseUrl: TEST_DATABASE_URL, schema, migrationsDir: dir })));
  expect(results.map((r) => r.applied.length).sort()).toEqual([0, 0, 1]);
});

test('a failing migration rolls back entirely and is not recorded', async () => {
  const schema = schemaName();
  const dir = migrationsDir({ '20260101000000_bad': 'CREATE TABLE t1 (id int); CREATE TABLE t1 (id int);' });
  await expect(migrate({ databaseUrl: TEST_DATABASE_URL, schema, migrationsDir: dir })).rejects.toThrow(/20260101000000_bad failed/);
  const tables = await pg.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 't1'`, [schema]);
  expect(tables.rows[0].n).toBe(0);
});

test('a migration edited after it was applied is refused', async () => {
  const schema = schemaName();
  const dir = migrationsDir({ '20260101000000_a': 'CREATE TABLE things (id int PRIMARY KEY);' });
  await migrate({ databaseUrl: TEST_DATABASE_URL, schema, migrationsDir: dir });
  writeFileSync(join(dir, '20260101000000_a', 'migration.sql'), 'CREATE TABLE things (id bigint PRIMARY KEY);');
  await expect(migrate({ databaseUrl: TEST_DATABASE_URL, schema, migrationsDir: dir })).rejects.toThrow(/edited after it was applied/);
});

describe('findSchemaDrift', () => {
  const prisma = (schema: string, body: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'prisma-'));
    const file = join(dir, 'schema.prisma');
    writeFileSync(file, `datasource db {\n  provider = "postgresql"\n  schemas = ["${schema}"]\n}\n${body}`);
    return file;
  };
  const model = (schema: string, fields: string, extra = '') => `model Thing {\n${fields}\n${extra}\n  @@map("things")\n  @@schema("${schema}")\n}\n`;

  test('agrees when the schema matches the database', async () => {
    const schema = schemaName();
    await migrate({
      databaseUrl: TEST_DATABASE_URL,
      schema,
      migrationsDir: migrationsDir({
        '1_a':
          'CREATE TABLE things (id uuid PRIMARY KEY, amount bigint NOT NULL, note text, at timestamptz(3) NOT NULL); CREATE INDEX things_amount_idx ON things (amount);',
      }),
    });
    const file = prisma(
      schema,
      model(schema, '  id String @id @db.Uuid\n  amount BigInt\n  note String?\n  at DateTime @db.Timestamptz(3)', '  @@index([amount])'),
    );
    expect(await findSchemaDrift(file, TEST_DATABASE_URL, schema)).toEqual([]);
  });

  test('reports every kind of disagreement', async () => {
    const schema = schemaName();
    await migrate({
      databaseUrl: TEST_DATABASE_URL,
      schema,
      migrationsDir: migrationsDir({
        '1_a': `CREATE TABLE things (id uuid PRIMARY KEY, amount integer NOT NULL, note text NOT NULL, stray text);
                CREATE TABLE orphans (id int PRIMARY KEY);
                CREATE INDEX things_note_idx ON things (note);`,
      }),
    });
    const file = prisma(schema, model(schema, '  id String @id @db.Uuid\n  amount BigInt\n  note String?\n  missing Int', '  @@index([amount])'));
    const problems = await findSchemaDrift(file, TEST_DATABASE_URL, schema);
    expect(problems).toEqual(
      expect.arrayContaining([
        'column things.amount: schema.prisma says int8, the database has int4',
        'column things.note: schema.prisma says nullable, the database disagrees',
        'column things.missing: in schema.prisma but not in the database',
        'column things.stray: in the database but not in schema.prisma',
        'table orphans: in the database but not in schema.prisma',
        'index things(amount): in schema.prisma but not in the database',
        'index things(note): in the database but not in schema.prisma',
      ]),
    );
  });
});
