import request from 'supertest';
import { makeOrg } from '@finance/platform/testing';
import { CORPUS } from '@finance/statement-readers/testing';
import { startPipeline, statementRow, upload, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * What the pipeline does with what a reader found: rows that do not reconcile stall for a person (BALANCE_MISMATCH)
 * and resume only when accepted; twin rows inside one file are both stored, while a re-import adds nothing.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('review');
});
afterAll(async () => {
  await h.close();
});

const fixture = (name: string) => CORPUS.find((f) => f.name === name)!;

async function transactionCount(orgId: string): Promise<number> {
  const res = await h.svc.deps.pool.query(`SELECT count(*)::int AS n FROM statement.transactions WHERE org_id = $1`, [orgId]);
  return res.rows[0].n;
}

describe('rows that do not reconcile', () => {
  test('stall at parse with BALANCE_MISMATCH naming where, store nothing, and complete once a person accepts them', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'review');
    const broken = fixture('bank-csv-balance-does-not-reconcile');
    const id = (await upload(h.svc, full, await broken.build(), broken.fileName).expect(201)).body.data.id;
    const stalled = await waitForStatement(h.svc, full, id);
    expect(stalled).toMatchObject({
      status: 'stalled',
      step: 'parse',
      transaction_count: 0,
      error: { code: 'BALANCE_MISMATCH', message: expect.stringContaining('2 rows (first at line 4)') },
      parsed_data: {
        row_count: 3,
        warnings: [],
        integrity: {
          ok: false,
          balance_chain: 'broken',
          order: 'oldest_first',
          break_count: 2,
          breaks: [
            { row: 1, position: 'line 4', expected_balance: 22360000, balance: 22630000 },
            { row: 2, position: 'line 5', expected_balance: 62630000, balance: 62360000 },
          ],
        },
      },
    });
    expect(await transactionCount(org.id)).toBe(0);

    // The other recovery calls are for other stalls; another organization does not see the statement.
    const before = await statementRow(h.svc, id);
    const password = await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/password`).set(full.headers).send({ password: 'x' });
    expect(password.status).toBe(400); // a CSV takes no password
    const number = await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/account-number`).set(full.headers).send({ acc_no: '1234' });
    expect(number.status).toBe(409);
    const other = await makeOrg(h.svc.deps.platformDb, 'review-other');
    expect((await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/accept`).set(other.full.headers).send({})).status).toBe(404);
    const refused = await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/accept`).set(full.headers).send({ force: true });
    expect(refused.status).toBe(400);
    expect(await statementRow(h.svc, id)).toEqual(before);

    const accepted = await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/accept`).set(full.headers).send({});
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ data: { id, job_id: `${id}-detect_account-2`, step: 'detect_account' } });
    const done = await waitForStatement(h.svc, full, id);
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      transaction_count: 3,
      parsed_data: { accepted: { at: expect.any(String), break_count: 2 } },
    });
    expect(await transactionCount(org.id)).toBe(3);

    const again = await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/accept`).set(full.headers).send({});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('STATEMENT_NOT_STALLED');
  });
});

describe('the duplicate check', () => {
  test('keeps both of two identical rows of one file, and a re-import of the file adds nothing', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'twins');
    const twins = fixture('card-csv-twin-charges');
    const file = await twins.build();
    const first = await waitForStatement(h.svc, full, (await upload(h.svc, full, file, twins.fileName).expect(201)).body.data.id);
    expect(first).toMatchObject({ status: 'completed', transaction_count: 3 });
    expect(await transactionCount(org.id)).toBe(3);
    // The same bytes are refused at upload (issue 30); the same rows in other bytes (a trailing blank line) are matched.
    expect((await upload(h.svc, full, file, 'again.csv')).status).toBe(409);
    const other = Buffer.concat([file, Buffer.from('\n')]);
    const second = await waitForStatement(h.svc, full, (await upload(h.svc, full, other, 'again.csv').expect(201)).body.data.id);
    expect(second).toMatchObject({ status: 'completed', transaction_count: 0, account_id: first.account_id });
    expect(await transactionCount(org.id)).toBe(3);
  });
});
