import { extname } from 'node:path';
import { unsupportedFile } from './errors';
import { detectStructuredFormat } from './formats';
import type { StatementFileType } from './types';

/** What the first bytes say; an encrypted XLSX is a CFB container like a legacy XLS (told apart later). */
export type ContainerKind = 'pdf' | 'zip' | 'cfb' | 'text' | 'binary';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const EXTENSIONS: Record<string, StatementFileType> = {
  '.csv': 'csv',
  '.txt': 'csv',
  '.tsv': 'csv',
  '.xlsx': 'excel',
  '.xls': 'excel',
  '.pdf': 'pdf',
};

export const SUPPORTED_FILES_HELP = 'a CSV, XLSX, XLS, PDF, OFX, QFX, QIF, CAMT.053 or MT940 statement';

// Bank "Excel" downloads that are really an HTML table or Excel 2003 XML (SpreadsheetML).
const HTML_START = /^(?:\s|\uFEFF)*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)?(?:<!doctype html|<html|<table|<meta|<head|<body)/i;
const SPREADSHEET_ML = /urn:schemas-microsoft-com:office:spreadsheet/;

/** An HTML table or SpreadsheetML workbook saved under a spreadsheet name: SheetJS reads both (excel-reader). */
export function isMarkupWorkbook(buffer: Buffer): boolean {
  const head = buffer.subarray(0, 4096).toString('utf8');
  return HTML_START.test(head) || (head.includes('<?xml') && SPREADSHEET_ML.test(head));
}

/** UTF-16 text (Excel's "Unicode text" export) starts with a byte order mark and is full of NUL bytes. */
function isUtf16Text(buffer: Buffer): boolean {
  return buffer.length >= 2 && ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff));
}

export function sniffContainer(buffer: Buffer): ContainerKind {
  // The PDF header may follow some junk within the first 1024 bytes (PDF 1.7, annex H).
  if (buffer.subarray(0, 1024).indexOf(PDF_MAGIC) !== -1) return 'pdf';
  if (buffer.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (buffer.subarray(0, 8).equals(CFB_MAGIC)) return 'cfb';
  // Text has no NUL bytes; UTF-16 text (which has) is told apart by its byte order mark in detectFileType.
  return buffer.subarray(0, 8192).includes(0) ? 'binary' : 'text';
}

/**
 * The statement's file type, from its content first and its name second: a binary format is recognised by its
 * magic bytes whatever the name says (an `.xls` download that is really XLSX is common); text is a structured
 * format (OFX, QIF, CAMT.053, MT940) when its content says so, a workbook when it is an HTML table or SpreadsheetML
 * not named like a CSV, and delimited text (a CSV) when named like a CSV or a spreadsheet. Anything else is
 * UNSUPPORTED_FILE.
 */
export function detectFileType(buffer: Buffer, fileName: string): StatementFileType {
  const byName = EXTENSIONS[extname(fileName).toLowerCase()];
  if (buffer.length === 0) throw unsupportedFile(`"${fileName}" is empty`);
  switch (sniffContainer(buffer)) {
    case 'pdf':
      return 'pdf';
    case 'zip':
    case 'cfb':
      // Other Office documents share these containers; the excel reader tells a workbook from them.
      if (byName === 'excel' || byName === undefined) return 'excel';
      throw unsupportedFile(
        `"${fileName}" is named like a ${byName === 'csv' ? 'CSV' : 'PDF'} file but its content is an Office (zip or CFB) container; expected ${SUPPORTED_FILES_HELP}`,
      );
    case 'text': {
      const structured = detectStructuredFormat(buffer, fileName);
      if (structured) return structured;
      if (byName !== 'csv' && byName !== 'pdf' && isMarkupWorkbook(buffer)) return 'excel';
      // SBI's "Excel" download is tab-delimited text named .xls: the CSV reader finds its delimiter.
      if (byName === 'csv' || byName === 'excel') return 'csv';
      throw unsupportedFile(
        byName === undefined
          ? `"${fileName}" is not ${SUPPORTED_FILES_HELP} (unknown file extension "${extname(fileName)}")`
          : `"${fileName}" is named like a PDF but its content is plain text; expected ${SUPPORTED_FILES_HELP}`,
      );
    }
    case 'binary':
      if (byName === 'csv' && isUtf16Text(buffer)) return 'csv';
      throw unsupportedFile(`"${fileName}" is not ${SUPPORTED_FILES_HELP} (its content is not recognised)`);
  }
}
