import * as iso4217 from 'currency-codes';
import { BusinessRuleError } from '../errors';

/**
 * The platform's one currency table (issue 23): ISO 4217's minor units (decimal places) per currency, from the
 * `currency-codes` package (pinned; its data is ISO's list one, ingested from the published XML, whose date is
 * CURRENCY_TABLE_DATE). The ledger keeps amounts in a currency's minor units, the statement service in milli-units
 * (1000 per unit, whatever the currency), and the console shows both with the currency's own decimals: all of them
 * read this table, so JPY is whole yen, BHD thousandths (fils) and INR hundredths (paise) everywhere.
 *
 * ISO lists some codes without a minor unit ("N.A.": XAU, XDR, XXX and the other fund and metal codes); the
 * package reads those as 0 decimals, and so does the platform. A code ISO does not list (the services accept any
 * three letters) has DEFAULT_MINOR_DIGITS, what every currency had before the table.
 */
export const CURRENCY_TABLE_DATE: string = iso4217.publishDate;

/** Decimal places of a currency ISO 4217 does not list. */
export const DEFAULT_MINOR_DIGITS = 2;

const DIGITS: ReadonlyMap<string, number> = new Map(iso4217.data.map((c) => [c.code, c.digits]));

/** The currency's minor units as decimal places: INR 2, JPY 0, BHD 3; a code ISO does not list, 2. Any case. */
export function minorDigits(code: string): number {
  return DIGITS.get(code.toUpperCase()) ?? DEFAULT_MINOR_DIGITS;
}

/** Every ISO 4217 code with its decimal places, in code order: for clients that cannot import the platform (the console's browser code). */
export function currencyTable(): Record<string, number> {
  return Object.fromEntries([...DIGITS].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Statement money is milli-units (1000 per unit): the most decimals a statement amount carries. */
const MILLI_DIGITS = 3;

/**
 * Milli-units per minor unit (INR 10, JPY 1000, BHD 1). A currency whose minor unit is finer than a milli-unit
 * (CLF and UYW have 4 decimals) has no whole number: 422 CURRENCY_NOT_SUPPORTED, since milli-unit amounts cannot
 * be compared with its minor units exactly.
 */
export function milliPerMinor(code: string): bigint {
  const digits = minorDigits(code);
  if (digits > MILLI_DIGITS) {
    throw new BusinessRuleError(
      'CURRENCY_NOT_SUPPORTED',
      `${code.toUpperCase()} has ${digits} decimal places, finer than the milli-units statement amounts are kept in`,
    );
  }
  return 10n ** BigInt(MILLI_DIGITS - digits);
}

/** `units` (an integer of 10^-scale) as exact decimal text with `shown` decimals (shown >= scale pads with zeros). */
function decimalText(units: bigint, scale: number, shown: number): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  const per = 10n ** BigInt(scale);
  const whole = abs / per;
  const fraction = (abs % per).toString().padStart(scale, '0').padEnd(shown, '0').slice(0, shown);
  return `${sign}${whole}${shown > 0 ? `.${fraction}` : ''}`;
}

/** An amount in minor units as exact decimal text in the currency's units: 12345 INR "123.45", JPY "12345", BHD "12.345". */
export function formatMinor(amount: bigint | number, code: string): string {
  const digits = minorDigits(code);
  return decimalText(BigInt(amount), digits, digits);
}

/**
 * An amount in milli-units as exact decimal text in the currency's units, never rounded: the currency's decimals
 * when it is a whole number of minor units, else all three. 1234500 INR "1234.50", 1234505 INR "1234.505",
 * 1234000 JPY "1234", 1234500 JPY "1234.500", 1234567 BHD "1234.567".
 */
export function formatMilli(milli: bigint | number, code: string): string {
  const digits = minorDigits(code);
  const m = BigInt(milli);
  if (digits >= MILLI_DIGITS) return decimalText(m, MILLI_DIGITS, digits);
  const whole = m % 10n ** BigInt(MILLI_DIGITS - digits) === 0n;
  return decimalText(m, MILLI_DIGITS, whole ? digits : MILLI_DIGITS);
}
