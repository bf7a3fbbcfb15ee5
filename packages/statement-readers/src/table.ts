import { accountFacts, CURRENCY_COLUMN_NAMES } from './account-facts';
import { AmountFormatError, readAmountNumber, readAmountText, type ReadAmount } from './amounts';
import { DateFormatError, dateInStatementYear, dayOrderEvidence, looksLikeDate, readDateText, readDateValue, readDayMonth, type DayOrder } from './dates';
import { parseFailed } from './errors';
import { columnsWidth, EXPECTED_HEADER_HELP, matchHeader, NO_TABLE_ADVICE, normaliseHeader, type Columns, type Meaning } from './header';
import { recogniseByFileName, recogniseByHeader, recogniseByText, vocabularyOf, type BankProfile, type ProfileOptions } from './profiles/profile';
import { CLOSING, END_OF_TABLE, OPENING, PAGE_MARKER, SUMMARY_LABEL, summaryFigure, TOTAL, TOTAL_LABELS } from './vocabulary';
import type { IsoDate, PrintedFigure, PrintedFigures, ReaderOutput, ReadWarning, StatementRow } from './types';

export { EXPECTED_HEADER_HELP, normaliseHeader } from './header';

/** One cell as a reader hands it over: text (CSV, PDF), or a spreadsheet's typed value. */
export type CellValue = string | number | Date | null | undefined;

/** Preamble lines allowed before the header; a file without a header is refused without reading it all. */
export const MAX_PREAMBLE_ROWS = 200;

/**
 * The most transactions one statement may hold. Rows are held in memory between reading and storing; the bound
 * keeps a worker's memory predictable (a 20 MiB CSV holds ~200,000 rows; 200,000 XLSX rows peak at ~290 MB RSS
 * under the worker's 256 MB heap cap, BENCHMARKS.md) and turns a bigger file into a clear PARSE_FAILED instead
 * of an out-of-memory crash.
 */
export const MAX_STATEMENT_ROWS = 200_000;

/**
 * How the reason of a line read for its figures ends (an opening/closing balance, B/F, C/F or total line): such a
 * line was read, as what it is, so it does not count among the lines a file failed to read.
 */
export const READ_AS_FIGURES = ', not a transaction';

/** Warnings kept in parsed_data; past this, one last warning counts the rest (a file of garbage stays small). */
export const MAX_WARNINGS = 500;

// "Account No", "A/c No.", "Card Number", or "Account" right before the number ("POSB eSavings Account 123-45678-9",
// HSBC's "ACCOUNT- 3423564233525"); European exports: IBAN, Kontonummer / Konto, numéro de compte, conto, cuenta.
const ACCOUNT_LABEL = new RegExp(
  String.raw`\b(?:(?:account|a\/c|acct|card)\.?\s*(?:number|num|no)\b\.?|account(?=[\s:#-]*[0-9Xx*]{2,}[0-9Xx*-]*\d)` +
    String.raw`|iban\b|kontonummer\b|konto(?:-?nr\.?)?(?=[\s:]|$)|num[eé]ro de compte\b|n[°o]\.? de compte\b|compte n[°o]\.?` +
    String.raw`|(?:numero (?:di )?)?conto(?: corrente)?(?: n\.?(?=\s|$))?(?=[\s:]|$)|n[uú]mero de cuenta\b|cuenta\b|rekeningnummer\b)`,
  'i',
);
const ACCOUNT_TOKEN = /^[0-9Xx*][0-9Xx*-]*$/;
// An IBAN, whole or printed in groups of four: `DE12 5001 ...`, `GB29 NWBK 6016 ...`.
const IBAN_START = /^[A-Z]{2}\d{2}(?:[A-Z0-9]{10,30})?$/;
const IBAN_GROUP = /^[A-Z0-9]{1,4}$/;
// A currency glued to the number: `000011112222(INR)`.
const GLUED_CURRENCY = /\(\s*[A-Z]{3}\s*\)$/;
// A particulars cell that is a balance label and nothing more ("Anfangssaldo", "Opening Balance"): such a line is the
// balance even where it prints the figure in an amount column.
// The label may end in punctuation or `as of <date>` (class J: `OPENING BALANCE ...`, `Beginning balance as of 03/01/2030`),
// and start with `Balance` (`Balance Brought Forward`).
const BALANCE_LABEL_ONLY = new RegExp(
  String.raw`^(?:balance\s+)?(?:${OPENING.source}|${CLOSING.source})(?:\s+as\s+(?:of|on|at)\s+(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}\s+[a-z]{3,9}\.?\s+\d{2,4}))?[\s.:…-]*$`,
  'i',
);
// A card statement's credits when nothing else marks them: the payment of the bill, refunds and reversals.
// "UPI PAYMENT TO A SHOP" is spending, so a payment to or for someone is not one.
const SUMMARY_WORDS = new RegExp(SUMMARY_LABEL, 'i');
/** A payment made, not received (`CITY WATER Bill Payment`, Revolut's `CARD_PAYMENT`). */
const PAYMENT_MADE = /\b(?:card|bill)[ _]payment\b/i;
const CARD_CREDIT = /\b(?:payment(?! (?:to|for)\b)|refund|reversal|cashback|cash back)\b/i;
const DECORATION = /^[*=_\-–—.\s]*$/;
// An amount printed with decimals (`1,234.50`, `1.234,50`, `12.5 Cr`): a figure without them is in whole units.
const WITH_DECIMALS = /\d[.,]\d{1,3}(?!\d)/;
// The first half of a date split over two lines: "2 Jun", "02/06".
const PARTIAL_DATE = /^(?:\d{1,2}[ -][A-Za-z]{3,9}\.?|\d{1,2}[/-]\d{1,2})$/;
// A date at the start of a cell that also holds narration spilled into it.
const LEADING_DATE = /^(\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}|\d{1,2}[ -][A-Za-z]{3,9}[ -]\d{2,4})\s+(\S.*)$/;
// Figures printed on one line with their label: "Opening Balance : 12,345.00 Cr".
// Never the start of a date (`Beginning balance as of 09/10/2025` prints no figure, not 9.00).
const AMOUNT_TOKEN = String.raw`(-?\(?(?:₹|rs\.?|inr|\$|sgd|usd)?\s*-?[\d,]+(?![\d,]|[/.-]\d{1,2}[/.-]\d)(?:\.\d{1,3})?\)?(?:\s*(?:cr|dr)\b\.?)?)`;
// Between the label and its figure: words, and the date the balance is as of.
const LABEL_GAP = String.raw`(?:[^\d(-]|\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b){0,40}?`;
const PRINTED_OPENING = new RegExp(String.raw`(?:opening|beginning|starting)\s+bal(?:ance)?\b${LABEL_GAP}${AMOUNT_TOKEN}`, 'i');
// SBI's preamble: "Balance as on 1 Oct 2026 : 12,345.00" is the balance the statement opens with.
const PREAMBLE_BALANCE = new RegExp(String.raw`\bbalance as (?:on|of|at)\s+[\w ,/-]{4,20}?\s*:\s*${AMOUNT_TOKEN}`, 'i');
// Where a statement says when it was drawn up: its date, or its period (the end of which is taken). The year of
// dates printed without one (card statements' `02/07`, `AUG 3`) comes from it.
const STATEMENT_WHEN =
  /\b(?:statement\s+(?:date|period|closing\s+date|as\s+of|from|for)|closing\s+date|billing\s+(?:date|period|cycle)|(?:for\s+the\s+)?period|from(?=.*\bto\b))\b/i;
const DATE_IN_TEXT =
  /\b(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}[ -]?[A-Za-z]{3,9}\.?,?[ -]?\d{2,4}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4})\b/g;
const PERIOD_ONLY = new RegExp(String.raw`^\W*(?:${DATE_IN_TEXT.source})\s*(?:-|–|to|through|thru)\s*(?:${DATE_IN_TEXT.source})\W*$`, 'i');
const CURRENCY_LINE = /\bcurrency\s*(?:code)?\s*[:\-]?\s*([A-Z]{3})\b/;
const PRINTED_CLOSING = new RegExp(String.raw`(?:closing|ending)\s+bal(?:ance)?\b${LABEL_GAP}${AMOUNT_TOKEN}`, 'i');
// A summary block: a row of labels, then a row of their values (HDFC: Opening Balance, Dr Count, Cr Count, Debits, Credits, Closing Bal).

/**
 * The account number written after a label such as `Account Number`, `A/C No` or (card statements) `Card No`,
 * or null: the whitespace-separated tokens after the label made of digits, `X`/`*` masks and dashes (a number
 * printed in groups is kept whole), with at least 4 digits in all. Only labelled numbers count, so a phone number
 * or a customer id is never taken.
 */
export function findAccountNumber(text: string): string | null {
  const label = ACCOUNT_LABEL.exec(text);
  if (!label) return null;
  const rest = text.slice(label.index + label[0].length).replace(/^[\s:#.=_-]+/, '');
  const tokens: string[] = [];
  let iban = false;
  for (const raw of rest.split(/\s+/)) {
    const token = raw.replace(/[,;.]+$/, '').replace(GLUED_CURRENCY, '');
    if (tokens.length === 0 && IBAN_START.test(token)) iban = true;
    else if (
      iban
        ? !IBAN_GROUP.test(token)
        : !ACCOUNT_TOKEN.test(token) || isCalendarDate(token) || (tokens.length > 0 && !/\d/.test(token) && !/^[Xx*]{4}$/.test(token))
    )
      break;
    tokens.push(token);
    if (token !== raw) break;
  }
  const value = tokens.join(' ').replace(/-+$/, '');
  return (value.match(/\d/g)?.length ?? 0) >= 4 ? value : findAccountNumber(rest);
}

/**
 * A cell of an account-number column: the whole cell where it is shaped like one (`0123 45678901.23A`,
 * `0000 **** **** 0000`, an IBAN), else what findAccountNumber reads after a label; never a date or an amount.
 */
function accountCell(text: string): string | null {
  const value = text.trim();
  if (
    /^[A-Za-z0-9*][A-Za-z0-9 .\/*-]*[A-Za-z0-9*]$/.test(value) &&
    (value.match(/\d/g)?.length ?? 0) >= 4 &&
    !/[a-z]{2}/i.test(value.replace(/^[A-Z]{2}\d{2}/, '')) &&
    !isCalendarDate(value) &&
    !/^\d{1,3}(?:[.,]\d{3})*[.,]\d{2}$/.test(value)
  )
    return value;
  return findAccountNumber(`Account Number ${value}`);
}

/** `01-03-2030` after a label is the statement's date, not its account; a sort code (`12-34-56`) is no date. */
function isCalendarDate(token: string): boolean {
  const m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(token);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return (a >= 1 && a <= 31 && b >= 1 && b <= 12) || (b >= 1 && b <= 31 && a >= 1 && a <= 12);
}

/** A cell that is an account label and nothing else (`ACCOUNT NUMBER`, `Konto:`), whose value may sit under it. */
function isAccountLabelCell(text: string): boolean {
  const label = ACCOUNT_LABEL.exec(text);
  return label !== null && label.index === 0 && /^[\s:#.=_-]*$/.test(text.slice(label[0].length));
}

export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'number') return String(value);
  return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
}

/** Cells of up to three header lines joined column by column: "Withdrawal" over "Amt." is "Withdrawal Amt.". */
function mergeLines(lines: string[][]): string[] {
  const width = Math.max(...lines.map((l) => l.length));
  return Array.from({ length: width }, (_, i) =>
    lines
      .map((l) => l[i] ?? '')
      .filter((t) => t !== '')
      .join(' '),
  );
}

function trimTrailing(texts: string[]): string[] {
  let last = texts.length;
  while (last > 0 && texts[last - 1] === '') last--;
  return texts.slice(0, last);
}

/** A row read from the file, before the column-wide decisions (day order, direction of single amounts). */
interface PendingRow {
  position: number;
  date: IsoDate | null;
  dateText: string;
  particulars: string;
  inflow: bigint;
  outflow: bigint;
  /** A single-amount layout: the amount as written (signed or marked), and the direction column's text. */
  amount: ReadAmount | null;
  direction: 'in' | 'out' | null;
  balance: bigint | null;
  hasAmount: boolean;
  /** A withdrawal or deposit printed negative (a reversal?): the balance decides its direction in finish(). */
  negative?: { meaning: 'inflow' | 'outflow'; text: string };
  /** A single amount printed with an explicit `+` or `-`. */
  printedSign?: '+' | '-' | null;
  /** For a row without amounts: amounts printed in columns that hold none (a cheque-number cell), with their column. */
  stray?: { value: bigint; column: number }[];
}

class SkipLine extends Error {}

/**
 * Turns a statement's rows of cells, as any reader produces them, into statement rows: finds the account
 * number and printed balances in the preamble and the header (one to three lines), then reads each row under it.
 * A line that is not a transaction, or that cannot be read, is skipped and reported as a warning with its
 * position and reason; only a file without a header (or with more rows than MAX_STATEMENT_ROWS) fails whole.
 * Decisions that need the whole file are taken in finish(): the day order of numeric dates (from the whole
 * column, never row by row) and the direction of single amounts (marker, type column, balance chain, signs).
 */
export class StatementTable {
  private columns: Columns | null = null;
  private header: string[] = [];
  private headerKeys = '';
  private headerLines: string[][] = [];
  private accNo: string | null = null;
  private currency: string | null = null;
  /** The values of an account-number column (header.ts): the statement's own only when every row prints the same. */
  private readonly accountValues = new Set<string>();
  /** The values of a currency column (at most two kept: one is the account's currency, two are none). */
  private readonly currencyValues = new Set<string>();
  private currencyColumn: number | undefined;
  /** The values of the columns no meaning claims, while each holds one value: an account number without a header name. */
  private readonly constantColumns = new Map<number, string | null>();
  /** An opening balance line met after rows had been read (see readSummaryLine). */
  private lateOpening: { figure: bigint; rows: number } | null = null;
  private rowsSeen = 0;
  private afterTable = false;
  private lastLineContinues = false;
  private summaryLabels: (PrintedFigure | null)[] | null = null;
  private readonly pending: PendingRow[] = [];
  /** Warnings with the line number they were found at, sorted into file order by finish(). */
  private readonly warnings: (ReadWarning & { at: number })[] = [];
  private skipped = 0;
  /** Warnings about the file as a whole (an assumption taken for a column), after the line warnings. */
  private readonly fileWarnings: ReadWarning[] = [];
  private readonly printed: PrintedFigures = {};
  private readonly totals: { inflow: bigint; outflow: bigint }[] = [];
  private dmyEvidence = 0;
  private mdyEvidence = 0;
  /** Magnitudes of the printed figures read from text without decimals (`Debits 123457`). */
  private readonly wholeFigures = new Set<bigint>();
  /** The bank profile the file was recognised as, and its header names; null: read by inference alone. */
  private profile: BankProfile | null = null;
  private bankNames: ReadonlyMap<string, Meaning> | undefined;
  private readonly profiles: readonly BankProfile[];
  /** The preamble's lines (joined cells), at most MAX_PREAMBLE_ROWS of them. */
  private readonly preamble: string[] = [];
  /** The dates on the line that says when the statement was drawn up (its date, or its period's two ends). */
  private statementWhen: string[] | null = null;
  /** ProfileOptions.capture: lines go there, and nothing is read. */
  private readonly capture: ((cells: CellValue[], position: string) => void) | null;

  /**
   * @param describe names a position for warnings ("line 14", "page 2, line 7")
   * @param strictWidth skip a transaction row with filled cells beyond the header: in a CSV that is an
   *   unquoted amount with a thousands separator (`1,234.50` split in two), which must never be read as two amounts
   * @param reading the bank profiles the file may be recognised as (none: inference alone) and the file's name
   */
  constructor(
    private readonly describe: (position: number) => string,
    private readonly strictWidth = false,
    reading: ProfileOptions = {},
  ) {
    this.profiles = reading.profiles ?? [];
    this.capture = reading.capture ?? null;
    this.useProfile(reading.recognised ?? recogniseByFileName(this.profiles, reading.fileName));
  }

  private useProfile(profile: BankProfile | null): void {
    if (!profile || this.profile) return;
    this.profile = profile;
    this.bankNames = vocabularyOf(profile);
    // A profile recognised by its header comes after the preamble: its account-number pattern reads the lines above.
    for (const line of this.preamble) {
      const own = profile.accountNumber?.exec(line)?.[1];
      if (own) {
        this.accNo = own;
        break;
      }
    }
  }

  /**
   * For readers whose text cells may use a decimal comma (spreadsheets: an Italian bank's `1.234,56`): a text
   * amount that point-decimal reading refuses is read once more through this rewrite. Point-decimal wins where
   * both read, so `1,234.50` stays one thousand.
   */
  decimalComma: ((text: string) => string) | null = null;

  get hasHeader(): boolean {
    return this.columns !== null;
  }

  /** The header's width (cells), once found. */
  get headerWidth(): number {
    return this.header.length;
  }

  /** Takes one line of the file. Returns true (kept for readers that stop early; a table now reads to the end). */
  push(cells: CellValue[], position: number): boolean {
    if (this.capture) {
      this.capture(cells, this.describe(position));
      return true;
    }
    if (!this.columns) {
      this.pushPreamble(cells, position);
      return true;
    }
    if (this.afterTable) {
      this.readFigures(cells.map(cellText));
      return true;
    }
    this.pushBody(cells, position);
    return true;
  }

  /** Records a line the reader itself could not make sense of (a CSV row that no reading fits). */
  warn(position: number, reason: string, text: string): void {
    this.skipped++;
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push({ at: position, position: this.describe(position), reason, text: text.slice(0, 200) });
  }

  finish(fileDescription: string): ReaderOutput {
    if (this.capture) return { rows: [], metadata: { acc_no: null, header: [] }, warnings: [], printed: {} };
    if (!this.columns) throw parseFailed(`no header row found in the ${fileDescription}: expected ${EXPECTED_HEADER_HELP}. What to do: ${NO_TABLE_ADVICE}`);
    let order = this.dayOrder();
    let reference = this.statementDate(order);
    if (reference && this.dmyEvidence === 0 && this.mdyEvidence === 0) {
      // Days and months without a year that either order can read (`08/03`): the order under which more of them
      // fall in the statement's last ten weeks.
      const other: DayOrder = order === 'dmy' ? 'mdy' : 'dmy';
      const otherReference = this.statementDate(other);
      if (otherReference && this.datesInPeriod(other, otherReference) > this.datesInPeriod(order, reference)) {
        order = other;
        reference = otherReference;
      }
    }
    const rows: StatementRow[] = [];
    const kept: PendingRow[] = [];
    this.repairFromChain();
    for (const row of this.pending) {
      if (!row.hasAmount) {
        this.warn(row.position, 'a dated line without any amount is not a transaction', `${row.dateText} ${row.particulars}`);
        continue;
      }
      if (row.date === null) {
        try {
          row.date = readDateText(row.dateText, order);
        } catch (err) {
          if (!(err instanceof DateFormatError)) throw err;
          const dayMonth = readDayMonth(row.dateText, order);
          const date = dayMonth && reference ? dateInStatementYear(dayMonth.month, dayMonth.day, reference) : null;
          if (date) row.date = date;
          else {
            const reason = dayMonth
              ? `date "${row.dateText}" has no year, and the file prints no statement date or period to take the year from`
              : `date ${err.message}`;
            this.warn(row.position, reason, `${row.dateText} ${row.particulars}`);
            continue;
          }
        }
      }
      kept.push(row);
    }
    this.resolveDirections(kept);
    const columnSums = this.columnSums(kept);
    for (const row of this.resolveNegatives(kept)) {
      rows.push({
        date: row.date!,
        particulars: row.particulars,
        inflow: row.inflow,
        outflow: row.outflow,
        balance: row.balance,
        position: this.describe(row.position),
      });
    }
    this.settleTotals();
    // Kept only where a printed total needs it: it agrees with its column summed as printed, not with the rows.
    if (columnSums) {
      const sum = (key: 'inflow' | 'outflow') => rows.reduce((total, row) => total + row[key], 0n);
      const needed = (key: 'inflow' | 'outflow') => {
        const printed = this.printed[key === 'inflow' ? 'total_inflow' : 'total_outflow'];
        return printed != null && printed === columnSums[key] && printed !== sum(key);
      };
      if (needed('inflow') || needed('outflow')) this.printed.column_sums = columnSums;
    }
    if (this.printed.opening_balance == null && this.lateOpening && this.lateOpening.rows === this.pending.length)
      this.printed.opening_balance = this.lateOpening.figure;
    const warnings: ReadWarning[] = this.warnings.sort((a, b) => a.at - b.at).map(({ position, reason, text }) => ({ position, reason, text }));
    if (this.skipped > warnings.length) {
      warnings.push({
        position: 'file',
        reason: `${this.skipped - warnings.length} more lines were skipped (only the first ${MAX_WARNINGS} are listed)`,
        text: '',
      });
    }
    if (this.accNo === null && this.accountValues.size === 1) this.accNo = accountCell([...this.accountValues][0]!);
    if (this.accNo === null && this.accountValues.size === 0) this.accNo = this.constantAccount(rows.length);
    const facts = accountFacts({
      accNo: this.accNo,
      header: this.header,
      preamble: this.preamble,
      outside: warnings.map((w) => w.text),
      currencyColumn: this.currencyValues,
      profileBank: this.profile?.bank ?? null,
    });
    const currency = this.currency ?? facts.currency;
    const metadata = {
      acc_no: this.accNo,
      header: this.header,
      ...(currency ? { currency } : {}),
      ...(facts.kind ? { kind: facts.kind } : {}),
      ...(facts.bank ? { bank: facts.bank } : {}),
    };
    const figures = (['opening_balance', 'closing_balance', 'total_inflow', 'total_outflow'] as const).filter((key) => {
      const value = this.printed[key];
      return value != null && this.wholeFigures.has(value < 0n ? -value : value);
    });
    const printed = figures.length > 0 ? { ...this.printed, whole_units: figures } : this.printed;
    return { rows, metadata, warnings: [...warnings, ...this.fileWarnings], printed, ...(this.profile ? { profile: this.profile.id } : {}) };
  }

  // --- preamble ---------------------------------------------------------------------------------------------

  private pushPreamble(cells: CellValue[], position: number): void {
    const texts = cells.map(cellText);
    if (texts.every((t) => t === '')) return;
    this.rowsSeen++;
    const joined = texts.filter((t) => t !== '').join(' ');
    this.preamble.push(joined);
    this.useProfile(recogniseByText(this.profiles, joined));
    const previous = this.headerLines;
    // The header may span up to three lines ("Withdrawal" over "Amt."): the line alone first, then with the lines above.
    // A blank cell taken for the narration only where no header over more lines names it (header.ts).
    for (const [unnamed, lines] of [false, true].flatMap((u) =>
      [[texts], [...previous.slice(-1), texts], [...previous.slice(-2), texts]].map((l) => [u, l] as const),
    )) {
      if (lines.length > 1 && lines.length - 1 > previous.length) continue;
      const merged = lines.length === 1 ? texts : mergeLines(lines);
      const byHeader = this.profile ? null : recogniseByHeader(this.profiles, merged);
      const columns = matchHeader(merged, byHeader ? vocabularyOf(byHeader) : this.bankNames, unnamed);
      if (columns) {
        this.useProfile(byHeader);
        this.columns = columns;
        this.header = trimTrailing(merged);
        // An unnamed column the header still reads (the S/H or CR marker right of an amount) is part of its width.
        while (this.header.length < columnsWidth(columns)) this.header.push('');
        this.headerKeys = this.header.map(normaliseHeader).join('|');
        this.headerLines = lines.map(trimTrailing);
        return;
      }
    }
    const above = previous[previous.length - 1];
    this.headerLines = [...previous.slice(-1), texts];
    // A row of labels over a row of values (`ACCOUNT NUMBER  ACCOUNT TYPE` / `000011112222  SAVINGS`): each value
    // is read with the label above it (readers align the cells by column). A row of labels holds no figures, or
    // names the account in a cell of its own (`Konto:` beside `Stand 01.03.2030`).
    const labelRow =
      above !== undefined &&
      ((texts.length > 1 && above.some(isAccountLabelCell)) || (above.filter((t) => t !== '').length >= 2 && above.every((t) => !/\d/.test(t))));
    const labelled = labelRow ? texts.map((t, i) => (t !== '' && (above[i] ?? '') !== '' ? `${above[i]} ${t}` : '')).filter((t) => t !== '') : [];
    for (const text of [joined, ...labelled]) {
      if (this.accNo === null) this.accNo = this.profile?.accountNumber?.exec(text)?.[1] ?? findAccountNumber(text);
      this.noteStatementWhen(text);
    }
    if (this.currency === null) this.currency = CURRENCY_LINE.exec(joined)?.[1] ?? null;
    const asOn = PREAMBLE_BALANCE.exec(joined);
    if (asOn && this.printed.opening_balance == null) this.printed.opening_balance = this.quietAmount(asOn[1]!);
    this.readFigures(texts);
    if (this.rowsSeen >= MAX_PREAMBLE_ROWS) {
      throw parseFailed(
        `no header row found in the first ${MAX_PREAMBLE_ROWS} lines (up to ${this.describe(position)}): expected ${EXPECTED_HEADER_HELP}. What to do: ${NO_TABLE_ADVICE}`,
      );
    }
  }

  /**
   * The statement date or period, from the first line that prints one (labelled, or a bare `date - date`):
   * readers pass the text they set aside too, since some statements print it beside or under the table.
   */
  noteStatementWhen(text: string): void {
    if (this.statementWhen !== null) return;
    const label = STATEMENT_WHEN.exec(text);
    if (label) this.statementWhen = text.slice(label.index).match(DATE_IN_TEXT);
    // A period printed without a label (`Jul 05, 2023 - Aug 04, 2023`).
    else if (PERIOD_ONLY.test(text)) this.statementWhen = text.match(DATE_IN_TEXT);
  }

  /** Printed opening/closing balances on a labelled line, and summary blocks (a row of labels, then their values). */
  private readFigures(texts: string[]): void {
    if (this.summaryLabels) {
      const labels = this.summaryLabels;
      this.summaryLabels = null;
      labels.forEach((key, i) => {
        if (!key) return;
        const value = this.quietAmount(texts[i] ?? '');
        if (value !== null) this.printed[key] = key === 'opening_balance' || key === 'closing_balance' ? value : value < 0n ? -value : value;
      });
      return;
    }
    const labels = texts.map((t) => (t === '' ? null : summaryFigure(t)));
    if (labels.filter(Boolean).length >= 2 && texts.every((t) => t === '' || !/\d/.test(t))) {
      this.summaryLabels = labels;
      return;
    }
    const joined = texts.filter((t) => t !== '').join(' ');
    // Some statements print their date only under the table (a summary box, a payment slip).
    this.noteStatementWhen(joined);
    const opening = PRINTED_OPENING.exec(joined);
    if (opening && this.printed.opening_balance == null) this.printed.opening_balance = this.quietAmount(opening[1]!);
    const closing = PRINTED_CLOSING.exec(joined);
    if (closing) this.printed.closing_balance = this.quietAmount(closing[1]!) ?? this.printed.closing_balance;
  }

  /** A signed amount (Dr or a minus is negative), or null when the text is not one. */
  private quietAmount(text: string): bigint | null {
    try {
      let amount: ReadAmount | null;
      try {
        amount = readAmountText(text);
      } catch (err) {
        if (!this.decimalComma || this.decimalComma(text) === text) throw err;
        amount = readAmountText(this.decimalComma(text));
      }
      if (!amount) return null;
      const value = amount.marker === 'dr' ? -(amount.value < 0n ? -amount.value : amount.value) : amount.value;
      if (!WITH_DECIMALS.test(text)) this.wholeFigures.add(value < 0n ? -value : value);
      return value;
    } catch {
      return null;
    }
  }

  // --- body -------------------------------------------------------------------------------------------------

  private pushBody(cells: CellValue[], position: number): void {
    const columns = this.columns!;
    if (this.profile?.skip) {
      const text = cells
        .map(cellText)
        .filter((t) => t !== '')
        .join(' ');
      if (this.profile.skip.some((pattern) => pattern.test(text))) {
        this.warn(position, `not a transaction (a line ${this.profile.bank} statements print)`, text);
        return;
      }
    }
    let dateCell = cells[columns.date];
    let dateText = cellText(dateCell);
    if (dateText === '' && columns.valueDate !== undefined && this.hasAmounts(cells)) {
      dateCell = cells[columns.valueDate];
      dateText = cellText(dateCell);
    }
    // Every date starts with a digit or a month name; anything else is not a transaction line.
    if (!(dateCell instanceof Date) && !looksLikeDate(dateText)) {
      this.pushOtherLine(cells, position);
      return;
    }
    const previous = this.pending[this.pending.length - 1];
    // A date split over two lines: "2 Jun" then "2021" (PDF cells too narrow for the whole date).
    if (/^\d{4}$/.test(dateText) && previous && this.lastLineContinues && PARTIAL_DATE.test(previous.dateText)) {
      previous.dateText = `${previous.dateText}${/[a-z.]$/i.test(previous.dateText) ? ' ' : '/'}${dateText}`;
      this.continueRow(previous, cells, position);
      return;
    }
    const particularsText = this.particularsOf(cells);
    // The label may have spilled into the date cell (`01-03-2030 Opening Balance`): tested with the spill moved.
    const label = `${LEADING_DATE.exec(dateText)?.[2] ?? ''} ${particularsText}`;
    if (
      (!this.hasAmounts(cells) && (OPENING.test(label) || CLOSING.test(label))) ||
      (particularsText.length < 40 && (BALANCE_LABEL_ONLY.test(particularsText) || TOTAL_LABELS.has(normaliseHeader(particularsText))))
    ) {
      const texts = cells.map(cellText);
      this.readSummaryLine(texts, texts.filter((t) => t !== '').join(' '), position);
      this.lastLineContinues = false;
      return;
    }
    if (this.strictWidth && cells.length > this.header.length && this.overfull(cells)) {
      this.warn(
        position,
        `has more fields than the header's ${this.header.length}: an amount with thousands separators (1,234.50) must be quoted in a CSV, so no reading of this line is certain`,
        cells.map(cellText).join(','),
      );
      this.lastLineContinues = false;
      return;
    }
    let particulars = particularsText;
    let date: IsoDate | null = null;
    if (dateCell instanceof Date || typeof dateCell === 'number') {
      try {
        date = readDateValue(dateCell, dateText);
      } catch (err) {
        if (!(err instanceof DateFormatError)) throw err;
        return this.skipRow(cells, position, `date ${err.message}`);
      }
    } else {
      // Narration spilled into the date cell: the date is its start, the rest belongs to the narration.
      const spill = LEADING_DATE.exec(dateText);
      if (spill && dayOrderEvidence(dateText) === null && !/^\d{4}-/.test(dateText) && !/\d{1,2}:\d{2}/.test(dateText)) {
        dateText = spill[1]!;
        particulars = particulars === '' ? spill[2]! : `${spill[2]} ${particulars}`;
      }
      const evidence = dayOrderEvidence(dateText);
      if (evidence === 'dmy') this.dmyEvidence++;
      else if (evidence === 'mdy') this.mdyEvidence++;
    }
    let row: PendingRow;
    try {
      row = { position, date, dateText, particulars, ...this.readAmounts(cells) };
    } catch (err) {
      if (err instanceof SkipLine) return this.skipRow(cells, position, err.message);
      throw err;
    }
    if (!row.hasAmount) row.stray = this.strayAmounts(cells);
    if (columns.account !== undefined && this.accountValues.size < 2) this.accountValues.add(cellText(cells[columns.account]));
    this.currencyColumn ??= this.header.findIndex((name) => CURRENCY_COLUMN_NAMES.has(normaliseHeader(name)));
    if (this.currencyColumn !== -1 && this.currencyValues.size < 2) this.currencyValues.add(cellText(cells[this.currencyColumn]).toUpperCase());
    if (columns.account === undefined) this.trackConstantColumns(cells, columns);
    if (this.pending.length >= MAX_STATEMENT_ROWS) {
      throw parseFailed(
        `${this.describe(position)}: the statement has more than ${MAX_STATEMENT_ROWS.toLocaleString('en')} transactions; split it into smaller statements (by date) and upload each`,
      );
    }
    this.pending.push(row);
    this.lastLineContinues = true;
  }

  private trackConstantColumns(cells: CellValue[], columns: Columns): void {
    const claimed = new Set(Object.values(columns).flat());
    for (let i = 0; i < cells.length; i++) {
      // Only columns without a name: a named one (`IBAN`, `Chq./Ref.No.`) may hold the other party's number or a reference.
      if (claimed.has(i) || !/^(?:Column \d+)?$/.test(this.header[i] ?? '')) continue;
      const text = cellText(cells[i]);
      const seen = this.constantColumns.get(i);
      if (seen === undefined) this.constantColumns.set(i, this.pending.length === 0 && text !== '' ? text : null);
      else if (seen !== text) this.constantColumns.set(i, null);
    }
  }

  /**
   * An account number printed in a column of every row of a file without a header (Austrian exports start each row
   * with the IBAN): the one unnamed column that holds the same account-shaped value on every one of at least two
   * rows. With one row every column is constant, so nothing is taken.
   */
  private constantAccount(rowCount: number): string | null {
    if (rowCount < 2) return null;
    const found = [...this.constantColumns.values()].flatMap((value) => {
      const account = value === null ? null : accountCell(value);
      return account !== null && (account.match(/\d/g)?.length ?? 0) >= 6 ? [account] : [];
    });
    return found.length === 1 ? found[0]! : null;
  }

  /** The particulars cell, and the narration columns that continue it (DBS's Transaction Ref2/Ref3). */
  private particularsOf(cells: CellValue[]): string {
    const c = this.columns!;
    const text = cellText(cells[c.particulars]);
    if (c.narrationParts.length === 0) return text;
    // In the order the file prints them (`Auftraggeber/Empfänger` left of `Verwendungszweck`).
    return [c.particulars, ...c.narrationParts]
      .sort((a, b) => a - b)
      .map((i) => cellText(cells[i]))
      .filter((t) => t !== '')
      .join(' ');
  }

  /**
   * Amounts with decimals in cells no column of the header reads: a withdrawal printed in the cheque-number cell, or
   * a row one field short whose amount and balance each sit a column left of their own.
   */
  private strayAmounts(cells: CellValue[]): { value: bigint; column: number }[] {
    const c = this.columns!;
    const read = new Set([
      c.date,
      c.particulars,
      c.outflow,
      c.inflow,
      c.balance,
      c.amount,
      c.direction,
      c.valueDate,
      c.balanceDirection,
      c.account,
      ...c.narrationParts,
    ]);
    const found: { value: bigint; column: number }[] = [];
    cells.forEach((cell, column) => {
      const text = cellText(cell);
      if (read.has(column) || !/^-?\d[\d,]*\.\d{2}\s*(?:cr|dr)?$/i.test(text)) return;
      const value = this.quietAmount(text);
      if (value !== null) found.push({ value, column });
    });
    return found;
  }

  private skipRow(cells: CellValue[], position: number, reason: string): void {
    this.warn(
      position,
      reason,
      cells
        .map(cellText)
        .filter((t) => t !== '')
        .join(' | '),
    );
    this.lastLineContinues = false;
  }

  private overfull(cells: CellValue[]): boolean {
    let filled = cells.length;
    while (filled > 0 && cellText(cells[filled - 1]) === '') filled--;
    return filled > this.header.length;
  }

  private hasAmounts(cells: CellValue[]): boolean {
    const c = this.columns!;
    return [c.outflow, c.inflow, c.amount].some((i) => i !== undefined && hasDigit(cells[i]));
  }

  /** The amounts of a line: withdrawal/deposit magnitudes, or a single amount kept for finish() to direct. */
  private readAmounts(
    cells: CellValue[],
  ): Pick<PendingRow, 'inflow' | 'outflow' | 'amount' | 'direction' | 'balance' | 'hasAmount' | 'negative' | 'printedSign'> {
    const c = this.columns!;
    let balance = c.balance === undefined ? null : this.readBalance(cells[c.balance]);
    if (balance !== null && c.balanceDirection !== undefined && directionOf(cellText(cells[c.balanceDirection])) === 'out')
      balance = balance < 0n ? balance : -balance;
    if (c.amount !== undefined) {
      const amount = this.readAmount(cells[c.amount], 'amount');
      const marker = c.direction === undefined ? '' : cellText(cells[c.direction]);
      // The unnamed column right of the amount is read as its marker only while it holds words: a number there is
      // an amount split by an unquoted comma, which no reading is certain of.
      if (this.header[c.direction!] === '' && /\d/.test(marker))
        throw new SkipLine(`the unnamed column after "${this.header[c.amount]}" holds "${marker}", not a Cr/Dr marker`);
      const direction = marker === '' ? null : directionOf(marker);
      const sign = /^[^\d]*([-+])/.exec(cellText(cells[c.amount]))?.[1];
      return { inflow: 0n, outflow: 0n, amount, direction, balance, hasAmount: amount !== null, printedSign: sign === '+' || sign === '-' ? sign : null };
    }
    const inflow = this.readDirected(c.inflow === undefined ? null : cells[c.inflow], 'inflow');
    const outflow = this.readDirected(c.outflow === undefined ? null : cells[c.outflow], 'outflow');
    // A `-` placeholder is no amount: a dated line with dashes for both is not a transaction.
    const hasAmount = (c.inflow !== undefined && hasDigit(cells[c.inflow])) || (c.outflow !== undefined && hasDigit(cells[c.outflow]));
    const negative = inflow.negative
      ? { meaning: 'inflow' as const, text: cellText(cells[c.inflow!]) }
      : outflow.negative
        ? { meaning: 'outflow' as const, text: cellText(cells[c.outflow!]) }
        : undefined;
    return { inflow: inflow.value, outflow: outflow.value, amount: null, direction: null, balance, hasAmount, negative };
  }

  /** Blank lines, decorations, repeated headers, page markers, wrapped narrations, balance and total lines. */
  private pushOtherLine(cells: CellValue[], position: number): void {
    const columns = this.columns!;
    const texts = cells.map(cellText);
    if (texts.every((t) => DECORATION.test(t))) return;
    const joined = texts.filter((t) => t !== '').join(' ');
    const continues = this.lastLineContinues;
    this.lastLineContinues = false;
    this.noteStatementWhen(joined);
    if (END_OF_TABLE.test(joined)) {
      this.afterTable = true;
      this.readFigures(texts);
      return;
    }
    if (!this.hasAmounts(cells) && this.readBalanceColumns(texts, position)) return;
    const keys = trimTrailing(texts).map(normaliseHeader).join('|');
    if (
      keys === this.headerKeys ||
      this.headerLines.some((line) => line.length > 1 && line.map(normaliseHeader).join('|') === keys) ||
      PAGE_MARKER.test(joined)
    ) {
      return;
    }
    if (OPENING.test(joined) || CLOSING.test(joined) || TOTAL.test(joined)) {
      this.readSummaryLine(texts, joined, position);
      return;
    }
    const previous = this.pending[this.pending.length - 1];
    if (continues && previous && this.continueRow(previous, cells, position)) return;
    if (this.hasAmounts(cells)) {
      this.skipRow(cells, position, `has amounts but no date (the "${this.header[columns.date]}" column is blank)`);
      return;
    }
    this.warn(position, 'a line inside the table with no date and no amounts, not following a transaction', joined);
  }

  /**
   * A line that continues the row above: a wrapped narration, or the amounts printed on the line after the
   * narration. Returns false when the line cannot belong to it (amounts, but the row has its own already).
   */
  private continueRow(previous: PendingRow, cells: CellValue[], position: number): boolean {
    const columns = this.columns!;
    const texts = cells.map(cellText);
    if (this.hasAmounts(cells)) {
      if (previous.hasAmount) return false;
      try {
        // Amounts printed on their own line never erase the balance the row's date line printed.
        const amounts = this.readAmounts(cells);
        Object.assign(previous, amounts, { balance: amounts.balance ?? previous.balance });
      } catch (err) {
        if (err instanceof SkipLine) {
          this.skipRow(cells, position, err.message);
          return true;
        }
        throw err;
      }
    }
    const text = texts[columns.particulars] ?? '';
    if (text !== '') previous.particulars = `${previous.particulars} ${text}`.trim();
    this.lastLineContinues = true;
    return true;
  }

  /**
   * Columns headed by a balance label beside the running balance (Venmo's `Beginning Balance` and `Ending Balance`),
   * filled on an undated line of their own: the printed opening and closing balances.
   */
  private readBalanceColumns(texts: string[], position: number): boolean {
    const c = this.columns!;
    let read = false;
    this.header.forEach((name, i) => {
      if (i === c.balance || i === c.particulars || (texts[i] ?? '') === '') return;
      const key = OPENING.test(name) && !CLOSING.test(name) ? 'opening_balance' : CLOSING.test(name) && !OPENING.test(name) ? 'closing_balance' : null;
      const figure = key === null ? null : this.quietAmount(texts[i]!);
      if (key === null || figure === null || this.printed[key] != null) return;
      this.printed[key] = figure;
      read = true;
    });
    if (read) this.warn(position, `a balance line${READ_AS_FIGURES}`, texts.filter((t) => t !== '').join(' | '));
    return read;
  }

  /** "Opening Balance", "B/F", "C/F", "Total": not transactions; their figures are kept to check the rows against. */
  private readSummaryLine(texts: string[], joined: string, position: number): void {
    const c = this.columns!;
    // On a line set out like the rows (its label under the narration), the figure where the header puts one (a
    // balance under Debit is owed), before any number on the line: the account-number column some exports print on
    // every line is no figure (issue 31). A label elsewhere (`Opening balance;1.234,56` under the table): its number.
    const aligned = (texts[c.particulars] ?? '') !== '' && SUMMARY_WORDS.test(texts[c.particulars]!);
    const at = (j: number | undefined) => (j === undefined || !aligned ? null : this.quietAmount(texts[j] ?? ''));
    const owed = at(c.outflow);
    const figure =
      at(c.balance) ??
      at(c.amount) ??
      at(c.inflow) ??
      (owed === null ? null : -abs(owed)) ??
      this.quietAmount(lastAmountText(texts.filter((_, j) => j !== c.account)));
    let kind: string;
    if (TOTAL.test(joined) && !OPENING.test(joined) && !CLOSING.test(joined)) {
      kind = 'a total line';
      const inflow = c.inflow === undefined ? null : this.quietAmount(texts[c.inflow] ?? '');
      const outflow = c.outflow === undefined ? null : this.quietAmount(texts[c.outflow] ?? '');
      if (inflow !== null || outflow !== null) this.totals.push({ inflow: abs(inflow ?? 0n), outflow: abs(outflow ?? 0n) });
    } else if (OPENING.test(joined)) {
      kind = 'an opening balance line';
      if (figure !== null && this.printed.opening_balance == null && this.pending.length === 0) this.printed.opening_balance = figure;
      // Under the rows (Italian and German exports print Saldo iniziale / Anfangssaldo last): the statement's opening
      // balance if no transaction follows it; one that rows follow is a page's brought-forward line. A line that also
      // names the closing balance has two figures, and the balance column holds the closing one.
      else if (figure !== null && this.printed.opening_balance == null && !this.lateOpening && !CLOSING.test(joined))
        this.lateOpening = { figure, rows: this.pending.length };
    } else {
      kind = 'a closing balance line';
      if (figure !== null) this.printed.closing_balance = figure;
    }
    this.warn(position, `${kind}${READ_AS_FIGURES}`, texts.filter((t) => t !== '').join(' | '));
  }

  /**
   * Page totals and a grand total: one total line is the statement's; several count only when the last is the
   * sum of the others (page totals then a grand total), since page totals alone may or may not cover every page.
   */
  private settleTotals(): void {
    if (this.printed.total_inflow != null || this.totals.length === 0) return;
    let chosen: { inflow: bigint; outflow: bigint } | undefined;
    if (this.totals.length === 1) chosen = this.totals[0];
    else {
      const last = this.totals[this.totals.length - 1]!;
      const rest = this.totals.slice(0, -1).reduce((a, t) => ({ inflow: a.inflow + t.inflow, outflow: a.outflow + t.outflow }), { inflow: 0n, outflow: 0n });
      if (rest.inflow === last.inflow && rest.outflow === last.outflow) chosen = last;
    }
    if (chosen) {
      this.printed.total_inflow = chosen.inflow;
      this.printed.total_outflow = chosen.outflow;
    }
  }

  // --- column-wide decisions --------------------------------------------------------------------------------

  /**
   * A row without amounts whose only amount sits in a column that holds none (a withdrawal printed in the cheque-
   * number cell): the running balance says what it is. The row is repaired only when exactly one reading (that
   * amount as a withdrawal or as a deposit) moves the balance from its neighbour in the chain's order to this
   * row's, and the repair is reported; otherwise the row stays a dated line without amounts (skipped, reported).
   */
  private repairFromChain(): void {
    const rows = this.pending;
    if (!rows.some((r) => r.stray && r.stray.length > 0)) return;
    const change = (r: PendingRow) => (r.amount === null ? r.inflow - r.outflow : null);
    let oldestFirst = 0;
    let newestFirst = 0;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      if (!a.hasAmount || !b.hasAmount || a.balance === null || b.balance === null) continue;
      if (change(b) !== null && a.balance + change(b)! === b.balance) oldestFirst++;
      if (change(a) !== null && b.balance + change(a)! === a.balance) newestFirst++;
    }
    if (oldestFirst === newestFirst) return;
    const step = oldestFirst > newestFirst ? -1 : 1;
    const name = (column: number) => this.header[column] || `column ${column + 1}`;
    rows.forEach((row, i) => {
      const stray = row.stray;
      if (row.hasAmount || !stray || stray.length === 0) return;
      let j = i + step;
      while (rows[j] && rows[j]!.balance === null) j += step;
      const before = rows[j];
      if (!before) return;
      // The balance as read, or one of the stray figures right of the amount when the balance cell is blank.
      type Reading = { value: bigint; column: number; side: 'inflow' | 'outflow'; balance: bigint; balanceColumn?: number };
      const readings: Reading[] = [];
      for (const amount of stray) {
        if (amount.value <= 0n) continue;
        const balances = row.balance !== null ? [{ value: row.balance, column: undefined }] : stray.filter((b) => b.column > amount.column);
        for (const balance of balances) {
          const delta = balance.value - before.balance!;
          if (delta === amount.value) readings.push({ ...amount, side: 'inflow', balance: balance.value, balanceColumn: balance.column });
          if (delta === -amount.value) readings.push({ ...amount, side: 'outflow', balance: balance.value, balanceColumn: balance.column });
        }
      }
      const reading = readings[0];
      if (readings.length !== 1 || !reading) return;
      row[reading.side] = reading.value;
      row.balance = reading.balance;
      row.hasAmount = true;
      this.warn(
        row.position,
        `the amount in the "${name(reading.column)}" column is read as the ${reading.side === 'outflow' ? 'withdrawal' : 'deposit'}` +
          (reading.balanceColumn === undefined ? '' : ` and the figure in the "${name(reading.balanceColumn)}" column as the balance`) +
          ': the row has no amount where the header puts it, and the running balance moves by exactly that much from the row before',
        `${row.dateText} ${row.particulars}`,
      );
      this.skipped--;
    });
  }

  /**
   * Day or month first, for the whole column: a date only one order can read (13/06 or 06/13) decides; when
   * both kinds appear, the majority wins and the others become warnings. All ambiguous: day first (the
   * contract's formats), unless only month first keeps the dates in order.
   */
  private dayOrder(): DayOrder {
    if (this.profile?.dayOrder) return this.profile.dayOrder;
    if (this.mdyEvidence > this.dmyEvidence) return 'mdy';
    if (this.dmyEvidence > 0) return 'dmy';
    const texts = this.pending.filter((r) => r.date === null).map((r) => r.dateText);
    if (texts.length < 2) return 'dmy';
    // The days the dates span when read in this order and they stay in order (null: they do not; unsorted: any order).
    const sortedSpan = (order: DayOrder, unsorted = false): number | null => {
      let previous = '';
      let ascending = true;
      let descending = true;
      let [first, last] = ['9999-99-99', '0000-00-00'];
      for (const text of texts) {
        let date: string;
        try {
          date = readDateText(text, order);
        } catch {
          return null;
        }
        if (previous !== '' && date < previous) ascending = false;
        if (previous !== '' && date > previous) descending = false;
        previous = date;
        if (date < first) first = date;
        if (date > last) last = date;
      }
      return unsorted || ascending || descending ? (Date.parse(last) - Date.parse(first)) / 86_400_000 : null;
    };
    const [dmy, mdy] = [sortedSpan('dmy'), sortedSpan('mdy')];
    // Both orders keep them in order: a statement covers weeks, not months, so the tighter reading wins
    // (10/01, 10/03, 10/06 are three October days month first, not January to June).
    if (mdy !== null && (dmy === null || mdy < dmy)) return 'mdy';
    if (dmy !== null) return 'dmy';
    // Neither keeps them in order (a card export listed by posting, not by purchase): the same holds when one reading
    // spans at most two months and at most half the other's (10/9, 10/8, 10/7 are three October days, not July to
    // September).
    const [anyDmy, anyMdy] = [sortedSpan('dmy', true), sortedSpan('mdy', true)];
    if (anyMdy !== null && anyMdy <= 62 && (anyDmy === null || anyMdy * 2 <= anyDmy)) return 'mdy';
    return 'dmy';
  }

  /** How many rows' day-and-month dates read in `order` fall within ten weeks before `reference` (or just after it). */
  private datesInPeriod(order: DayOrder, reference: IsoDate): number {
    const earliest = Date.parse(reference) - 70 * 86_400_000;
    let count = 0;
    for (const row of this.pending) {
      if (row.date !== null) continue;
      const dayMonth = readDayMonth(row.dateText, order);
      const date = dayMonth && dateInStatementYear(dayMonth.month, dayMonth.day, reference);
      if (date && Date.parse(date) >= earliest) count++;
    }
    return count;
  }

  /**
   * The date the statement was drawn up, for dates printed without a year: the statement date, or the end of the
   * printed period. A period's two numeric dates are read in the order under which it runs forward by at most
   * about a quarter; a lone ambiguous date in the column's order.
   */
  private statementDate(order: DayOrder): IsoDate | null {
    const texts = this.statementWhen;
    if (!texts) return null;
    const read = (text: string, o: DayOrder): IsoDate | null => {
      try {
        return readDateText(text, o);
      } catch {
        return null;
      }
    };
    const orders: DayOrder[] = order === 'mdy' ? ['mdy', 'dmy'] : ['dmy', 'mdy'];
    if (texts.length >= 2) {
      for (const o of orders) {
        const from = read(texts[0]!, o);
        const to = read(texts[texts.length - 1]!, o);
        if (from && to && from <= to && Date.parse(to) - Date.parse(from) <= 100 * 86_400_000) return to;
      }
    }
    for (const o of orders) {
      const date = read(texts[texts.length - 1]!, o);
      if (date) return date;
    }
    return null;
  }

  /**
   * Outflow or inflow for single-amount rows. A `Dr`/`Cr` marker or a type column decides; then the balance
   * chain (the balance moves by the amount, up for a credit); then the column's signs: where some amounts are
   * negative, the sign that is more frequent is spending (banks print debits negative; card exports print
   * charges one way and refunds the other); with no sign, marker or balance at all the amount is a debit (a card
   * statement marks only its credits). Each assumption that is not certain is reported once as a warning.
   */
  private resolveDirections(rows: PendingRow[]): void {
    const single = rows.filter((r) => r.amount !== null);
    if (single.length === 0) return;
    const undecided = (r: PendingRow) => r.amount!.marker === null && r.direction === null;
    const fits = this.chainDirections(rows);
    let negatives = 0;
    let positives = 0;
    let crMarkers = 0;
    let drMarkers = 0;
    for (const r of single) {
      // A marker on the amount or in its type column: a file that marks only one side leaves the other unmarked.
      if (r.amount!.marker === 'cr' || (r.amount!.marker === null && r.direction === 'in')) crMarkers++;
      if (r.amount!.marker === 'dr' || (r.amount!.marker === null && r.direction === 'out')) drMarkers++;
      if (r.amount!.marker === null) {
        if (r.amount!.value < 0n) negatives++;
        else if (r.amount!.value > 0n) positives++;
      }
    }
    const plusSigns = single.filter((r) => r.printedSign === '+').length;
    // Which sign is spending: where the running balance moved by an amount, the rows it settles say; with balances
    // that settle none (sampled or shuffled rows), a minus, as bank accounts print debits; without balances, the
    // more frequent sign (a card export may print its charges positive).
    // Without balances: a narration naming a payment, refund or reversal is a credit, so its sign is the credits'
    // (a card export prints charges positive and its payments negative); with none, minus, as banks print debits.
    const named = single.filter(
      (r) => r.amount!.marker === null && r.amount!.value !== 0n && CARD_CREDIT.test(r.particulars) && !PAYMENT_MADE.test(r.particulars),
    );
    // Only when every such row says so: a bank account's `UPI/.../Payment/...` names a payment made as often as one
    // received, and a split vote is no evidence against the banks' minus.
    let negativeIsSpending = named.length === 0 || named.some((r) => r.amount!.value > 0n);
    const settled = [...fits].filter(([r]) => r.amount!.marker === null && r.amount!.value !== 0n);
    const settledSpending = settled.filter(([r, d]) => r.amount!.value < 0n === (d === 'out')).length;
    // Rows the balance settles all one way (every unsigned amount it settles went in): the rest follow them.
    const settledAgree = settled.length > 0 && (settledSpending === 0 || settledSpending === settled.length);
    if (settled.length > 0) negativeIsSpending = settledSpending * 2 >= settled.length;
    else if (single.some((r) => r.balance !== null)) negativeIsSpending = true;
    let assumed = 0;
    for (const r of single) {
      const amount = r.amount!;
      const magnitude = amount.value < 0n ? -amount.value : amount.value;
      let direction: 'in' | 'out';
      if (amount.marker) direction = amount.marker === 'cr' ? 'in' : 'out';
      // The balance moving by exactly the amount outranks a type word: `CARD_PAYMENT` names a payment made, on a
      // card statement `PAYMENT` one received.
      else if (fits.has(r)) direction = fits.get(r)!;
      // A column that prints `+` on some amounts is signed both ways: the printed sign decides, over a type word too
      // (Venmo's `Charge` is `+ $73.01` when a friend is charged, `- $35.02` when they charge you).
      else if (plusSigns > 0 && r.printedSign) direction = r.printedSign === '+' ? 'in' : 'out';
      else if (r.direction) direction = r.direction;
      else if (negatives > 0 || settledAgree) {
        direction = amount.value < 0n === negativeIsSpending ? 'out' : 'in';
        if (undecided(r) && r.balance === null) assumed++;
      } else if (crMarkers > 0 && drMarkers === 0) direction = 'out';
      else if (drMarkers > 0 && crMarkers === 0) direction = 'in';
      else {
        // Nothing in the file tells the sides apart: a card statement, whose payments and refunds are its credits.
        direction = CARD_CREDIT.test(r.particulars) ? 'in' : 'out';
        assumed++;
      }
      r.inflow = direction === 'in' ? magnitude : 0n;
      r.outflow = direction === 'out' ? magnitude : 0n;
    }
    if (assumed > 0) {
      this.fileWarnings.push({
        position: 'file',
        reason:
          `${assumed} amount${assumed === 1 ? '' : 's'} carried no Dr/Cr marker, type or balance to tell debit from credit; ` +
          (negatives > 0
            ? `the ${negativeIsSpending ? 'minus' : 'plus'} sign was read as a debit`
            : 'they were read as debits, and those that name a payment, refund or reversal as credits (as on a card statement)'),
        text: '',
      });
    }
  }

  /** For single amounts with a running balance: the direction the balance moved, where it moved by exactly the amount. */
  private chainDirections(rows: PendingRow[]): Map<PendingRow, 'in' | 'out'> {
    const directions = new Map<PendingRow, 'in' | 'out'>();
    const withBalance = rows.filter((r) => r.balance !== null);
    if (withBalance.length < 2) return directions;
    const magnitude = (r: PendingRow) => (r.amount ? (r.amount.value < 0n ? -r.amount.value : r.amount.value) : r.inflow + r.outflow);
    const score = (ordered: PendingRow[]) => {
      const found = new Map<PendingRow, 'in' | 'out'>();
      for (let i = 1; i < ordered.length; i++) {
        const delta = ordered[i]!.balance! - ordered[i - 1]!.balance!;
        if (delta === magnitude(ordered[i]!) && delta !== 0n) found.set(ordered[i]!, 'in');
        else if (-delta === magnitude(ordered[i]!) && delta !== 0n) found.set(ordered[i]!, 'out');
      }
      return found;
    };
    const oldestFirst = score(withBalance);
    const newestFirst = score([...withBalance].reverse());
    return newestFirst.size > oldestFirst.size ? newestFirst : oldestFirst;
  }

  // --- cells ------------------------------------------------------------------------------------------------

  private readAmount(cell: CellValue, meaning: string): ReadAmount | null {
    try {
      if (typeof cell === 'number') return readAmountNumber(cell);
      return readAmountText(cellText(cell));
    } catch (err) {
      if (!(err instanceof AmountFormatError)) throw err;
      const text = cellText(cell);
      const rewritten = this.decimalComma?.(text) ?? text;
      if (rewritten !== text) {
        try {
          return readAmountText(rewritten);
        } catch (again) {
          if (!(again instanceof AmountFormatError)) throw again;
        }
      }
      throw new SkipLine(`${this.columnName(meaning)} ${err.message}`);
    }
  }

  /**
   * Withdrawals and deposits are magnitudes: the column says the direction. A negative one is read as its
   * magnitude and marked, for finish() to direct by the balance (resolveNegatives).
   */
  private readDirected(cell: CellValue, meaning: 'inflow' | 'outflow'): { value: bigint; negative: boolean } {
    const amount = this.readAmount(cell, meaning);
    if (!amount) return { value: 0n, negative: false };
    const contrary = meaning === 'inflow' ? 'dr' : 'cr';
    if (amount.marker === contrary) {
      throw new SkipLine(`${this.columnName(meaning)} "${cellText(cell)}" is marked ${contrary === 'dr' ? 'Dr' : 'Cr'}, the opposite of its column`);
    }
    return amount.value >= 0n ? { value: amount.value, negative: false } : { value: -amount.value, negative: true };
  }

  /**
   * A negative withdrawal or deposit (contract): where the running balance moved by exactly the amount, its
   * direction is the balance's (`-10,000.00` under Withdrawal while the balance rises by 10,000.00 is an inflow,
   * a reversal). Otherwise a negative withdrawal stays the withdrawal banks that print debits with a minus mean,
   * and a negative deposit, which has no reading that is certainly right, is skipped with a warning.
   */
  private resolveNegatives(rows: PendingRow[]): PendingRow[] {
    const kept: PendingRow[] = [];
    rows.forEach((row, i) => {
      if (!row.negative) {
        kept.push(row);
        return;
      }
      const magnitude = row.inflow + row.outflow;
      const moved = (from: PendingRow | undefined, to: PendingRow | undefined) =>
        from?.balance == null || to?.balance == null
          ? null
          : to.balance - from.balance === magnitude
            ? 'in'
            : from.balance - to.balance === magnitude
              ? 'out'
              : null;
      const before = rows
        .slice(0, i)
        .reverse()
        .find((r) => r.balance !== null);
      const after = rows.slice(i + 1).find((r) => r.balance !== null);
      // Oldest first the row follows the one above; newest first the one below.
      const direction = magnitude === 0n ? null : (moved(before, row) ?? moved(after, row));
      if (direction === 'in' || direction === 'out') {
        row.inflow = direction === 'in' ? magnitude : 0n;
        row.outflow = direction === 'out' ? magnitude : 0n;
      } else if (row.negative.meaning === 'inflow') {
        this.warn(
          row.position,
          `${this.columnName('inflow')} "${row.negative.text}" is negative; a deposit must be zero or more`,
          `${row.dateText} ${row.particulars}`,
        );
        return;
      }
      kept.push(row);
    });
    return kept;
  }

  /**
   * The withdrawal and deposit columns summed as printed (a negative cell with its sign, in the column it stands in),
   * where a negative cell makes that differ from the directed totals: banks total their columns so (class L).
   */
  private columnSums(rows: PendingRow[]): { inflow: bigint; outflow: bigint } | undefined {
    if (!rows.some((row) => row.negative)) return undefined;
    let inflow = 0n;
    let outflow = 0n;
    for (const row of rows) {
      if (row.negative?.meaning === 'outflow') outflow -= row.outflow + row.inflow;
      else if (row.negative?.meaning === 'inflow') inflow -= row.outflow + row.inflow;
      else {
        inflow += row.inflow;
        outflow += row.outflow;
      }
    }
    return { inflow, outflow };
  }

  /** A balance is signed: a minus, parentheses or a `Dr` marker mean overdrawn. */
  private readBalance(cell: CellValue): bigint | null {
    const amount = this.readAmount(cell, 'balance');
    if (!amount) return null;
    if (amount.marker === null) return amount.value;
    if (amount.value < 0n) throw new SkipLine(`${this.columnName('balance')} "${cellText(cell)}" has both a sign and a Cr/Dr marker`);
    return amount.marker === 'dr' ? -amount.value : amount.value;
  }

  private columnName(meaning: string): string {
    const index = this.columns?.[meaning as Exclude<keyof Columns, 'narrationParts'>];
    return `${meaning} column "${index === undefined ? meaning : this.header[index]}"`;
  }
}

/** A type or Dr/Cr column's word -> direction: `Dr`, `DEBIT`, `ACH_DEBIT`, `D`, `Withdrawal` / `Cr`, `CREDIT`, `C`, `Deposit`. */
export function directionOf(text: string): 'in' | 'out' | null {
  const phrase = text
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
  // A payment made with a card or for a bill is spending (Revolut's `CARD_PAYMENT`), whatever `payment` alone means.
  if (/\b(?:card|bill) payment\b/.test(phrase)) return 'out';
  const words = phrase.split(' ');
  // English, then German (Soll/Haben, S/H), Dutch (Af/Bij), Italian and Spanish.
  const out = words.some((w) =>
    [
      'dr',
      'debit',
      'd',
      'withdrawal',
      'wdl',
      'dbt',
      'dbit',
      'purchase',
      'sale',
      'charge',
      'soll',
      's',
      'lastschrift',
      'belastung',
      'af',
      'addebito',
      'cargo',
      'debet',
      'deebet',
    ].includes(w),
  );
  const into = words.some((w) =>
    // `K`: Danish, Norwegian and Baltic exports mark credits (kredit, kreedit) D/K.
    [
      'cr',
      'credit',
      'c',
      'crdt',
      'deposit',
      'refund',
      'payment',
      'return',
      'haben',
      'h',
      'gutschrift',
      'bij',
      'accredito',
      'abono',
      'k',
      'kredit',
      'kreedit',
    ].includes(w),
  );
  return out === into ? null : out ? 'out' : 'in';
}

/** Blank, or the dash statements print for "nothing" (`Opening Balance  -  -  1,000.00`). */

function lastAmountText(texts: string[]): string {
  for (let i = texts.length - 1; i >= 0; i--) if (/\d/.test(texts[i]!)) return texts[i]!;
  return '';
}

const abs = (v: bigint) => (v < 0n ? -v : v);

const hasDigit = (cell: CellValue) => typeof cell === 'number' || cell instanceof Date || /\d/.test(cellText(cell));
