/**
 * Postgres's errors as they reach a service through its Prisma Client and the pg driver adapter: a
 * PrismaClientKnownRequestError with a Prisma code (P2002 for a unique violation, P2034 for a write conflict) or,
 * for raw queries, P2010 carrying the adapter's DriverAdapterError, whose cause holds the SQLSTATE
 * (`originalCode`, or `code` for the kinds the adapter does not name); or a pg error itself (its `code`).
 * The readers below see through all of these, so the mapping to 4xx and 503 does not depend on the path.
 */
interface ErrorLike {
  code?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: unknown; code?: unknown; message?: unknown };
  cause?: unknown;
  name?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Prisma's codes for what Postgres names by SQLSTATE (model methods answer these instead of the SQLSTATE). */
const PRISMA_TO_SQLSTATE: Record<string, string> = { P2002: '23505', P2003: '23503', P2011: '23502', P2034: '40001', P2000: '22001', P2020: '22003' };

/** The adapter's description of a driver error: `{ kind, originalCode?, code?, originalMessage?, message? }`. */
function adapterCause(err: ErrorLike | undefined): (ErrorLike & { originalCode?: unknown; originalMessage?: unknown; kind?: unknown }) | undefined {
  const adapterError = (err?.name === 'DriverAdapterError' ? err : (err?.meta?.driverAdapterError as ErrorLike | undefined)) as ErrorLike | undefined;
  return adapterError?.cause as ReturnType<typeof adapterCause>;
}

/** The SQLSTATE of a Postgres error, through Prisma's wrapping, or undefined for anything else. */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as ErrorLike | undefined;
  const cause = adapterCause(e);
  for (const candidate of [cause?.originalCode, cause?.code, e?.code]) {
    if (typeof candidate === 'string' && SQLSTATE.test(candidate)) return candidate;
  }
  if (cause?.kind === 'TransactionWriteConflict') return '40001';
  if (typeof e?.code === 'string' && e.code in PRISMA_TO_SQLSTATE) return PRISMA_TO_SQLSTATE[e.code];
  return undefined;
}

/** Postgres's own words for an error, through Prisma's wrapping. */
export function pgErrorMessage(err: unknown): string {
  const e = err as ErrorLike | undefined;
  const cause = adapterCause(e);
  const text = cause?.originalMessage ?? cause?.message ?? e?.message;
  return typeof text === 'string' ? text : 'unknown error';
}

export const QUERY_CANCELED = '57014';
/** Postgres ended a session left idle inside its transaction (idle_in_transaction_session_timeout): rolled back. */
export const IDLE_IN_TRANSACTION_TIMEOUT = '25P03';
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
/** Prisma's codes for the same: cannot reach, timed out, connection closed, no connection from the pool in time. */
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** The driver adapter's kinds for the same. */
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** pg reports a dropped or never-made connection in words only, and Prisma may carry those words in its own message. */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|Can't reach database server)/;

/**
 * Whether an error means the database could not be reached (down, restarting, refusing connections), along
 * its cause chain. Such a request did not happen: it is a 503 to retry, never a 500 and never a 2xx.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  let e = err as ErrorLike | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || UNREACHABLE_PRISMA_CODES.has(e.code))) return true;
    const cause = adapterCause(e);
    if (typeof cause?.kind === 'string' && UNREACHABLE_KINDS.has(cause.kind)) return true;
    if (typeof cause?.originalCode === 'string' && UNREACHABLE_CODES.has(cause.originalCode)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    e = (e.cause ?? e.meta?.driverAdapterError) as ErrorLike | undefined;
  }
  return false;
}
