import { readCsvStatement } from './csv-reader';
import { detectFileType } from './detect';
import { StatementFileError } from './errors';
import { checkExcelPassword, openExcel, readExcelStatement } from './excel-reader';
import { checkPdfPassword, openPdf, readPdfStatement, type PdfReadOptions } from './pdf-reader';
import type { ParsedStatement, PasswordCheck, StatementFileType } from './types';

export interface ReadStatementInput {
  buffer: Buffer;
  fileName: string;
  /** For a protected PDF or XLSX; ignored for a CSV (which cannot carry one) and an unprotected file. */
  password?: string;
  pdf?: PdfReadOptions;
}

/**
 * Reads a statement file into rows in milli-units. Expected failures are StatementFileError with the
 * contract's codes (PASSWORD_REQUIRED, WRONG_PASSWORD, UNSUPPORTED_FILE, PARSE_FAILED); anything else thrown
 * is a fault of this process (out of memory, a bug), not of the file.
 */
export async function readStatementFile(input: ReadStatementInput): Promise<ParsedStatement> {
  const fileType = detectFileType(input.buffer, input.fileName);
  const password = input.password === '' ? undefined : input.password;
  const read =
    fileType === 'csv'
      ? await readCsvStatement(input.buffer)
      : fileType === 'excel'
        ? await readExcelStatement(input.buffer, password)
        : await readPdfStatement(input.buffer, password, input.pdf);
  return { fileType, ...read };
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
      throw new StatementFileError('UNSUPPORTED_FILE', 'a CSV file cannot carry a password');
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
