import { z } from 'zod';
import { pageContextOf, parseListQuery, type ListSpec } from '../src/list/list';
import { parseInstant, q } from '../src/list/params';

const spec = {
  fields: ['id', 'name', 'date', 'created_at'],
  filters: { status: q.enum(['draft', 'posted']), is_group: q.boolean(), account: q.uuid() },
  ranges: { date: 'date', created_at: 'timestamp' },
  sort: { columns: ['date', 'created_at'], default: 'date' },
  prefixes: ['dimension.'],
} satisfies ListSpec;

const parse = (query: Record<string, string>) => parseListQuery(spec, query);
const fails = (query: Record<string, string>) => {
  try {
    parse(query);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('expected a validation error');
};

describe('page and limit', () => {
  test('defaults: page 1, limit 100', () => {
    expect(parse({})).toMatchObject({ page: 1, limit: 100, offset: 0, fields: null, sort: { by: 'date', order: 'DESC' } });
  });
  test('page 3 of 50 starts at 100', () => expect(parse({ page: '3', limit: '50' })).toMatchObject({ offset: 100 }));
  test('limit 500 is allowed', () => expect(parse({ limit: '500' }).limit).toBe(500));
  test.each([['0'], ['501'], ['-1'], ['1.5'], ['ten'], ['']])('limit=%s is refused', (v) => expect(fails({ limit: v })).toMatch(/^limit:/));
  test.each([['0'], ['-2'], ['x'], ['2.0']])('page=%s is refused', (v) => expect(fails({ page: v })).toMatch(/^page:/));
});

describe('fields', () => {
  test('selects known names and ignores unknown ones', () => expect(parse({ fields: 'name,bogus,id' }).fields).toEqual(['name', 'id']));
  test('only unknown names, or nothing, means every field', () => {
    expect(parse({ fields: 'bogus' }).fields).toBeNull();
    expect(parse({ fields: '' }).fields).toBeNull();
  });
  test('pageContextOf counts the page and computes has_more', () => {
    const list = parse({ fields: 'id', page: '2', limit: '2' });
    expect(pageContextOf(list, 1, 3)).toEqual({ count: 1, page: 2, per_page: 2, total: 3, has_more: false });
    expect(pageContextOf({ page: 1, limit: 2 }, 2, 3).has_more).toBe(true);
  });
});

describe('equality filters', () => {
  test('are parsed by their declared schema', () => {
    expect(parse({ status: 'posted', is_group: 'false', account: '018f0000-0000-7000-8000-000000000000' }).filters).toEqual({
      status: 'posted',
      is_group: false,
      account: '018f0000-0000-7000-8000-000000000000',
    });
  });
  test('an unknown enum value names the parameter', () => expect(fails({ status: 'pending' })).toBe('status: must be one of draft, posted'));
  test('booleans accept only true and false', () => {
    for (const v of ['1', 'TRUE', 'yes', '']) expect(fails({ is_group: v })).toBe('is_group: must be true or false');
  });
});

describe('date ranges', () => {
  test('date fields take YYYY-MM-DD, inclusive on both ends', () => {
    expect(parse({ date_from: '2026-01-01', date_to: '2026-01-31' }).ranges).toEqual({ date: { from: '2026-01-01', to: '2026-01-31' } });
  });
  test.each(['2026-1-01', '01/02/2026', '2026-02-30', '2026-13-01', '2026-01-01T00:00:00Z'])('date_from=%s is refused', (v) =>
    expect(fails({ date_from: v })).toMatch(/^date_from:/),
  );
  test('timestamps take Z or a numeric offset', () => {
    const r = parse({ created_at_from: '2026-01-01T00:00:00+05:30', created_at_to: '2026-01-01T00:00:00.123Z' }).ranges.created_at;
    expect((r?.from as Date).toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect((r?.to as Date).toISOString()).toBe('2026-01-01T00:00:00.123Z');
  });
  test('a date-only value on a timestamp field is refused: no time zone is assumed', () =>
    expect(fails({ created_at_from: '2026-01-01' })).toMatch(/^created_at_from: a timestamp needs a time/));
  test('a timestamp without an offset is refused', () => expect(fails({ created_at_to: '2026-01-01T10:00:00' })).toMatch(/^created_at_to:/));
  test('an unencoded + (decoded as a space) gets a hint to send %2B', () => expect(fails({ created_at_from: '2026-01-01T10:00:00 05:30' })).toMatch(/%2B/));
  test('_from later than _to is refused, for dates and timestamps', () => {
    expect(fails({ date_from: '2026-02-01', date_to: '2026-01-31' })).toBe('date_from: must not be later than date_to');
    expect(fails({ created_at_from: '2026-01-01T10:00:00Z', created_at_to: '2026-01-01T09:59:59Z' })).toMatch(/^created_at_from: must not be later/);
  });
  test('equal ends are fine', () => expect(parse({ date_from: '2026-01-01', date_to: '2026-01-01' }).ranges.date).toBeDefined());
  test('parseInstant refuses impossible instants', () => expect(() => parseInstant('t', '2026-02-30T25:00:00Z')).toThrow(/^t:/));
});

describe('sorting', () => {
  test('sort_by takes the declared columns; sort_order ASC or DESC in any case, default DESC', () => {
    expect(parse({ sort_by: 'created_at', sort_order: 'asc' }).sort).toEqual({ by: 'created_at', order: 'ASC' });
    expect(parse({ sort_by: 'created_at' }).sort.order).toBe('DESC');
  });
  test('anything else is refused', () => {
    expect(fails({ sort_by: 'name' })).toBe('sort_by: must be one of date, created_at');
    expect(fails({ sort_order: 'up' })).toBe('sort_order: must be ASC or DESC');
  });
});

describe('prefixed parameters', () => {
  test('collect the key after the prefix', () => {
    expect(parse({ 'dimension.region': 'north', 'dimension.cost_centre': 'cc1' }).prefixed).toEqual({
      'dimension.': { region: 'north', cost_centre: 'cc1' },
    });
  });
  test('a prefix with no key is refused', () => expect(fails({ 'dimension.': 'x' })).toMatch(/^dimension\.: needs a key/));
});

test('a filter schema can be any zod string parser', () => {
  const custom = parseListQuery({ fields: ['id'], filters: { amount: z.string().regex(/^\d+$/, 'must be digits').transform(BigInt) } }, { amount: '12' });
  expect(custom.filters.amount).toBe(12n);
});
