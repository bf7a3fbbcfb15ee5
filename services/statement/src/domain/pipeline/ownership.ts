import { withTransaction } from '@finance/platform';
import type { Db, Tx } from '../../data-access/db';
import * as pipeline from '../../data-access/pipeline.repo';
import { lockStatement } from '../../data-access/statements.repo';
import type { StatementStatus } from '../../views/statements';
import { stepIndex, type Step, type StepJob } from './jobs';

/**
 * A job owns its statement while the statement is in the job's run and at the job's step. Every state change
 * takes the statement's lock and checks that first, so a job re-run after a crash, or one left over from a
 * superseded run, can never write.
 */

/** What a job finds when it starts. */
export type Claim =
  | { kind: 'claimed'; statement: pipeline.PipelineStatement }
  /** The statement does not exist (its upload rolled back) or is in another run: nothing to do. */
  | { kind: 'gone' | 'superseded' }
  /** The run already ended (completed, failed or stalled). */
  | { kind: 'settled'; status: StatementStatus }
  /** The step is done and the run has moved on (a job re-run after a crash): the current step's job must exist. */
  | { kind: 'behind'; step: Step };

/** The job no longer owns the statement: a newer run started, or the state moved under it. */
export class SupersededError extends Error {
  override readonly name = 'SupersededError';
}

export async function claimStep(db: Db, job: StepJob): Promise<Claim> {
  return withTransaction(db, async (tx) => {
    await lockStatement(tx, job.statementId);
    const statement = await pipeline.findPipelineStatement(tx, job.statementId);
    if (!statement || statement.orgId !== job.orgId) return { kind: 'gone' };
    if (statement.attempt !== job.attempt) return { kind: 'superseded' };
    if (statement.status !== 'queued' && statement.status !== 'processing') return { kind: 'settled', status: statement.status };
    const at = statement.step ?? 'read_file';
    if (stepIndex(at) > stepIndex(job.step)) return { kind: 'behind', step: at };
    if (stepIndex(at) < stepIndex(job.step)) return { kind: 'superseded' };
    await pipeline.markProcessing(tx, job.statementId, job.step);
    return { kind: 'claimed', statement: { ...statement, status: 'processing', step: job.step } };
  });
}

/**
 * Runs `fn` under the statement's lock if the job still owns it: same run, at the job's step, processing (or
 * also still queued, for settling a job that failed before it could claim the statement).
 */
export async function whileOwned<T>(
  db: Db,
  job: StepJob,
  fn: (tx: Tx, statement: pipeline.PipelineStatement) => Promise<T>,
  statuses: StatementStatus[] = ['processing'],
): Promise<T> {
  return withTransaction(db, async (tx) => {
    await lockStatement(tx, job.statementId);
    const statement = await pipeline.findPipelineStatement(tx, job.statementId);
    if (!statement || statement.attempt !== job.attempt || !statuses.includes(statement.status) || (statement.step ?? 'read_file') !== job.step) {
      throw new SupersededError(`statement ${job.statementId} is no longer at ${job.step} in run ${job.attempt}`);
    }
    return fn(tx, statement);
  });
}
