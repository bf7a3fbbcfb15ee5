/**
 * Expected failures of reading a statement file. The codes are the contract's stall and failure codes
 * (section 6): the pipeline stalls a statement on PASSWORD_REQUIRED / WRONG_PASSWORD (a person must act) and
 * fails it on UNSUPPORTED_FILE / PARSE_FAILED (no retry can fix the file). Messages are written for the
 * person who uploaded the file: they name the line and the reason, never the password.
 */
export type StatementFileErrorCode = 'PASSWORD_REQUIRED' | 'WRONG_PASSWORD' | 'UNSUPPORTED_FILE' | 'PARSE_FAILED';

export class StatementFileError extends Error {
  override readonly name = 'StatementFileError';

  constructor(
    readonly code: StatementFileErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** True for the codes where the statement waits for a person (a password) rather than failing. */
  get needsPassword(): boolean {
    return this.code === 'PASSWORD_REQUIRED' || this.code === 'WRONG_PASSWORD';
  }
}

export const parseFailed = (message: string) => new StatementFileError('PARSE_FAILED', message);
export const unsupportedFile = (message: string) => new StatementFileError('UNSUPPORTED_FILE', message);
