import { limitOffset, listPage, lockUntilCommit, orderBy, queryOne, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from './db';
import type { RULE_SORTS, RuleAction, RuleView } from '../views/rules';

/** The columns a rule is shown from (model methods select them; the list's raw SQL names them the same). */
const RULE_SELECT = {
  id: true,
  name: true,
  description: true,
  rationale: true,
  priority: true,
  conditions: true,
  actions: true,
  enabled: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.RuleSelect;
type RuleRow = Prisma.RuleGetPayload<{ select: typeof RULE_SELECT }>;

/** jsonb stores keys in its own order; the API shows each condition and action in the documented order. */
const conditionView = (c: RuleView['conditions'][number]) => ({
  field: c.field,
  operator: c.operator,
  ...('value' in c ? { value: c.value } : {}),
  case_sensitive: c.case_sensitive,
});

/** conditions and actions are jsonb, stored checked by the matching engine (conditionToJson) and the API. */
const toView = (r: RuleRow): RuleView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  rationale: r.rationale,
  priority: r.priority,
  conditions: (r.conditions as RuleView['conditions']).map(conditionView),
  actions: (r.actions as RuleAction[]).map((a) => ({ field: a.field, value: a.value })),
  enabled: r.enabled,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The list's SELECT, its columns named as the model's fields so that its rows are RuleRows. */
const SELECT_RULE = sql`
  SELECT r.id, r.name, r.description, r.rationale, r.priority, r.conditions, r.actions, r.enabled,
         r.created_at AS "createdAt", r.updated_at AS "updatedAt"
  FROM statement.rules r`;

export const RULE_COLUMNS = { priority: 'r.priority', created_at: 'r.created_at', name: 'r.name' } satisfies Record<(typeof RULE_SORTS)[number], string>;

export async function findRule(db: Db, orgId: string, id: string): Promise<RuleView | null> {
  const row = await db.rule.findFirst({ where: { id, orgId }, select: RULE_SELECT });
  return row ? toView(row) : null;
}

/** Raw SQL: the list's filters and sort come from the ListQuery (listPage). */
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
  const rows = await db.rule.findMany({
    where: { orgId, enabled: true },
    select: RULE_SELECT,
    orderBy: [{ priority: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  });
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

/** The fields as the model's data; a field left undefined is not written. */
function ruleData(f: Partial<RuleFields>) {
  return {
    name: f.name,
    description: f.description,
    rationale: f.rationale,
    priority: f.priority,
    conditions: f.conditions as Prisma.InputJsonValue | undefined,
    actions: f.actions as Prisma.InputJsonValue | undefined,
    enabled: f.enabled,
  } satisfies Prisma.RuleUncheckedUpdateInput;
}

/** The largest priority a rule may have (the API's bound). */
export const MAX_PRIORITY = 1_000_000;

/**
 * The priority after every rule of the organization (0 for the first), under a lock held until the caller's
 * transaction commits, so that two rules created at once never get the same one: the second waits, then reads
 * the first's row in its next statement. At the bound it stays there; created_at then still orders it last.
 */
export async function nextPriority(tx: Db, orgId: string): Promise<number> {
  await lockUntilCommit(tx, `rule-priorities:${orgId}`);
  const row = await queryOne<{ next: number }>(
    tx,
    sql`SELECT LEAST(COALESCE(max(priority) + 1, 0), ${MAX_PRIORITY})::int AS next FROM statement.rules WHERE org_id = ${orgId}::uuid`,
  );
  return row?.next ?? 0;
}

export async function insertRule(db: Db, orgId: string, id: string, f: RuleFields): Promise<void> {
  await db.rule.create({
    data: { ...ruleData(f), id, orgId, name: f.name, conditions: f.conditions as Prisma.InputJsonValue, actions: f.actions as Prisma.InputJsonValue },
    select: { id: true },
  });
}

/** Returns false when the rule is not the organization's. */
export async function updateRule(db: Db, orgId: string, id: string, f: Partial<RuleFields>): Promise<boolean> {
  const { count } = await db.rule.updateMany({ where: { id, orgId }, data: { ...ruleData(f), updatedAt: new Date() } });
  return count === 1;
}

export async function deleteRule(db: Db, orgId: string, id: string): Promise<boolean> {
  const { count } = await db.rule.deleteMany({ where: { id, orgId } });
  return count === 1;
}
