import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { makeKey } from '@finance/platform/testing';
import { createLedgerClient } from '../src/data-access/db';
import { createTransaction } from '../src/domain/transactions';
import { counts, createAccount, otherOrg, post, snapshotOf, startLedger, transfer, type Ledger } from './helpers';

let l: Ledger;
let bank: string;
let cashBox: string;
let sales: string;
let rent: string;
let retired: string;
let quarantined: string;
let foreign: string;

beforeAll(async () => {
  l = await startLedger('ledger-tx');
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  cashBox = await createAccount(l, { name: 'Cash box', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
  rent = await createAccount(l, { name: 'Rent', type: 'expense', parent: l.groups.EXPENSES });
  retired = await createAccount(l, { name: 'Old bank', type: 'asset', parent: l.groups.CASH });
  quarantined = await createAccount(l, { name: 'Suspicious', type: 'asset', parent: l.groups.CASH });
  await l.api().patch(`/api/v1/accounts/${retired}`).send({ status: 'retired' }).expect(200);
  await l.api().patch(`/api/v1/accounts/${quarantined}`).send({ status: 'quarantined' }).expect(200);
  const other = await otherOrg(l);
  foreign = await createAccount(other, { name: 'Their bank', type: 'asset' });
});
afterAll(() => l.svc.close());

describe('POST /api/v1/transactions', () => {
  test('creates a posted transaction with its entries in the order sent, totals, and created: true (201)', async () => {
    const body = {
      date: '2026-02-01',
      time: '09:30',
      narration: 'Invoice 17 paid',
      type: 'payment',
      currency: 'USD',
      source: 'shopify',
      source_ref: 'ORD-17',
      details: { zeta: 1, alpha: { nested: [1, 'two', null] } },
      entries: [
        { account: bank, debit: 12_345, memo: 'deposit', dimensions: { region: 'north', project: 'p1' } },
        { account: sales, credit: 10_000 },
        { account: sales, credit: 2_345, memo: null },
      ],
    };
    const res = await post(l, body).expect(201);
    const t = res.body.data;
    expect(t).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: '2026-02-01',
      time: '09:30',
      narration: 'Invoice 17 paid',
      type: 'payment',
      status: 'posted',
      currency: 'USD',
      source: 'shopify',
      source_ref: 'ORD-17',
      details: { zeta: 1, alpha: { nested: [1, 'two', null] } },
      reverses: null,
      reversal_of: null,
      reversed_by: null,
      entries: [
        { id: expect.any(String), account: bank, debit: 12_345, credit: 0, memo: 'deposit', dimensions: { region: 'north', project: 'p1' } },
        { id: expect.any(String), account: sales, debit: 0, credit: 10_000, memo: null, dimensions: {} },
        { id: expect.any(String), account: sales, debit: 0, credit: 2_345, memo: null, dimensions: {} },
      ],
      total_debit: 12_345,
      total_credit: 12_345,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created: true,
    });
    // The stored transaction reads back the same (details keep their key order: json, not jsonb).
    const got = await l.api().get(`/api/v1/transactions/${t.id}`).expect(200);
    const { created: _c, ...stored } = t;
    expect(got.body.data).toEqual(stored);
    expect(Object.keys(got.body.data.details)).toEqual(['zeta', 'alpha']);
  });

  test('defaults: status posted, currency INR, source manual, no time, narration, type, source_ref or details', async () => {
    const res = await post(l, {
      date: '2026-02-02',
      entries: [
        { account: bank, debit: 5 },
        { account: sales, credit: 5 },
      ],
    }).expect(201);
    expect(res.body.data).toMatchObject({
      status: 'posted',
      currency: 'INR',
      source: 'manual',
      source_ref: null,
      time: null,
      narration: null,
      type: null,
      details: null,
    });
  });

  test('a re-post of (source, source_ref) returns the stored transaction with created: false (200) and changes nothing', async () => {
    const first = await post(l, transfer(bank, sales, 700, { source: 'erp', source_ref: 'INV-1' })).expect(201);
    const before = await snapshotOf(l);
    const again = await post(l, transfer(cashBox, sales, 999, { source: 'erp', source_ref: 'INV-1', narration: 'changed' })).expect(200);
    expect(again.body.data.created).toBe(false);
    const { created: _a, ...firstStored } = first.body.data;
    const { created: _b, ...againStored } = again.body.data;
    expect(againStored).toEqual(firstStored);
    expect(await snapshotOf(l)).toEqual(before);
    // A re-post answers with the stored transaction even when its body would now be refused.
    const refusedBody = await post(l, { date: '2026-01-01', source: 'erp', source_ref: 'INV-1', entries: [{ account: quarantined, debit: 1 }] }).expect(200);
    expect(refusedBody.body.data.id).toBe(first.body.data.id);
  });

  test('without a source identity, an Idempotency-Key makes a retry safe: the first reply is replayed, nothing doubles', async () => {
    const key = `retry-${Date.now()}`;
    const body = transfer(bank, sales, 321, { narration: 'no source_ref' });
    const first = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
    const before = await counts(l);
    const again = await l.api().post('/api/v1/transactions').set('Idempotency-Key', key).send(body).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await counts(l)).toEqual(before);
    const reused = await l
      .api()
      .post('/api/v1/transactions')
      .set('Idempotency-Key', key)
      .send({ ...body, narration: 'other' })
      .expect(422);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  /**
   * The race on (source, source_ref), forced: the winner's insert is made and left uncommitted on a connection of
   * the test's, so the post's identity probe finds nothing and its insert waits on the unique index; the winner
   * then commits, the post's insert fails with a unique violation, and it must answer with the winner (200,
   * created false), having stored nothing. With and without an Idempotency-Key (inside the key's transaction the
   * violation would abort it: a savepoint keeps it usable).
   */
  test.each([
    ['without an Idempotency-Key', undefined],
    ['with an Idempotency-Key', 'race-key'],
  ])('a post that loses the race on its source identity answers 200 with the winner and stores nothing (%s)', async (_label, idempotencyKey) => {
    const pool = l.svc.deps.pool;
    const sourceRef = `RACE-${randomUUID()}`;
    // The winner posts through a ledger client of its own, in a transaction held open until the loser waits on it.
    const db = createLedgerClient(l.svc.deps.adapter);
    try {
      let before!: Awaited<ReturnType<typeof counts>>;
      let loser!: Promise<request.Response>;
      const winner = await db.$transaction(
        async (tx) => {
          const won = await createTransaction(tx, l.org.id, {
            date: '2026-01-15',
            time: null,
            narration: 'the winner',
            type: null,
            status: 'posted',
            currency: 'INR',
            source: 'erp',
            source_ref: sourceRef,
            entries: [
              { account: bank, debit: 500, credit: 0, memo: null, dimensions: {} },
              { account: sales, debit: 0, credit: 500, memo: null, dimensions: {} },
            ],
          });
          expect(won.created).toBe(true);
          before = await counts(l);

          const loserRequest = l.api().post('/api/v1/transactions');
          if (idempotencyKey) loserRequest.set('Idempotency-Key', `${idempotencyKey}-${sourceRef}`);
          loser = loserRequest.send(transfer(cashBox, sales, 999, { source: 'erp', source_ref: sourceRef, narration: 'the loser' })).then((r) => r);
          // Deterministic: wait until the post is blocked on the winner's uncommitted index entry (pg_stat_activity
          // keeps the first 1 kB of the statement: the post's CTE is known by its start).
          const deadline = Date.now() + 120_000;
          for (;;) {
            const waiting = await pool.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'transactionid' AND query LIKE '%input AS (%jsonb_to_recordset%'`,
            );
            if (waiting.rows[0].n > 0) break;
            if (Date.now() > deadline) throw new Error('the post never waited on the winner');
            await new Promise((r) => setTimeout(r, 10));
          }
          return won;
        },
        // Prisma ends an interactive transaction past its timeout: far above what a loaded machine takes here.
        { timeout: 240_000 },
      );
      // The transaction has committed: the loser's insert fails on the winner's identity.

      const res = await loser;
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: winner.transaction.id, narration: 'the winner', source_ref: sourceRef, total_debit: 500, created: false });
      expect(res.body.data.entries.map((e: { account: string }) => e.account)).toEqual([bank, sales]);
      // Only the winner is stored; the loser wrote nothing.
      expect(await counts(l)).toEqual({ ...before, transactions: before.transactions + 1, entries: before.entries + 2 });
      if (idempotencyKey) {
        // The key keeps that answer: a retry replays it.
        const replay = await l
          .api()
          .post('/api/v1/transactions')
          .set('Idempotency-Key', `${idempotencyKey}-${sourceRef}`)
          .send(transfer(cashBox, sales, 999, { source: 'erp', source_ref: sourceRef, narration: 'the loser' }))
          .expect(200);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.body.data.id).toBe(winner.transaction.id);
      }
    } finally {
      await db.$disconnect();
    }
  });

  test('the identity is the pair: the same source_ref under another source, or in another organization, is a new transaction', async () => {
    await post(l, transfer(bank, sales, 1, { source: 'erp', source_ref: 'SHARED' })).expect(201);
    await post(l, transfer(bank, sales, 1, { source: 'crm', source_ref: 'SHARED' })).expect(201);
    await post(l, transfer(bank, sales, 1, { source_ref: 'SHARED' })).expect(201);
    const list = await l.api().get('/api/v1/transactions?source_ref=SHARED').expect(200);
    expect(list.body.data.map((t: { source: string }) => t.source).sort()).toEqual(['crm', 'erp', 'manual']);
  });

  test('drafts are exempt from rules 1 and 2: unbalanced, single-entry and empty drafts are stored', async () => {
    const unbalanced = await post(l, {
      date: '2026-02-03',
      status: 'draft',
      entries: [
        { account: bank, debit: 10 },
        { account: sales, credit: 3 },
      ],
    }).expect(201);
    expect(unbalanced.body.data).toMatchObject({ status: 'draft', total_debit: 10, total_credit: 3 });
    await post(l, { date: '2026-02-03', status: 'draft', entries: [{ account: bank, debit: 10 }] }).expect(201);
    const empty = await post(l, { date: '2026-02-03', status: 'draft' }).expect(201);
    expect(empty.body.data).toMatchObject({ entries: [], total_debit: 0, total_credit: 0 });
  });

  test.each([
    ['a group account', () => ({ account: l.groups.CASH, debit: 1 }), 'GROUP_ACCOUNT'],
    ['an unknown account', () => ({ account: '018f0000-0000-7000-8000-000000000000', debit: 1 }), 'ACCOUNT_NOT_FOUND'],
    ['a retired account', () => ({ account: retired, debit: 1 }), 'ACCOUNT_NOT_POSTABLE'],
  ])('drafts still obey rules 3 and 4: %s is refused', async (_what, entry, code) => {
    const before = await counts(l);
    const res = await post(l, { date: '2026-02-03', status: 'draft', entries: [entry()] }).expect(422);
    expect(res.body.error.code).toBe(code);
    expect(await counts(l)).toEqual(before);
  });

  test('a transaction cannot be created void (409 INVALID_STATUS_TRANSITION)', async () => {
    const before = await counts(l);
    const res = await post(l, transfer(bank, sales, 5, { status: 'void' })).expect(409);
    expect(res.body.error.code).toBe('INVALID_STATUS_TRANSITION');
    expect(await counts(l)).toEqual(before);
  });

  test('a posted transaction needs entries (400 naming entries)', async () => {
    const res = await post(l, { date: '2026-02-03' }).expect(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^entries:/) });
  });

  describe('the four rules refuse with 422 and write nothing', () => {
    const cases: [string, () => unknown[], string, string][] = [
      ['no entries', () => [], 'TOO_FEW_ENTRIES', 'entries'],
      ['one entry', () => [{ account: bank, debit: 5 }], 'TOO_FEW_ENTRIES', 'entries'],
      [
        'debits != credits',
        () => [
          { account: bank, debit: 5 },
          { account: sales, credit: 4 },
        ],
        'UNBALANCED_TRANSACTION',
        'entries',
      ],
      [
        'an entry on a group',
        () => [
          { account: l.groups.CASH, debit: 5 },
          { account: sales, credit: 5 },
        ],
        'GROUP_ACCOUNT',
        'entries[0].account',
      ],
      [
        'an unknown account',
        () => [
          { account: bank, debit: 5 },
          { account: '018f0000-0000-7000-8000-000000000001', credit: 5 },
        ],
        'ACCOUNT_NOT_FOUND',
        'entries[1].account',
      ],
      [
        "another organization's account",
        () => [
          { account: bank, debit: 5 },
          { account: foreign, credit: 5 },
        ],
        'ACCOUNT_NOT_FOUND',
        'entries[1].account',
      ],
      [
        'a retired account',
        () => [
          { account: retired, debit: 5 },
          { account: sales, credit: 5 },
        ],
        'ACCOUNT_NOT_POSTABLE',
        'entries[0].account',
      ],
      [
        'a quarantined account',
        () => [
          { account: bank, debit: 5 },
          { account: quarantined, credit: 5 },
        ],
        'ACCOUNT_NOT_POSTABLE',
        'entries[1].account',
      ],
    ];
    test.each(cases)('%s: %s', async (_what, entries, code, path) => {
      const before = await snapshotOf(l);
      const res = await post(l, { date: '2026-02-04', source: 'erp', source_ref: `refused-${code}`, entries: entries() }).expect(422);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.details[0].path).toBe(path);
      expect(res.body.error.message.startsWith(`${path}:`)).toBe(true);
      expect(await snapshotOf(l)).toEqual(before);
      // Nothing was stored under the identity either: the same call, corrected, creates it.
      if (code === 'UNBALANCED_TRANSACTION') {
        await post(l, {
          date: '2026-02-04',
          source: 'erp',
          source_ref: `refused-${code}`,
          entries: [
            { account: bank, debit: 5 },
            { account: sales, credit: 5 },
          ],
        }).expect(201);
      }
    });
  });

  test.each([
    ['one entry on a group', () => [{ account: l.groups.CASH, debit: 5 }], 'TOO_FEW_ENTRIES'],
    [
      'unknown and group accounts, unbalanced',
      () => [
        { account: l.groups.CASH, debit: 5 },
        { account: '018f0000-0000-7000-8000-000000000002', credit: 4 },
      ],
      'ACCOUNT_NOT_FOUND',
    ],
    [
      'group and retired accounts',
      () => [
        { account: retired, debit: 5 },
        { account: l.groups.INCOME, credit: 5 },
      ],
      'GROUP_ACCOUNT',
    ],
    [
      'retired account, unbalanced',
      () => [
        { account: retired, debit: 5 },
        { account: sales, credit: 4 },
      ],
      'ACCOUNT_NOT_POSTABLE',
    ],
  ])('when several rules fail, the first in the contract order is reported: %s -> %s', async (_what, entries, code) => {
    const res = await post(l, { date: '2026-02-04', entries: entries() }).expect(422);
    expect(res.body.error.code).toBe(code);
  });

  describe('amounts are JSON integers of minor units: anything else is 400 and writes nothing', () => {
    const cases: [string, unknown, string][] = [
      ['a decimal', { account: 'BANK', debit: 1.5 }, 'entries[0].debit'],
      ['a numeric string', { account: 'BANK', debit: '100' }, 'entries[0].debit'],
      ['a negative', { account: 'BANK', debit: -100 }, 'entries[0].debit'],
      ['a negative credit', { account: 'BANK', credit: -1 }, 'entries[0].credit'],
      ['both sides non-zero', { account: 'BANK', debit: 5, credit: 5 }, 'entries[0].debit'],
      ['both sides zero', { account: 'BANK', debit: 0, credit: 0 }, 'entries[0].debit'],
      ['neither side', { account: 'BANK' }, 'entries[0].debit'],
      ['2^53 (beyond the safe integers)', { account: 'BANK', debit: 2 ** 53 }, 'entries[0].debit'],
      ['1e20', { account: 'BANK', debit: 1e20 }, 'entries[0].debit'],
      ['null', { account: 'BANK', debit: null }, 'entries[0].debit'],
      ['an account that is not an id', { account: 'bank', debit: 5 }, 'entries[0].account'],
      ['a number as a dimension value', { account: 'BANK', debit: 5, dimensions: { cost_center: 101 } }, 'entries[0].dimensions.cost_center'],
      ['an unknown entry field', { account: 'BANK', debit: 5, amount: 5 }, 'entries[0].amount'],
    ];
    test.each(cases)('%s', async (_what, entry, path) => {
      const before = await counts(l);
      const withBank = JSON.parse(JSON.stringify(entry).replace('"BANK"', JSON.stringify(bank)));
      const res = await post(l, { date: '2026-02-05', entries: [withBank, { account: sales, credit: 5 }] }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await counts(l)).toEqual(before);
    });
  });

  test('a JSON integer written as 1e3 is an integer and is accepted exactly', async () => {
    const res = await l
      .api()
      .post('/api/v1/transactions')
      .set('content-type', 'application/json')
      .send(`{"date":"2026-02-05","entries":[{"account":"${bank}","debit":1e3},{"account":"${sales}","credit":1000}]}`)
      .expect(201);
    expect(res.body.data.total_debit).toBe(1000);
  });

  test('the largest safe amount round-trips exactly; totals beyond the safe range are refused', async () => {
    const max = Number.MAX_SAFE_INTEGER;
    const ok = await post(l, {
      date: '2026-02-06',
      entries: [
        { account: bank, debit: max },
        { account: sales, credit: max },
      ],
    }).expect(201);
    expect(ok.body.data.total_debit).toBe(max);
    const got = await l.api().get(`/api/v1/transactions/${ok.body.data.id}`).expect(200);
    expect(got.body.data.entries[0].debit).toBe(max);
    const before = await counts(l);
    const res = await post(l, {
      date: '2026-02-06',
      entries: [
        { account: bank, debit: max },
        { account: bank, debit: 1 },
        { account: sales, credit: max },
        { account: sales, credit: 1 },
      ],
    }).expect(400);
    expect(res.body.error.message).toMatch(/^entries: the debit total exceeds/);
    expect(await counts(l)).toEqual(before);
  });

  test.each([
    [{ date: '2026-02-30' }, 'date'],
    [{ date: '15/01/2026' }, 'date'],
    [{ date: '2026-01-15', time: '25:00' }, 'time'],
    [{ date: '2026-01-15', time: '9:30' }, 'time'],
    [{ date: '2026-01-15', currency: 'inr' }, 'currency'],
    [{ date: '2026-01-15', status: 'approved' }, 'status'],
    [{ date: '2026-01-15', source: '' }, 'source'],
    [{ date: '2026-01-15', amount: 5 }, 'amount'],
    [{ date: '2026-01-15', entries: 'none' }, 'entries'],
  ])('refuses %j with 400 naming %s', async (fields, path) => {
    const before = await counts(l);
    const res = await post(l, { ...transfer(bank, sales, 5), ...fields }).expect(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await counts(l)).toEqual(before);
  });

  test('malformed JSON is 400, another content type 415', async () => {
    const bad = await l.api().post('/api/v1/transactions').set('content-type', 'application/json').send('{"date":').expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    const text = await l.api().post('/api/v1/transactions').set('content-type', 'text/plain').send('date=2026-01-01').expect(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('credentials before everything, then the permission', async () => {
    const anon = await request(l.svc.baseUrl)
      .post('/api/v1/transactions')
      .send(transfer(bank, sales, 5))
      .expect(401);
    expect(anon.body.error.code).toBe('UNAUTHORIZED');
    const reader = await makeKey(l.svc.deps.platformDb, l.org, 'custom', 'transactions:read');
    const before = await counts(l);
    const denied = await request(l.svc.baseUrl)
      .post('/api/v1/transactions')
      .set(reader.headers)
      .send(transfer(bank, sales, 5))
      .expect(403);
    expect(denied.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('transactions:create') });
    expect(await counts(l)).toEqual(before);
    await request(l.svc.baseUrl).get('/api/v1/transactions').set(reader.headers).expect(200);
    await request(l.svc.baseUrl).patch('/api/v1/transactions/018f0000-0000-7000-8000-000000000000').set(reader.headers).send({ status: 'void' }).expect(403);
    await request(l.svc.baseUrl).delete('/api/v1/transactions/018f0000-0000-7000-8000-000000000000').set(reader.headers).expect(403);
  });
});

describe('GET /api/v1/transactions', () => {
  let o: Ledger['api'];
  let a: string;
  let b: string;
  let inc: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // A fresh organization, so the list holds exactly these.
    const other = await otherOrg(l, 'ledger-tx-list');
    o = other.api;
    const ctx = { api: o };
    a = await createAccount(ctx, { name: 'A', type: 'asset' });
    b = await createAccount(ctx, { name: 'B', type: 'asset' });
    inc = await createAccount(ctx, { name: 'Income', type: 'income' });
    const mk = async (name: string, body: Record<string, unknown>) => {
      const res = await o().post('/api/v1/transactions').send(body).expect(201);
      ids[name] = res.body.data.id;
    };
    // Same date: a time sorts before rows without one; two rows without time fall back to created_at.
    await mk('noTime1', {
      date: '2026-03-10',
      narration: 'Office rent 50% share',
      type: 'rent',
      entries: [
        { account: a, debit: 1 },
        { account: inc, credit: 1 },
      ],
    });
    await mk('t0900', {
      date: '2026-03-10',
      time: '09:00',
      narration: 'coffee',
      type: 'sale',
      source: 'pos',
      source_ref: 'R1',
      entries: [
        { account: b, debit: 2, dimensions: { region: 'north' } },
        { account: inc, credit: 2 },
      ],
    });
    await mk('noTime2', {
      date: '2026-03-10',
      narration: 'More coffee',
      type: 'sale',
      entries: [
        { account: a, debit: 3, dimensions: { region: 'south' } },
        { account: inc, credit: 3 },
      ],
    });
    await mk('t1000', {
      date: '2026-03-10',
      time: '10:00:30',
      narration: 'Coffee beans',
      type: 'purchase',
      source: 'pos',
      source_ref: 'R2',
      entries: [
        { account: b, debit: 4, dimensions: { region: 'north', project: 'x' } },
        { account: inc, credit: 4 },
      ],
    });
    await mk('early', {
      date: '2026-03-01',
      narration: 'opening',
      entries: [
        { account: a, debit: 5 },
        { account: inc, credit: 5 },
      ],
    });
    await mk('late', {
      date: '2026-03-20',
      narration: 'closing_1',
      entries: [
        { account: b, debit: 6 },
        { account: inc, credit: 6 },
      ],
    });
    await mk('draft', { date: '2026-03-15', status: 'draft', narration: 'draft', entries: [{ account: a, debit: 7 }] });
  });
  const names = (res: request.Response) => res.body.data.map((t: { id: string }) => Object.keys(ids).find((k) => ids[k] === t.id));

  test('newest first: date, then time with rows without time last, then created_at, then id', async () => {
    const res = await o().get('/api/v1/transactions').expect(200);
    expect(names(res)).toEqual(['late', 'draft', 't1000', 't0900', 'noTime2', 'noTime1', 'early']);
    expect(res.body.page_context).toEqual({ count: 7, page: 1, per_page: 100, total: 7, has_more: false });
  });

  test('sort_order=ASC: oldest first, rows without time still last within their date', async () => {
    const res = await o().get('/api/v1/transactions?sort_order=ASC').expect(200);
    expect(names(res)).toEqual(['early', 't0900', 't1000', 'noTime1', 'noTime2', 'draft', 'late']);
  });

  test.each([
    ['date_from=2026-03-10&date_to=2026-03-15', ['draft', 't1000', 't0900', 'noTime2', 'noTime1']],
    ['date_to=2026-03-01', ['early']],
    ['status=draft', ['draft']],
    ['status=posted&date_from=2026-03-20', ['late']],
    ['type=sale', ['t0900', 'noTime2']],
    ['source=pos', ['t1000', 't0900']],
    ['source_ref=R1', ['t0900']],
    ['source=pos&source_ref=R2', ['t1000']],
    ['q=COFFEE', ['t1000', 't0900', 'noTime2']],
    ['q=50%25', ['noTime1']],
    ['q=_', ['late']],
    ['dimension.region=north', ['t1000', 't0900']],
    ['dimension.region=north&dimension.project=x', ['t1000']],
    ['dimension.region=west', []],
  ])('filter %s', async (qs, expected) => {
    expect(names(await o().get(`/api/v1/transactions?${qs}`).expect(200))).toEqual(expected);
  });

  test('account: only transactions with an entry on it, combinable with the other filters', async () => {
    expect(names(await o().get(`/api/v1/transactions?account=${b}`).expect(200))).toEqual(['late', 't1000', 't0900']);
    expect(names(await o().get(`/api/v1/transactions?account=${a}&status=posted`).expect(200))).toEqual(['noTime2', 'noTime1', 'early']);
    expect(names(await o().get(`/api/v1/transactions?account=${b}&dimension.region=north&date_to=2026-03-10`).expect(200))).toEqual(['t1000', 't0900']);
    const all = await o().get(`/api/v1/transactions?account=${inc}&limit=2&page=2`).expect(200);
    expect(all.body.page_context).toEqual({ count: 2, page: 2, per_page: 2, total: 6, has_more: true });
    // Another organization's account matches nothing here.
    expect(names(await o().get(`/api/v1/transactions?account=${bank}`).expect(200))).toEqual([]);
  });

  test('paging by account crosses dates with many rows in either order, exactly like the unfiltered list', async () => {
    const other = await otherOrg(l, 'ledger-tx-pages');
    const ctx = { api: other.api };
    const x = await createAccount(ctx, { name: 'X', type: 'asset' });
    const y = await createAccount(ctx, { name: 'Y', type: 'income' });
    const times = [null, '09:00', '23:59:59', null, '00:00', '12:30'];
    for (let i = 0; i < 17; i++) {
      await other
        .api()
        .post('/api/v1/transactions')
        .send({
          date: `2026-05-0${1 + (i % 3)}`,
          time: times[i % times.length],
          status: i % 5 === 4 ? 'draft' : 'posted',
          entries: [
            { account: x, debit: i + 1 },
            { account: y, credit: i + 1 },
          ],
        })
        .expect(201);
    }
    for (const order of ['DESC', 'ASC']) {
      for (const filter of ['', '&status=posted', '&date_from=2026-05-02']) {
        const ids = (res: request.Response) => res.body.data.map((t: { id: string }) => t.id);
        const expected = ids(await other.api().get(`/api/v1/transactions?sort_order=${order}&limit=500${filter}`).expect(200));
        const whole = await other.api().get(`/api/v1/transactions?account=${x}&sort_order=${order}&limit=500${filter}`).expect(200);
        expect(ids(whole)).toEqual(expected);
        const paged: string[] = [];
        for (let page = 1; page <= 5; page++) {
          const res = await other.api().get(`/api/v1/transactions?account=${x}&sort_order=${order}&limit=4&page=${page}${filter}`).expect(200);
          expect(res.body.page_context.total).toBe(expected.length);
          paged.push(...ids(res));
        }
        expect(paged).toEqual(expected);
      }
    }
  });

  test('include_entries=false leaves entries out; totals stay', async () => {
    const res = await o().get('/api/v1/transactions?include_entries=false&limit=1').expect(200);
    expect(res.body.data[0]).not.toHaveProperty('entries');
    expect(res.body.data[0]).toMatchObject({ total_debit: 6, total_credit: 6 });
    const withEntries = await o().get('/api/v1/transactions?limit=1').expect(200);
    expect(withEntries.body.data[0].entries).toHaveLength(2);
  });

  test('fields selects, pages never overlap', async () => {
    const res = await o().get('/api/v1/transactions?fields=id,total_debit&limit=3').expect(200);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'total_debit']);
    const p1 = await o().get('/api/v1/transactions?limit=4').expect(200);
    const p2 = await o().get('/api/v1/transactions?limit=4&page=2').expect(200);
    expect([...names(p1), ...names(p2)]).toEqual(['late', 'draft', 't1000', 't0900', 'noTime2', 'noTime1', 'early']);
  });

  test.each([
    ['status=pending', 'status'],
    ['account=not-an-id', 'account'],
    ['date_from=2026-03-20&date_to=2026-03-01', 'date_from'],
    ['date_from=2026-13-01', 'date_from'],
    ['include_entries=yes', 'include_entries'],
    ['sort_order=sideways', 'sort_order'],
    ['limit=501', 'limit'],
    ['page=0', 'page'],
    ['acount=x', 'acount'],
    ['dimension.=x', 'dimension.'],
  ])('refuses %s (400 naming %s)', async (qs, name) => {
    const res = await o().get(`/api/v1/transactions?${qs}`).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message.startsWith(`${name}:`)).toBe(true);
  });

  test("another organization's transactions are invisible (404 on get)", async () => {
    await l.api().get(`/api/v1/transactions/${ids.late}`).expect(404);
    const res = await l.api().get('/api/v1/transactions?q=closing_1').expect(200);
    expect(res.body.data).toEqual([]);
  });

  test('an unknown or malformed id is 404', async () => {
    for (const id of ['018f0000-0000-7000-8000-000000000000', 'nope']) {
      const res = await o().get(`/api/v1/transactions/${id}`).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });
});

describe('PATCH /api/v1/transactions/:id', () => {
  const draft = async (
    entries: unknown[] = [
      { account: bank, debit: 10 },
      { account: sales, credit: 10 },
    ],
    extra = {},
  ) => (await post(l, { date: '2026-04-01', status: 'draft', narration: 'wip', entries, ...extra }).expect(201)).body.data;
  const patch = (id: string, body: unknown) =>
    l
      .api()
      .patch(`/api/v1/transactions/${id}`)
      .send(body as object);

  test('draft -> posted when the rules hold; its entries become posted entries', async () => {
    const t = await draft();
    const res = await patch(t.id, { status: 'posted' }).expect(200);
    expect(res.body.data).toMatchObject({ id: t.id, status: 'posted', entries: t.entries, total_debit: 10, total_credit: 10 });
    const entries = await l.api().get(`/api/v1/entries?transaction=${t.id}`).expect(200);
    expect(entries.body.data.map((e: { transaction_status: string }) => e.transaction_status)).toEqual(['posted', 'posted']);
  });

  test.each([
    [
      'unbalanced',
      () => [
        { account: bank, debit: 10 },
        { account: sales, credit: 9 },
      ],
      'UNBALANCED_TRANSACTION',
    ],
    ['a single entry', () => [{ account: bank, debit: 10 }], 'TOO_FEW_ENTRIES'],
    ['no entries', () => [], 'TOO_FEW_ENTRIES'],
  ])('draft -> posted is refused when %s (422), and the draft stays as it was', async (_what, entries, code) => {
    const t = await draft(entries());
    const before = await snapshotOf(l);
    const res = await patch(t.id, { status: 'posted' }).expect(422);
    expect(res.body.error.code).toBe(code);
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('draft -> posted re-checks the accounts: one retired since the draft was saved refuses it', async () => {
    const temp = await createAccount(l, { name: 'Temp', type: 'asset' });
    const t = await draft([
      { account: temp, debit: 10 },
      { account: sales, credit: 10 },
    ]);
    await l.api().patch(`/api/v1/accounts/${temp}`).send({ status: 'retired' }).expect(200);
    const res = await patch(t.id, { status: 'posted' }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'ACCOUNT_NOT_POSTABLE', details: [{ path: 'entries[0].account', message: expect.any(String) }] });
    expect((await l.api().get(`/api/v1/transactions/${t.id}`)).body.data.status).toBe('draft');
  });

  test('draft -> void and posted -> void', async () => {
    const t = await draft();
    expect((await patch(t.id, { status: 'void' }).expect(200)).body.data.status).toBe('void');
    const p = (await post(l, transfer(bank, sales, 3)).expect(201)).body.data;
    const voided = await patch(p.id, { status: 'void' }).expect(200);
    expect(voided.body.data).toMatchObject({ status: 'void', total_debit: 3, entries: p.entries });
  });

  test.each([
    ['posted', 'draft'],
    ['posted', 'posted'],
    ['void', 'draft'],
    ['void', 'posted'],
    ['void', 'void'],
    ['draft', 'draft'],
  ])('%s -> %s is not in the transition table (409 INVALID_STATUS_TRANSITION), nothing changes', async (from, to) => {
    const t = from === 'draft' ? await draft() : (await post(l, transfer(bank, sales, 3)).expect(201)).body.data;
    if (from === 'void') await patch(t.id, { status: 'void' }).expect(200);
    const before = await snapshotOf(l);
    const res = await patch(t.id, { status: to }).expect(409);
    expect(res.body.error.code).toBe('INVALID_STATUS_TRANSITION');
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('a content edit of a draft replaces the entries wholesale and recomputes the totals', async () => {
    const t = await draft();
    const three = [
      { account: cashBox, debit: 1, memo: 'a' },
      { account: bank, debit: 2, dimensions: { region: 'east' } },
      { account: sales, credit: 3 },
    ];
    const res = await patch(t.id, {
      entries: three,
      narration: 'edited',
      date: '2026-04-02',
      time: '08:15',
      type: 'fix',
      currency: 'EUR',
      details: [1, 2],
    }).expect(200);
    expect(res.body.data).toMatchObject({
      status: 'draft',
      narration: 'edited',
      date: '2026-04-02',
      time: '08:15',
      type: 'fix',
      currency: 'EUR',
      details: [1, 2],
      total_debit: 3,
      total_credit: 3,
    });
    expect(res.body.data.entries.map((e: { account: string; debit: number; credit: number }) => [e.account, e.debit, e.credit])).toEqual([
      [cashBox, 1, 0],
      [bank, 2, 0],
      [sales, 0, 3],
    ]);
    const one = await patch(t.id, { entries: [{ account: bank, debit: 9 }] }).expect(200);
    expect(one.body.data).toMatchObject({ narration: 'edited', total_debit: 9, total_credit: 0 });
    expect(one.body.data.entries).toHaveLength(1);
    const stored = await l.svc.deps.pool.query('SELECT count(*)::int AS n, min(date)::text AS date FROM ledger.entries WHERE transaction_id = $1', [t.id]);
    expect(stored.rows[0]).toEqual({ n: 1, date: '2026-04-02' });
    // Fields can be cleared, and a date change moves the entries with it.
    const cleared = await patch(t.id, { time: null, narration: null, details: null, date: '2026-04-03' }).expect(200);
    expect(cleared.body.data).toMatchObject({ time: null, narration: null, details: null, date: '2026-04-03', entries: one.body.data.entries });
    const e = await l.api().get(`/api/v1/entries?transaction=${t.id}&status=draft`).expect(200);
    expect(e.body.data[0].date).toBe('2026-04-03');
  });

  test('a content edit of a draft obeys rules 3 and 4 (422), leaving the draft untouched', async () => {
    const t = await draft();
    const before = await snapshotOf(l);
    const res = await patch(t.id, {
      narration: 'x',
      entries: [
        { account: bank, debit: 1 },
        { account: l.groups.INCOME, credit: 1 },
      ],
    }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'GROUP_ACCOUNT', details: [{ path: 'entries[1].account', message: expect.any(String) }] });
    expect(await snapshotOf(l)).toEqual(before);
  });

  test.each(['posted', 'void'])('a content edit of a %s transaction is 409 TRANSACTION_IMMUTABLE and changes nothing', async (status) => {
    const t = (await post(l, transfer(bank, sales, 4)).expect(201)).body.data;
    if (status === 'void') await patch(t.id, { status: 'void' }).expect(200);
    const before = await snapshotOf(l);
    for (const body of [
      { narration: 'rewrite history' },
      {
        entries: [
          { account: bank, debit: 1 },
          { account: sales, credit: 1 },
        ],
      },
      { date: '2020-01-01' },
    ]) {
      const res = await patch(t.id, body).expect(409);
      expect(res.body.error.code).toBe('TRANSACTION_IMMUTABLE');
    }
    expect(await snapshotOf(l)).toEqual(before);
  });

  test.each([
    [{ status: 'posted', narration: 'both' }, 'status'],
    [{}, 'body'],
    [{ source_ref: 'X' }, 'source_ref'],
    [{ entries: [{ account: 'BANK', debit: 1.25 }] }, 'entries[0].debit'],
    [{ status: 'archived' }, 'status'],
  ])('refuses %j with 400 naming %s, changing nothing', async (body, path) => {
    const t = await draft();
    const before = await snapshotOf(l);
    const withBank = JSON.parse(JSON.stringify(body).replace('"BANK"', JSON.stringify(bank)));
    const res = await patch(t.id, withBank).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('an unknown transaction is 404', async () => {
    await patch('018f0000-0000-7000-8000-000000000000', { status: 'void' }).expect(404);
    await patch('018f0000-0000-7000-8000-000000000000', { narration: 'x' }).expect(404);
  });
});

describe('DELETE /api/v1/transactions/:id', () => {
  test('a draft is deleted with its entries: 204, no body', async () => {
    const t = (await post(l, { date: '2026-05-01', status: 'draft', entries: [{ account: bank, debit: 1 }] }).expect(201)).body.data;
    const res = await l.api().delete(`/api/v1/transactions/${t.id}`).expect(204);
    expect(res.text).toBe('');
    await l.api().get(`/api/v1/transactions/${t.id}`).expect(404);
    const left = await l.svc.deps.pool.query('SELECT count(*)::int AS n FROM ledger.entries WHERE transaction_id = $1', [t.id]);
    expect(left.rows[0].n).toBe(0);
  });

  test.each(['posted', 'void'])('a %s transaction is 409 TRANSACTION_NOT_DELETABLE and stays', async (status) => {
    const t = (await post(l, transfer(bank, sales, 2)).expect(201)).body.data;
    if (status === 'void') await l.api().patch(`/api/v1/transactions/${t.id}`).send({ status: 'void' }).expect(200);
    const before = await snapshotOf(l);
    const res = await l.api().delete(`/api/v1/transactions/${t.id}`).expect(409);
    expect(res.body.error.code).toBe('TRANSACTION_NOT_DELETABLE');
    expect(await snapshotOf(l)).toEqual(before);
  });

  test('an unknown transaction is 404', async () => {
    await l.api().delete('/api/v1/transactions/018f0000-0000-7000-8000-000000000000').expect(404);
  });
});
