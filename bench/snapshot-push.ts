/**
 * pnpm bench: authenticated snapshot pushes against the real service and Postgres, 64 connections for 20 s, then
 * the same with an Idempotency-Key on every push, beside the plain-SQL limit (bench/pgbench/snapshot-push.sql,
 * measured for as long right after) and a bare Express endpoint under the same load. BENCH_PORT (default 4101).
 */
import { createApiKey, createDbAdapter, createOrganization, createPlatformClient, createPool, migrateService } from '@finance/platform';
import { join } from 'node:path';
import { BENCH_DATABASE_URL, load, ROOT, startProcess, stopProcess } from './lib';
import { measureLimit, ratio } from './limit';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);

const run = Date.now().toString(36);

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
    { DATABASE_URL: BENCH_DATABASE_URL, PORT: String(port), SNAPSHOT_RATE_LIMIT_REQUESTS: '1000000000' },
    `http://127.0.0.1:${port}/readyz`,
  );
  const headers = { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' };
  const widget = await fetch(`http://127.0.0.1:${port}/api/v1/widgets`, { method: 'POST', headers, body: JSON.stringify({ name: 'bench' }) }).then(
    (r) => r.json() as Promise<{ data: { id: string } }>,
  );
  const body = JSON.stringify({ data: { value: 1234.5, label: 'MRR', unit: 'INR' } });
  const url = `http://127.0.0.1:${port}/api/v1/widgets/${widget.data.id}/snapshots`;
  await load({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: 3 }); // warm-up
  const push = await load({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
  // Every request with a key of its own (a client that may retry): the key, the point and the commit.
  let n = 0;
  const keyedRequest = [{ setupRequest: (req: object) => ({ ...req, headers: { ...headers, 'idempotency-key': `bench-${run}-${n++}` } }) }];
  const keyed = await load({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION, requests: keyedRequest });
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
