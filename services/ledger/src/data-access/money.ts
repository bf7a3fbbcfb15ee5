import { AppError, toBigInt } from '@finance/platform';

/**
 * Money crosses three representations: Postgres bigint/numeric (pg hands them over as strings), BigInt for
 * arithmetic in this process, and JSON numbers on the wire. Floating point never touches an amount: strings
 * become BigInt exactly, and only a value within Number.isSafeInteger becomes a number.
 */
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** A sum that no longer fits a JSON safe integer is reported, never rounded. */
export class AmountOutOfRangeError extends AppError {
  constructor(what: string) {
    super(422, 'AMOUNT_OUT_OF_RANGE', `${what} exceeds ${Number.MAX_SAFE_INTEGER}, the largest amount JSON carries exactly`);
  }
}

export function toSafeNumber(value: bigint, what = 'an amount'): number {
  if (value > MAX || value < -MAX) throw new AmountOutOfRangeError(what);
  return Number(value);
}

/** A database amount (string, bigint or number) as an exact JSON number. */
export function money(value: string | number | bigint | null | undefined, what?: string): number {
  return toSafeNumber(toBigInt(value), what);
}
