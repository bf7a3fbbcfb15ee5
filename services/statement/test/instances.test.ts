// Issue 20: two statement instances and three workers on one Postgres and one Redis: a statement is processed once,
// and the start-up sweep of abandoned statements settles each once when the workers start together.
import { Redis } from 'ioredis';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { makeOrg, type TestService } from '@finance/platform/testing';
import { stepJobId, type StepJob } from '../src/domain/pipeline/jobs';
import { createdLogger, LogSink, REDIS_URL, startPipeline, upload, WAIT_MS, waitForStatement, type PipelineHarness } from './pipeline-helpers';
import { hdfcCsv } from '@finance/statement-readers/testing';

describe('two statement instances and three workers', () => {
  let h: PipelineHarness;
  let second: TestService;
  beforeAll(async () => {
    h = await startPipeline('instances', { worker: false });
    second = await h.startVariant({});
  });
  afterAll(async () => {
    await h.close();
  });

  test('statements uploaded to both are each processed once, every step run by one worker', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'instances-stmt');
    const runs: string[] = [];
    const record = async (job: StepJob) => {
      runs.push(stepJobId(job));
    };
    await Promise.all([1, 2, 3].map(() => h.startWorker({ beforeStep: record })));
    const rows = (n: number) =>
      Array.from({ length: 3 }, (_, i) => ({
        date: `0${i + 1}/04/24`,
        particulars: `UPI/${n}-${i}/SHOP`,
        withdrawal: `${i + 1}.00`,
        deposit: '',
        balance: `${10_000 - ((i + 1) * (i + 2)) / 2}.00`,
      }));
    const ids = await Promise.all(
      Array.from({ length: 8 }, async (_, n) => {
        const svc = n % 2 === 0 ? h.svc : second;
        return (await upload(svc, full, hdfcCsv(rows(n), { accNo: `5010001234${String(n).padStart(4, '0')}` }), `s${n}.csv`).expect(201)).body.data
          .id as string;
      }),
    );
    for (const id of ids) expect(await waitForStatement(h.svc, full, id)).toMatchObject({ status: 'completed', transaction_count: 3 });
    const ours = runs.filter((r) => ids.some((id) => r.startsWith(id)));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.filter((r, i) => ours.indexOf(r) !== i)).toEqual([]);
  });

  test('the start-up sweep of abandoned statements, in three workers starting at once, settles each statement once', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 'instances-abandoned');
    const queueName = `${h.config.queueName}-abandoned`;
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(queueName, { connection });
    const ids: string[] = [];
    // Statements a dead worker left at parse, their jobs failed in BullMQ (as after "stalled more than allowable limit").
    for (let n = 0; n < 4; n++) {
      const id = (
        await upload(
          h.svc,
          full,
          hdfcCsv([{ date: '01/04/24', particulars: `UPI/${n}/X`, withdrawal: '1.00', deposit: '', balance: '9999.00' }]),
          `a${n}.csv`,
        ).expect(201)
      ).body.data.id;
      await waitForStatement(h.svc, full, id);
      await h.svc.deps.pool.query(`UPDATE statement.statements SET status = 'processing', step = 'parse', error = NULL, attempt = 7 WHERE id = $1`, [id]);
      const job: StepJob = { statementId: id, orgId: org.id, step: 'parse', attempt: 7 };
      await queue.add('parse', job, { jobId: stepJobId(job), attempts: 1 });
      ids.push(id);
    }
    const failerConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const failer = new Worker(queueName, async () => Promise.reject(new UnrecoverableError('job stalled more than allowable limit')), {
      connection: failerConnection,
    });
    const deadline = Date.now() + WAIT_MS;
    while (((await queue.getJobCounts('failed')).failed ?? 0) < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await failer.close();
    await failerConnection.quit();
    expect((await queue.getJobCounts('failed')).failed).toBe(ids.length);

    const next = await startPipeline('instances-abandoned', { worker: false, config: { queueName } });
    const sinks = [new LogSink(), new LogSink(), new LogSink()];
    try {
      await Promise.all(sinks.map((sink) => next.startWorker({ logger: createdLogger(sink, 'statement-worker') })));
      for (const id of ids) {
        const row = (await h.svc.deps.pool.query(`SELECT status, error FROM statement.statements WHERE id = $1`, [id])).rows[0];
        expect(row).toMatchObject({ status: 'failed', error: { code: 'PROCESSING_FAILED' } });
      }
      const settled = sinks.flatMap((sink) =>
        sink.lines.filter((l) => l.includes('abandoned statement marked failed')).map((l) => JSON.parse(l).statement_id as string),
      );
      expect(settled.sort()).toEqual([...ids].sort());
    } finally {
      await next.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await connection.quit();
    }
  });
});
