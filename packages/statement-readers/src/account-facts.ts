/**
 * What a tabular statement says about its account, beyond its number: the currency it is kept in, whether it is a
 * card's statement, and the bank's name. The statement service creates a new account from these (its kind,
 * currency and name), so each rule takes only what the file states: a guess would put rows in the wrong currency.
 * Read from the lines above the header (the preamble), the header's cells, and the lines outside the table that
 * were not read as transactions (a card's summary box or payment slip often sits under its table).
 */

/** ISO 4217 codes of real currencies (XXX means "no currency"; the test and precious-metal codes are no account's). */
const ISO_CURRENCIES: ReadonlySet<string> = new Set(
  Intl.supportedValuesOf('currency').filter((code) => !['XXX', 'XTS', 'XAU', 'XAG', 'XPT', 'XPD', 'XDR'].includes(code)),
);

export function isCurrencyCode(code: string): boolean {
  return ISO_CURRENCIES.has(code);
}

// The symbols and words that name one currency only (a bare `$` is the dollar of a dozen countries).
const CURRENCY_WORDS: Record<string, string> = {
  '₹': 'INR',
  rs: 'INR',
  'rs.': 'INR',
  inr: 'INR',
  '€': 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  s$: 'SGD',
};

// A header cell's unit: `Amount (SGD)`, `Withdrawal Amount (INR )`, `Amount(in Rs)`, `Betrag EUR`, `Amount in USD`.
const UNIT_IN_PARENTHESES = /\(\s*(?:in\s+)?([^()\s]{1,4})\s*\)/i;
const UNIT_AT_END = /\s(?:in\s+)?([A-Z]{3})$/;
// A labelled line: `Currency: SGD`, `Currency Code - INR`, `Währung: EUR`, `Devise : CHF`, `Moneda: EUR`.
const CURRENCY_LABEL = /\b(?:currency(?:\s+code)?|w(?:ä|ae|a)hrung|devise|moneda|divisa)\s*[:\-]?\s*([A-Z]{3})\b/i;
// `All amounts in SGD`, `Amounts are in EUR`.
const AMOUNTS_IN = /\bamounts?\s+(?:are\s+)?(?:shown\s+|stated\s+)?in\s+([A-Z]{3})\b/i;

function currencyOf(unit: string): string | null {
  const word = CURRENCY_WORDS[unit.toLowerCase()];
  if (word) return word;
  const code = unit.toUpperCase();
  return /^[A-Z]{3}$/.test(unit) && isCurrencyCode(code) ? code : null;
}

/** The one currency a set of mentions names, or null when they name none or disagree (a multi-currency export). */
function one(mentions: (string | null)[]): string | null {
  const named = new Set(mentions.filter((m): m is string => m !== null));
  return named.size === 1 ? [...named][0]! : null;
}

/** The currency the header's cells state as their unit (every cell that states one states the same). */
export function headerCurrency(header: readonly string[]): string | null {
  return one(
    header.map((cell) => {
      const text = cell.trim().replace(/\)[A-Za-z|]$/, ')');
      const unit = UNIT_IN_PARENTHESES.exec(text)?.[1] ?? UNIT_AT_END.exec(text)?.[1];
      return unit === undefined ? null : currencyOf(unit);
    }),
  );
}

/** The currency a line states with a label (`Currency: SGD`, `All amounts in EUR`), or null. */
export function lineCurrency(line: string): string | null {
  const unit = CURRENCY_LABEL.exec(line)?.[1] ?? AMOUNTS_IN.exec(line)?.[1];
  return unit === undefined ? null : currencyOf(unit);
}

// What only a card's statement prints: its limit, its minimum payment, its own title. A bank statement's narration
// may name a card ("CREDIT CARD PAYMENT"), so the words alone (`credit card`) are not enough.
const CARD_STATEMENT = new RegExp(
  [
    String.raw`\b(?:total\s+|available\s+|cash\s+)*credit\s+limit\b`,
    String.raw`\bminimum\s+(?:amount\s+|payment\s+)?(?:due|payable)\b`,
    // TD's terms: "You must pay at least the Minimum Payment shown on your statement".
    String.raw`\bminimum\s+payment\b`,
    String.raw`\bmin(?:imum)?\.?\s+(?:amt|amount|payment)\.?\s+due\b`,
    String.raw`\bstatement\s+of\s+(?:credit\s+)?card\s+account\b`,
    String.raw`\bcredit\s+card\s+statement\b`,
    String.raw`\bcard\s+statement\b`,
    String.raw`\b(?:karten(?:konto)?auszug|kreditkartenabrechnung|relev[ée]\s+de\s+carte|estratto\s+conto\s+carta)\b`,
  ].join('|'),
  'i',
);

// A header column of card numbers, cardholders or reward points (Capital One's `Card No.`, Fineco's `Numero carta`,
// ICICI's `Reward Point Header`): an account statement has no such column.
const CARD_COLUMN =
  /^(?:reward\s+points?(?:\s+header)?|card\s*(?:no|number|member|holder)\.?|numero\s+carta|intestatario\s+carta|kartennummer|karteninhaber|cardholder)$/i;

/**
 * A card number as an account number: 16 digits in groups of four (15 for Amex, 4-6-5), masked in the middle
 * (`1233 26XX XXXX 2231`, `0000 **** **** 0000`, `XXXX-XXXX-XXXX-1234`) or whole with a valid Luhn check digit
 * (`5488-2926-6730-9473`). A bank account number is not written so.
 */
export function looksLikeCardNumber(text: string): boolean {
  const compact = text.trim();
  const grouped =
    /^[0-9Xx*•]{4}([ -])[0-9Xx*•]{4}\1[0-9Xx*•]{4}\1[0-9Xx*•]{4}$/.test(compact) || /^[0-9Xx*•]{4}([ -])[0-9Xx*•]{6}\1[0-9Xx*•]{5}$/.test(compact);
  const chars = compact.replace(/[ -]/g, '');
  if (/^\d+$/.test(chars)) return grouped && luhn(chars);
  // Masked: digits at the ends (at least the last four), a mask in the middle.
  return (grouped || chars.length === 16) && /^\d{0,6}[Xx*•]+\d{4}$/.test(chars);
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// A line that is a bank's name and nothing else: `DBS Bank`, `HDFC BANK Ltd.`, `Bank of Baroda`, `Sparkasse Köln`.
const BANK_LINE = new RegExp(
  String.raw`^(?:the\s+)?((?:[\p{Lu}][\p{L}&'’.-]*\s+){0,3}(?:bank|banque|banca|banco|sparkasse|credit\s+union|building\s+society)` +
    String.raw`|bank\s+of(?:\s+[\p{Lu}][\p{L}&'’.-]*){1,3}|(?:[\p{Lu}][\p{L}&'’.-]*\s+){0,2}(?:sparkasse|volksbank|raiffeisenbank)(?:\s+[\p{Lu}][\p{L}-]*){0,2})` +
    String.raw`(?:,?\s+(?:ltd|limited|plc|n\.a|ag|berhad|bhd|inc|co)\.?)*$`,
  'iu',
);

/** The bank's name from a line above the header that is that name alone (its `Ltd`/`plc` left off), or null. */
export function preambleBank(lines: readonly string[]): string | null {
  for (const line of lines) {
    const text = line.trim().replace(/\s+/g, ' ');
    if (text.length > 48 || /\d/.test(text)) continue;
    const m = BANK_LINE.exec(text);
    if (m) return m[1]!.replace(/[\s,]+$/, '');
  }
  return null;
}

export interface AccountFacts {
  /** ISO 4217, where the file states it. */
  currency: string | null;
  /** `credit_card` where the file shows it is a card's statement; null: it does not say (the service's default applies). */
  kind: 'credit_card' | null;
  /** The bank's name: its profile's, else a preamble line that is the bank's name. */
  bank: string | null;
}

export interface FactsInput {
  accNo: string | null;
  header: readonly string[];
  /** The lines above the header. */
  preamble: readonly string[];
  /** Lines outside the table (not read as transactions). */
  outside: readonly string[];
  /** The distinct values of a currency column (every row prints the account's currency: Revolut, Wise, Austrian exports). */
  currencyColumn: ReadonlySet<string>;
  /** The recognised bank profile's name. */
  profileBank: string | null;
}

export function accountFacts(input: FactsInput): AccountFacts {
  const columnCurrency = input.currencyColumn.size === 1 ? currencyOf([...input.currencyColumn][0]!.trim()) : null;
  const currency = one(input.preamble.map(lineCurrency)) ?? headerCurrency(input.header) ?? columnCurrency ?? one(input.outside.map(lineCurrency));
  const card =
    (input.accNo !== null && looksLikeCardNumber(input.accNo)) ||
    input.header.some((cell) => CARD_COLUMN.test(cell.trim())) ||
    [...input.preamble, ...input.outside].some((line) => CARD_STATEMENT.test(line));
  return { currency, kind: card ? 'credit_card' : null, bank: input.profileBank ?? preambleBank(input.preamble) };
}

/** Header names of a column that prints the row's currency. */
export const CURRENCY_COLUMN_NAMES: ReadonlySet<string> = new Set(['currency', 'ccy', 'curr', 'wahrung', 'waehrung', 'monn', 'devise', 'moneda', 'divisa']);
