/**
 * Statement ingestion building blocks: reading statement files (CSV, XLSX, PDF) into rows in milli-units,
 * checking passwords, storing uploaded files, and keeping passwords encrypted at rest.
 */
export type { ParsedStatement, StatementRow, StatementFileType, PasswordCheck, IsoDate, ReadWarning, ReaderOutput, PrintedFigures } from './types';
export { STATEMENT_FILE_TYPES } from './types';
export { integrityReport, checkBalanceChain, describeIntegrityProblems, type IntegrityReport, type BalanceChain } from './integrity';
export { StatementFileError, type StatementFileErrorCode } from './errors';
export { readStatementFile, checkPassword, openStatementFile, type ReadStatementInput } from './read-statement-file';
export { detectFileType, SUPPORTED_FILES_HELP } from './detect';
export type { PdfReadOptions } from './pdf-reader';
export { readAmountText, readAmountNumber, AmountFormatError, MAX_ROW_MILLI } from './amounts';
export { MAX_STATEMENT_ROWS } from './table';
export { readDateText, DateFormatError } from './dates';
export {
  type FileStore,
  type FileStoreConfig,
  type S3FileStoreConfig,
  LocalFileStore,
  S3FileStore,
  FileStoreUnavailableError,
  FileAlreadyStoredError,
  createFileStore,
  loadFileStoreConfig,
  statementFileKey,
  assertSafeKey,
  DEFAULT_FILES_DIR,
} from './file-store';
export { encryptSecret, decryptSecret, loadSecretKey, SecretDecryptionError, SECRET_KEY_BYTES, type SecretKeyConfig } from './secret-box';
