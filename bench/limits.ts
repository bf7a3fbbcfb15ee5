/**
 * pnpm bench:limits: what Postgres allows, as plain SQL, for the work of each benchmark (bench/pgbench/<name>.sql,
 * each naming the benchmark it bounds), one after another against a scratch database (bench/limit.ts), printed as
 * JSON. The benchmarks measure their own limit in the same run (measureLimit) and print their ratio to it.
 *
 * Environment: BENCH_DURATION (seconds per file, default 10), BENCH_LIMITS (comma-separated names; default every
 * file), BENCH_LIMIT_CLIENTS, BENCH_LIMITS_DATABASE_URL.
 */
import { readdirSync } from 'node:fs';
import { measureLimit, limitsDatabaseUrl, PGBENCH_DIR, type Limit } from './limit';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);

async function main() {
  const names =
    process.env.BENCH_LIMITS?.split(',').map((n) => n.trim()) ??
    readdirSync(PGBENCH_DIR)
      .filter((f) => f.endsWith('.sql') && !f.endsWith('.setup.sql') && f !== 'setup.sql')
      .map((f) => f.replace(/\.sql$/, ''))
      .sort();
  const limits: Limit[] = [];
  for (const name of names) {
    const limit = await measureLimit(name, { durationS: DURATION });
    console.error(
      `${name}: ${limit.rate} ${limit.unit} (${limit.tps} tps, ${limit.clients} clients, latency ${limit.latency_avg_ms} ms) bounds ${limit.bounds}`,
    );
    limits.push(limit);
  }
  console.log(JSON.stringify({ command: 'pnpm bench:limits', database: new URL(limitsDatabaseUrl()).pathname.slice(1), limits }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
