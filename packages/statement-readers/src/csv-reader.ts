import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
// The sync entry point is a separate bundle with its own CsvError class.
import { CsvError as SyncCsvError, parse as parseSync } from 'csv-parse/sync';
import { CSV_OPTIONS, CsvRowFilter, decodeCsv, detectLayout, toPointDecimal } from './csv-layout';
import { parseFailed } from './errors';
import { StatementTable } from './table';
import type { ProfileOptions } from './profiles/profile';
import type { PrintedFigures, ReaderOutput } from './types';

const CHUNK_BYTES = 64 * 1024;
/** The head of the file the layout (delimiter, decimal comma, headerless columns) is decided from. */
const LAYOUT_SAMPLE_BYTES = 256 * 1024;
/** Passes restarted so that a row of the usual width comes first (see readCsvStatement). */
const MAX_WIDTH_RESTARTS = 8;
/** Lines csv-parse cannot read (a quote in the wrong place) that are skipped before the file is refused as not CSV. */
const MAX_UNREADABLE_LINES = 100;

function* chunks(buffer: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += CHUNK_BYTES) yield buffer.subarray(offset, offset + CHUNK_BYTES);
}

type CsvRecord = { record: string[]; info: { lines: number; bytes: number } };
/** Where a pass starts: a byte offset at the start of a line, and that line's number. */
type Start = { byte: number; line: number };
/** What a record handler says: go on, stop reading, or start a new pass where the next record starts. */
type Next = 'continue' | 'stop' | 'restart';

/**
 * Hands each record to `onRecord`, with the (1-based) line it ends on and the byte offset after it, both
 * counted from the start of the buffer, reading from `start`. A pass reads `buffer.subarray(start.byte)`, so a
 * restart neither re-reads the lines above it nor meets their quotes again.
 *
 * A line csv-parse cannot read (an unclosed quote, text after a closing quote) is given to `onUnreadable` with its
 * number and text, and a new pass starts on the line after it: one bad line is a warning, not a failed file. The
 * stream drops the records it had parsed but not yet handed over when it fails, so the lines from the last record
 * handed over to the bad one are parsed again synchronously (a chunk at most), which also says where the bad
 * record starts (csv-parse names the line it gave up on, the end of the file for an unclosed quote).
 */
async function feed(
  buffer: Buffer,
  options: Options,
  start: Start,
  onRecord: (record: CsvRecord) => Next,
  onUnreadable: (line: number, message: string, text: string) => void,
): Promise<void> {
  let unreadable = 0;
  for (;;) {
    const base = start;
    const parser = Readable.from(chunks(buffer.subarray(base.byte))).pipe(parse(options));
    let next: Next = 'continue';
    // The end of the last record handed over: the line it ends on and the byte after it.
    let last = { line: base.line - 1, byte: base.byte };
    let failure: CsvError | null = null;
    try {
      for await (const { record, info } of parser as AsyncIterable<CsvRecord>) {
        last = { line: base.line - 1 + info.lines, byte: base.byte + info.bytes };
        next = onRecord({ record, info: { lines: last.line, bytes: last.byte } });
        if (next !== 'continue') break;
      }
    } catch (err) {
      if (!(err instanceof CsvError)) throw err;
      failure = err;
    } finally {
      parser.destroy();
    }
    if (failure) {
      const { records, error } = parseUntilError(buffer.subarray(last.byte), options);
      const from = last;
      for (const { record, info } of records) {
        last = { line: from.line + info.lines, byte: from.byte + info.bytes };
        next = onRecord({ record, info: { lines: last.line, bytes: last.byte } });
        if (next !== 'continue') break;
      }
      if (next === 'continue') {
        // The bad record starts on the first non-blank line after the last good one.
        let line = last.line + 1;
        let at = last.byte;
        while (at < buffer.length && (buffer[at] === 0x0a || buffer[at] === 0x0d)) if (buffer[at++] === 0x0a) line++;
        const message = (error ?? failure).message;
        if (++unreadable > MAX_UNREADABLE_LINES)
          throw parseFailed(
            `the CSV cannot be read at line ${line}: ${message} (and ${MAX_UNREADABLE_LINES} lines before it). What to do: the file's quotes are not CSV; download the statement again, or in another format (Excel or PDF)`,
          );
        const end = buffer.indexOf(0x0a, at);
        onUnreadable(
          line,
          message,
          buffer
            .subarray(at, end === -1 ? buffer.length : end)
            .toString('utf8')
            .replace(/\r$/, ''),
        );
        if (end === -1) return;
        last = { line, byte: end + 1 };
        next = 'restart';
      }
    }
    if (next !== 'restart') return;
    start = { byte: last.byte, line: last.line + 1 };
  }
}

/** The records of `region` up to the first error, and that error (null if the region parses). */
function parseUntilError(region: Buffer, options: Options): { records: CsvRecord[]; error: Error | null } {
  const records: CsvRecord[] = [];
  try {
    parseSync(region, {
      ...options,
      info: false,
      on_record: (record: string[], context: { lines: number; bytes: number }) => {
        records.push({ record, info: { lines: context.lines, bytes: context.bytes } });
        return null;
      },
    });
  } catch (err) {
    if (err instanceof SyncCsvError) return { records, error: err };
    throw err;
  }
  return { records, error: null };
}

/**
 * CSV through csv-parse's stream API: records arrive chunk by chunk, so a large file yields the event loop
 * between chunks (a BullMQ worker must keep renewing its job lock) instead of parsing in one blocking call.
 *
 * First the layout is decided from the head of the file (csv-layout.ts): the encoding (UTF-8, UTF-16, Windows-
 * 1252; decoded to UTF-8 for the parser), the delimiter (`,` `;` tab `~` `|`), a decimal comma, and for a file
 * without a header row the columns inferred from its rows. Then two passes over the buffer: the first reads
 * the preamble up to the header row (or pushes the inferred header before the first row); the second starts
 * at the byte after it. csv-parse takes the first record's width as the expected one and, with
 * relax_column_count, builds an error object (stack trace, JSON copy of the record) for every record of
 * another width; a one-cell preamble line first made that every row, 4x the time of the parse itself. For the
 * same reason, when the first row under the header is not of the usual width (an unquoted comma in its
 * narration), the pass stops after it and a new one starts on the next line, so the ordinary rows set the width.
 *
 * Under the header, CsvRowFilter repairs or skips rows wider than the header (a skipped one is the table's
 * warning, so warnings come out in line order) and takes a summary block out as printed figures.
 */
export async function readCsvStatement(buffer: Buffer, reading: ProfileOptions = {}): Promise<ReaderOutput> {
  const { utf8, damagedLine } = decodeCsv(buffer);
  const layout = detectLayout(utf8.subarray(0, LAYOUT_SAMPLE_BYTES).toString('utf8'));
  const options: Options = { ...CSV_OPTIONS, delimiter: layout.delimiter, info: true };
  const table = new StatementTable((line) => `line ${line}`, true, reading);
  // Figures outside the amount columns (a `Kontostand` line under the rows) are read with the file's decimal comma.
  if (layout.decimalComma) table.decimalComma = toPointDecimal;
  const filter = new CsvRowFilter(layout.delimiter, layout.decimalComma, (line, reason, text) => table.warn(line, reason, text));
  // Where the current record starts in the buffer (the end of the one before), for the line as written; -1 after
  // an unreadable line, whose end csv-parse does not say.
  let lineStart = 0;
  if (damagedLine !== undefined) {
    table.warn(damagedLine, 'the file is UTF-8 but has bytes that are not (from another encoding, or damaged); they read as "\uFFFD"', '');
  }
  const unreadable = (line: number, message: string, text: string) => {
    table.warn(line, `the line cannot be read as CSV: ${message}`, text);
    lineStart = -1;
  };

  // The records that made the header (a header may span up to three lines), for the filter's column kinds.
  let headerLines: string[][] = [];
  let headerEnd: Start = { byte: 0, line: 0 };
  const inferred = layout.inferred;
  await feed(
    utf8,
    options,
    { byte: 0, line: 1 },
    ({ record, info }) => {
      if (inferred && info.lines >= inferred.firstDataLine) {
        table.push(inferred.header, headerEnd.line);
        headerLines = [inferred.header];
        return 'stop';
      }
      table.push(record, info.lines);
      headerEnd = { byte: info.bytes, line: info.lines };
      lineStart = info.bytes;
      headerLines = [...headerLines.slice(-2), record];
      return table.hasHeader ? 'stop' : 'continue';
    },
    unreadable,
  );
  if (!table.hasHeader) return finish(table, filter);

  filter.setHeader(headerLines);
  let widthRestarts = 0;
  let firstOfPass = true;
  await feed(
    utf8,
    options,
    { byte: headerEnd.byte, line: headerEnd.line + 1 },
    ({ record, info }) => {
      const start = lineStart;
      lineStart = info.bytes;
      const raw = start < 0 ? undefined : () => utf8.subarray(start, info.bytes).toString('utf8');
      const action = filter.body(record, info.lines, raw);
      if ('push' in action) table.push(action.push, info.lines);
      const first = firstOfPass;
      firstOfPass = false;
      if (first && layout.bodyWidth !== null && record.length !== layout.bodyWidth && widthRestarts++ < MAX_WIDTH_RESTARTS) {
        firstOfPass = true;
        return 'restart';
      }
      return 'continue';
    },
    (line, message, text) => {
      unreadable(line, message, text);
      firstOfPass = true;
    },
  );
  return finish(table, filter);
}

function finish(table: StatementTable, filter: CsvRowFilter): ReaderOutput {
  const output = table.finish('CSV file');
  // The table's printed figures win where it found one; a summary block under the rows fills the rest.
  return { ...output, printed: { ...filter.printed, ...defined(output.printed) } };
}

function defined(printed: PrintedFigures): PrintedFigures {
  return Object.fromEntries(Object.entries(printed).filter(([, v]) => v !== undefined && v !== null));
}
