import { DateFormatError, readDateText } from '../src';
import { dayOrderEvidence } from '../src/dates';

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
});
