import { unlink } from 'node:fs/promises';
import request from 'supertest';
import { serveProbes } from '@finance/platform';
import { makeKey, makeOrg, type TestKey } from '@finance/platform/testing';
import { stepJobId, type StepJob } from '../src/domain/pipeline/jobs';
import { createAccount, expectValidation } from './helpers';
import {
  encryptPdf,
  encryptXlsx,
  hdfcCsv,
  legacyXlsFile,
  pdfFile,
  PDF_COLUMNS,
  sbiCsv,
  toCsv,
  xlsxFile,
  type FixtureRow,
} from '@finance/statement-readers/testing';
import {
  apiAs,
  createdLogger,
  LogSink,
  type PipelineHarness,
  startPipeline,
  statementRow,
  unreachableQueue,
  unreadableStore,
  upload,
  waitForStatement,
} from './pipeline-helpers';

/**
 * End to end: upload over HTTP, a real BullMQ worker on the real Redis (a queue of this file's own), the real
 * Postgres, and the statement's final state read back over HTTP. Every log line of the app and the worker is
 * kept, to check that no password ever reaches them.
 */
const logs = new LogSink();
const logger = createdLogger(logs, 'statement');
let h: PipelineHarness;
const ran: string[] = [];

beforeAll(async () => {
  h = await startPipeline('pipeline', { worker: false, logger });
  await h.startWorker({
    beforeStep: async (job: StepJob) => {
      ran.push(stepJobId(job));
    },
  });
});
afterAll(async () => {
  await h.close();
});

const PASSWORDS = ['pdf-Secret-7781', 'xl-Secret-2291', 'wrong-guess-001', 'Not-The-One-42'];

const api = (key: TestKey) => apiAs(h.svc, key);

async function rowsOf(key: TestKey, statementId: string) {
  const res = await api(key).get('/transactions?limit=500&sort_order=ASC').expect(200);
  return res.body.data.filter((r: { statement: string }) => r.statement === statementId);
}

const HDFC_ROWS: FixtureRow[] = [
  { date: '01/04/24', particulars: 'UPI/401/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
  { date: '02/04/24', particulars: 'NEFT/402/ACME TECHNOLOGIES/SALARY', withdrawal: '', deposit: '1,20,000.50', balance: '1,29,750.50' },
  { date: '03/04/24', particulars: 'ATM WDL/MUMBAI', withdrawal: '2,000', deposit: '', balance: '1,27,750.50' },
];

describe('a CSV statement with an account number', () => {
  test('is read, its account detected (created as "<bank> ••<last 4>", named by the file), its rows stored in milli-units, completed', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-csv');
    const res = await upload(h.svc, full, hdfcCsv(HDFC_ROWS, { accNo: '50100012345678' }), 'hdfc-april.csv');
    expect(res.status).toBe(201);
    const done = await waitForStatement(h.svc, full, res.body.data.id);
    expect(done).toMatchObject({
      status: 'completed',
      step: null,
      error: null,
      transaction_count: 3,
      parsed_data: {
        metadata: {
          acc_no: '50100012345678',
          header: ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
          bank: 'HDFC Bank',
          kind: null,
        },
        row_count: 3,
      },
    });
    const account = (await api(full).get(`/accounts/${done.account_id}`).expect(200)).body.data;
    expect(account).toMatchObject({ name: 'HDFC Bank ••5678', name_source: 'file', category: 'bank', acc_no: '50100012345678', currency: 'INR' });
    const rows = await rowsOf(full, done.id);
    expect(rows.map((r: Record<string, unknown>) => [r.date, r.particulars, r.inflow, r.outflow, r.balance, r.account_id, r.type])).toEqual([
      ['2024-04-01', 'UPI/401/SWIGGY/food', 0, 250_000, 9_750_000, account.id, 'unknown'],
      ['2024-04-02', 'NEFT/402/ACME TECHNOLOGIES/SALARY', 120_000_500, 0, 129_750_500, account.id, 'unknown'],
      ['2024-04-03', 'ATM WDL/MUMBAI', 0, 2_000_000, 127_750_500, account.id, 'unknown'],
    ]);
    // Nothing stays staged once the rows are stored.
    expect((await statementRow(h.svc, done.id)).staged).toBe(0);
  });

  test('re-importing the same rows adds nothing; an overlapping statement adds only its new rows', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-reimport');
    const first = await waitForStatement(
      h.svc,
      full,
      (await upload(h.svc, full, hdfcCsv(HDFC_ROWS, { accNo: '50100012345678' }), 'a.csv').expect(201)).body.data.id,
    );
    expect(first.transaction_count).toBe(3);
    const again = await waitForStatement(
      h.svc,
      full,
      // The same rows in other bytes (the number written another way); the same bytes would be refused at upload.
      (await upload(h.svc, full, hdfcCsv(HDFC_ROWS, { accNo: '5010-0012-3456-78' }), 'a-again.csv').expect(201)).body.data.id,
    );
    expect(again).toMatchObject({ status: 'completed', transaction_count: 0, account_id: first.account_id, parsed_data: { row_count: 3 } });
    const overlap = [...HDFC_ROWS.slice(1), { date: '04/04/24', particulars: 'UPI/404/UBER/ride', withdrawal: '150.00', deposit: '', balance: '1,27,600.50' }];
    const third = await waitForStatement(
      h.svc,
      full,
      (await upload(h.svc, full, hdfcCsv(overlap, { accNo: '50100012345678' }), 'b.csv').expect(201)).body.data.id,
    );
    expect(third).toMatchObject({ status: 'completed', transaction_count: 1, account_id: first.account_id });
    expect((await api(full).get('/transactions').expect(200)).body.page_context.total).toBe(4);
    expect((await api(full).get('/accounts').expect(200)).body.page_context.total).toBe(1);
  });

  test("an account's number matches ignoring spaces and dashes; account_id given at upload wins over the file's number", async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-match');
    const existing = await createAccount(h.svc, full, { name: 'SBI savings', category: 'bank', acc_no: '0000-0012 3456-78901' });
    const chosen = await createAccount(h.svc, full, { name: 'Chosen', category: 'credit_card' });
    const sbi: FixtureRow[] = [{ date: '05 Apr 2024', particulars: 'BY TRANSFER-NEFT', withdrawal: '', deposit: '500.00', balance: '1,500.00' }];
    const matched = await waitForStatement(
      h.svc,
      full,
      (await upload(h.svc, full, sbiCsv(sbi, { accNo: '00000012345678901' }), 'sbi.csv').expect(201)).body.data.id,
    );
    expect(matched).toMatchObject({ status: 'completed', account_id: existing.id, transaction_count: 1 });
    const given = await waitForStatement(
      h.svc,
      full,
      (await upload(h.svc, full, hdfcCsv(HDFC_ROWS, { accNo: '00000012345678901' }), 'x.csv', { account_id: chosen.id }).expect(201)).body.data.id,
    );
    expect(given).toMatchObject({ status: 'completed', account_id: chosen.id, transaction_count: 3 });
    expect((await api(full).get('/accounts').expect(200)).body.page_context.total).toBe(2);
  });

  test("automatic categorisation: the organization's enabled rules run over the new rows, first match wins", async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-rules');
    const rule = (body: object) => api(full).post('/rules', body).expect(201);
    await rule({
      name: 'food',
      priority: 1,
      conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }],
      actions: [
        { field: 'category', value: 'Dining' },
        { field: 'type', value: 'expense' },
      ],
    });
    await rule({
      name: 'upi',
      priority: 2,
      conditions: [{ field: 'particulars', operator: 'starts_with', value: 'UPI/' }],
      actions: [
        { field: 'category', value: 'UPI' },
        { field: 'type', value: 'expense' },
      ],
    });
    await rule({
      name: 'salary',
      priority: 3,
      conditions: [{ field: 'inflow', operator: 'greater_than', value: 100_000_000 }],
      actions: [
        { field: 'type', value: 'income' },
        { field: 'entity', value: 'ACME' },
      ],
    });
    await rule({
      name: 'off',
      priority: 0,
      enabled: false,
      conditions: [{ field: 'particulars', operator: 'contains', value: 'ATM' }],
      actions: [{ field: 'type', value: 'transfer' }],
    });
    const done = await waitForStatement(h.svc, full, (await upload(h.svc, full, hdfcCsv(HDFC_ROWS, { accNo: '1234' }), 'a.csv').expect(201)).body.data.id);
    expect(done.status).toBe('completed');
    expect((await rowsOf(full, done.id)).map((r: Record<string, unknown>) => [r.category, r.type, r.entity])).toEqual([
      ['Dining', 'expense', null],
      [null, 'income', 'ACME'],
      [null, 'unknown', null],
    ]);
  });
});

describe('a password-protected PDF', () => {
  const pdfRows = [
    ['01/04/2024', 'UPI/501/ZOMATO', '', '320.00', '', '4,680.00'],
    ['02/04/2024', 'IMPS/P2A/502/RENT', '', '25,000.00', '', '-20,320.00'],
    ['03/04/2024', 'NEFT/503/REFUND', '', '', '1,000.25', '-19,319.75'],
  ];
  let protectedPdf: Buffer;
  beforeAll(async () => {
    const plain = await pdfFile({ ...PDF_COLUMNS, preamble: ['HDFC BANK Ltd.', 'Account Number : 5010 0099 8877 66'], rows: pdfRows });
    protectedPdf = await encryptPdf(plain, PASSWORDS[0]!);
  });

  test('stalls with PASSWORD_REQUIRED; a wrong password is 400 and changes nothing; the right one completes it', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'pipe-pdf');
    const id = (await upload(h.svc, full, protectedPdf, 'hdfc.pdf').expect(201)).body.data.id;
    const stalled = await waitForStatement(h.svc, full, id);
    expect(stalled).toMatchObject({
      status: 'stalled',
      step: 'read_file',
      error: { code: 'PASSWORD_REQUIRED', message: expect.any(String) },
      parsed_data: null,
      transaction_count: 0,
    });

    const before = await statementRow(h.svc, id);
    const refuse = async (body: object, path: string) => {
      expectValidation(await api(full).post(`/statements/${id}/password`, body), path);
      expect(await statementRow(h.svc, id)).toEqual(before);
    };
    await refuse({ password: PASSWORDS[2] }, 'password');
    await refuse({}, 'password');
    await refuse({ password: '' }, 'password');
    await refuse({ password: 42 }, 'password');
    // No parsed_data yet: the account number cannot be given.
    await expectValidation(await api(full).post(`/statements/${id}/account-number`, { acc_no: '1234' }), 'acc_no');
    expect(await statementRow(h.svc, id)).toEqual(before);
    const reader = await makeKey(h.svc.deps.platformDb, org, 'read_only');
    expect((await api(reader).post(`/statements/${id}/password`, { password: PASSWORDS[0] })).status).toBe(403);
    expect((await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/password`).send({ password: PASSWORDS[0] })).status).toBe(401);
    expect((await api(full).post('/statements/01900000-0000-7000-8000-000000000000/password', { password: PASSWORDS[0] })).status).toBe(404);
    const stranger = await makeOrg(h.svc.deps.platformDb, 'pipe-pdf-other');
    expect((await api(stranger.full).post(`/statements/${id}/password`, { password: PASSWORDS[0] })).status).toBe(404);
    expect(await statementRow(h.svc, id)).toEqual(before);

    const accepted = await api(full).post(`/statements/${id}/password`, { password: PASSWORDS[0] });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ data: { id, job_id: `${id}-read_file-2`, step: 'read_file' } });
    const done = await waitForStatement(h.svc, full, id);
    expect(done).toMatchObject({ status: 'completed', error: null, transaction_count: 3, parsed_data: { metadata: { acc_no: '5010 0099 8877 66' } } });
    expect((await rowsOf(full, id)).map((r: Record<string, unknown>) => [r.date, r.particulars, r.inflow, r.outflow, r.balance])).toEqual([
      ['2024-04-01', 'UPI/501/ZOMATO', 0, 320_000, 4_680_000],
      ['2024-04-02', 'IMPS/P2A/502/RENT', 0, 25_000_000, -20_320_000],
      ['2024-04-03', 'NEFT/503/REFUND', 1_000_250, 0, -19_319_750],
    ]);
    // A finished statement takes no more passwords.
    const late = await api(full).post(`/statements/${id}/password`, { password: PASSWORDS[0] });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('STATEMENT_NOT_STALLED');
    const everything = JSON.stringify([stalled, accepted.body, done, late.body, (await api(full).get('/statements').expect(200)).body]);
    for (const password of PASSWORDS) expect(everything).not.toContain(password);
  });

  test('a double submit of the password starts one run: both get the same job, read_file runs once', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-double');
    const id = (await upload(h.svc, full, protectedPdf, 'hdfc.pdf').expect(201)).body.data.id;
    await waitForStatement(h.svc, full, id);
    const [a, b] = await Promise.all([
      api(full).post(`/statements/${id}/password`, { password: PASSWORDS[0] }),
      api(full).post(`/statements/${id}/password`, { password: PASSWORDS[0] }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.data.job_id).toBe(`${id}-read_file-2`);
    expect(b.body.data.job_id).toBe(a.body.data.job_id);
    const done = await waitForStatement(h.svc, full, id);
    expect(done).toMatchObject({ status: 'completed', transaction_count: 3 });
    expect((await statementRow(h.svc, id)).attempt).toBe(2);
    expect(ran.filter((job) => job === `${id}-read_file-2`)).toHaveLength(1);
    expect(ran.filter((job) => job.startsWith(`${id}-read_file-`))).toEqual([`${id}-read_file-1`, `${id}-read_file-2`]);
  });

  test('502 when the stored file cannot be read or the job cannot be queued; the statement is left exactly as it was', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-502');
    const id = (await upload(h.svc, full, protectedPdf, 'hdfc.pdf').expect(201)).body.data.id;
    await waitForStatement(h.svc, full, id);
    const before = await statementRow(h.svc, id);

    const noStore = await h.startVariant({ fileStore: unreadableStore(h.fileStore) });
    const deadQueue = unreachableQueue(h.config);
    const noQueue = await h.startVariant({ queue: deadQueue });
    try {
      for (const svc of [noStore, noQueue]) {
        const res = await request(svc.baseUrl).post(`/api/v1/statements/${id}/password`).set(full.headers).send({ password: PASSWORDS[0] });
        expect(res.status).toBe(502);
        expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
        expect(await statementRow(h.svc, id)).toEqual(before);
      }
    } finally {
      await deadQueue.close();
    }
    // Once the queue is back, the same call goes through.
    expect((await api(full).post(`/statements/${id}/password`, { password: PASSWORDS[0] })).status).toBe(202);
    expect((await waitForStatement(h.svc, full, id)).status).toBe('completed');
  });
});

describe('protected XLSX', () => {
  test('the password given at upload opens it; a wrong one stalls with WRONG_PASSWORD until the right one comes', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-xlsx');
    const plain = await xlsxFile([
      {
        name: 'Statement',
        rows: [
          ['Account No', '50100077776666'],
          [],
          ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
          [new Date(Date.UTC(2024, 3, 1)), 'POS AMAZON', 1499.5, null, 8500.5],
          [new Date(Date.UTC(2024, 3, 2)), 'SALARY', null, 50000, 58500.5],
        ],
      },
    ]);
    const encrypted = encryptXlsx(plain, PASSWORDS[1]!);
    const ok = await waitForStatement(
      h.svc,
      full,
      (await upload(h.svc, full, encrypted, 'statement.xlsx', { password: PASSWORDS[1] }).expect(201)).body.data.id,
    );
    expect(ok).toMatchObject({ status: 'completed', file_type: 'excel', transaction_count: 2, parsed_data: { metadata: { acc_no: '50100077776666' } } });
    expect((await rowsOf(full, ok.id)).map((r: Record<string, unknown>) => [r.date, r.outflow, r.inflow, r.balance])).toEqual([
      ['2024-04-01', 1_499_500, 0, 8_500_500],
      ['2024-04-02', 0, 50_000_000, 58_500_500],
    ]);

    const { full: other } = await makeOrg(h.svc.deps.platformDb, 'pipe-xlsx');
    const wrong = await waitForStatement(
      h.svc,
      other,
      (await upload(h.svc, other, encrypted, 'statement.xlsx', { password: PASSWORDS[3] }).expect(201)).body.data.id,
    );
    expect(wrong).toMatchObject({ status: 'stalled', step: 'read_file', error: { code: 'WRONG_PASSWORD' } });
    expect((await api(other).post(`/statements/${wrong.id}/password`, { password: PASSWORDS[1] })).status).toBe(202);
    expect(await waitForStatement(h.svc, other, wrong.id)).toMatchObject({ status: 'completed', transaction_count: 2 });
    // Every open of the workbook derives Excel's key (100,000 SHA-512 rounds, ~0.5 s of CPU): five of them, on a
    // machine that runs the rest of the suite beside this file.
  }, 90_000);
});

describe('a statement without an account number', () => {
  test('stalls with ACCOUNT_NOT_DETECTED after parsing; the account-number call resumes at detect_account without re-parsing', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'pipe-accno');
    const id = (await upload(h.svc, full, hdfcCsv(HDFC_ROWS), 'no-number.csv').expect(201)).body.data.id;
    const stalled = await waitForStatement(h.svc, full, id);
    expect(stalled).toMatchObject({
      status: 'stalled',
      step: 'detect_account',
      error: { code: 'ACCOUNT_NOT_DETECTED', message: 'no account number was found in the file; enter the account number to continue' },
      account_id: null,
      transaction_count: 0,
      parsed_data: { metadata: { acc_no: null }, row_count: 3 },
    });
    expect((await api(full).get('/transactions').expect(200)).body.page_context.total).toBe(0);

    const before = await statementRow(h.svc, id);
    expect(before.staged).toBe(3);
    for (const body of [{}, { acc_no: '' }, { acc_no: '   ' }, { acc_no: 1234 }, { acc_no: 'x'.repeat(65) }]) {
      expectValidation(await api(full).post(`/statements/${id}/account-number`, body), 'acc_no');
    }
    // A CSV cannot carry a password.
    expectValidation(await api(full).post(`/statements/${id}/password`, { password: 'x' }), 'password');
    expect((await api(full).post('/statements/01900000-0000-7000-8000-000000000000/account-number', { acc_no: '1' })).status).toBe(404);
    const stranger = await makeOrg(h.svc.deps.platformDb, 'pipe-accno-other');
    expect((await api(stranger.full).post(`/statements/${id}/account-number`, { acc_no: '1' })).status).toBe(404);
    const reader = await makeKey(h.svc.deps.platformDb, org, 'read_only');
    expect((await api(reader).post(`/statements/${id}/account-number`, { acc_no: '1' })).status).toBe(403);
    expect((await request(h.svc.baseUrl).post(`/api/v1/statements/${id}/account-number`).send({ acc_no: '1' })).status).toBe(401);

    const deadQueue = unreachableQueue(h.config);
    const noQueue = await h.startVariant({ queue: deadQueue });
    try {
      const res = await request(noQueue.baseUrl).post(`/api/v1/statements/${id}/account-number`).set(full.headers).send({ acc_no: '5010 0012-3456' });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await deadQueue.close();
    }
    expect(await statementRow(h.svc, id)).toEqual(before);

    // The stored file is gone: if detect_account re-read or re-parsed it, the statement could not complete.
    await h.fileStore.get(before.file_key as string);
    await unlink(h.fileStore.pathOf(before.file_key as string));

    const accepted = await api(full).post(`/statements/${id}/account-number`, { acc_no: '  5010 0012-3456  ' });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ data: { id, job_id: `${id}-detect_account-2`, step: 'detect_account' } });
    const done = await waitForStatement(h.svc, full, id);
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      transaction_count: 3,
      parsed_data: { metadata: { acc_no: '5010 0012-3456' }, row_count: 3 },
    });
    expect((await api(full).get(`/accounts/${done.account_id}`).expect(200)).body.data).toMatchObject({ name: 'HDFC Bank ••3456', acc_no: '5010 0012-3456' });
    expect((await rowsOf(full, id)).map((r: { particulars: string }) => r.particulars)).toEqual(HDFC_ROWS.map((r) => r.particulars));
    expect(ran.filter((job) => job.startsWith(`${id}-`))).toEqual([
      `${id}-read_file-1`,
      `${id}-parse-1`,
      `${id}-detect_account-1`,
      `${id}-detect_account-2`,
      `${id}-categorize-2`,
    ]);

    const again = await api(full).post(`/statements/${id}/account-number`, { acc_no: '99' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('STATEMENT_NOT_STALLED');
  });
});

describe('files no retry can fix', () => {
  test('a damaged .xls, and a CSV none of whose lines can be read, fail with PARSE_FAILED at parse', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'pipe-fail');
    const xls = await waitForStatement(h.svc, full, (await upload(h.svc, full, legacyXlsFile(), 'old.xls').expect(201)).body.data.id);
    expect(xls).toMatchObject({
      status: 'failed',
      step: 'parse',
      file_type: 'excel',
      error: { code: 'PARSE_FAILED', message: expect.stringContaining('.xlsx') },
    });
    const bad = toCsv([
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['01/04/2024', 'UPI/1', '12.3.4', '', '100.00'],
    ]);
    const parse = await waitForStatement(h.svc, full, (await upload(h.svc, full, Buffer.from(bad), 'bad.csv').expect(201)).body.data.id);
    expect(parse).toMatchObject({ status: 'failed', step: 'parse', error: { code: 'PARSE_FAILED' }, parsed_data: null });
    expect((await api(full).get('/transactions').expect(200)).body.page_context.total).toBe(0);
    expect((await api(full).post(`/statements/${xls.id}/password`, { password: 'x' })).status).toBe(409);
    expectValidation(await api(full).post(`/statements/${parse.id}/account-number`, { acc_no: '1' }), 'acc_no');
    expect((await api(full).get('/statements?status=failed').expect(200)).body.page_context.total).toBe(2);
  });
});

describe('the worker process', () => {
  test('serves /healthz and /metrics: queue depth by state, job durations by step and outcome', async () => {
    const http = await serveProbes({ service: 'statement-worker', port: 0, host: '127.0.0.1', readiness: h.worker!.readiness, metrics: h.worker!.metrics });
    try {
      const base = `http://127.0.0.1:${http.port}`;
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', service: 'statement-worker' });
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const metrics = await (await fetch(`${base}/metrics`)).text();
      expect(metrics).toMatch(/statement_queue_jobs\{state="waiting",service="statement-worker"\} \d+/);
      expect(metrics).toMatch(/statement_queue_jobs\{state="completed",service="statement-worker"\} [1-9]/);
      expect(metrics).toMatch(/statement_job_duration_seconds_count\{service="statement-worker",step="read_file",outcome="done"\} [1-9]/);
      expect(metrics).toMatch(/statement_job_duration_seconds_count\{service="statement-worker",step="read_file",outcome="stalled"\} [1-9]/);
      expect(metrics).toMatch(/statement_job_duration_seconds_count\{service="statement-worker",step="categorize",outcome="completed"\} [1-9]/);
      expect((await fetch(`${base}/nope`)).status).toBe(404);
    } finally {
      await new Promise((r) => http.server.close(r));
    }
  });
});

// Runs last: every test above sent passwords (right and wrong, at upload and to the recovery call) through the
// app and the worker, whose every log line (level trace) was kept.
test('no password, right or wrong, ever reached the logs of the app or the worker', () => {
  const text = logs.text();
  expect(text).toContain('"path":"/api/v1/statements/');
  expect(text).toMatch(/"route":"\/api\/v1\/statements\/:statement_id\/password","status":400/);
  expect(text).toContain('"msg":"statement stalled"');
  expect(text).toContain('"msg":"statement completed"');
  for (const password of PASSWORDS) expect(text).not.toContain(password);
});
