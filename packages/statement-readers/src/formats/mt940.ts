/**
 * SWIFT MT940 customer statements: `:20:` reference, `:25:` account, `:28C:` statement/sequence number,
 * `:60F:`/`:60M:` opening balance, `:61:` statement lines each followed by an optional `:86:` information field,
 * `:62F:`/`:62M:` closing balance, `:64:`/`:65:` available balances. Files hold one or more statements (pages of
 * one statement continue with `:60M:`/`:62M:`), bare or inside SWIFT blocks (`{1:...}{2:...}{4:` ... `-}`).
 *
 * Written by hand: the npm parsers (mt940js, mt940-js) read amounts as JavaScript numbers and throw on the first
 * statement whose lines do not add up, failing the whole file; mt940js was last changed in 2019.
 */
import { readDateText } from '../dates';
import { parseFailed } from '../errors';
import type { IsoDate, PrintedFigures, ReadWarning, ReaderOutput, StatementRow } from '../types';
import { EntryError, collapse, decodeText, entryFailure, finishStructured, mergeParts, readSignedAmount, warning, type StatementPart } from './common';

export const MT940_HEADER = [':61:', ':86:'];

interface Field {
  tag: string;
  line: number;
  lines: string[];
}

/** SWIFT's x character set allows 65 characters a line; a line that full was wrapped mid-word by the bank. */
/** The tags of SWIFT's MT940/MT942 fields; any other `:XX:` field is a bank's own (`:NS:` non-SWIFT data and the like). */
const SWIFT_TAGS = /^(?:20|21|25P?|28C?|13D?|34F|60[FM]|61|62[FM]|64|65|86|90[CD])$/;

const SWIFT_LINE = 65;

export async function readMt940Statement(buffer: Buffer): Promise<ReaderOutput> {
  const fields = splitFields(decodeText(buffer));
  if (!fields.some((f) => f.tag === '20')) throw parseFailed('the MT940 file has no statement (no :20: field)');
  const parts: StatementPart[] = [];
  let part: StatementPart | null = null;
  // A :61: waits for the :86: that may follow it.
  let pending: (Omit<StatementRow, 'particulars' | 'balance'> & { reference: string }) | null = null;
  const preWarnings: ReadWarning[] = [];
  // The fields that made the last row, for a file that ends inside a statement.
  let pendingField: Field | null = null;
  let informationField: Field | null = null;
  // A :61: came after the last closing balance: the statement is still open.
  let open = false;

  const flush = (information: string | null) => {
    if (!pending || !part) return;
    const { reference, ...row } = pending;
    // Without an :86: the references of the :61: are all the line says.
    part.rows.push({ ...row, particulars: information || reference, balance: null });
    pending = null;
  };

  for (const field of fields) {
    if (field.tag === '20') {
      flush(null);
      open = false;
      part = { acc_no: null, position: `line ${field.line}`, rows: [], warnings: [], currency: null, printed: {} };
      parts.push(part);
      continue;
    }
    if (!part) {
      preWarnings.push(warning(`line ${field.line}`, `the :${field.tag}: field comes before the statement's :20: field`, field.lines.join(' ')));
      continue;
    }
    const text = field.lines.join('\n');
    switch (field.tag) {
      case '25':
      case '25P': // the account with the owner's BIC on its second line (SWIFT SR 2020)
        part.acc_no = collapse(field.lines[0] ?? '') || null;
        break;
      case '60F':
      case '60M':
      case '62F':
      case '62M':
        flush(null);
        if (field.tag.startsWith('62')) open = false;
        try {
          const balance = readBalance(field.lines[0] ?? '');
          if (part.currency && balance.currency !== part.currency)
            throw new EntryError(`the balance is in ${balance.currency}, not the statement's ${part.currency}`);
          part.currency = balance.currency;
          setBalance(part.printed, field.tag.startsWith('60') ? 'opening_balance' : 'closing_balance', balance.value);
        } catch (err) {
          part.warnings.push(warning(`line ${field.line}`, `the balance cannot be read: ${entryFailure(err)}`, text));
        }
        break;
      case '61':
        flush(null);
        open = true;
        try {
          pending = { ...readStatementLine(field.lines), position: `line ${field.line}` };
          pendingField = field;
        } catch (err) {
          part.warnings.push(warning(`line ${field.line}`, entryFailure(err), text));
        }
        break;
      case '86':
        // Information to the account owner: about the :61: before it, or about the statement when none is open.
        if (pending) {
          flush(information(field.lines));
          informationField = field;
        }
        break;
      default:
        // SWIFT's other fields (:21:, :28C:, :13D:, :34F:, :64:, :65:, :90C:/:90D:) end the line's information;
        // fields a bank adds of its own (:NS: and others) carry nothing for the row and are skipped.
        if (SWIFT_TAGS.test(field.tag)) flush(null);
    }
  }
  const lastField = fields[fields.length - 1]!;
  if (part && open) {
    // The file ends inside a statement, before its closing balance: its last line may be cut short
    // (C1234,56 cut to C1234,5), so that one is not read.
    if (pending && pendingField === lastField) pending = null;
    else if (informationField === lastField) part.rows.pop();
    part.warnings.push(
      warning(
        `line ${lastField.line}`,
        'the file ends inside a statement, before its closing balance (:62F:); the last statement line may be cut short and was not read',
        lastField.lines.join(' '),
      ),
    );
  }
  flush(null);
  if (parts.length === 0) throw parseFailed('the MT940 file has no statement (no :20: field)');
  const { part: merged, warnings } = mergeParts(parts, 'MT940 statement');
  return finishStructured('MT940 file', merged, MT940_HEADER, [...preWarnings, ...warnings]);
}

function setBalance(printed: PrintedFigures, key: 'opening_balance' | 'closing_balance', value: bigint): void {
  // Pages of one statement repeat :60M:/:62M:; the statement's opening is the first, its closing the last.
  if (key === 'opening_balance' && printed.opening_balance !== undefined) return;
  printed[key] = value;
}

/**
 * Splits the text into fields. A field starts at a line `:TAG:` (SWIFT's two digits and an optional letter, or
 * a bank's own two or three letters such as `:NS:`); lines that do not start a field continue the one before.
 * SWIFT block wrappers (`{1:...}{2:...}{3:{...}}{4:`, `-}`, `{5:...}`) and blank lines are dropped. A line of a
 * lone `-` ends a bare message only where a field, a block or the end of the file follows; elsewhere it is text
 * the bank wrapped onto a line of its own.
 */
function splitFields(text: string): Field[] {
  const fields: Field[] = [];
  let current: Field | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  const endsMessage = (index: number) => {
    let next = index + 1;
    while (next < lines.length && lines[next]!.trim() === '') next++;
    return next === lines.length || /^\s*[:{]/.test(lines[next]!);
  };
  lines.forEach((raw, index) => {
    let line = index === 0 ? raw.replace(/^\uFEFF/, '') : raw;
    // Block headers: `{1:F01BANKINBBAXXX0000000000}{2:O940...}{3:{108:...}}{4:` possibly followed by the first field.
    const blocks = /^(?:\{[1-3]:(?:[^{}]|\{[^{}]*\})*\})*\{4:/.exec(line);
    if (blocks) line = line.slice(blocks[0].length);
    if (/^\s*-\}/.test(line) || /^\s*\{5:/.test(line) || (/^\s*-\s*$/.test(line) && endsMessage(index))) {
      current = null;
      return;
    }
    if (line.trim() === '') return;
    const start = /^:(\d{2}[A-Z]?|[A-Z]{2,3}):(.*)$/.exec(line);
    if (start) {
      current = { tag: start[1]!, line: index + 1, lines: [start[2]!] };
      fields.push(current);
    } else if (current) {
      current.lines.push(line);
    }
  });
  return fields;
}

/** `C240401INR1234,56`: D/C mark, YYMMDD, currency, amount with a decimal comma. */
function readBalance(text: string): { value: bigint; currency: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})(\d[\d,]*)$/.exec(text.trim());
  if (!m) throw new EntryError(`"${text.trim()}" is not a balance (D/C mark, YYMMDD, currency, amount like C240401INR1234,56)`);
  swiftDate(m[2]!);
  const magnitude = readSignedAmount(m[4]!, 'comma');
  return { value: m[1] === 'D' ? -magnitude : magnitude, currency: m[3]! };
}

/**
 * A `:61:` statement line: value date YYMMDD, optional entry date MMDD, mark (C, D, RC reversal of a credit -
 * money out, RD reversal of a debit - money in), optional funds code (third letter of the currency), amount
 * with a decimal comma, transaction type (N/F/S and three characters), the owner's reference, optional
 * `//bank reference`, optional second line of supplementary details.
 *
 * The row's date is the entry (booking) date when given, else the value date: the booking date is the one the
 * bank's statement and the other formats (OFX DTPOSTED, CAMT BookgDt) show.
 */
function readStatementLine(lines: string[]): Omit<StatementRow, 'particulars' | 'balance' | 'position'> & { reference: string } {
  const first = (lines[0] ?? '').trim();
  const m = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([NFS][A-Z0-9 ]{3})(.*)$/.exec(first);
  if (!m) throw new EntryError('the statement line is not in the :61: layout (YYMMDD[MMDD]C|D|RC|RD amount Nxxx reference)');
  const valueDate = swiftDate(m[1]!);
  const date = m[2] ? entryDate(m[1]!, m[2]) : valueDate;
  const magnitude = readSignedAmount(m[5]!, 'comma');
  const moneyOut = m[3] === 'D' || m[3] === 'RC';
  const [ownRef = '', bankRef = ''] = m[7]!.split('//');
  const supplementary = lines.slice(1).join(' ');
  const reference = collapse([ownRef === 'NONREF' ? '' : ownRef, bankRef, supplementary].join(' ')) || m[6]!;
  return { date, inflow: moneyOut ? 0n : magnitude, outflow: moneyOut ? magnitude : 0n, reference };
}

/** YYMMDD; SWIFT years are 20xx for 00-79 in practice, and the POSIX pivot (69) would misread none of today's files. */
function swiftDate(text: string): IsoDate {
  return readDateText(`${Number(text.slice(0, 2)) >= 69 ? '19' : '20'}${text.slice(0, 2)}-${text.slice(2, 4)}-${text.slice(4, 6)}`);
}

/** MMDD of the entry date; its year is the value date's, moved by one across a year end (value 31 Dec, entry 2 Jan). */
function entryDate(valueText: string, mmdd: string): IsoDate {
  const value = swiftDate(valueText);
  let year = Number(value.slice(0, 4));
  const valueMonth = Number(value.slice(5, 7));
  const entryMonth = Number(mmdd.slice(0, 2));
  if (valueMonth === 12 && entryMonth === 1) year += 1;
  else if (valueMonth === 1 && entryMonth === 12) year -= 1;
  return readDateText(`${year}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`);
}

/**
 * The `:86:` text as one line. Lines are joined with a space, except after a full 65-character line, which the
 * bank broke mid-word. German-style structured fields (`?20`...`?29` purpose, `?32`/`?33` name, `?00` posting
 * text) keep their text and lose their markers.
 */
function information(lines: string[]): string {
  let text = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) text += (lines[i - 1]!.length >= SWIFT_LINE ? '' : ' ') + lines[i];
  if (/^\d{3}\?\d{2}/.test(text) || /\?\d{2}/.test(text.slice(0, 8))) {
    text = text.replace(/^\d{3}(?=\?)/, '').replace(/\?\d{2}/g, ' ');
  }
  return collapse(text);
}
