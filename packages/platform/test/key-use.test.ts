import request from 'supertest';
import { Authenticator, createApp, KEY_USE_INTERVAL_MS, listApiKeys, type PlatformDb, type ServiceDeps } from '../src';
import { makeKey, makeOrg, manualClock, startTestService, type TestKey, type TestService } from '../src/testing';

/**
 * Issue 23: the key check records when a key was last used, at most once per key per interval in a process, without
 * the request waiting for the write or failing with it.
 */

/** The platform client as the authenticator uses it, with every `last_used_at` write counted and its outcome chosen. */
interface Writes {
  calls: { where: unknown; data: { lastUsedAt: Date } }[];
  /** What a write does: the real UPDATE (default), or a stand-in for a database in trouble. */
  mode: 'real' | 'fail' | 'hang';
}
function watched(db: PlatformDb, writes: Writes): PlatformDb {
  return {
    // The key check also looks up the console member a session key was issued to.
    memberSession: { findUnique: (args: never) => db.memberSession.findUnique(args) },
    apiKey: {
      findUnique: (args: never) => db.apiKey.findUnique(args),
      updateMany: (args: Writes['calls'][number]) => {
        writes.calls.push(args);
        if (writes.mode === 'fail') return Promise.reject(new Error('connection terminated'));
        if (writes.mode === 'hang') return new Promise(() => undefined);
        return db.apiKey.updateMany(args as never);
      },
    },
  } as unknown as PlatformDb;
}

const warnings: unknown[] = [];
const writes: Writes = { calls: [], mode: 'real' };
const INTERVAL_MS = 1_500;
/** The key check's clock: the tests step over the interval instead of waiting for it. */
const clock = manualClock();

let svc: TestService;
let key: TestKey;
let other: TestKey;
let slug: string;
const build = async (deps: ServiceDeps) => {
  const authenticator = new Authenticator(watched(deps.platformDb, writes), {
    logger: { warn: (...args: unknown[]) => void warnings.push(args) },
    useIntervalMs: INTERVAL_MS,
    clock,
  });
  return { app: createApp({ service: 'test', routes: [], authenticator, logger: deps.logger, readiness: { database: () => deps.pool.query('SELECT 1') } }) };
};
const whoami = (k: TestKey) => request(svc.baseUrl).get('/api/v1/whoami').set(k.headers);
const lastUsed = async (k: TestKey) => (await listApiKeys(svc.deps.platformDb, slug)).find((x) => x.key === k.key)!.last_used_at;
/** The write is sent without waiting for it: polled until it shows `at` (jest's timeout bounds one that never lands). */
async function landed(k: TestKey, at: number): Promise<void> {
  while ((await lastUsed(k)) !== new Date(at).toISOString()) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  svc = await startTestService('test', build);
  const made = await makeOrg(svc.deps.platformDb, 'key-use');
  slug = made.org.slug;
  key = made.full;
  other = await makeKey(svc.deps.platformDb, made.org, 'read_only');
});
afterAll(() => svc.close());
beforeEach(() => {
  writes.calls.length = 0;
  writes.mode = 'real';
  warnings.length = 0;
});

test('the default interval is a minute', () => {
  expect(KEY_USE_INTERVAL_MS).toBe(60_000);
});

test('100 requests with a key write last_used_at once; another key gets its own write; a later request after the interval writes again', async () => {
  expect(await lastUsed(key)).toBeNull();
  const first = clock();
  // In parallel batches too: concurrent requests of one key share the one write.
  for (let batch = 0; batch < 10; batch++) await Promise.all(Array.from({ length: 10 }, () => whoami(key).expect(200)));
  expect(writes.calls).toHaveLength(1);
  await landed(key, first);

  await whoami(other).expect(200);
  expect(writes.calls).toHaveLength(2);

  // Still within the interval: no write; just past it, the next request writes its own instant.
  clock.advance(INTERVAL_MS - 1);
  await whoami(key).expect(200);
  expect(writes.calls).toHaveLength(2);
  clock.advance(2);
  await whoami(key).expect(200);
  await whoami(key).expect(200);
  expect(writes.calls).toHaveLength(3);
  await landed(key, first + INTERVAL_MS + 1);
  expect(warnings).toEqual([]);
});

test('a refused request records nothing: wrong secret, unknown key', async () => {
  clock.advance(INTERVAL_MS + 1);
  await request(svc.baseUrl).get('/api/v1/whoami').set({ 'api-key': key.key, 'api-secret': 'fs_wrong' }).expect(401);
  await request(svc.baseUrl).get('/api/v1/whoami').set({ 'api-key': 'fk_000000000000000000000000', 'api-secret': 'x' }).expect(401);
  expect(writes.calls).toHaveLength(0);
});

test('a write that fails never fails the request: it is logged, and not tried again before the interval', async () => {
  clock.advance(INTERVAL_MS + 1);
  writes.mode = 'fail';
  for (let i = 0; i < 20; i++) await whoami(key).expect(200);
  expect(writes.calls).toHaveLength(1);
  // The failure is logged when the rejected write settles, after the answer: polled (jest's timeout bounds it).
  while (warnings.length === 0) await new Promise((r) => setTimeout(r, 20));
  expect(warnings).toHaveLength(1);
  expect(JSON.stringify(warnings[0])).toContain('could not record when an API key was last used');
});

test('the request does not wait for the write: a write that never finishes leaves the answer unaffected', async () => {
  clock.advance(INTERVAL_MS + 1);
  writes.mode = 'hang';
  // Had the request waited for the write, it would never be answered (and jest's timeout would fail the test).
  await whoami(key).expect(200);
  expect(writes.calls).toHaveLength(1);
});
