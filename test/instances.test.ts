// Issue 20: several instances on one Postgres and one Redis, as a deployment runs them: two of each HTTP service.
// What one instance promises must hold across them: an Idempotency-Key and a source identity are one effect
// whichever instance answers, and a key's rate limit is one budget. (Two statement instances and three workers:
// services/statement/test/instances.test.ts.)
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { makeKey, makeOrg, startTestService, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../services/ledger/src/app';
import { buildSnapshotApp } from '../services/snapshot/src/app';

const RATE_LIMIT = 25;
let ledgers: TestService[];
let snapshots: TestService[];

beforeAll(async () => {
  ledgers = await Promise.all([1, 2].map(() => startTestService('ledger', buildLedgerApp, { rateLimit: { requests: 100_000, windowSeconds: 60 } })));
  snapshots = await Promise.all([1, 2].map(() => startTestService('snapshot', buildSnapshotApp, { rateLimit: { requests: RATE_LIMIT, windowSeconds: 60 } })));
});
afterAll(async () => {
  await Promise.all([...(ledgers ?? []), ...(snapshots ?? [])].map((s) => s.close()));
});

describe('two ledger instances', () => {
  async function accounts(svc: TestService, headers: Record<string, string>): Promise<[string, string]> {
    const make = async (name: string, type: string) =>
      (await request(svc.baseUrl).post('/api/v1/accounts').set(headers).send({ name, type }).expect(201)).body.data.id;
    return [await make('Cash', 'asset'), await make('Sales', 'income')];
  }

  test.each([
    ['the same Idempotency-Key (no source identity)', 'key'],
    ['the same (source, source_ref)', 'source'],
  ])('64 concurrent identical posts spread over both store one transaction: %s', async (_label, by) => {
    const { org, full } = await makeOrg(ledgers[0]!.deps.platformDb, 'instances');
    const [cash, sales] = await accounts(ledgers[0]!, full.headers);
    const narration = `identical-${randomUUID()}`;
    const body = {
      date: '2026-01-31',
      narration,
      ...(by === 'source' ? { source: 'erp', source_ref: narration } : {}),
      entries: [
        { account: cash, debit: 4_200 },
        { account: sales, credit: 4_200 },
      ],
    };
    const answers = await Promise.all(
      Array.from({ length: 64 }, (_, i) => {
        const call = request(ledgers[i % 2]!.baseUrl)
          .post('/api/v1/transactions')
          .set(full.headers);
        if (by === 'key') call.set('Idempotency-Key', narration);
        return call.send(body).then((r) => r);
      }),
    );
    const stored = await ledgers[0]!.deps.pool.query(`SELECT id FROM ledger.transactions WHERE org_id = $1 AND narration = $2`, [org.id, narration]);
    expect(stored.rows).toHaveLength(1);
    const id = stored.rows[0].id;
    // One answer created it; every other is that transaction (a replay of the key's answer, or the identity's
    // 200), or (same key, the first still running) a 409 to retry in a moment.
    expect(answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 409) {
        expect(by).toBe('key');
        expect(a.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
        expect(a.headers['retry-after']).toBeDefined();
      } else {
        expect([200, 201]).toContain(a.status);
        expect(a.body.data.id).toBe(id);
      }
    }
    // And a retry on either instance now answers with it.
    for (const svc of ledgers) {
      const retry = request(svc.baseUrl).post('/api/v1/transactions').set(full.headers);
      if (by === 'key') retry.set('Idempotency-Key', narration);
      expect((await retry.send(body)).body.data.id).toBe(id);
    }
    const entries = await ledgers[0]!.deps.pool.query(`SELECT count(*)::int AS n FROM ledger.entries WHERE transaction_id = $1`, [id]);
    expect(entries.rows[0].n).toBe(2);
  });
});

test("a key's rate limit is one budget across both snapshot instances", async () => {
  const { org } = await makeOrg(snapshots[0]!.deps.platformDb, 'instances-rl');
  const key = await makeKey(snapshots[0]!.deps.platformDb, org, 'full_access');
  const answers = [];
  for (let i = 0; i < RATE_LIMIT * 2; i++)
    answers.push(
      await request(snapshots[i % 2]!.baseUrl)
        .get('/api/v1/widgets')
        .set(key.headers),
    );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(RATE_LIMIT);
  expect(answers.filter((a) => a.status === 429)).toHaveLength(RATE_LIMIT);
  // Both instances refused once the shared budget was spent.
  expect(answers.slice(RATE_LIMIT).every((a) => a.status === 429 && a.body.error.code === 'RATE_LIMITED')).toBe(true);
});
