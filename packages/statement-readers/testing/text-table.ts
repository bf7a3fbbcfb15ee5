/**
 * The layout of a generated text-format statement (CSV and XLSX share it; issue 31 part 3): which columns in which
 * order, the header words in which language, how dates and amounts are written, and the lines around the rows.
 * `drawTable(random)` draws one layout and one set of rows from the parameter space below and returns every line
 * of the file as cells, with the rows a correct reader returns. csv.ts adds what only a text file has (delimiter,
 * quoting, BOM, encoding); xlsx.ts what only a workbook has (typed cells).
 *
 * Parameter space (each drawn independently unless a constraint below says otherwise; `params` records the value):
 *
 * - `lang`: the header words' language and script: en, de, fr, es, nl, fi, sv, no, da, et (Estonian), ru (Cyrillic),
 *   ja (Japanese), snake (snake_case exports: `transaction_date`, `debit_amount`). Each language has several real
 *   names per column (LANGUAGES), drawn per file; narrations are written in the language's script.
 * - `amounts`: `signed` (one amount column, outflows negative), `suffix` (one unsigned amount with ` Dr`/` Cr`, or
 *   `(Dr)`/`(Cr)`), `direction` (an unsigned amount and a direction column: D/C, Dr/Cr, DEBIT/CREDIT, C/D order
 *   too, D/K, Af/Bij, Soll/Haben, S/H, Cargo/Abono, by language), `debit-credit` (two columns).
 * - `sign` (signed): `minus`, `parens` (`(12.50)`), `plus-minus` (`+` on inflows too).
 * - `empty` (debit-credit): how the other column is left: blank, `0.00`, `-`.
 * - `balance`: `none`, `signed` (negative when overdrawn), `crdr` (`1,234.56 Cr`, `12.00 Dr` when overdrawn).
 * - `date`: dd/mm/yyyy, mm/dd/yyyy, yyyy-mm-dd, dd.mm.yyyy, dd-mm-yyyy, dd/mm/yy, mm/dd/yy, dd.mm.yy, yyyymmdd,
 *   yyyy/mm/dd, and with English headers only (the reader knows English month names only; other languages'
 *   exports print numeric dates) dd-Mon-yyyy, dd Mon yyyy, Mon dd yyyy (`Mar 05, 2030`), ddMonyyyy, dd-Mon-yy.
 * - `numbers`: plain `1234.56`, western `1,234.56`, indian `12,34,567.80`, european `1.234,56`, european-space
 *   `1 234,56`, swiss `1'234.56`, comma `1234,56`. A comma-decimal style never meets a point-decimal currency.
 * - `currency`: none, `glued` (`-6.10USD`), `spaced` (`-6.10 EUR`), `symbol` (`$6.10`, `-$6.10`); the code is the
 *   language's (EUR, SEK, NOK, DKK, RUB, JPY, USD/GBP/INR for English).
 * - `order`: rows oldest first or newest first (the balance chain runs accordingly).
 * - `rows`: 1 to 30 rows over up to ~60 days; amounts from 0.01 to 2,500,000.00 (most under 10,000).
 * - `reversal` (debit-credit with a balance only: the only layout where the file itself says what a negative
 *   withdrawal is): a withdrawal reversed by `-X` printed in the withdrawal column, an inflow of X.
 * - `valueDate`: a second date column (value date) after the booking date.
 * - `reference`: a reference column of digits (`Ref No`, `Referenz`), which is no part of the narration.
 * - `account`: an account-number column printing the same number on every row (metadata, not narration).
 * - `unnamedNarration`: the narration column's header cell is blank.
 * - `preamble`: none, or lines before the header naming the bank, the account and the period.
 * - `opening` / `closing`: none, `dated` or `undated` balance lines under the header / after the rows (the figure in
 *   the balance column, or without one in the amount or credit column); never rows, the file's printed figures.
 * - `turnover` (debit-credit): an undated totals line after the rows with each column's sum.
 * - `summary`: a block of label/figure lines after the rows (opening, total debits/credits, closing).
 * - `headerless`: no header row (and no preamble, account column name or balance lines); the columns must be
 *   inferred from the rows.
 *
 * Decidability: the generator says which rows a correct reader returns, so every file must determine them. Three
 * draws would not, and are adjusted (nothing else is left out):
 * - a numeric day-month date column whose every date is one day that reads both ways (`05/06/2030` alone): the
 *   day is drawn again from 13-28;
 * - a signed single-amount column with no minus anywhere and no running balance that settles a row (no balance
 *   column, or one row): the last row is made a withdrawal;
 * - a headerless file with debit and credit columns: it gets a running balance and at least two rows, the only
 *   thing that tells the two columns apart.
 * `params.adjusted` names them (CSV seeds 1-3000: day 2.2%, headerless balance 1.1%, sign 0.6%).
 * GENERATOR_UNADJUSTED=1 leaves them as drawn: then 25 of CSV seeds 1-3000 (0.83%) read wrong, 24 of them files
 * of 1-3 rows (a lone date, a lone unsigned amount: the reader must guess what the file does not say).
 */
import type { IsoDate } from '../src/types';
import type { GeneratedRow } from './types';
import type { Random } from './random';

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'fi' | 'sv' | 'no' | 'da' | 'et' | 'ru' | 'ja' | 'snake';
export const LANGS: Lang[] = ['en', 'de', 'fr', 'es', 'nl', 'fi', 'sv', 'no', 'da', 'et', 'ru', 'ja', 'snake'];

interface Vocabulary {
  date: string[];
  valueDate: string[];
  particulars: string[];
  debit: string[];
  credit: string[];
  amount: string[];
  balance: string[];
  direction: string[];
  /** Direction values, outflow first. */
  directionWords: [string, string][];
  account: string[];
  reference: string[];
  opening: string[];
  closing: string[];
  turnover: string[];
  totalDebits: string;
  totalCredits: string;
  bank: string;
  accountLabel: string;
  periodLabel: string;
  narrations: string[];
  currency: string;
  /** Where the direction words read both ways (D/C beside C/D): only with a header that names the pair. */
}

const EN_NARRATIONS = [
  'UPI/302911/A SAMPLE/SMPL',
  'POS 4411 SAMPLE STORE',
  'SALARY MARCH',
  'ATM WDL 0012 SAMPLE TOWN',
  'NEFT-SAMPLE TRADERS-N123',
  'CARD 1234 COFFEE, TEA & CO',
  'Transfer to savings',
  'Direct debit "Gym Sample"',
  'Interest credit',
  'Cheque 000123 deposited',
  'Electricity bill 03/2030',
  'Rent; flat 4',
];

export const LANGUAGES: Record<Lang, Vocabulary> = {
  en: {
    date: ['Date', 'Transaction Date', 'Posting Date', 'Txn Date'],
    valueDate: ['Value Date'],
    particulars: ['Description', 'Particulars', 'Narration', 'Details'],
    debit: ['Debit', 'Withdrawal', 'Paid Out', 'Money Out', 'Withdrawal Amt.'],
    credit: ['Credit', 'Deposit', 'Paid In', 'Money In', 'Deposit Amt.'],
    amount: ['Amount', 'Transaction Amount'],
    balance: ['Balance', 'Running Balance', 'Closing Balance'],
    direction: ['Dr/Cr', 'Type', 'Debit/Credit'],
    directionWords: [
      ['D', 'C'],
      ['Dr', 'Cr'],
      ['DEBIT', 'CREDIT'],
    ],
    account: ['Account Number', 'Account'],
    reference: ['Reference', 'Ref No', 'Chq No'],
    opening: ['Opening Balance', 'Balance brought forward', 'Beginning balance'],
    closing: ['Closing Balance', 'Balance carried forward', 'Ending balance'],
    turnover: ['Total', 'Totals'],
    totalDebits: 'Total Debits',
    totalCredits: 'Total Credits',
    bank: 'Sample Bank plc',
    accountLabel: 'Account Number',
    periodLabel: 'Statement Period',
    narrations: EN_NARRATIONS,
    currency: 'USD',
  },
  snake: {
    date: ['transaction_date', 'booking_date', 'posted_date', 'date'],
    valueDate: ['value_date'],
    particulars: ['description', 'narrative', 'memo', 'transaction_description'],
    debit: ['debit_amount', 'debit', 'withdrawal_amount', 'money_out'],
    credit: ['credit_amount', 'credit', 'deposit_amount', 'money_in'],
    amount: ['amount', 'transaction_amount'],
    balance: ['balance', 'running_balance', 'balance_after'],
    direction: ['debit_credit', 'type', 'dr_cr'],
    directionWords: [
      ['DEBIT', 'CREDIT'],
      ['D', 'C'],
      ['debit', 'credit'],
    ],
    account: ['account_number', 'account_no'],
    reference: ['reference', 'transaction_id'],
    opening: ['opening_balance', 'Opening balance'],
    closing: ['closing_balance', 'Closing balance'],
    turnover: ['Total'],
    totalDebits: 'total_debits',
    totalCredits: 'total_credits',
    bank: 'Sample Bank',
    accountLabel: 'account_number',
    periodLabel: 'period',
    narrations: EN_NARRATIONS,
    currency: 'GBP',
  },
  de: {
    date: ['Buchungstag', 'Buchungsdatum', 'Datum'],
    valueDate: ['Valuta', 'Wertstellung'],
    particulars: ['Verwendungszweck', 'Buchungstext', 'Beschreibung'],
    debit: ['Soll', 'Lastschrift', 'Ausgang'],
    credit: ['Haben', 'Gutschrift', 'Eingang'],
    amount: ['Betrag', 'Umsatz', 'Betrag (EUR)'],
    balance: ['Saldo', 'Kontostand'],
    direction: ['Soll/Haben', 'S/H'],
    directionWords: [
      ['S', 'H'],
      ['Soll', 'Haben'],
    ],
    account: ['Kontonummer', 'Auftragskonto'],
    reference: ['Referenz', 'Belegnummer'],
    opening: ['Anfangssaldo', 'Alter Kontostand'],
    closing: ['Endsaldo', 'Neuer Kontostand'],
    turnover: ['Summe', 'Umsatzsumme'],
    totalDebits: 'Summe Soll',
    totalCredits: 'Summe Haben',
    bank: 'Beispielbank eG',
    accountLabel: 'Kontonummer',
    periodLabel: 'Zeitraum',
    narrations: ['Lastschrift Stadtwerke Müller', 'Überweisung Miete März', 'Kartenzahlung Bäckerei Weiß', 'Gehalt Beispiel GmbH', 'Geldautomat Filiale 12'],
    currency: 'EUR',
  },
  fr: {
    date: ['Date', "Date d'opération", 'Date opération'],
    valueDate: ['Date de valeur'],
    particulars: ['Libellé', "Libellé de l'opération", 'Détail'],
    debit: ['Débit', 'Montant débit'],
    credit: ['Crédit', 'Montant crédit'],
    amount: ['Montant', 'Montant (EUR)'],
    balance: ['Solde'],
    direction: ['Sens', 'Débit/Crédit'],
    directionWords: [['D', 'C']],
    account: ['Numéro de compte', 'Compte'],
    reference: ['Référence'],
    opening: ['Solde initial', 'Solde précédent', 'Ancien solde'],
    closing: ['Solde final', 'Nouveau solde'],
    turnover: ['Total des mouvements', 'Totaux'],
    totalDebits: 'Total débits',
    totalCredits: 'Total crédits',
    bank: 'Banque Exemple',
    accountLabel: 'Numéro de compte',
    periodLabel: 'Période',
    narrations: ['Prélèvement Électricité', 'Virement reçu Société Exemple', 'Paiement carte Boulangerie', 'Retrait DAB Gare', 'Frais de tenue de compte'],
    currency: 'EUR',
  },
  es: {
    date: ['Fecha', 'Fecha operación', 'F. Operación'],
    valueDate: ['Fecha valor'],
    particulars: ['Concepto', 'Descripción', 'Movimiento'],
    debit: ['Cargo', 'Debe'],
    credit: ['Abono', 'Haber'],
    amount: ['Importe', 'Importe (EUR)'],
    balance: ['Saldo', 'Saldo disponible'],
    direction: ['Tipo', 'Cargo/Abono'],
    directionWords: [['Cargo', 'Abono']],
    account: ['Número de cuenta', 'Cuenta'],
    reference: ['Referencia'],
    opening: ['Saldo inicial', 'Saldo anterior'],
    closing: ['Saldo final'],
    turnover: ['Total movimientos'],
    totalDebits: 'Total cargos',
    totalCredits: 'Total abonos',
    bank: 'Banco Ejemplo',
    accountLabel: 'Número de cuenta',
    periodLabel: 'Periodo',
    narrations: ['Recibo Compañía Eléctrica', 'Transferencia recibida Nómina', 'Compra tarjeta Panadería', 'Reintegro cajero', 'Comisión mantenimiento'],
    currency: 'EUR',
  },
  nl: {
    date: ['Datum', 'Boekdatum', 'Transactiedatum'],
    valueDate: ['Rentedatum'],
    particulars: ['Omschrijving', 'Naam / Omschrijving', 'Mededelingen'],
    debit: ['Af'],
    credit: ['Bij'],
    amount: ['Bedrag', 'Bedrag (EUR)'],
    balance: ['Saldo', 'Saldo na mutatie'],
    direction: ['Af Bij', 'Af/Bij'],
    directionWords: [['Af', 'Bij']],
    account: ['Rekening', 'Rekeningnummer'],
    reference: ['Kenmerk'],
    opening: ['Beginsaldo'],
    closing: ['Eindsaldo'],
    turnover: ['Totaal'],
    totalDebits: 'Totaal af',
    totalCredits: 'Totaal bij',
    bank: 'Voorbeeldbank N.V.',
    accountLabel: 'Rekeningnummer',
    periodLabel: 'Periode',
    narrations: ['Albert Voorbeeld Betaalautomaat', 'Salaris Voorbeeld BV', 'Huur maart', 'Geldautomaat Centrum', 'Zorgverzekering incasso'],
    currency: 'EUR',
  },
  fi: {
    date: ['Kirjauspäivä', 'Maksupäivä', 'Päivämäärä'],
    valueDate: ['Arvopäivä'],
    particulars: ['Selite', 'Selitys', 'Saaja/Maksaja'],
    debit: ['Veloitus', 'Otto'],
    credit: ['Hyvitys', 'Pano'],
    amount: ['Määrä', 'Määrä EUROA', 'Summa'],
    balance: ['Saldo'],
    direction: [],
    directionWords: [],
    account: ['Tilinumero', 'Tili'],
    reference: ['Viite', 'Arkistointitunnus'],
    opening: ['Alkusaldo'],
    closing: ['Loppusaldo'],
    turnover: ['Yhteensä'],
    totalDebits: 'Veloitukset yhteensä',
    totalCredits: 'Hyvitykset yhteensä',
    bank: 'Esimerkkipankki Oyj',
    accountLabel: 'Tilinumero',
    periodLabel: 'Ajanjakso',
    narrations: ['Korttiosto Kahvila Äijä', 'Palkka Esimerkki Oy', 'Sähkölasku', 'Käteisnosto Otto', 'Vuokra maaliskuu'],
    currency: 'EUR',
  },
  sv: {
    date: ['Bokföringsdag', 'Transaktionsdag', 'Datum', 'Bokföringsdatum'],
    valueDate: ['Valutadag'],
    particulars: ['Text', 'Beskrivning', 'Transaktionstext', 'Meddelande'],
    debit: ['Uttag'],
    credit: ['Insättning'],
    amount: ['Belopp'],
    balance: ['Saldo', 'Behållning'],
    direction: [],
    directionWords: [],
    account: ['Kontonummer', 'Konto'],
    reference: ['Referens'],
    opening: ['Ingående saldo'],
    closing: ['Utgående saldo'],
    turnover: ['Summa'],
    totalDebits: 'Summa uttag',
    totalCredits: 'Summa insättningar',
    bank: 'Exempelbanken AB',
    accountLabel: 'Kontonummer',
    periodLabel: 'Period',
    narrations: ['Kortköp Affär Åre', 'Lön Exempel AB', 'Hyra mars', 'Uttag Bankomat', 'Överföring sparkonto'],
    currency: 'SEK',
  },
  no: {
    date: ['Dato', 'Bokført dato', 'Bokføringsdato'],
    valueDate: ['Rentedato'],
    particulars: ['Beskrivelse', 'Forklaring', 'Tekst'],
    debit: ['Ut fra konto', 'Ut'],
    credit: ['Inn på konto', 'Inn'],
    amount: ['Beløp'],
    balance: ['Saldo'],
    direction: [],
    directionWords: [],
    account: ['Kontonummer', 'Konto'],
    reference: ['Referanse', 'Arkivref'],
    opening: ['Inngående saldo'],
    closing: ['Utgående saldo'],
    turnover: ['Sum'],
    totalDebits: 'Sum ut',
    totalCredits: 'Sum inn',
    bank: 'Eksempelbanken ASA',
    accountLabel: 'Kontonummer',
    periodLabel: 'Periode',
    narrations: ['Varekjøp Butikk Økern', 'Lønn Eksempel AS', 'Husleie mars', 'Minibank Sentrum', 'Overføring sparekonto'],
    currency: 'NOK',
  },
  da: {
    date: ['Dato', 'Bogført', 'Bogføringsdato'],
    valueDate: ['Rentedato'],
    particulars: ['Tekst', 'Beskrivelse'],
    debit: ['Udbetaling', 'Hævet'],
    credit: ['Indbetaling', 'Indsat'],
    amount: ['Beløb'],
    balance: ['Saldo'],
    direction: ['D/K'],
    directionWords: [['D', 'K']],
    account: ['Kontonummer', 'Konto'],
    reference: ['Reference'],
    opening: ['Primosaldo'],
    closing: ['Ultimosaldo'],
    turnover: ['I alt'],
    totalDebits: 'Hævet i alt',
    totalCredits: 'Indsat i alt',
    bank: 'Eksempelbanken A/S',
    accountLabel: 'Kontonummer',
    periodLabel: 'Periode',
    narrations: ['Dankort køb Bager Æble', 'Løn Eksempel ApS', 'Husleje marts', 'Hæveautomat Nørreport', 'Overførsel opsparing'],
    currency: 'DKK',
  },
  et: {
    date: ['Kuupäev'],
    valueDate: ['Väärtuspäev'],
    particulars: ['Selgitus', 'Saaja/Maksja'],
    debit: ['Deebet'],
    credit: ['Kreedit'],
    amount: ['Summa'],
    balance: ['Saldo', 'Jääk'],
    direction: ['Deebet/Kreedit', 'D/K'],
    directionWords: [['D', 'K']],
    account: ['Kliendi konto', 'Konto'],
    reference: ['Arhiveerimistunnus', 'Viitenumber'],
    opening: ['Algsaldo'],
    closing: ['Lõppsaldo'],
    turnover: ['Käive'],
    totalDebits: 'Deebetkäive',
    totalCredits: 'Kreeditkäive',
    bank: 'Näidispank AS',
    accountLabel: 'Konto',
    periodLabel: 'Periood',
    narrations: ['Kaardimakse Pood Õismäe', 'Palk Näidis OÜ', 'Üür märts', 'Sularaha väljavõtt', 'Elektriarve Jõgeva'],
    currency: 'EUR',
  },
  ru: {
    date: ['Дата', 'Дата операции', 'Дата проводки'],
    valueDate: ['Дата валютирования'],
    particulars: ['Описание', 'Назначение платежа', 'Описание операции'],
    debit: ['Расход', 'Дебет', 'Списание'],
    credit: ['Приход', 'Кредит', 'Поступление'],
    amount: ['Сумма', 'Сумма операции'],
    balance: ['Остаток', 'Баланс'],
    direction: [],
    directionWords: [],
    account: ['Номер счета', 'Счет'],
    reference: ['Номер документа'],
    opening: ['Входящий остаток'],
    closing: ['Исходящий остаток'],
    turnover: ['Обороты', 'Итого'],
    totalDebits: 'Итого расход',
    totalCredits: 'Итого приход',
    bank: 'Пример Банк',
    accountLabel: 'Номер счета',
    periodLabel: 'Период',
    narrations: ['Оплата услуг связи', 'Перевод на карту', 'Покупка в магазине Пример', 'Зарплата за март', 'Снятие наличных'],
    currency: 'RUB',
  },
  ja: {
    date: ['日付', '取引日', 'お取引日'],
    valueDate: ['起算日'],
    particulars: ['摘要', 'お取引内容', '内容'],
    debit: ['お支払金額', '出金', '出金金額', 'お引出し'],
    credit: ['お預り金額', '入金', '入金金額', 'お預入れ'],
    amount: ['金額', '取引金額'],
    balance: ['残高', '差引残高'],
    direction: [],
    directionWords: [],
    account: ['口座番号'],
    reference: ['取引番号'],
    opening: ['前月繰越', '繰越残高'],
    closing: ['次月繰越'],
    turnover: ['合計'],
    totalDebits: 'お支払合計',
    totalCredits: 'お預り合計',
    bank: 'サンプル銀行',
    accountLabel: '口座番号',
    periodLabel: '期間',
    narrations: ['振込 サンプル商店', 'ＡＴＭ引出', 'カード支払い', '給与 サンプル株式会社', '電気料金'],
    currency: 'JPY',
  },
};

export type AmountLayout = 'signed' | 'suffix' | 'direction' | 'debit-credit';
export type NumberStyle = 'plain' | 'western' | 'indian' | 'european' | 'european-space' | 'swiss' | 'comma';
const COMMA_DECIMAL: NumberStyle[] = ['european', 'european-space', 'comma'];
export const NUMERIC_DATES = [
  'dd/mm/yyyy',
  'mm/dd/yyyy',
  'yyyy-mm-dd',
  'dd.mm.yyyy',
  'dd-mm-yyyy',
  'dd/mm/yy',
  'mm/dd/yy',
  'dd.mm.yy',
  'yyyymmdd',
  'yyyy/mm/dd',
];
/** Numeric dates with a day and a month that may read either way. */
const DAY_MONTH_DATES = ['dd/mm/yyyy', 'mm/dd/yyyy', 'dd.mm.yyyy', 'dd-mm-yyyy', 'dd/mm/yy', 'mm/dd/yy', 'dd.mm.yy'];
export const NAMED_DATES = ['dd-Mon-yyyy', 'dd Mon yyyy', 'Mon dd, yyyy', 'ddMonyyyy', 'dd-Mon-yy'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A cell as the file prints it, and for a workbook the typed value it may store instead. */
export interface Cell {
  text: string;
  /** A number (amount, in base units) or a date (UTC midnight) a workbook may store as a typed cell. */
  value?: number | Date;
}

export interface TextTable {
  lines: Cell[][];
  rows: GeneratedRow[];
  params: Record<string, string | number | boolean>;
  opening_balance: bigint | null;
  closing_balance: bigint | null;
  lang: Lang;
  numbers: NumberStyle;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate(iso: IsoDate, format: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const yy = pad(y % 100);
  const mon = MONTHS[m - 1]!;
  switch (format) {
    case 'dd/mm/yyyy':
      return `${pad(d)}/${pad(m)}/${y}`;
    case 'mm/dd/yyyy':
      return `${pad(m)}/${pad(d)}/${y}`;
    case 'yyyy-mm-dd':
      return iso;
    case 'dd.mm.yyyy':
      return `${pad(d)}.${pad(m)}.${y}`;
    case 'dd-mm-yyyy':
      return `${pad(d)}-${pad(m)}-${y}`;
    case 'dd/mm/yy':
      return `${pad(d)}/${pad(m)}/${yy}`;
    case 'mm/dd/yy':
      return `${pad(m)}/${pad(d)}/${yy}`;
    case 'dd.mm.yy':
      return `${pad(d)}.${pad(m)}.${yy}`;
    case 'yyyymmdd':
      return `${y}${pad(m)}${pad(d)}`;
    case 'yyyy/mm/dd':
      return `${y}/${pad(m)}/${pad(d)}`;
    case 'dd-Mon-yyyy':
      return `${pad(d)}-${mon}-${y}`;
    case 'dd Mon yyyy':
      return `${pad(d)} ${mon} ${y}`;
    case 'Mon dd, yyyy':
      return `${mon} ${pad(d)}, ${y}`;
    case 'ddMonyyyy':
      return `${pad(d)}${mon}${y}`;
    case 'dd-Mon-yy':
      return `${pad(d)}-${mon}-${yy}`;
    default:
      throw new Error(`unknown date format ${format}`);
  }
}

/** A magnitude in milli-units (a multiple of 10) written in a number style, two decimals. */
export function formatMagnitude(milli: bigint, style: NumberStyle): string {
  const cents = milli / 10n;
  const whole = (cents / 100n).toString();
  const fraction = pad(Number(cents % 100n));
  const group = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  switch (style) {
    case 'plain':
      return `${whole}.${fraction}`;
    case 'western':
      return `${group(',')}.${fraction}`;
    case 'indian': {
      const last3 = whole.slice(-3);
      const rest = whole.slice(0, -3);
      return `${rest === '' ? last3 : `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`}.${fraction}`;
    }
    case 'european':
      return `${group('.')},${fraction}`;
    case 'european-space':
      return `${group(' ')},${fraction}`;
    case 'swiss':
      return `${group("'")}.${fraction}`;
    case 'comma':
      return `${whole},${fraction}`;
  }
}

export interface AmountFormat {
  numbers: NumberStyle;
  currency: 'none' | 'glued' | 'spaced' | 'symbol';
  code: string;
}

const SYMBOLS: Record<string, string> = { USD: '$', GBP: '£', EUR: '€', INR: '₹' };

/** A signed amount (`-` before the currency symbol, after it for codes: `-$6.10`, `-6.10USD`). */
export function formatSigned(milli: bigint, f: AmountFormat, sign: 'minus' | 'parens' | 'plus-minus' = 'minus'): string {
  const negative = milli < 0n;
  const body = withCurrency(formatMagnitude(negative ? -milli : milli, f.numbers), f);
  if (!negative) return sign === 'plus-minus' && milli > 0n ? `+${body}` : body;
  return sign === 'parens' ? `(${body})` : `-${body}`;
}

function withCurrency(magnitude: string, f: AmountFormat): string {
  switch (f.currency) {
    case 'none':
      return magnitude;
    case 'glued':
      return `${magnitude}${f.code}`;
    case 'spaced':
      return `${magnitude} ${f.code}`;
    case 'symbol':
      return `${SYMBOLS[f.code] ?? f.code}${magnitude}`;
  }
}

const toUnits = (milli: bigint) => Number(milli) / 1000;

function drawDates(random: Random, count: number): IsoDate[] {
  const year = random.int(2001, 2035);
  let day = Date.UTC(year, random.int(0, 11), random.int(1, 28));
  const out: IsoDate[] = [];
  for (let i = 0; i < count; i++) {
    out.push(new Date(day).toISOString().slice(0, 10) as IsoDate);
    day +=
      random.weighted([
        [0, 3],
        [1, 3],
        [2, 2],
        [4, 1],
      ] as const) * 86_400_000;
  }
  return out;
}

function drawMagnitude(random: Random, numbers: NumberStyle): bigint {
  const cents = random.weighted<() => number>([
    [() => random.int(1, 9_999), 4],
    [() => random.int(10_000, 999_999), 4],
    [() => random.int(1_000_000, 250_000_000), numbers === 'indian' ? 3 : 1],
    [() => random.int(1, 500) * 100, 1],
  ])();
  return BigInt(cents) * 10n;
}

/** Draws a layout and its rows; `headerlessAllowed` says the format can print a file without a header. */
export function drawTable(random: Random, options: { headerlessAllowed: boolean }): TextTable {
  const lang = random.pick(LANGS);
  const v = LANGUAGES[lang];
  const amounts: AmountLayout = random.pick(
    v.directionWords.length > 0 ? (['signed', 'suffix', 'direction', 'debit-credit'] as const) : (['signed', 'suffix', 'debit-credit'] as const),
  );
  const latin = lang !== 'ru' && lang !== 'ja';
  const numbers: NumberStyle = random.pick(
    lang === 'en' || lang === 'snake'
      ? (['plain', 'western', 'indian', 'swiss'] as const)
      : latin
        ? (['plain', 'western', 'european', 'european-space', 'swiss', 'comma'] as const)
        : (['plain', 'western', 'european-space', 'comma'] as const),
  );
  const code = lang === 'en' ? random.pick(['USD', 'GBP', 'INR']) : v.currency;
  const currency = random.weighted([
    ['none', 4],
    ['glued', 1],
    ['spaced', 1],
    ['symbol', SYMBOLS[code] ? 1 : 0],
  ] as const);
  const format: AmountFormat = { numbers, currency, code };
  const sign = random.pick(['minus', 'parens', 'plus-minus'] as const);
  const empty = random.pick(['blank', 'zero', 'dash'] as const);
  const drawnBalance = random.pick(['none', 'signed', 'crdr'] as const);
  const dateFormat = random.pick(lang === 'en' ? [...NUMERIC_DATES, ...NAMED_DATES] : NUMERIC_DATES);
  const order = random.weighted([
    ['oldest', 3],
    ['newest', 1],
  ] as const);
  const drawnCount = random.weighted<() => number>([
    [() => random.int(1, 3), 1],
    [() => random.int(4, 12), 3],
    [() => random.int(13, 30), 2],
  ])();
  const headerless = options.headerlessAllowed && random.chance(0.12);
  // GENERATOR_UNADJUSTED=1 leaves undecidable draws as drawn, to measure what the adjustments (below) take out.
  const adjust = process.env.GENERATOR_UNADJUSTED !== '1';
  const adjusted: string[] = [];
  // Decidability (below): a headerless file's debit and credit columns are told apart only by a running balance.
  const balance = adjust && headerless && amounts === 'debit-credit' && drawnBalance === 'none' ? 'signed' : drawnBalance;
  if (balance !== drawnBalance) adjusted.push('headerless-balance');
  // ... and only from two rows on (one row has no balance before it to move from).
  const count = adjust && headerless && amounts === 'debit-credit' ? Math.max(2, drawnCount) : drawnCount;
  if (count !== drawnCount) adjusted.push('headerless-rows');
  const reversal = amounts === 'debit-credit' && balance !== 'none' && count >= 2 && random.chance(0.3);
  const valueDate = random.chance(0.25);
  const reference = random.chance(0.25);
  const account = random.chance(0.2);
  const unnamedNarration = !headerless && random.chance(0.1);
  const preamble = !headerless && random.chance(0.4);
  const opening = headerless
    ? 'none'
    : random.weighted([
        ['none', 3],
        ['dated', 1],
        ['undated', 1],
      ] as const);
  const closing = headerless
    ? 'none'
    : random.weighted([
        ['none', 3],
        ['dated', 1],
        ['undated', 1],
      ] as const);
  const turnover = !headerless && amounts === 'debit-credit' && random.chance(0.2);
  const summary = !headerless && random.chance(0.15);
  const directionPair = v.directionWords.length > 0 ? random.pick(v.directionWords) : (['D', 'C'] as [string, string]);
  const suffixStyle = random.pick(['space', 'parens'] as const);

  // The rows, in date order, then in the file's order.
  let dates = drawDates(random, count);
  // Decidability: numeric dates that all fall on one day that reads both ways (`05/06/2030` and nothing else) say
  // nothing of the day order; such a file has no correct reading to require, so its day is drawn again above 12.
  if (
    adjust &&
    DAY_MONTH_DATES.includes(dateFormat) &&
    new Set(dates).size === 1 &&
    Number(dates[0]!.slice(8)) <= 12 &&
    dates[0]!.slice(5, 7) !== dates[0]!.slice(8)
  ) {
    dates = dates.map((d) => `${d.slice(0, 8)}${String(random.int(13, 28))}` as IsoDate);
    dates = dates.map(() => dates[0]!);
    adjusted.push('day');
  }
  let running = BigInt(random.int(balance === 'none' ? 0 : -50_000, 5_000_000)) * 10n;
  const openingBalance = running;
  type Drawn = GeneratedRow & { printedDebit?: bigint; reversalOf?: bigint };
  const drawn: Drawn[] = [];
  for (let i = 0; i < count; i++) {
    const magnitude = drawMagnitude(random, numbers);
    let row: Drawn;
    const previous = drawn[i - 1];
    if (reversal && previous && previous.outflow > 0n && !previous.reversalOf && random.chance(0.4)) {
      // The bank reverses the withdrawal before: `-X` in the withdrawal column, the balance back up by X.
      row = {
        date: dates[i]!,
        particulars: `REVERSAL ${previous.particulars}`,
        inflow: previous.outflow,
        outflow: 0n,
        balance: null,
        reversalOf: previous.outflow,
      };
    } else {
      // Decidability: a single signed amount column that prints no minus anywhere, with no running balance that
      // could settle a row (none, or one row), does not say which way its amounts go (a card export prints its
      // charges unsigned): when no row before the last is a withdrawal, the last one is, so the file prints a minus once.
      const undecided = adjust && amounts === 'signed' && (balance === 'none' || count === 1) && i === count - 1 && drawn.every((r) => r.outflow === 0n);
      const drawnInflow = random.chance(0.3);
      const inflow = drawnInflow && !undecided;
      if (drawnInflow && undecided) adjusted.push('sign');
      row = { date: dates[i]!, particulars: random.pick(v.narrations), inflow: inflow ? magnitude : 0n, outflow: inflow ? 0n : magnitude, balance: null };
    }
    running += row.inflow - row.outflow;
    row.balance = balance === 'none' ? null : running;
    drawn.push(row);
  }
  const closingBalance = running;
  const inFileOrder = order === 'newest' ? [...drawn].reverse() : drawn;

  // Columns in a drawn order: date first most often, the rest shuffled.
  type Column = 'date' | 'valueDate' | 'particulars' | 'debit' | 'credit' | 'amount' | 'direction' | 'balance' | 'account' | 'reference';
  const columns: Column[] = ['particulars'];
  if (amounts === 'debit-credit') columns.push('debit', 'credit');
  else columns.push('amount');
  if (amounts === 'direction') columns.push('direction');
  if (valueDate) columns.push('valueDate');
  if (reference) columns.push('reference');
  if (account) columns.push('account');
  for (let i = columns.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [columns[i], columns[j]] = [columns[j]!, columns[i]!];
  }
  // A direction column sits right after its amount; the balance last (as every bank prints it).
  if (amounts === 'direction') {
    columns.splice(columns.indexOf('direction'), 1);
    columns.splice(columns.indexOf('amount') + 1, 0, 'direction');
  }
  if (amounts === 'debit-credit' && random.chance(0.7)) {
    // Most banks print debit before credit; some the other way.
    columns.splice(columns.indexOf('credit'), 1);
    columns.splice(columns.indexOf('debit') + 1, 0, 'credit');
  }
  if (random.chance(0.85)) columns.unshift('date');
  else columns.splice(random.int(1, columns.length), 0, 'date');
  if (valueDate && columns.indexOf('valueDate') < columns.indexOf('date')) {
    columns.splice(columns.indexOf('valueDate'), 1);
    columns.splice(columns.indexOf('date') + 1, 0, 'valueDate');
  }
  if (balance !== 'none') columns.push('balance');

  const header: Record<Column, string> = {
    date: random.pick(v.date),
    valueDate: random.pick(v.valueDate),
    particulars: unnamedNarration ? '' : random.pick(v.particulars),
    debit: random.pick(v.debit),
    credit: random.pick(v.credit),
    amount: random.pick(v.amount),
    direction: v.direction.length > 0 ? random.pick(v.direction) : '',
    balance: random.pick(v.balance),
    account: random.pick(v.account),
    reference: random.pick(v.reference),
  };
  const accountNumber = random.pick([
    'DE89 3704 0044 0532 0130 00',
    '12345678',
    '000011112222',
    'NL91ABNA0417164300',
    '40-11-62 31926819',
    'FI21 1234 5600 0007 85',
  ]);

  const signed = (milli: bigint): Cell => ({ text: formatSigned(milli, format, sign), value: toUnits(milli) });
  const magnitudeCell = (milli: bigint): Cell => ({ text: withCurrency(formatMagnitude(milli, numbers), format), value: toUnits(milli) });
  const marked = (milli: bigint, marker: 'Dr' | 'Cr'): Cell => {
    const body = withCurrency(formatMagnitude(milli < 0n ? -milli : milli, numbers), format);
    return { text: suffixStyle === 'parens' ? `${body}(${marker})` : `${body} ${marker}` };
  };
  const balanceCell = (milli: bigint): Cell =>
    balance === 'crdr' ? marked(milli, milli < 0n ? 'Dr' : 'Cr') : { text: formatSigned(milli, format, 'minus'), value: toUnits(milli) };
  const emptyCell = (): Cell =>
    empty === 'blank' ? { text: '' } : empty === 'zero' ? { text: withCurrency(formatMagnitude(0n, numbers), format), value: 0 } : { text: '-' };
  const dateCell = (iso: IsoDate): Cell => ({ text: formatDate(iso, dateFormat), value: new Date(`${iso}T00:00:00Z`) });

  const rowCells = (row: Drawn, ref: number): Cell[] =>
    columns.map((column): Cell => {
      switch (column) {
        case 'date':
          return dateCell(row.date);
        case 'valueDate':
          return dateCell(row.date);
        case 'particulars':
          return { text: row.particulars };
        case 'reference':
          return { text: String(100000 + ref * 7919) };
        case 'account':
          return { text: accountNumber };
        case 'balance':
          return balanceCell(row.balance!);
        case 'debit':
          if (row.reversalOf) return signed(-row.reversalOf);
          return row.outflow > 0n ? magnitudeCell(row.outflow) : emptyCell();
        case 'credit':
          return row.inflow > 0n && !row.reversalOf ? magnitudeCell(row.inflow) : emptyCell();
        case 'amount': {
          const net = row.inflow - row.outflow;
          if (amounts === 'signed') return signed(net);
          if (amounts === 'suffix') return marked(net, net < 0n ? 'Dr' : 'Cr');
          return magnitudeCell(net < 0n ? -net : net);
        }
        case 'direction':
          return { text: row.outflow > 0n ? directionPair[0] : directionPair[1] };
      }
    });

  /** A balance line: its label in the narration column, its figure where the balance (or an amount) stands. */
  const balanceLine = (label: string, figure: bigint, date: IsoDate | null): Cell[] =>
    columns.map((column): Cell => {
      if (column === 'particulars') return { text: label };
      if (column === 'date' && date) return dateCell(date);
      if (column === 'account') return { text: accountNumber };
      const target = balance !== 'none' ? 'balance' : amounts === 'debit-credit' ? (figure < 0n ? 'debit' : 'credit') : 'amount';
      if (column !== target) return { text: '' };
      if (column === 'balance') return balanceCell(figure);
      if (column === 'amount' && amounts === 'suffix') return marked(figure, figure < 0n ? 'Dr' : 'Cr');
      if (column === 'amount' && amounts === 'debit-credit') return magnitudeCell(figure < 0n ? -figure : figure);
      return column === 'amount' ? signed(figure) : magnitudeCell(figure < 0n ? -figure : figure);
    });

  const lines: Cell[][] = [];
  const firstDate = drawn[0]!.date;
  const lastDate = drawn[drawn.length - 1]!.date;
  if (preamble) {
    lines.push([{ text: v.bank }]);
    lines.push([{ text: v.accountLabel }, { text: accountNumber }]);
    lines.push([{ text: v.periodLabel }, { text: `${formatDate(firstDate, dateFormat)} - ${formatDate(lastDate, dateFormat)}` }]);
    lines.push([]);
  }
  if (!headerless) lines.push(columns.map((c) => ({ text: header[c] })));
  const [openingAt, closingAt] = order === 'newest' ? [lastDate, firstDate] : [firstDate, lastDate];
  const openingLine = opening === 'none' ? null : balanceLine(random.pick(v.opening), openingBalance, opening === 'dated' ? openingAt : null);
  const closingLine = closing === 'none' ? null : balanceLine(random.pick(v.closing), closingBalance, closing === 'dated' ? closingAt : null);
  // Newest first: the closing line is printed first, as such statements do.
  if (order === 'oldest' && openingLine) lines.push(openingLine);
  if (order === 'newest' && closingLine) lines.push(closingLine);
  inFileOrder.forEach((row, i) => lines.push(rowCells(row, i)));
  if (order === 'oldest' && closingLine) lines.push(closingLine);
  if (order === 'newest' && openingLine) lines.push(openingLine);
  const totalIn = drawn.reduce((n, r) => n + r.inflow, 0n);
  const totalOut = drawn.reduce((n, r) => n + r.outflow, 0n);
  if (turnover) {
    // Each column summed as printed (a reversal counts negative in the withdrawal column).
    const debitSum = drawn.reduce((n, r) => n + (r.reversalOf ? -r.reversalOf : r.outflow), 0n);
    const creditSum = drawn.reduce((n, r) => n + (r.reversalOf ? 0n : r.inflow), 0n);
    lines.push(
      columns.map((column): Cell => {
        if (column === 'particulars') return { text: random.pick(v.turnover) };
        if (column === 'debit') return signed(debitSum);
        if (column === 'credit') return magnitudeCell(creditSum);
        return { text: '' };
      }),
    );
  }
  if (summary) {
    lines.push([]);
    lines.push([{ text: v.opening[0]! }, balanceCell(openingBalance)]);
    if (!drawn.some((r) => r.reversalOf)) {
      lines.push([{ text: v.totalDebits }, magnitudeCell(totalOut)]);
      lines.push([{ text: v.totalCredits }, magnitudeCell(totalIn)]);
    }
    lines.push([{ text: v.closing[0]! }, balanceCell(closingBalance)]);
  }

  const printsOpening = opening !== 'none' || summary;
  const printsClosing = closing !== 'none' || summary;
  return {
    lines,
    rows: inFileOrder.map(({ date, particulars, inflow, outflow, balance: b }) => ({ date, particulars, inflow, outflow, balance: b })),
    opening_balance: printsOpening ? openingBalance : null,
    closing_balance: printsClosing ? closingBalance : null,
    lang,
    numbers,
    params: {
      lang,
      amounts,
      sign: amounts === 'signed' ? sign : '-',
      empty: amounts === 'debit-credit' ? empty : '-',
      direction: amounts === 'direction' ? directionPair.join('/') : amounts === 'suffix' ? `suffix-${suffixStyle}` : '-',
      balance,
      date: dateFormat,
      numbers,
      currency,
      order,
      rows: count <= 3 ? '1-3' : count <= 12 ? '4-12' : '13-30',
      dateColumn: columns[0] === 'date' ? 'first' : 'later',
      reversal,
      valueDate,
      reference,
      account,
      unnamedNarration,
      preamble,
      opening,
      closing,
      turnover,
      summary,
      headerless,
      adjusted: adjusted.length === 0 ? 'none' : adjusted.join('+'),
    },
  };
}

export { COMMA_DECIMAL };
