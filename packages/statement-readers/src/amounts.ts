/**
 * Statement amounts -> integer milli-units (1000 per base unit), digit by digit. Floating point never does
 * arithmetic on money here: text is read as a decimal, and a spreadsheet's numeric cell is read through its
 * shortest round-trip decimal text, which is the decimal the file holds.
 */

export const MILLI_PER_UNIT = 1000n;

/** Rows travel to clients as JSON integers of milli-units, so nothing larger can be stored and returned exactly. */
export const MAX_ROW_MILLI = BigInt(Number.MAX_SAFE_INTEGER);

/** Why an amount could not be read; the table reader adds the line and column. */
export class AmountFormatError extends Error {}

export interface ReadAmount {
  /** Signed milli-units: a leading minus or parentheses make it negative; a Cr/Dr marker does not (see marker). */
  value: bigint;
  /** A trailing `Cr` / `Dr`, which the caller interprets for the column it came from. */
  marker: 'cr' | 'dr' | null;
}

// Western grouping (123,456,789) or Indian grouping (12,34,56,789), or none at all.
const WESTERN_GROUPS = /^\d{1,3}(?:,\d{3})+$/;
const INDIAN_GROUPS = /^\d{1,2}(?:,\d{2})*,\d{3}$/;
const PLAIN_DIGITS = /^\d+$/;
const CURRENCY_PREFIX = /^(?:₹|rs\.?|inr|\$|£|€|eur|gbp|chf)\s*/i;
// European and UK exports print the currency after the amount: `12.50 €`, `1234.56 EUR`.
const CURRENCY_SUFFIX = /\s*(?:€|eur|chf|gbp|£)$/i;
// Swiss thousands: 11'373.94 (an apostrophe or a right single quote between groups of three).
const APOSTROPHE_GROUPS = /^\d{1,3}(?:['’]\d{3})+$/;
// `1,234.00 Cr`, `1,234.00Dr.`, `1,234.00(Dr)` (Kotak prints the marker in parentheses).
const MARKER_SUFFIX = /\s*(?:(cr|dr)\.?|\((cr|dr)\))$/i;

/**
 * Currencies printed beside an amount: symbols, and ISO 4217 codes of the currencies statements are kept in (a
 * list, not any three letters, so that a word glued to a number is never taken for a currency).
 */
const CURRENCY = String.raw`(?:₹|rs\.?|\$|£|€|¥|inr|usd|eur|gbp|chf|sek|nok|dkk|isk|rub|uah|jpy|cny|aud|cad|nzd|sgd|hkd|myr|aed|zar|pln|czk|huf|ron|bgn)`;
// After the digits, glued or spaced (`-6.10USD`, `1.234,56 SEK`), before a Dr/Cr marker or a closing parenthesis.
// A `$`, `₹` or `Rs` is printed only before the digits (`5$` is no amount).
const CURRENCY_CODE_AFTER = String.raw`(?:€|£|¥|inr|usd|eur|gbp|chf|sek|nok|dkk|isk|rub|uah|jpy|cny|aud|cad|nzd|sgd|hkd|myr|aed|zar|pln|czk|huf|ron|bgn)`;
const CURRENCY_AFTER = new RegExp(String.raw`(\d)\s*${CURRENCY_CODE_AFTER}(?=\s*(?:\(?(?:cr|dr)\.?\)?)?\s*\)?$)`, 'i');
// Before the digits, after a sign or an opening parenthesis (`(USD 12.50)`, `-€5`).
const CURRENCY_BEFORE = new RegExp(String.raw`^([-+(]?\s*)${CURRENCY}\s*(?=[-+]?\s*[\d.])`, 'i');

/**
 * The amount without the currency printed beside it, wherever it stands (`-6.10USD`, `(9,877.97 EUR)`,
 * `€1.234,56 Cr` -> `-6.10`, `(9,877.97)`, `1.234,56 Cr`; issue 31). Used before any reading of the digits, so
 * the decimal-mark and grouping decisions never see the currency.
 */
export function stripCurrency(raw: string): string {
  return raw.trim().replace(CURRENCY_AFTER, '$1').replace(CURRENCY_BEFORE, '$1');
}

/**
 * Reads an amount as written in a statement: `1,23,456.78`, `123,456.78`, `-50`, `(50.00)`, `1,000.00 Cr`,
 * `₹ 500`. Blank (or a lone dash, which statements print for "nothing") is null. At most 3 decimals.
 */
export function readAmountText(raw: string): ReadAmount | null {
  let text = stripCurrency(raw).replace(CURRENCY_SUFFIX, '');
  if (text === '' || text === '-' || text === '–' || text === '—') return null;

  let marker: ReadAmount['marker'] = null;
  const suffix = MARKER_SUFFIX.exec(text);
  if (suffix) {
    marker = (suffix[1] ?? suffix[2])!.toLowerCase() as 'cr' | 'dr';
    text = text.slice(0, suffix.index); // MARKER_SUFFIX takes the spaces before the marker
  }

  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-') || text.startsWith('+')) {
    if (negative) throw new AmountFormatError(`"${raw}" has both parentheses and a sign`);
    negative = text.startsWith('-');
    text = text.slice(1).trim();
  }
  text = text.replace(CURRENCY_PREFIX, '');
  // A sign may also follow the currency symbol: "₹ -500".
  if (!negative && text.startsWith('-')) {
    negative = true;
    text = text.slice(1).trim();
  }

  const point = text.indexOf('.');
  let whole = point === -1 ? text : text.slice(0, point);
  const fraction = point === -1 ? '' : text.slice(point + 1);
  if (APOSTROPHE_GROUPS.test(whole)) whole = whole.replace(/['’]/g, ',');

  if (whole === '' && fraction === '') throw new AmountFormatError(`"${raw}" is not an amount`);
  if (whole !== '' && !PLAIN_DIGITS.test(whole) && !WESTERN_GROUPS.test(whole) && !INDIAN_GROUPS.test(whole)) {
    throw new AmountFormatError(
      /^[\d,]+$/.test(whole)
        ? `"${raw}" has misplaced thousands separators`
        : `"${raw}" is not an amount (expected digits, optional thousands separators and up to 3 decimals)`,
    );
  }
  if (fraction !== '' && !PLAIN_DIGITS.test(fraction)) {
    throw new AmountFormatError(`"${raw}" is not an amount (expected digits, optional thousands separators and up to 3 decimals)`);
  }
  if (fraction.length > 3) {
    throw new AmountFormatError(`"${raw}" has ${fraction.length} decimal places; amounts are exact to 3 (1/1000 of the currency unit)`);
  }

  // BigInt('') is 0n: `.5` has no whole part.
  const magnitude = BigInt(whole.replaceAll(',', '')) * MILLI_PER_UNIT + BigInt(fraction.padEnd(3, '0'));
  if (magnitude > MAX_ROW_MILLI) {
    throw new AmountFormatError(`"${raw}" is larger than the largest amount the API can return exactly (9,007,199,254,740.991)`);
  }
  return { value: negative ? -magnitude : magnitude, marker };
}

/**
 * How far a formula's result may sit from the 3-decimal amount it stands for, in units in the last place of the
 * double (2^-52 of its size): one operation is off by at most one, a SUM over a column by a few more. A real
 * fourth decimal is thousands of them away below 10^10 (1234.5678 is ~10^9 from 1234.568).
 */
const NOISE_ULPS = 16;

/** Six 0s or 9s right after the third decimal: 1234.5600000000002, 1.0049999999. */
const SIX_DIGIT_NOISE = /\.\d{3}(?:0{6}|9{6})/;

/**
 * A spreadsheet's numeric cell -> milli-units. The XLSX file stores the number as decimal text; its shortest
 * round-trip form (`String(n)`) gives that decimal back for up to 15 significant digits. A formula result can
 * carry binary noise past the third decimal (1234.5600000000002, 98765432.11999999); that noise, and only that,
 * is rounded away: six 0s or 9s after the third decimal (1.0049999999 is 1.005), or a double within NOISE_ULPS
 * of a 3-decimal amount (large amounts have too few digits left for six). Any other fourth decimal is refused,
 * not rounded.
 */
export function readAmountNumber(n: number): ReadAmount {
  if (!Number.isFinite(n)) throw new AmountFormatError(`${n} is not an amount`);
  const abs = Math.abs(n);
  const text = String(abs);
  if (/e/i.test(text)) {
    // Exponent form only appears below 1e-6 (noise around zero) or at or above 1e21 (far beyond any amount).
    if (abs < 1e-6) return { value: 0n, marker: null };
    throw new AmountFormatError(`${n} is larger than the largest amount the API can return exactly`);
  }
  // The double's exact value rounded to 3 decimals; a number with at most 3 decimals is its own rounding.
  const rounded = abs.toFixed(3);
  if (!SIX_DIGIT_NOISE.test(text) && Math.abs(abs - Number(rounded)) > NOISE_ULPS * Number.EPSILON * abs) {
    throw new AmountFormatError(`${n} has more than 3 decimal places; amounts are exact to 3 (1/1000 of the currency unit)`);
  }
  const [whole, decimals] = rounded.split('.') as [string, string];
  const magnitude = BigInt(whole) * MILLI_PER_UNIT + BigInt(decimals);
  if (magnitude > MAX_ROW_MILLI) {
    throw new AmountFormatError(`${n} is larger than the largest amount the API can return exactly`);
  }
  return { value: n < 0 ? -magnitude : magnitude, marker: null };
}
