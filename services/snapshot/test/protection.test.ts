import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildSnapshotApp } from '../src/app';

// Rate limits and idempotency keys against the real Redis.
let a: TestService;
let b: TestService;
let full: TestKey;
let widgetId: string;
let orgOf: Parameters<typeof makeKey>[1];
// Each idempotency test uses a key of its own: the instances here allow only 10 requests per key.
const freshKey = async () => (await makeKey(a.deps.platformDb, orgOf, 'full_access')).headers;
const stored = async () => Number((await a.deps.pool.query('SELECT count(*) FROM snapshot.snapshots WHERE widget_id = $1', [widgetId])).rows[0].count);

beforeAll(async () => {
  // Two instances of the service with a small budget, as two replicas behind a load balancer.
  const limits = { rateLimit: { requests: 10, windowSeconds: 60 } };
  [a, b] = await Promise.all([startTestService('snapshot', buildSnapshotApp, limits), startTestService('snapshot', buildSnapshotApp, limits)]);
  const made = await makeOrg(a.deps.platformDb, 'prot');
  full = made.full;
  orgOf = made.org;
});
afterAll(() => Promise.all([a.close(), b.close()]));

describe('per-key rate limits', () => {
  test('two instances share one budget: of 16 concurrent requests exactly 10 pass', async () => {
    const { full: key } = await makeOrg(a.deps.platformDb, 'prot-rl');
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        request((i % 2 ? a : b).baseUrl)
          .get('/api/v1/whoami')
          .set(key.headers),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const limited = responses.find((r) => r.status === 429)!;
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-limit']).toBe('10');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.headers['ratelimit-policy']).toBe('10;w=60');
    const passed = responses.find((r) => r.status === 200)!;
    expect(Number(passed.headers['ratelimit-remaining'])).toBeLessThan(10);
    // Another key of the same organization has its own budget.
    await request(a.baseUrl).get('/api/v1/whoami').set(full.headers).expect(200);
  });
});

describe('Idempotency-Key on snapshot push', () => {
  beforeAll(async () => {
    widgetId = (
      await request(a.baseUrl)
        .post('/api/v1/widgets')
        .set(await freshKey())
        .send({ name: 'idem' })
        .expect(201)
    ).body.data.id;
  });

  test('a retry replays the first response, from any instance, and stores nothing more', async () => {
    const headers = { ...(await freshKey()), 'Idempotency-Key': `push-${Date.now()}` };
    const first = await request(a.baseUrl)
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set(headers)
      .send({ data: { value: 1 } })
      .expect(201);
    const again = await request(b.baseUrl)
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set(headers)
      .send({ data: { value: 1 } })
      .expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored()).toBe(1);
  });

  test('the same key with a different body is a 422, and nothing is stored', async () => {
    const headers = { ...(await freshKey()), 'Idempotency-Key': `reuse-${Date.now()}` };
    await request(a.baseUrl)
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set(headers)
      .send({ data: { value: 2 } })
      .expect(201);
    const before = await stored();
    const res = await request(a.baseUrl)
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set(headers)
      .send({ data: { value: 3 } })
      .expect(422);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await stored()).toBe(before);
  });

  test('concurrent retries store exactly one snapshot; the others replay it or are told it is in progress', async () => {
    const headers = { ...(await freshKey()), 'Idempotency-Key': `race-${Date.now()}` };
    const before = await stored();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        request((i % 2 ? a : b).baseUrl)
          .post(`/api/v1/widgets/${widgetId}/snapshots`)
          .set(headers)
          .send({ data: { value: 9 } }),
      ),
    );
    expect(await stored()).toBe(before + 1);
    const ids = new Set(responses.filter((r) => r.status === 201).map((r) => r.body.data.id));
    expect(ids.size).toBe(1);
    for (const r of responses) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    }
  });

  test('after a failed first attempt the key is free again', async () => {
    const headers = { ...(await freshKey()), 'Idempotency-Key': `fail-${Date.now()}` };
    const missing = '018f0000-0000-7000-8000-00000000dead';
    await request(a.baseUrl)
      .post(`/api/v1/widgets/${missing}/snapshots`)
      .set(headers)
      .send({ data: { value: 1 } })
      .expect(404);
    await request(a.baseUrl)
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set(headers)
      .send({ data: { value: 1 } })
      .expect(201);
  });

  test('a malformed key is a 400 naming the header', async () => {
    const res = await request(a.baseUrl)
      .post(`/api/v1/widgets/${widgetId}/snapshots`)
      .set({ ...(await freshKey()), 'Idempotency-Key': 'x'.repeat(256) })
      .send({ data: { value: 1 } })
      .expect(400);
    expect(res.body.error.message).toMatch(/^Idempotency-Key:/);
  });
});
