/**
 * pnpm bench:client: what the Prisma Client costs per call against pg under it (issue 21), one call at a time on
 * one connection, so the figure is the client's own work plus one round trip: `SELECT 1` through pg, through
 * `$queryRaw`, and inside an interactive transaction each way; a model read by primary key (`findUnique`). Each
 * measured BENCH_CALLS (5000) times after as many warm-up calls. Against finance_bench (BENCH_DATABASE_URL).
 */
import { createDbAdapter, createPlatformClient, createPool, migrateService, PLATFORM_MIGRATIONS_DIR, type Pool } from '@finance/platform';
import { BENCH_DATABASE_URL } from './lib';

const CALLS = Number(process.env.BENCH_CALLS ?? 5000);

async function perCall(calls: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < calls; i++) await fn(); // warm-up: JIT, prepared statements
  const started = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  return Math.round(((performance.now() - started) / calls) * 1000) / 1000;
}

async function pgTransaction(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1');
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

async function main() {
  await migrateService(BENCH_DATABASE_URL, 'platform', PLATFORM_MIGRATIONS_DIR);
  const pool = createPool(BENCH_DATABASE_URL, { max: 1, applicationName: 'client-overhead-bench' });
  const db = createPlatformClient(createDbAdapter(pool));
  const missing = '00000000-0000-0000-0000-000000000000';
  const ms = {
    pg_select_1: await perCall(CALLS, () => pool.query('SELECT 1')),
    client_query_raw_select_1: await perCall(CALLS, () => db.$queryRaw`SELECT 1`),
    pg_transaction_begin_select_commit: await perCall(CALLS, () => pgTransaction(pool)),
    client_interactive_transaction_select_1: await perCall(CALLS, () => db.$transaction(async (tx) => tx.$queryRaw`SELECT 1`)),
    pg_select_by_primary_key: await perCall(CALLS, () => pool.query('SELECT * FROM platform.organizations WHERE id = $1', [missing])),
    client_find_unique_by_primary_key: await perCall(CALLS, () => db.organization.findUnique({ where: { id: missing } })),
  };
  await db.$disconnect();
  await pool.end();
  console.log(
    JSON.stringify(
      {
        command: 'pnpm bench:client',
        calls: CALLS,
        load_average: (await import('node:os'))
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' '),
        ms_per_call: ms,
      },
      null,
      2,
    ),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
