import { execute, join, limitOffset, listPage, orderBy, query, queryOne, raw, sql, whereAll, type Db, type ListQuery, type Sql } from '@finance/platform';
import type { RULE_SORTS, RuleAction, RuleView } from '../views/rules';

interface RuleRow {
  id: string;
  name: string;
  description: string | null;
  rationale: string | null;
  priority: number;
  /** jsonb, stored checked by the matching engine (conditionToJson) */
  conditions: RuleView['conditions'];
  actions: RuleAction[];
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** jsonb stores keys in its own order; the API shows each condition and action in the documented order. */
const conditionView = (c: RuleView['conditions'][number]) => ({
  field: c.field,
  operator: c.operator,
  ...('value' in c ? { value: c.value } : {}),
  case_sensitive: c.case_sensitive,
});

const toView = (r: RuleRow): RuleView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  rationale: r.rationale,
  priority: r.priority,
  conditions: r.conditions.map(conditionView),
  actions: r.actions.map((a) => ({ field: a.field, value: a.value })),
  enabled: r.enabled,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const SELECT_RULE = sql`
  SELECT r.id, r.name, r.description, r.rationale, r.priority, r.conditions, r.actions, r.enabled, r.created_at, r.updated_at
  FROM statement.rules r`;

export const RULE_COLUMNS = { priority: 'r.priority', created_at: 'r.created_at', name: 'r.name' } satisfies Record<(typeof RULE_SORTS)[number], string>;

export async function findRule(db: Db, orgId: string, id: string): Promise<RuleView | null> {
  const row = await queryOne<RuleRow>(db, sql`${SELECT_RULE} WHERE r.id = ${id}::uuid AND r.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export async function findRulePage(db: Db, orgId: string, list: ListQuery, filters: { enabled?: boolean }): Promise<{ rows: RuleView[]; total: number }> {
  const where: Sql[] = [sql`r.org_id = ${orgId}::uuid`];
  if (filters.enabled !== undefined) where.push(sql`r.enabled = ${filters.enabled}`);
  const { rows, total } = await listPage<RuleRow>(db, {
    rows: sql`${SELECT_RULE} ${whereAll(where)} ${orderBy(list.sort, RULE_COLUMNS, 'r.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM statement.rules r ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

/** The organization's enabled rules in the order automatic categorisation applies them. */
export async function findEnabledRules(db: Db, orgId: string): Promise<RuleView[]> {
  const rows = await query<RuleRow>(
    db,
    sql`${SELECT_RULE}
    WHERE r.org_id = ${orgId}::uuid AND r.enabled ORDER BY r.priority, r.created_at, r.id`,
  );
  return rows.map(toView);
}

export interface RuleFields {
  name: string;
  description: string | null;
  rationale: string | null;
  priority: number;
  conditions: Record<string, unknown>[];
  actions: RuleAction[];
  enabled: boolean;
}

/** Each field as its column, typed for Postgres; a field left undefined is not written. */
function ruleColumns(f: Partial<RuleFields>): [string, Sql][] {
  const columns: [string, Sql | undefined][] = [
    ['name', f.name === undefined ? undefined : sql`${f.name}`],
    ['description', f.description === undefined ? undefined : sql`${f.description}`],
    ['rationale', f.rationale === undefined ? undefined : sql`${f.rationale}`],
    ['priority', f.priority === undefined ? undefined : sql`${f.priority}::int`],
    ['conditions', f.conditions === undefined ? undefined : sql`${JSON.stringify(f.conditions)}::jsonb`],
    ['actions', f.actions === undefined ? undefined : sql`${JSON.stringify(f.actions)}::jsonb`],
    ['enabled', f.enabled === undefined ? undefined : sql`${f.enabled}`],
  ];
  return columns.filter((c): c is [string, Sql] => c[1] !== undefined);
}

export async function insertRule(db: Db, orgId: string, id: string, f: RuleFields): Promise<void> {
  const columns = ruleColumns(f);
  await execute(
    db,
    sql`
    INSERT INTO statement.rules (id, org_id, ${raw(columns.map(([name]) => name).join(', '))})
    VALUES (${id}::uuid, ${orgId}::uuid, ${join(
      columns.map(([, value]) => value),
      ', ',
    )})`,
  );
}

/** Returns false when the rule is not the organization's. */
export async function updateRule(db: Db, orgId: string, id: string, f: Partial<RuleFields>): Promise<boolean> {
  const sets = ruleColumns(f).map(([name, value]) => sql`${raw(name)} = ${value}`);
  const changed = await execute(
    db,
    sql`
    UPDATE statement.rules SET ${join([...sets, sql`updated_at = now()`], ', ')}
    WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`,
  );
  return changed === 1;
}

export async function deleteRule(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await execute(db, sql`DELETE FROM statement.rules WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`)) === 1;
}
