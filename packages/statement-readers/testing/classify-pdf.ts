/**
 * Classifies one generated statement as read by the real entry point (`readStatementFile`): exact, stalled or
 * wrong (types.ts). For every format, so the shared runner can use it as it is.
 *
 * - **stalled**: the reader refused the file (a `StatementFileError`: PASSWORD_REQUIRED, WRONG_PASSWORD,
 *   UNSUPPORTED_FILE, PARSE_FAILED), or it completed but its integrity report is not ok: the balance chain is
 *   broken, or a printed opening/closing balance or total disagrees with the rows (`integrity.ok === false`, what
 *   the statement service stalls with BALANCE_MISMATCH). A person is told why; nothing wrong is stored silently.
 * - **exact**: it completed with integrity ok, and its rows equal the generated rows one for one, in order (date,
 *   particulars with runs of whitespace as one space, inflow, outflow, balance), and any opening or closing
 *   balance it reports as printed equals the generated one.
 * - **wrong**: it completed with integrity ok and any row (or the row count, or a printed balance it reports)
 *   differs. Never allowed.
 */
import { StatementFileError } from '../src/errors';
import { describeIntegrityProblems } from '../src/integrity';
import type { BankProfile } from '../src/profiles/profile';
import { readStatementFile } from '../src/read-statement-file';
import type { StatementRow } from '../src/types';
import type { GeneratedOutcome, GeneratedRow, GeneratedStatement } from './types';

export interface ClassifyOptions {
  /** The bank profiles to read with (default: every known bank, as the service does); [] reads by inference alone. */
  profiles?: readonly BankProfile[];
}

const text = (row: GeneratedRow | StatementRow) =>
  `${row.date} | ${row.particulars} | in ${row.inflow} | out ${row.outflow} | bal ${row.balance === null ? 'none' : row.balance}`;
const same = (a: GeneratedRow, b: StatementRow) =>
  a.date === b.date &&
  a.particulars.replace(/\s+/g, ' ').trim() === b.particulars.replace(/\s+/g, ' ').trim() &&
  a.inflow === b.inflow &&
  a.outflow === b.outflow &&
  a.balance === b.balance;

/** Reads `generated` through readStatementFile and says whether its rows are exactly the generated ones. */
export async function classify(generated: GeneratedStatement, options: ClassifyOptions = {}): Promise<GeneratedOutcome> {
  let parsed;
  try {
    parsed = await readStatementFile({
      buffer: generated.bytes,
      fileName: generated.fileName,
      password: generated.password,
      ...(options.profiles ? { profiles: options.profiles } : {}),
    });
  } catch (err) {
    if (err instanceof StatementFileError) return { kind: 'stalled', reason: `${err.code}: ${err.message}` };
    throw err;
  }
  if (!parsed.integrity.ok) return { kind: 'stalled', reason: `integrity: ${describeIntegrityProblems(parsed.integrity)}` };
  const expected = generated.rows;
  const got = parsed.rows;
  for (let i = 0; i < Math.max(expected.length, got.length); i++) {
    const e = expected[i];
    const g = got[i];
    if (!e || !g || !same(e, g)) {
      return {
        kind: 'wrong',
        detail: `row ${i + 1} of ${expected.length} expected, ${got.length} read: expected ${e ? text(e) : '(none)'}; read ${g ? `${text(g)} (${g.position ?? ''})` : '(none)'}`,
      };
    }
  }
  for (const key of ['opening_balance', 'closing_balance'] as const) {
    const want = generated[key];
    const read = parsed.printed[key];
    if (want != null && read != null && want !== read) return { kind: 'wrong', detail: `printed ${key} read as ${read}, the file prints ${want}` };
  }
  return { kind: 'exact' };
}
