import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { parseFailed } from './errors';
import { StatementTable } from './table';
import type { ParsedStatement } from './types';

const CHUNK_BYTES = 64 * 1024;

const OPTIONS: Options = {
  bom: true,
  relax_column_count: true,
  // Narrations carry stray quotes (UPI/"SHOP") in unquoted fields; keep them as text.
  relax_quotes: true,
  trim: true,
  skip_empty_lines: true,
  info: true,
};

function* chunks(buffer: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += CHUNK_BYTES) yield buffer.subarray(offset, offset + CHUNK_BYTES);
}

type CsvRecord = { record: string[]; info: { lines: number } };

/** Hands each record, with the line it ends on, to `onRecord` until it returns false or the file ends. */
async function feed(buffer: Buffer, options: Options, onRecord: (record: CsvRecord) => boolean): Promise<void> {
  const parser = Readable.from(chunks(buffer)).pipe(parse(options));
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) {
      if (!onRecord(record)) break;
    }
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw parseFailed(`the CSV cannot be read${line ? ` at line ${line}` : ''}: ${err.message}`);
    }
    throw err;
  } finally {
    parser.destroy();
  }
}

/**
 * CSV through csv-parse's stream API: records arrive chunk by chunk, so a large file yields the event loop
 * between chunks (a BullMQ worker must keep renewing its job lock) instead of parsing in one blocking call.
 *
 * Two passes over the buffer: the first reads the preamble up to the header row; the second starts on the
 * line after it (`from_line`). csv-parse takes the first record's width as the expected one and, with
 * relax_column_count, builds an error object (stack trace, JSON copy of the record) for every record of
 * another width; a one-cell preamble line first made that every row, 4x the time of the parse itself.
 */
export async function readCsvStatement(buffer: Buffer): Promise<Pick<ParsedStatement, 'rows' | 'metadata'>> {
  const table = new StatementTable((line) => `line ${line}`, true);
  let headerEndLine = 0;
  await feed(buffer, OPTIONS, ({ record, info }) => {
    table.push(record, info.lines);
    headerEndLine = info.lines;
    return !table.hasHeader;
  });
  if (table.hasHeader) {
    await feed(buffer, { ...OPTIONS, from_line: headerEndLine + 1 }, ({ record, info }) => table.push(record, info.lines));
  }
  return table.finish('CSV file');
}
