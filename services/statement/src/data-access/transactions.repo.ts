import {
  INVALID_REGULAR_EXPRESSION,
  join,
  likeContains,
  listPage,
  limitOffset,
  orderBy,
  pgErrorCode,
  pgErrorMessage,
  query,
  queryOne,
  raw,
  rangeConditions,
  sql,
  whereAll,
  type ListQuery,
  type Sql,
} from '@finance/platform';
import type { Db } from './db';
import { milliToJson } from '../views/money';
import type { RuleAction } from '../views/rules';
import type { CategorySource, SEARCH_SORTS, TRANSACTION_SORTS, TransactionType, TransactionView } from '../views/transactions';

/** A row as SELECT_ROW reads it (raw SQL: joined with its account, date as text, int8 as bigint). */
interface TransactionRow {
  id: string;
  date: string;
  particulars: string;
  inflow: bigint;
  outflow: bigint;
  balance: bigint | null;
  entity: string | null;
  category: string | null;
  po: string | null;
  comments: string | null;
  type: TransactionType;
  category_source: CategorySource | null;
  category_rule_id: string | null;
  account_id: string | null;
  account_name: string | null;
  account_currency: string | null;
  statement_id: string | null;
  created_at: Date;
  updated_at: Date;
}

const toView = (r: TransactionRow): TransactionView => ({
  id: r.id,
  date: r.date,
  particulars: r.particulars,
  inflow: milliToJson(r.inflow, 'inflow'),
  outflow: milliToJson(r.outflow, 'outflow'),
  balance: r.balance === null ? null : milliToJson(r.balance, 'balance'),
  entity: r.entity,
  category: r.category,
  po: r.po,
  comments: r.comments,
  type: r.type,
  category_source: r.category_source,
  category_rule_id: r.category_rule_id,
  account_id: r.account_id,
  account_name: r.account_name,
  account_currency: r.account_currency,
  statement: r.statement_id,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const SELECT_ROW = sql`
  SELECT t.id, t.date::text AS date, t.particulars, t.inflow, t.outflow, t.balance, t.entity, t.category, t.po,
         t.comments, t.type, t.category_source, t.category_rule_id, t.account_id, a.name AS account_name,
         a.currency AS account_currency, t.statement_id, t.created_at, t.updated_at
  FROM statement.transactions t
  LEFT JOIN statement.accounts a ON a.id = t.account_id`;

/** A text column that is null or only blanks: what "empty" matches in filters. */
export const isBlank = (column: string): Sql => sql`NULLIF(btrim(${raw(column)}), '') IS NULL`;

export const LIST_COLUMNS = { date: 't.date', created_at: 't.created_at', updated_at: 't.updated_at' } satisfies Record<
  (typeof TRANSACTION_SORTS)[number],
  string
>;
export const SEARCH_SORT_COLUMNS = {
  date: 't.date',
  inflow: 't.inflow',
  outflow: 't.outflow',
  balance: 't.balance',
  created_at: 't.created_at',
} satisfies Record<(typeof SEARCH_SORTS)[number], string>;

export interface TransactionFilters {
  account?: string;
  statement_id?: string;
  category?: string;
  entity?: string;
  particulars?: string;
  type?: TransactionType;
  comments?: string;
}

/** Equality on a text column, case-insensitive; the empty string matches rows where it is blank. */
function textEquals(column: string, value: string): Sql {
  return value.trim() === '' ? isBlank(column) : sql`lower(${raw(column)}) = lower(${value})`;
}

/**
 * The rows of one statement, scoped to the organization through the statement (the foreign key (statement_id,
 * org_id) makes its organization the rows'): with no condition on t.org_id the planner reads them through the
 * statement's index whatever the sort, where `t.org_id =` lets it walk the organization's date or created_at
 * index and filter: 0.5 to 1 s for a large statement of a million-row organization (see the README).
 */
function statementRows(orgId: string, statementId: string): Sql[] {
  return [
    sql`t.statement_id = ${statementId}::uuid`,
    sql`EXISTS (SELECT 1 FROM statement.statements s WHERE s.id = ${statementId}::uuid AND s.org_id = ${orgId}::uuid)`,
  ];
}

function listConditions(orgId: string, filters: TransactionFilters, ranges: ListQuery['ranges']): Sql[] {
  const where: Sql[] = filters.statement_id !== undefined ? statementRows(orgId, filters.statement_id) : [sql`t.org_id = ${orgId}::uuid`];
  if (filters.account !== undefined) where.push(sql`t.account_id = ${filters.account}::uuid`);
  if (filters.type !== undefined) where.push(sql`t.type = ${filters.type}`);
  if (filters.category !== undefined) where.push(textEquals('t.category', filters.category));
  if (filters.entity !== undefined) where.push(textEquals('t.entity', filters.entity));
  if (filters.comments !== undefined) where.push(textEquals('t.comments', filters.comments));
  if (filters.particulars !== undefined) where.push(sql`t.particulars ILIKE ${likeContains(filters.particulars)}`);
  return [...where, ...rangeConditions(ranges, LIST_COLUMNS)];
}

export interface Page {
  rows: TransactionView[];
  total: number;
}

async function pageOf(db: Db, where: Sql[], order: Sql, list: Pick<ListQuery, 'limit' | 'offset'>): Promise<Page> {
  const { rows, total } = await listPage<TransactionRow>(db, {
    rows: sql`${SELECT_ROW} ${whereAll(where)} ${order} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM statement.transactions t ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

export async function findTransactionPage(db: Db, orgId: string, list: ListQuery, filters: TransactionFilters): Promise<Page> {
  return pageOf(db, listConditions(orgId, filters, list.ranges), orderBy(list.sort, LIST_COLUMNS, 't.id'), list);
}

export interface MatchPageQuery {
  limit: number;
  offset: number;
  sort: ListQuery['sort'];
  sortColumns: Record<string, string>;
}

/** A page of the rows a matching-engine WHERE fragment selects, with the full match count. */
export async function findMatchingPage(db: Db, orgId: string, match: Sql, query: MatchPageQuery): Promise<Page> {
  const where = [sql`t.org_id = ${orgId}::uuid`, match];
  return pageOf(db, where, orderBy(query.sort, query.sortColumns, 't.id'), query);
}

/** Restricts to rows of the organization's accounts in a currency (search `currency`). */
export function currencyCondition(orgId: string, currency: string): Sql {
  return sql`t.account_id IN (SELECT ca.id FROM statement.accounts ca WHERE ca.org_id = ${orgId}::uuid AND ca.currency = ${currency})`;
}

export async function findTransaction(db: Db, orgId: string, id: string): Promise<TransactionView | null> {
  const row = await queryOne<TransactionRow>(db, sql`${SELECT_ROW} WHERE t.id = ${id}::uuid AND t.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export interface TransactionEdit {
  entity?: string | null;
  category?: string | null;
  type?: TransactionType;
  comments?: string | null;
  po?: string | null;
}

const EDITABLE_COLUMNS: Record<keyof TransactionEdit, string> = { entity: 'entity', category: 'category', type: 'type', comments: 'comments', po: 'po' };

/**
 * A person's edit: returns false when the row is not the organization's. A field left undefined is not written;
 * the row becomes manual whatever was sent (every editable field is one a rule could overwrite).
 */
export async function updateTransaction(db: Db, orgId: string, id: string, edit: TransactionEdit): Promise<boolean> {
  const { count } = await db.transaction.updateMany({
    where: { id, orgId },
    data: {
      entity: edit.entity,
      category: edit.category,
      type: edit.type,
      comments: edit.comments,
      po: edit.po,
      categorySource: 'manual',
      categoryRuleId: null,
      updatedAt: new Date(),
    },
  });
  return count === 1;
}

function actionSets(actions: RuleAction[]): { sets: Sql; changes: Sql } {
  return {
    sets: join(
      actions.map((a) => sql`${raw(EDITABLE_COLUMNS[a.field])} = ${a.value}::text`),
      ', ',
    ),
    // Only rows whose values actually change are written (and counted as updated).
    changes: join(
      actions.map((a) => sql`t.${raw(EDITABLE_COLUMNS[a.field])} IS DISTINCT FROM ${a.value}::text`),
      ' OR ',
    ),
  };
}

/** A row a person categorised, which rules leave alone unless told to override it. */
export const IS_MANUAL = sql`t.category_source IS NOT DISTINCT FROM 'manual'`;

/**
 * A rule run in one statement: the UPDATE writes the rows the match selects whose values differ (not the hand-set
 * ones unless overrideManual), marking them as the rule's, and the matched and protected counts are taken in the
 * same snapshot (before the update), so all three describe the same rows.
 */
export async function applyActions(
  db: Db,
  orgId: string,
  ruleId: string,
  match: Sql,
  actions: RuleAction[],
  overrideManual: boolean,
): Promise<{ matched: number; updated: number; protected: number }> {
  const { sets, changes } = actionSets(actions);
  const where = sql`t.org_id = ${orgId}::uuid AND ${match}`;
  const writable = overrideManual ? sql`true` : sql`NOT (${IS_MANUAL})`;
  const row = await queryOne<{ matched: bigint; updated: bigint; protected: bigint }>(
    db,
    sql`
    WITH changed AS (
      UPDATE statement.transactions t SET ${sets}, category_source = 'rule', category_rule_id = ${ruleId}::uuid, updated_at = now()
      WHERE ${where} AND ${writable} AND (${changes})
      RETURNING 1
    )
    SELECT count(*) AS matched,
           count(*) FILTER (WHERE NOT (${writable})) AS protected,
           (SELECT count(*) FROM changed) AS updated
    FROM statement.transactions t WHERE ${where}`,
  );
  return { matched: Number(row?.matched ?? 0n), updated: Number(row?.updated ?? 0n), protected: Number(row?.protected ?? 0n) };
}

/**
 * Automatic categorisation of a statement's rows, every rule in one statement: each row still of type unknown
 * that no person has edited (a row becomes visible, and editable, when the statement's rows are stored, before
 * this step runs) gets the first rule (in the order given) whose match holds, and only that rule's actions; rows
 * whose values actually change are written and marked as that rule's. Evaluating all matches against the rows as
 * they were is the same as applying the rules one by one, because a rule only ever changes rows that it matched,
 * which no later rule may touch. One pass over the rows instead of one per rule, and no matched ids carried back
 * and forth (100,000 rows, 20 rules: see BENCHMARKS.md).
 */
export async function applyRulesToStatement(
  db: Db,
  orgId: string,
  statementId: string,
  rules: { id: string; match: Sql; actions: RuleAction[] }[],
): Promise<{ matched: number; updated: number }> {
  if (rules.length === 0) return { matched: 0, updated: 0 };
  const firstMatch = join(
    rules.map((r, i) => sql`WHEN (${r.match}) THEN ${i}`),
    ' ',
  );
  const fields = [...new Set(rules.flatMap((r) => r.actions.map((a) => a.field)))];
  const sets = fields.map((field) => {
    const column = raw(EDITABLE_COLUMNS[field]);
    const cases = rules.flatMap((r, i) => r.actions.filter((a) => a.field === field).map((a) => sql`WHEN ${i} THEN ${a.value}::text`));
    return sql`${column} = CASE hit.rule ${join(cases, ' ')} ELSE t.${column} END`;
  });
  const changes = join(
    rules.map((r, i) => sql`WHEN ${i} THEN (${actionSets(r.actions).changes})`),
    ' ',
  );
  const ruleIds = join(
    rules.map((r, i) => sql`WHEN ${i} THEN ${r.id}::uuid`),
    ' ',
  );
  // Raw SQL through the client: every rule in one UPDATE, evaluated in Postgres (the hot path of categorisation).
  const row = await queryOne<{ matched: bigint; updated: bigint }>(
    db,
    sql`
    WITH hit AS (
      SELECT m.id, m.rule FROM (
        SELECT t.id, CASE ${firstMatch} END AS rule
        FROM statement.transactions t
        WHERE t.org_id = ${orgId}::uuid AND t.statement_id = ${statementId}::uuid AND t.type = 'unknown' AND NOT (${IS_MANUAL})
      ) m WHERE m.rule IS NOT NULL
    ), changed AS (
      UPDATE statement.transactions t
      SET ${join(sets, ', ')}, category_source = 'rule', category_rule_id = CASE hit.rule ${ruleIds} END, updated_at = now()
      FROM hit WHERE t.id = hit.id AND (CASE hit.rule ${changes} ELSE false END)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM hit) AS matched, (SELECT count(*) FROM changed) AS updated`,
  );
  return { matched: Number(row?.matched ?? 0n), updated: Number(row?.updated ?? 0n) };
}

/** Checks a pattern with Postgres's own regex engine (the one that will run it); the error text, or null. */
export async function regexProblem(db: Db, pattern: string): Promise<string | null> {
  try {
    await query(db, sql`SELECT '' ~ ${pattern} AS ok`);
    return null;
  } catch (err) {
    if (pgErrorCode(err) === INVALID_REGULAR_EXPRESSION) return pgErrorMessage(err);
    throw err;
  }
}
