// Issue 32: under CPU starvation the snapshot service stopped answering even /healthz for over 30 s. A batch push
// of 500 points (up to 1 MiB) was worked on in a few long stretches: the body's parse, its check, its validation
// and its fingerprint (then hashed twice) in one event-loop turn. Now each step of a large body has a turn of its
// own, so what waits (another request, /healthz) runs between them. Decided by counting event-loop turns, not time.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildSnapshotApp } from '../src/app';

let svc: TestService;
let key: TestKey;

beforeAll(async () => {
  // As in production: no test-time check of every answer (a JSON round trip of its own).
  svc = await startTestService('snapshot', async (deps) => {
    const { NODE_ENV, WEBHOOK_SECRET_KEY } = process.env;
    process.env.NODE_ENV = 'production';
    // Production requires the key that seals webhook secrets (issue 36).
    process.env.WEBHOOK_SECRET_KEY = randomBytes(32).toString('base64');
    try {
      return await buildSnapshotApp(deps);
    } finally {
      process.env.NODE_ENV = NODE_ENV;
      if (WEBHOOK_SECRET_KEY === undefined) delete process.env.WEBHOOK_SECRET_KEY;
      else process.env.WEBHOOK_SECRET_KEY = WEBHOOK_SECRET_KEY;
    }
  });
  key = (await makeOrg(svc.deps.platformDb, 'batch-loop')).full;
});
afterAll(() => svc.close());

/** The big JSON work (>= 10 kB parsed or written) done while `send` runs, each with the event-loop turn it ran in. */
async function bigJsonWork(send: () => Promise<unknown>): Promise<{ turn: number; what: string; bytes: number }[]> {
  const BIG = 10_000;
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn++;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const work: { turn: number; what: string; bytes: number }[] = [];
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const parseSpy = jest.spyOn(JSON, 'parse').mockImplementation(function (this: unknown, text: string, ...rest: unknown[]) {
    if (typeof text === 'string' && text.length >= BIG) work.push({ turn, what: 'parse', bytes: text.length });
    return (parse as (...a: unknown[]) => unknown).call(this, text, ...rest);
  });
  const stringifySpy = jest.spyOn(JSON, 'stringify').mockImplementation(function (this: unknown, ...args: unknown[]) {
    const out = (stringify as (...a: unknown[]) => string).apply(this, args);
    if (typeof out === 'string' && out.length >= BIG) work.push({ turn, what: 'stringify', bytes: out.length });
    return out;
  });
  try {
    await send();
  } finally {
    parseSpy.mockRestore();
    stringifySpy.mockRestore();
    ticking = false;
  }
  return work;
}

test('a batch push of 500 large points works on its body in steps of one event-loop turn each', async () => {
  const widget = (await request(svc.baseUrl).post('/api/v1/widgets').set(key.headers).send({ name: 'big batch' }).expect(201)).body.data.id;
  const points = Array.from({ length: 500 }, (_, i) => ({ value: i, label: `point ${i} ${'x'.repeat(1_500)}`, source: { row: i, note: 'y'.repeat(200) } }));
  const body = JSON.stringify({ data: points });
  expect(body.length).toBeGreaterThan(800_000);

  for (const idempotencyKey of [undefined, `batch-loop-${Date.now()}`]) {
    let status = 0;
    const work = await bigJsonWork(async () => {
      const call = request(svc.baseUrl).post(`/api/v1/widgets/${widget}/snapshots/batch`).set(key.headers).set('content-type', 'application/json');
      if (idempotencyKey) call.set('Idempotency-Key', idempotencyKey);
      status = (await call.send(body)).status;
    });
    expect(status).toBe(201);
    // The longest stretch is the JSON work of one turn: at most two passes over the largest document (Prisma
    // writes a statement's parameters as JSON and reads them back in one turn), never the body's parse, check and
    // fingerprint, or its points written for the insert and by Prisma, in a row. (Under jest the client's own
    // parse of the answer is in the list too, in a turn of its own.)
    const largest = Math.max(...work.map((w) => w.bytes));
    expect(largest).toBeGreaterThanOrEqual(body.length);
    const perTurn = new Map<number, number>();
    for (const w of work) perTurn.set(w.turn, (perTurn.get(w.turn) ?? 0) + w.bytes);
    expect({ idempotencyKey, busiest: Math.max(...perTurn.values()) <= 2 * largest }).toEqual({ idempotencyKey, busiest: true });
  }
  // All of them stored, in order.
  const stored = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM snapshot.snapshots WHERE widget_id = $1`, [widget]);
  expect(stored.rows[0].n).toBe(1_000);
});
