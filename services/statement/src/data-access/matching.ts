import { join, likeContains, likeLiteral, raw, sql, ValidationError, type Sql } from '@finance/platform';
import { COMPARISONS, CONDITION_FIELDS, DAY_OPERATORS, NULL_OPERATORS, STRING_OPERATORS, type ConditionField, type ConditionInput } from '../views/conditions';

/**
 * The one matching engine. Search, rule preview, rule run and automatic categorisation all turn conditions
 * into SQL here, so preview and run can never disagree and no endpoint filters rows in memory.
 *
 * Conditions are checked once (field, operator, value) into a typed form, then translated into a WHERE
 * fragment over the `statement.transactions` row aliased `t`. Column names come from this file only; values
 * are always bound parameters. The condition language itself (fields, operators, the input shape) is the API's
 * vocabulary, in views/conditions.ts.
 */

type Kind = 'string' | 'number' | 'date' | 'id';

const FIELD_KIND: Record<ConditionField, Kind> = {
  particulars: 'string',
  inflow: 'number',
  outflow: 'number',
  balance: 'number',
  date: 'date',
  type: 'string',
  category: 'string',
  entity: 'string',
  account: 'id',
  comments: 'string',
  po: 'string',
};

const COLUMN: Record<ConditionField, string> = {
  particulars: 't.particulars',
  inflow: 't.inflow',
  outflow: 't.outflow',
  balance: 't.balance',
  date: 't.date',
  type: 't.type',
  category: 't.category',
  entity: 't.entity',
  account: 't.account_id',
  comments: 't.comments',
  po: 't.po',
};

export const OPERATORS_BY_KIND: Record<Kind, readonly string[]> = {
  string: [...STRING_OPERATORS, ...NULL_OPERATORS],
  number: [...COMPARISONS, ...NULL_OPERATORS],
  date: [...DAY_OPERATORS, ...COMPARISONS, ...NULL_OPERATORS],
  id: ['equals', 'not_equals', ...NULL_OPERATORS],
};
const ALL_OPERATORS = new Set(Object.values(OPERATORS_BY_KIND).flat());

const KIND_WORDS: Record<Kind, string> = {
  string: 'a text field',
  number: 'an amount in milli-units',
  date: 'a date',
  id: 'an account id',
};

export const MAX_STRING_VALUE = 500;
/** Postgres regexes are not backtracking-proof for every pattern; a short pattern bounds compile and match cost. */
export const MAX_REGEX_LENGTH = 200;
export const MAX_DAYS = 36_500;

/** A checked condition: the value has its field's type (bigint milli-units, YYYY-MM-DD, whole days, uuid, text). */
export type Condition =
  | { field: ConditionField; operator: (typeof NULL_OPERATORS)[number]; case_sensitive: boolean }
  | { field: ConditionField; operator: string; value: string; case_sensitive: boolean; kind: 'string' | 'date' | 'id' }
  | { field: ConditionField; operator: string; value: bigint; case_sensitive: boolean; kind: 'number' }
  | { field: ConditionField; operator: (typeof DAY_OPERATORS)[number]; value: number; case_sensitive: boolean; kind: 'days' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * Checks every condition and returns them typed; the first problem is a 400 whose message names the condition
 * (`conditions[2].operator: ...`). Regex syntax is checked by Postgres separately (see regexProblem).
 */
export function checkConditions(inputs: ConditionInput[], path = 'conditions'): Condition[] {
  return inputs.map((input, i) => checkCondition(input, `${path}[${i}]`));
}

function checkCondition(input: ConditionInput, at: string): Condition {
  const fail = (key: string, message: string) => ValidationError.field(`${at}.${key}`, message);
  if (!(CONDITION_FIELDS as readonly string[]).includes(input.field)) {
    throw fail('field', `unknown field '${input.field}'; use one of ${CONDITION_FIELDS.join(', ')}`);
  }
  const field = input.field as ConditionField;
  const kind = FIELD_KIND[field];
  const operator = input.operator;
  if (!ALL_OPERATORS.has(operator)) {
    throw fail('operator', `unknown operator '${operator}'; for ${field} use one of ${OPERATORS_BY_KIND[kind].join(', ')}`);
  }
  if (!OPERATORS_BY_KIND[kind].includes(operator)) {
    throw fail('operator', `'${operator}' does not apply to ${field} (${KIND_WORDS[kind]}); use one of ${OPERATORS_BY_KIND[kind].join(', ')}`);
  }
  const case_sensitive = input.case_sensitive ?? false;
  const value = input.value;

  if ((NULL_OPERATORS as readonly string[]).includes(operator)) {
    if (value !== undefined && value !== null) throw fail('value', `must be left out for ${operator}`);
    return { field, operator: operator as (typeof NULL_OPERATORS)[number], case_sensitive };
  }
  if (value === undefined || value === null) throw fail('value', `is required for ${operator}`);

  if ((DAY_OPERATORS as readonly string[]).includes(operator)) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_DAYS) {
      throw fail('value', `must be a whole number of days from 0 to ${MAX_DAYS}`);
    }
    return { field, operator: operator as (typeof DAY_OPERATORS)[number], value, case_sensitive, kind: 'days' };
  }
  switch (kind) {
    case 'number':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw fail('value', 'must be a whole number of milli-units (1000 per currency unit), like the rows it matches');
      }
      return { field, operator, value: BigInt(value), case_sensitive, kind };
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value)) throw fail('value', 'must be a date as YYYY-MM-DD');
      return { field, operator, value, case_sensitive, kind };
    case 'id':
      if (typeof value !== 'string' || !UUID.test(value)) throw fail('value', 'must be an account id (uuid)');
      return { field, operator, value: value.toLowerCase(), case_sensitive, kind };
    case 'string': {
      if (typeof value !== 'string') throw fail('value', 'must be a string');
      const max = operator === 'regex' ? MAX_REGEX_LENGTH : MAX_STRING_VALUE;
      if (value.length > max) throw fail('value', `must be at most ${max} characters`);
      if (operator !== 'equals' && operator !== 'not_equals' && value.length === 0) throw fail('value', `must not be empty for ${operator}`);
      return { field, operator, value, case_sensitive, kind };
    }
  }
}

/** The condition as stored in a rule and shown back: value in its JSON form, case_sensitive explicit. */
export function conditionToJson(c: Condition): Record<string, unknown> {
  if (!('value' in c)) return { field: c.field, operator: c.operator, case_sensitive: c.case_sensitive };
  const value = typeof c.value === 'bigint' ? Number(c.value) : c.value;
  return { field: c.field, operator: c.operator, value, case_sensitive: c.case_sensitive };
}

const COMPARISON_SQL: Record<string, string> = {
  equals: '=',
  not_equals: 'IS DISTINCT FROM',
  greater_than: '>',
  less_than: '<',
  greater_than_or_equal: '>=',
  less_than_or_equal: '<=',
};

/**
 * One condition as SQL. Text operators are case-insensitive unless case_sensitive; contains / starts_with /
 * ends_with / regex on particulars are served by the trigram index. not_equals and not_contains match rows where
 * the field is empty (a missing category is "not food"). is_null treats blank text as null.
 */
export function conditionSql(c: Condition): Sql {
  const col = raw(COLUMN[c.field]);
  if (c.operator === 'is_null' || c.operator === 'is_not_null') {
    const isNull = FIELD_KIND[c.field] === 'string' ? sql`NULLIF(btrim(${col}), '') IS NULL` : sql`${col} IS NULL`;
    return c.operator === 'is_null' ? isNull : sql`NOT (${isNull})`;
  }
  if (!('kind' in c)) throw new Error('unreachable');
  switch (c.kind) {
    case 'days':
      // CURRENT_DATE is the database's calendar date; the two operators are exact complements.
      return c.operator === 'within_last_days' ? sql`${col} >= CURRENT_DATE - ${c.value}::int` : sql`${col} < CURRENT_DATE - ${c.value}::int`;
    case 'number':
      return sql`${col} ${raw(COMPARISON_SQL[c.operator] as string)} ${c.value.toString()}::bigint`;
    case 'date':
      return sql`${col} ${raw(COMPARISON_SQL[c.operator] as string)} ${c.value}::date`;
    case 'id':
      return sql`${col} ${raw(COMPARISON_SQL[c.operator] as string)} ${c.value}::uuid`;
    case 'string':
      return stringConditionSql(col, c.operator, c.value, c.case_sensitive);
  }
}

function stringConditionSql(col: Sql, operator: string, value: string, caseSensitive: boolean): Sql {
  const like = raw(caseSensitive ? 'LIKE' : 'ILIKE');
  switch (operator) {
    case 'equals':
      return caseSensitive ? sql`${col} = ${value}` : sql`lower(${col}) = lower(${value})`;
    case 'not_equals':
      return caseSensitive ? sql`${col} IS DISTINCT FROM ${value}` : sql`lower(${col}) IS DISTINCT FROM lower(${value})`;
    case 'contains':
      return sql`${col} ${like} ${likeContains(value)}`;
    case 'not_contains':
      return sql`(${col} IS NULL OR ${col} NOT ${like} ${likeContains(value)})`;
    case 'starts_with':
      return sql`${col} ${like} ${`${likeLiteral(value)}%`}`;
    case 'ends_with':
      return sql`${col} ${like} ${`%${likeLiteral(value)}`}`;
    case 'regex':
      return caseSensitive ? sql`${col} ~ ${value}` : sql`${col} ~* ${value}`;
    default:
      throw new Error(`no SQL for string operator ${operator}`);
  }
}

/** All conditions AND-combined; no conditions is TRUE. */
export function conditionsSql(conditions: Condition[]): Sql {
  if (conditions.length === 0) return sql`TRUE`;
  return join(
    conditions.map((c) => sql`(${conditionSql(c)})`),
    ' AND ',
  );
}

/** The regex conditions, with where they sit, for Postgres to check (regexProblem) before anything runs. */
export function regexConditions(conditions: Condition[], path = 'conditions'): { path: string; pattern: string }[] {
  return conditions.flatMap((c, i) =>
    c.operator === 'regex' && 'value' in c && typeof c.value === 'string' ? [{ path: `${path}[${i}].value`, pattern: c.value }] : [],
  );
}
