/**
 * Statement ingestion building blocks: reading statement files (CSV, XLSX, PDF) into rows in milli-units,
 * checking passwords and the rows against the bank's own arithmetic.
 */
export type { ParsedStatement, StatementRow, StatementFileType, PasswordCheck, IsoDate, ReadWarning, ReaderOutput, PrintedFigures } from './types';
export { STATEMENT_FILE_TYPES } from './types';
export { integrityReport, balancesOwed, checkBalanceChain, describeIntegrityProblems, type IntegrityReport, type BalanceChain } from './integrity';
export { StatementFileError, type StatementFileErrorCode } from './errors';
export { readStatementFile, checkPassword, openStatementFile, type ReadStatementInput } from './read-statement-file';
export { detectFileType, SUPPORTED_FILES_HELP } from './detect';
export { FORMATS, type StatementFormat } from './registry';
export { BANK_PROFILES } from './profiles/banks';
export type { BankProfile } from './profiles/profile';
export type { PdfReadOptions } from './pdf-reader';
export { readAmountText, readAmountNumber, AmountFormatError, MAX_ROW_MILLI } from './amounts';
export { MAX_STATEMENT_ROWS } from './table';
export { readDateText, DateFormatError } from './dates';
export {
  readGrid,
  readWithMapping,
  gridText,
  isMappable,
  isLayoutFailure,
  candidateFingerprints,
  mappingFingerprint,
  layoutFacts,
  mappedDate,
  mappedColumns,
  MAPPABLE_FILE_TYPES,
  DATE_ORDERS,
  DECIMAL_SEPARATORS,
  AMOUNT_SIGNS,
  PREVIEW_LINES,
  MAX_LAYOUT_COLUMNS,
  type ReadingMapping,
  type MappingColumns,
  type StatementGrid,
  type MappableFileType,
} from './mapping';
export { layoutPreview, undecidedOf, looksLikeHeader, COLUMN_ROLES, type LayoutPreview, type Undecided, type ColumnRole } from './preview';
export { normaliseHeader } from './header';
