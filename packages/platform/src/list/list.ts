import type { z } from 'zod';
import { ValidationError } from '../errors';
import { dateProblem, parseInstant } from './params';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 500;

export type RangeKind = 'date' | 'timestamp';
export type SortOrder = 'ASC' | 'DESC';

/**
 * What a list endpoint accepts, declared once beside its route: the public fields, the equality filters (a
 * parser per parameter), the date/timestamp fields that take `_from`/`_to`, the sortable columns, and any
 * parameter prefixes (such as `dimension.`) that carry a key in their name.
 */
export interface ListSpec {
  fields: readonly string[];
  filters?: Record<string, z.ZodType>;
  ranges?: Record<string, RangeKind>;
  sort?: { columns: readonly [string, ...string[]]; default: string; order?: SortOrder };
  prefixes?: readonly string[];
}

export interface Range<T> {
  from?: T;
  to?: T;
}

export interface ListQuery<S extends ListSpec = ListSpec> {
  page: number;
  limit: number;
  offset: number;
  /** null means every public field. */
  fields: string[] | null;
  filters: { [K in keyof S['filters']]?: S['filters'][K] extends z.ZodType ? z.output<S['filters'][K]> : never };
  /** Date fields give YYYY-MM-DD strings; timestamp fields give Dates. */
  ranges: Record<string, Range<string | Date>>;
  sort: { by: string; order: SortOrder };
  /** prefix -> (key after the prefix -> value), e.g. { 'dimension.': { region: 'north' } } */
  prefixed: Record<string, Record<string, string>>;
}

/** Every parameter name a list spec understands (without prefixes). */
export function listParamNames(spec: ListSpec): string[] {
  const names = ['page', 'limit', 'fields', ...Object.keys(spec.filters ?? {})];
  for (const field of Object.keys(spec.ranges ?? {})) names.push(`${field}_from`, `${field}_to`);
  if (spec.sort) names.push('sort_by', 'sort_order');
  return names;
}

function positiveInt(name: string, raw: string | undefined, fallback: number, max?: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw ValidationError.field(name, `must be a whole number${max ? ` from 1 to ${max}` : ' from 1'}`);
  const n = Number(raw);
  if (n < 1 || (max !== undefined && n > max) || !Number.isSafeInteger(n)) {
    throw ValidationError.field(name, `must be a whole number${max ? ` from 1 to ${max}` : ' from 1'}`);
  }
  return n;
}

/** Parses a sort order in either case; the conventions document spells it ASC or DESC. */
export function parseSortOrder(name: string, raw: string | undefined, fallback: SortOrder): SortOrder {
  if (raw === undefined) return fallback;
  const upper = raw.toUpperCase();
  if (upper !== 'ASC' && upper !== 'DESC') throw ValidationError.field(name, 'must be ASC or DESC');
  return upper;
}

export function parseFields(raw: string | undefined, known: readonly string[]): string[] | null {
  if (raw === undefined) return null;
  const wanted = raw
    .split(',')
    .map((f) => f.trim())
    .filter((f) => known.includes(f));
  // Only unknown names, or nothing at all: every public field (conventions rule 4, contract section 4).
  return wanted.length > 0 ? [...new Set(wanted)] : null;
}

/** Turns a flat query (one string per parameter) into a validated ListQuery. */
export function parseListQuery<S extends ListSpec>(spec: S, query: Record<string, string>): ListQuery<S> {
  const page = positiveInt('page', query.page, 1);
  const limit = positiveInt('limit', query.limit, DEFAULT_LIMIT, MAX_LIMIT);

  const filters: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(spec.filters ?? {})) {
    const raw = query[name];
    if (raw === undefined) continue;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw ValidationError.field(name, parsed.error.issues[0]?.message ?? 'invalid value');
    filters[name] = parsed.data;
  }

  const ranges: Record<string, Range<string | Date>> = {};
  for (const [field, kind] of Object.entries(spec.ranges ?? {})) {
    const range: Range<string | Date> = {};
    for (const end of ['from', 'to'] as const) {
      const name = `${field}_${end}`;
      const raw = query[name];
      if (raw === undefined) continue;
      if (kind === 'date') {
        const problem = dateProblem(raw);
        if (problem) throw ValidationError.field(name, problem);
        range[end] = raw;
      } else {
        range[end] = parseInstant(name, raw);
      }
    }
    if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
      throw ValidationError.field(`${field}_from`, `must not be later than ${field}_to`);
    }
    if (range.from !== undefined || range.to !== undefined) ranges[field] = range;
  }

  let sort: ListQuery['sort'] = { by: 'id', order: 'DESC' };
  if (spec.sort) {
    const by = query.sort_by ?? spec.sort.default;
    if (!spec.sort.columns.includes(by)) throw ValidationError.field('sort_by', `must be one of ${spec.sort.columns.join(', ')}`);
    sort = { by, order: parseSortOrder('sort_order', query.sort_order, spec.sort.order ?? 'DESC') };
  }

  const prefixed: Record<string, Record<string, string>> = {};
  for (const prefix of spec.prefixes ?? []) {
    for (const [name, value] of Object.entries(query)) {
      if (!name.startsWith(prefix)) continue;
      const key = name.slice(prefix.length);
      if (key === '') throw ValidationError.field(name, `needs a key after ${prefix}`);
      (prefixed[prefix] ??= {})[key] = value;
    }
  }

  return {
    page,
    limit,
    offset: (page - 1) * limit,
    fields: parseFields(query.fields, spec.fields),
    filters: filters as ListQuery<S>['filters'],
    ranges,
    sort,
    prefixed,
  };
}

/** Keeps only the selected fields of a record (all of them when no selection was made). */
export function pickFields<T extends object>(row: T, fields: readonly string[] | null): Partial<T> {
  if (!fields) return row;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in row) out[f] = (row as Record<string, unknown>)[f];
  return out as Partial<T>;
}

export interface PageContext {
  count: number;
  page: number;
  per_page: number;
  total: number;
  has_more: boolean;
}

/** The list envelope's page_context for a page of `count` rows out of `total`. */
export function pageContextOf(list: Pick<ListQuery, 'page' | 'limit'>, count: number, total: number): PageContext {
  return { count, page: list.page, per_page: list.limit, total, has_more: list.page * list.limit < total };
}
