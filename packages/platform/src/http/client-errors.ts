import type { Request } from 'express';
import multer from 'multer';
import { IDLE_IN_TRANSACTION_TIMEOUT, isDatabaseUnreachable, isInputRefusedByDatabase, pgErrorCode } from '../db/pg-errors';
import { AppError, NotFoundError, ValidationError } from '../errors';

/**
 * Errors thrown by the libraries under the app that are the client's doing, as the contract's errors: a
 * path the router cannot percent-decode, a multipart body multer or busboy refused, and a value the
 * database refused. Everything else stays a fault (500). Returns undefined for errors that are not the
 * client's.
 */
export function clientErrorOf(err: unknown, req: Request): AppError | undefined {
  if (err instanceof AppError) return err;
  // The router decodes path parameters itself and throws a URIError (status 400) when one is not valid
  // percent-encoded UTF-8: such a segment names no record, so it is a 404 like any malformed id.
  if (err instanceof URIError) return new NotFoundError(`${req.path}: the path is not valid percent-encoded UTF-8 and names no record`);
  if (err instanceof multer.MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'PAYLOAD_TOO_LARGE', `${err.field ?? 'file'}: larger than the upload limit`);
    if (err.code === 'LIMIT_UNEXPECTED_FILE') return ValidationError.field(err.field ?? 'body', 'unexpected file: send one file, in the documented field');
    return ValidationError.field(err.field ?? 'body', err.message.toLowerCase());
  }
  if (err instanceof Error && /^(Unexpected end of form|Malformed part header|Multipart: Boundary not found|Malformed urlencoded form)/.test(err.message)) {
    return ValidationError.field('body', 'malformed multipart/form-data');
  }
  if (isInputRefusedByDatabase(err)) {
    const code = pgErrorCode(err);
    return new ValidationError(
      `a value in the request cannot be stored or compared by the database${code ? ` (SQLSTATE ${code})` : ''}: check text for NUL characters, and numbers, dates and lengths for their ranges`,
    );
  }
  return undefined;
}

/** Seconds a client should wait before retrying while the database is unreachable. */
const RETRY_AFTER_SECONDS = 1;

export interface OutageContext {
  /** A commit of the request's was on its way when the connection was lost (CommitWatch): it may have happened. */
  commitInDoubt: boolean;
  /** The request carried an Idempotency-Key on a route that honours it: a retry with it is safe whatever happened. */
  keyed: boolean;
}

const retryLater = (error: AppError): AppError => Object.assign(error, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });

/**
 * A dependency outage, as the contract's error, with Retry-After, so clients retry instead of treating it as a bug:
 * - 503 OUTCOME_UNKNOWN when the connection was lost after a commit was sent: the write may have been done, and
 *   only a retry with the same Idempotency-Key (which replays the first answer, or does it now) is safe blindly;
 * - 503 NOT_READY when nothing was done: the database could not be reached before anything was committed (as
 *   /readyz says at the same moment), or it ended the request's transaction, idle past the key's lease (a process
 *   frozen or starved mid-request), which rolls it back.
 * Returns undefined for anything else.
 */
export function outageErrorOf(err: unknown, context: OutageContext = { commitInDoubt: false, keyed: false }): AppError | undefined {
  const lostLease = pgErrorCode(err) === IDLE_IN_TRANSACTION_TIMEOUT;
  if (!lostLease && !isDatabaseUnreachable(err)) return undefined;
  if (context.commitInDoubt) {
    const advice = context.keyed
      ? 'retrying with the same Idempotency-Key is safe: it answers as the first request did if it was done, or does it now'
      : 'check whether it was done before retrying (send an Idempotency-Key to make such a retry safe)';
    return retryLater(
      new AppError(
        503,
        'OUTCOME_UNKNOWN',
        `the connection to the database was lost after the request's commit was sent: it may or may not have been done; ${advice}`,
      ),
    );
  }
  if (lostLease) {
    return retryLater(
      new AppError(
        503,
        'NOT_READY',
        'the request was paused longer than its hold on the database allows and its transaction was ended; nothing was done, retry shortly',
      ),
    );
  }
  return retryLater(new AppError(503, 'NOT_READY', 'the database could not be reached; nothing was done, retry shortly'));
}
