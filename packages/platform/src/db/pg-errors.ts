/** The SQLSTATE of a Postgres error as pg raises it (`code`), or undefined for anything else. */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function pgErrorMessage(err: unknown): string {
  return (err as { message?: string } | undefined)?.message ?? 'unknown error';
}

export const QUERY_CANCELED = '57014';
export const UNIQUE_VIOLATION = '23505';
export const INVALID_REGULAR_EXPRESSION = '2201B';

/**
 * Whether the database refused a value the request carried: a data exception (SQLSTATE class 22: bad
 * encoding, NUL, out-of-range number or date, malformed text for a type) or a value past one of Postgres's
 * size limits (class 54, e.g. an index row too large). These are the client's input, never our fault.
 */
export function isInputRefusedByDatabase(err: unknown): boolean {
  const code = pgErrorCode(err);
  return code !== undefined && (code.startsWith('22') || code.startsWith('54'));
}

/** Node socket errors and Postgres states that mean "the server is not there right now", not "your query is wrong". */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
/** pg reports a dropped or never-made connection in words only. */
const UNREACHABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether an error means the database could not be reached (down, restarting, refusing connections), along
 * its cause chain. Such a request did not happen: it is a 503 to retry, never a 500 and never a 2xx.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
