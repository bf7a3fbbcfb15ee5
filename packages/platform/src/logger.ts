import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Where the logs go by default: stdout, written asynchronously in batches of at least 4 KiB (about fifteen
 * request lines) and at least every 250 ms, instead of one write per line. A CPU profile of the ledger under
 * load, run as `pnpm start` runs it (logs on a terminal), showed a write per request line competing with the
 * requests themselves: on a terminal every write also wakes the terminal's reader. pino flushes the buffer
 * synchronously when the process exits (fatal errors and handled signals included); a process killed outright
 * (SIGKILL, the kernel's out-of-memory killer) loses at most its last 250 ms of lines.
 */
function stdoutDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 } as Parameters<typeof pino.destination>[0]);
}

/** Structured JSON logs on stdout. Headers and bodies are never logged, so secrets and passwords cannot leak. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime }, destination ?? stdoutDestination());
}
