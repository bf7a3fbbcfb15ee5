/**
 * pnpm bench:startup: each service's start-up time and resident memory, run two ways: TypeScript through tsx (how
 * `pnpm start` ran before issue 19) and the compiled JavaScript in build/ (how `pnpm start` and the images run now;
 * run `pnpm build` first). Each process starts alone against an already migrated database, so the time is the
 * process's own: from spawn to the first 200 from /readyz. Memory is VmRSS read from /proc one second after that.
 * The two ways alternate, START_RUNS times each (5 by default); the table shows medians.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateService, PLATFORM_MIGRATIONS_DIR } from '@finance/platform';
import { BENCH_DATABASE_URL } from './lib';

const ROOT = join(__dirname, '..');
const RUNS = Number(process.env.START_RUNS ?? 5);
const PORT = 45_900;
const WORKER_FLAGS = ['--max-old-space-size=256', '--max-semi-space-size=8'];

const services: { name: string; entry: string; flags?: string[]; env?: Record<string, string>; readyPort?: number }[] = [
  { name: 'snapshot', entry: 'services/snapshot/%/main' },
  { name: 'ledger', entry: 'services/ledger/%/main' },
  { name: 'statement', entry: 'services/statement/%/main' },
  { name: 'statement-worker', entry: 'services/statement/%/worker', flags: WORKER_FLAGS, env: { WORKER_PORT: String(PORT) } },
  // The console's readiness is on its operators' port.
  { name: 'console', entry: 'services/console/%/main', env: { CONSOLE_OPS_PORT: String(PORT + 1) }, readyPort: PORT + 1 },
];
const ways = {
  tsx: (entry: string) => ['--import', 'tsx', `${entry.replace('%', 'src')}.ts`],
  compiled: (entry: string) => ['--conditions=compiled', `${entry.replace('%', 'build')}.js`],
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function once(service: (typeof services)[number], way: keyof typeof ways): Promise<{ ms: number; rssMb: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...(service.flags ?? []), ...ways[way](service.entry)], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: BENCH_DATABASE_URL, PORT: String(PORT), LOG_LEVEL: 'warn', ...service.env },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${service.name} (${way}) exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${service.readyPort ?? PORT}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 60_000) throw new Error(`${service.name} (${way}) not ready after 60 s`);
      await sleep(20);
    }
    const ms = performance.now() - started;
    await sleep(1_000);
    const rssKb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
    return { ms, rssMb: rssKb / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

async function main() {
  for (const [schema, dir] of [
    ['snapshot', 'services/snapshot/prisma/migrations'],
    ['ledger', 'services/ledger/prisma/migrations'],
    ['statement', 'services/statement/prisma/migrations'],
    ['platform', PLATFORM_MIGRATIONS_DIR],
  ] as const) {
    await migrateService(BENCH_DATABASE_URL, schema, schema === 'platform' ? dir : join(ROOT, dir));
  }
  console.log(`Node ${process.versions.node}, ${RUNS} runs each, medians`);
  console.log('| service | tsx: ready | compiled: ready | tsx: VmRSS | compiled: VmRSS |');
  console.log('|---|---|---|---|---|');
  for (const service of services) {
    const results: Record<keyof typeof ways, { ms: number; rssMb: number }[]> = { tsx: [], compiled: [] };
    for (let i = 0; i < RUNS; i++) {
      // Alternating, and swapping which goes first, so neither way always meets a warmer cache.
      const order = (i % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx']) as (keyof typeof ways)[];
      for (const way of order) results[way].push(await once(service, way));
    }
    const ms = (way: keyof typeof ways) => `${Math.round(median(results[way].map((r) => r.ms)))} ms`;
    const mb = (way: keyof typeof ways) => `${median(results[way].map((r) => r.rssMb)).toFixed(0)} MB`;
    console.log(`| ${service.name} | ${ms('tsx')} | ${ms('compiled')} | ${mb('tsx')} | ${mb('compiled')} |`);
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
