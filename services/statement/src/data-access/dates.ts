/**
 * Calendar dates between the API (YYYY-MM-DD) and Prisma, which reads and writes a `date` column as a Date at
 * midnight UTC (model methods and raw queries alike).
 */

/** A YYYY-MM-DD date as the Date Prisma writes to a `date` column. */
export function dateOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date;
}

/** A `date` column's value (a Date at midnight UTC) as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
