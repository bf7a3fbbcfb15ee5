/**
 * A Postgres cluster and a Redis server of a fault test's own, on free ports, so stopping them disturbs no
 * other test. Postgres refuses to run as root, so the cluster is made and run as the `postgres` user when
 * the tests run as root (as on these machines): by the uid and gid given to the child process, so no `runuser`
 * (in /usr/sbin, often not on root's PATH) is needed. Every command has a time limit, after which it is killed.
 */
import { execFile, execFileSync, spawn, type ChildProcess, type ExecFileOptions } from 'node:child_process';
import { chownSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { ensureDatabase, migrate } from '@finance/platform/migrator';
import { endsWithTest } from '@finance/platform/testing';

const execFileAsync = promisify(execFile);
/** A command that has not finished in this long has hung (pg_ctl waits 60 s itself): it is killed and fails the test. */
const COMMAND_TIMEOUT_MS = 180_000;
const run = (command: string, args: string[], options: ExecFileOptions = {}) =>
  execFileAsync(command, args, { timeout: COMMAND_TIMEOUT_MS, killSignal: 'SIGKILL', ...options }).then(({ stdout }) => ({ stdout: String(stdout) }));
const ROOT = join(__dirname, '..', '..');

const onPath = (command: string) => (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));

/**
 * A Postgres server binary: from PATH, else from Debian's and Ubuntu's /usr/lib/postgresql/<version>/bin (newest
 * version), where initdb and pg_ctl live without being on PATH. Missing: one line saying what to install.
 */
function postgresBinary(command: string): string {
  if (onPath(command)) return command;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const path = join('/usr/lib/postgresql', version, 'bin', command);
    if (existsSync(path)) return path;
  }
  throw new Error(`the fault tests need Postgres's ${command} (on PATH or in /usr/lib/postgresql/<version>/bin): apt-get install postgresql`);
}

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

interface PostgresUser {
  uid: number;
  gid: number;
}

/** The postgres user when we are root (initdb and postgres refuse root); nobody else otherwise. */
async function postgresUser(): Promise<PostgresUser | undefined> {
  if (userInfo().uid !== 0) return undefined;
  return { uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()), gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()) };
}

/** Runs a Postgres binary, as the postgres user when we are root, in `cwd` (a folder that user can enter). */
function asPostgres(user: PostgresUser | undefined, cwd: string, command: string, args: string[]) {
  return run(postgresBinary(command), args, { cwd, ...(user ? { uid: user.uid, gid: user.gid, env: { ...process.env, HOME: cwd } } : {}) });
}

// A cluster left running by a test that failed before it could stop it is stopped when this process exits.
const clusters = new Map<string, () => void>();
process.once('exit', () => {
  for (const stop of clusters.values()) stop();
});

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
  const user = await postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  await asPostgres(user, dir, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=60`;
  const pg: OwnPostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/finance_fault`,
    port,
    async start() {
      clusters.set(data, () => {
        try {
          execFileSync(postgresBinary('pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-t', '30', 'stop'], {
            cwd: dir,
            stdio: 'ignore',
            timeout: 60_000,
            ...(user ? { uid: user.uid, gid: user.gid } : {}),
          });
        } catch {
          // Already stopped, or it could not be: nothing more to do as this process ends.
        }
      });
      await asPostgres(user, dir, 'pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-t', '60', '-o', options, 'start']);
    },
    async stop(mode = 'fast') {
      await asPostgres(user, dir, 'pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    async destroy() {
      await pg.stop('immediate').catch(() => undefined);
      clusters.delete(data);
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
      child = endsWithTest(
        spawn(
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
        ),
      );
      // Polled until it answers; a machine under load may take a while to start it.
      const deadline = Date.now() + COMMAND_TIMEOUT_MS;
      while (child.exitCode === null && Date.now() < deadline) {
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
