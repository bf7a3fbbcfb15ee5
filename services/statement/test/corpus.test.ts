import request from 'supertest';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import { CORPUS, type CorpusFixture, type ExpectedRow } from '@finance/statement-readers/testing';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * The fixture corpus end to end: every file is uploaded over HTTP, read by the real BullMQ worker into the real
 * Postgres, and its rows read back through the transactions API. Each fixture gets an organization of its own,
 * so no fixture's rows count as another's duplicates.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('corpus');
});
afterAll(async () => {
  await h.close();
});

async function storedRows(key: TestKey, accountId: string): Promise<ExpectedRow[]> {
  const rows: ExpectedRow[] = [];
  for (let page = 1; ; page++) {
    const res = await request(h.svc.baseUrl)
      .get(`/api/v1/transactions?account=${accountId}&limit=100&page=${page}&fields=date,particulars,inflow,outflow,balance`)
      .set(key.headers);
    expect(res.status).toBe(200);
    rows.push(...res.body.data);
    if (res.body.data.length < 100) return rows;
  }
}

const byContent = (a: ExpectedRow, b: ExpectedRow) =>
  a.date.localeCompare(b.date) ||
  a.particulars.localeCompare(b.particulars) ||
  a.inflow - b.inflow ||
  a.outflow - b.outflow ||
  (a.balance ?? 0) - (b.balance ?? 0);

async function runFixture(fixture: CorpusFixture) {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'corpus');
  const fields: { password?: string; account_id?: string } = { password: fixture.password };
  if (fixture.expected.accNo === null) {
    const account = await request(h.svc.baseUrl)
      .post('/api/v1/accounts')
      .set(full.headers)
      .send({ name: fixture.name.slice(0, 60), category: 'bank' });
    expect(account.status).toBe(201);
    fields.account_id = account.body.data.id;
  }
  const res = await upload(h.svc, full, await fixture.build(), fixture.fileName, fields);
  expect(res.status).toBe(201);
  expect(res.body.data.file_type).toBe(fixture.expected.fileType);
  let statement = await waitForStatement(h.svc, full, res.body.data.id);
  const chain = fixture.expected.balanceChain ?? (fixture.expected.rows.some((r) => r.balance !== null) ? 'ok' : 'not_checked');
  if (chain === 'broken' || fixture.expected.integrityOk === false) {
    // Rows that do not reconcile (a broken chain, or printed balances the rows do not add up to) wait for a
    // person, who accepts them as read.
    expect(statement).toMatchObject({ status: 'stalled', step: 'parse', error: { code: 'BALANCE_MISMATCH' } });
    const accepted = await request(h.svc.baseUrl).post(`/api/v1/statements/${statement.id}/accept`).set(full.headers).send({});
    expect(accepted.status).toBe(202);
    statement = await waitForStatement(h.svc, full, statement.id);
  }
  expect({ name: fixture.name, status: statement.status, error: statement.error }).toEqual({ name: fixture.name, status: 'completed', error: null });
  const parsed = statement.parsed_data;
  expect(parsed.metadata.acc_no).toBe(fixture.expected.accNo);
  if (fixture.expected.currency) expect(parsed.metadata.currency).toBe(fixture.expected.currency);
  expect(parsed.integrity.balance_chain).toBe(chain);
  if (fixture.expected.integrityOk === false) expect(parsed.integrity.ok).toBe(false);
  expect(parsed.warnings.length).toBeGreaterThanOrEqual(fixture.expected.minWarnings ?? 0);
  for (const warning of parsed.warnings) expect(warning).toEqual({ position: expect.any(String), reason: expect.any(String), text: expect.any(String) });
  expect(statement.transaction_count).toBe(fixture.expected.rows.length);
  if (fixture.expected.accNo !== null) {
    // The account the statement created is in the currency the file states (INR, the default, otherwise).
    const account = await request(h.svc.baseUrl).get(`/api/v1/accounts/${statement.account_id}`).set(full.headers);
    expect(account.body.data).toMatchObject({ acc_no: fixture.expected.accNo, currency: fixture.expected.currency ?? 'INR' });
  }
  const stored = await storedRows(full, statement.account_id);
  expect(stored.sort(byContent)).toEqual([...fixture.expected.rows].sort(byContent));
}

describe('the statement fixture corpus, through upload, the worker and the transactions API', () => {
  it('has fixtures of every kind of file', () => {
    const types = new Set(CORPUS.map((f) => f.expected.fileType));
    expect([...types].sort()).toEqual(['camt053', 'csv', 'excel', 'mt940', 'ofx', 'pdf', 'qif']);
    expect(new Set(CORPUS.map((f) => f.name)).size).toBe(CORPUS.length);
  });

  it.each(CORPUS.map((f) => [f.name, f] as const))(
    '%s',
    async (_name, fixture) => {
      await runFixture(fixture);
    },
    60_000,
  );
});
