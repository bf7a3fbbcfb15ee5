// Issue 21: only statements marked `prepared` are named (prepared once per connection); every other statement runs
// unnamed and is planned for its values each time, as pg ran them (a named one gets a generic plan after five runs).
import { createDbAdapter, createPlatformClient, createPool, prepared, query, sql } from '../src';
import { TEST_DATABASE_URL } from '../src/testing';

test('a statement marked prepared is prepared on the connection; an unmarked one is not', async () => {
  // One connection, so the client's statements and the check below share a session.
  const pool = createPool(TEST_DATABASE_URL, { max: 1 });
  const db = createPlatformClient(createDbAdapter(pool));
  try {
    const marker = `m${Date.now()}`;
    expect(await query<{ n: number }>(db, prepared(sql`SELECT 1::int AS n, ${marker}::text AS hot`))).toEqual([{ n: 1, hot: marker }]);
    expect(await query<{ n: number }>(db, sql`SELECT 2::int AS n, ${marker}::text AS cold`)).toEqual([{ n: 2, cold: marker }]);
    const statements = (await pool.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map((r) => r.statement);
    expect(statements.filter((s) => s.includes('AS hot'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('AS cold'))).toHaveLength(0);
  } finally {
    await db.$disconnect();
    await pool.end();
  }
});
