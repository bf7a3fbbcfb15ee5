/**
 * Fixtures for the statement tests. For the data API tests rows are written straight
 * into statement.transactions, as the seed script does; everything else goes through the HTTP API.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { v7 as uuidv7 } from 'uuid';
import { buildStatementApp, type StatementAppOptions } from '../src/app';
import { createStatementClient, type StatementClient } from '../src/data-access/db';

export const startStatement = (options: StatementAppOptions = {}): Promise<TestService> =>
  startTestService('statement', (deps) => buildStatementApp(deps, options));

const clients = new WeakMap<TestService, StatementClient>();

/**
 * A statement client on the service's pool, for tests that call the domain or the seed directly (one per service;
 * it holds no connection of its own: the pool is the service's, ended when the service closes).
 */
export function statementDb(svc: TestService): StatementClient {
  let db = clients.get(svc);
  if (!db) clients.set(svc, (db = createStatementClient(svc.deps.adapter)));
  return db;
}

export interface RowInput {
  account_id?: string | null;
  statement_id?: string | null;
  date: string;
  particulars: string;
  /** milli-units */
  inflow?: number | bigint;
  outflow?: number | bigint;
  balance?: number | bigint | null;
  entity?: string | null;
  category?: string | null;
  po?: string | null;
  comments?: string | null;
  type?: string;
  /** Where the categorisation came from (manual, rule, import); null by default. */
  category_source?: 'manual' | 'rule' | 'import' | null;
}

/** Inserts rows for an organization (in the order given, so ids ascend) and returns their ids. */
export async function insertRows(svc: TestService, orgId: string, rows: RowInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const id = uuidv7();
    ids.push(id);
    await svc.deps.pool.query(
      `INSERT INTO statement.transactions
         (id, org_id, account_id, statement_id, date, particulars, inflow, outflow, balance, entity, category, po, comments, type, category_source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        id,
        orgId,
        r.account_id ?? null,
        r.statement_id ?? null,
        r.date,
        r.particulars,
        String(r.inflow ?? 0),
        String(r.outflow ?? 0),
        r.balance === undefined || r.balance === null ? null : String(r.balance),
        r.entity ?? null,
        r.category ?? null,
        r.po ?? null,
        r.comments ?? null,
        r.type ?? 'unknown',
        r.category_source ?? null,
      ],
    );
  }
  return ids;
}

/** A bare statement record (the data API tests need one to hang rows on; uploads are tested in statements.test.ts). */
export async function insertStatement(svc: TestService, orgId: string, accountId: string | null): Promise<string> {
  const id = uuidv7();
  await svc.deps.pool.query(
    `INSERT INTO statement.statements (id, org_id, account_id, file_name, file_type, status, file_key)
     VALUES ($1, $2, $3, 'statement.csv', 'csv', 'processing', $4)`,
    [id, orgId, accountId, `test/${randomUUID()}`],
  );
  return id;
}

export async function createAccount(svc: TestService, key: TestKey, body: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const res = await request(svc.baseUrl).post('/api/v1/accounts').set(key.headers).send(body);
  if (res.status !== 201) throw new Error(`account create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Counts rows of a statement-schema table for an organization (to prove a refusal wrote nothing). */
export async function countRows(svc: TestService, table: 'transactions' | 'accounts' | 'rules', orgId: string): Promise<number> {
  const res = await svc.deps.pool.query(`SELECT count(*)::int AS n FROM statement.${table} WHERE org_id = $1`, [orgId]);
  return res.rows[0].n;
}

/** A digest of every row of an organization, to prove that nothing changed. */
export async function rowsDigest(svc: TestService, orgId: string): Promise<string> {
  const res = await svc.deps.pool.query(`SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) AS digest FROM statement.transactions t WHERE org_id = $1`, [
    orgId,
  ]);
  return res.rows[0].digest ?? '';
}

export function expectValidation(res: request.Response, path: string): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('VALIDATION_ERROR');
  expect(res.body.error.message).toContain(path);
  expect(res.body.error.details?.map((d: { path: string }) => d.path)).toContain(path);
}
