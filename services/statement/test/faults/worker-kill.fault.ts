// Issue 10, section 3: the real worker process (src/worker.ts, with its production heap bound) killed with
// SIGKILL in the middle of a job on a large file. Killed once, the statement completes exactly once with no
// duplicate rows after a new worker starts; killed every time it is picked up, it fails with a clear code
// (PROCESSING_FAILED) instead of looping.
import type { ChildProcess } from 'node:child_process';
import { Job, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import { stepJobId } from '../../src/domain/pipeline/jobs';
import {
  PRODUCTION_WORKER_FLAGS,
  REDIS_URL,
  spawnWorkerProcess,
  startPipeline,
  statementRow,
  upload,
  WAIT_MS,
  waitForStatement,
  type PipelineHarness,
} from '../pipeline-helpers';

const ROWS = 60_000;
let h: PipelineHarness;
let key: TestKey;
let connection: Redis;
let queue: Queue;
const children: ChildProcess[] = [];

beforeAll(async () => {
  h = await startPipeline('fault-kill', { worker: false });
  ({ full: key } = await makeOrg(h.svc.deps.platformDb, 'fault-kill'));
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(h.config.queueName, { connection });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await queue.close();
  await connection.quit();
  await h.close();
});

function bigCsv(rows: number, accNo: string): Buffer {
  const lines = [`Account Number : ${accNo}`, '', 'Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  let balance = 0;
  for (let i = 0; i < rows; i++) {
    const amount = (i % 5000) + 1;
    balance += i % 3 === 0 ? amount : -amount;
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`${day}/04/2024,UPI/${i}/MERCHANT ${i % 97}/PAYMENT,${i % 3 === 0 ? '' : `${amount}.00`},${i % 3 === 0 ? `${amount}.00` : ''},${balance}.00`);
  }
  return Buffer.from(lines.join('\n') + '\n');
}

/** The worker as production runs it, on this file's queue; a dead worker's job is free again 2 s later. */
async function spawnWorker(): Promise<ChildProcess> {
  const { child } = await spawnWorkerProcess(h, {
    nodeFlags: PRODUCTION_WORKER_FLAGS,
    env: { STATEMENT_JOB_LOCK_MS: '2000', STATEMENT_STALLED_INTERVAL_MS: '1000' },
  });
  children.push(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

/** How many times a job has been taken by a worker (BullMQ counts it in the job's hash). */
async function attemptsStarted(jobId: string): Promise<number> {
  const job = await Job.fromId(queue, jobId);
  return job?.attemptsStarted ?? 0;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('killed once mid-parse: a new worker completes the statement exactly once, no duplicate rows', async () => {
  const first = await spawnWorker();
  const id = (await upload(h.svc, key, bigCsv(ROWS, '50100044443333'), 'big.csv').expect(201)).body.data.id;
  await waitForStatement(h.svc, key, id, (s) => s.status === 'processing' && s.step === 'parse');
  await kill(first);

  const second = await spawnWorker();
  const done = await waitForStatement(h.svc, key, id);
  expect(done).toMatchObject({ status: 'completed', transaction_count: ROWS });
  const stored = await h.svc.deps.pool.query(
    `SELECT count(*)::int AS n, count(DISTINCT (date, particulars, balance))::int AS distinct_rows FROM statement.transactions WHERE statement_id = $1`,
    [id],
  );
  expect(stored.rows[0]).toEqual({ n: ROWS, distinct_rows: ROWS });
  expect((await statementRow(h.svc, id)).staged).toBe(0);
  await kill(second);
});

test('killed every time it picks the job up: the statement fails with PROCESSING_FAILED instead of looping', async () => {
  const id = (await upload(h.svc, key, bigCsv(ROWS, '50100055556666'), 'crashy.csv').expect(201)).body.data.id;
  const parseJob = stepJobId({ statementId: id, step: 'parse', attempt: 1 });
  let kills = 0;
  for (let round = 0; round < 6; round++) {
    const before = await attemptsStarted(parseJob);
    const worker = await spawnWorker();
    // Either this worker takes the parse job (and dies holding it), or the job has been given up on (BullMQ failed
    // it; if the worker whose stalled-job check did so was the one killed last, the statement is settled by the
    // next worker that starts).
    await until(
      async () =>
        (await attemptsStarted(parseJob)) > before ||
        (await statementRow(h.svc, id)).status === 'failed' ||
        (await Job.fromId(queue, parseJob).then((j) => j?.getState())) === 'failed',
      WAIT_MS,
      'the parse job to be taken',
    ).catch(async (err: Error) => {
      const job = await Job.fromId(queue, parseJob);
      const row = await statementRow(h.svc, id);
      throw new Error(
        `${err.message} (round ${round}, kills ${kills}): job ${job ? `${await job.getState()} ats=${job.attemptsStarted} stc=${job.stalledCounter} failedReason=${job.failedReason}` : 'missing'}; statement ${row.status} at ${row.step} ${JSON.stringify(row.error)}`,
      );
    });
    // A job taken after too many stalls is failed at once by the worker that takes it, which then marks the
    // statement failed: that worker is left alive to finish (killing it in that instant would leave the
    // statement `processing` with its job failed; see the issue 10 report).
    const job = await Job.fromId(queue, parseJob);
    if ((await statementRow(h.svc, id)).status === 'failed' || (job && (await job.getState()) === 'failed')) {
      children.push(worker);
      break;
    }
    await kill(worker);
    kills++;
  }
  // A worker that lives sees the job was abandoned too often and fails the statement (or, starting, finds it failed).
  const survivor = await spawnWorker();
  const settled = await waitForStatement(h.svc, key, id);
  expect(kills).toBeGreaterThanOrEqual(2);
  expect(kills).toBeLessThanOrEqual(4);
  expect(settled).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_FAILED' } });
  expect(settled.transaction_count).toBe(0);
  await kill(survivor);
});
