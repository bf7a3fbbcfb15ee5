import { DEFAULT_MINOR_DIGITS, MINOR_DIGITS } from '../generated/currencies';

/**
 * Amounts as people read them, in each currency's own decimals (issue 23): the platform's currency table (ISO
 * 4217), generated into ./generated/currencies.ts. JPY is whole yen, BHD thousandths, INR hundredths; a
 * currency not given or not listed, hundredths. Integers are formatted exactly (no floating point), with the
 * en-IN grouping the console has always used.
 */
export const minorDigits = (currency?: string | null): number => (currency ? MINOR_DIGITS[currency.toUpperCase()] : undefined) ?? DEFAULT_MINOR_DIGITS;

/** `units` (an integer of 10^-scale) as grouped text with `shown` decimals. */
function grouped(units: number, scale: number, shown: number): string {
  // Not an integer (never sent by the APIs): the nearest, rather than an error on the page.
  if (!Number.isSafeInteger(units)) return (units / 10 ** scale).toLocaleString('en-IN', { minimumFractionDigits: shown, maximumFractionDigits: shown });
  const n = BigInt(units);
  const abs = n < 0n ? -n : n;
  const per = 10n ** BigInt(scale);
  const fraction = (abs % per).toString().padStart(scale, '0').padEnd(shown, '0').slice(0, shown);
  return `${n < 0n ? '-' : ''}${(abs / per).toLocaleString('en-IN')}${shown > 0 ? `.${fraction}` : ''}`;
}

/** A ledger amount (an integer of the currency's minor units): 12345 INR "123.45", JPY "12,345", BHD "12.345". */
export function formatMinor(amount: number, currency?: string | null): string {
  const digits = minorDigits(currency);
  return grouped(amount, digits, digits);
}

/**
 * A statement amount (an integer of milli-units, whatever the currency): the currency's decimals when it is a
 * whole number of minor units, else all three, never rounded. 1234500 INR "1,234.50", 1234505 INR "1,234.505",
 * 1234000 JPY "1,234", 1234567 BHD "1,234.567".
 */
export function formatMilli(milli: number, currency?: string | null): string {
  const digits = minorDigits(currency);
  if (digits >= 3) return grouped(milli, 3, digits);
  return grouped(milli, 3, Number.isSafeInteger(milli) && milli % 10 ** (3 - digits) === 0 ? digits : 3);
}

/** A ledger amount in the currency's units as a number, for charts (their axes round anyway). */
export const unitsOfMinor = (amount: number, currency?: string | null): number => amount / 10 ** minorDigits(currency);
