import { makeOrg } from '@finance/platform/testing';
import request from 'supertest';
import { stepIndex, stepJobId, type Step, type StepJob } from '../src/domain/pipeline/jobs';
import { toCsv } from '@finance/statement-readers/testing';
import { spawnWorkerProcess, startPipeline, statementRow, upload, waitForActiveJob, waitForStatement, type PipelineHarness } from './pipeline-helpers';

/**
 * The real worker process (src/worker.ts, as `pnpm --filter statement worker` starts it), on this file's queue:
 * SIGTERM in the middle of a job lets the job finish and exits 0; a worker killed in the middle of a job has
 * that job picked up again by another worker after BullMQ's stalled-job check, and nothing is stored twice.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('worker-proc', { worker: false });
});
afterAll(async () => {
  await h.close();
});

function bigCsv(rows: number): Buffer {
  const lines: string[][] = [['Account Number : 50100044443333'], [], ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance']];
  let balance = 0;
  for (let i = 0; i < rows; i++) {
    const amount = (i % 5000) + 1;
    balance += i % 3 === 0 ? amount : -amount;
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push([
      `${day}/04/2024`,
      `UPI/${i}/MERCHANT ${i % 97}/PAYMENT`,
      i % 3 === 0 ? '' : `${amount}.00`,
      i % 3 === 0 ? `${amount}.00` : '',
      `${balance}.00`,
    ]);
  }
  return Buffer.from(toCsv(lines));
}

// A killed worker's job is free again after 2 s (its lock lapses) and found within a second.
const spawnWorker = () => spawnWorkerProcess(h, { env: { STATEMENT_JOB_LOCK_MS: '2000', STATEMENT_STALLED_INTERVAL_MS: '1000' } });

const ROWS = 100_000;

test('SIGTERM while a job runs: the job finishes, the process exits 0, and the next worker carries on', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'worker-sigterm');
  const worker = await spawnWorker();
  const id = (await upload(h.svc, full, bigCsv(ROWS), 'big.csv').expect(201)).body.data.id;
  await waitForStatement(h.svc, full, id, (s) => s.status === 'processing' && s.step === 'parse');
  // The statement reaches the parse step when the read job ends, with the parse job only queued: SIGTERM once it runs.
  await waitForActiveJob(h, stepJobId({ statementId: id, step: 'parse', attempt: 1 }));
  worker.child.kill('SIGTERM');
  const exit = await worker.exited;
  expect(exit).toEqual({ code: 0, signal: null });
  expect(worker.output()).toContain('"finished":true');

  // The parse job ran to its end: the rows are staged and the run has moved on; nothing was abandoned half-done.
  const row = await statementRow(h.svc, id);
  expect(stepIndex(row.step as Step)).toBeGreaterThan(stepIndex('parse'));
  expect(row.status).toBe('processing');

  await h.startWorker();
  const done = await waitForStatement(h.svc, full, id);
  expect(done).toMatchObject({ status: 'completed', transaction_count: ROWS, parsed_data: { row_count: ROWS } });
  await h.worker!.close();
});

test('a worker killed in the middle of a job: its job is picked up again after the stalled-job check; rows are stored once', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 'worker-kill');
  const worker = await spawnWorker();
  const id = (await upload(h.svc, full, bigCsv(ROWS), 'big.csv').expect(201)).body.data.id;
  await waitForStatement(h.svc, full, id, (s) => s.status === 'processing' && s.step === 'parse');
  await waitForActiveJob(h, stepJobId({ statementId: id, step: 'parse', attempt: 1 }));
  worker.child.kill('SIGKILL');
  expect((await worker.exited).signal).toBe('SIGKILL');

  const ran: string[] = [];
  await h.startWorker({ beforeStep: async (job: StepJob) => void ran.push(stepJobId(job)) });
  const done = await waitForStatement(h.svc, full, id);
  expect(done).toMatchObject({ status: 'completed', transaction_count: ROWS });
  // The parse job the dead worker held ran again here, from the start.
  expect(ran[0]).toBe(`${id}-parse-1`);
  const total = await request(h.svc.baseUrl).get('/api/v1/transactions?limit=1').set(full.headers).expect(200);
  expect(total.body.page_context.total).toBe(ROWS);
  expect((await statementRow(h.svc, id)).staged).toBe(0);
});
