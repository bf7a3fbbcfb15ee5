// Issue 32: instances that could not count in Redis (just started, or Redis down) each allowed a key its whole
// budget: two instances allowed 80 requests against a limit of 40. Now each allows its share of the limit
// (RATE_LIMIT_INSTANCES), so together they stay within it. Sharing one count in Redis: protection.test.ts (snapshot).
import { createServer, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { createApp, platformAppOptions, type ServiceDeps } from '../src';
import { makeOrg, startTestService, type TestKey, type TestService } from '../src/testing';

const LIMIT = 40;
const build = async (deps: ServiceDeps) => ({ app: createApp({ service: 'rl-instances', routes: [], ...platformAppOptions(deps), readiness: {} }) });

/** Two instances of a service on `redisUrl`, as two replicas behind a load balancer, each told there may be two. */
async function twoInstances(redisUrl: string): Promise<[TestService, TestService]> {
  const config = { redisUrl, rateLimit: { requests: LIMIT, windowSeconds: 60, instances: 2 } };
  return Promise.all([startTestService('rl-instances', build, config), startTestService('rl-instances', build, config)]);
}

/** 2 x LIMIT requests of one new key at once, alternately to each instance; the statuses. */
async function burst(instances: TestService[]): Promise<number[]> {
  const { full } = await makeOrg(instances[0]!.deps.platformDb, 'rl-inst');
  const key: TestKey = full;
  const answers = await Promise.all(
    Array.from({ length: 2 * LIMIT }, (_, i) =>
      request(instances[i % 2]!.baseUrl)
        .get('/api/v1/whoami')
        .set(key.headers),
    ),
  );
  return answers.map((a) => a.status);
}

const allowed = (statuses: number[]) => statuses.filter((s) => s === 200).length;

async function close(instances: TestService[]): Promise<void> {
  // A connection that never became ready would wait on QUIT.
  for (const i of instances) if (i.deps.redis.status !== 'ready') i.deps.redis.disconnect();
  await Promise.all(instances.map((i) => i.close()));
}

test('two instances just started, their Redis not answering yet: together they allow the limit, not twice it', async () => {
  // A server that accepts the connection and never answers: ioredis stays connecting, as in an instance's first moments.
  const sockets = new Set<Socket>();
  const silent: Server = createServer((s) => sockets.add(s));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const instances = await twoInstances(`redis://127.0.0.1:${(silent.address() as { port: number }).port}`);
  try {
    const statuses = await burst(instances);
    expect(allowed(statuses)).toBe(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
  } finally {
    await close(instances);
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  }
});

test('two instances with Redis down: together they allow the limit, not twice it', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise((r) => closed.close(r));
  const instances = await twoInstances(`redis://127.0.0.1:${port}`);
  try {
    expect(allowed(await burst(instances))).toBe(LIMIT);
  } finally {
    await close(instances);
  }
});
