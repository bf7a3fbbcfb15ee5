/**
 * The contract fuzzer's harness: the three real services on ephemeral ports against the test database and
 * Redis, one organization, a few seeded records, and a checker that sends a generated request and holds
 * the answer to the contract. Nothing is mocked.
 */
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import fc from 'fast-check';
import { declaredRoutes, makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import type { AnyRoute, ServiceDeps } from '@finance/platform';
import { buildSnapshotApp } from '../../services/snapshot/src/app';
import { buildLedgerApp } from '../../services/ledger/src/app';
import { OPERATORS_BY_KIND } from '../../services/statement/src/data-access/matching';
import { CONDITION_FIELDS } from '../../services/statement/src/views/conditions';
import { startPipeline } from '../../services/statement/test/pipeline-helpers';
import { dateArbitrary, idArbitrary, type Vocabulary } from './schema-arbitrary';
import type { FuzzRequest } from './requests';

export interface FuzzedService {
  name: 'snapshot' | 'ledger' | 'statement';
  svc: TestService;
  routes: AnyRoute[];
  vocabulary: Vocabulary;
  /** Ids seen in 2xx answers. */
  ids: Set<string>;
}

export interface Fuzzing {
  services: FuzzedService[];
  key: TestKey;
  orgId: string;
  close(): Promise<void>;
}

/** Values for string properties whose schema cannot say more, by property name. */
function namedValues(ids: () => string[]): Vocabulary['byName'] {
  const vocabulary = { ids, byName: {} };
  const operators = [...new Set(Object.values(OPERATORS_BY_KIND).flat())];
  return {
    date: dateArbitrary,
    as_of: dateArbitrary,
    date_from: dateArbitrary,
    date_to: dateArbitrary,
    opening_balance_date: dateArbitrary,
    field: fc.constantFrom(...CONDITION_FIELDS),
    operator: fc.constantFrom(...operators),
    value: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      dateArbitrary,
      idArbitrary(vocabulary),
      fc.constant(null),
      fc.constantFrom('^UPI', 'SWIGGY', '(a+)+$'),
    ),
    accounts: fc.array(idArbitrary(vocabulary), { minLength: 1, maxLength: 3 }).map((list) => list.join(',')),
    sort_order: fc.constantFrom('asc', 'desc', 'ASC', 'DESC'),
    status: fc.constantFrom('all', 'active', 'archived', 'quarantined', 'active,archived'),
  };
}

function fuzzed(name: FuzzedService['name'], svc: TestService): FuzzedService {
  const ids = new Set<string>();
  const list = () => [...ids];
  return { name, svc, routes: declaredRoutes(svc.app), ids, vocabulary: { ids: list, byName: namedValues(list) } };
}

type Build = (deps: ServiceDeps) => Promise<{ app: Express; close?: () => Promise<void> }>;

/** Rate limits off: thousands of requests from one key are the point here. */
const NO_RATE_LIMIT = { rateLimit: { requests: 0, windowSeconds: 60 } };

export async function startFuzzing(): Promise<Fuzzing> {
  // The statement service as its own tests run it: a queue and a file-store folder of this run's own, no
  // worker (uploads are accepted and queued). Its config is read from the environment when it starts.
  const saved = process.env.STATEMENT_RATE_LIMIT_REQUESTS;
  process.env.STATEMENT_RATE_LIMIT_REQUESTS = '0';
  const pipeline = await startPipeline('fuzz', { worker: false }).finally(() => {
    if (saved === undefined) delete process.env.STATEMENT_RATE_LIMIT_REQUESTS;
    else process.env.STATEMENT_RATE_LIMIT_REQUESTS = saved;
  });
  const [snapshot, ledger] = await Promise.all([
    startTestService('snapshot', buildSnapshotApp as Build, NO_RATE_LIMIT),
    // The ledger reads statement rows from this run's statement service (reconciliations, issue 13).
    startTestService(
      'ledger',
      ((deps: Parameters<typeof buildLedgerApp>[0]) => buildLedgerApp(deps, { statementUrl: pipeline.svc.baseUrl })) as Build,
      NO_RATE_LIMIT,
    ),
  ]);
  const services = [fuzzed('snapshot', snapshot), fuzzed('ledger', ledger), fuzzed('statement', pipeline.svc)];
  const { org, full } = await makeOrg(snapshot.deps.platformDb, 'fuzz');
  const fuzzing: Fuzzing = {
    services,
    key: full,
    orgId: org.id,
    async close() {
      await Promise.all([snapshot.close(), ledger.close(), pipeline.close()]);
    },
  };
  await seed(fuzzing);
  return fuzzing;
}

/** A few records in each service, so generated ids and references often name something real. */
async function seed(f: Fuzzing): Promise<void> {
  const [snapshot, ledger, statement] = f.services as [FuzzedService, FuzzedService, FuzzedService];
  const post = (s: FuzzedService, path: string, body: unknown) =>
    send(s, f.key, {
      method: 'POST',
      url: `/api/v1${path}`,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(body)),
      expect: 'valid',
    });
  const dashboard = await post(snapshot, '/dashboards', { name: 'Board' });
  await post(snapshot, '/widgets', { name: 'Revenue', tags: ['kpi'], dashboard_id: (dashboard.json as { data: { id: string } }).data.id });
  await post(snapshot, '/tags', { name: 'ops' });
  await post(ledger, '/accounts/seed', {});
  const cash = await post(ledger, '/accounts', { name: 'Cash', type: 'asset' });
  const sales = await post(ledger, '/accounts', { name: 'Sales', type: 'income' });
  const cashId = (cash.json as { data: { id: string } }).data.id;
  const salesId = (sales.json as { data: { id: string } }).data.id;
  await post(ledger, '/transactions', {
    date: '2026-01-31',
    details: { invoice: 'INV-1' },
    entries: [
      { account: cashId, debit: 1000, dimensions: { region: 'north' } },
      { account: salesId, credit: 1000 },
    ],
  });
  const account = await post(statement, '/accounts', { name: 'HDFC', category: 'bank' });
  const accountId = (account.json as { data: { id: string } }).data.id;
  await post(statement, '/rules', {
    name: 'Food',
    conditions: [{ field: 'particulars', operator: 'contains', value: 'SWIGGY' }],
    actions: [{ field: 'category', value: 'Food' }],
  });
  const row = await statement.svc.deps.pool.query(
    `INSERT INTO statement.transactions (id, org_id, account_id, date, particulars, inflow, outflow, balance, type)
     VALUES ($1, $2, $3, '2026-01-15', 'UPI/1/SWIGGY/food', 0, 250000, 9750000, 'unknown') RETURNING id`,
    [randomUUID(), f.orgId, accountId],
  );
  statement.ids.add(row.rows[0].id);
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Sends a request as written (raw bytes, raw URL) and remembers the ids a 2xx answer names. */
export async function send(s: FuzzedService, key: TestKey, req: FuzzRequest): Promise<Answer> {
  const res = await fetch(s.svc.baseUrl + req.url, { method: req.method, headers: { ...key.headers, ...req.headers }, body: req.body, redirect: 'manual' });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.status < 300) collectIds(json, s.ids);
  return { status: res.status, headers: res.headers, text, json };
}

function collectIds(json: unknown, ids: Set<string>): void {
  const data = (json as { data?: unknown })?.data;
  for (const item of Array.isArray(data) ? data : [data]) {
    const id = (item as { id?: unknown })?.id;
    if (typeof id === 'string') ids.add(id);
  }
}

/**
 * Child tables that carry no org_id, by the parent that does. statement.statement_rows is left out: only the
 * worker writes it (none runs here), and a refused upload is already seen in statement.statements.
 */
const CHILD_TABLES: Record<string, string> = {
  'snapshot.widget_tags': 'widget_id IN (SELECT id FROM snapshot.widgets WHERE org_id = $1)',
};

const tablesBySchema = new Map<string, Promise<{ name: string; owned: boolean }[]>>();

/** The service's tables, read once (information_schema is slow to ask on every request). */
function tablesOf(s: FuzzedService): Promise<{ name: string; owned: boolean }[]> {
  let tables = tablesBySchema.get(s.name);
  if (!tables) {
    tables = s.svc.deps.pool
      .query<{ name: string; owned: boolean }>(
        `SELECT table_schema || '.' || table_name AS name, bool_or(column_name = 'org_id') AS owned
         FROM information_schema.columns WHERE table_schema = $1 AND table_name <> '_prisma_migrations'
         GROUP BY 1 ORDER BY 1`,
        [s.name],
      )
      .then((res) => res.rows);
    tablesBySchema.set(s.name, tables);
  }
  return tables;
}

/** A digest of every row the organization has in the service's schema: equal digests, nothing changed. */
export async function digest(s: FuzzedService, orgId: string): Promise<string> {
  const selects: string[] = [];
  for (const { name, owned } of await tablesOf(s)) {
    const where = owned ? 'org_id = $1' : CHILD_TABLES[name];
    if (where) selects.push(`SELECT '${name}' AS name, count(*) AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${name} t WHERE ${where}`);
  }
  const res = await s.svc.deps.pool.query<{ name: string; n: string; d: string | null }>(selects.join(' UNION ALL '), [orgId]);
  return res.rows.map((r) => `${r.name}:${r.n}:${r.d}`).join(';');
}

/** What is wrong with an answer under the contract, or null. */
export function contractBreach(req: FuzzRequest, answer: Answer, changed: boolean): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (req.expect === 'refused' && (answer.status < 400 || answer.status >= 500))
    return `a request wrong by construction was answered ${answer.status}, not a 4xx`;
  if (answer.status >= 400) {
    const error = (answer.json as { error?: Record<string, unknown> })?.error;
    if (
      !error ||
      typeof error.code !== 'string' ||
      !/^[A-Z][A-Z_]*$/.test(error.code) ||
      typeof error.message !== 'string' ||
      typeof error.request_id !== 'string'
    ) {
      return `a ${answer.status} whose body is not the contract's error shape: ${answer.text.slice(0, 300)}`;
    }
    if (
      error.details !== undefined &&
      !(Array.isArray(error.details) && error.details.every((d) => typeof d?.path === 'string' && typeof d?.message === 'string'))
    ) {
      return `error details are not a list of {path, message}: ${JSON.stringify(error.details).slice(0, 300)}`;
    }
    if (answer.headers.get('x-request-id') !== error.request_id) return 'the x-request-id header and the error request_id differ';
    if (changed) return `a ${answer.status} changed stored rows`;
  }
  return null;
}

/** The request, readable in a failure report (bodies cut short). */
export function describeRequest(req: FuzzRequest): string {
  const body = req.body ? req.body.subarray(0, 400).toString('latin1') + (req.body.length > 400 ? `... (${req.body.length} bytes)` : '') : '';
  return `${req.method} ${req.url.slice(0, 400)}\n  headers: ${JSON.stringify(req.headers)}\n  expect: ${req.expect}${req.mutation ? `\n  mutation: ${req.mutation}` : ''}${body ? `\n  body: ${body}` : ''}`;
}
