/**
 * The statement pipeline's vocabulary: its steps in order, what a job carries, how job ids are made, and the
 * queue the steps are written to. Shared by the HTTP service (which queues the first step of a run) and the
 * worker (which runs the steps).
 */
import type { PipelineConfig } from './config';
import { STATEMENT_STEPS, type StatementStep } from '../../views/statements';

/** The steps in order; a statement's `step` in the API is one of them. */
export const STEPS = STATEMENT_STEPS;
export type Step = StatementStep;

/** What a job carries: never a password, a file or a row, only which statement, which step, which run. */
export interface StepJob {
  statementId: string;
  orgId: string;
  step: Step;
  /** The statement's run number (statements.attempt) this job belongs to. */
  attempt: number;
}

export const stepIndex = (step: Step): number => STEPS.indexOf(step);

export function nextStep(step: Step): Step | null {
  return STEPS[stepIndex(step) + 1] ?? null;
}

/**
 * (statement, step, run): BullMQ ignores an add whose id it already holds, so a double click or a retried
 * request cannot queue a step twice, and a recovery (a new run) gets ids of its own. BullMQ ids cannot hold ':'.
 */
export function stepJobId(job: Pick<StepJob, 'statementId' | 'step' | 'attempt'>): string {
  return `${job.statementId}-${job.step}-${job.attempt}`;
}

/** Adds step jobs to the statement queue: the HTTP service queues a run's first step, the worker each next one. */
export interface StepQueue {
  /** Queues the job and returns its id; adding an id the queue already holds changes nothing. */
  enqueue(job: StepJob): Promise<string>;
}

/** What the worker asks of the queue besides adding jobs. */
export interface StepJobHistory {
  /** Why the queue failed this step job, or null when it holds no failed job for it. */
  failedReason(job: StepJob): Promise<string | null>;
}

/** How the queue treats a step job: its id, its tries and their backoff, and how long it is kept. */
export interface StepJobOptions {
  jobId: string;
  attempts: number;
  backoff: { type: 'exponential'; delay: number };
  removeOnComplete: { age: number; count: number };
  removeOnFail: { age: number };
}

export function stepJobOptions(config: Pick<PipelineConfig, 'jobAttempts' | 'jobBackoffMs'>, job: StepJob): StepJobOptions {
  return {
    jobId: stepJobId(job),
    attempts: config.jobAttempts,
    backoff: { type: 'exponential', delay: config.jobBackoffMs },
    // Kept long enough to inspect, bounded so Redis does not grow with every statement ever processed.
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}
