import { loadPipelineConfig } from '../src/domain/pipeline/config';
import { nextStep, STEPS, stepJobId } from '../src/domain/pipeline/jobs';
import { accountName } from '../src/domain/pipeline/steps';

test('pipeline settings: defaults, overrides, and refusals that stop the process before it starts', () => {
  expect(loadPipelineConfig({})).toEqual({
    queueName: 'statement-processing',
    workerPort: 4013,
    concurrency: 2,
    jobAttempts: 5,
    jobBackoffMs: 2_000,
    lockDurationMs: 30_000,
    stalledIntervalMs: 30_000,
    shutdownTimeoutMs: 25_000,
    queuedSweepMs: 30_000,
  });
  expect(loadPipelineConfig({ STATEMENT_QUEUE: ' ingest-eu ', WORKER_PORT: '0', STATEMENT_WORKER_CONCURRENCY: '4' })).toMatchObject({
    queueName: 'ingest-eu',
    workerPort: 0,
    concurrency: 4,
  });
  expect(() => loadPipelineConfig({ STATEMENT_QUEUE: 'a:b' })).toThrow(/cannot contain ':'/);
  expect(() => loadPipelineConfig({ STATEMENT_JOB_ATTEMPTS: '0' })).toThrow(/STATEMENT_JOB_ATTEMPTS/);
  expect(() => loadPipelineConfig({ WORKER_PORT: '12.5' })).toThrow(/WORKER_PORT/);
  expect(() => loadPipelineConfig({ STATEMENT_SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/STATEMENT_SHUTDOWN_TIMEOUT_MS/);
  expect(loadPipelineConfig({ STATEMENT_QUEUED_SWEEP_MS: '0' }).queuedSweepMs).toBe(0);
  expect(() => loadPipelineConfig({ STATEMENT_QUEUED_SWEEP_MS: '-1' })).toThrow(/STATEMENT_QUEUED_SWEEP_MS/);
});

test('job ids: (statement, step, run), never a colon (BullMQ refuses them in custom ids)', () => {
  const id = stepJobId({ statementId: '01938f4e-0000-7000-8000-000000000001', step: 'detect_account', attempt: 3 });
  expect(id).toBe('01938f4e-0000-7000-8000-000000000001-detect_account-3');
  expect(id).not.toContain(':');
  expect(STEPS.map(nextStep)).toEqual(['parse', 'detect_account', 'categorize', null]);
});

test('a detected account is named from the file: the bank where known, Card for a card, and the last four digits (contract 6 as extended)', () => {
  expect(accountName('50100012345678')).toBe('Account ••5678');
  expect(accountName('XXXX XXXX 1234')).toBe('Account ••1234');
  expect(accountName('0012-3456-78')).toBe('Account ••5678');
  expect(accountName('12')).toBe('Account ••12');
  expect(accountName('ABCDEF')).toBe('Account ••CDEF');
  expect(accountName('1233 26XX XXXX 2231', { category: 'credit_card' })).toBe('Card ••2231');
  expect(accountName('50100012345678', { bank: 'HDFC Bank', category: 'bank' })).toBe('HDFC Bank ••5678');
  expect(accountName('5488-2926-6730-9473', { bank: 'DBS Bank', category: 'credit_card' })).toBe('DBS Bank Card ••9473');
});
