/**
 * Every statement format the readers know, one entry each behind one interface: how a file of that type is read
 * into rows, and, for the formats that can carry a password, how it is opened and how a password is checked.
 * detect.ts decides a file's type from its content; read-statement-file.ts reads it through this registry.
 */
import { readCsvStatement } from './csv-reader';
import { checkExcelPassword, openExcel, readExcelStatement } from './excel-reader';
import { readCamt053Statement } from './formats/camt053';
import { readMt940Statement } from './formats/mt940';
import { readOfxStatement } from './formats/ofx';
import { readQifStatement } from './formats/qif';
import { checkPdfPassword, openPdf, readPdfStatement, type PdfReadOptions } from './pdf-reader';
import type { ProfileOptions } from './profiles/profile';
import type { PasswordCheck, ReaderOutput, StatementFileType } from './types';

export interface FormatInput {
  buffer: Buffer;
  /** For a protected PDF or workbook (undefined: none given). */
  password?: string;
  pdf?: PdfReadOptions;
  /** The bank profiles a tabular file (CSV, workbook, PDF) may be recognised as; the structured formats need none. */
  reading: ProfileOptions;
}

export interface StatementFormat {
  /** What the format is, for messages and the README. */
  description: string;
  read(input: FormatInput): Promise<ReaderOutput>;
  /** Formats that can carry a password: opens the file without reading its rows, and checks a password against it. */
  protection?: {
    open(buffer: Buffer, password: string | undefined, pdf?: PdfReadOptions): Promise<void>;
    check(buffer: Buffer, password: string, pdf?: PdfReadOptions): Promise<PasswordCheck>;
  };
}

export const FORMATS: Record<StatementFileType, StatementFormat> = {
  csv: { description: 'delimited text (CSV, TSV, a bank\'s text "Excel" download)', read: ({ buffer, reading }) => readCsvStatement(buffer, reading) },
  excel: {
    description: 'a workbook (XLSX, legacy XLS, an HTML or SpreadsheetML "Excel" download)',
    read: ({ buffer, password, reading }) => readExcelStatement(buffer, password, reading),
    protection: { open: (buffer, password) => openExcel(buffer, password), check: (buffer, password) => checkExcelPassword(buffer, password) },
  },
  pdf: {
    description: 'a PDF with a text layer',
    read: ({ buffer, password, pdf, reading }) => readPdfStatement(buffer, password, pdf, reading),
    protection: { open: (buffer, password, pdf) => openPdf(buffer, password, pdf), check: (buffer, password, pdf) => checkPdfPassword(buffer, password, pdf) },
  },
  ofx: { description: 'OFX 1.x (SGML), OFX 2.x (XML) or QFX', read: ({ buffer }) => readOfxStatement(buffer) },
  qif: { description: 'Quicken Interchange Format', read: ({ buffer }) => readQifStatement(buffer) },
  camt053: { description: 'ISO 20022 camt.053 bank-to-customer statement', read: ({ buffer }) => readCamt053Statement(buffer) },
  mt940: { description: 'SWIFT MT940 customer statement', read: ({ buffer }) => readMt940Statement(buffer) },
};
