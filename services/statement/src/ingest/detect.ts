import { extname } from 'node:path';
import { unsupportedFile } from './errors';
import type { StatementFileType } from './types';

/** What the first bytes say; an encrypted XLSX is a CFB container like a legacy XLS (told apart later). */
export type ContainerKind = 'pdf' | 'zip' | 'cfb' | 'text' | 'binary';

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const EXTENSIONS: Record<string, StatementFileType> = {
  '.csv': 'csv',
  '.txt': 'csv',
  '.xlsx': 'excel',
  '.xls': 'excel',
  '.pdf': 'pdf',
};

export const SUPPORTED_FILES_HELP = 'a CSV, XLSX, XLS or PDF statement';

export function sniffContainer(buffer: Buffer): ContainerKind {
  // The PDF header may follow some junk within the first 1024 bytes (PDF 1.7, annex H).
  if (buffer.subarray(0, 1024).indexOf(PDF_MAGIC) !== -1) return 'pdf';
  if (buffer.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  if (buffer.subarray(0, 8).equals(CFB_MAGIC)) return 'cfb';
  // Text has no NUL bytes; a UTF-16 CSV (which would) is not among the contract's layouts.
  return buffer.subarray(0, 8192).includes(0) ? 'binary' : 'text';
}

/**
 * The statement's file type, from its content first and its name second: a binary format is recognised by its
 * magic bytes whatever the name says (an `.xls` download that is really XLSX is common), while text is a CSV
 * only when named like one. Anything else is UNSUPPORTED_FILE.
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
      throw unsupportedFile(`"${fileName}" is named like a ${byName === 'csv' ? 'CSV' : 'PDF'} file but its content is an Office (zip or CFB) container; expected ${SUPPORTED_FILES_HELP}`);
    case 'text':
      if (byName === 'csv') return 'csv';
      throw unsupportedFile(
        byName === undefined
          ? `"${fileName}" is not ${SUPPORTED_FILES_HELP} (unknown file extension "${extname(fileName)}")`
          : `"${fileName}" is named like a ${byName === 'pdf' ? 'PDF' : 'spreadsheet'} but its content is plain text; expected ${SUPPORTED_FILES_HELP}`,
      );
    case 'binary':
      throw unsupportedFile(`"${fileName}" is not ${SUPPORTED_FILES_HELP} (its content is not recognised)`);
  }
}
