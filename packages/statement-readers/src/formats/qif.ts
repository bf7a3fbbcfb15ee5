/**
 * QIF (Quicken Interchange Format): `!Type:Bank` / `!Type:CCard` / `!Type:Cash` / `!Type:Oth A|L` sections of
 * records, one field a line (`D` date, `T`/`U` amount, `P` payee, `M` memo, `N` number, `L` category, `S`/`E`/`$`
 * splits), each record ended by `^`. An `!Account` block before a section names the account.
 *
 * Written by hand: QIF has no nesting and no escaping, and the npm QIF readers decide the date order per record
 * (or not at all) and read amounts as floats. QIF states neither its date format nor its decimal mark; the date
 * order (month or day first) and the decimal mark are each decided once for the whole file, from the dates and
 * amounts that only one reading allows, never record by record.
 */
import { DateFormatError, readDateText } from '../dates';
import type { IsoDate, PrintedFigures, ReadWarning, ReaderOutput, StatementRow } from '../types';
import { EntryError, collapse, decodeText, entryFailure, finishStructured, flows, mergeParts, readSignedAmount, warning, type StatementPart } from './common';

export const QIF_HEADER = ['D', 'T', 'P', 'M'];

/** Sections whose records are transactions of the account. */
const TRANSACTION_TYPES = new Set(['bank', 'cash', 'ccard', 'oth a', 'oth l']);

interface QifRecord {
  line: number;
  fields: { code: string; value: string }[];
}

interface Section {
  type: string;
  line: number;
  account: string | null;
  records: QifRecord[];
}

export async function readQifStatement(buffer: Buffer): Promise<ReaderOutput> {
  const { sections, warnings: layoutWarnings } = splitSections(decodeText(buffer));
  const transactionSections = sections.filter((s) => TRANSACTION_TYPES.has(s.type));
  const fileWarnings: ReadWarning[] = [...layoutWarnings];
  for (const s of sections.filter((s) => !TRANSACTION_TYPES.has(s.type) && s.records.length > 0)) {
    fileWarnings.push(
      warning(
        `line ${s.line}`,
        s.type === 'invst'
          ? `the investment section (!Type:Invst) was not read: its ${s.records.length} record(s) are trades, not bank transactions`
          : `the "${s.type}" list section is not a statement; its ${s.records.length} record(s) were not read`,
        `!Type:${s.type}`,
      ),
    );
  }
  if (transactionSections.length === 0) {
    return finishStructured('QIF file', { acc_no: null, rows: [], warnings: fileWarnings, currency: null, printed: {} }, QIF_HEADER, []);
  }

  const values = (code: string) => transactionSections.flatMap((s) => s.records.flatMap((r) => r.fields.filter((f) => f.code === code).map((f) => f.value)));
  const order = dateOrder(values('D'));
  if (order.warning) fileWarnings.push(order.warning);
  const decimal = decimalMark([...values('T'), ...values('U')]);

  const parts: StatementPart[] = transactionSections.map((section) => {
    const rows: StatementRow[] = [];
    const warnings: ReadWarning[] = [];
    const notes: ReadWarning[] = [];
    const printed: PrintedFigures = {};
    for (const [index, record] of section.records.entries()) {
      const position = `line ${record.line}`;
      try {
        if (index === 0 && isOpeningBalance(record, section.account)) {
          printed.opening_balance = readSignedAmount(recordAmount(record), decimal);
          notes.push(warning(position, 'the opening balance record, read as the printed opening balance: not a transaction', describe(record)));
          continue;
        }
        rows.push({ ...readRecord(record, order.monthFirst, decimal), position });
      } catch (err) {
        warnings.push(warning(position, entryFailure(err), describe(record)));
      }
    }
    return { acc_no: section.account, position: `line ${section.line}`, rows, warnings, notes, currency: null, printed };
  });
  const { part, warnings } = mergeParts(parts, 'QIF account section');
  return finishStructured('QIF file', part, QIF_HEADER, [...fileWarnings, ...warnings]);
}

function readRecord(record: QifRecord, monthFirst: boolean, decimal: 'point' | 'european'): Omit<StatementRow, 'position'> {
  const field = (code: string) => record.fields.find((f) => f.code === code)?.value.trim() ?? '';
  const dateText = field('D');
  if (!dateText) throw new EntryError('the record has no date (D line)');
  const splits = record.fields.filter((f) => f.code === '$' && f.value.trim() !== '');
  const amountText = recordAmount(record);
  // A split record's T is its total; the S/E/$ lines under it are its parts, not rows. Without a T, the parts add up to it.
  const signed = amountText ? readSignedAmount(amountText, decimal) : splits.reduce((sum, f) => sum + readSignedAmount(f.value, decimal), 0n);
  if (!amountText && splits.length === 0) throw new EntryError('the record has no amount (T line)');
  return { date: qifDate(dateText, monthFirst), particulars: particulars(field('P'), field('M'), field('N'), field('L')), ...flows(signed), balance: null };
}

/** T is the amount; newer Quicken writes U beside it (the same amount); only U alone is read as the amount. */
function recordAmount(record: QifRecord): string {
  const field = (code: string) => record.fields.find((f) => f.code === code)?.value.trim() ?? '';
  return field('T') || field('U');
}

/**
 * Quicken starts an account's records with its opening balance: payee `Opening Balance` and, as category, the
 * account itself in brackets (`L[Checking]`, a transfer to itself). It is the balance before the first
 * transaction, not money that moved.
 */
function isOpeningBalance(record: QifRecord, account: string | null): boolean {
  const field = (code: string) => collapse(record.fields.find((f) => f.code === code)?.value ?? '');
  const category = /^\[(.*)\]$/.exec(field('L'))?.[1]?.trim();
  return /^opening balance$/i.test(field('P')) || (category !== undefined && account !== null && category.toLowerCase() === account.toLowerCase());
}

function describe(record: QifRecord): string {
  return record.fields.map((f) => `${f.code}${f.value}`).join(' ');
}

function particulars(payee: string, memo: string, number: string, category: string): string {
  const p = collapse(payee);
  const m = collapse(memo);
  if (p && m) return m === p || m.startsWith(`${p} `) ? m : `${p} ${m}`;
  // Without payee and memo the cheque number (or ATM/DEP/XFER) and category are all the record says.
  return p || m || collapse(`${number} ${category}`);
}

/** Splits the file into sections (`!Type:` headers) of records; `!Account` records name the section that follows. */
function splitSections(text: string): { sections: Section[]; warnings: ReadWarning[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const sections: Section[] = [];
  const warnings: ReadWarning[] = [];
  let current: Section | null = null;
  let inAccountBlock = false;
  let autoSwitch = false;
  let pendingAccount: string | null = null;
  let record: QifRecord | null = null;

  const endRecord = () => {
    if (!record) return;
    if (inAccountBlock) {
      // An !Account record: N is the account's name (often its number). Inside an AutoSwitch list it is only a list entry.
      const name = record.fields.find((f) => f.code === 'N')?.value.trim();
      if (!autoSwitch && name) pendingAccount = name;
    } else if (current) {
      current.records.push(record);
    } else {
      warnings.push(
        warning(
          `line ${record.line}`,
          'the record comes before any !Type: header, so its account type is unknown',
          record.fields.map((f) => `${f.code}${f.value}`).join(' '),
        ),
      );
    }
    record = null;
  };

  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const line = index === 0 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') return;
    if (line.startsWith('!')) {
      endRecord();
      const header = line.trim().toLowerCase();
      if (header === '!option:autoswitch') autoSwitch = true;
      else if (header === '!clear:autoswitch') autoSwitch = false;
      else if (header === '!account') inAccountBlock = true;
      else if (header.startsWith('!type:')) {
        inAccountBlock = false;
        current = { type: header.slice(6).trim(), line: lineNo, account: pendingAccount, records: [] };
        sections.push(current);
      }
      return;
    }
    if (line.startsWith('^')) {
      endRecord();
      return;
    }
    record ??= { line: lineNo, fields: [] };
    record.fields.push({ code: line[0]!.toUpperCase(), value: line.slice(1) });
  });
  const last = record as QifRecord | null;
  if (last && !inAccountBlock) {
    // Every record ends with ^; a last one without it is where the file was cut, and its amount may be cut too.
    warnings.push(
      warning(
        `line ${last.line}`,
        'the record is not ended by ^: the file may have been cut short here',
        last.fields.map((f) => `${f.code}${f.value}`).join(' '),
      ),
    );
  }
  return { sections, warnings };
}

/**
 * The decimal mark, for the whole file like the date order: QIF does not say, and `1.234` is 1.234 in a US file
 * and 1234 in a German one. Amounts ending in a comma and one or two digits (`-12,50`, `1.234,56`) show a comma
 * file, amounts ending in a point and one or two digits show a point file; without evidence, the point (Quicken US).
 */
function decimalMark(amounts: string[]): 'point' | 'european' {
  let comma = 0;
  let point = 0;
  for (const amount of amounts) {
    const text = amount.trim();
    if (/^[+-]?[\d.]*,\d{1,2}$/.test(text)) comma++;
    else if (/^[+-]?[$\d,]*\.\d{1,2}$/.test(text)) point++;
  }
  return comma > point ? 'european' : 'point';
}

// --- dates ---------------------------------------------------------------------------------------------------

// Quicken pads with spaces (`6/ 2'21`) and marks years 2000+ with an apostrophe; others write `06/02/2021`, `6/2/21`.
const NUMERIC = /^\s*(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*(['/.-])\s*(\d{4}|\d{2})\s*$/;

/**
 * Month or day first, for the whole file: a first number above 12 (`25/06/2021`) shows day-first, a second
 * number above 12 (`06/25/2021`) month-first. When no date decides, month-first (QIF is Quicken's US format),
 * said in a warning when some date would read differently the other way. When dates show both, the larger
 * group wins and the others are refused one by one (each a warning), never re-read in the other order.
 */
function dateOrder(texts: string[]): { monthFirst: boolean; warning: ReadWarning | null } {
  let dayFirstHints = 0;
  let monthFirstHints = 0;
  let ambiguous: string | null = null;
  for (const text of texts) {
    const m = NUMERIC.exec(text);
    if (!m) continue;
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a > 12 && b <= 12) dayFirstHints++;
    else if (b > 12 && a <= 12) monthFirstHints++;
    else if (a !== b && ambiguous === null) ambiguous = text.trim();
  }
  if (dayFirstHints > monthFirstHints) return { monthFirst: false, warning: null };
  if (monthFirstHints > 0 || ambiguous === null) return { monthFirst: true, warning: null };
  return {
    monthFirst: true,
    warning: warning(
      'file',
      `no date in the file shows whether it is written month-first or day-first; dates were read month-first (MM/DD/YYYY, as Quicken writes QIF), so "${ambiguous}" is read as ${qifDate(ambiguous, true)}`,
      ambiguous,
    ),
  };
}

export function qifDate(text: string, monthFirst: boolean): IsoDate {
  const m = NUMERIC.exec(text);
  if (!m) {
    try {
      return readDateText(text); // ISO 2021-06-02 and the named-month forms
    } catch (err) {
      if (err instanceof DateFormatError) throw new DateFormatError(`"${text.trim()}" is not a QIF date (MM/DD/YYYY, M/D'YY, DD/MM/YYYY or YYYY-MM-DD)`);
      throw err;
    }
  }
  const [first, second] = [m[1]!, m[3]!];
  const [month, day] = monthFirst ? [first, second] : [second, first];
  let year = m[5]!;
  if (year.length === 2) {
    // An apostrophe before a two-digit year is Quicken's mark for 2000 and later; otherwise the usual %y pivot.
    year = m[4] === "'" ? `20${year}` : Number(year) >= 69 ? `19${year}` : `20${year}`;
  }
  try {
    return readDateText(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  } catch (err) {
    if (err instanceof DateFormatError) {
      throw new DateFormatError(`"${text.trim()}" is not a valid date read ${monthFirst ? 'month-first' : 'day-first'}, the order of the file's other dates`);
    }
    throw err;
  }
}
