/**
 * pnpm bench:ledger-bulk: posting throughput of the ledger service run as `pnpm start` runs it (issue 11).
 *
 * The service is started exactly as `pnpm start` starts it (bench/lib.ts: the compiled build, `--conditions=compiled`)
 * with the shipped configuration: LOG_LEVEL unset (info: one JSON line per request), DB_POOL_SIZE unset (10),
 * only the rate limit turned off for the load (RATE_LIMIT_REQUESTS=0). Its stdout (the request log) goes to a
 * file, as a container runtime or `pnpm start > ledger.log` would take it.
 *
 * Measures, against the finance_bench database (whatever ledger it holds; `pnpm bench:ledger` loads 1,000,000
 * entries into it), in an organization of its own with 500 postable accounts:
 * - single posts: autocannon, BENCH_CONNECTIONS (64) connections for BENCH_DURATION (20) s after 3 s of
 *   warm-up, every request a new balanced two-entry transaction with its own source identity (the body of
 *   `pnpm bench:ledger`) and an Idempotency-Key of its own (issue 20): target >= 1,500/s, p99 < 100 ms; then
 *   the same without keys, for comparison;
 * - bulk: BENCH_BULK_CLIENTS (8) clients, each posting BENCH_BULK_SIZE (500) such transactions per request,
 *   one request after another, for BENCH_DURATION s after a warm-up: target >= 10,000 transactions/s.
 *   Every reply is checked (200, every item 201).
 *
 * The limit (issue 34): after each single-post run, the same minute's plain-SQL rate of the same work, pgbench at the
 * same connections and duration over bench/pgbench/ledger-post(-keyed).sql in the same organization, and the ratio
 * of the service's rate to it (`limit`, `ratio_to_limit`); after the bulk run, ledger-post-bulk.sql (500 transactions a
 * statement) from BENCH_BULK_CLIENTS clients. BENCH_PGBENCH=0 leaves them out.
 *
 * BENCH_ONLY=single|single-keyed|single-unkeyed|bulk runs one part. BENCH_PROFILE=<dir> starts the service with `node --cpu-prof
 * --cpu-prof-dir=<dir>` (the profile is written when it exits). BENCH_PORT: the service's port (default 4112).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { createApiKey, createDbAdapter, createOrganization, createPlatformClient, createPool, migrateService } from '@finance/platform';
import { createLedgerClient } from '../services/ledger/src/data-access/db';
import { seedSystemAccounts } from '../services/ledger/src/domain/accounts';
import { BENCH_DATABASE_URL, load, ROOT, startProcess, stopProcess, type LoadResult } from './lib';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const BULK_CLIENTS = Number(process.env.BENCH_BULK_CLIENTS ?? 8);
const BULK_SIZE = Number(process.env.BENCH_BULK_SIZE ?? 500);
const ACCOUNTS = 500;
const PORT = Number(process.env.BENCH_PORT ?? 4112);
const ONLY = process.env.BENCH_ONLY;
const PROFILE = process.env.BENCH_PROFILE;
const LOG_FILE = process.env.BENCH_SERVICE_LOG ?? '/tmp/ledger-bench-service.log';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // exited
  }
}

/**
 * CPU used by the service process and by its Postgres backends over a measured window, per request: figures
 * that a busy shared machine slows down far less than it slows throughput.
 */
async function cpuMeter(servicePid: number) {
  const db = createPool(BENCH_DATABASE_URL, { max: 1, applicationName: 'ledger-bulk-bench-meter' });
  const backends = (
    await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'ledger' AND datname = current_database()`)
  ).rows.map((r) => r.pid);
  await db.end();
  const read = () => ({ service: cpuSeconds(servicePid), postgres: backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0) });
  const before = read();
  return (requests: number) => {
    const after = read();
    return {
      service_cpu_ms_per_request: Math.round(((after.service - before.service) * 1000 * 1000) / requests) / 1000,
      postgres_cpu_ms_per_request: Math.round(((after.postgres - before.postgres) * 1000 * 1000) / requests) / 1000,
      postgres_backends: backends.length,
    };
  };
}

/** pgbench over one of bench/pgbench's scripts in the benchmark's organization: the plain-SQL rate of the same work. */
function pgbenchLimit(
  script: string,
  orgId: string,
  clients = CONNECTIONS,
): { script: string; command: string; tps: number; latency_average_ms: number } | undefined {
  if (process.env.BENCH_PGBENCH === '0') return undefined;
  const args = [
    '-n',
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(DURATION),
    '-D',
    `org=${orgId}`,
    '-f',
    join(ROOT, 'bench/pgbench', script),
    BENCH_DATABASE_URL,
  ];
  let out: string;
  try {
    out = execFileSync('pgbench', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    // No pgbench on this machine (it comes with Postgres's client packages): the figures without their limit.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error('pgbench is not installed: no limit measured (BENCH_PGBENCH=0 to skip it quietly)');
      return undefined;
    }
    throw err;
  }
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return {
    script: `bench/pgbench/${script}`,
    command: `pgbench ${args.slice(0, -1).join(' ')} <BENCH_DATABASE_URL>`,
    tps: Math.round(tps * 100) / 100,
    latency_average_ms: latency,
  };
}

const pct = (sorted: number[], q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;

async function main() {
  const admin = createPool(BENCH_DATABASE_URL, { max: 2, applicationName: 'ledger-bulk-bench' });
  await migrateService(BENCH_DATABASE_URL, 'ledger', join(ROOT, 'services/ledger/prisma/migrations'));
  // The platform's functions and the ledger's seed take their Prisma Clients, over the benchmark's pool; the
  // accounts below are the benchmark's own setup, straight SQL.
  const adapter = createDbAdapter(admin);
  const platform = createPlatformClient(adapter);
  const ledger = createLedgerClient(adapter);
  const org = await createOrganization(platform, `ledger-bulk-${Date.now().toString(36)}`);
  const key = await createApiKey(platform, { orgSlug: org.slug, preset: 'full_access' });
  await seedSystemAccounts(ledger, org.id);
  const homes = (
    await admin.query<{ id: string; type: string }>(
      `SELECT id, type FROM ledger.accounts WHERE org_id = $1 AND source = 'system' AND source_ref = ANY($2) ORDER BY source_ref`,
      [org.id, ['CASH', 'RECEIVABLES', 'PAYABLES', 'EQUITY', 'INCOME', 'EXPENSES']],
    )
  ).rows;
  const accounts = (
    await admin.query<{ id: string }>(
      `INSERT INTO ledger.accounts (id, org_id, name, type, parent_id, source, source_ref)
     SELECT gen_random_uuid(), $1, 'Account ' || n, ($2::text[])[1 + n % $4], ($3::uuid[])[1 + n % $4], 'bench', 'ACC-' || n
     FROM generate_series(1, $5) AS n RETURNING id`,
      [org.id, homes.map((h) => h.type), homes.map((h) => h.id), homes.length, ACCOUNTS],
    )
  ).rows.map((r) => r.id);
  const [{ entries }] = (await admin.query('SELECT count(*)::int AS entries FROM ledger.entries')).rows;
  await Promise.all([platform.$disconnect(), ledger.$disconnect()]);
  await admin.end();

  const service = await startProcess(
    'services/ledger/src/main.ts',
    {
      DATABASE_URL: BENCH_DATABASE_URL,
      PORT: String(PORT),
      RATE_LIMIT_REQUESTS: '0',
      ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    },
    `http://127.0.0.1:${PORT}/readyz`,
    { nodeFlags: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [], logFile: LOG_FILE },
  );
  const headers = { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' };
  const run = randomUUID().slice(0, 8);
  let n = 0;
  /** The single-post body of `pnpm bench:ledger`: two random accounts, its own source identity, three dimensions on one entry. */
  const transaction = () => {
    const i = n++;
    const amount = 1 + Math.floor(Math.random() * 1_000_000);
    const d = Math.floor(Math.random() * ACCOUNTS);
    const c = (d + 1 + Math.floor(Math.random() * (ACCOUNTS - 1))) % ACCOUNTS;
    return {
      date: '2026-06-15',
      time: '10:30',
      narration: `Bench posting ${i}`,
      type: 'sale',
      source: 'bench',
      source_ref: `R-${run}-${i}`,
      entries: [
        { account: accounts[d], debit: amount, dimensions: { region: 'north', project: 'P1', channel: 'web' } },
        { account: accounts[c], credit: amount },
      ],
    };
  };

  /** Single posts for DURATION s after 3 s of warm-up; with `keyed`, each with an Idempotency-Key of its own. */
  const singlePosts = async (keyed: boolean): Promise<LoadResult> => {
    const request = (): autocannon.Request => ({
      method: 'POST',
      path: '/api/v1/transactions',
      setupRequest: (req) => {
        const body = transaction();
        return { ...req, body: JSON.stringify(body), headers: keyed ? { ...req.headers, 'idempotency-key': `K-${body.source_ref}` } : req.headers };
      },
    });
    const url = `http://127.0.0.1:${PORT}`;
    await load({ url, headers, connections: CONNECTIONS, duration: 3, requests: [request()] });
    const meter = await cpuMeter(service.pid as number);
    const measured = await load({ url, headers, connections: CONNECTIONS, duration: DURATION, requests: [request()] });
    const cpu = meter(measured.total_requests);
    const limit = pgbenchLimit(keyed ? 'ledger-post-keyed.sql' : 'ledger-post.sql', org.id);
    return {
      ...measured,
      ...cpu,
      ...(limit ? { limit, ratio_to_limit: Math.round((measured.requests_per_sec / limit.tps) * 1000) / 1000 } : {}),
    } as LoadResult;
  };
  // Issue 20: the target is with a key on every request; without keys is the comparison.
  let single: LoadResult | undefined;
  let singleWithoutKeys: LoadResult | undefined;
  if (ONLY === undefined || ONLY === 'single' || ONLY === 'single-keyed') single = await singlePosts(true);
  if (ONLY === undefined || ONLY === 'single' || ONLY === 'single-unkeyed') singleWithoutKeys = await singlePosts(false);

  let bulk: Record<string, unknown> | undefined;
  if (ONLY === undefined || ONLY === 'bulk') {
    const post = async () => {
      const items = Array.from({ length: BULK_SIZE }, transaction);
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/transactions/bulk`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ transactions: items, atomic: false }),
      });
      const body = (await res.json()) as { data?: { created: number; failed: number } };
      const ms = performance.now() - t0;
      if (res.status !== 200 || body.data?.created !== BULK_SIZE) throw new Error(`bulk: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      return ms;
    };
    const window = async (seconds: number) => {
      const latencies: number[] = [];
      const until = Date.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: BULK_CLIENTS }, async () => {
          while (Date.now() < until) latencies.push(await post());
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      return {
        requests: latencies.length,
        transactions: latencies.length * BULK_SIZE,
        seconds: Math.round(elapsed * 10) / 10,
        transactions_per_sec: Math.round((latencies.length * BULK_SIZE) / elapsed),
        entries_per_sec: Math.round((latencies.length * BULK_SIZE * 2) / elapsed),
        request_p50_ms: pct(latencies, 0.5),
        request_p99_ms: pct(latencies, 0.99),
      };
    };
    await window(3);
    const meter = await cpuMeter(service.pid as number);
    const measured = await window(DURATION);
    const cpu = meter(measured.requests);
    // The limit: the same 500 transactions as one plain statement (the script's own size), from as many clients.
    const limit = BULK_SIZE === 500 ? pgbenchLimit('ledger-post-bulk.sql', org.id, BULK_CLIENTS) : undefined;
    bulk = {
      ...measured,
      ...(limit
        ? {
            limit: { ...limit, transactions_per_sec: Math.round(limit.tps * 500) },
            ratio_to_limit: Math.round((measured.transactions_per_sec / (limit.tps * 500)) * 1000) / 1000,
          }
        : {}),
      service_cpu_ms_per_transaction: Math.round((cpu.service_cpu_ms_per_request / BULK_SIZE) * 1000) / 1000,
      postgres_cpu_ms_per_transaction: Math.round((cpu.postgres_cpu_ms_per_request / BULK_SIZE) * 1000) / 1000,
    };
  }
  await stopProcess(service);

  const report = {
    command: 'pnpm bench:ledger-bulk',
    load_average: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    service:
      'node --conditions=compiled services/ledger/build/main.js (as pnpm start); LOG_LEVEL and DB_POOL_SIZE unset (info, 10); RATE_LIMIT_REQUESTS=0; stdout to ' +
      LOG_FILE,
    database_entries_before: entries,
    duration_s: DURATION,
    single_posts: single && { connections: CONNECTIONS, idempotency_key: 'on every request', ...single },
    single_posts_without_keys: singleWithoutKeys && { connections: CONNECTIONS, ...singleWithoutKeys },
    bulk: bulk && { clients: BULK_CLIENTS, per_request: BULK_SIZE, ...bulk },
    targets: { single_posts: '>= 1500/s, p99 < 100 ms', bulk: '>= 10000 transactions/s' },
    met: {
      single_posts: single && single.requests_per_sec >= 1500 && single.latency_p99_ms < 100 && single.non_2xx === 0 && single.errors === 0,
      bulk: bulk && (bulk.transactions_per_sec as number) >= 10_000,
    },
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
