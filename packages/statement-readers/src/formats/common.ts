/**
 * What the structured-format readers (OFX/QFX, QIF, CAMT.053, MT940) share: text decoding, amounts written with
 * a decimal comma, warnings, and the "one account per statement" rule. Each reader collects its rows and
 * warnings in a `Collected` and hands it to `finishStructured`, so the failure rules are the same everywhere.
 */
import { AmountFormatError, readAmountText } from '../amounts';
import { DateFormatError } from '../dates';
import { parseFailed } from '../errors';
import { MAX_STATEMENT_ROWS } from '../table';
import type { PrintedFigures, ReadWarning, ReaderOutput, StatementMetadata, StatementRow } from '../types';

/** Why one entry (transaction, record, statement line) could not be read; the reader turns it into a ReadWarning. */
export class EntryError extends Error {}

/** A warning's text is the entry as read, on one line and at most 200 characters (types.ts). */
export function warningText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export function warning(position: string, reason: string, text: string): ReadWarning {
  return { position, reason, text: warningText(text) };
}

/** Particulars compare equal across formats only when whitespace runs are one space (README: duplicate check). */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The file's text. UTF-8 when it is valid UTF-8 (a BOM is dropped); otherwise Windows-1252, which is what
 * OFX 1.x's `CHARSET:1252` and most US/European QIF exports are: reading those bytes as UTF-8 would turn
 * every `é` into U+FFFD, while 1252 maps every byte to some character, so nothing is lost silently.
 */
export function decodeText(buffer: Buffer, declared?: 'windows-1252' | 'utf-8'): string {
  if (declared === 'windows-1252') return new TextDecoder('windows-1252').decode(buffer);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/**
 * A signed decimal amount as a structured format writes it -> signed milli-units, through readAmountText (digit
 * by digit, never a float). `point`: `-1234.56`, with optional comma thousands groups (`1,234.56`). `comma`:
 * MT940's `1234,56` (and `12,` for 12.00), no thousands separators. `european`: `1.234,56`, dots grouping
 * thousands (checked), comma as the decimal mark, as German and French QIF exports write.
 */
export function readSignedAmount(raw: string, decimal: 'point' | 'comma' | 'european' = 'point'): bigint {
  let text = raw.trim().replace(/\s+/g, '');
  if (text === '') throw new AmountFormatError('the amount is blank');
  if (decimal === 'comma' || decimal === 'european') {
    if (decimal === 'comma' ? text.includes('.') : !/^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d*)(?:,\d*)?$/.test(text)) {
      throw new AmountFormatError(`"${raw}" is not an amount with a decimal comma${decimal === 'european' ? ' (like 1.234,56)' : ''}`);
    }
    text = text.replaceAll('.', '').replace(',', '.');
    if (text.endsWith('.')) text = text.slice(0, -1);
  }
  if (/[()]/.test(text) || /(?:cr|dr)\.?$/i.test(text)) {
    // Structured formats carry the sign as a minus or a separate indicator, never as accounting marks.
    throw new AmountFormatError(`"${raw}" is not a signed decimal amount`);
  }
  const read = readAmountText(text);
  if (!read) throw new AmountFormatError(`"${raw}" is not an amount`);
  return read.value;
}

/** A signed amount -> the row's two magnitudes: positive is money in, negative is money out. */
export function flows(signed: bigint): Pick<StatementRow, 'inflow' | 'outflow'> {
  return signed < 0n ? { inflow: 0n, outflow: -signed } : { inflow: signed, outflow: 0n };
}

/** The message of an expected per-entry failure (amount, date, entry shape); anything else is a bug and rethrown. */
export function entryFailure(err: unknown): string {
  if (err instanceof EntryError || err instanceof AmountFormatError || err instanceof DateFormatError) {
    return err.message;
  }
  throw err;
}

/** One statement (account) inside a file: OFX STMTRS, CAMT Stmt, an MT940 :20: block. */
export interface StatementPart {
  acc_no: string | null;
  /** Where it starts, for the warning when it is left out. */
  position: string;
  rows: StatementRow[];
  warnings: ReadWarning[];
  /** Lines read for their figures, not as transactions (QIF's opening balance record): reported, but nothing was skipped. */
  notes?: ReadWarning[];
  currency: string | null;
  printed: PrintedFigures;
  /** OFX's credit card statement (CCSTMTRS) says it is a card's. */
  kind?: 'credit_card';
}

/**
 * A file with several statements. One upload is one account's statement (rows of two accounts mixed together
 * would be wrong rows), so one account is read: the first one with any transaction (an empty statement does not
 * decide; a download of a checking account often carries an empty card statement beside it). All statements of
 * that account are read (a month split into pages, days or lists, MT940's :28C: sequence), in file order, with
 * the first opening and the last closing balance. Statements of other accounts that hold transactions are left
 * out with a warning each, asking for a separate upload; those without any transaction are left out silently,
 * as nothing of them is lost.
 */
export function mergeParts(parts: StatementPart[], what: string): { part: StatementPart; warnings: ReadWarning[] } {
  const hasEntries = (p: StatementPart) => p.rows.length > 0 || p.warnings.length > 0;
  const first = parts.find(hasEntries) ?? parts[0]!;
  // A multi-currency account has one statement per currency under one number: those are other statements too.
  const currency = first.currency ?? parts.find((p) => sameAccount(p.acc_no, first.acc_no) && p.currency !== null)?.currency ?? null;
  const same = parts.filter((p) => sameAccount(p.acc_no, first.acc_no) && (p.currency === null || currency === null || p.currency === currency));
  const others = parts.filter((p) => !same.includes(p) && hasEntries(p));
  const last = same[same.length - 1]!;
  const part: StatementPart = {
    acc_no: first.acc_no,
    position: first.position,
    rows: same.flatMap((p) => p.rows),
    warnings: same.flatMap((p) => p.warnings),
    notes: same.flatMap((p) => p.notes ?? []),
    currency,
    ...(first.kind ? { kind: first.kind } : {}),
    printed: {
      ...(first.printed.opening_balance !== undefined ? { opening_balance: first.printed.opening_balance } : {}),
      ...(last.printed.closing_balance !== undefined ? { closing_balance: last.printed.closing_balance } : {}),
    },
  };
  const warnings = others.map((p) =>
    sameAccount(p.acc_no, first.acc_no)
      ? warning(
          p.position,
          `this ${what} is in ${p.currency} while the first one is in ${currency}; only the first currency's transactions were read: upload each currency's statement separately`,
          `${p.rows.length} transaction(s) in ${p.currency} for account ${p.acc_no ?? '(not stated)'}`,
        )
      : warning(
          p.position,
          `this ${what} is for another account (${p.acc_no ?? 'not stated'}) than the one read (${first.acc_no ?? 'not stated'}); only that account's transactions were read: upload each account's statement separately`,
          `${p.rows.length} transaction(s) for account ${p.acc_no ?? '(not stated)'}`,
        ),
  );
  return { part, warnings };
}

function sameAccount(a: string | null, b: string | null): boolean {
  const norm = (s: string | null) => (s ?? '').replace(/[\s-]/g, '').toUpperCase();
  return norm(a) === norm(b);
}

/**
 * The reader's result, or PARSE_FAILED when nothing at all was readable: a file of only unreadable entries is
 * not an empty statement. An empty statement that says so (no entries at all) is read as zero rows.
 */
export function finishStructured(kind: string, part: Omit<StatementPart, 'position'>, header: string[], extraWarnings: ReadWarning[]): ReaderOutput {
  // Notes about the whole file (position "file": an assumed date order, a missing end) are not skipped entries.
  const skipped = [...part.warnings, ...extraWarnings].filter((w) => w.position !== 'file');
  const warnings = [...(part.notes ?? []), ...part.warnings, ...extraWarnings];
  if (part.rows.length === 0 && skipped.length > 0) {
    const first = skipped[0]!;
    throw parseFailed(`no transaction in the ${kind} could be read (${skipped.length} skipped; ${first.position}: ${first.reason})`);
  }
  if (part.rows.length > MAX_STATEMENT_ROWS) {
    throw parseFailed(
      `the statement has more than ${MAX_STATEMENT_ROWS.toLocaleString('en')} transactions; split it into smaller statements (by date) and upload each`,
    );
  }
  const metadata: StatementMetadata = { acc_no: part.acc_no, header, currency: part.currency, ...(part.kind ? { kind: part.kind } : {}) };
  return { rows: part.rows, metadata, warnings, printed: part.printed };
}
