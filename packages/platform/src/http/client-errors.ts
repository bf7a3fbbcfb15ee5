import type { Request } from 'express';
import multer from 'multer';
import { isDatabaseUnreachable, isInputRefusedByDatabase, pgErrorCode } from '../db/pg-errors';
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

/**
 * A dependency outage, as the contract's error: the database not answering is a 503 NOT_READY (as /readyz
 * says at the same moment) with Retry-After, so clients retry instead of treating it as a bug. Returns
 * undefined for anything else.
 */
export function outageErrorOf(err: unknown): AppError | undefined {
  if (!isDatabaseUnreachable(err)) return undefined;
  const error = new AppError(503, 'NOT_READY', 'the database could not be reached; nothing was done, retry shortly');
  return Object.assign(error, { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } });
}
