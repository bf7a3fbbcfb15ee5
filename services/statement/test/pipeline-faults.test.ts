import { makeOrg } from '@finance/platform/testing';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { FileStoreUnavailableError, type FileStore } from '../src/files';
import { stepJobId, type StepJob } from '../src/domain/pipeline/jobs';
import { encryptPdf, hdfcCsv, pdfFile, PDF_COLUMNS, type FixtureRow } from '@finance/statement-readers/testing';
import { REDIS_URL, startPipeline, statementRow, upload, WAIT_MS, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * Faults the pipeline must absorb: a file store that fails for a while (retried with backoff) or for good (the
 * statement fails with PROCESSING_FAILED after the last try), a stored password that no longer decrypts, and
 * two statements creating the same account at once, and a job BullMQ failed while no worker could record it.
 */
let h: PipelineHarness;
const ran: string[] = [];
/** Organizations whose file reads fail: how many more reads fail, Infinity for ever. */
const failingReads = new Map<string, number>();

beforeAll(async () => {
  h = await startPipeline('faults', { worker: false, config: { jobAttempts: 3, jobBackoffMs: 100 } });
  const flaky: FileStore = {
    put: (key, buffer) => h.fileStore.put(key, buffer),
    exists: (key) => h.fileStore.exists(key),
    close: async () => undefined,
    get: async (key) => {
      const org = key.split('/')[0]!;
      const left = failingReads.get(org) ?? 0;
      if (left > 0) {
        failingReads.set(org, left - 1);
        throw new FileStoreUnavailableError(`the stored file "${key}" cannot be read: ETIMEDOUT`);
      }
      return h.fileStore.get(key);
    },
  };
  await h.startWorker({ fileStore: flaky, beforeStep: async (job: StepJob) => void ran.push(stepJobId(job)) });
});
afterAll(async () => {
  await h.close();
});

const ROWS: FixtureRow[] = [
  { date: '01/04/24', particulars: 'UPI/1/SWIGGY/food', withdrawal: '250.00', deposit: '', balance: '9,750.00' },
  { date: '02/04/24', particulars: 'NEFT/2/ACME/SALARY', withdrawal: '', deposit: '50,000.00', balance: '59,750.00' },
];

async function jobState(jobId: string): Promise<string> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(h.config.queueName, { connection });
  try {
    return (await queue.getJobState(jobId)) as string;
  } finally {
    await queue.close();
    await connection.quit();
  }
}

test('read failures are retried with backoff (then the statement completes), and after the last try it fails with PROCESSING_FAILED', async () => {
  const flakyOrg = await makeOrg(h.svc.deps.platformDb, 'faults-flaky');
  const deadOrg = await makeOrg(h.svc.deps.platformDb, 'faults-dead');
  failingReads.set(flakyOrg.org.id, 2);
  failingReads.set(deadOrg.org.id, Infinity);
  const full = flakyOrg.full;
  const flakyId = (await upload(h.svc, full, hdfcCsv(ROWS, { accNo: '777788889999' }), 'flaky.csv').expect(201)).body.data.id;
  const deadId = (await upload(h.svc, deadOrg.full, hdfcCsv(ROWS, { accNo: '123412341234' }), 'dead.csv').expect(201)).body.data.id;

  const flaky = await waitForStatement(h.svc, full, flakyId);
  expect(flaky).toMatchObject({ status: 'completed', transaction_count: 2 });
  expect(ran.filter((j) => j === `${flakyId}-read_file-1`)).toHaveLength(3);

  const dead = await waitForStatement(h.svc, deadOrg.full, deadId);
  expect(dead).toMatchObject({
    status: 'failed',
    step: 'read_file',
    error: { code: 'PROCESSING_FAILED', message: expect.stringContaining('stored file could not be read after 3 tries') },
    parsed_data: null,
  });
  expect(ran.filter((j) => j === `${deadId}-read_file-1`)).toHaveLength(3);
  expect(await jobState(`${deadId}-read_file-1`)).toBe('failed');
});

test('a stored password that no longer decrypts (the key changed) stalls the statement asking for it again', async () => {
  // A harness of its own: its worker holds another key than the service that sealed the password.
  const other = await startPipeline('faults-key', { worker: false });
  try {
    await other.startWorker({ secretKey: Buffer.alloc(32, 7) });
    const { full } = await makeOrg(other.svc.deps.platformDb, 'faults-key');
    const pdf = await encryptPdf(
      await pdfFile({ ...PDF_COLUMNS, preamble: ['Account No : 3210 9876'], rows: [['01/04/2024', 'UPI/1/X', '', '1.00', '', '9.00']] }),
      'k-secret-1',
    );
    const id = (await upload(other.svc, full, pdf, 'a.pdf', { password: 'k-secret-1' }).expect(201)).body.data.id;
    const stalled = await waitForStatement(other.svc, full, id);
    expect(stalled).toMatchObject({
      status: 'stalled',
      step: 'read_file',
      error: { code: 'PASSWORD_REQUIRED', message: expect.stringContaining('supply the password again') },
    });
    // With the key back in agreement, supplying the password again completes it.
    await other.worker!.close();
    await other.startWorker();
    expect((await request(other.svc.baseUrl).post(`/api/v1/statements/${id}/password`).set(full.headers).send({ password: 'k-secret-1' })).status).toBe(202);
    expect(await waitForStatement(other.svc, full, id)).toMatchObject({ status: 'completed', transaction_count: 1 });
  } finally {
    await other.close();
  }
});

test('two statements with the same new account number, processed at once, make one account', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'faults-race');
  const [a, b] = (
    await Promise.all([
      upload(h.svc, full, hdfcCsv(ROWS.slice(0, 1), { accNo: '9999 8888 7777' }), 'a.csv').expect(201),
      upload(h.svc, full, hdfcCsv(ROWS.slice(1), { accNo: '9999-8888-7777' }), 'b.csv').expect(201),
    ])
  ).map((res) => res.body.data.id as string) as [string, string];
  const [doneA, doneB] = [await waitForStatement(h.svc, full, a), await waitForStatement(h.svc, full, b)];
  expect(doneA).toMatchObject({ status: 'completed', transaction_count: 1 });
  expect(doneB).toMatchObject({ status: 'completed', transaction_count: 1 });
  expect(doneA.account_id).toBe(doneB.account_id);
  expect((await request(h.svc.baseUrl).get('/api/v1/accounts').set(full.headers).expect(200)).body.page_context.total).toBe(1);
  expect((await statementRow(h.svc, a)).staged).toBe(0);
});

test('a statement whose job BullMQ failed while no worker could record it is marked failed by the next worker that starts', async () => {
  const { org, full } = await makeOrg(h.svc.deps.platformDb, 'faults-abandoned');
  // A statement the pipeline is running at parse, as a worker that died mid-job leaves it.
  const id = (await upload(h.svc, full, hdfcCsv(ROWS, { accNo: '50100011112222' }), 'abandoned.csv').expect(201)).body.data.id;
  await waitForStatement(h.svc, full, id);
  await h.svc.deps.pool.query(`UPDATE statement.statements SET status = 'processing', step = 'parse', error = NULL, attempt = 7 WHERE id = $1`, [id]);
  // Its job, failed by BullMQ (as after "stalled more than allowable limit") in a worker that then died: a bare
  // BullMQ worker on a queue of its own fails it without touching the statement.
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queueName = `${h.config.queueName}-abandoned`;
  const queue = new Queue(queueName, { connection });
  const job: StepJob = { statementId: id, orgId: org.id, step: 'parse', attempt: 7 };
  await queue.add('parse', job, { jobId: stepJobId(job), attempts: 1 });
  const failerConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const failer = new Worker(
    queueName,
    async () => {
      throw new UnrecoverableError('job stalled more than allowable limit');
    },
    { connection: failerConnection },
  );
  const deadline = Date.now() + WAIT_MS;
  while ((await queue.getJobState(stepJobId(job))) !== 'failed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await failer.close();
  await failerConnection.quit();
  expect(await queue.getJobState(stepJobId(job))).toBe('failed');
  expect(await statementRow(h.svc, id)).toMatchObject({ status: 'processing', step: 'parse' });

  const next = await startPipeline('faults-abandoned', { worker: false, config: { queueName } });
  try {
    await next.startWorker();
    expect(await statementRow(h.svc, id)).toMatchObject({
      status: 'failed',
      error: { code: 'PROCESSING_FAILED', message: expect.stringContaining('job stalled more than allowable limit') },
    });
  } finally {
    await next.close();
    await queue.close();
    await connection.quit();
  }
});
