/**
 * What Postgres allows for a benchmark's work as plain SQL, measured in the same run as the benchmark (issue 34):
 * pgbench runs `bench/pgbench/<name>.sql` against a scratch database that carries the services' own migrations, so
 * a benchmark can print its rate beside the limit and the ratio between them, which holds from one machine (and one
 * machine's load) to the next where the bare rates do not.
 *
 * A pgbench file starts with a header of comments: `-- bounds: <the benchmark it bounds>`, then optional
 * `-- clients: <n>` (the pgbench connections, default 8: on a 2-core machine more only queue) and
 * `-- per transaction: <n> <unit>` (what one pgbench transaction does: a push, 5000 rows), then its SQL.
 * `bench/pgbench/setup.sql` (fixtures with fixed ids) and `bench/pgbench/<name>.setup.sql`, if there is one, run
 * before each measurement.
 *
 * Environment: BENCH_LIMITS_DATABASE_URL (default: the benchmark database's name + `_limits`), BENCH_LIMIT_CLIENTS
 * (overrides every file's `clients`).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPool, migrateService } from '@finance/platform';
import { BENCH_DATABASE_URL, ROOT } from './lib';

const run = promisify(execFile);
export const PGBENCH_DIR = join(ROOT, 'bench/pgbench');
const SERVICES = ['snapshot', 'ledger', 'statement'];
const DEFAULT_CLIENTS = 8;

export interface Limit {
  name: string;
  /** What the file's header says it bounds. */
  bounds: string;
  command: string;
  clients: number;
  duration_s: number;
  /** pgbench transactions per second (without connection time). */
  tps: number;
  latency_avg_ms: number;
  /** tps times the file's `per transaction` count, in its unit (rows/s, pushes/s); tps when the file states none. */
  rate: number;
  unit: string;
  failed: number;
}

/** The scratch database pgbench writes to: never the benchmark's own, so its rows never skew the benchmark's. */
export function limitsDatabaseUrl(): string {
  if (process.env.BENCH_LIMITS_DATABASE_URL) return process.env.BENCH_LIMITS_DATABASE_URL;
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `${url.pathname}_limits`;
  return url.toString();
}

let prepared: Promise<void> | undefined;

/** Creates the scratch database if missing and applies every service's migrations (once per process). */
function prepareDatabase(url: string): Promise<void> {
  prepared ??= (async () => {
    for (const service of SERVICES) await migrateService(url, service, join(ROOT, 'services', service, 'prisma/migrations'));
  })();
  return prepared;
}

function header(sql: string): { bounds: string; clients?: number; per: number; unit: string } {
  const field = (name: string) => new RegExp(`^--\\s*${name}:\\s*(.+)$`, 'm').exec(sql)?.[1]?.trim();
  const per = /^(\d+)\s+(.+)$/.exec(field('per transaction') ?? '');
  return {
    bounds: field('bounds') ?? '(not stated)',
    clients: field('clients') ? Number(field('clients')) : undefined,
    per: per ? Number(per[1]) : 1,
    unit: per ? `${per[2]}/s` : 'transactions/s',
  };
}

async function runSql(url: string, file: string): Promise<void> {
  if (!existsSync(file)) return;
  const pool = createPool(url, { max: 1, applicationName: 'bench-limits-setup' });
  try {
    await pool.query(readFileSync(file, 'utf8'));
  } finally {
    await pool.end();
  }
}

/**
 * Runs `pgbench -n -c <clients> -j 2 -T <durationS> -f bench/pgbench/<name>.sql` against the scratch database and
 * returns its rate. Call it right after (or before) the benchmark it bounds, for the same duration, so both see
 * the same machine.
 */
export async function measureLimit(name: string, options: { durationS: number; clients?: number }): Promise<Limit> {
  const file = join(PGBENCH_DIR, `${name}.sql`);
  const head = header(readFileSync(file, 'utf8'));
  const url = limitsDatabaseUrl();
  await prepareDatabase(url);
  await runSql(url, join(PGBENCH_DIR, 'setup.sql'));
  await runSql(url, join(PGBENCH_DIR, `${name}.setup.sql`));
  const clients = Number(process.env.BENCH_LIMIT_CLIENTS ?? options.clients ?? head.clients ?? DEFAULT_CLIENTS);
  const duration = Math.max(1, Math.round(options.durationS));
  const args = ['-n', '-c', String(clients), '-j', String(Math.min(2, clients)), '-T', String(duration), '-f', file, url];
  const { stdout } = await run('pgbench', args, { maxBuffer: 16 * 1024 * 1024 });
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? NaN);
  const tps = number(/tps = ([\d.]+) \(without initial connection time\)/);
  if (!Number.isFinite(tps)) throw new Error(`pgbench ${name}: no tps in its output:\n${stdout}`);
  return {
    name,
    bounds: head.bounds,
    command: `pgbench ${args.slice(0, -2).join(' ')} bench/pgbench/${name}.sql`,
    clients,
    duration_s: duration,
    tps: Math.round(tps * 10) / 10,
    latency_avg_ms: number(/latency average = ([\d.]+) ms/),
    rate: Math.round(tps * head.per),
    unit: head.unit,
    failed: number(/number of failed transactions: (\d+)/) || 0,
  };
}

/** A benchmark's rate over its limit's, to three places. */
export function ratio(rate: number, limit: Limit): number {
  return Number((rate / limit.rate).toFixed(3));
}
