import type { IsoDate } from './types';

/** Why a date could not be read; the table reader adds the line. */
export class DateFormatError extends Error {}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

// The contract's formats (section 6), with 1- or 2-digit days and months and 2- or 4-digit years throughout,
// and an optional time of day that statements sometimes print after the date (ignored). Beyond the contract,
// what real exports print: `2021/06/02`, `Jun 02, 2021`, `02Jun2021`, `02/Jun/2021`, and US month-first dates.
const TIME = String.raw`(?:[ T,]+\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:\s*[ap]\.?m\.?)?(?:\s*(?:z|[+-]\d{2}:?\d{2}|ist|utc|gmt))?)?`;
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`, 'i');
const NAMED_MONTH = new RegExp(String.raw`^(\d{1,2})([ ./-]?)([a-z]{3,9})\.?\2,?(\d{4}|\d{2})${TIME}$`, 'i');
const MONTH_FIRST = new RegExp(String.raw`^([a-z]{3,9})\.?[ -](\d{1,2})(?:st|nd|rd|th)?,?[ -](\d{4}|\d{2})${TIME}$`, 'i');
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([/.-])(\d{1,2})\2(\d{1,2})${TIME}$`, 'i');
// ING Netherlands and other exports: YYYYMMDD without separators.
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

// Dates printed without a year (card statements: `02/07`, `AUG 3`, `3 Aug`); the year comes from the statement.
const DAY_MONTH_NUMERIC = /^(\d{1,2})[/.-](\d{1,2})$/;
const DAY_MONTH_NAMED = /^(\d{1,2})[ -]?([a-z]{3,9})\.?$/i;
const MONTH_DAY_NAMED = /^([a-z]{3,9})\.?[ -]?(\d{1,2})$/i;

export const DATE_FORMATS_HELP = 'DD/MM/YYYY, DD-MM-YYYY, DD/MM/YY, DD-Mon-YYYY, DD Mon YYYY, YYYY-MM-DD, Mon DD, YYYY or MM/DD/YYYY';

/** Which of day and month comes first in a numeric date; a whole column is read one way (see dayOrderEvidence). */
export type DayOrder = 'dmy' | 'mdy';

/**
 * What one date says about the column's order: `dmy` when only day-first can read it (13/06/2021), `mdy` when
 * only month-first can (06/13/2021), `either` when both can (06/02/2021), null when the order does not matter
 * (ISO, a named month) or it is not a numeric date.
 */
export function dayOrderEvidence(raw: string): DayOrder | 'either' | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  const m = NUMERIC.exec(text);
  const short = m ? null : DAY_MONTH_NUMERIC.exec(text);
  if (!m && !short) return null;
  const first = Number(m ? m[1] : short![1]);
  const second = Number(m ? m[3] : short![2]);
  if (first > 12 && second <= 12) return 'dmy';
  if (second > 12 && first <= 12) return 'mdy';
  // What is left: both at most 12 (either order reads it) or both above (no order does).
  return first <= 12 ? 'either' : null;
}

/**
 * A statement date -> `YYYY-MM-DD`. Numeric dates are day first unless `order` says month first (the table
 * decides that once for a whole column, never row by row). A two-digit year follows POSIX strptime's `%y`
 * pivot: 69-99 are 19xx, 00-68 are 20xx.
 */
export function readDateText(raw: string, order: DayOrder = 'dmy'): IsoDate {
  const text = raw.trim().replace(/\s+/g, ' ');
  let year: number;
  let month: number;
  let day: number;
  let m: RegExpExecArray | null;
  if ((m = YEAR_FIRST.exec(text))) {
    [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
  } else if ((m = COMPACT.exec(text))) {
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  } else if ((m = NUMERIC.exec(text))) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    [day, month, year] = order === 'mdy' ? [b, a, expandYear(m[4]!)] : [a, b, expandYear(m[4]!)];
  } else if ((m = NAMED_MONTH.exec(text))) {
    [day, month, year] = [Number(m[1]), monthNumber(m[3]!, raw), expandYear(m[4]!)];
  } else if ((m = MONTH_FIRST.exec(text))) {
    [day, month, year] = [Number(m[2]), monthNumber(m[1]!, raw), expandYear(m[3]!)];
  } else {
    throw new DateFormatError(`"${raw}" is not a date in a known format (${DATE_FORMATS_HELP})`);
  }
  return isoDate(year, month, day, raw);
}

/**
 * A date printed without a year (`02/07`, `7/2` month first by `order`, `AUG 3`, `3 Aug`) -> month and day, or
 * null when the text is not one (or names a day the month never has).
 */
export function readDayMonth(raw: string, order: DayOrder = 'dmy'): { month: number; day: number } | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  let month: number | undefined;
  let day: number;
  let m: RegExpExecArray | null;
  if ((m = DAY_MONTH_NUMERIC.exec(text))) {
    [day, month] = order === 'mdy' ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])];
  } else if ((m = DAY_MONTH_NAMED.exec(text))) {
    [day, month] = [Number(m[1]), MONTHS[m[2]!.toLowerCase()]];
  } else if ((m = MONTH_DAY_NAMED.exec(text))) {
    [day, month] = [Number(m[2]), MONTHS[m[1]!.toLowerCase()]];
  } else return null;
  // 29 February exists in a leap year, so it is checked against 2000.
  if (month === undefined || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(2000, month, 0)).getUTCDate()) return null;
  return { month, day };
}

/**
 * The full date of a day and month printed without a year on a statement dated `reference` (its statement date
 * or the end of its period): the reference's year, or the year before where that would put the day more than
 * 45 days after the reference (December lines on a January statement). Null for 29 February of a common year.
 */
export function dateInStatementYear(month: number, day: number, reference: IsoDate): IsoDate | null {
  const [ry, rm, rd] = reference.split('-').map(Number) as [number, number, number];
  const limit = Date.UTC(ry, rm - 1, rd) + 45 * 86_400_000;
  const year = Date.UTC(ry, month - 1, day) > limit ? ry - 1 : ry;
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as IsoDate;
}

/** True when the text starts like a date (a digit, or a month name followed by a day): the cheap pre-check. */
export function looksLikeDate(text: string): boolean {
  if (/^\d/.test(text)) return true;
  const named = /^([a-z]{3,9})\.?[ -]\d{1,2}\b/i.exec(text);
  return named !== null && MONTHS[named[1]!.toLowerCase()] !== undefined;
}

function monthNumber(name: string, raw: string): number {
  const month = MONTHS[name.toLowerCase()];
  if (month === undefined) throw new DateFormatError(`"${raw}" has an unknown month name "${name}"`);
  return month;
}

/**
 * A spreadsheet date: exceljs gives a Date for date-formatted cells (the serial day read as UTC midnight) and
 * a number for a serial day without a date format. Both are read as calendar days in UTC, never local time.
 */
export function readDateValue(value: Date | number, shown: string): IsoDate {
  if (typeof value === 'number') {
    // Excel's 1900 date system: serial 25569 is 1970-01-01 (the serial count includes Lotus's fictitious 1900-02-29).
    if (!Number.isFinite(value) || value < 61 || value > 2958465) {
      throw new DateFormatError(`"${shown}" is not a date in a known format (${DATE_FORMATS_HELP})`);
    }
    // The fraction is the time of day, which the UTC calendar day below leaves out.
    value = new Date((value - 25569) * 86_400_000);
  }
  if (Number.isNaN(value.getTime())) throw new DateFormatError(`"${shown}" is not a valid date`);
  return isoDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate(), shown);
}

function expandYear(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n >= 69 ? 1900 + n : 2000 + n;
}

function isoDate(year: number, month: number, day: number, raw: string): IsoDate {
  // The year first: Date.UTC reads years 0-99 as 1900-1999, so the month length of "0029-02-29" would be 1929's.
  if (year < 1900 || year > 9999) throw new DateFormatError(`"${raw}" has year ${year}, which is out of range (1900-9999)`);
  if (month < 1 || month > 12) throw new DateFormatError(`"${raw}" has month ${month}, which does not exist`);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) throw new DateFormatError(`"${raw}" has day ${day}, which ${monthName(month)} ${year} does not have`);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` as IsoDate;
}

function monthName(month: number): string {
  return new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
}
