/**
 * The SQLSTATE of a Postgres error, whichever way it surfaced: through Prisma's raw-query pipeline (P2010 with
 * meta.driverAdapterError), as the driver adapter's own error, or straight from pg.
 */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as {
    code?: string;
    cause?: { originalCode?: string; code?: string };
    meta?: { code?: string; driverAdapterError?: { cause?: { originalCode?: string; code?: string } } };
  };
  return (
    e?.meta?.driverAdapterError?.cause?.originalCode ??
    e?.meta?.driverAdapterError?.cause?.code ??
    e?.cause?.originalCode ??
    e?.meta?.code ??
    (typeof e?.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined)
  );
}

export function pgErrorMessage(err: unknown): string {
  const e = err as { cause?: { originalMessage?: string }; meta?: { driverAdapterError?: { cause?: { originalMessage?: string } } }; message?: string };
  return e?.meta?.driverAdapterError?.cause?.originalMessage ?? e?.cause?.originalMessage ?? e?.message ?? 'unknown error';
}

export const QUERY_CANCELED = '57014';
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const INVALID_REGULAR_EXPRESSION = '2201B';

/**
 * Prisma's own codes for a value the database refused: too long for its column (P2000), of the wrong type
 * or out of range (P2005, P2006, P2007, P2020, P2033).
 */
const PRISMA_VALUE_ERRORS = new Set(['P2000', 'P2005', 'P2006', 'P2007', 'P2020', 'P2033']);

/**
 * Whether the database refused a value the request carried: a data exception (SQLSTATE class 22: bad
 * encoding, NUL, out-of-range number or date, malformed text for a type) or a value past one of Postgres's
 * size limits (class 54, e.g. an index row too large). These are the client's input, never our fault.
 */
export function isInputRefusedByDatabase(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (code.startsWith('22') || code.startsWith('54'))) return true;
  const prismaCode = (err as { code?: unknown })?.code;
  return typeof prismaCode === 'string' && PRISMA_VALUE_ERRORS.has(prismaCode);
}

/** Node socket errors and Postgres states that mean "the server is not there right now", not "your query is wrong". */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300']);
/** The driver adapter's names for the same, and Prisma's (P1001 unreachable, P1017 closed, P2024 pool timeout). */
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'P1001', 'P1017', 'P2024']);
/** pg reports a dropped or never-made connection in words only. */
const UNREACHABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether an error means the database could not be reached (down, restarting, refusing connections), along
 * its cause chain. Such a request did not happen: it is a 503 to retry, never a 500 and never a 2xx.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  let e = err as { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || UNREACHABLE_KINDS.has(e.code))) return true;
    if (typeof e.originalCode === 'string' && UNREACHABLE_CODES.has(e.originalCode)) return true;
    if (typeof e.kind === 'string' && UNREACHABLE_KINDS.has(e.kind)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
