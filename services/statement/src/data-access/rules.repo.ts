import { limitOffset, orderBy, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db, RawDb } from './db';
import type { RuleAction, RuleView } from './views';

interface RuleRow {
  id: string;
  name: string;
  description: string | null;
  rationale: string | null;
  priority: number;
  conditions: Record<string, unknown>[];
  actions: RuleAction[];
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

/** jsonb stores keys in its own order; the API shows each condition and action in the documented order. */
const conditionView = (c: Record<string, unknown>) => ({
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

export const RULE_COLUMNS = { priority: 'r.priority', created_at: 'r.created_at', name: 'r.name' };

export async function findRule(db: Db, orgId: string, id: string): Promise<RuleView | null> {
  const rows = await db.$queryRaw<RuleRow[]>(sql`${SELECT_RULE} WHERE r.id = ${id}::uuid AND r.org_id = ${orgId}::uuid`);
  return rows[0] ? toView(rows[0]) : null;
}

export async function findRulePage(db: Db, orgId: string, list: ListQuery, filters: { enabled?: boolean }): Promise<{ rows: RuleView[]; total: number }> {
  const where: Sql[] = [sql`r.org_id = ${orgId}::uuid`];
  if (filters.enabled !== undefined) where.push(sql`r.enabled = ${filters.enabled}`);
  const rows = await db.$queryRaw<RuleRow[]>(sql`${SELECT_RULE} ${whereAll(where)} ${orderBy(list.sort, RULE_COLUMNS, 'r.id')} ${limitOffset(list)}`);
  const count = await db.$queryRaw<{ total: bigint }[]>(sql`SELECT count(*) AS total FROM statement.rules r ${whereAll(where)}`);
  return { rows: rows.map(toView), total: Number(count[0]?.total ?? 0) };
}

/** The organization's enabled rules in the order automatic categorisation applies them. */
export async function findEnabledRules(db: RawDb, orgId: string): Promise<RuleView[]> {
  const rows = await db.$queryRaw<RuleRow[]>(sql`${SELECT_RULE}
    WHERE r.org_id = ${orgId}::uuid AND r.enabled ORDER BY r.priority, r.created_at, r.id`);
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

export async function insertRule(db: Db, orgId: string, id: string, f: RuleFields): Promise<void> {
  await db.rule.create({
    data: {
      id,
      orgId,
      name: f.name,
      description: f.description,
      rationale: f.rationale,
      priority: f.priority,
      conditions: f.conditions as Prisma.InputJsonValue,
      actions: f.actions as unknown as Prisma.InputJsonValue,
      enabled: f.enabled,
    },
  });
}

/** Returns false when the rule is not the organization's. */
export async function updateRule(db: Db, orgId: string, id: string, f: Partial<RuleFields>): Promise<boolean> {
  const result = await db.rule.updateMany({
    where: { id, orgId },
    data: {
      name: f.name,
      description: f.description,
      rationale: f.rationale,
      priority: f.priority,
      conditions: f.conditions as Prisma.InputJsonValue | undefined,
      actions: f.actions as unknown as Prisma.InputJsonValue | undefined,
      enabled: f.enabled,
      updatedAt: new Date(),
    },
  });
  return result.count === 1;
}

export async function deleteRule(db: Db, orgId: string, id: string): Promise<boolean> {
  const result = await db.rule.deleteMany({ where: { id, orgId } });
  return result.count === 1;
}
