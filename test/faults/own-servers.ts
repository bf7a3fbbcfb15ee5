/**
 * A Postgres cluster and a Redis server of a fault test's own, on free ports, so stopping them disturbs no
 * other test. Postgres refuses to run as root, so the cluster is made and run as the `postgres` user when
 * the tests run as root (as on these machines).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDatabase, migrate } from '@finance/platform/migrator';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a Postgres binary as the postgres user when we are root (initdb and postgres refuse root). */
function asPostgres(command: string, args: string[]) {
  return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
}

export interface OwnPostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `immediate` is a crash as far as clients can tell: connections drop without a goodbye. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
}

/** A fresh cluster with the platform's and every service's migrations applied, running. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'fault-pg-'));
  if (userInfo().uid === 0)
    chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), Number((await run('id', ['-g', 'postgres'])).stdout.trim()));
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60`;
  const pg: OwnPostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/finance_fault`,
    port,
    async start() {
      await asPostgres('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
    },
    async stop(mode = 'fast') {
      await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      await pg.stop('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  await ensureDatabase(pg.url);
  await migrate({ databaseUrl: pg.url, schema: 'platform', migrationsDir: join(ROOT, 'packages/platform/prisma/migrations') });
  for (const name of readdirSync(join(ROOT, 'services'))) {
    const migrations = join(ROOT, 'services', name, 'prisma', 'migrations');
    if (existsSync(migrations)) await migrate({ databaseUrl: pg.url, schema: name, migrationsDir: migrations });
  }
  return pg;
}

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A redis-server on a free port with append-only persistence (fsync always), as production runs it: a stop
 * and start loses nothing, so "no job lost" is a statement about the services, not about Redis.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const dir = await mkdtemp(join(tmpdir(), 'fault-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 100; i++) {
        const pong = await run('redis-cli', ['-p', String(port), 'ping']).then(
          (r) => r.stdout.trim(),
          () => '',
        );
        if (pong === 'PONG') return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('own redis-server did not start');
    },
    async stop() {
      const stopping = child;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((r) => stopping.once('exit', r));
      stopping.kill('SIGTERM');
      await exited;
    },
    async destroy() {
      await redis.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
