/**
 * The statement pipeline's vocabulary: its steps in order, what a job carries, and how job ids are made.
 * Shared by the HTTP service (which queues the first step of a run) and the worker (which runs the steps).
 */
export const STEPS = ['read_file', 'parse', 'detect_account', 'categorize'] as const;
export type Step = (typeof STEPS)[number];

export const STATEMENT_STATUSES = ['queued', 'processing', 'stalled', 'completed', 'failed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

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
