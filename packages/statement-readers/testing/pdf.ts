/**
 * The seeded PDF statement generator (issue 31, part 3): `generatePdfStatement(seed)` draws a layout from the
 * parameter space below, renders it with pdfkit (positions to the point, so the geometry is exactly what the seed
 * says) and returns the rows a correct reader must return, in file order. Pure in its seed.
 *
 * The parameter space (each value recorded in `params`, so a weak spot shows as a rate by parameter):
 *
 * | parameter        | values                                                                                             |
 * | ---------------- | -------------------------------------------------------------------------------------------------- |
 * | `amounts`        | `debit_credit` (two columns, either order), `signed` (one column, `-`/`+`/trailing `-`/parentheses), |
 * |                  | `suffix` (`Dr`/`Cr` after the amount), `direction` (a `Dr/Cr`, `D/C` or `Type` column)              |
 * | `balance`        | `none`, `plain` (signed), `crdr` (`Cr`/`Dr` suffix, glued or spaced or in parentheses)             |
 * | `extras`         | serial number, value date, cheque/reference number, an account number printed on every row         |
 * | `order`          | where the extras stand: `date_first` (Sl, date, value date, particulars, chq ...), `chq_before`     |
 * |                  | (date, chq, particulars: the Axis shape), `value_after` (particulars, chq, value date: HDFC)        |
 * | `valueAlign`     | per column kind: dates left/centre/right, amounts right (mostly), left or centred                  |
 * | `headerAlign`    | each header left, right or centred over its cell, then moved by an offset of -25 to +25 pt         |
 * |                  | (`offsetDate`, `offsetText`, `offsetAmounts` give the drawn offsets in 10 pt buckets); a header    |
 * |                  | never touches its neighbour and its centre stays within its own cell                               |
 * | `headerLines`    | 1 or 2 (`Withdrawal` over `Amt.`)                                                                  |
 * | `particularsHeader` | `named`, `none` (a narration under a column with no header)                                     |
 * | `dateFormat`     | `dd-mm-yyyy`, `dd/mm/yyyy`, `dd.mm.yyyy`, `dd/mm/yy`, `dd-MMM-yyyy`, `dd-MMM-yy`, `dd MMM yyyy`,    |
 * |                  | `mm/dd/yyyy`, `mm/dd/yy`, `yyyy-mm-dd`, `MMM dd, yyyy` (numeric formats always print a day > 12, |
 * |                  | so the day order is decided by the file)                                                           |
 * | `numbers`        | `western` 1,234.56; `indian` 1,23,456.78; `european` 1.234,56; `swiss` 1'234.56; `plain` 1234.56; |
 * |                  | `french` 1 234,56                                                                                  |
 * | `magnitude`      | `small` (up to 1,000.00) or `large` (up to crores: lakh grouping shows)                            |
 * | `wrap`           | where the dated line sits in a wrapped narration: `top`, `centre` (vertically centred: between two  |
 * |                  | lines when the count is even), `bottom`; narrations of 1 to 4 lines                               |
 * | `shift`          | the figures printed 3 to 6 pt above or below the date line (offset baselines), or 0               |
 * | `padding`        | extra space between rows                                                                           |
 * | `glueCheque`     | a cheque number and the narration's first line in one text item starting in the cheque column    |
 * | `glueDate`       | the date and the narration's first line in one text item                                           |
 * | `pageRows`       | rows per page (page breaks); `repeatHeader` every page or the first only                           |
 * | `pageMarker`     | none, at the top, in the footer, or on a row's line (the first line of a page's table)            |
 * | `markerText`     | `Page n of m`, `Page n`, `Page No .: n`, `n / m`                                                   |
 * | `footer`         | none, on every page, or one line on the last page (at the dates' margin or the page margin)        |
 * | `after`          | what follows the table: a disclaimer and a legend, an end marker, a summary block (label: value    |
 * |                  | lines, or a row of labels over a row of values), pages after the last row; placed at the dates'    |
 * |                  | own left edge (within 1.5 pt) or the page margin                                                   |
 * | `preamble`       | account number, period; `beside`: opening/closing figures printed beside the account details       |
 * | `opening`        | none, `undated` (label and balance), `dated`, `dated_amount` (the figure in an amount column too),  |
 * |                  | with labels such as `OPENING BALANCE ...`, `B/F`, `Opening Balance:`, `Beginning balance as of <d>`|
 * | `closing`        | none, `undated`, `dated`                                                                           |
 * | `totals`         | none, a `TRANSACTION TOTAL` line, page totals; summed `as_printed` (a reversal counted in its      |
 * |                  | column with its sign) or `normalised`                                                              |
 * | `reversal`       | a withdrawal printed negative in the withdrawal column while the balance rises (an inflow)         |
 * | `newestFirst`    | rows listed newest first                                                                           |
 * | `fontSize`       | 6 to 9 pt; `landscape` when the columns need it                                                    |
 *
 * Every statement is one a person reads without doubt: headers stay over their own values, no two cells of a
 * line overlap, wrapped lines stay inside their cell, and a dated line's figures sit closer to it than to any
 * other row. The rows are what a correct reader returns (particulars: the narration's printed lines joined by
 * single spaces; a cheque number is no part of them).
 */
import PDFDocument from 'pdfkit';
import type { IsoDate } from '../src/types';
import { Random } from './random';
import type { GeneratedRow, GeneratedStatement, StatementGenerator } from './types';

type Numbers = 'western' | 'indian' | 'european' | 'swiss' | 'plain' | 'french';
type AmountsStyle = 'debit_credit' | 'signed' | 'suffix' | 'direction';
type BalanceStyle = 'none' | 'plain' | 'crdr';
type Align = 'left' | 'right' | 'centre';
type Kind = 'serial' | 'date' | 'valueDate' | 'particulars' | 'chq' | 'account' | 'debit' | 'credit' | 'amount' | 'direction' | 'balance';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DATE_FORMATS = [
  'dd-mm-yyyy',
  'dd/mm/yyyy',
  'dd.mm.yyyy',
  'dd/mm/yy',
  'dd-MMM-yyyy',
  'dd-MMM-yy',
  'dd MMM yyyy',
  'mm/dd/yyyy',
  'mm/dd/yy',
  'yyyy-mm-dd',
  'MMM dd, yyyy',
] as const;
type DateFormat = (typeof DATE_FORMATS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

function formatDate(y: number, m: number, d: number, format: DateFormat): string {
  const yy = pad(y % 100);
  const mon = MONTHS[m - 1]!;
  switch (format) {
    case 'dd-mm-yyyy':
      return `${pad(d)}-${pad(m)}-${y}`;
    case 'dd/mm/yyyy':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'dd.mm.yyyy':
      return `${pad(d)}.${pad(m)}.${y}`;
    case 'dd/mm/yy':
      return `${pad(d)}/${pad(m)}/${yy}`;
    case 'dd-MMM-yyyy':
      return `${pad(d)}-${mon}-${y}`;
    case 'dd-MMM-yy':
      return `${pad(d)}-${mon}-${yy}`;
    case 'dd MMM yyyy':
      return `${pad(d)} ${mon} ${y}`;
    case 'mm/dd/yyyy':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'mm/dd/yy':
      return `${pad(m)}/${pad(d)}/${yy}`;
    case 'yyyy-mm-dd':
      return `${y}-${pad(m)}-${pad(d)}`;
    case 'MMM dd, yyyy':
      return `${mon} ${pad(d)}, ${y}`;
  }
}

/** Minor units (cents) as the convention prints them, unsigned. */
export function formatMoney(minor: number, numbers: Numbers): string {
  const abs = Math.abs(minor);
  const whole = String(Math.floor(abs / 100));
  const cents = pad(abs % 100);
  const group3 = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  switch (numbers) {
    case 'western':
      return `${group3(',')}.${cents}`;
    case 'indian': {
      const grouped = whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}` : whole;
      return `${grouped}.${cents}`;
    }
    case 'european':
      return `${group3('.')},${cents}`;
    case 'swiss':
      return `${group3("'")}.${cents}`;
    case 'plain':
      return `${whole}.${cents}`;
    case 'french':
      return `${group3(' ')},${cents}`;
  }
}

// --- narrations ------------------------------------------------------------------------------------------------

const NAMES = ['A SAMPLE', 'B EXAMPLE', 'RAVI TEST', 'ACME TRADERS', 'SAMPLE STORES', 'JOHN DOE', 'MARIA MUSTER', 'SAMPLE WATER CO'];
const PLACES = ['SAMPLE TOWN', 'MG ROAD', 'HIGH STREET', 'MAIN SQUARE', 'CITY CENTRE'];

function narration(rng: Random): string {
  const ref = () => String(rng.int(100000, 999999)) + String(rng.int(100000, 999999));
  const name = rng.pick(NAMES);
  return rng.pick<() => string>([
    () => `UPI/P2A/${ref()}/${name}/SMPL`,
    () => `UPI/${ref()}/Payment/sample@upi/${rng.pick(['H', 'PAY', 'UPI'])}`,
    () => `NEFT-SMPL${ref()}-${name}-SALARY`,
    () => `IMPS/P2A/${ref()}/${name}/Refund of advance`,
    () => `ATM-CASH/${rng.pick(PLACES)}/S1AW${rng.int(1000, 9999)}`,
    () => `POS ${rng.int(4000, 4999)}XXXXXX${rng.int(1000, 9999)} ${name}`,
    () => `NACH-10-DR-SAMPLE LOAN ${rng.int(1, 24)} OF 24`,
    () => 'CHARGES',
    () => 'SMS ALERT CHARGES',
    () => `GST @18% ON CHARGES`,
    () => `BY CLG ${pad(rng.int(0, 99))}${rng.int(1000, 9999)} ${rng.pick(PLACES)}`,
    () => `TO TRANSFER-INB ${name}`,
    () => `Card purchase ${name} ${rng.pick(PLACES)}`,
    () => `UPI/TOTAL ENERGIES/${ref()}`,
    () => `Interest credit for the quarter`,
    () => `Direct debit ${name} ref ${rng.int(10000, 99999)}`,
    () => `${name} INV ${rng.int(100, 999)}/${rng.int(10, 99)}`,
  ])();
}

// --- layout ----------------------------------------------------------------------------------------------------

interface Column {
  kind: Kind;
  header: string[];
  valueAlign: Align;
  headerAlign: Align;
  offset: number;
  /** Cell extent (values live here). */
  x: number;
  width: number;
  /** The widest value's width. */
  vwidth: number;
  /** The header's drawn extent (after the offset). */
  hx: number;
  hwidth: number;
}

interface Txn {
  y: number;
  m: number;
  d: number;
  narration: string;
  /** Minor units, >= 0, one of them non-zero. */
  outflow: number;
  inflow: number;
  /** Balance after, minor units. */
  balance: number;
  /** A withdrawal printed negative in the withdrawal column while the balance rises (the money came back). */
  reversal?: boolean;
  cheque?: string;
}

interface DrawItem {
  page: number;
  x: number;
  y: number;
  text: string;
  size: number;
  bold?: boolean;
}

const HEADERS: Record<Kind, string[][]> = {
  serial: [['Sl. No.'], ['Sr No'], ['S.No']],
  date: [['Date'], ['Tran Date'], ['Txn Date'], ['Transaction', 'Date'], ['Post Date'], ['Txn', 'Date']],
  valueDate: [['Value Date'], ['Value Dt'], ['Value', 'Date']],
  particulars: [['Particulars'], ['Narration'], ['Description'], ['Transaction Details'], ['Remarks'], ['Details']],
  chq: [['Chq No'], ['Cheque No.'], ['Chq./Ref.No.'], ['Ref No.'], ['Chq/Ref No']],
  account: [['Account No'], ['Account Number'], ['A/c No.']],
  debit: [['Withdrawal'], ['Debit'], ['Withdrawals'], ['Withdrawal', 'Amt.'], ['Debit Amount'], ['Withdrawal (Dr)'], ['Dr']],
  credit: [['Deposit'], ['Credit'], ['Deposits'], ['Deposit', 'Amt.'], ['Credit Amount'], ['Deposit (Cr)'], ['Cr']],
  amount: [['Amount'], ['Transaction Amount'], ['Amount (INR)'], ['Amt']],
  direction: [['Dr/Cr'], ['Type'], ['D/C'], ['Cr/Dr']],
  balance: [['Balance'], ['Closing Balance'], ['Balance (INR)'], ['Running Balance'], ['Balance', 'Amt.']],
};

const EUROPEAN_HEADERS: Partial<Record<Kind, string[][]>> = {
  date: [['Buchungstag'], ['Datum'], ['Date opération']],
  particulars: [['Verwendungszweck'], ['Buchungstext'], ['Libellé']],
  debit: [['Soll'], ['Débit'], ['Lastschrift']],
  credit: [['Haben'], ['Crédit'], ['Gutschrift']],
  amount: [['Betrag'], ['Montant']],
  balance: [['Saldo'], ['Solde']],
};

const OPENING_LABELS = ['OPENING BALANCE', 'Opening Balance', 'OPENING BALANCE ...', 'Opening Balance:', 'B/F', 'Balance Brought Forward', 'BALANCE B/F'];
const CLOSING_LABELS = ['CLOSING BALANCE', 'Closing Balance', 'Closing Balance:', 'C/F', 'BALANCE C/F'];

export interface PdfLayout {
  params: Record<string, string | number | boolean>;
}

/** Draws the layout and ledger of `seed`, renders the PDF and returns it with the rows a correct reader returns. */
export async function generatePdfStatement(seed: number): Promise<GeneratedStatement> {
  const rng = Random.fromState(seed ^ 0x9e3779b9);
  const params: Record<string, string | number | boolean> = {};
  const set = <T extends string | number | boolean>(name: string, value: T): T => {
    params[name] = value;
    return value;
  };

  // --- the drawn parameters ---
  const amounts = set(
    'amounts',
    rng.weighted<AmountsStyle>([
      ['debit_credit', 5],
      ['signed', 2],
      ['suffix', 2],
      ['direction', 1.5],
    ]),
  );
  const balance = set(
    'balance',
    rng.weighted<BalanceStyle>([
      ['plain', 5],
      ['crdr', 3],
      ['none', 1],
    ]),
  );
  const numbers = set(
    'numbers',
    rng.weighted<Numbers>([
      ['western', 4],
      ['indian', 3],
      ['european', 2],
      ['swiss', 1],
      ['plain', 2],
      ['french', 1],
    ]),
  );
  const dateFormat = set('dateFormat', rng.pick(DATE_FORMATS));
  const magnitude = set('magnitude', rng.pick(['small', 'large'] as const));
  const wrap = set('wrap', rng.pick(['top', 'centre', 'bottom'] as const));
  const maxLines = set('maxLines', rng.int(1, 4));
  const fontSize = set('fontSize', rng.pick([6, 7, 7.5, 8, 9]));
  const leading = fontSize * rng.float(1.15, 1.45);
  // A narration wrapped above its dated line is told from the previous row's only by a gap between rows: without
  // one, `centre` and `bottom` could be read as `top` by a person too, so they always have one.
  const padding = set(
    'padding',
    wrap !== 'top' || rng.chance(0.4)
      ? Math.round(rng.float(wrap === 'top' ? 1 : Math.max(2, leading * 0.35), Math.max(fontSize * 0.8, leading * 0.6)) * 10) / 10
      : 0,
  );
  // Figures on an offset baseline stay nearer their own dated line than any other row's line.
  const shifts = [-6, -5, -4, -3, 3, 4, 5, 6].filter((v) => Math.abs(v) <= 0.4 * (leading + padding));
  const shift = set('shift', shifts.length > 0 && rng.chance(0.2) ? rng.pick(shifts) : 0);
  const hasSerial = set('serial', rng.chance(0.2));
  const hasValueDate = set('valueDate', rng.chance(0.3));
  const hasChq = set('chq', rng.chance(0.4));
  const hasAccount = set('accountColumn', rng.chance(0.1));
  const order = set('order', rng.pick(['date_first', 'chq_before', 'value_after'] as const));
  const european = numbers === 'european' || numbers === 'french';
  const headerLanguage = set('headerLanguage', european && rng.chance(0.4) ? 'european' : 'english');
  const headerLines = set('headerLines', rng.chance(0.25) ? 2 : 1);
  const particularsHeader = set('particularsHeader', rng.chance(0.08) ? 'none' : 'named');
  const glueCheque = set('glueCheque', hasChq && order === 'chq_before' && rng.chance(0.5));
  const glueDate = set('glueDate', order !== 'chq_before' && !hasValueDate && !hasSerial && rng.chance(0.15));
  const newestFirst = set('newestFirst', rng.chance(0.1));
  const pageRows = set('pageRows', rng.int(4, 30));
  const repeatHeader = set('repeatHeader', rng.chance(0.85));
  const pageMarker = set('pageMarker', rng.pick(['none', 'top', 'footer', 'row'] as const));
  const markerText = set('markerText', rng.pick(['Page n of m', 'Page n', 'Page No .: n', 'n / m'] as const));
  const footer = set('footer', rng.pick(['none', 'every', 'last'] as const));
  const furnitureAt = set('furnitureAt', rng.pick(['margin', 'dates'] as const));
  const disclaimer = set('disclaimer', rng.chance(0.5));
  const endMarker = set('endMarker', rng.chance(0.4));
  const summaryAfter = set('summaryAfter', rng.pick(['none', 'label_value', 'label_row'] as const));
  const pagesAfter = set(
    'pagesAfter',
    rng.weighted([
      [0, 6],
      [1, 2],
      [2, 1],
    ]),
  );
  const beside = set('beside', rng.chance(0.3));
  const withBalance = balance !== 'none';
  const opening = set('opening', withBalance && !newestFirst ? rng.pick(['none', 'undated', 'dated', 'dated_amount'] as const) : 'none');
  const openingLabel = rng.pick(OPENING_LABELS);
  const closing = set('closing', withBalance && !newestFirst ? rng.pick(['none', 'undated', 'dated'] as const) : 'none');
  const closingLabel = rng.pick(CLOSING_LABELS);
  const totals = set('totals', amounts === 'debit_credit' ? rng.pick(['none', 'line', 'page'] as const) : 'none');
  const totalsAs = set('totalsAs', rng.pick(['as_printed', 'normalised'] as const));
  const reversal = set('reversal', amounts === 'debit_credit' && withBalance && rng.chance(0.25));
  const plusSign = rng.chance(0.3);
  const negativeStyle = set(
    'negative',
    amounts === 'signed'
      ? rng.weighted([
          ['minus', 6],
          ['trailing', 1],
          ['parentheses', 1],
        ])
      : 'minus',
  );
  const suffix = rng.pick([' Cr|Dr', 'Cr|Dr', ' CR|DR', ' (Cr)|(Dr)', '(Cr)|(Dr)']);
  const directionWords = rng.pick([
    ['Cr', 'Dr'],
    ['CR', 'DR'],
    ['C', 'D'],
    ['Credit', 'Debit'],
  ]);
  const debitFirst = rng.chance(0.75);

  // --- the ledger ---
  const year = rng.int(2019, 2031);
  const month = rng.int(1, 12);
  const count = set(
    'rows',
    rng.weighted([
      [rng.int(2, 8), 3],
      [rng.int(9, 30), 4],
      [rng.int(31, 70), 1],
    ]),
  );
  const days = Array.from({ length: count }, () => rng.int(1, 28)).sort((a, b) => a - b);
  // Numeric dates prove their day order: at least one day past the 12th.
  if (!days.some((d) => d > 12)) days[days.length - 1] = rng.int(13, 28);
  days.sort((a, b) => a - b);
  const maxMinor = magnitude === 'small' ? 100_000 : 3_000_000_000;
  const amount = () => Math.max(1, Math.round(Math.exp(rng.float(0, Math.log(maxMinor)))));
  let running = withBalance ? amount() * rng.int(1, 20) : 0;
  if (balance === 'plain' && rng.chance(0.05)) running = -running;
  const openingBalance = running;
  const txns: Txn[] = [];
  for (let i = 0; i < count; i++) {
    const out = rng.chance(0.65);
    const value = amount();
    running += out ? -value : value;
    const txn: Txn = { y: year, m: month, d: days[i]!, narration: narration(rng), outflow: out ? value : 0, inflow: out ? 0 : value, balance: running };
    if (hasChq && rng.chance(glueCheque ? 0.6 : 0.4)) txn.cheque = String(rng.int(1, glueCheque ? 999 : 999999)).padStart(glueCheque ? 1 : 6, '0');
    txns.push(txn);
    if (reversal && out && !txns.some((t) => t.reversal) && rng.chance(0.5)) {
      running += value;
      txns.push({ ...txn, narration: `REV ${txn.narration}`, outflow: 0, inflow: value, balance: running, reversal: true, cheque: undefined });
    }
  }
  const closingBalance = running;
  const printedTxns = newestFirst ? [...txns].reverse() : txns;
  const dateOf = (t: { y: number; m: number; d: number }) => formatDate(t.y, t.m, t.d, dateFormat);
  const iso = (t: Txn) => `${t.y}-${pad(t.m)}-${pad(t.d)}` as IsoDate;
  const money = (minor: number) => formatMoney(minor, numbers);
  const [crSuffix, drSuffix] = suffix.split('|') as [string, string];
  const crdr = (minor: number, dr: boolean) => `${money(minor)}${dr ? (suffix.startsWith(' ') ? ' ' : '') + drSuffix : crSuffix}`;
  const balanceText = (minor: number) => (balance === 'crdr' ? crdr(Math.abs(minor), minor < 0) : `${minor < 0 ? '-' : ''}${money(minor)}`);
  const signed = (minor: number, out: boolean) => {
    const m = money(minor);
    if (!out) return plusSign ? `+${m}` : m;
    return negativeStyle === 'trailing' ? `${m}-` : negativeStyle === 'parentheses' ? `(${m})` : `-${m}`;
  };

  // --- the columns ---
  const kinds: Kind[] = [];
  if (hasSerial) kinds.push('serial');
  kinds.push('date');
  if (hasAccount && rng.chance(0.5)) kinds.push('account');
  if (hasValueDate && order !== 'value_after') kinds.push('valueDate');
  if (hasChq && order === 'chq_before') kinds.push('chq');
  kinds.push('particulars');
  if (hasChq && order !== 'chq_before') kinds.push('chq');
  if (hasValueDate && order === 'value_after') kinds.push('valueDate');
  if (amounts === 'debit_credit') kinds.push(...((debitFirst ? ['debit', 'credit'] : ['credit', 'debit']) as Kind[]));
  else kinds.push('amount');
  if (amounts === 'direction') kinds.push('direction');
  if (withBalance) kinds.push('balance');
  if (hasAccount && !kinds.includes('account')) kinds.push('account');

  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: false,
    info: { Producer: 'generator', CreationDate: new Date(Date.UTC(2030, 0, 1)) },
  });
  const width = (text: string, size: number, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    return doc.widthOfString(text);
  };
  const headerBold = rng.chance(0.5);
  const accountNumber = String(rng.int(1000, 9999)) + String(rng.int(10000000, 99999999));

  // The text each column prints, to size it.
  const valuesOf = (kind: Kind): string[] => {
    switch (kind) {
      case 'serial':
        return [String(txns.length + 2)];
      case 'date':
      case 'valueDate':
        return txns.map(dateOf);
      case 'chq':
        return txns.map((t) => t.cheque ?? '').filter((c) => c !== '');
      case 'account':
        return [accountNumber];
      case 'debit':
        return txns.map((t) => (t.reversal ? `-${money(t.inflow)}` : money(t.outflow)));
      case 'credit':
        return [...txns.map((t) => money(t.inflow)), money(Math.abs(openingBalance))];
      case 'amount':
        return txns.map((t) =>
          amounts === 'signed'
            ? signed(t.outflow || t.inflow, t.outflow > 0)
            : amounts === 'suffix'
              ? crdr(t.outflow || t.inflow, t.outflow > 0)
              : money(t.outflow || t.inflow),
        );
      case 'direction':
        return directionWords;
      case 'balance':
        return [...txns.map((t) => balanceText(t.balance)), balanceText(openingBalance)];
      case 'particulars':
        return [];
    }
  };
  const headerPool = (kind: Kind) => (headerLanguage === 'european' && EUROPEAN_HEADERS[kind] ? EUROPEAN_HEADERS[kind]! : HEADERS[kind]);
  let landscape = false;
  let size = fontSize;
  let columns: Column[] = [];
  const margin = rng.int(20, 45);
  // Cells closer than 0.6 of the font size are one text item to pdf.js (and one word to a person): never closer.
  const gap = rng.int(Math.ceil(fontSize), 16);
  const particularsWanted = rng.int(110, 230);
  const totalsMax = Math.max(
    txns.reduce((s, t) => s + t.outflow, 0),
    txns.reduce((s, t) => s + t.inflow, 0),
  );
  const drawnHeaders = kinds.map((kind) => {
    let header = rng.pick(headerPool(kind));
    if (kind === 'particulars' && particularsHeader === 'none') header = [''];
    if (headerLines === 1 && header.length > 1) header = [header.join(' ')];
    if (
      headerLines === 2 &&
      header.length === 1 &&
      (kind === 'debit' || kind === 'credit') &&
      /^(?:withdrawal|deposit|debit|credit)$/i.test(header[0]!) &&
      rng.chance(0.5)
    )
      header = [header[0]!, 'Amt.'];
    return header;
  });
  const valueAligns = kinds.map((kind): Align => {
    if (kind === 'particulars') return 'left';
    if (kind === 'date' || kind === 'valueDate')
      return rng.weighted<Align>([
        ['left', 6],
        ['centre', 3],
        ['right', 1],
      ]);
    if (kind === 'debit' || kind === 'credit' || kind === 'amount' || kind === 'balance')
      return rng.weighted<Align>([
        ['right', 17],
        ['centre', 2],
        ['left', 1],
      ]);
    return rng.pick<Align>(['left', 'centre', 'right']);
  });
  const headerAligns = kinds.map(() => rng.pick<Align>(['left', 'centre', 'right']));
  const offsets = kinds.map(() => (rng.chance(0.5) ? rng.int(-25, 25) : 0));
  const extras = kinds.map(() => rng.int(0, 16));
  const valueWidths: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const pageWidth = landscape ? 842 : 595;
    const fixed = kinds.map((kind, i) => {
      if (kind === 'particulars') return 0;
      const values = valuesOf(kind);
      if (kind === 'debit' || kind === 'credit' || kind === 'amount') values.push(money(totalsMax));
      const valueWidth = Math.max(0, ...values.map((v) => width(v, size)));
      const headerWidth = Math.max(...drawnHeaders[i]!.map((h) => width(h, size, headerBold)));
      valueWidths[i] = valueWidth;
      return Math.max(valueWidth, headerWidth) + extras[i]!;
    });
    const available = pageWidth - 2 * margin - fixed.reduce((a, b) => a + b, 0) - gap * (kinds.length - 1);
    const particulars = Math.min(particularsWanted, available);
    if (particulars < 90) {
      if (!landscape) landscape = true;
      else size = Math.max(5, size - 1);
      continue;
    }
    let x = margin;
    columns = kinds.map((kind, i) => {
      const w = kind === 'particulars' ? particulars : fixed[i]!;
      const column: Column = {
        kind,
        header: drawnHeaders[i]!,
        valueAlign: valueAligns[i]!,
        headerAlign: headerAligns[i]!,
        offset: offsets[i]!,
        x,
        width: w,
        vwidth: valueWidths[i] ?? w,
        hx: 0,
        hwidth: 0,
      };
      x += w + gap;
      return column;
    });
    break;
  }
  set('landscape', landscape);
  set('drawnFontSize', size);
  const pageWidth = landscape ? 842 : 595;
  const pageHeight = landscape ? 595 : 842;
  // Headers: aligned in their cell and moved by the drawn offset, as far as a person still reads each header over
  // its own values: it overlaps its own values more than any neighbour's, and keeps clear of the previous header.
  // Where even no offset does that (short values left in a wide cell, the header right), it aligns as its values.
  const valueExtent = (column: Column) => {
    const vw = column.kind === 'particulars' ? column.width : column.vwidth;
    const x = column.valueAlign === 'left' ? column.x : column.valueAlign === 'right' ? column.x + column.width - vw : column.x + (column.width - vw) / 2;
    return { x, x2: x + vw };
  };
  const spanOverlap = (a: { x: number; x2: number }, b: { x: number; x2: number }) => Math.min(a.x2, b.x2) - Math.max(a.x, b.x);
  let previousEnd = -Infinity;
  columns.forEach((column, i) => {
    column.hwidth = Math.max(...column.header.map((h) => width(h, size, headerBold)), 0);
    const baseOf = (align: Align) =>
      align === 'left' ? column.x : align === 'right' ? column.x + column.width - column.hwidth : column.x + (column.width - column.hwidth) / 2;
    const fits = (hx: number) => {
      if (column.hwidth === 0) return true;
      const header = { x: hx, x2: hx + column.hwidth };
      const own = spanOverlap(header, valueExtent(column));
      const others = [columns[i - 1], columns[i + 1]].filter((c): c is Column => c !== undefined).map((c) => spanOverlap(header, valueExtent(c)));
      return hx >= previousEnd + Math.max(5, size) && own > 1 && others.every((o) => o < own);
    };
    let base = baseOf(column.headerAlign);
    let offset = column.offset;
    while (offset !== 0 && !fits(base + offset)) offset -= Math.sign(offset);
    if (!fits(base + offset)) {
      column.headerAlign = column.valueAlign;
      base = baseOf(column.headerAlign);
      offset = 0;
    }
    // Never over the previous header (two headers touching are one to a person and to pdf.js alike).
    column.hx = Math.max(base + offset, previousEnd + Math.max(5, size));
    column.offset = Math.round(column.hx - baseOf(headerAligns[i]!));
    if (column.hwidth > 0) previousEnd = column.hx + column.hwidth;
  });
  const bucket = (n: number) => (n === 0 ? '0' : n < -10 ? '-25..-11' : n < 0 ? '-10..-1' : n <= 10 ? '1..10' : '11..25');
  const colOf = (kind: Kind) => columns.find((c) => c.kind === kind);
  set('offsetDate', bucket(colOf('date')!.offset));
  set('offsetText', bucket(colOf('particulars')!.offset));
  set(
    'offsetAmounts',
    bucket(
      columns.filter((c) => ['debit', 'credit', 'amount', 'balance'].includes(c.kind)).reduce((m, c) => (Math.abs(c.offset) > Math.abs(m) ? c.offset : m), 0),
    ),
  );
  set('dateAlign', colOf('date')!.valueAlign);
  set('amountAlign', columns.find((c) => ['debit', 'credit', 'amount'].includes(c.kind))!.valueAlign);
  set('columns', kinds.join(','));

  const valueX = (column: Column, text: string) => {
    const w = width(text, size);
    return column.valueAlign === 'left' ? column.x : column.valueAlign === 'right' ? column.x + column.width - w : column.x + (column.width - w) / 2;
  };
  const particularsColumn = colOf('particulars')!;
  const dateColumn = colOf('date')!;
  const dateLeft = Math.min(...txns.map((t) => valueX(dateColumn, dateOf(t))));
  const furnitureX = furnitureAt === 'dates' ? Math.max(5, dateLeft - rng.float(0, 1.5)) : margin - rng.int(0, 6);

  // --- pages ---
  const items: DrawItem[] = [];
  let page = 0;
  let y = 0;
  const top = 30;
  const bottomLimit = pageHeight - 50;
  const letterhead = [`SAMPLE ${rng.pick(['CO-OPERATIVE', 'SAVINGS', 'TRUST', 'UNION'])} BANK`, `${rng.int(1, 99)} ${rng.pick(PLACES)}, SAMPLE CITY`];
  const put = (x: number, text: string, at = y, s = size, bold = false) => {
    if (text !== '') items.push({ page, x, y: at, text, size: s, bold });
  };
  const markerOf = (n: number, m: number) =>
    markerText === 'Page n of m'
      ? `Page ${n} of ${m}`
      : markerText === 'Page n'
        ? `Page ${n}`
        : markerText === 'Page No .: n'
          ? `Page No .: ${n}`
          : `${n} / ${m}`;
  const markers: { page: number; x: number; y: number }[] = [];
  const newPage = (withHeader: boolean) => {
    page++;
    y = top;
    for (const line of letterhead) {
      put(margin, line, y, size + 1, true);
      y += leading + 2;
    }
    if (pageMarker === 'top') {
      markers.push({ page, x: pageWidth - margin - 60, y });
      y += leading;
    }
    if (page === 1) {
      y += 4;
      const period = `Statement period: ${dateOf({ y: year, m: month, d: 1 })} to ${dateOf({ y: year, m: month, d: 28 })}`;
      const left = [`Account Number: ${accountNumber}`, 'Customer Name: A SAMPLE', period, 'Currency: INR'];
      const right = beside && withBalance ? [`Opening Balance: ${balanceText(openingBalance)}`, `Closing Balance: ${balanceText(closingBalance)}`] : [];
      for (let i = 0; i < left.length; i++) {
        put(margin, left[i]!);
        if (right[i]) put(pageWidth / 2 + 40, right[i]!);
        y += leading;
      }
      y += leading;
    }
    if (withHeader) {
      const lines = Math.max(...columns.map((c) => c.header.length));
      for (let l = 0; l < lines; l++) {
        for (const column of columns) {
          const text = column.header[l] ?? '';
          if (text === '') continue;
          const w = width(text, size, headerBold);
          // Lines of a header cell align as the cell does, within its drawn width.
          const x =
            column.headerAlign === 'left' ? column.hx : column.headerAlign === 'right' ? column.hx + column.hwidth - w : column.hx + (column.hwidth - w) / 2;
          put(x, text, y, size, headerBold);
        }
        y += leading;
      }
      y += 3;
    }
  };
  const footerText = 'This is a computer generated statement and needs no signature.';
  const rows: GeneratedRow[] = [];
  let pageFirstLine = true;
  /** Draws one table line of cells at y: [kind, text] pairs. */
  const drawCells = (cells: [Kind, string][], at: number) => {
    for (const [kind, text] of cells) {
      const column = colOf(kind);
      if (column && text !== '') put(valueX(column, text), text, at);
    }
  };
  let onPage = 0;
  let pageOut = 0;
  let pageIn = 0;
  const printedDebit = (t: Txn) => (t.reversal ? -t.inflow : t.outflow);
  const sumDebits = (list: Txn[]) => list.reduce((s, t) => s + (totalsAs === 'as_printed' ? printedDebit(t) : t.outflow), 0);
  const sumCredits = (list: Txn[]) => list.reduce((s, t) => s + (totalsAs === 'as_printed' && t.reversal ? 0 : t.inflow), 0);
  let pageTxns: Txn[] = [];
  const debitText = (minor: number) => (minor < 0 ? `-${money(-minor)}` : money(minor));
  const endPage = () => {
    if (totals === 'page' && pageTxns.length > 0) {
      drawCells(
        [
          ['particulars', 'Page Total'],
          ['debit', debitText(sumDebits(pageTxns))],
          ['credit', money(sumCredits(pageTxns))],
        ],
        y,
      );
      y += leading;
    }
    if (pageMarker === 'footer') markers.push({ page, x: pageWidth / 2 - 20, y: pageHeight - 30 });
    if (footer === 'every') put(furnitureX, footerText, pageHeight - 40);
    pageTxns = [];
  };
  void onPage;
  void pageOut;
  void pageIn;

  newPage(true);
  const startRowsY = y;
  void startRowsY;
  if (opening !== 'none') {
    const first = printedTxns[0]!;
    const label = openingLabel;
    const cells: [Kind, string][] = [
      ['particulars', label],
      ['balance', balanceText(openingBalance)],
    ];
    if (opening !== 'undated') cells.push(['date', dateOf(first)]);
    if (opening === 'dated_amount') {
      if (amounts === 'debit_credit') cells.push([openingBalance < 0 ? 'debit' : 'credit', money(Math.abs(openingBalance))]);
      else
        cells.push([
          'amount',
          amounts === 'suffix'
            ? crdr(Math.abs(openingBalance), openingBalance < 0)
            : amounts === 'signed'
              ? signed(Math.abs(openingBalance), openingBalance < 0)
              : money(Math.abs(openingBalance)),
        ]);
    }
    drawCells(cells, y);
    y += leading + padding;
    pageFirstLine = false;
  }
  let serial = 0;
  let rowsOnPage = 0;
  for (const txn of printedTxns) {
    const lines = wrapText(txn.narration, particularsColumn.width, (t) => width(t, size), maxLines);
    // A cheque number glued to the first narration line: the item starts in the cheque column.
    const chqColumn = colOf('chq');
    const glued = glueCheque && txn.cheque !== undefined && chqColumn !== undefined;
    if (glued) {
      // The glued item must still end inside the narration's cell.
      const room = particularsColumn.x + particularsColumn.width - chqColumn!.x - width(`${txn.cheque} `, size);
      const rewrapped = wrapText(txn.narration, particularsColumn.width, (t) => width(t, size), maxLines, room);
      lines.splice(0, lines.length, ...rewrapped);
    }
    const n = lines.length;
    const rowHeight = n * leading + padding;
    if (rowsOnPage >= pageRows || y + rowHeight > bottomLimit - (totals === 'page' ? leading : 0)) {
      endPage();
      newPage(repeatHeader);
      rowsOnPage = 0;
      pageFirstLine = true;
    }
    const lineYs = lines.map((_, k) => y + k * leading);
    const dateY = wrap === 'top' ? lineYs[0]! : wrap === 'bottom' ? lineYs[n - 1]! : (lineYs[0]! + lineYs[n - 1]!) / 2;
    const dateOnNarrationLine = lineYs.indexOf(dateY);
    serial++;
    const dateText = dateOf(txn);
    const glueDateHere = glueDate && dateOnNarrationLine >= 0 && !glued;
    // The narration's lines (the one glued to the date or cheque number drawn with it).
    lines.forEach((line, k) => {
      if (glued && k === 0) put(chqColumn!.x, `${txn.cheque} ${line}`, lineYs[k]!);
      else if (glueDateHere && k === dateOnNarrationLine) put(valueX(dateColumn, dateText), `${dateText} ${line}`, lineYs[k]!);
      else put(particularsColumn.x, line, lineYs[k]!);
    });
    if (!glueDateHere) drawCells([['date', dateText]], dateY);
    const figureY = dateY + shift;
    const cells: [Kind, string][] = [];
    if (hasSerial) cells.push(['serial', String(serial)]);
    if (hasValueDate) cells.push(['valueDate', dateText]);
    if (txn.cheque && !glued) cells.push(['chq', txn.cheque]);
    if (hasAccount) cells.push(['account', accountNumber]);
    drawCells(cells, dateY);
    const figures: [Kind, string][] = [];
    const value = txn.outflow || txn.inflow;
    const out = txn.outflow > 0;
    if (amounts === 'debit_credit') {
      if (txn.reversal) figures.push(['debit', `-${money(txn.inflow)}`]);
      else figures.push([out ? 'debit' : 'credit', money(value)]);
    } else if (amounts === 'signed') figures.push(['amount', signed(value, out)]);
    else if (amounts === 'suffix') figures.push(['amount', crdr(value, out)]);
    else {
      figures.push(['amount', money(value)]);
      figures.push(['direction', out ? directionWords[1]! : directionWords[0]!]);
    }
    if (withBalance) figures.push(['balance', balanceText(txn.balance)]);
    drawCells(figures, figureY);
    if (pageMarker === 'row' && pageFirstLine && page > 1) {
      // The page marker printed on the page's first table line, right of the table, in a larger font.
      const end = columns[columns.length - 1]!.x + columns[columns.length - 1]!.width + 8;
      const markerWidth = width(markerOf(page, 99), size + 2);
      // Right of the table where there is room (else at the foot of the page: over a figure it would hide it).
      if (end + markerWidth <= pageWidth - 4) markers.push({ page, x: end, y: lineYs[0]! });
      else markers.push({ page, x: pageWidth / 2 - 20, y: pageHeight - 30 });
    }
    pageFirstLine = false;
    y += rowHeight;
    rowsOnPage++;
    pageTxns.push(txn);
    rows.push({
      date: iso(txn),
      particulars: lines.join(' '),
      inflow: BigInt(txn.inflow) * 10n,
      outflow: BigInt(txn.outflow) * 10n,
      balance: withBalance ? BigInt(txn.balance) * 10n : null,
    });
  }
  if (totals === 'line') {
    drawCells(
      [
        ['particulars', rng.pick(['TRANSACTION TOTAL', 'Total', 'TOTAL'])],
        ['debit', debitText(sumDebits(txns))],
        ['credit', money(sumCredits(txns))],
      ],
      y,
    );
    y += leading;
  }
  if (totals === 'page') endPage();
  if (closing !== 'none') {
    const cells: [Kind, string][] = [
      ['particulars', closingLabel],
      ['balance', balanceText(closingBalance)],
    ];
    if (closing === 'dated') cells.push(['date', dateOf(printedTxns[printedTxns.length - 1]!)]);
    drawCells(cells, y);
    y += leading;
  }
  if (totals !== 'page') endPage();
  // What follows the table on its last page (a new page, without the table's header, when it does not fit).
  const block: string[][] = [];
  if (endMarker) block.push([rng.pick(['++++ End of Statement ++++', '*** End of Statement ***', 'End of Statement'])]);
  if (summaryAfter === 'label_value' && withBalance) {
    block.push(['Statement Summary']);
    block.push([`Opening Balance      :  ${balanceText(openingBalance)}`]);
    block.push([`Total Withdrawal     :  ${debitText(sumDebits(txns))}`]);
    block.push([`Total Deposit        :  ${money(sumCredits(txns))}`]);
    block.push([`Closing Balance      :  ${balanceText(closingBalance)}`]);
  } else if (summaryAfter === 'label_row' && withBalance) {
    block.push(['STATEMENT SUMMARY']);
    block.push(['Opening Balance', 'Dr Count', 'Cr Count', 'Debits', 'Credits', 'Closing Bal']);
    block.push([
      balanceText(openingBalance),
      String(txns.filter((t) => t.outflow > 0 || t.reversal).length),
      String(txns.filter((t) => t.inflow > 0 && !t.reversal).length),
      debitText(sumDebits(txns)),
      money(sumCredits(txns)),
      balanceText(closingBalance),
    ]);
  }
  if (disclaimer) {
    block.push(['Unless the account holder reports an error within 30 days, this statement will be']);
    block.push(['taken as correct. The closing balance may include funds under clearing.']);
    block.push(['Legends : SMPL - sample transfer; CLG - clearing; NEFT - national electronic funds transfer']);
  }
  if (footer === 'last') block.push([footerText]);
  y += leading;
  for (const line of block) {
    if (y > bottomLimit) {
      newPage(false);
    }
    if (line.length === 1) put(furnitureX, line[0]!);
    else line.forEach((cell, i) => put(furnitureX + i * ((pageWidth - 2 * margin) / line.length), cell));
    y += leading;
  }
  for (let p = 0; p < pagesAfter; p++) {
    newPage(false);
    const notes = [
      'IMPORTANT INFORMATION',
      'Please examine this statement at once. If you find any discrepancy, inform the branch',
      `within 30 days. Registered office: ${rng.int(1, 99)} ${rng.pick(PLACES)}, SAMPLE CITY ${rng.int(100000, 999999)}.`,
      'Deposit insurance covers balances up to the limit the regulator sets.',
      `${rng.int(1, 28)} ${MONTHS[rng.int(0, 11)]} service charges apply as per the schedule of charges.`,
    ];
    for (const note of notes) {
      put(furnitureX + rng.float(-0.5, 0.5), note);
      y += leading;
    }
  }
  const pages = page;
  for (const marker of markers)
    items.push({
      page: marker.page,
      x: marker.x,
      y: marker.y - (pageMarker === 'row' ? 0.5 : 0),
      text: markerOf(marker.page, pages),
      size: pageMarker === 'row' && marker.y < pageHeight - 30 ? size + 2 : size,
    });

  // --- render ---
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (let p = 1; p <= pages; p++) {
    doc.addPage({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: 0 });
    for (const item of items) {
      if (item.page !== p) continue;
      doc.font(item.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(item.size);
      // pdfkit places text by its top; every item of a line shares one baseline whatever its font size.
      const ascent = (item.size * 718) / 1000;
      doc.text(item.text, item.x, item.y + size - ascent, { lineBreak: false });
    }
  }
  doc.end();
  await done;
  set('pages', pages);

  const printedOpening = opening !== 'none' || (beside && withBalance) || (summaryAfter !== 'none' && withBalance);
  const printedClosing = closing !== 'none' || (beside && withBalance) || (summaryAfter !== 'none' && withBalance);
  return {
    format: 'pdf',
    seed,
    fileName: `generated-${seed}.pdf`,
    bytes: Buffer.concat(chunks),
    params,
    rows,
    ...(printedOpening ? { opening_balance: BigInt(openingBalance) * 10n } : {}),
    ...(printedClosing ? { closing_balance: BigInt(closingBalance) * 10n } : {}),
  };
}

/**
 * Wraps text into lines no wider than `width` (measured), at spaces where it can and hard inside a long token, in
 * at most `maxLines` lines (a longer narration is cut at the last line, as statements print it). `firstWidth` is
 * the room on the first line where it differs (a cheque number printed before it).
 */
export function wrapText(text: string, width: number, measure: (t: string) => number, maxLines: number, firstWidth = width): string[] {
  const lines: string[] = [];
  let current = '';
  const room = () => (lines.length === 0 ? firstWidth : width);
  for (const word of text.split(' ')) {
    let rest = word;
    while (rest.length > 0) {
      const candidate = current === '' ? rest : `${current} ${rest}`;
      if (measure(candidate) <= room()) {
        current = candidate;
        rest = '';
      } else if (current !== '') {
        lines.push(current);
        current = '';
      } else {
        let n = rest.length;
        while (n > 1 && measure(rest.slice(0, n)) > room()) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
    }
  }
  if (current !== '') lines.push(current);
  return lines.slice(0, Math.max(1, maxLines));
}

export const pdfGenerator: StatementGenerator = generatePdfStatement;
