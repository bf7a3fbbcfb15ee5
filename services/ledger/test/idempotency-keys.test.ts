// Issue 20: the Idempotency-Key's row in ledger.idempotency_keys, driven directly: a claim still under its lease is
// a 409 with Retry-After, one whose lease ran out (its holder died) is taken over and the post runs once; expired
// keys are deleted in bounded batches and live ones are kept.
import { randomUUID } from 'node:crypto';
import { fingerprint, type IdempotencyStore } from '@finance/platform';
import { counts, createAccount, startLedger, transfer, type Ledger } from './helpers';

let l: Ledger;
let bank: string;
let sales: string;

beforeAll(async () => {
  l = await startLedger('ledger-idem');
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
});
afterAll(() => l.svc.close());

/** A claim as a request that then died leaves it: running, with its lease `leaseSeconds` from now (negative: ran out). */
async function deadClaim(key: string, body: unknown, leaseSeconds: number): Promise<void> {
  await l.svc.deps.pool.query(
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, state, token, lease_expires_at, expires_at)
     VALUES ($1, $2, $3, 'running', $4, now() + $5 * interval '1 second', now() + interval '1 day')`,
    [l.org.id, key, fingerprint('POST', '/transactions', body), randomUUID(), leaseSeconds],
  );
}

test('a claim under its lease is 409 IDEMPOTENCY_IN_PROGRESS with Retry-After (the seconds left), and nothing is stored', async () => {
  const key = `held-${randomUUID()}`;
  const body = transfer(bank, sales, 100, { narration: key });
  await deadClaim(key, body, 5);
  const before = await counts(l);
  const res = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(409);
  expect(res.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(4);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(5);
  expect(await counts(l)).toEqual(before);
  // Another body with the key is still 422, whatever the key's state.
  const other = await l
    .api()
    .post('/api/v1/transactions')
    .set('Idempotency-Key', key)
    .send({ ...body, narration: 'other' })
    .expect(422);
  expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
});

test('a claim whose lease ran out is taken over: the retry posts once, and its reply is kept', async () => {
  const key = `dead-${randomUUID()}`;
  const body = transfer(bank, sales, 250, { narration: key });
  await deadClaim(key, body, -1);
  const before = await counts(l);
  const first = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });
  const again = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body).toEqual(first.body);
  const row = (await l.svc.deps.pool.query(`SELECT state, status FROM ledger.idempotency_keys WHERE org_id = $1 AND key = $2`, [l.org.id, key])).rows[0];
  expect(row).toEqual({ state: 'done', status: 201 });
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
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, state, token, status, response, lease_expires_at, created_at, expires_at)
     SELECT $1, 'old-' || i, 'f', 'done', gen_random_uuid(), 201, '{}', now() - interval '2 days', now() - interval '2 days', now() - interval '1 day'
     FROM generate_series(1, 2500) i`,
    [org],
  );
  await pool.query(
    `INSERT INTO ledger.idempotency_keys (org_id, key, fingerprint, state, token, lease_expires_at, expires_at)
     SELECT $1, 'live-' || i, 'f', 'done', gen_random_uuid(), now(), now() + interval '1 day' FROM generate_series(1, 3) i`,
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
