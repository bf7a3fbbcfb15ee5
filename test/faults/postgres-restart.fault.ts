// Issue 10, section 3: Postgres restarted (as after a crash) while requests flow, on a cluster of this
// test's own. /readyz goes 503 and back to 200, the services recover without being restarted, no request
// gets a wrong 2xx (every 2xx names rows that exist), and nothing is half-written.
import { makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { buildLedgerApp } from '../../services/ledger/src/app';
import { buildSnapshotApp } from '../../services/snapshot/src/app';
import { startOwnPostgres, type OwnPostgres } from './own-servers';

let pg: OwnPostgres;
let ledger: TestService;
let snapshot: TestService;
let key: TestKey;

beforeAll(async () => {
  pg = await startOwnPostgres();
  const own = { databaseUrl: pg.url, rateLimit: { requests: 0, windowSeconds: 60 } };
  [ledger, snapshot] = await Promise.all([startTestService('ledger', buildLedgerApp, own), startTestService('snapshot', buildSnapshotApp, own)]);
  ({ full: key } = await makeOrg(ledger.deps.platformDb, 'fault-pg'));
});
afterAll(async () => {
  await Promise.all([ledger?.close(), snapshot?.close()]);
  await pg?.destroy();
});

interface Outcome {
  what: 'transaction' | 'snapshot' | 'read';
  label: string;
  status: number;
  id?: string;
  code?: string;
  at: number;
}

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  try {
    const res = await fetch(base + path, {
      method,
      headers: { ...key.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  } catch (err) {
    // A dropped connection is a failure the client can see, never a wrong 2xx; recorded as status 0.
    return { status: 0, json: { error: { code: String((err as Error).message) } } };
  }
}

async function post(svc: TestService, path: string, body: unknown): Promise<{ id: string }> {
  const res = await call(svc.baseUrl, 'POST', path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json.data;
}

async function waitForReadiness(svc: TestService, status: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await fetch(`${svc.baseUrl}/readyz`).catch(() => undefined);
    if (res?.status === status) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`/readyz did not become ${status} within ${timeoutMs} ms (last ${res?.status})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('requests flow through a Postgres crash and restart: 503 meanwhile, recovery, no wrong 2xx, nothing half-written', async () => {
  const cash = await post(ledger, '/api/v1/accounts', { name: 'Cash', type: 'asset' });
  const sales = await post(ledger, '/api/v1/accounts', { name: 'Sales', type: 'income' });
  const widget = await post(snapshot, '/api/v1/widgets', { name: 'Revenue' });

  const outcomes: Outcome[] = [];
  let running = true;
  let counter = 0;
  const flow = async (lane: number) => {
    while (running) {
      const n = ++counter;
      const label = `lane${lane}-${n}`;
      const [tx, push, read] = await Promise.all([
        call(ledger.baseUrl, 'POST', '/api/v1/transactions', {
          date: '2026-01-31',
          narration: label,
          entries: [
            { account: cash.id, debit: n },
            { account: sales.id, credit: n },
          ],
        }),
        call(snapshot.baseUrl, 'POST', `/api/v1/widgets/${widget.id}/snapshots`, { data: { value: n, label } }),
        call(ledger.baseUrl, 'GET', '/api/v1/accounts'),
      ]);
      const at = Date.now();
      outcomes.push({ what: 'transaction', label, status: tx.status, id: tx.json?.data?.id, code: tx.json?.error?.code, at });
      outcomes.push({ what: 'snapshot', label, status: push.status, id: push.json?.data?.id, code: push.json?.error?.code, at });
      outcomes.push({ what: 'read', label, status: read.status, code: read.json?.error?.code, at });
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const lanes = [1, 2, 3].map(flow);

  await new Promise((r) => setTimeout(r, 1_500));
  const stoppedAt = Date.now();
  await pg.stop('immediate');
  await Promise.all([waitForReadiness(ledger, 503, 15_000), waitForReadiness(snapshot, 503, 15_000)]);
  await new Promise((r) => setTimeout(r, 1_500));
  await pg.start();
  const restartedAt = Date.now();
  await Promise.all([waitForReadiness(ledger, 200, 30_000), waitForReadiness(snapshot, 200, 30_000)]);
  await new Promise((r) => setTimeout(r, 2_500));
  running = false;
  await Promise.all(lanes);

  // Before the crash everything worked; during it, only 503 NOT_READY or OUTCOME_UNKNOWN (or a dropped connection
  // for a request in flight at the crash); never a 500; and after the restart everything works again without a restart of ours.
  const before = outcomes.filter((o) => o.at < stoppedAt);
  const after = outcomes.filter((o) => o.at > restartedAt + 1_000);
  expect(before.length).toBeGreaterThan(0);
  expect(before.every((o) => o.status < 300)).toBe(true);
  const failures = outcomes.filter((o) => o.status >= 300);
  expect(failures.length).toBeGreaterThan(0);
  const unexpected = failures.filter((o) => !(o.status === 503 && (o.code === 'NOT_READY' || o.code === 'OUTCOME_UNKNOWN')) && o.status !== 0);
  expect(unexpected).toEqual([]);
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((o) => o.status >= 300)).toEqual([]);

  // No wrong 2xx: every transaction and snapshot answered 201 exists, whole.
  const pool = ledger.deps.pool;
  const createdTx = outcomes.filter((o) => o.what === 'transaction' && o.status === 201).map((o) => o.id!);
  const storedTx = await pool.query<{ id: string; narration: string; entries: number; debit: string; credit: string }>(
    `SELECT t.id, t.narration, count(e.*)::int AS entries, coalesce(sum(e.debit), 0)::text AS debit, coalesce(sum(e.credit), 0)::text AS credit
     FROM ledger.transactions t LEFT JOIN ledger.entries e ON e.transaction_id = t.id
     WHERE t.narration LIKE 'lane%' GROUP BY t.id, t.narration`,
  );
  const storedIds = new Set(storedTx.rows.map((r) => r.id));
  expect(createdTx.filter((id) => !storedIds.has(id))).toEqual([]);
  // Nothing half-written: every stored transaction has both entries, balanced.
  expect(storedTx.rows.filter((r) => r.entries !== 2 || r.debit !== r.credit)).toEqual([]);
  // A transaction stored without a 201 can only be one whose commit was in flight at the crash: answered 503
  // OUTCOME_UNKNOWN, or dropped; never one told NOT_READY ("nothing was done"; issue 32).
  const answered = new Map(outcomes.filter((o) => o.what === 'transaction').map((o) => [o.label, o.status === 503 ? `503 ${o.code}` : String(o.status)]));
  expect(storedTx.rows.filter((r) => !['201', '503 OUTCOME_UNKNOWN', '0'].includes(answered.get(r.narration) ?? 'none'))).toEqual([]);

  const createdSnapshots = outcomes.filter((o) => o.what === 'snapshot' && o.status === 201).map((o) => o.id!);
  const storedSnapshots = await snapshot.deps.pool.query<{ id: string }>(`SELECT id FROM snapshot.snapshots WHERE id = ANY($1::uuid[])`, [createdSnapshots]);
  expect(storedSnapshots.rowCount).toBe(createdSnapshots.length);
});
