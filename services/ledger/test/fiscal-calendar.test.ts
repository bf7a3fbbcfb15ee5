/** Issue 24: the calendar of fiscal years and report periods, alone (no database: `pnpm mutate:ledger` runs it). */
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  defaultFiscalYearStart,
  fiscalYearBounds,
  fiscalYearOf,
  fiscalYearStartOf,
  fiscalYearStartProblem,
  previousPeriod,
  previousYear,
} from '../src/domain/fiscal-calendar';

const INDIA = { month: 4, day: 1 };
const CALENDAR = { month: 1, day: 1 };
const JULY_6 = { month: 7, day: 6 };

test('the default start: April 1 for INR, January 1 for every other base currency', () => {
  expect(defaultFiscalYearStart('INR')).toEqual(INDIA);
  expect(defaultFiscalYearStart('USD')).toEqual(CALENDAR);
  expect(defaultFiscalYearStart('EUR')).toEqual(CALENDAR);
});

test('a start must be a day every year has', () => {
  expect(fiscalYearStartProblem(INDIA)).toBeNull();
  expect(fiscalYearStartProblem({ month: 12, day: 31 })).toBeNull();
  expect(fiscalYearStartProblem({ month: 2, day: 28 })).toBeNull();
  expect(fiscalYearStartProblem({ month: 1, day: 31 })).toBeNull();
  expect(fiscalYearStartProblem({ month: 2, day: 29 })).toMatch(/February/);
  expect(fiscalYearStartProblem({ month: 4, day: 31 })).toBe('month 4 has days 1 to 30');
  expect(fiscalYearStartProblem({ month: 6, day: 30 })).toBeNull();
  expect(fiscalYearStartProblem({ month: 9, day: 31 })).toBe('month 9 has days 1 to 30');
  expect(fiscalYearStartProblem({ month: 0, day: 1 })).toBe('the month must be 1 to 12');
  expect(fiscalYearStartProblem({ month: 13, day: 1 })).toBe('the month must be 1 to 12');
  expect(fiscalYearStartProblem({ month: 1.5, day: 1 })).toBe('the month must be 1 to 12');
  expect(fiscalYearStartProblem({ month: 3, day: 0 })).toBe('month 3 has days 1 to 31');
  expect(fiscalYearStartProblem({ month: 3, day: 32 })).toBe('month 3 has days 1 to 31');
  expect(fiscalYearStartProblem({ month: 3, day: 1.5 })).toBe('month 3 has days 1 to 31');
});

test('days in a month, leap years by the Gregorian rule', () => {
  expect(daysInMonth(2024, 2)).toBe(29);
  expect(daysInMonth(2025, 2)).toBe(28);
  expect(daysInMonth(1900, 2)).toBe(28);
  expect(daysInMonth(2000, 2)).toBe(29);
  expect(daysInMonth(2025, 4)).toBe(30);
  expect(daysInMonth(2025, 12)).toBe(31);
});

test('adding days crosses months, years and February 29', () => {
  expect(addDays('2025-03-31', 1)).toBe('2025-04-01');
  expect(addDays('2025-04-01', -1)).toBe('2025-03-31');
  expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  expect(addDays('2025-01-01', -365)).toBe('2024-01-02');
  // Years below 100 are not read as 19xx.
  expect(addDays('0050-01-01', 1)).toBe('0050-01-02');
  expect(addDays('0001-01-01', -1)).toBe('0000-12-31');
});

test('adding months keeps the day, clamps it to a shorter month, and keeps a month end a month end', () => {
  expect(addMonths('2025-01-15', 1)).toBe('2025-02-15');
  expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
  expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  expect(addMonths('2025-03-15', -3)).toBe('2024-12-15');
  expect(addMonths('2025-02-28', -12)).toBe('2024-02-29');
  expect(addMonths('2025-02-28', -12, false)).toBe('2024-02-28');
  expect(addMonths('2024-02-29', -12)).toBe('2023-02-28');
  expect(addMonths('2025-04-30', -1)).toBe('2025-03-31');
  expect(addMonths('2025-04-30', -1, false)).toBe('2025-03-30');
  expect(addMonths('2025-03-30', -1)).toBe('2025-02-28');
  expect(addMonths('2025-12-31', 1)).toBe('2026-01-31');
  expect(addMonths('2025-01-10', -1)).toBe('2024-12-10');
  expect(addMonths('2025-01-10', -13)).toBe('2023-12-10');
  expect(addMonths('2025-01-10', 24)).toBe('2027-01-10');
});

test('the fiscal year containing a date, India (April 1)', () => {
  expect(fiscalYearStartOf('2025-03-31', INDIA)).toBe('2024-04-01');
  expect(fiscalYearStartOf('2025-04-01', INDIA)).toBe('2025-04-01');
  expect(fiscalYearStartOf('2025-04-02', INDIA)).toBe('2025-04-01');
  expect(fiscalYearStartOf('2025-01-01', INDIA)).toBe('2024-04-01');
  expect(fiscalYearStartOf('2025-12-31', INDIA)).toBe('2025-04-01');
  // Named by the year it ends in: 2024-04-01 to 2025-03-31 is FY 2025 ("2024-25").
  expect(fiscalYearOf('2025-03-31', INDIA)).toEqual({ fiscal_year: 2025, date_from: '2024-04-01', date_to: '2025-03-31' });
  expect(fiscalYearOf('2025-04-01', INDIA)).toEqual({ fiscal_year: 2026, date_from: '2025-04-01', date_to: '2026-03-31' });
  expect(fiscalYearOf('2024-02-29', INDIA)).toEqual({ fiscal_year: 2024, date_from: '2023-04-01', date_to: '2024-03-31' });
});

test('the fiscal year containing a date, calendar years (January 1) and an odd start (July 6)', () => {
  expect(fiscalYearOf('2025-01-01', CALENDAR)).toEqual({ fiscal_year: 2025, date_from: '2025-01-01', date_to: '2025-12-31' });
  expect(fiscalYearOf('2025-12-31', CALENDAR)).toEqual({ fiscal_year: 2025, date_from: '2025-01-01', date_to: '2025-12-31' });
  expect(fiscalYearOf('2024-12-31', CALENDAR)).toEqual({ fiscal_year: 2024, date_from: '2024-01-01', date_to: '2024-12-31' });
  expect(fiscalYearOf('2025-07-05', JULY_6)).toEqual({ fiscal_year: 2025, date_from: '2024-07-06', date_to: '2025-07-05' });
  expect(fiscalYearOf('2025-07-06', JULY_6)).toEqual({ fiscal_year: 2026, date_from: '2025-07-06', date_to: '2026-07-05' });
  // A year that starts on December 31 ends on December 30 of the next.
  expect(fiscalYearOf('2025-12-31', { month: 12, day: 31 })).toEqual({ fiscal_year: 2026, date_from: '2025-12-31', date_to: '2026-12-30' });
  expect(fiscalYearOf('2025-12-30', { month: 12, day: 31 })).toEqual({ fiscal_year: 2025, date_from: '2024-12-31', date_to: '2025-12-30' });
  // A March 1 start: the year's last day is February 29 in a leap year.
  expect(fiscalYearOf('2024-02-29', { month: 3, day: 1 })).toEqual({ fiscal_year: 2024, date_from: '2023-03-01', date_to: '2024-02-29' });
});

test('a fiscal year by its number: the one ending in that calendar year', () => {
  expect(fiscalYearBounds(2025, INDIA)).toEqual({ date_from: '2024-04-01', date_to: '2025-03-31' });
  expect(fiscalYearBounds(2025, CALENDAR)).toEqual({ date_from: '2025-01-01', date_to: '2025-12-31' });
  expect(fiscalYearBounds(2026, JULY_6)).toEqual({ date_from: '2025-07-06', date_to: '2026-07-05' });
  expect(fiscalYearBounds(2026, { month: 12, day: 31 })).toEqual({ date_from: '2025-12-31', date_to: '2026-12-30' });
  expect(fiscalYearBounds(2025, { month: 12, day: 31 })).toEqual({ date_from: '2024-12-31', date_to: '2025-12-30' });
  for (const start of [INDIA, CALENDAR, JULY_6, { month: 12, day: 31 }, { month: 2, day: 28 }]) {
    for (const year of [2023, 2024, 2025]) {
      const { date_from, date_to } = fiscalYearBounds(year, start);
      expect(date_to.slice(0, 4)).toBe(String(year));
      expect(fiscalYearOf(date_from, start)).toEqual({ fiscal_year: year, date_from, date_to });
      expect(addDays(date_to, 1)).toBe(fiscalYearBounds(year + 1, start).date_from);
    }
  }
});

test('days between two dates, both included', () => {
  expect(daysBetween('2025-03-01', '2025-03-31')).toBe(31);
  expect(daysBetween('2025-03-01', '2025-03-01')).toBe(1);
  expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
  expect(daysBetween('2025-03-10', '2025-03-16')).toBe(7);
});

test('the previous period: whole months by months, anything else by days', () => {
  expect(previousPeriod('2025-03-01', '2025-03-31')).toEqual({ date_from: '2025-02-01', date_to: '2025-02-28' });
  expect(previousPeriod('2024-03-01', '2024-03-31')).toEqual({ date_from: '2024-02-01', date_to: '2024-02-29' });
  // A quarter, a fiscal year.
  expect(previousPeriod('2025-04-01', '2025-06-30')).toEqual({ date_from: '2025-01-01', date_to: '2025-03-31' });
  expect(previousPeriod('2024-04-01', '2025-03-31')).toEqual({ date_from: '2023-04-01', date_to: '2024-03-31' });
  expect(previousPeriod('2025-07-06', '2026-07-05')).toEqual({ date_from: '2024-07-06', date_to: '2025-07-05' });
  // A week, a single day, a part of a month: as many days just before.
  expect(previousPeriod('2025-03-10', '2025-03-16')).toEqual({ date_from: '2025-03-03', date_to: '2025-03-09' });
  expect(previousPeriod('2025-03-01', '2025-03-01')).toEqual({ date_from: '2025-02-28', date_to: '2025-02-28' });
  expect(previousPeriod('2025-03-01', '2025-03-15')).toEqual({ date_from: '2025-02-14', date_to: '2025-02-28' });
  expect(previousPeriod('2025-03-15', '2025-04-14')).toEqual({ date_from: '2025-02-15', date_to: '2025-03-14' });
  // Over a month but not whole months: 37 days.
  expect(previousPeriod('2025-03-15', '2025-04-20')).toEqual({ date_from: '2025-02-06', date_to: '2025-03-14' });
  // Counted from a month's last day, the day is kept, not moved to the month's end (a month from February 28 is March 28).
  expect(previousPeriod('2025-02-28', '2025-03-27')).toEqual({ date_from: '2025-01-28', date_to: '2025-02-27' });
  expect(previousPeriod('2025-04-30', '2025-05-29')).toEqual({ date_from: '2025-03-30', date_to: '2025-04-29' });
});

test('the same period a year earlier', () => {
  expect(previousYear('2025-04-01', '2026-03-31')).toEqual({ date_from: '2024-04-01', date_to: '2025-03-31' });
  expect(previousYear('2025-02-01', '2025-02-28')).toEqual({ date_from: '2024-02-01', date_to: '2024-02-29' });
  expect(previousYear('2024-02-29', '2024-02-29')).toEqual({ date_from: '2023-02-28', date_to: '2023-02-28' });
  expect(previousYear('2025-02-28', '2025-03-05')).toEqual({ date_from: '2024-02-28', date_to: '2024-03-05' });
  expect(previousYear('2025-01-01', '2025-12-31')).toEqual({ date_from: '2024-01-01', date_to: '2024-12-31' });
});
