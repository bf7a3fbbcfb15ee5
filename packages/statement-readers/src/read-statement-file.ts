import { readCsvStatement } from './csv-reader';
import { detectFileType } from './detect';
import { parseFailed, StatementFileError } from './errors';
import { checkExcelPassword, openExcel, readExcelStatement } from './excel-reader';
import { readStructuredStatement } from './formats';
import { integrityReport } from './integrity';
import { READ_AS_FIGURES } from './table';
import { checkPdfPassword, openPdf, readPdfStatement, type PdfReadOptions } from './pdf-reader';
import type { ParsedStatement, PasswordCheck, ReaderOutput, StatementFileType } from './types';

export interface ReadStatementInput {
  buffer: Buffer;
  fileName: string;
  /** For a protected PDF or workbook; ignored for text formats (which cannot carry one) and an unprotected file. */
  password?: string;
  pdf?: PdfReadOptions;
}

/**
 * Reads a statement file into rows in milli-units, with the lines it skipped (warnings) and the check of the rows
 * against the bank's own arithmetic (integrity). Expected failures are StatementFileError with the contract's
 * codes (PASSWORD_REQUIRED, WRONG_PASSWORD, UNSUPPORTED_FILE, PARSE_FAILED); anything else thrown is a fault of
 * this process (out of memory, a bug), not of the file.
 */
export async function readStatementFile(input: ReadStatementInput): Promise<ParsedStatement> {
  const fileType = detectFileType(input.buffer, input.fileName);
  const password = input.password === '' ? undefined : input.password;
  const read = await readAs(fileType, input.buffer, password, input.pdf);
  // Lines that could have been transactions and were not read (a balance or total line is read, as what it is).
  const unread = read.warnings.filter((w) => w.position !== 'file' && !w.reason.endsWith(READ_AS_FIGURES));
  if (read.rows.length === 0 && unread.length > 0) {
    // Every candidate line was skipped: nothing of the file was read, which is a failure, not an empty statement.
    const first = unread.slice(0, 3).map((w) => `${w.position}: ${w.reason}`);
    throw parseFailed(`no transaction could be read (${unread.length} line${unread.length === 1 ? '' : 's'} skipped; ${first.join('; ')})`);
  }
  return { fileType, ...read, integrity: integrityReport(read.rows, read.printed, read.warnings) };
}

function readAs(fileType: StatementFileType, buffer: Buffer, password: string | undefined, pdf: PdfReadOptions | undefined): Promise<ReaderOutput> {
  switch (fileType) {
    case 'csv':
      return readCsvStatement(buffer);
    case 'excel':
      return readExcelStatement(buffer, password);
    case 'pdf':
      return readPdfStatement(buffer, password, pdf);
    default:
      return readStructuredStatement(buffer, fileType);
  }
}

/**
 * Whether `password` opens the stored file: `ok`, `wrong`, or `not_protected` (the file opens without one).
 * The recovery endpoint calls it before saving a password. A CSV cannot carry a password: UNSUPPORTED_FILE.
 */
export async function checkPassword(buffer: Buffer, fileType: StatementFileType, password: string, pdf?: PdfReadOptions): Promise<PasswordCheck> {
  if (password === '') return 'wrong';
  switch (fileType) {
    case 'pdf':
      return checkPdfPassword(buffer, password, pdf);
    case 'excel':
      return checkExcelPassword(buffer, password);
    default:
      throw new StatementFileError('UNSUPPORTED_FILE', `a ${fileType === 'csv' ? 'CSV' : fileType.toUpperCase()} file cannot carry a password`);
  }
}

/**
 * Opens a stored statement file as its recorded type, with the password where it is protected, without reading
 * its rows (the pipeline's read_file step): PASSWORD_REQUIRED, WRONG_PASSWORD or UNSUPPORTED_FILE / PARSE_FAILED
 * when it cannot be opened. A CSV needs no opening beyond its type check.
 */
export async function openStatementFile(buffer: Buffer, fileName: string, password?: string, pdf?: PdfReadOptions): Promise<StatementFileType> {
  const fileType = detectFileType(buffer, fileName);
  const given = password === '' ? undefined : password;
  if (fileType === 'excel') await openExcel(buffer, given);
  else if (fileType === 'pdf') await openPdf(buffer, given, pdf);
  return fileType;
}
