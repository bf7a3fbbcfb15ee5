import { join } from 'node:path';
import { StatementFileError, parseFailed } from './errors';
import { MAX_STATEMENT_ROWS, StatementTable, type CellValue } from './table';
import type { ProfileOptions } from './profiles/profile';
import type { ReaderOutput } from './types';
import { readerThreadFailure, runWorkerOnce } from './worker-thread';

/**
 * Workbooks exceljs cannot read, through SheetJS (`@e965/xlsx`, a maintained release of SheetJS CE): legacy
 * BIFF5/BIFF8 `.xls`, the HTML tables and SpreadsheetML 2003 XML that banks serve as `.xls`, and XLSX packages
 * exceljs's streaming reader cannot take. SheetJS reads a whole workbook at once, so it runs in a worker thread
 * (sheetjs.worker.mjs) with a wall-clock timeout, a heap bound and a row bound.
 */

/** What sheetjs.worker.mjs answers. */
interface SheetRows {
  name: string;
  rows: { row: number; cells: CellValue[] }[];
  /** The sheet has more rows than SHEET_ROW_LIMIT; only the first were read. */
  truncated: boolean;
}
type WorkerReply = { ok: true; sheets: SheetRows[] } | { ok: false; kind: 'password' | 'invalid'; message: string };

export interface SheetJsOptions {
  /** Wall-clock bound on one workbook (default 60 s). */
  timeoutMs?: number;
  /** Heap bound of the thread (default 512 MB). */
  maxHeapMb?: number;
  /** Rows read per sheet (default SHEET_ROW_LIMIT); a longer sheet is refused, never cut silently. */
  sheetRows?: number;
  /** An HTML page: its tables are one sheet, as Excel shows them (see sheetjs.worker.mjs). */
  joinTables?: boolean;
  /** What the person can do when the file cannot be read at all, appended to that message. */
  unreadableHelp?: string;
  /** The bank profiles the sheet may be recognised as. */
  reading?: ProfileOptions;
}

/**
 * Rows SheetJS reads per sheet: the statement's row bound plus room for a preamble, repeated page headers,
 * blank lines and wrapped narrations. A legacy .xls holds at most 65,536 rows anyway; the bound matters for
 * HTML tables and XLSX, where a sheet without it could hold millions of rows in memory.
 */
export const SHEET_ROW_LIMIT = MAX_STATEMENT_ROWS + 50_000;

const WORKER_FILE = join(__dirname, 'sheetjs.worker.mjs');

async function runSheetJs(buffer: Buffer, what: string, options: SheetJsOptions): Promise<WorkerReply> {
  const outcome = await runWorkerOnce<WorkerReply>(
    WORKER_FILE,
    { data: new Uint8Array(buffer), sheetRows: options.sheetRows ?? SHEET_ROW_LIMIT, joinTables: options.joinTables ?? false },
    { timeoutMs: options.timeoutMs ?? 60_000, maxHeapMb: options.maxHeapMb ?? 512 },
  );
  if (outcome.kind !== 'reply') throw readerThreadFailure(outcome, what, '; split it into smaller statements');
  return outcome.reply;
}

/**
 * Reads a workbook through SheetJS. The first sheet (in workbook order) with a recognisable header is the
 * statement, as for XLSX; rows are numbered as Excel shows them. `what` names the file in messages
 * ("workbook", "spreadsheet").
 */
export async function readWithSheetJs(buffer: Buffer, what: string, options: SheetJsOptions = {}): Promise<ReaderOutput> {
  const reply = await runSheetJs(buffer, what, options);
  if (!reply.ok) {
    // SheetJS CE cannot decrypt; an encrypted legacy .xls is decrypted before it gets here, so a password
    // complaint now is an encryption officecrypto-tool did not recognise.
    if (reply.kind === 'password') throw new StatementFileError('UNSUPPORTED_FILE', `the ${what}'s encryption cannot be read (${reply.message})`);
    throw parseFailed(`the ${what} cannot be read: ${reply.message}${help(options)}`);
  }
  if (reply.sheets.length === 0) throw parseFailed(`the ${what} has no worksheets${help(options)}`);
  return tableFromSheets(reply.sheets, what, options.sheetRows ?? SHEET_ROW_LIMIT, options.reading);
}

const help = (options: SheetJsOptions) => (options.unreadableHelp ? `; ${options.unreadableHelp}` : '');

/** The statement in a list of sheets: the first with a header; only "no header" moves on to the next sheet. */
export function tableFromSheets(sheets: SheetRows[], what: string, sheetRows = SHEET_ROW_LIMIT, reading: ProfileOptions = {}): ReaderOutput {
  let lastError: StatementFileError | null = null;
  for (const sheet of sheets) {
    const table = new StatementTable((row) => `row ${row} of sheet "${sheet.name}"`, false, reading);
    let ended = false;
    for (const { row, cells } of sheet.rows) {
      if (!table.push(cells, row)) {
        ended = true;
        break;
      }
    }
    if (table.hasHeader && sheet.truncated && !ended) {
      // The rows past the bound were never read: reading on as if the sheet ended there would lose them.
      throw parseFailed(
        `sheet "${sheet.name}" has more than ${sheetRows.toLocaleString('en')} rows, more than one statement may hold; ` +
          'split it into smaller statements (by date) and upload each',
      );
    }
    try {
      return table.finish(what);
    } catch (err) {
      if (!(err instanceof StatementFileError) || table.hasHeader) throw err;
      lastError = err;
    }
  }
  throw lastError ?? parseFailed(`the ${what} has no worksheets`);
}
