/**
 * Issue 24: closed periods. POST /periods/close closes every date up to and including `through`; posting, voiding,
 * reversals and bulk items dated there are 409 PERIOD_CLOSED with nothing changed (drafts may be kept, not posted);
 * POST /periods/reopen with a reason reopens; both are recorded and listed by GET /periods. The race between a close
 * and a post is decided by the database: the post lands before the close, or is refused, never after it.
 */
import { createApiKey, createMember, createMemberSession } from '@finance/platform';
import { makeKey } from '@finance/platform/testing';
import { createAccount, otherOrg, snapshotOf, startLedger, systemGroups, transfer, type Ledger } from './helpers';

let l: Ledger;
beforeAll(async () => {
  l = await startLedger('ledger-periods');
});
afterAll(() => l.svc.close());

/** An organization of its own (each test closes its own books), with a bank and a sales account. */
async function books(prefix: string) {
  const o = await otherOrg(l, prefix);
  const g = await systemGroups(o);
  const bank = await createAccount(o, { name: 'Bank', type: 'asset', parent: g.CASH });
  const sales = await createAccount(o, { name: 'Sales', type: 'income', parent: g.INCOME });
  const body = (date: string, amount = 100, extra: Record<string, unknown> = {}) => transfer(bank, sales, amount, { date, ...extra });
  const post = (date: string, amount = 100, extra: Record<string, unknown> = {}) =>
    o
      .api()
      .post('/api/v1/transactions')
      .send(body(date, amount, extra));
  const close = (through: string, reason?: string) =>
    o
      .api()
      .post('/api/v1/periods/close')
      .send(reason === undefined ? { through } : { through, reason });
  const snapshot = () => snapshotOf(l, o.org.id);
  return { ...o, bank, sales, body, post, close, snapshot };
}

const expectClosed = (res: { status: number; body: { error: { code: string; message: string } } }, through: string) => {
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe('PERIOD_CLOSED');
  expect(res.body.error.message).toContain(`closed through ${through}`);
};

test('close: 201 with the event (key, reason); the settings show the date; GET /periods lists every close and reopen, newest first', async () => {
  const b = await books('periods-close');
  const closed = await b.close('2025-03-31', 'FY 2024-25 audited').expect(201);
  expect(closed.body.data).toMatchObject({
    action: 'close',
    closed_through: '2025-03-31',
    previous_closed_through: null,
    reason: 'FY 2024-25 audited',
    api_key: b.key.key,
    member: null,
    created_at: expect.any(String),
  });
  expect((await b.api().get('/api/v1/settings').expect(200)).body.data.closed_through).toBe('2025-03-31');
  await b.close('2025-06-30').expect(201);
  const reopened = await b.api().post('/api/v1/periods/reopen').send({ from: '2025-05-01', reason: 'May GST return revised' }).expect(201);
  expect(reopened.body.data).toMatchObject({
    action: 'reopen',
    closed_through: '2025-04-30',
    previous_closed_through: '2025-06-30',
    reason: 'May GST return revised',
  });
  const list = (await b.api().get('/api/v1/periods').expect(200)).body;
  expect(list.page_context).toMatchObject({ total: 3 });
  expect(list.data.map((e: { action: string; closed_through: string | null; reason: string | null }) => [e.action, e.closed_through, e.reason])).toEqual([
    ['reopen', '2025-04-30', 'May GST return revised'],
    ['close', '2025-06-30', null],
    ['close', '2025-03-31', 'FY 2024-25 audited'],
  ]);
  const oldestFirst = (await b.api().get('/api/v1/periods?sort_order=ASC&limit=1').expect(200)).body;
  expect(oldestFirst.data).toHaveLength(1);
  expect(oldestFirst.data[0].reason).toBe('FY 2024-25 audited');
  // Reopened without `from`: nothing is closed.
  const all = await b.api().post('/api/v1/periods/reopen').send({ reason: 'wrong organization closed' }).expect(201);
  expect(all.body.data).toMatchObject({ closed_through: null, previous_closed_through: '2025-04-30' });
  expect((await b.api().get('/api/v1/settings').expect(200)).body.data.closed_through).toBeNull();
  // Another organization sees none of it.
  expect((await l.api().get('/api/v1/periods').expect(200)).body.page_context.total).toBe(0);
});

test('refused closes and reopens change nothing: an earlier or equal date, the future, no reason, nothing to reopen', async () => {
  const b = await books('periods-refused');
  const nothing = await b.api().post('/api/v1/periods/reopen').send({ reason: 'x' }).expect(409);
  expect(nothing.body.error.code).toBe('PERIOD_NOT_CLOSED');
  await b.close('2025-03-31').expect(201);
  for (const through of ['2025-03-31', '2024-12-31']) {
    const res = await b.close(through).expect(409);
    expect(res.body.error).toMatchObject({ code: 'PERIOD_ALREADY_CLOSED', message: expect.stringContaining('2025-03-31') });
  }
  const future = await b.close('2999-01-01').expect(400);
  expect(future.body.error.details[0].path).toBe('through');
  expect((await b.close('2025-02-30').expect(400)).body.error.details[0].path).toBe('through');
  expect((await b.api().post('/api/v1/periods/close').send({}).expect(400)).body.error.details[0].path).toBe('through');
  expect((await b.api().post('/api/v1/periods/reopen').send({ from: '2025-03-01' }).expect(400)).body.error.details[0].path).toBe('reason');
  expect((await b.api().post('/api/v1/periods/reopen').send({ reason: '  ' }).expect(400)).body.error.details[0].path).toBe('reason');
  const notClosed = await b.api().post('/api/v1/periods/reopen').send({ from: '2025-04-01', reason: 'x' }).expect(409);
  expect(notClosed.body.error).toMatchObject({ code: 'PERIOD_NOT_CLOSED', message: expect.stringContaining('2025-03-31') });
  expect((await b.api().get('/api/v1/settings').expect(200)).body.data.closed_through).toBe('2025-03-31');
  expect((await b.api().get('/api/v1/periods').expect(200)).body.page_context.total).toBe(1);
});

test('posting into the closed period is 409 PERIOD_CLOSED naming the closed-through date, nothing changed; the next day is open', async () => {
  const b = await books('periods-post');
  const early = (await b.post('2025-03-10', 100, { source: 'erp', source_ref: 'INV-1' }).expect(201)).body.data;
  await b.close('2025-03-31').expect(201);
  const before = await b.snapshot();
  for (const date of ['2025-03-31', '2025-03-01', '2019-01-01']) {
    const res = await b.post(date);
    expectClosed(res, '2025-03-31');
    expect(res.body.error.details).toEqual([{ path: 'date', message: expect.stringContaining(date) }]);
  }
  // With an Idempotency-Key too: refused, and nothing kept.
  expectClosed(await b.post('2025-03-31').set('Idempotency-Key', 'closed-1'), '2025-03-31');
  // A closed period outranks the posting rules: an unbalanced posting there is refused as closed.
  expectClosed(
    await b
      .api()
      .post('/api/v1/transactions')
      .send({
        date: '2025-03-15',
        entries: [
          { account: b.bank, debit: 5 },
          { account: b.sales, credit: 4 },
        ],
      }),
    '2025-03-31',
  );
  expect(await b.snapshot()).toEqual(before);
  // A re-post of an identity stored before the close answers with it, as any retry of an accepted call does.
  const again = await b.post('2025-03-10', 100, { source: 'erp', source_ref: 'INV-1' }).expect(200);
  expect(again.body.data).toMatchObject({ id: early.id, created: false });
  // The day after is open.
  await b.post('2025-04-01').expect(201);
});

test('drafts may be kept in the closed period (created, edited, voided, deleted) but not posted there', async () => {
  const b = await books('periods-drafts');
  const older = (await b.post('2025-03-05', 100, { status: 'draft' }).expect(201)).body.data;
  await b.close('2025-03-31').expect(201);
  const draft = (await b.post('2025-03-20', 100, { status: 'draft' }).expect(201)).body.data;
  await b.api().patch(`/api/v1/transactions/${draft.id}`).send({ narration: 'kept for the auditors', date: '2025-03-21' }).expect(200);
  const before = await b.snapshot();
  for (const id of [draft.id, older.id]) {
    const res = await b.api().patch(`/api/v1/transactions/${id}`).send({ status: 'posted' });
    expectClosed(res, '2025-03-31');
    expect(res.body.error.details[0].path).toBe('status');
  }
  expect(await b.snapshot()).toEqual(before);
  // Moved into the open period, it posts.
  await b.api().patch(`/api/v1/transactions/${draft.id}`).send({ date: '2025-04-02' }).expect(200);
  expect((await b.api().patch(`/api/v1/transactions/${draft.id}`).send({ status: 'posted' }).expect(200)).body.data.status).toBe('posted');
  // A draft voided or deleted moves no money.
  await b.api().patch(`/api/v1/transactions/${older.id}`).send({ status: 'void' }).expect(200);
  const third = (await b.post('2025-03-22', 100, { status: 'draft' }).expect(201)).body.data;
  await b.api().delete(`/api/v1/transactions/${third.id}`).expect(204);
});

test('voiding a posted transaction dated in the closed period is refused; one after it may be voided', async () => {
  const b = await books('periods-void');
  const closedOne = (await b.post('2025-03-31', 100, { narration: 'March rent' }).expect(201)).body.data;
  const openOne = (await b.post('2025-04-01').expect(201)).body.data;
  await b.close('2025-03-31').expect(201);
  const before = await b.snapshot();
  const res = await b.api().patch(`/api/v1/transactions/${closedOne.id}`).send({ status: 'void' });
  expectClosed(res, '2025-03-31');
  // Named by its narration and date, never by its id (issue 35).
  expect(res.body.error.message).toContain('"March rent", dated 2025-03-31, is in a closed period');
  expect(res.body.error.message).not.toContain(closedOne.id);
  expect(await b.snapshot()).toEqual(before);
  await b.api().patch(`/api/v1/transactions/${openOne.id}`).send({ status: 'void' }).expect(200);
});

test('reversing: an original in the closed period is reversed by a reversal dated in the open one; the closed figures stay', async () => {
  const b = await books('periods-reverse');
  const closedOne = (await b.post('2025-03-15').expect(201)).body.data;
  const openOne = (await b.post('2025-04-15').expect(201)).body.data;
  await b.close('2025-03-31').expect(201);
  const march = async () => (await b.api().get('/api/v1/reports/trial_balance?as_of=2025-03-31').expect(200)).body.data;
  const closedFigures = await march();
  const before = await b.snapshot();
  const reverse = (id: string, body: Record<string, unknown> = {}) => b.api().post(`/api/v1/transactions/${id}/reverse`).send(body);
  // Without a date the reversal would take the original's, which is closed: the answer names the date to send.
  const defaulted = await reverse(closedOne.id);
  expectClosed(defaulted, '2025-03-31');
  expect(defaulted.body.error.details[0].path).toBe('date');
  expect(defaulted.body.error.message).toContain('"date": "2025-04-01"');
  // A reversal dated in the closed period is refused, whatever it reverses.
  const dated = await reverse(openOne.id, { date: '2025-03-31' });
  expectClosed(dated, '2025-03-31');
  expect(dated.body.error.details[0].path).toBe('date');
  expect(await b.snapshot()).toEqual(before);

  const ok = await reverse(closedOne.id, { date: '2025-04-01' }).expect(201);
  expect(ok.body.data).toMatchObject({ reversal_of: closedOne.id, date: '2025-04-01', status: 'posted' });
  expect((await b.api().get(`/api/v1/transactions/${closedOne.id}`).expect(200)).body.data).toMatchObject({ status: 'posted', reversed_by: ok.body.data.id });
  // The closed period's books are as they were filed; the correction lands on April 1.
  expect(await march()).toEqual(closedFigures);
  expect((await b.api().get(`/api/v1/accounts/${b.bank}/balance?as_of=2025-04-01`).expect(200)).body.data.balance).toBe(0);
  // Its reversal is in the open period: voiding it is allowed, and the original (closed) counts again, unreversed.
  await b.api().patch(`/api/v1/transactions/${ok.body.data.id}`).send({ status: 'void' }).expect(200);
  expect((await b.api().get(`/api/v1/transactions/${closedOne.id}`).expect(200)).body.data.reversed_by).toBeNull();
  expect((await reverse(openOne.id, { date: '2025-04-20' }).expect(201)).body.data).toMatchObject({ reversal_of: openOne.id, date: '2025-04-20' });
});

test('bulk: atomic, an item in the closed period refuses the request (index named, nothing stored); otherwise that item alone; drafts pass', async () => {
  const b = await books('periods-bulk');
  await b.close('2025-03-31').expect(201);
  const before = await b.snapshot();
  const items = [b.body('2025-04-01'), b.body('2025-03-31'), b.body('2025-03-15', 100, { status: 'draft' })];
  const atomic = await b.api().post('/api/v1/transactions/bulk').send({ transactions: items }).expect(409);
  expect(atomic.body.error).toMatchObject({ code: 'PERIOD_CLOSED', index: 1, details: [{ path: 'transactions[1].date' }] });
  expect(atomic.body.error.message).toContain('closed through 2025-03-31');
  expect(await b.snapshot()).toEqual(before);
  const each = (await b.api().post('/api/v1/transactions/bulk').send({ transactions: items, atomic: false }).expect(200)).body.data;
  expect(each).toMatchObject({ created: 2, failed: 1 });
  expect(each.results.map((r: { status: number }) => r.status)).toEqual([201, 409, 201]);
  expect(each.results[1].error).toMatchObject({ code: 'PERIOD_CLOSED', details: [{ path: 'date' }] });
});

test('permissions: the periods model in the scope table (read; create closes, delete reopens, edit sets the fiscal year)', async () => {
  const b = await books('periods-scopes');
  const as = (key: { headers: Record<string, string> }) => ({
    get: (path: string) => fetch(`${l.svc.baseUrl}${path}`, { headers: key.headers }),
    send: (method: string, path: string, body: unknown) =>
      fetch(`${l.svc.baseUrl}${path}`, { method, headers: { ...key.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const readOnly = as(await makeKey(l.svc.deps.platformDb, b.org, 'read_only'));
  expect((await readOnly.get('/api/v1/periods')).status).toBe(403);
  expect((await readOnly.send('POST', '/api/v1/periods/close', { through: '2025-03-31' })).status).toBe(403);
  const reader = as(await makeKey(l.svc.deps.platformDb, b.org, 'custom', 'periods:read'));
  expect((await reader.get('/api/v1/periods')).status).toBe(200);
  expect((await reader.get('/api/v1/settings')).status).toBe(200);
  expect((await reader.send('PATCH', '/api/v1/settings', { base_currency: 'USD' })).status).toBe(403);
  expect((await reader.send('POST', '/api/v1/periods/close', { through: '2025-03-31' })).status).toBe(403);
  const closer = as(await makeKey(l.svc.deps.platformDb, b.org, 'custom', 'periods:read,periods:create'));
  expect((await closer.send('POST', '/api/v1/periods/close', { through: '2025-03-31' })).status).toBe(201);
  const refused = await closer.send('POST', '/api/v1/periods/reopen', { reason: 'x' });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('periods:delete');
  const editor = as(await makeKey(l.svc.deps.platformDb, b.org, 'custom', 'periods:edit'));
  expect((await editor.send('PATCH', '/api/v1/settings', { base_currency: 'USD' })).status).toBe(200);
  // full_access includes the new model.
  const who = (await b.api().get('/api/v1/whoami').expect(200)).body.data;
  expect(who.scopes.periods).toEqual(['read', 'create', 'edit', 'delete']);
});

test("the console member is recorded with the key when the key is a console session's", async () => {
  const b = await books('periods-member');
  const { member } = await createMember(l.svc.deps.platformDb, { orgSlug: b.org.slug, email: `cfo-${b.org.slug}@example.com`, role: 'admin' });
  const key = await createApiKey(l.svc.deps.platformDb, { orgSlug: b.org.slug, preset: 'full_access' });
  await createMemberSession(l.svc.deps.platformDb, { memberId: member.id, apiKey: key.key, apiSecretEnc: 'sealed', expiresAt: new Date(Date.now() + 60_000) });
  const res = await fetch(`${l.svc.baseUrl}/api/v1/periods/close`, {
    method: 'POST',
    headers: { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' },
    body: JSON.stringify({ through: '2025-03-31', reason: 'board approved the accounts' }),
  });
  expect(res.status).toBe(201);
  const event = ((await res.json()) as { data: unknown }).data;
  expect(event).toMatchObject({ api_key: key.key, member: { id: member.id, email: member.email }, reason: 'board approved the accounts' });
  expect((await b.api().get('/api/v1/periods').expect(200)).body.data[0]).toEqual(event);
});

describe('a close racing postings: the posting lands before the close, or is refused; never after it', () => {
  /** Polls Postgres until `sql` counts a row (a backend waiting as described). */
  async function until(sql: string, what: string) {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await l.svc.deps.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND ${sql}`);
      if (rows[0].n > 0) return;
      if (Date.now() > deadline) throw new Error(`never saw ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const raw = (b: Awaited<ReturnType<typeof books>>, method: string, path: string, body: unknown) =>
    fetch(`${l.svc.baseUrl}${path}`, {
      method,
      headers: { ...b.key.headers, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { data?: { id: string }; error?: { code: string } } }));

  /**
   * The bank account's row is held FOR UPDATE by the test, so a posting stops inside its statement(s) at the
   * account lock, after whatever it did before it. Then the close is sent. A check made before the account lock
   * and not held to the commit (a naive check-then-insert) lets the close through while the posting waits, and
   * the posting then lands after the close: the books of the closed period change after it answered.
   */
  async function race(b: Awaited<ReturnType<typeof books>>, posting: () => Promise<{ status: number; body: unknown }>, waiting: string) {
    const holder = await l.svc.deps.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM ledger.accounts WHERE id = $1 FOR UPDATE', [b.bank]);
      const post = posting();
      await until(`wait_event_type = 'Lock' AND ${waiting}`, 'the posting waiting on the account');
      let closeDone = false;
      const close = raw(b, 'POST', '/api/v1/periods/close', { through: '2025-03-31' }).then((r) => {
        closeDone = true;
        return r;
      });
      // Either the close answers, or it waits for the posting (the period lock, exclusively).
      const deadline = Date.now() + 120_000;
      while (!closeDone) {
        const { rows } = await l.svc.deps.pool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`,
        );
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error('the close neither answered nor waited');
        await new Promise((r) => setTimeout(r, 10));
      }
      if (closeDone) {
        // The close is committed: from now on nothing dated up to 2025-03-31 may change.
        expect((await close).status).toBe(201);
        const atClose = await b.snapshot();
        await holder.query('ROLLBACK');
        const res = await post;
        expect(res).toMatchObject({ status: 409, body: { error: { code: 'PERIOD_CLOSED' } } });
        expect(await b.snapshot()).toEqual(atClose);
        return 'refused';
      }
      // The close waits for the posting: it lands first, then the close commits.
      await holder.query('ROLLBACK');
      const res = await post;
      expect(res.status).toBeLessThan(300);
      expect((await close).status).toBe(201);
      return 'before';
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
    }
  }

  test('a single post stopped inside its statement: the close commits, and the post then sees it and is refused', async () => {
    const b = await books('periods-race-single');
    const outcome = await race(b, () => raw(b, 'POST', '/api/v1/transactions', b.body('2025-03-31')), `query LIKE '%WITH input AS%'`);
    // The post's statement locks the accounts before it reads the period: it had not taken the period lock yet.
    expect(outcome).toBe('refused');
  });

  test('a bulk, and a draft posted, take the period lock first: the close waits for them, and they land before it', async () => {
    const b = await books('periods-race-bulk');
    const bulk = await race(
      b,
      () => raw(b, 'POST', '/api/v1/transactions/bulk', { transactions: [b.body('2025-03-31'), b.body('2025-03-30')] }),
      `query LIKE '%FOR KEY SHARE%'`,
    );
    expect(bulk).toBe('before');
    expect((await b.api().get('/api/v1/transactions?status=posted').expect(200)).body.page_context.total).toBe(2);
    // A draft posted, in an organization of its own.
    const c = await books('periods-race-draft');
    const draft = (await c.post('2025-03-31', 100, { status: 'draft' }).expect(201)).body.data;
    const posted = await race(c, () => raw(c, 'PATCH', `/api/v1/transactions/${draft.id}`, { status: 'posted' }), `query LIKE '%FOR KEY SHARE%'`);
    expect(posted).toBe('before');
    expect((await c.api().get(`/api/v1/transactions/${draft.id}`).expect(200)).body.data.status).toBe('posted');
  });

  test('many postings of every kind racing a close: whatever succeeded is in the books the close closed, nothing after', async () => {
    const b = await books('periods-race-many');
    const drafts = await Promise.all(Array.from({ length: 6 }, () => b.post('2025-03-31', 7, { status: 'draft' }).expect(201)));
    const voidable = await Promise.all(Array.from({ length: 6 }, () => b.post('2025-03-30', 11).expect(201)));
    const calls: Promise<{ status: number; body: { error?: { code: string } } }>[] = [];
    for (let i = 0; i < 24; i++) calls.push(raw(b, 'POST', '/api/v1/transactions', b.body('2025-03-31', 1 + i)));
    for (let i = 0; i < 6; i++)
      calls.push(raw(b, 'POST', '/api/v1/transactions/bulk', { transactions: [b.body('2025-03-29', 100 + i), b.body('2025-03-28', 200 + i)] }));
    for (const d of drafts) calls.push(raw(b, 'PATCH', `/api/v1/transactions/${d.body.data.id}`, { status: 'posted' }));
    for (const v of voidable) calls.push(raw(b, 'PATCH', `/api/v1/transactions/${v.body.data.id}`, { status: 'void' }));
    // The close goes out while they are in flight.
    await new Promise((r) => setTimeout(r, 15));
    const close = await raw(b, 'POST', '/api/v1/periods/close', { through: '2025-03-31' });
    expect(close.status).toBe(201);
    const atClose = await b.snapshot();
    const results = await Promise.all(calls);
    expect(await b.snapshot()).toEqual(atClose);
    for (const r of results) {
      if (r.status >= 300) expect(r.body.error?.code).toBe('PERIOD_CLOSED');
    }
    // Something of each side, usually; what must hold is above. The closed books balance.
    const tb = (await b.api().get('/api/v1/reports/trial_balance?as_of=2025-03-31').expect(200)).body.data;
    expect(tb.balanced).toBe(true);
  });
});
