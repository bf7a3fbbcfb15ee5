import { join } from 'node:path';
import { StatementFileError, parseFailed } from './errors';
import { tableFromPdfLines, type PdfTextLine } from './pdf-layout';
import type { ProfileOptions } from './profiles/profile';
import type { PasswordCheck, ReaderOutput } from './types';
import { readerThreadFailure, runWorkerOnce } from './worker-thread';

export { buildColumns, columnCells, lineCells, mergeHeaderLines, tableFromPdfLines, type PdfTextItem, type PdfTextLine } from './pdf-layout';

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
async function runPdfWorker(buffer: Buffer, password: string | undefined, mode: 'text' | 'open', options: PdfReadOptions): Promise<WorkerReply> {
  // A copy: pdfjs-dist takes ownership of (and detaches) the bytes it is given.
  const outcome = await runWorkerOnce<WorkerReply>(
    WORKER_FILE,
    { data: new Uint8Array(buffer), password, mode },
    { timeoutMs: options.timeoutMs ?? 60_000, maxHeapMb: options.maxHeapMb ?? 512 },
  );
  if (outcome.kind !== 'reply') throw readerThreadFailure(outcome, 'PDF');
  return outcome.reply;
}

function passwordError(code: number): StatementFileError {
  return code === INCORRECT_PASSWORD
    ? new StatementFileError(
        'WRONG_PASSWORD',
        "the password given does not open the PDF; check it (the bank's email with the statement says how it is made) and give it again",
      )
    : new StatementFileError('PASSWORD_REQUIRED', 'the PDF is protected by a password; give the password it opens with');
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
  return parseFailed(`the PDF cannot be read: ${message}; download the statement from the bank again`);
}

/** The PDF's text as positioned lines (reading orientation), for tests and diagnosis of a layout. */
export async function extractPdfLines(buffer: Buffer, password?: string, options: PdfReadOptions = {}): Promise<PdfTextLine[]> {
  const reply = await runPdfWorker(buffer, password, 'text', options);
  if (reply.kind === 'password') throw passwordError(password ? reply.code : NEED_PASSWORD);
  if (reply.kind !== 'text') throw unreadable(reply);
  return reply.lines;
}

export async function readPdfStatement(
  buffer: Buffer,
  password: string | undefined,
  options: PdfReadOptions = {},
  reading: ProfileOptions = {},
): Promise<ReaderOutput> {
  const reply = await runPdfWorker(buffer, password, 'text', options);
  if (reply.kind === 'password') {
    // A missing password reads as "required" even if pdfjs says "incorrect" (it tries the empty one).
    throw passwordError(password ? reply.code : NEED_PASSWORD);
  }
  if (reply.kind !== 'text') throw unreadable(reply);
  if (reply.lines.length === 0) {
    throw parseFailed(
      'the PDF has no text layer (a scanned statement?); only PDFs with selectable text can be read: download the statement from net banking, or as CSV or Excel',
    );
  }
  return tableFromPdfLines(reply.lines, reading);
}
