import request from 'supertest';
import { makeOrg } from '@finance/platform/testing';
import { hdfcCsv, toCsv, type FixtureRow } from '@finance/statement-readers/testing';
import { startPipeline, upload, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * What a statement keeps of the bank's own figures: the opening and closing balance and the period in
 * parsed_data, and, when the upload creates the account, an account that opens at the bank's opening balance, so
 * its balance on the statement's last day is the bank's closing balance (not the sum of the rows).
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('figures');
});
afterAll(async () => {
  await h.close();
});

// The account held 50,000.00 before the first row: 50,000 - 1,250.50 = 48,749.50; + 12,000 = 60,749.50; - 749.50 = 60,000.00.
const rows: FixtureRow[] = [
  { date: '03/04/24', particulars: 'UPI/SAMPLE GROCER/000111', withdrawal: '1,250.50', deposit: '', balance: '48,749.50' },
  { date: '15/04/24', particulars: 'NEFT CR-SAMPLE EMPLOYER-SALARY', withdrawal: '', deposit: '12,000.00', balance: '60,749.50' },
  { date: '28/04/24', particulars: 'ACH D- SAMPLE INSURANCE', withdrawal: '749.50', deposit: '', balance: '60,000.00' },
];

it('keeps the bank opening and closing balance, the period and the profile, and opens a new account at the bank opening balance', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'figures');
  const res = await upload(h.svc, full, hdfcCsv(rows, { accNo: '50100012345678' }), 'april.csv');
  expect(res.status).toBe(201);
  const statement = await waitForStatement(h.svc, full, res.body.data.id);
  expect(statement).toMatchObject({ status: 'completed', error: null });
  expect(statement.parsed_data).toMatchObject({
    profile: 'hdfc-bank',
    opening_balance: 50_000_000,
    closing_balance: 60_000_000,
    period: { from: '2024-04-03', to: '2024-04-28' },
  });

  const account = await request(h.svc.baseUrl).get(`/api/v1/accounts/${statement.account_id}`).set(full.headers);
  expect(account.body.data).toMatchObject({ acc_no: '50100012345678', opening_balance: 50000, opening_balance_date: '2024-04-03' });
  const balance = await request(h.svc.baseUrl).get(`/api/v1/accounts/${statement.account_id}/balance?as_of=2024-04-28`).set(full.headers);
  expect(balance.status).toBe(200);
  expect(balance.body.data).toMatchObject({
    balance: 60000,
    computed_from: { opening_balance: 50000, opening_balance_date: '2024-04-03', transaction_count: 3 },
  });
});

it('leaves an account it did not create as it is, and says in plain words what a statement without an account number needs', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'figures');
  const res = await upload(h.svc, full, hdfcCsv(rows), 'april.csv');
  const stalled = await waitForStatement(h.svc, full, res.body.data.id);
  expect(stalled).toMatchObject({
    status: 'stalled',
    step: 'detect_account',
    error: { code: 'ACCOUNT_NOT_DETECTED', message: 'no account number was found in the file; enter the account number to continue' },
  });
  const created = await request(h.svc.baseUrl).post('/api/v1/accounts').set(full.headers).send({ name: 'Salary', category: 'bank', acc_no: '123456789012' });
  expect(created.status).toBe(201);
  const answered = await request(h.svc.baseUrl).post(`/api/v1/statements/${stalled.id}/account-number`).set(full.headers).send({ acc_no: '123456789012' });
  expect(answered.status).toBe(202);
  expect(await waitForStatement(h.svc, full, stalled.id)).toMatchObject({ status: 'completed', account_id: created.body.data.id });
  const account = await request(h.svc.baseUrl).get(`/api/v1/accounts/${created.body.data.id}`).set(full.headers);
  expect(account.body.data).toMatchObject({ opening_balance: 0, opening_balance_date: null });
});

it("takes no opening balance whose sign the file does not fix: a card statement's printed previous balance is what is owed", async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'figures');
  const card = toCsv([
    ['Card No: 4000 12XX XXXX 9876'],
    ['Opening Balance', '12,500.00'],
    ['Date', 'Description', 'Amount', 'Dr/Cr'],
    ['05/04/2024', 'PAYMENT RECEIVED - THANK YOU', '12,500.00', 'Cr'],
    ['09/04/2024', 'SAMPLE SUPERMARKET', '2,340.00', 'Dr'],
  ]);
  const res = await upload(h.svc, full, Buffer.from(card), 'card.csv');
  const statement = await waitForStatement(h.svc, full, res.body.data.id);
  expect(statement).toMatchObject({
    status: 'completed',
    parsed_data: { opening_balance: null, closing_balance: null, period: { from: '2024-04-05', to: '2024-04-09' } },
  });
  const account = await request(h.svc.baseUrl).get(`/api/v1/accounts/${statement.account_id}`).set(full.headers);
  expect(account.body.data).toMatchObject({ acc_no: '4000 12XX XXXX 9876', opening_balance: 0, opening_balance_date: null });
});
