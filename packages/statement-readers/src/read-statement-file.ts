import { detectFileType } from './detect';
import { parseFailed, StatementFileError } from './errors';
import { balancesOwed, integrityReport, type IntegrityReport } from './integrity';
import type { PdfReadOptions } from './pdf-reader';
import { BANK_PROFILES } from './profiles/banks';
import type { BankProfile } from './profiles/profile';
import { FORMATS, type FormatInput } from './registry';
import { READ_AS_FIGURES } from './table';
import type { ParsedStatement, PasswordCheck, ReaderOutput, StatementFileType } from './types';

export interface ReadStatementInput {
  buffer: Buffer;
  fileName: string;
  /** For a protected PDF or workbook; ignored for text formats (which cannot carry one) and an unprotected file. */
  password?: string;
  pdf?: PdfReadOptions;
  /** The bank profiles a file may be recognised as (default: every known bank); [] reads by inference alone. */
  profiles?: readonly BankProfile[];
}

/**
 * Reads a statement file into rows in milli-units, with the lines it skipped (warnings) and the check of the rows
 * against the bank's own arithmetic (integrity). A file a bank profile recognises is read by that profile; if
 * its rows break the balance chain and the inference's keep it (or break it less), the inference's reading wins
 * and a warning says so. Expected failures are StatementFileError with the contract's codes (PASSWORD_REQUIRED,
 * WRONG_PASSWORD, UNSUPPORTED_FILE, PARSE_FAILED); anything else thrown is a fault of this process (out of
 * memory, a bug), not of the file.
 */
export async function readStatementFile(input: ReadStatementInput): Promise<ParsedStatement> {
  const fileType = detectFileType(input.buffer, input.fileName);
  const format = FORMATS[fileType];
  const base = { buffer: input.buffer, password: input.password === '' ? undefined : input.password, pdf: input.pdf };
  const profiles = input.profiles ?? BANK_PROFILES;
  const inference = () => readChecked(format.read, { ...base, reading: {} }, fileType);
  let byProfile: Checked;
  try {
    byProfile = await readChecked(format.read, { ...base, reading: { profiles, fileName: input.fileName } }, fileType);
  } catch (err) {
    // A profile that took the file and read nothing of it must not lose what the inference can read.
    if (!(err instanceof StatementFileError) || err.code !== 'PARSE_FAILED' || profiles.length === 0) throw err;
    const inferred = await inference().catch(() => null);
    if (!inferred) throw err;
    return { fileType, ...inferred.read, integrity: inferred.integrity };
  }
  let chosen = byProfile;
  if (byProfile.read.profile && byProfile.integrity.balance_chain === 'broken') {
    const inferred = await inference().catch((err: unknown) => {
      if (err instanceof StatementFileError) return null;
      throw err;
    });
    // Only a reading the chain checks can win: one without balances would hide the disagreement, not settle it.
    if (
      inferred &&
      (inferred.integrity.balance_chain === 'ok' ||
        (inferred.integrity.balance_chain === 'broken' && inferred.integrity.break_count < byProfile.integrity.break_count))
    ) {
      const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
      const reason = `read without the ${byProfile.read.profile} bank profile: its reading broke the balance chain on ${rows(byProfile.integrity.break_count)}, this one on ${rows(inferred.integrity.break_count)}`;
      inferred.read.warnings.push({ position: 'file', reason, text: '' });
      chosen = inferred;
    }
  }
  return { fileType, ...chosen.read, integrity: chosen.integrity };
}

type Checked = { read: ReaderOutput; integrity: IntegrityReport };

async function readChecked(read: (input: FormatInput) => Promise<ReaderOutput>, input: FormatInput, fileType: StatementFileType): Promise<Checked> {
  const output = await read(input);
  // Lines that could have been transactions and were not read (a balance or total line is read, as what it is).
  const unread = output.warnings.filter((w) => w.position !== 'file' && !w.reason.endsWith(READ_AS_FIGURES));
  if (output.rows.length === 0 && unread.length > 0) {
    // Every candidate line was skipped: nothing of the file was read, which is a failure, not an empty statement.
    const first = unread.slice(0, 3).map((w) => `${w.position}: ${w.reason}`);
    throw parseFailed(`no transaction could be read (${unread.length} line${unread.length === 1 ? '' : 's'} skipped; ${first.join('; ')})`);
  }
  return { read: output, integrity: integrityReport(output.rows, output.printed, output.warnings, balancesOwed(fileType, output.metadata)) };
}

/**
 * Whether `password` opens the stored file: `ok`, `wrong`, or `not_protected` (the file opens without one).
 * The recovery endpoint calls it before saving a password. A text format cannot carry a password: UNSUPPORTED_FILE.
 */
export async function checkPassword(buffer: Buffer, fileType: StatementFileType, password: string, pdf?: PdfReadOptions): Promise<PasswordCheck> {
  if (password === '') return 'wrong';
  const protection = FORMATS[fileType].protection;
  if (!protection) throw new StatementFileError('UNSUPPORTED_FILE', `a ${fileType === 'csv' ? 'CSV' : fileType.toUpperCase()} file cannot carry a password`);
  return protection.check(buffer, password, pdf);
}

/**
 * Opens a stored statement file as its recorded type, with the password where it is protected, without reading
 * its rows (the pipeline's read_file step): PASSWORD_REQUIRED, WRONG_PASSWORD or UNSUPPORTED_FILE / PARSE_FAILED
 * when it cannot be opened. A text format needs no opening beyond its type check.
 */
export async function openStatementFile(buffer: Buffer, fileName: string, password?: string, pdf?: PdfReadOptions): Promise<StatementFileType> {
  const fileType = detectFileType(buffer, fileName);
  await FORMATS[fileType].protection?.open(buffer, password === '' ? undefined : password, pdf);
  return fileType;
}
