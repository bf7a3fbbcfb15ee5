import { DateFormatError, readDateText } from '../../src/ingest';

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
  ])('%s -> %s', (text, iso) => {
    expect(readDateText(text)).toBe(iso);
  });

  it.each([
    ['31/02/2024', /day 31, which February 2024 does not have/],
    ['29/02/2023', /day 29, which February 2023 does not have/],
    ['05/13/2024', /month 13, which does not exist/],
    ['00/01/2024', /day 0/],
    ['05-Foo-2024', /unknown month name "Foo"/],
    ['2024/04/05', /not a date in a known format/],
    ['04/05', /not a date in a known format/],
    ['05/04/2024abc', /not a date in a known format/],
    ['05-04/2024', /not a date in a known format/],
    ['', /not a date in a known format/],
  ])('refuses %s and says why', (text, why) => {
    expect(() => readDateText(text)).toThrow(DateFormatError);
    expect(() => readDateText(text)).toThrow(why);
  });
});
