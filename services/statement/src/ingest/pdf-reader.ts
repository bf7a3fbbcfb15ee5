import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { StatementFileError, parseFailed } from './errors';
import { StatementTable } from './table';
import type { ParsedStatement, PasswordCheck } from './types';

/** A piece of text at its horizontal position (PDF points), as pdfjs-dist places it. */
export interface PdfTextItem {
  x: number;
  x2: number;
  text: string;
}

/** One printed line: the items whose baselines line up, left to right. */
export interface PdfTextLine {
  page: number;
  line: number;
  items: PdfTextItem[];
}

type WorkerReply =
  | { kind: 'text'; pageCount: number; lines: PdfTextLine[] }
  | { kind: 'opened' }
  | { kind: 'password'; code: number }
  | { kind: 'invalid'; message: string }
  | { kind: 'error'; message: string };

export interface PdfReadOptions {
  /** Wall-clock bound on one PDF (default 60 s): a pathological file must not hold a worker forever. */
  timeoutMs?: number;
  /** Heap bound of the extraction thread (default 512 MB). */
  maxHeapMb?: number;
}

const WORKER_FILE = join(__dirname, 'pdf-text.worker.mjs');
// pdfjs-dist's PasswordResponses.
const NEED_PASSWORD = 1;
const INCORRECT_PASSWORD = 2;

/**
 * Runs the pdfjs-dist extraction in a worker thread (pdf-text.worker.mjs): pdfjs-dist is ESM-only while this
 * service compiles to CommonJS, and the thread keeps the CPU-heavy parse off the event loop.
 */
function runPdfWorker(buffer: Buffer, password: string | undefined, mode: 'text' | 'open', options: PdfReadOptions): Promise<WorkerReply> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    // A copy: pdfjs-dist takes ownership of (and detaches) the bytes it is given.
    const worker = new Worker(WORKER_FILE, {
      workerData: { data: new Uint8Array(buffer), password, mode },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(parseFailed(`the PDF could not be read within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}`))),
      timeoutMs,
    );
    worker.once('message', (reply: WorkerReply) => settle(() => resolve(reply)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? parseFailed('the PDF is too large to read (its text does not fit the reader\'s memory bound)')
            : parseFailed(`the PDF could not be read: ${err.message}`),
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(parseFailed(`the PDF reader stopped unexpectedly (exit code ${code})`))));
  });
}

function passwordError(code: number): StatementFileError {
  return code === INCORRECT_PASSWORD
    ? new StatementFileError('WRONG_PASSWORD', 'the password does not open the PDF')
    : new StatementFileError('PASSWORD_REQUIRED', 'the PDF is password-protected; supply its password');
}

/** Opens the PDF (with its password where protected) without extracting text: the pipeline's read_file step. */
export async function openPdf(buffer: Buffer, password: string | undefined, options: PdfReadOptions = {}): Promise<void> {
  const reply = await runPdfWorker(buffer, password, 'open', options);
  if (reply.kind === 'opened') return;
  if (reply.kind === 'password') throw passwordError(password ? reply.code : NEED_PASSWORD);
  throw unreadable(reply);
}

/** Whether `password` opens the PDF, for the recovery endpoint (which checks before it saves). */
export async function checkPdfPassword(buffer: Buffer, password: string, options: PdfReadOptions = {}): Promise<PasswordCheck> {
  const withoutPassword = await runPdfWorker(buffer, undefined, 'open', options);
  if (withoutPassword.kind === 'opened') return 'not_protected';
  if (withoutPassword.kind !== 'password') throw unreadable(withoutPassword);
  const withPassword = await runPdfWorker(buffer, password, 'open', options);
  if (withPassword.kind === 'opened') return 'ok';
  if (withPassword.kind === 'password') return 'wrong';
  throw unreadable(withPassword);
}

function unreadable(reply: WorkerReply): StatementFileError {
  const message = 'message' in reply ? reply.message : reply.kind;
  return parseFailed(`the PDF cannot be read: ${message}`);
}

export async function readPdfStatement(
  buffer: Buffer,
  password: string | undefined,
  options: PdfReadOptions = {},
): Promise<Pick<ParsedStatement, 'rows' | 'metadata'>> {
  const reply = await runPdfWorker(buffer, password, 'text', options);
  if (reply.kind === 'password') {
    // A missing password reads as "required" even if pdfjs says "incorrect" (it tries the empty one).
    throw passwordError(password ? reply.code : NEED_PASSWORD);
  }
  if (reply.kind !== 'text') throw unreadable(reply);
  if (reply.lines.length === 0) {
    throw parseFailed('the PDF has no text layer (a scanned statement?); only PDFs with selectable text can be read');
  }
  return tableFromPdfLines(reply.lines);
}

/** Average width of one character on a line: the scale for telling a word gap from a column gap. */
function charWidth(items: PdfTextItem[]): number {
  let width = 0;
  let chars = 0;
  for (const item of items) {
    width += Math.max(0, item.x2 - item.x);
    chars += item.text.length;
  }
  return chars > 0 ? width / chars : 5;
}

/** Joins items left to right: a space where they are apart, none where they touch (a split word or date). */
function joinItems(items: PdfTextItem[], mergeBelow: number, spaceAbove: number): PdfTextItem[] {
  const cells: PdfTextItem[] = [];
  for (const item of items) {
    const previous = cells[cells.length - 1];
    if (previous && item.x - previous.x2 < mergeBelow) {
      previous.text = `${previous.text}${item.x - previous.x2 > spaceAbove ? ' ' : ''}${item.text}`;
      previous.x2 = Math.max(previous.x2, item.x2);
    } else {
      cells.push({ ...item });
    }
  }
  return cells;
}

/** Joins items separated by less than a character's width (the words of one cell) into cells. */
export function lineCells(items: PdfTextItem[]): PdfTextItem[] {
  const width = charWidth(items);
  return joinItems(items, width, width / 4);
}

/**
 * Places each item of a line in the header column it overlaps most. Column bands are the header cells'
 * spans widened to the midpoints between neighbours, so a right-aligned amount that starts left of its
 * header still lands under it; items are placed one by one, so text can never bleed into the next column.
 */
export function columnCells(items: PdfTextItem[], header: PdfTextItem[]): string[] {
  const bands = header.map((cell, i) => ({
    from: i === 0 ? -Infinity : (header[i - 1]!.x2 + cell.x) / 2,
    to: i === header.length - 1 ? Infinity : (cell.x2 + header[i + 1]!.x) / 2,
  }));
  const parts: PdfTextItem[][] = header.map(() => []);
  for (const item of items) {
    let best = 0;
    let bestOverlap = -Infinity;
    bands.forEach((band, i) => {
      const overlap = Math.min(item.x2, band.to) - Math.max(item.x, band.from);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = i;
      }
    });
    parts[best]!.push(item);
  }
  const width = charWidth(items);
  // Within one column everything is one cell, whatever the gaps.
  return parts.map((column) => joinItems(column, Infinity, width / 4)[0]?.text ?? '');
}

export function tableFromPdfLines(lines: PdfTextLine[]): Pick<ParsedStatement, 'rows' | 'metadata'> {
  const table = new StatementTable((index) => `page ${lines[index]!.page}, line ${lines[index]!.line}`);
  let header: PdfTextItem[] | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!header) {
      const cells = lineCells(line.items);
      table.push(
        cells.map((cell) => cell.text),
        index,
      );
      if (table.hasHeader) header = cells;
      continue;
    }
    if (!table.push(columnCells(line.items, header), index)) break;
  }
  return table.finish('PDF');
}
