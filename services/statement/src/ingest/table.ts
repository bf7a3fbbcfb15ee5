import { AmountFormatError, readAmountNumber, readAmountText, type ReadAmount } from './amounts';
import { DateFormatError, readDateText, readDateValue } from './dates';
import { parseFailed } from './errors';
import type { IsoDate, ParsedStatement, StatementRow } from './types';

/** One cell as a reader hands it over: text (CSV, PDF), or a spreadsheet's typed value. */
export type CellValue = string | number | Date | null | undefined;

type Meaning = 'date' | 'particulars' | 'outflow' | 'inflow' | 'balance';

/**
 * The contract's header names (section 6), normalised (see normaliseHeader), in order of preference when a
 * file has more than one column of a meaning: a transaction date wins over a value date. `transaction remarks`
 * is ICICI's real header and is accepted beside the contract's list.
 */
const HEADER_NAMES: Record<Meaning, string[]> = {
  date: ['date', 'txn date', 'transaction date', 'tran date', 'value date'],
  particulars: ['particulars', 'description', 'narration', 'details', 'transaction details', 'remarks', 'transaction remarks'],
  outflow: ['withdrawal', 'withdrawal amt', 'withdrawal amount', 'debit', 'debit amount', 'dr'],
  inflow: ['deposit', 'deposit amt', 'deposit amount', 'credit', 'credit amount', 'cr'],
  balance: ['balance', 'closing balance', 'running balance'],
};

const MEANINGS = Object.keys(HEADER_NAMES) as Meaning[];
const MEANING_BY_NAME = new Map<string, { meaning: Meaning; rank: number }>(
  MEANINGS.flatMap((meaning) => HEADER_NAMES[meaning].map((name, rank) => [name, { meaning, rank }] as const)),
);

/** Preamble lines allowed before the header; a file without a header is refused without reading it all. */
export const MAX_PREAMBLE_ROWS = 200;

const ACCOUNT_LABEL = /\b(?:account|a\/c|acct)\.?\s*(?:number|num|no)\b\.?/i;
const ACCOUNT_TOKEN = /^[0-9Xx*][0-9Xx*-]*$/;
// Rows that close a table or summarise it are not transactions (HDFC's "STATEMENT SUMMARY", totals, B/F lines).
const END_OF_TABLE = /statement summary|end of statement/i;
const SUMMARY_PARTICULARS = /\b(?:total|totals|opening balance|closing balance|balance b\/f|balance c\/f|brought forward|carried forward)\b/i;
const PAGE_MARKER = /^page \d+(?: of \d+)?$/i;
const DECORATION = /^[*=_\-–—.\s]*$/;

export const EXPECTED_HEADER_HELP =
  'a header row naming a date column (Date, Txn Date, Transaction Date, Value Date, Tran Date), a particulars column ' +
  '(Particulars, Description, Narration, Details, Remarks) and a withdrawal or deposit column (Withdrawal, Debit, Dr, Deposit, Credit, Cr)';

/** Lowercase, no parenthesised units ("Balance (INR)"), punctuation to single spaces ("Withdrawal Amt." -> "withdrawal amt"). */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9/]+/g, ' ')
    .trim();
}

/**
 * The account number written after a label such as `Account Number` or `A/C No`, or null: the whitespace-
 * separated tokens after the label made of digits, `X`/`*` masks and dashes (a number printed in groups is
 * kept whole), with at least 4 digits in all.
 */
export function findAccountNumber(text: string): string | null {
  const label = ACCOUNT_LABEL.exec(text);
  if (!label) return null;
  const rest = text.slice(label.index + label[0].length).replace(/^[\s:#.=_-]+/, '');
  const tokens: string[] = [];
  for (const raw of rest.split(/\s+/)) {
    const token = raw.replace(/[,;.]+$/, '');
    if (!ACCOUNT_TOKEN.test(token) || (tokens.length > 0 && !/\d/.test(token))) break;
    tokens.push(token);
    if (token !== raw) break;
  }
  const value = tokens.join(' ').replace(/-+$/, '');
  return (value.match(/\d/g)?.length ?? 0) >= 4 ? value : findAccountNumber(rest);
}

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'number') return String(value);
  return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
}

type Columns = Record<'date' | 'particulars', number> & Partial<Record<'outflow' | 'inflow' | 'balance', number>>;

function matchHeader(texts: string[]): Columns | null {
  const best = new Map<Meaning, { index: number; rank: number }>();
  texts.forEach((text, index) => {
    const hit = MEANING_BY_NAME.get(normaliseHeader(text));
    if (!hit) return;
    const current = best.get(hit.meaning);
    if (!current || hit.rank < current.rank) best.set(hit.meaning, { index, rank: hit.rank });
  });
  const date = best.get('date');
  const particulars = best.get('particulars');
  if (!date || !particulars || (!best.has('inflow') && !best.has('outflow'))) return null;
  return {
    date: date.index,
    particulars: particulars.index,
    outflow: best.get('outflow')?.index,
    inflow: best.get('inflow')?.index,
    balance: best.get('balance')?.index,
  };
}

/**
 * Turns a statement's rows of cells, as any reader produces them, into statement rows: finds the account
 * number in the preamble and the header row, then reads each row under it. Rows are pushed one at a time so a
 * reader can stream; `describe` names a position for error messages ("line 14", "page 2, line 7").
 */
/**
 * The most transactions one statement may hold. Rows are held in memory between reading and storing; the bound
 * keeps a worker's memory predictable (a 20 MiB CSV holds ~200,000 rows; 200,000 XLSX rows peak at ~290 MB RSS
 * under the worker's 256 MB heap cap, BENCHMARKS.md) and turns a bigger file into a clear PARSE_FAILED instead
 * of an out-of-memory crash.
 */
export const MAX_STATEMENT_ROWS = 200_000;

export class StatementTable {
  private columns: Columns | null = null;
  private header: string[] = [];
  private headerKeys = '';
  private accNo: string | null = null;
  private rowsSeen = 0;
  private ended = false;
  private lastRowContinuable = false;
  readonly rows: StatementRow[] = [];

  /**
   * @param describe names a position for error messages ("line 14", "page 2, line 7")
   * @param strictWidth refuse a transaction row with filled cells beyond the header: in a CSV that is an
   *   unquoted amount with a thousands separator (`1,234.50` split in two), which must never be read as two amounts
   */
  constructor(
    private readonly describe: (position: number) => string,
    private readonly strictWidth = false,
  ) {}

  get hasHeader(): boolean {
    return this.columns !== null;
  }

  /** Returns false once nothing more will be read (the table has ended). */
  push(cells: CellValue[], position: number): boolean {
    if (this.ended) return false;
    if (!this.columns) {
      this.pushPreamble(cells, position);
      return true;
    }
    this.pushBody(cells, position);
    return !this.ended;
  }

  finish(fileDescription: string): Pick<ParsedStatement, 'rows' | 'metadata'> {
    if (!this.columns) throw parseFailed(`no header row found in the ${fileDescription}: expected ${EXPECTED_HEADER_HELP}`);
    return { rows: this.rows, metadata: { acc_no: this.accNo, header: this.header } };
  }

  private pushPreamble(cells: CellValue[], position: number): void {
    const texts = cells.map(cellText);
    if (texts.every((t) => t === '')) return;
    this.rowsSeen++;
    const columns = matchHeader(texts);
    if (columns) {
      this.columns = columns;
      let last = texts.length;
      while (last > 0 && texts[last - 1] === '') last--;
      this.header = texts.slice(0, last);
      this.headerKeys = this.header.map(normaliseHeader).join('|');
      return;
    }
    if (this.accNo === null) this.accNo = findAccountNumber(texts.join(' '));
    if (this.rowsSeen >= MAX_PREAMBLE_ROWS) {
      throw parseFailed(`no header row found in the first ${MAX_PREAMBLE_ROWS} lines (up to ${this.describe(position)}): expected ${EXPECTED_HEADER_HELP}`);
    }
  }

  private pushBody(cells: CellValue[], position: number): void {
    const columns = this.columns!;
    const dateText = cellText(cells[columns.date]);
    // Every date starts with a digit; anything else is not a transaction line and gets the slower checks.
    if (!/^\d/.test(dateText)) {
      this.pushOtherLine(cells, dateText, position);
      return;
    }
    if (this.strictWidth && cells.length > this.header.length) this.checkWidth(cells, position);
    const date = this.readDate(cells[columns.date], dateText, position);
    const particulars = cellText(cells[columns.particulars]);
    const inflow = this.readDirected(columns.inflow === undefined ? null : cells[columns.inflow], 'inflow', position);
    const outflow = this.readDirected(columns.outflow === undefined ? null : cells[columns.outflow], 'outflow', position);
    const balance = this.readBalance(columns.balance === undefined ? null : cells[columns.balance], position);
    if (this.rows.length >= MAX_STATEMENT_ROWS) {
      throw parseFailed(`${this.describe(position)}: the statement has more than ${MAX_STATEMENT_ROWS.toLocaleString('en')} transactions; split it into smaller statements (by date) and upload each`);
    }
    this.rows.push({ date, particulars, inflow, outflow, balance });
    this.lastRowContinuable = true;
  }

  /** Blank lines, decorations, repeated headers, page markers, wrapped narrations, summaries and the table's end. */
  private pushOtherLine(cells: CellValue[], dateText: string, position: number): void {
    const columns = this.columns!;
    const texts = cells.map(cellText);
    if (texts.every((t) => DECORATION.test(t))) return;
    const joined = texts.join(' ').trim();
    if (END_OF_TABLE.test(joined)) {
      this.ended = true;
      return;
    }
    const continuable = this.lastRowContinuable;
    this.lastRowContinuable = false;
    if (normaliseHeaderRow(texts) === this.headerKeys || PAGE_MARKER.test(joined)) return;
    // Lines such as "Opening Balance" spilling into the date column.
    if (dateText !== '') return;

    const particulars = texts[columns.particulars] ?? '';
    const hasAmount =
      (columns.inflow !== undefined && texts[columns.inflow] !== '' && texts[columns.inflow] !== undefined) ||
      (columns.outflow !== undefined && texts[columns.outflow] !== '' && texts[columns.outflow] !== undefined);
    const hasBalance = columns.balance !== undefined && (texts[columns.balance] ?? '') !== '';
    if (!hasAmount) {
      // A narration wrapped onto the next line belongs to the row above it.
      if (particulars !== '' && !hasBalance && continuable) {
        const previous = this.rows[this.rows.length - 1]!;
        previous.particulars = `${previous.particulars} ${particulars}`;
        this.lastRowContinuable = true;
      }
      return;
    }
    if (SUMMARY_PARTICULARS.test(particulars)) return;
    throw parseFailed(`${this.describe(position)}: has amounts but no date (the "${this.header[columns.date]}" column is blank)`);
  }

  private checkWidth(cells: CellValue[], position: number): void {
    let filled = cells.length;
    while (filled > 0 && cellText(cells[filled - 1]) === '') filled--;
    if (filled > this.header.length) {
      throw parseFailed(
        `${this.describe(position)}: has ${filled} fields but the header has ${this.header.length}; ` +
          'an amount with thousands separators (1,234.50) must be quoted in a CSV',
      );
    }
  }

  private readDate(cell: CellValue, text: string, position: number): IsoDate {
    try {
      return cell instanceof Date || typeof cell === 'number' ? readDateValue(cell, text) : readDateText(text);
    } catch (err) {
      if (err instanceof DateFormatError) throw parseFailed(`${this.describe(position)}: date ${err.message}`);
      throw err;
    }
  }

  private readAmount(cell: CellValue, meaning: Meaning, position: number): ReadAmount | null {
    try {
      if (typeof cell === 'number') return readAmountNumber(cell);
      return readAmountText(cellText(cell));
    } catch (err) {
      if (err instanceof AmountFormatError) throw parseFailed(`${this.describe(position)}: ${this.columnName(meaning)} ${err.message}`);
      throw err;
    }
  }

  /** Withdrawals and deposits are magnitudes: the column says the direction. */
  private readDirected(cell: CellValue, meaning: 'inflow' | 'outflow', position: number): bigint {
    const amount = this.readAmount(cell, meaning, position);
    if (!amount) return 0n;
    const contrary = meaning === 'inflow' ? 'dr' : 'cr';
    if (amount.marker === contrary) {
      throw parseFailed(`${this.describe(position)}: ${this.columnName(meaning)} "${cellText(cell)}" is marked ${contrary === 'dr' ? 'Dr' : 'Cr'}, the opposite of its column`);
    }
    if (amount.value >= 0n) return amount.value;
    // Banks that print debits with a minus in the debit column mean the same debit; a negative deposit
    // (a reversal?) has no reading that is certainly right, so it is refused rather than guessed.
    if (meaning === 'outflow') return -amount.value;
    throw parseFailed(`${this.describe(position)}: ${this.columnName(meaning)} "${cellText(cell)}" is negative; a deposit must be zero or more`);
  }

  /** A balance is signed: a minus, parentheses or a `Dr` marker mean overdrawn. */
  private readBalance(cell: CellValue, position: number): bigint | null {
    const amount = this.readAmount(cell, 'balance', position);
    if (!amount) return null;
    if (amount.marker === null) return amount.value;
    if (amount.value < 0n) {
      throw parseFailed(`${this.describe(position)}: ${this.columnName('balance')} "${cellText(cell)}" has both a sign and a Cr/Dr marker`);
    }
    return amount.marker === 'dr' ? -amount.value : amount.value;
  }

  private columnName(meaning: Meaning): string {
    const index = this.columns?.[meaning as keyof Columns];
    return `${meaning} column "${index === undefined ? meaning : this.header[index]}"`;
  }
}

function normaliseHeaderRow(texts: string[]): string {
  let last = texts.length;
  while (last > 0 && texts[last - 1] === '') last--;
  return texts.slice(0, last).map(normaliseHeader).join('|');
}
