// Reads a workbook with SheetJS (@e965/xlsx) off the main thread: legacy BIFF .xls, the HTML tables and
// SpreadsheetML 2003 XML that banks name .xls, and XLSX packages exceljs's streaming reader cannot take.
// SheetJS parses the whole file synchronously; in a thread a large or pathological file cannot stall the
// caller's event loop (a BullMQ worker must keep renewing its job lock), and the thread's heap is bounded.
// Plain JavaScript on purpose: a worker file is loaded by Node as is.
//
// In:  workerData = { data: Uint8Array, sheetRows: number, joinTables: boolean }
// Out: one message,
//      { ok: true, sheets: [{ name, rows: [{ row, cells }], truncated }] }   cells: string | number | Date | null
//    | { ok: false, kind: 'password' | 'invalid', message }
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import * as cptable from '@e965/xlsx/dist/cpexcel.full.mjs';

// Code pages for BIFF5 (Excel 95) strings and HTML/text in a Windows code page; BIFF8 strings are UTF-16.
XLSX.set_cptable(cptable);

const MS_PER_DAY = 86_400_000;
// Serial day 0 of Excel's 1900 system is 1899-12-30 (the count includes Lotus's fictitious 1900-02-29).
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * A serial day of a date-formatted cell -> UTC midnight of that calendar day (the time of day is dropped: a
 * statement date is a day). Built from the serial ourselves rather than with SheetJS's cellDates, which
 * builds dates in the process's local time zone.
 */
function serialDate(serial, date1904) {
  if (!Number.isFinite(serial)) return null;
  return new Date((date1904 ? EPOCH_1904 : EPOCH_1900) + Math.floor(serial) * MS_PER_DAY);
}

// SSF.is_date parses the format each time; a sheet has a handful of formats and up to millions of cells.
const dateFormats = new Map();
function isDateFormat(format) {
  let known = dateFormats.get(format);
  if (known === undefined) {
    known = XLSX.SSF.is_date(format);
    dateFormats.set(format, known);
  }
  return known;
}

/** A SheetJS cell -> what the statement table reads: text, a number, a Date or nothing. */
function plainCell(cell, date1904) {
  if (!cell) return null;
  switch (cell.t) {
    case 's':
    case 'str':
      return typeof cell.v === 'string' ? cell.v : null;
    case 'n':
      if (typeof cell.v !== 'number') return null;
      // A date is a number with a date format; the format is the only thing that tells them apart.
      if (cell.z !== undefined && isDateFormat(cell.z)) return serialDate(cell.v, date1904);
      return cell.v;
    case 'd':
      // An ISO date cell (XLSX t="d", SpreadsheetML DateTime): its calendar day as written.
      if (cell.v instanceof Date && !Number.isNaN(cell.v.getTime())) {
        return new Date(Date.UTC(cell.v.getFullYear(), cell.v.getMonth(), cell.v.getDate()));
      }
      return null;
    case 'b':
      return String(cell.v);
    case 'e':
      // The error's text (#N/A, #VALUE!): shown in a warning if it lands where an amount or date should be.
      return XLSX.utils.format_cell(cell) || '#ERROR';
    default:
      return null;
  }
}

function readSheets(workbook, sheetRows) {
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name];
    const rows = [];
    // Dense mode: sheet['!data'][r][c]; rows are numbered as Excel shows them (1-based).
    const data = sheet?.['!data'] ?? [];
    for (let r = 0; r < data.length; r++) {
      const cells = data[r];
      if (!cells) continue;
      const values = [];
      for (let c = 0; c < cells.length; c++) values.push(plainCell(cells[c], date1904));
      rows.push({ row: r + 1, cells: values });
    }
    // sheetRows cuts the sheet; the full range is kept in !fullref.
    const fullRef = sheet?.['!fullref'];
    const truncated = fullRef !== undefined && XLSX.utils.decode_range(fullRef).e.r + 1 > sheetRows;
    return { name, rows, truncated };
  });
}

/**
 * SheetJS makes each <table> of an HTML page a sheet of its own, where Excel (which the bank meant the page for)
 * stacks them in one sheet: banks put the account details in one table and the transactions in the next, and the
 * statement needs both. So an HTML page's tables become one sheet, rows numbered on through the tables.
 */
function joinTables(sheets) {
  if (sheets.length <= 1) return sheets;
  const rows = [];
  let offset = 0;
  for (const sheet of sheets) {
    let last = 0;
    for (const { row, cells } of sheet.rows) {
      rows.push({ row: offset + row, cells });
      last = row;
    }
    // A blank row between tables, as Excel leaves one.
    offset += last + 1;
  }
  return [{ name: sheets[0].name, rows, truncated: sheets.some((s) => s.truncated) }];
}

try {
  const workbook = XLSX.read(workerData.data, {
    type: 'buffer',
    dense: true,
    sheetRows: workerData.sheetRows,
    // Text formats (HTML tables) keep their cells as text: the table reads day-first dates and Indian digit
    // grouping itself, where SheetJS would guess (US month-first dates).
    raw: true,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    // No formatted text (cell.w) for every cell: the table reads values, and formatting them costs more than parsing.
    cellText: false,
    // Number formats (cell.z), which tell a date serial from an amount.
    cellNF: true,
    cellStyles: false,
    bookVBA: false,
  });
  const sheets = readSheets(workbook, workerData.sheetRows);
  parentPort.postMessage({ ok: true, sheets: workerData.joinTables ? joinTables(sheets) : sheets });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  parentPort.postMessage({ ok: false, kind: /password|encrypt/i.test(message) ? 'password' : 'invalid', message });
}
