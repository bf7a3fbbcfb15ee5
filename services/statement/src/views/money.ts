import { BusinessRuleError } from '@finance/platform';

/**
 * The API's number representation of money, for every layer (repositories read it, the domain sums it, request
 * schemas check it). Statement money is stored as bigint milli-units (1000 per base unit). Rows travel as integer milli-units;
 * reports, balances and opening balances travel as base units with up to 3 decimals. Every conversion here
 * is decimal text <-> bigint: floating point never does arithmetic on money.
 */
export const MILLI_PER_UNIT = 1000n;

/**
 * The largest magnitude whose 3-decimal base-unit form has at most 15 significant digits, which is what a
 * JSON number (an IEEE double) carries exactly: 999,999,999,999.999.
 */
export const MAX_EXACT_MILLI = 10n ** 15n - 1n;

export class AmountOutOfRangeError extends BusinessRuleError {
  constructor(what: string) {
    super('AMOUNT_OUT_OF_RANGE', `${what} is beyond ±999,999,999,999.999 and cannot be returned exactly as a JSON number; narrow the query`);
  }
}

/** bigint milli-units -> base units as a JSON number exact to 3 decimals (1234567n -> 1234.567). */
export function milliToBase(milli: bigint, what = 'an amount'): number {
  if (milli > MAX_EXACT_MILLI || milli < -MAX_EXACT_MILLI) throw new AmountOutOfRangeError(what);
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  const text = `${negative ? '-' : ''}${abs / MILLI_PER_UNIT}.${(abs % MILLI_PER_UNIT).toString().padStart(3, '0')}`;
  // At most 15 significant digits, so the double nearest this decimal prints back as the same decimal.
  return Number(text);
}

/** bigint milli-units -> a JSON integer (rows, search and preview). */
export function milliToJson(milli: bigint, what = 'an amount'): number {
  const n = Number(milli);
  if (!Number.isSafeInteger(n)) throw new AmountOutOfRangeError(what);
  return n;
}

const BASE_AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A base-unit amount from JSON (e.g. an opening balance) -> milli-units, or the reason it is refused.
 * The shortest decimal that prints for a double is what the client wrote (for up to 15 significant digits),
 * so its text is read as a decimal; more than 3 decimals is refused rather than rounded.
 */
export function baseToMilli(value: number): bigint | string {
  if (!Number.isFinite(value)) return 'must be a finite number';
  const text = String(value);
  if (/e-/i.test(text)) return 'at most 3 decimal places (amounts are exact to 1/1000 of the currency unit)';
  const m = BASE_AMOUNT.exec(text);
  if (!m) return 'must be at most ±999,999,999,999.999';
  const [, sign, whole, fraction = ''] = m;
  if (fraction.length > 3) return 'at most 3 decimal places (amounts are exact to 1/1000 of the currency unit)';
  const milli = BigInt(whole ?? '0') * MILLI_PER_UNIT + BigInt(fraction.padEnd(3, '0'));
  if (milli > MAX_EXACT_MILLI) return 'must be at most ±999,999,999,999.999';
  return sign === '-' ? -milli : milli;
}
