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
const CURRENCY_PREFIX = /^(?:₹|rs\.?|inr|\$)\s*/i;
// `1,234.00 Cr`, `1,234.00Dr.`, `1,234.00(Dr)` (Kotak prints the marker in parentheses).
const MARKER_SUFFIX = /\s*(?:(cr|dr)\.?|\((cr|dr)\))$/i;

/**
 * Reads an amount as written in a statement: `1,23,456.78`, `123,456.78`, `-50`, `(50.00)`, `1,000.00 Cr`,
 * `₹ 500`. Blank (or a lone dash, which statements print for "nothing") is null. At most 3 decimals.
 */
export function readAmountText(raw: string): ReadAmount | null {
  let text = raw.trim();
  if (text === '' || text === '-' || text === '–' || text === '—') return null;

  let marker: ReadAmount['marker'] = null;
  const suffix = MARKER_SUFFIX.exec(text);
  if (suffix) {
    marker = (suffix[1] ?? suffix[2])!.toLowerCase() as 'cr' | 'dr';
    text = text.slice(0, suffix.index).trim();
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
  const whole = point === -1 ? text : text.slice(0, point);
  const fraction = point === -1 ? '' : text.slice(point + 1);

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

  const magnitude = BigInt(whole.replaceAll(',', '') || '0') * MILLI_PER_UNIT + BigInt(fraction.padEnd(3, '0'));
  if (magnitude > MAX_ROW_MILLI) {
    throw new AmountFormatError(`"${raw}" is larger than the largest amount the API can return exactly (9,007,199,254,740.991)`);
  }
  return { value: negative ? -magnitude : magnitude, marker };
}

/**
 * How far (in units in the last place of the double) a formula's result may sit from the 3-decimal amount it
 * stands for: one operation is off by at most one ULP, a SUM over a column by a few more. A real fourth decimal
 * is thousands of ULPs away below 10^10 (1234.5678 is ~10^9 ULPs from 1234.568).
 */
const NOISE_ULPS = 16;

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
  if (n === 0) return { value: 0n, marker: null };
  const abs = Math.abs(n);
  let text = String(abs);
  if (/e/i.test(text)) {
    // Exponent form only appears below 1e-6 (noise around zero) or at or above 1e21 (far beyond any amount).
    if (abs < 1e-6) return { value: 0n, marker: null };
    throw new AmountFormatError(`${n} is larger than the largest amount the API can return exactly`);
  }
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > 3) {
    const rounded = abs.toFixed(3); // the double's exact value, rounded half up to 3 decimals
    const ulp = 2 ** (Math.floor(Math.log2(abs)) - 52);
    if (!/^(?:0{6}|9{6})/.test(fraction.slice(3)) && Math.abs(abs - Number(rounded)) > NOISE_ULPS * ulp) {
      throw new AmountFormatError(`${n} has more than 3 decimal places; amounts are exact to 3 (1/1000 of the currency unit)`);
    }
    text = rounded;
  }
  const [whole, decimals = ''] = text.split('.');
  const magnitude = BigInt(whole!) * MILLI_PER_UNIT + BigInt(decimals.padEnd(3, '0'));
  if (magnitude > MAX_ROW_MILLI) {
    throw new AmountFormatError(`${n} is larger than the largest amount the API can return exactly`);
  }
  return { value: n < 0 ? -magnitude : magnitude, marker: null };
}
