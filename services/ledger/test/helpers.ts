import request from 'supertest';
import { makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import type { Organization } from '@finance/platform';
import { buildLedgerApp } from '../src/app';

export const SYSTEM_KEYS = [
  'ASSETS',
  'CURRENT_ASSETS',
  'CASH',
  'RECEIVABLES',
  'NON_CURRENT_ASSETS',
  'LIABILITIES',
  'CURRENT_LIABILITIES',
  'PAYABLES',
  'NON_CURRENT_LIABILITIES',
  'CLEARING',
  'EQUITY',
  'INCOME',
  'EXPENSES',
  'DEPRECIATION',
] as const;
export type SystemKey = (typeof SYSTEM_KEYS)[number];

/** A running ledger and one organization of this test file's own, seeded with the system groups. */
export interface Ledger {
  svc: TestService;
  org: Organization;
  key: TestKey;
  api: () => request.Agent;
  /** System group key -> account id. */
  groups: Record<SystemKey, string>;
}

export async function startLedger(prefix: string): Promise<Ledger> {
  const svc = await startTestService('ledger', buildLedgerApp);
  const { org, full } = await makeOrg(svc.deps.platformDb, prefix);
  const api = () => request.agent(svc.baseUrl).set(full.headers);
  const seeded = await api().post('/api/v1/accounts/seed').expect(201);
  expect(seeded.body.data.created).toHaveLength(14);
  return { svc, org, key: full, api, groups: await systemGroups({ api }) };
}

/** The ids of an organization's system groups (CASH, INCOME, ...), by their key. */
export async function systemGroups(l: Pick<Ledger, 'api'>): Promise<Record<SystemKey, string>> {
  const list = await l.api().get('/api/v1/accounts?source=system&limit=500').expect(200);
  return Object.fromEntries(list.body.data.map((a: { source_ref: string; id: string }) => [a.source_ref, a.id])) as Record<SystemKey, string>;
}

/** Another organization on the same service (for isolation checks), seeded too. */
export async function otherOrg(l: Ledger, prefix = 'other') {
  const { org, full } = await makeOrg(l.svc.deps.platformDb, prefix);
  const api = () => request.agent(l.svc.baseUrl).set(full.headers);
  await api().post('/api/v1/accounts/seed').expect(201);
  return { org, key: full, api };
}

export async function createAccount(l: Pick<Ledger, 'api'>, body: Record<string, unknown>): Promise<string> {
  const res = await l.api().post('/api/v1/accounts').send(body);
  if (res.status !== 201) throw new Error(`account create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export function post(l: Pick<Ledger, 'api'>, body: Record<string, unknown>) {
  return l.api().post('/api/v1/transactions').send(body);
}

/** A balanced posting of `amount` from one account to another. */
export function transfer(debitAccount: string, creditAccount: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    date: '2026-01-15',
    narration: 'transfer',
    entries: [
      { account: debitAccount, debit: amount },
      { account: creditAccount, credit: amount },
    ],
    ...extra,
  };
}

/** Row counts of the organization's ledger tables, read straight from Postgres. */
export async function counts(l: Ledger, orgId = l.org.id) {
  const { rows } = await l.svc.deps.pool.query(
    `SELECT (SELECT count(*) FROM ledger.transactions WHERE org_id = $1)::int AS transactions,
            (SELECT count(*) FROM ledger.entries WHERE org_id = $1)::int AS entries,
            (SELECT count(*) FROM ledger.accounts WHERE org_id = $1)::int AS accounts`,
    [orgId],
  );
  return rows[0] as { transactions: number; entries: number; accounts: number };
}

/** What a stored row of the organization looks like, to check an edit changed nothing. */
export async function snapshotOf(l: Ledger, orgId = l.org.id) {
  const { rows } = await l.svc.deps.pool.query(
    `SELECT json_build_object(
       'transactions', (SELECT coalesce(json_agg(t ORDER BY t.id), '[]') FROM ledger.transactions t WHERE t.org_id = $1),
       'entries', (SELECT coalesce(json_agg(e ORDER BY e.id), '[]') FROM ledger.entries e WHERE e.org_id = $1),
       'accounts', (SELECT coalesce(json_agg(a ORDER BY a.id), '[]') FROM ledger.accounts a WHERE a.org_id = $1)) AS s`,
    [orgId],
  );
  return rows[0].s as unknown;
}

/** Deterministic pseudo-random numbers (mulberry32), so a failing ledger can be regenerated from its seed. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
