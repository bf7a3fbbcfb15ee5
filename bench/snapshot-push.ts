/**
 * pnpm bench: authenticated snapshot pushes against the real service and Postgres, 64 connections for 20 s, then
 * the same with an Idempotency-Key on every push, beside the plain-SQL limit (bench/pgbench/snapshot-push.sql,
 * measured for as long right after) and a bare Express endpoint under the same load. BENCH_PORT (default 4101).
 */
import { createApiKey, createDbAdapter, createOrganization, createPlatformClient, createPool, migrateService } from '@finance/platform';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DATABASE_URL, load, ROOT, startProcess, stopProcess } from './lib';
import { measureLimit, ratio } from './limit';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const run = Date.now().toString(36);
const PROFILE = process.env.BENCH_PROFILE;
/** BENCH_RATE_LIMIT=off: no count in Redis per push (issue 34's table was measured so). */
const RATE_LIMIT_OFF = process.env.BENCH_RATE_LIMIT === 'off';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 once it has exited. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The service's and its Postgres backends' CPU per request over a load: what a loaded machine slows least. */
async function cpuPerRequest<T extends { total_requests: number }>(servicePid: number, measure: () => Promise<T>) {
  const pool = createPool(BENCH_DATABASE_URL, { max: 1, applicationName: 'snapshot-bench-meter' });
  const backends = (
    await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'snapshot' AND datname = current_database()`)
  ).rows.map((r) => r.pid);
  await pool.end();
  const read = () => ({ service: cpuSeconds(servicePid), postgres: backends.reduce((sum, pid) => sum + cpuSeconds(pid), 0) });
  const before = read();
  const result = await measure();
  const after = read();
  const per = (seconds: number) => Math.round((seconds * 1e6) / Math.max(1, result.total_requests)) / 1000;
  return { ...result, service_cpu_ms_per_request: per(after.service - before.service), postgres_cpu_ms_per_request: per(after.postgres - before.postgres) };
}

async function main() {
  await migrateService(BENCH_DATABASE_URL, 'snapshot', join(ROOT, 'services/snapshot/prisma/migrations'));
  const pool = createPool(BENCH_DATABASE_URL, { max: 2 });
  const platform = createPlatformClient(createDbAdapter(pool));
  const org = await createOrganization(platform, `bench-${Date.now().toString(36)}`);
  const key = await createApiKey(platform, { orgSlug: org.slug, preset: 'full_access' });
  await platform.$disconnect();
  await pool.end();

  const port = Number(process.env.BENCH_PORT ?? 4101);
  // Rate limiting stays on (every push is counted in Redis, as in production) with a budget this run cannot spend.
  const service = await startProcess(
    'services/snapshot/src/main.ts',
    { DATABASE_URL: BENCH_DATABASE_URL, PORT: String(port), SNAPSHOT_RATE_LIMIT_REQUESTS: RATE_LIMIT_OFF ? '0' : '1000000000' },
    `http://127.0.0.1:${port}/readyz`,
    { nodeFlags: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [] },
  );
  const headers = { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' };
  const widget = await fetch(`http://127.0.0.1:${port}/api/v1/widgets`, { method: 'POST', headers, body: JSON.stringify({ name: 'bench' }) }).then(
    (r) => r.json() as Promise<{ data: { id: string } }>,
  );
  const body = JSON.stringify({ data: { value: 1234.5, label: 'MRR', unit: 'INR' } });
  const url = `http://127.0.0.1:${port}/api/v1/widgets/${widget.data.id}/snapshots`;
  await load({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: 3 }); // warm-up
  const push = await cpuPerRequest(service.pid!, () => load({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION }));
  // Every request with a key of its own (a client that may retry): the key, the point and the commit.
  let n = 0;
  const keyedRequest = [{ setupRequest: (req: object) => ({ ...req, headers: { ...headers, 'idempotency-key': `bench-${run}-${n++}` } }) }];
  const keyed = await cpuPerRequest(service.pid!, () =>
    load({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION, requests: keyedRequest }),
  );
  await stopProcess(service);
  // The same work as plain SQL, for as long, right after: the ratio holds from one machine's load to the next.
  const limit = await measureLimit('snapshot-push', { durationS: DURATION });

  const barePort = port + 98;
  const bare = await startProcess('bench/bare-express.ts', { PORT: String(barePort) }, `http://127.0.0.1:${barePort}/healthz`);
  const bareUrl = `http://127.0.0.1:${barePort}/push`;
  await load({ url: bareUrl, method: 'POST', headers, body, connections: CONNECTIONS, duration: 3 });
  const baseline = await load({ url: bareUrl, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
  await stopProcess(bare);

  const report = {
    command: 'pnpm bench',
    duration_s: DURATION,
    connections: CONNECTIONS,
    rate_limit: RATE_LIMIT_OFF ? 'off' : 'on (a budget the run cannot spend)',
    snapshot_push: push,
    limit,
    ratio_to_limit: ratio(push.requests_per_sec, limit),
    keyed_push: keyed,
    keyed_ratio_to_limit: ratio(keyed.requests_per_sec, limit),
    bare_express: baseline,
    ratio_to_bare_express: Number((push.requests_per_sec / baseline.requests_per_sec).toFixed(3)),
    targets: { ratio_to_limit: '>= 0.2 (issue 34)', latency_p99_ms: '< 50' },
    met: ratio(push.requests_per_sec, limit) >= 0.2 && push.latency_p99_ms < 50 && push.non_2xx === 0 && push.errors === 0,
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
