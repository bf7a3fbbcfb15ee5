/**
 * What became of a generated statement when read the way the statement service reads an upload
 * (`readStatementFile` with the default bank profiles; the generated banks are invented, so no profile takes
 * them and the inference reads them, as it reads a bank nobody has described):
 *
 * - `exact`: the reading completed and its rows equal the generated rows, in file order: date, particulars
 *   (whitespace runs collapsed, as the readers do), inflow, outflow and balance; and any opening or closing balance
 *   it reports as printed equals the generated one.
 * - `stalled`: the reader refused the file or flagged its reading, exactly where the pipeline stops a statement for
 *   a person: a `StatementFileError` (PARSE_FAILED, UNSUPPORTED_FILE, or a password code: the statement fails or
 *   waits), or a reading whose integrity report is not ok (`integrity.ok === false`: a broken balance chain, or a
 *   printed opening/closing balance or total that the rows do not give: the pipeline stalls it with
 *   BALANCE_MISMATCH). The reason says which.
 * - `wrong`: anything else that differs: a completed reading (integrity ok, which includes `not_checked`) with a
 *   row missing, added or different, or a printed balance it reports different. A skipped line with a warning is not a stall: the pipeline completes the
 *   statement without it, so a missing row is wrong. Never allowed.
 */
import { readStatementFile } from '../src/read-statement-file';
import { StatementFileError } from '../src/errors';
import { describeIntegrityProblems } from '../src/integrity';
import type { BankProfile } from '../src/profiles/profile';
import type { StatementRow } from '../src/types';
import type { GeneratedOutcome, GeneratedRow, GeneratedStatement } from './types';

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function showRow(row: GeneratedRow | StatementRow | undefined): string {
  if (!row) return '(none)';
  return `${row.date} | ${row.particulars} | in ${row.inflow} | out ${row.outflow} | bal ${row.balance ?? 'null'}`;
}

function sameRow(a: GeneratedRow, b: StatementRow): boolean {
  return (
    a.date === b.date && collapse(a.particulars) === collapse(b.particulars) && a.inflow === b.inflow && a.outflow === b.outflow && a.balance === b.balance
  );
}

export interface ClassifyOptions {
  /** The bank profiles to read with (default: every known bank, as the service does); [] reads by inference alone. */
  profiles?: readonly BankProfile[];
}

export async function classify(generated: GeneratedStatement, options: ClassifyOptions = {}): Promise<GeneratedOutcome> {
  let read;
  try {
    read = await readStatementFile({
      buffer: generated.bytes,
      fileName: generated.fileName,
      password: generated.password,
      ...(options.profiles ? { profiles: options.profiles } : {}),
    });
  } catch (err) {
    if (err instanceof StatementFileError) return { kind: 'stalled', reason: `${err.code}: ${err.message}` };
    throw err;
  }
  if (!read.integrity.ok) return { kind: 'stalled', reason: `BALANCE_MISMATCH: ${describeIntegrityProblems(read.integrity)}` };
  const expected = generated.rows;
  const n = Math.max(expected.length, read.rows.length);
  for (let i = 0; i < n; i++) {
    const want = expected[i];
    const got = read.rows[i];
    if (!want || !got || !sameRow(want, got)) {
      const warnings = read.warnings
        .slice(0, 3)
        .map((w) => `${w.position}: ${w.reason}`)
        .join('; ');
      return {
        kind: 'wrong',
        detail: `row ${i + 1} of ${expected.length} expected / ${read.rows.length} read\n  expected: ${showRow(want)}\n  read:     ${showRow(got)}${got?.position ? ` (${got.position})` : ''}${warnings ? `\n  warnings: ${warnings}` : ''}`,
      };
    }
  }
  for (const key of ['opening_balance', 'closing_balance'] as const) {
    const want = generated[key];
    const printed = read.printed[key];
    if (want != null && printed != null && want !== printed) return { kind: 'wrong', detail: `printed ${key} read as ${printed}, the file prints ${want}` };
  }
  return { kind: 'exact' };
}
