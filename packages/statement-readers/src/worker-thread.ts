import { Worker } from 'node:worker_threads';
import { parseFailed, type StatementFileError } from './errors';

/**
 * The readers' heavy or ESM-only libraries (pdfjs-dist, SheetJS, officecrypto-tool's key derivation) run in a
 * worker thread: off the event loop a BullMQ worker needs for lock renewal, under a wall-clock bound and, where
 * given, a heap bound, so a pathological file costs one thread, never the process.
 */
export interface WorkerBounds {
  timeoutMs: number;
  /** The thread's old-generation heap, in MB; unbounded when absent. */
  maxHeapMb?: number;
}

/** The thread's first message, or why there was none: it ran out of time or memory, threw, or exited. */
export type WorkerOutcome<T> =
  | { kind: 'reply'; reply: T }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'out_of_memory' }
  | { kind: 'error'; error: Error }
  | { kind: 'exit'; code: number };

/** Runs `file` once with `workerData` and settles on the first event; the thread is always terminated. */
export function runWorkerOnce<T>(file: string, workerData: unknown, bounds: WorkerBounds): Promise<WorkerOutcome<T>> {
  return new Promise((resolve) => {
    const worker = new Worker(file, {
      workerData,
      // The thread files are plain JavaScript: none of the process's own flags (`--import tsx` under `pnpm start`,
      // whose loader then starts in every thread) are needed there. Measured on Node 24: a 2,000-row PDF read
      // peaked at 471 MB of process RSS and took 1.3 s with them, 224-231 MB and 0.5 s without.
      execArgv: [],
      ...(bounds.maxHeapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: bounds.maxHeapMb } }),
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (outcome: WorkerOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ kind: 'timeout', timeoutMs: bounds.timeoutMs }), bounds.timeoutMs);
    worker.once('message', (reply: T) => settle({ kind: 'reply', reply }));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'out_of_memory' } : { kind: 'error', error }),
    );
    worker.once('exit', (code) => settle({ kind: 'exit', code }));
  });
}

/** A reader thread that gave no reply, as the PARSE_FAILED a person reads: `what` names the file ("PDF", "workbook"). */
export function readerThreadFailure(outcome: Exclude<WorkerOutcome<unknown>, { kind: 'reply' }>, what: string, tooLargeHelp = ''): StatementFileError {
  switch (outcome.kind) {
    case 'timeout':
      return parseFailed(
        `the ${what} could not be read within ${outcome.timeoutMs >= 1000 ? `${Math.round(outcome.timeoutMs / 1000)} s` : `${outcome.timeoutMs} ms`}`,
      );
    case 'out_of_memory':
      return parseFailed(`the ${what} is too large to read (it does not fit the reader's memory bound)${tooLargeHelp}`);
    case 'error':
      return parseFailed(`the ${what} could not be read: ${outcome.error.message}`);
    case 'exit':
      return parseFailed(`the ${what} reader stopped unexpectedly (exit code ${outcome.code})`);
  }
}
