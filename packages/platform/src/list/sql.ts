import { empty, join, raw, sql, type Sql } from '../db/sql';
import type { ListQuery } from './list';

/**
 * SQL fragments from a parsed ListQuery. Column expressions come from the repository (code), values from the
 * query (parameters), so the two never mix.
 */

/** `_from`/`_to` conditions for each range, both ends inclusive. */
export function rangeConditions(ranges: ListQuery['ranges'], columns: Record<string, string>): Sql[] {
  const out: Sql[] = [];
  for (const [field, range] of Object.entries(ranges)) {
    const column = columns[field];
    if (!column) throw new Error(`no column mapped for range ${field}`);
    if (range.from !== undefined) out.push(sql`${raw(column)} >= ${range.from}`);
    if (range.to !== undefined) out.push(sql`${raw(column)} <= ${range.to}`);
  }
  return out;
}

export function whereAll(conditions: Sql[]): Sql {
  return conditions.length ? sql`WHERE ${join(conditions, ' AND ')}` : empty;
}

/** ORDER BY the chosen column, then the id in the same direction, so pages never overlap or skip. */
export function orderBy(sort: ListQuery['sort'], columns: Record<string, string>, idColumn: string): Sql {
  const column = columns[sort.by];
  if (!column) throw new Error(`no column mapped for sort ${sort.by}`);
  const dir = sort.order === 'ASC' ? 'ASC' : 'DESC';
  return raw(`ORDER BY ${column} ${dir}, ${idColumn} ${dir}`);
}

export function limitOffset(list: Pick<ListQuery, 'limit' | 'offset'>): Sql {
  return sql`LIMIT ${list.limit} OFFSET ${list.offset}`;
}
