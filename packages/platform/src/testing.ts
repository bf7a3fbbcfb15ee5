/**
 * Helpers for tests that start a real app against the real Postgres and call it over HTTP with real keys.
 * Every test file makes its own organizations (unique slugs), so files share no rows and run in parallel.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { createApiKey, createOrganization, type Organization } from './auth/platform-store';
import type { PlatformDb } from './db/platform-db';
import type { Preset } from './auth/scopes';
import { loadConfig } from './config';
import { listen } from './http/server';
import { createLogger } from './logger';
import { closeServiceDeps, createServiceDeps, type BuiltService, type ServiceDeps } from './runtime';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/finance_test';

export function uniqueSlug(prefix = 'org'): string {
  return `${prefix}-${randomBytes(6).toString('hex')}`;
}

/**
 * A clock that stands still until the test moves it: what a cache lifetime, a use interval or a sign-in delay is
 * decided by in a test, so the outcome depends on the instants the test sets, never on how fast the machine runs.
 */
export interface ManualClock {
  (): number;
  advance(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  return Object.assign(() => now, {
    advance: (ms: number) => {
      now += ms;
    },
  });
}

/** How long a process a test starts may live: past it, it is killed, so a test that hangs never holds the run. */
export const CHILD_MAX_MS = 600_000;
const children = new Set<ChildProcess>();
// However the test file ends (a failed beforeAll that never got to name what it started included), what it started ends too.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * Ties a process a test started (a server, a worker, redis-server) to the test run: it does not keep jest's
 * process alive (its handle and pipes are unreferenced), it is killed after `maxMs`, and when the process that
 * started it exits.
 */
export function endsWithTest<T extends ChildProcess>(child: T, maxMs = CHILD_MAX_MS): T {
  children.add(child);
  const timer = setTimeout(() => child.kill('SIGKILL'), maxMs);
  timer.unref();
  child.once('exit', () => {
    clearTimeout(timer);
    children.delete(child);
  });
  child.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as { unref?: () => void } | null)?.unref?.();
  return child;
}

export interface TestKey {
  key: string;
  secret: string;
  headers: { 'api-key': string; 'api-secret': string };
}

export async function makeKey(db: PlatformDb, org: Organization, preset: Preset, scopes?: string, expiresAt?: Date): Promise<TestKey> {
  const created = await createApiKey(db, { orgSlug: org.slug, preset, scopes, expiresAt });
  return { key: created.key, secret: created.secret, headers: { 'api-key': created.key, 'api-secret': created.secret } };
}

export async function makeOrg(db: PlatformDb, prefix?: string): Promise<{ org: Organization; full: TestKey }> {
  const org = await createOrganization(db, uniqueSlug(prefix));
  return { org, full: await makeKey(db, org, 'full_access') };
}

export interface TestService {
  deps: ServiceDeps;
  app: Express;
  baseUrl: string;
  /** Where its operators' probes are, for a service that serves them apart (BuiltService.ops), on an ephemeral port. */
  opsUrl?: string;
  close(): Promise<void>;
}

/** Starts a service's app on an ephemeral port against the test database. Migrations ran in jest's globalSetup. */
export async function startTestService(
  name: string,
  build: (deps: ServiceDeps) => Promise<BuiltService>,
  overrides: Partial<ServiceDeps['config']> = {},
  options: { /** The key check's clock (Authenticator), for tests that step over key expiry and the key cache. */ clock?: () => number } = {},
): Promise<TestService> {
  const config = { ...loadConfig(name, 0, { ...process.env, PORT: '0' }), databaseUrl: TEST_DATABASE_URL, dbPoolSize: 5, ...overrides };
  const deps = createServiceDeps(config, createLogger(name, process.env.TEST_LOG_LEVEL ?? 'silent'), {}, options);
  const { app, close, ops } = await build(deps);
  const opsServer = ops ? await listen(ops.app, 0, '127.0.0.1') : undefined;
  const running = await listen(app, 0, '127.0.0.1');
  running.cleanupWith(async () => {
    await opsServer?.shutdown();
    await close?.();
    await closeServiceDeps(deps);
  });
  return {
    deps,
    app,
    baseUrl: `http://127.0.0.1:${running.port}`,
    ...(opsServer ? { opsUrl: `http://127.0.0.1:${opsServer.port}` } : {}),
    close: running.shutdown,
  };
}
export { findSchemaDrift } from './db/drift';

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
  matchers?: ((path: string) => unknown)[];
}

/**
 * The API routes an Express app actually registered under `prefix`, read from its router stack (not from our
 * route definitions), as "METHOD <prefix>/path/{param}", for comparing with the OpenAPI document.
 */
export function registeredApiRoutes(app: Express, prefix = '/api/v1'): string[] {
  const found: string[] = [];
  const top = (app as unknown as { router: { stack: RouterLayer[] } }).router.stack;
  for (const layer of top) {
    const nested = layer.handle?.stack;
    if (!nested || !layer.matchers?.some((m) => m(prefix))) continue;
    for (const inner of nested) {
      if (!inner.route) continue;
      for (const [method, on] of Object.entries(inner.route.methods)) {
        if (on && method !== '_all') found.push(`${method.toUpperCase()} ${prefix}${inner.route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
      }
    }
  }
  return found.sort();
}

/** The operations of an OpenAPI document as "METHOD /path". */
export function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/** The route declarations an app was built from (createApp keeps them), for generating requests from them. */
export function declaredRoutes(app: Express): import('./http/route').AnyRoute[] {
  return (app.locals as { routes: import('./http/route').AnyRoute[] }).routes;
}
