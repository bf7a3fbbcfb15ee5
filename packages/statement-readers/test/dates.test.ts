import { DateFormatError, dateInStatementYear, dayOrderEvidence, looksLikeDate, readDateText, readDateValue, readDayMonth } from '../src/dates';

describe('readDateText: the contract formats, day first', () => {
  it.each([
    ['05/04/2024', '2024-04-05'],
    ['5/4/2024', '2024-04-05'],
    ['05-04-2024', '2024-04-05'],
    ['05.04.2024', '2024-04-05'],
    ['05/04/24', '2024-04-05'],
    ['05-04-24', '2024-04-05'],
    ['31/12/99', '1999-12-31'],
    ['01/01/68', '2068-01-01'],
    ['01/01/69', '1969-01-01'],
    ['05-Apr-2024', '2024-04-05'],
    ['05-APR-2024', '2024-04-05'],
    ['05-Apr-24', '2024-04-05'],
    ['05 Apr 2024', '2024-04-05'],
    ['5 Apr 2024', '2024-04-05'],
    ['05 Sept 2024', '2024-09-05'],
    ['05 September 2024', '2024-09-05'],
    ['2024-04-05', '2024-04-05'],
    ['29/02/2024', '2024-02-29'],
    ['05/04/2024 10:15:00', '2024-04-05'],
    ['05/04/2024 10:15 AM', '2024-04-05'],
    ['2024-04-05T10:15:00', '2024-04-05'],
    ['  05/04/2024  ', '2024-04-05'],
    // What real exports print beyond the contract's list.
    ['2024/04/05', '2024-04-05'],
    ['Apr 05, 2024', '2024-04-05'],
    ['April 5 2024', '2024-04-05'],
    ['05Apr2024', '2024-04-05'],
    ['05/Apr/2024', '2024-04-05'],
    ['05-04-2024 10:15:00 IST', '2024-04-05'],
    // The year range's edges, and two-digit years on both sides of the pivot.
    ['01/01/1900', '1900-01-01'],
    ['31/12/9999', '9999-12-31'],
    ['9999-12-31', '9999-12-31'],
    ['01/01/00', '2000-01-01'],
    ['31/12/68', '2068-12-31'],
    ['01/01/69', '1969-01-01'],
    ['12/06/2021', '2021-06-12'],
    ['31/01/2024', '2024-01-31'],
    ['30/04/2024', '2024-04-30'],
    ['28/02/2023', '2023-02-28'],
    ['29/02/2000', '2000-02-29'],
    ['2024-4-5', '2024-04-05'],
    ['2024.04.05', '2024-04-05'],
    ['02-Jun-21', '2021-06-02'],
    ['2-June-2021', '2021-06-02'],
    ['02.Jun.2021', '2021-06-02'],
    ['02 Jun. 2021', '2021-06-02'],
    ['02 jun 69', '1969-06-02'],
    ['02 Sep 2021', '2021-09-02'],
    ['02 Dec 2021', '2021-12-02'],
    ['Jun 2nd, 2021', '2021-06-02'],
    ['June 21st 2021', '2021-06-21'],
    ['Jun-02-2021', '2021-06-02'],
    ['Sept. 5, 2024', '2024-09-05'],
    ['jan 31 24', '2024-01-31'],
    ['05/04/2024 10:15:00.123', '2024-04-05'],
    ['05/04/2024 9:05', '2024-04-05'],
    ['05/04/2024, 10:15 p.m.', '2024-04-05'],
    ['2024-04-05T10:15:00Z', '2024-04-05'],
    ['2024-04-05T10:15:00+05:30', '2024-04-05'],
    ['2024-04-05 10:15 +0530', '2024-04-05'],
    ['05-04-2024 10:15 GMT', '2024-04-05'],
    ['05 Apr 2024 10:15 UTC', '2024-04-05'],
    ['05  Apr \t 2024', '2024-04-05'],
  ])('%s -> %s', (text, iso) => {
    expect(readDateText(text)).toBe(iso);
  });

  it.each([
    ['31/02/2024', /day 31, which February 2024 does not have/],
    ['29/02/2023', /day 29, which February 2023 does not have/],
    ['05/13/2024', /month 13, which does not exist/],
    ['00/01/2024', /day 0/],
    ['05-Foo-2024', /unknown month name "Foo"/],
    ['2024/13/05', /month 13/],
    ['04/05', /not a date in a known format/],
    ['05/04/2024abc', /not a date in a known format/],
    ['05-04/2024', /not a date in a known format/],
    ['', /not a date in a known format/],
    // Month 0 must not become "2024-00-05", nor day 0 the last day of the month before.
    ['05/00/2024', /month 0, which does not exist/],
    ['2024-00-05', /month 0, which does not exist/],
    ['2024-04-00', /day 0, which April 2024 does not have/],
    ['31/04/2024', /day 31, which April 2024 does not have/],
    ['32/01/2024', /day 32, which January 2024 does not have/],
    ['31/12/1899', /year 1899, which is out of range/],
    ['1899-12-31', /year 1899, which is out of range/],
    ['0000-01-01', /year 0, which is out of range/],
    ['0029-02-29', /year 29, which is out of range \(1900-9999\)/],
    ['1899-02-30', /year 1899, which is out of range/],
    ['Foo 5, 2024', /unknown month name "Foo"/],
    ['05/04/2024 25', /not a date in a known format/],
    ['05/04/202', /not a date in a known format/],
    ['005/04/2024', /not a date in a known format/],
    ['05/04/2024 10:15 XYZ', /not a date in a known format/],
    ['2024-04-05T', /not a date in a known format/],
    ['x05/04/2024', /not a date in a known format/],
    ['05 Apr 2024x', /not a date in a known format/],
    ['Apr 05, 2024x', /not a date in a known format/],
    ['2024-04-05x', /not a date in a known format/],
  ])('refuses %s and says why', (text, why) => {
    expect(() => readDateText(text)).toThrow(DateFormatError);
    expect(() => readDateText(text)).toThrow(why);
  });
});

describe('month first, decided for a column', () => {
  it('reads MM/DD/YYYY when told the column is month first', () => {
    expect(readDateText('06/13/2021', 'mdy')).toBe('2021-06-13');
    expect(readDateText('06/02/2021', 'mdy')).toBe('2021-06-02');
    expect(readDateText('2021-06-02', 'mdy')).toBe('2021-06-02');
  });

  it('says what one date proves about its column', () => {
    expect(['13/06/2021', '06/13/2021', '06/02/2021', '2021-06-02', '02 Jun 2021'].map(dayOrderEvidence)).toEqual(['dmy', 'mdy', 'either', null, null]);
  });

  it.each([
    // 12 is a month in either place: 12/06 proves nothing, and must not flip a column to day first.
    ['12/06/2021', 'either'],
    ['06/12/2021', 'either'],
    ['12/12/2021', 'either'],
    ['13/12/2021', 'dmy'],
    ['12/13/2021', 'mdy'],
    ['31/01/2021', 'dmy'],
    ['01/31/2021', 'mdy'],
    ['13/13/2021', null],
    ['  13.06.21  10:15 ', 'dmy'],
    ['06-13-2021', 'mdy'],
    // A date printed without a year (card statements) is evidence too (issue 18: `02/07`, `13/06`).
    ['13/06', 'dmy'],
    ['06/13', 'mdy'],
    ['13/13', null],
    ['13 Jun 2021', null],
  ])('%j is %s evidence', (text, evidence) => {
    expect(dayOrderEvidence(text)).toBe(evidence);
  });

  it('names the formats it knows when it cannot read a date', () => {
    expect(() => readDateText('Tuesday')).toThrow(
      '"Tuesday" is not a date in a known format (DD/MM/YYYY, DD-MM-YYYY, DD/MM/YY, DD-Mon-YYYY, DD Mon YYYY, YYYY-MM-DD, Mon DD, YYYY or MM/DD/YYYY)',
    );
  });

  it('reads a numeric date either way, and a named month the same way in both orders', () => {
    expect(readDateText('12/06/2021', 'mdy')).toBe('2021-12-06');
    expect(readDateText('12/06/2021', 'dmy')).toBe('2021-06-12');
    expect(readDateText('02 Jun 2021', 'mdy')).toBe('2021-06-02');
    expect(readDateText('Jun 02, 2021', 'mdy')).toBe('2021-06-02');
    expect(() => readDateText('13/06/2021', 'mdy')).toThrow(/month 13/);
  });
});

describe('looksLikeDate: the cheap check before reading a cell as a date', () => {
  it.each([
    ['05/04/2024', true],
    ['5 Apr', true],
    ['Jun 5', true],
    ['June 5, 2024', true],
    ['Sept. 5', true],
    ['jun-05', true],
    ['Junk 5', false],
    ['Paid Jun 5', false],
    ['Opening Balance', false],
    ['Jun5', false],
    ['Jun 123', false],
    ['', false],
  ])('%j: %s', (text, looks) => {
    expect(looksLikeDate(text)).toBe(looks);
  });
});

describe('readDateValue: spreadsheet dates and serial days, as UTC calendar days', () => {
  it.each([
    [new Date(Date.UTC(2024, 3, 5)), '2024-04-05'],
    [new Date(Date.UTC(2024, 3, 5, 23, 59, 59)), '2024-04-05'],
    [new Date(Date.UTC(1900, 0, 1)), '1900-01-01'],
    [new Date(Date.UTC(9999, 11, 31)), '9999-12-31'],
    [45387, '2024-04-05'],
    [45387.99, '2024-04-05'],
    [25569, '1970-01-01'],
    [61, '1900-03-01'],
    [2958465, '9999-12-31'],
  ] as const)('%s -> %s', (value, iso) => {
    expect(readDateValue(value, String(value))).toBe(iso);
  });

  it.each([
    [60, /"60" is not a date in a known format/],
    [2958466, /"2958466" is not a date in a known format/],
    [Number.NaN, /is not a date in a known format/],
    [Number.POSITIVE_INFINITY, /is not a date in a known format/],
    [new Date(Number.NaN), /"shown" is not a valid date/],
    [new Date(Date.UTC(10000, 0, 1)), /year 10000, which is out of range/],
    [new Date(Date.UTC(1899, 11, 31)), /year 1899, which is out of range/],
  ] as const)('refuses %s', (value, why) => {
    expect(() => readDateValue(value, value instanceof Date && Number.isNaN(value.getTime()) ? 'shown' : String(value))).toThrow(why);
  });
});

describe('readDayMonth: dates printed without a year (card statements), issue 31', () => {
  it.each([
    ['02/07', 'dmy', { day: 2, month: 7 }],
    ['02/07', 'mdy', { day: 7, month: 2 }],
    ['7-2', 'mdy', { day: 2, month: 7 }],
    ['31.12', 'dmy', { day: 31, month: 12 }],
    ['12/31', 'mdy', { day: 31, month: 12 }],
    [' 3  Aug ', 'dmy', { day: 3, month: 8 }],
    ['3Aug', 'mdy', { day: 3, month: 8 }],
    ['03-AUG', 'dmy', { day: 3, month: 8 }],
    ['3 Sept.', 'dmy', { day: 3, month: 9 }],
    ['AUG 3', 'dmy', { day: 3, month: 8 }],
    ['Aug. 31', 'mdy', { day: 31, month: 8 }],
    ['DEC-1', 'dmy', { day: 1, month: 12 }],
    ['September 30', 'dmy', { day: 30, month: 9 }],
    ['29/02', 'dmy', { day: 29, month: 2 }],
    ['Feb 29', 'dmy', { day: 29, month: 2 }],
    ['01/01', 'dmy', { day: 1, month: 1 }],
    ['Jan 5', 'dmy', { day: 5, month: 1 }],
    ['Aug3', 'dmy', { day: 3, month: 8 }],
  ] as const)('%s (%s) is %o', (text, order, expected) => {
    expect(readDayMonth(text, order)).toEqual(expected);
  });

  it('is day first by default', () => {
    expect(readDayMonth('02/07')).toEqual({ day: 2, month: 7 });
  });

  it.each([
    ['13/02', 'mdy'],
    ['02/13', 'dmy'],
    ['00/05', 'dmy'],
    ['05/00', 'dmy'],
    ['32/01', 'dmy'],
    ['31/04', 'dmy'],
    ['04/31', 'mdy'],
    ['30/02', 'dmy'],
    ['Feb 30', 'dmy'],
    ['0 Mar', 'dmy'],
    ['Apr 31', 'dmy'],
    ['32 Jan', 'dmy'],
    ['Foo 3', 'dmy'],
    ['3 Foo', 'dmy'],
    ['02/07/2030', 'dmy'],
    ['2030', 'dmy'],
    ['Aug 3 2030', 'dmy'],
    ['x02/07', 'dmy'],
    ['02/07x', 'dmy'],
    ['AUG 3x', 'dmy'],
    ['x3 Aug', 'dmy'],
    ['2 /7', 'dmy'],
    ['3 A ug', 'dmy'],
    ['Paid 3 Aug', 'dmy'],
    ['3 Aug 5', 'dmy'],
    ['5 Aug 3', 'dmy'],
    ['', 'dmy'],
  ] as const)('refuses %s (%s)', (text, order) => {
    expect(readDayMonth(text, order)).toBeNull();
  });

  it('puts a day and month into the statement year, or the year before for December lines on a January statement', () => {
    expect(dateInStatementYear(8, 3, '2030-08-14')).toBe('2030-08-03');
    expect(dateInStatementYear(12, 28, '2030-01-14')).toBe('2029-12-28');
    expect(dateInStatementYear(2, 29, '2030-03-01')).toBeNull();
    expect(dateInStatementYear(2, 29, '2028-03-01')).toBe('2028-02-29');
    // The boundary: 45 days after 14 January is 28 February, still this year; 1 March is last year's.
    expect(dateInStatementYear(2, 28, '2030-01-14')).toBe('2030-02-28');
    expect(dateInStatementYear(3, 1, '2030-01-14')).toBe('2029-03-01');
    expect(dateInStatementYear(2, 1, '2030-01-14')).toBe('2030-02-01');
  });
});

describe('readDateText: month first and the compact form, issue 31', () => {
  it.each([
    ['02/07/2030', 'mdy', '2030-02-07'],
    ['12/31/2030', 'mdy', '2030-12-31'],
    ['1/2/30', 'mdy', '2030-01-02'],
    ['07.02.2030', 'mdy', '2030-07-02'],
    ['02/07/2030', 'dmy', '2030-07-02'],
    ['20300207', 'dmy', '2030-02-07'],
    ['20300207', 'mdy', '2030-02-07'],
    [' 20301231 ', 'dmy', '2030-12-31'],
  ] as const)('%s (%s) is %s', (text, order, expected) => {
    expect(readDateText(text, order)).toBe(expected);
  });

  it.each([
    ['31/12/2030', 'mdy'],
    ['13/13/2030', 'mdy'],
    ['02/30/2030', 'mdy'],
    ['20301301', 'dmy'],
    ['20300230', 'dmy'],
    ['20300200', 'dmy'],
    ['2030020', 'dmy'],
    ['203002071', 'dmy'],
    ['x20300207', 'dmy'],
  ] as const)('refuses %s (%s)', (text, order) => {
    expect(() => readDateText(text, order)).toThrow(DateFormatError);
  });
});
