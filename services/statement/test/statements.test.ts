import { createHash } from 'node:crypto';
import request from 'supertest';
import { makeKey, makeOrg } from '@finance/platform/testing';
import { decryptSecret, FileStoreUnavailableError, loadSecretKey } from '../src/files';
import { createAccount, expectValidation } from './helpers';
import { hdfcCsv, pdfFile, PDF_COLUMNS, type FixtureRow } from '@finance/statement-readers/testing';
import { Redis } from 'ioredis';
import { createLogger } from '@finance/platform';
import { WorkerStepQueue } from '../src/data-access/step-queue';
import { stepJobOptions, type StepJob } from '../src/domain/pipeline/jobs';
import { queueUnqueuedStatements, type StepDeps } from '../src/domain/pipeline/steps';
import { statementDb } from './helpers';
import { countStatements, REDIS_URL, startPipeline, statementRow, unreachableQueue, unreadableStore, upload, type PipelineHarness } from './pipeline-helpers';

/**
 * Upload, list and get over HTTP (contract 6). No worker runs in this file: statements stay queued, which is
 * what these tests look at; the pipeline itself is tested in pipeline.test.ts.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('statements', { worker: false });
});
afterAll(async () => {
  await h.close();
});

const ROWS: FixtureRow[] = [
  { date: '01/04/24', particulars: 'UPI/1/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
  { date: '02/04/24', particulars: 'NEFT/2/ACME/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,750.00' },
];

describe('POST /api/v1/statements', () => {
  test('201 with the statement, queued at read_file; the file is stored unchanged', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const file = hdfcCsv(ROWS, { accNo: '50100012345678' });
    const res = await upload(h.svc, full, file, 'april.csv');
    expect(res.status).toBe(201);
    const s = res.body.data;
    expect(s).toEqual({
      id: expect.any(String),
      file_name: 'april.csv',
      file_type: 'csv',
      status: 'queued',
      step: 'read_file',
      error: null,
      account_id: null,
      parsed_data: null,
      transaction_count: 0,
      file_sha256: createHash('sha256').update(file).digest('hex'),
      replaces: null,
      replaced_by: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const row = await statementRow(h.svc, s.id);
    expect(row.org_id).toBe(org.id);
    expect(row.attempt).toBe(1);
    expect((await h.fileStore.get(row.file_key as string)).equals(file)).toBe(true);
    // The uploader's file name is never part of the storage key.
    expect(row.file_key).toBe(`${org.id}/${s.id}`);
  });

  test('file types are told by content: XLSX-named PDF is refused, a PDF is pdf, an account_id is kept', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const account = await createAccount(h.svc, full, { name: 'HDFC', category: 'bank' });
    const pdf = await pdfFile({ ...PDF_COLUMNS, rows: [['01/04/2024', 'UPI/1/SWIGGY', '', '250.00', '', '9,750.00']] });
    const res = await upload(h.svc, full, pdf, 'statement.pdf', { account_id: account.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ file_type: 'pdf', account_id: account.id });
    expectValidation(await upload(h.svc, full, Buffer.from('just some words, not a statement'), 'notes.docx'), 'file');
  });

  test('a password is stored sealed (AES-GCM, bound to the statement), never returned; with a CSV it is not kept', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const pdf = await pdfFile({ ...PDF_COLUMNS, rows: [['01/04/2024', 'UPI/1/SWIGGY', '', '250.00', '', '9,750.00']] });
    const password = 'Sesame-Open-4417';
    const res = await upload(h.svc, full, pdf, 'statement.pdf', { password });
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain(password);
    const row = await statementRow(h.svc, res.body.data.id);
    expect(row.password_encrypted).not.toContain(password);
    expect(decryptSecret(row.password_encrypted as string, loadSecretKey().key, res.body.data.id)).toBe(password);
    for (const path of [`/api/v1/statements/${res.body.data.id}`, '/api/v1/statements']) {
      const read = await request(h.svc.baseUrl).get(path).set(full.headers).expect(200);
      expect(JSON.stringify(read.body)).not.toContain(password);
      expect(JSON.stringify(read.body)).not.toContain('password');
    }
    const csv = await upload(h.svc, full, hdfcCsv(ROWS), 'a.csv', { password });
    expect(csv.status).toBe(201);
    expect((await statementRow(h.svc, csv.body.data.id)).password_encrypted).toBeNull();
  });

  test('refusals write nothing: no file, JSON, an unreadable type, bad or foreign account_id, unknown fields, too large', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const other = await makeOrg(h.svc.deps.platformDb, 'stmt-up-other');
    const foreign = await createAccount(h.svc, other.full, { name: 'Theirs', category: 'bank' });
    const file = hdfcCsv(ROWS);
    const before = await countStatements(h.svc, org.id);

    const noFile = await request(h.svc.baseUrl).post('/api/v1/statements').set(full.headers).field('account_id', foreign.id);
    expectValidation(noFile, 'file');
    const json = await request(h.svc.baseUrl).post('/api/v1/statements').set(full.headers).send({ file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expectValidation(await upload(h.svc, full, Buffer.from([0x00, 0x01, 0x02, 0xff]), 'x.bin'), 'file');
    expectValidation(await upload(h.svc, full, Buffer.alloc(0), 'empty.csv'), 'file');
    expectValidation(await upload(h.svc, full, file, 'a.csv', { account_id: 'not-an-id' }), 'account_id');
    expectValidation(await upload(h.svc, full, file, 'a.csv', { account_id: foreign.id }), 'account_id');
    const unknown = await request(h.svc.baseUrl).post('/api/v1/statements').set(full.headers).attach('file', file, 'a.csv').field('acount_id', 'x');
    expect(unknown.status).toBe(400);
    const big = await upload(h.svc, full, Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), 'big.csv');
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');

    expect(await countStatements(h.svc, org.id)).toBe(before);
  });

  test('401 without a key, 403 without statements:create', async () => {
    const { org } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const reader = await makeKey(h.svc.deps.platformDb, org, 'read_only');
    const file = hdfcCsv(ROWS);
    expect((await request(h.svc.baseUrl).post('/api/v1/statements').attach('file', file, 'a.csv')).status).toBe(401);
    const res = await upload(h.svc, reader, file, 'a.csv');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
    expect(await countStatements(h.svc, org.id)).toBe(0);
  });

  test('Idempotency-Key: a retried upload is one statement; the same key with another file is 422', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const send = (file: Buffer) => upload(h.svc, full, file, 'a.csv').set('Idempotency-Key', 'upload-april-1');
    const first = await send(hdfcCsv(ROWS));
    expect(first.status).toBe(201);
    const again = await send(hdfcCsv(ROWS));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    const other = await send(hdfcCsv(ROWS.slice(0, 1)));
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countStatements(h.svc, org.id)).toBe(1);
  });

  test("the queue unreachable: the upload is still accepted (201, queued at once), and the worker's sweep adds its job", async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const queue = unreachableQueue(h.config);
    const broken = await h.startVariant({ queue });
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const workerQueue = new WorkerStepQueue<StepJob>(connection, { queueName: h.config.queueName, optionsOf: (job) => stepJobOptions(h.config, job) });
    try {
      // Not held up by the queue: about as long as the same upload with the queue up (timed just before, so a
      // loaded machine slows both), plus a few seconds; Redis's reconnects would take far longer.
      let started = Date.now();
      // Other bytes than the upload below: the same bytes twice are 409 STATEMENT_ALREADY_UPLOADED (issue 30).
      await upload(h.svc, full, hdfcCsv(ROWS.slice(0, -1)), 'a.csv')
        .set('Idempotency-Key', 'with-queue-1')
        .expect(201);
      const withQueue = Date.now() - started;
      started = Date.now();
      const res = await upload(broken, full, hdfcCsv(ROWS), 'a.csv').set('Idempotency-Key', 'no-queue-1');
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ status: 'queued', step: 'read_file' });
      expect(Date.now() - started).toBeLessThan(5_000 + 2 * withQueue);
      expect(await countStatements(h.svc, org.id)).toBe(2);
      const job = { statementId: res.body.data.id, orgId: org.id, step: 'read_file' as const, attempt: 1 };
      expect(await workerQueue.holds(job)).toBe(false);

      const deps = { db: statementDb(h.svc), queue: workerQueue, logger: createLogger('sweep', 'silent') } as unknown as StepDeps;
      expect(await queueUnqueuedStatements(deps, workerQueue)).toBeGreaterThanOrEqual(1);
      expect(await workerQueue.holds(job)).toBe(true);
      // Run again (another worker starting): the job is there, nothing more is added for this statement.
      await queueUnqueuedStatements(deps, workerQueue);
      expect((await workerQueue.queue.getJobs(['waiting'])).filter((j) => j.data.statementId === job.statementId)).toHaveLength(1);
    } finally {
      await queue.close();
      await workerQueue.queue.obliterate({ force: true }).catch(() => undefined);
      await workerQueue.close();
      await connection.quit();
    }
  });

  test('502 when the file store cannot be written, nothing recorded', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'stmt-up');
    const failing = unreadableStore(h.fileStore);
    failing.put = async () => {
      throw new FileStoreUnavailableError('the file store cannot write: ECONNREFUSED');
    };
    const broken = await h.startVariant({ fileStore: failing });
    const res = await upload(broken, full, hdfcCsv(ROWS), 'a.csv');
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(await countStatements(h.svc, org.id)).toBe(0);
  });
});

describe('GET /api/v1/statements and /statements/<id>', () => {
  test('list: newest first, filters status and account_id, fields, pagination; get one; 404 across organizations', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'stmt-list');
    const other = await makeOrg(h.svc.deps.platformDb, 'stmt-list-other');
    const account = await createAccount(h.svc, full, { name: 'HDFC', category: 'bank' });
    const a = (await upload(h.svc, full, hdfcCsv(ROWS), 'a.csv').expect(201)).body.data;
    const b = (await upload(h.svc, full, hdfcCsv(ROWS, { accNo: '1234' }), 'b.csv', { account_id: account.id }).expect(201)).body.data;
    await h.svc.deps.pool.query(`UPDATE statement.statements SET status = 'completed', step = NULL WHERE id = $1`, [a.id]);
    await upload(h.svc, other.full, hdfcCsv(ROWS), 'theirs.csv').expect(201);
    const api = (path: string) => request(h.svc.baseUrl).get(path).set(full.headers);

    const all = await api('/api/v1/statements').expect(200);
    expect(all.body.data.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(all.body.page_context).toMatchObject({ total: 2, page: 1, per_page: 100, has_more: false });
    expect((await api('/api/v1/statements?status=completed').expect(200)).body.data.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect((await api(`/api/v1/statements?account_id=${account.id}`).expect(200)).body.data.map((s: { id: string }) => s.id)).toEqual([b.id]);
    expect((await api('/api/v1/statements?sort_order=ASC&limit=1').expect(200)).body).toMatchObject({
      data: [{ id: a.id }],
      page_context: { count: 1, total: 2, has_more: true },
    });
    expect((await api('/api/v1/statements?fields=id,status').expect(200)).body.data[0]).toEqual({ id: b.id, status: 'queued' });
    expectValidation(await api('/api/v1/statements?status=done'), 'status');
    expectValidation(await api('/api/v1/statements?account_id=x'), 'account_id');
    expectValidation(await api('/api/v1/statements?acount=x'), 'acount');

    expect((await api(`/api/v1/statements/${b.id}`).expect(200)).body.data).toEqual(b);
    expect((await api(`/api/v1/statements/${b.id}?fields=status,step`).expect(200)).body.data).toEqual({ status: 'queued', step: 'read_file' });
    expect((await request(h.svc.baseUrl).get(`/api/v1/statements/${b.id}`).set(other.full.headers)).status).toBe(404);
    expect((await api('/api/v1/statements/01900000-0000-7000-8000-000000000000')).status).toBe(404);
    expect((await api('/api/v1/statements/nope')).status).toBe(404);
  });
});
