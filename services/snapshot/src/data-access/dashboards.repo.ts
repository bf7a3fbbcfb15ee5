import {
  execute,
  join,
  limitOffset,
  listPage,
  orderBy,
  queryOne,
  rangeConditions,
  sql,
  toNumber,
  whereAll,
  type Db,
  type ListQuery,
  type Sql,
} from '@finance/platform';
import type { DashboardView } from '../views/dashboards';

interface DashboardRow {
  id: string;
  name: string;
  description: string | null;
  widget_count: string;
  created_at: Date;
  updated_at: Date;
}
const toView = (r: DashboardRow): DashboardView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  widget_count: toNumber(r.widget_count),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const DASHBOARD_COLUMNS = { created_at: 'd.created_at', updated_at: 'd.updated_at', name: 'd.name' };

const SELECT_DASHBOARD = sql`
  SELECT d.id, d.name, d.description, d.created_at, d.updated_at,
         (SELECT count(*) FROM snapshot.widgets w WHERE w.dashboard_id = d.id) AS widget_count
  FROM snapshot.dashboards d`;

export async function findDashboard(db: Db, orgId: string, id: string): Promise<DashboardView | null> {
  const row = await queryOne<DashboardRow>(db, sql`${SELECT_DASHBOARD} WHERE d.id = ${id}::uuid AND d.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export async function dashboardExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await queryOne(db, sql`SELECT 1 FROM snapshot.dashboards WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`)) !== undefined;
}

export async function findDashboardPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: DashboardView[]; total: number }> {
  const where = [sql`d.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, DASHBOARD_COLUMNS)];
  const { rows, total } = await listPage<DashboardRow>(db, {
    rows: sql`${SELECT_DASHBOARD} ${whereAll(where)} ${orderBy(list.sort, DASHBOARD_COLUMNS, 'd.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM snapshot.dashboards d ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

export interface DashboardFields {
  name: string;
  description: string | null;
}

export async function insertDashboard(db: Db, orgId: string, id: string, fields: DashboardFields): Promise<void> {
  await execute(
    db,
    sql`
    INSERT INTO snapshot.dashboards (id, org_id, name, description)
    VALUES (${id}::uuid, ${orgId}::uuid, ${fields.name}, ${fields.description})`,
  );
}

export async function updateDashboard(db: Db, orgId: string, id: string, fields: Partial<DashboardFields>): Promise<boolean> {
  const sets: Sql[] = [sql`updated_at = now()`];
  if (fields.name !== undefined) sets.push(sql`name = ${fields.name}`);
  if (fields.description !== undefined) sets.push(sql`description = ${fields.description}::text`);
  return (await execute(db, sql`UPDATE snapshot.dashboards SET ${join(sets, ', ')} WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`)) === 1;
}

export async function deleteDashboard(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await execute(db, sql`DELETE FROM snapshot.dashboards WHERE id = ${id}::uuid AND org_id = ${orgId}::uuid`)) === 1;
}
