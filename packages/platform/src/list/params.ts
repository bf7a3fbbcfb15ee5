import { z } from 'zod';
import { ValidationError } from '../errors';

/**
 * Parsers for single query-string values. Each takes the raw string and either returns the parsed value or
 * fails with a message; the list parser prefixes the parameter name.
 */
export const q = {
  string: () => z.string().min(1, 'must not be empty'),
  /** `true` or `false` only (contract section 4). */
  boolean: () =>
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((v) => v === 'true')
      .meta(asQueryParameter({ type: 'boolean' })),
  enum: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` }),
  uuid: () => z.string().uuid('must be an id (uuid)'),
  date: () =>
    z.string().transform((v, ctx) => {
      const problem = dateProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
      return v;
    }),
  int: (min: number, max: number) =>
    z
      .string()
      .regex(/^-?\d+$/, 'must be an integer')
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`)
      .meta(asQueryParameter({ type: 'integer', minimum: min, maximum: max })),
};

/**
 * A query parameter arrives as text and is parsed here, so its zod input side is a string; what it means is a
 * number or a boolean, and that is what the OpenAPI document (and so a generated client) should say.
 */
export const QUERY_PARAMETER_SCHEMA = 'x-query-parameter-schema';
function asQueryParameter(schema: Record<string, unknown>): Record<string, unknown> {
  return { [QUERY_PARAMETER_SCHEMA]: schema };
}

/** A path parameter naming a record by id (a malformed one is a 404: it names no record). */
export const idParam = <K extends string>(key: K) => z.object({ [key]: z.uuid() } as Record<K, z.ZodUUID>);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The calendar both Postgres and JavaScript can hold and print as YYYY-MM-DD: there is no year 0 (Postgres
 * has 1 BC, JavaScript's year 0 is it under another name), and five-digit years do not fit the format.
 */
export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;
const YEARS = `dates run from 0001-01-01 to 9999-12-31`;

/** Why a string is not a real YYYY-MM-DD calendar date, or null when it is one. */
export function dateProblem(value: string): string | null {
  const m = DATE.exec(value);
  if (!m) return 'must be a date as YYYY-MM-DD';
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR) return `${value} is not a calendar date (there is no year 0000; ${YEARS})`;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return `${value} is not a calendar date`;
  return null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Parses an ISO 8601 instant that names its offset; a date alone is refused because no time zone is assumed. */
export function parseInstant(name: string, value: string): Date {
  if (DATE.test(value)) {
    throw ValidationError.field(name, 'a timestamp needs a time and a Z or numeric offset (a date alone is refused: no time zone is assumed)');
  }
  if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)? \d{2}:?\d{2}$/.test(value)) {
    throw ValidationError.field(name, 'a + in an offset must be sent percent-encoded as %2B');
  }
  const date = new Date(value);
  if (!INSTANT.test(value) || Number.isNaN(date.getTime())) {
    throw ValidationError.field(name, 'must be an ISO 8601 instant with Z or a numeric offset, e.g. 2026-01-31T09:30:00Z');
  }
  // An offset can carry a valid-looking local time across the calendar's ends (0001-01-01T00:30+01:00).
  const year = date.getUTCFullYear();
  if (year < MIN_YEAR || year > MAX_YEAR) {
    throw ValidationError.field(name, 'must fall between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z');
  }
  return date;
}
