/** Shared pieces of the benchmarks: a service started as `pnpm start` starts it, an autocannon run, and a result summary. */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import autocannon from 'autocannon';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compileAll, CONDITION } = require('../scripts/build') as { compileAll: (log: (line: string) => void) => void; CONDITION: string };

export const ROOT = join(__dirname, '..');
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/finance_bench';

let compiled = false;

export interface StartOptions {
  /** Node flags before the entry (the worker's heap bounds, `--cpu-prof`). */
  nodeFlags?: string[];
  /** Where the process's stdout (its request log) goes; default /tmp/bench-<service>-<entry>.log. */
  logFile?: string;
}

/**
 * Starts a service in its own process (so the load generator never shares its event loop) exactly as `pnpm start`
 * does (scripts/start-all.js): the compiled JavaScript in build/ with the `compiled` condition, the default log
 * level (LOG_LEVEL is removed from the environment unless `env` sets it), stdout to a file as a container runtime
 * or `pnpm start > service.log` would take it. `entry` names the TypeScript source (services/ledger/src/main.ts);
 * a file outside services/ (bench/bare-express.ts) runs with tsx.
 */
export async function startProcess(entry: string, env: Record<string, string>, readyUrl: string, options: StartOptions = {}): Promise<ChildProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.LOG_LEVEL;
  delete childEnv.DB_POOL_SIZE;
  Object.assign(childEnv, env);
  let args: string[];
  if (entry.startsWith('services/')) {
    if (!compiled) {
      compileAll((line: string) => console.error(line));
      compiled = true;
    }
    const built = join(dirname(dirname(entry)), 'build', basename(entry).replace(/\.ts$/, '.js'));
    args = [...(options.nodeFlags ?? []), `--conditions=${CONDITION}`, built];
  } else {
    args = [...(options.nodeFlags ?? []), '--import', 'tsx', entry];
  }
  const logFile = options.logFile ?? `/tmp/bench-${entry.split('/')[1]}-${basename(entry, '.ts')}.log`;
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', openSync(logFile, 'a'), 'inherit'] });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not become ready at ${readyUrl}`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface LoadResult {
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  total_requests: number;
  non_2xx: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon(options);
  return {
    requests_per_sec: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    total_requests: result.requests.total,
    non_2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
