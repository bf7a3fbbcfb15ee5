// Issue 20: the Idempotency-Key's row in ledger.idempotency_keys and the lock a request in flight holds, driven
// directly: a key held by a request in flight is a 409 with Retry-After; a holder that goes silent loses it after
// the lease and its effect never lands; a kept key past its time is replaced; expired keys are deleted in bounded
// batches and live ones are kept.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { z } from 'zod';
import { createApp, created, defineRoute, fingerprint, IdempotencyStore, legacyFingerprint, query, sql, type RawDb } from '@finance/platform';
import { TEST_DATABASE_URL } from '@finance/platform/testing';
import { createLedgerClient, type LedgerClient } from '../src/data-access/db';
import { counts, createAccount, startLedger, transfer, type Ledger } from './helpers';

let l: Ledger;
let bank: string;
let sales: string;
/** A ledger client of the test's own (what the app gives the store), on the service's pool. */
let db: LedgerClient;

beforeAll(async () => {
  l = await startLedger('ledger-idem');
  db = createLedgerClient(l.svc.deps.adapter);
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
});
afterAll(async () => {
  await db?.$disconnect();
  await l.svc.close();
});

const keyRow = async (key: string) =>
  (await l.svc.deps.pool.query(`SELECT fingerprint, status FROM ledger.idempotency_keys WHERE org_id = $1 AND key = $2`, [l.org.id, key])).rows[0];

test('a key held by a request in flight is 409 IDEMPOTENCY_IN_PROGRESS with Retry-After, and nothing is stored; once it lets go, the key runs', async () => {
  const key = `held-${randomUUID()}`;
  const body = transfer(bank, sales, 100, { narration: key });
  // What a request in flight holds: the transaction-level lock on its key.
  const holder = await l.svc.deps.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`idempotency:ledger:${l.org.id}:${key}`]);
    const before = await counts(l);
    const res = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(409);
    expect(res.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(res.headers['retry-after']).toBe('1');
    // Its body cannot be seen before it commits: another body is told to wait too.
    const other = await l
      .api()
      .post('/api/v1/transactions')
      .set('Idempotency-Key', key)
      .send({ ...body, narration: 'other' })
      .expect(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await counts(l)).toEqual(before);
    expect(await keyRow(key)).toBeUndefined();
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
  await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
  expect(await keyRow(key)).toEqual({ fingerprint: fingerprint('POST', '/transactions', body), status: 201 });
});

/**
 * Holds the key's lock as a request in flight does and resolves once it holds it (so the request sent next finds it
 * held, however slow the machine); `released` settles when it has let go, `ms` later, committing the `write` it made
 * meanwhile. A holder that fails rolls back before its connection goes back to the service's pool.
 */
async function holdKey(key: string, ms: number, write?: { sql: string; params: unknown[] }): Promise<{ released: Promise<void> }> {
  const holder = await l.svc.deps.pool.connect();
  const letGo = async (end: 'COMMIT' | 'ROLLBACK') => {
    try {
      await holder.query(end);
    } finally {
      holder.release();
    }
  };
  try {
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`idempotency:ledger:${l.org.id}:${key}`]);
    if (write) await holder.query(write.sql, write.params);
  } catch (err) {
    await letGo('ROLLBACK');
    throw err;
  }
  return { released: new Promise((r) => setTimeout(r, ms)).then(() => letGo('COMMIT')) };
}

test('a key held for a moment (the lock of a statement that already failed, a duplicate about to finish) is waited for: the request runs once, or replays what the holder kept', async () => {
  // Let go after 60 ms, well inside the 300 ms of pauses: the request runs once, not 409.
  const key = `moment-${randomUUID()}`;
  const body = transfer(bank, sales, 120, { narration: key });
  const before = await counts(l);
  const held = await holdKey(key, 60);
  const res = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body);
  await held.released;
  expect(res.status).toBe(201);
  expect(res.headers['idempotent-replayed']).toBeUndefined();
  expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });
  expect(await keyRow(key)).toEqual({ fingerprint: fingerprint('POST', '/transactions', body), status: 201 });

  // A holder that commits the key's row meanwhile (the reply of the post above, as another request would keep it):
  // the request gives that reply, and writes nothing.
  const kept = `moment-kept-${randomUUID()}`;
  const keptBody = transfer(bank, sales, 130, { narration: kept });
  const holding = await holdKey(kept, 60, {
    sql: `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, response, expires_at)
          SELECT org_id, $2, $3, status, response, expires_at FROM ledger.idempotency_keys WHERE org_id = $1 AND key = $4`,
    params: [l.org.id, kept, fingerprint('POST', '/transactions', keptBody), key],
  });
  const between = await counts(l);
  const replay = await l.api().post('/api/v1/transactions').set('Idempotency-Key', kept).send(keptBody);
  await holding.released;
  expect(replay.status).toBe(201);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toEqual(res.body);
  expect(await counts(l)).toEqual(between);
});

test('a keyed post keeps its key in the posting statement, with the transaction: every replay is the first answer exactly', async () => {
  // 20 posts: their instants carry microseconds, so a replay formatted otherwise than the first answer shows up.
  for (let i = 0; i < 20; i++) {
    const key = `one-statement-${randomUUID()}`;
    const body = transfer(bank, sales, 100 + i, { narration: key, details: { invoice: `INV-${i}` } });
    const first = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The key's row and the transaction were written by one database transaction.
    const written = await l.svc.deps.pool.query(
      `SELECT t.xmin::text = k.xmin::text AS together, k.status FROM ledger.transactions t, ledger.idempotency_keys k
       WHERE t.id = $1 AND k.org_id = $2 AND k.key = $3`,
      [first.body.data.id, l.org.id, key],
    );
    expect(written.rows).toEqual([{ together: true, status: 201 }]);
    const replay = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(first.body.data).toMatchObject({ created: true, narration: key, total_debit: 100 + i, details: { invoice: `INV-${i}` } });
    // And it is what a read of the transaction says.
    const read = await l.api().get(`/api/v1/transactions/${first.body.data.id}`).expect(200);
    expect({ ...read.body.data, created: true }).toEqual(first.body.data);
  }
});

// Issue 32: the same body with its JSON keys in another order is the same request (its fingerprint is over
// canonical JSON); arrays keep their order, so entries in another order are another request.
test('the same body with its keys in another order replays the first answer; another array order or value is 422 IDEMPOTENCY_KEY_REUSED', async () => {
  const key = `reordered-${randomUUID()}`;
  const sent = {
    date: '2026-01-15',
    narration: key,
    entries: [
      { account: bank, debit: 310 },
      { account: sales, credit: 310 },
    ],
    details: { a: 1, b: { c: 2, d: 3 } },
  };
  const reordered = {
    details: { b: { d: 3, c: 2 }, a: 1 },
    entries: [
      { debit: 310, account: bank },
      { credit: 310, account: sales },
    ],
    narration: key,
    date: '2026-01-15',
  };
  expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(sent));
  const before = await counts(l);
  const first = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(sent).expect(201);
  const again = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(reordered);
  expect(again.status).toBe(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body).toEqual(first.body);
  expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });

  const swapped = { ...sent, entries: [sent.entries[1], sent.entries[0]] };
  const other = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(swapped).expect(422);
  expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const changed = await l
    .api()
    .post('/api/v1/transactions')
    .set('Idempotency-Key', key)
    .send({ ...reordered, details: { a: 2, b: { c: 2, d: 3 } } })
    .expect(422);
  expect(changed.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });
});

test('a key kept with the fingerprint of the body as sent (before canonical fingerprints) still replays for 24 h', async () => {
  // A reply as a request kept it before: another key's, kept again under the legacy fingerprint of this body.
  const model = `legacy-model-${randomUUID()}`;
  const first = await l
    .api()
    .post('/api/v1/transactions')
    .set('Idempotency-Key', model)
    .send(transfer(bank, sales, 320, { narration: model }))
    .expect(201);
  const key = `legacy-${randomUUID()}`;
  const body = transfer(bank, sales, 320, { narration: key });
  await l.svc.deps.pool.query(
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, response, expires_at)
     SELECT org_id, $2, $3, status, response, expires_at FROM ledger.idempotency_keys WHERE org_id = $1 AND key = $4`,
    [l.org.id, key, legacyFingerprint('POST', '/transactions', body), model],
  );
  const before = await counts(l);
  const replay = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body);
  expect(replay.status).toBe(201);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toEqual(first.body);
  expect(await counts(l)).toEqual(before);
  const other = await l
    .api()
    .post('/api/v1/transactions')
    .set('Idempotency-Key', key)
    .send({ ...body, narration: 'another' })
    .expect(422);
  expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
});

test('a holder silent past its lease loses the key: Postgres ends its transaction, the retry runs once, and the first effect never lands', async () => {
  const store = new IdempotencyStore(db, { schema: 'ledger', leaseMs: 300 });
  const org = randomUUID();
  const key = `silent-${randomUUID()}`;
  const marker = `lease-${randomUUID()}`;
  const effect = (tx: RawDb) =>
    tx.$executeRaw(
      sql`INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, expires_at) VALUES (${org}::uuid, ${`${marker}-${randomUUID()}`}, 'effect', 201, now() + interval '1 hour')`,
    );
  let release!: () => void;
  const silent = new Promise<void>((resolve) => (release = resolve));
  const first = store.run(org, key, 'f', async (tx) => {
    await silent; // went quiet with its transaction open
    await effect(tx);
    return { status: 201, body: { from: 'first' } };
  });
  await new Promise((r) => setTimeout(r, 1_000));
  const second = await store.run(org, key, 'f', async (tx) => {
    await effect(tx);
    return { status: 201, body: { from: 'second' } };
  });
  expect(second).toEqual({ status: 201, body: { from: 'second' } });
  release();
  await expect(first).rejects.toThrow();
  const effects = await l.svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.idempotency_keys WHERE org_id = $1 AND key LIKE $2`, [org, `${marker}-%`]);
  expect(effects.rows[0].n).toBe(1);
  expect(await store.run(org, key, 'f', async () => ({ status: 201, body: { from: 'third' } }))).toEqual({
    status: 201,
    body: { from: 'second' },
    replayed: true,
  });
  await l.svc.deps.pool.query(`DELETE FROM ledger.idempotency_keys WHERE org_id = $1`, [org]);
});

/**
 * What a frozen or starved process does: it stops in the middle of its JavaScript (here: a synchronous wait, so the
 * event loop reads nothing meanwhile) until Postgres has ended its session, then sends its next statement before
 * it reads the error Postgres left on the socket.
 */
function freezeUntilEnded(pid: number): void {
  for (;;) {
    const left = execFileSync('psql', [TEST_DATABASE_URL, '-Atc', `SELECT pg_sleep(0.02); SELECT count(*) FROM pg_stat_activity WHERE pid = ${pid}`]);
    if (left.toString().trim().split('\n').pop() === '0') return;
  }
}

// Issue 32: a process frozen past its key's lease got 500 INTERNAL (25P03, idle_in_transaction_session_timeout).
test('a request frozen past its lease (Postgres ends its transaction: 25P03) is 503 NOT_READY with Retry-After; the retry does it once', async () => {
  const marker = `frozen-${randomUUID()}`;
  let freeze = true;
  const route = defineRoute({
    method: 'post',
    path: '/frozen',
    permission: 'transactions:create',
    summary: 'writes one row, freezing the first time in the middle of its transaction',
    idempotent: true,
    body: z.strictObject({ n: z.number() }),
    response: z.strictObject({ n: z.number() }),
    handler: async ({ body, db: tx }) => {
      const [session] = await query<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      if (freeze) {
        freeze = false;
        freezeUntilEnded(session!.pid);
      }
      await tx.$executeRaw(
        sql`INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, expires_at) VALUES (${l.org.id}::uuid, ${`${marker}-${randomUUID()}`}, 'effect', 201, now() + interval '1 hour')`,
      );
      return created({ n: body.n });
    },
  });
  const app = createApp({
    service: 'ledger',
    routes: [route],
    authenticator: l.svc.deps.authenticator,
    logger: l.svc.deps.logger,
    readiness: {},
    db,
    schema: 'ledger',
    idempotencyLeaseMs: 300,
  });
  const send = () => request(app).post('/api/v1/frozen').set(l.key.headers).set('Idempotency-Key', marker).send({ n: 7 });
  const effects = async () =>
    (await l.svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.idempotency_keys WHERE org_id = $1 AND key LIKE $2`, [l.org.id, `${marker}-%`])).rows[0]
      .n;

  const first = await send();
  expect(first.status).toBe(503);
  expect(first.body.error.code).toBe('NOT_READY');
  expect(first.body.error.message).toMatch(/nothing was done/);
  expect(first.headers['retry-after']).toBe('1');
  expect(await effects()).toBe(0);

  const retry = await send();
  expect([retry.status, retry.body]).toEqual([201, expect.anything()]);
  expect(retry.body).toEqual({ data: { n: 7 } });
  expect(await effects()).toBe(1);
  const again = await send();
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(await effects()).toBe(1);
});

test('a kept key past its time that the sweep has not reached is replaced: the request runs, and its reply is kept', async () => {
  const key = `expired-${randomUUID()}`;
  const body = transfer(bank, sales, 250, { narration: key });
  await l.svc.deps.pool.query(
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, response, created_at, expires_at)
     VALUES ($1, $2, $3, 201, '{"data": "stale"}', now() - interval '2 days', now() - interval '1 day')`,
    [l.org.id, key, fingerprint('POST', '/transactions', body)],
  );
  const before = await counts(l);
  const first = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });
  const again = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body).toEqual(first.body);
  expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });
});

test('a refused request releases its key: nothing is kept, and the corrected request may use it', async () => {
  const key = `refused-${randomUUID()}`;
  await l
    .api()
    .post('/api/v1/transactions')
    .set('Idempotency-Key', key)
    .send(
      transfer(bank, sales, 1, {
        entries: [
          { account: bank, debit: 1 },
          { account: sales, credit: 2 },
        ],
      }),
    )
    .expect(422);
  expect(
    (await l.svc.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.idempotency_keys WHERE org_id = $1 AND key = $2`, [l.org.id, key])).rows[0].n,
  ).toBe(0);
  await l
    .api()
    .post('/api/v1/transactions')
    .set('Idempotency-Key', key)
    .send(transfer(bank, sales, 1))
    .expect(201);
});

test('expired keys are deleted in bounded batches; live keys stay', async () => {
  const pool = l.svc.deps.pool;
  const store = l.svc.app.locals.idempotency as IdempotencyStore;
  const org = randomUUID();
  await pool.query(
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, response, created_at, expires_at)
     SELECT $1, 'old-' || i, 'f', 201, '{}', now() - interval '2 days', now() - interval '1 day'
     FROM generate_series(1, 2500) i`,
    [org],
  );
  await pool.query(
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, status, expires_at)
     SELECT $1, 'live-' || i, 'f', 201, now() + interval '1 day' FROM generate_series(1, 3) i`,
    [org],
  );
  const left = async () => (await pool.query(`SELECT count(*)::int AS n FROM ledger.idempotency_keys WHERE org_id = $1 AND key LIKE 'old-%'`, [org])).rows[0].n;
  // Two batches of 1,000 at most (other test files' expired keys, if any, count too).
  expect(await store.sweep(2)).toBeLessThanOrEqual(2_000);
  expect(await left()).toBeGreaterThanOrEqual(500);
  while ((await store.sweep(10)) > 0);
  expect(await left()).toBe(0);
  expect((await pool.query(`SELECT count(*)::int AS n FROM ledger.idempotency_keys WHERE org_id = $1`, [org])).rows[0].n).toBe(3);
  await pool.query(`DELETE FROM ledger.idempotency_keys WHERE org_id = $1`, [org]);
});
