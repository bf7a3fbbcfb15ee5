import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { makeOrg, TEST_DATABASE_URL, type TestService } from '@finance/platform/testing';
import { seedStatementData } from '../src/seed-data';
import { startStatement, statementDb } from './helpers';

const run = promisify(execFile);
let svc: TestService;

beforeAll(async () => {
  svc = await startStatement();
});
afterAll(() => svc.close());

test('seeds realistic rows: bank and card accounts, Indian particulars, a mix of types, running balances that add up', async () => {
  const { org, full } = await makeOrg(svc.deps.platformDb, 'stmt-seed');
  const result = await seedStatementData(statementDb(svc), { orgId: org.id, rows: 3_000, accounts: 6, years: 2 });
  expect(result.rows).toBe(3_000);
  expect(result.accounts.map((a) => a.category)).toEqual(['bank', 'bank', 'bank', 'bank', 'credit_card', 'credit_card']);

  const q = async (text: string) => (await svc.deps.pool.query(text, [org.id])).rows;
  const [span] = await q(
    `SELECT min(date)::text AS first, max(date)::text AS last, count(DISTINCT account_id)::int AS accounts FROM statement.transactions WHERE org_id = $1`,
  );
  expect(span).toEqual({ first: result.date_from, last: result.date_to, accounts: 6 });
  const types = (await q(`SELECT type, count(*)::int AS n FROM statement.transactions WHERE org_id = $1 GROUP BY type`)).reduce(
    (acc: Record<string, number>, r: { type: string; n: number }) => ({ ...acc, [r.type]: r.n }),
    {},
  );
  for (const type of ['income', 'expense', 'transfer', 'unknown']) expect(types[type]).toBeGreaterThan(0);
  expect(types.unknown / 3_000).toBeGreaterThan(0.2);
  const [shapes] = await q(`
    SELECT count(*) FILTER (WHERE particulars LIKE 'UPI/%')::int AS upi, count(*) FILTER (WHERE particulars LIKE 'NEFT/%')::int AS neft,
           count(*) FILTER (WHERE particulars LIKE 'IMPS/%')::int AS imps, count(*) FILTER (WHERE particulars LIKE 'ATM WDL/%')::int AS atm,
           count(*) FILTER (WHERE particulars LIKE '%SALARY%')::int AS salary, count(*) FILTER (WHERE particulars LIKE 'POS %')::int AS pos,
           count(*) FILTER (WHERE type = 'unknown' AND category IS NULL)::int AS uncategorised,
           count(*) FILTER (WHERE (inflow = 0) = (outflow = 0))::int AS both_or_neither
    FROM statement.transactions WHERE org_id = $1`);
  expect(shapes).toMatchObject({ both_or_neither: 0 });
  for (const key of ['upi', 'neft', 'imps', 'atm', 'salary', 'pos', 'uncategorised']) expect(shapes[key]).toBeGreaterThan(0);

  // Each account's last running balance is its opening balance plus its rows; the balance endpoint agrees.
  for (const account of result.accounts) {
    const [last] = (
      await svc.deps.pool.query(
        `SELECT t.balance::text AS balance, (a.opening_balance + (SELECT sum(inflow - outflow) FROM statement.transactions WHERE account_id = a.id))::text AS expected
         FROM statement.transactions t JOIN statement.accounts a ON a.id = t.account_id
         WHERE t.account_id = $1 ORDER BY t.date DESC, t.id DESC LIMIT 1`,
        [account.id],
      )
    ).rows;
    expect(last.balance).toBe(last.expected);
    const res = await request(svc.baseUrl).get(`/api/v1/accounts/${account.id}/balance?as_of=${result.date_to}`).set(full.headers).expect(200);
    expect(BigInt(Math.round(res.body.data.balance * 1000))).toBe(BigInt(last.balance));
  }

  // The seeded rows serve the API like any others.
  const search = await request(svc.baseUrl)
    .post('/api/v1/transactions/search')
    .set(full.headers)
    .send({ conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }], limit: 1 })
    .expect(200);
  expect(search.body.page_context.total).toBeGreaterThan(0);
});

describe('pnpm --filter statement seed', () => {
  const cli = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'seed.ts'), ...args], {
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL },
      cwd: join(__dirname, '..'),
    });

  test('seeds an organization named by its slug and prints a summary', async () => {
    const { org } = await makeOrg(svc.deps.platformDb, 'stmt-seed-cli');
    const { stdout } = await cli(['--', '--org', org.slug, '--rows', '200', '--accounts', '2', '--years', '1']);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({ org: org.slug, rows: 200 });
    expect(summary.accounts).toHaveLength(2);
    const count = await svc.deps.pool.query('SELECT count(*)::int AS n FROM statement.transactions WHERE org_id = $1', [org.id]);
    expect(count.rows[0].n).toBe(200);
    // --reset replaces the organization's statement data instead of adding to it.
    await cli(['--org', org.slug, '--rows', '50', '--accounts', '1', '--reset']);
    const after = await svc.deps.pool.query('SELECT count(*)::int AS n, count(DISTINCT account_id)::int AS a FROM statement.transactions WHERE org_id = $1', [
      org.id,
    ]);
    expect(after.rows[0]).toEqual({ n: 50, a: 1 });
  }, 60_000);

  test('an unknown organization or a bad --rows fails with a clear message and a non-zero exit', async () => {
    await expect(cli(['--org', 'no-such-org-anywhere', '--rows', '10'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("organization 'no-such-org-anywhere' not found"),
    });
    await expect(cli(['--org', 'x', '--rows', 'lots'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--rows must be a whole number') });
    await expect(cli(['--rows', '10'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--org is required') });
  }, 60_000);
});
