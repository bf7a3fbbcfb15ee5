/** Shared pieces of the benchmarks: a child-process server, an autocannon run, and a result summary. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const ROOT = join(__dirname, '..');
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/finance_bench';

/** Starts a TypeScript entry point in its own process (so the load generator never shares its event loop). */
export async function startProcess(entry: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
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
