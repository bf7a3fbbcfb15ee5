import { limitOffset, orderBy, rangeConditions, sql, whereAll, type ListQuery } from '@finance/platform';
import type { Db } from './db';
import type { DashboardView } from './views';

interface DashboardRow {
  id: string;
  name: string;
  description: string | null;
  widget_count: bigint;
  created_at: Date;
  updated_at: Date;
}
const toView = (r: DashboardRow): DashboardView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  widget_count: Number(r.widget_count),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const DASHBOARD_COLUMNS = { created_at: 'd.created_at', updated_at: 'd.updated_at', name: 'd.name' };

const SELECT_DASHBOARD = sql`
  SELECT d.id, d.name, d.description, d.created_at, d.updated_at,
         (SELECT count(*) FROM snapshot.widgets w WHERE w.dashboard_id = d.id) AS widget_count
  FROM snapshot.dashboards d`;

export async function findDashboard(db: Db, orgId: string, id: string): Promise<DashboardView | null> {
  const rows = await db.$queryRaw<DashboardRow[]>(sql`${SELECT_DASHBOARD} WHERE d.id = ${id}::uuid AND d.org_id = ${orgId}::uuid`);
  return rows[0] ? toView(rows[0]) : null;
}

export async function dashboardExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.dashboard.count({ where: { id, orgId } })) === 1;
}

export async function findDashboardPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: DashboardView[]; total: number }> {
  const where = [sql`d.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, DASHBOARD_COLUMNS)];
  const [rows, count] = await Promise.all([
    db.$queryRaw<DashboardRow[]>(sql`${SELECT_DASHBOARD} ${whereAll(where)} ${orderBy(list.sort, DASHBOARD_COLUMNS, 'd.id')} ${limitOffset(list)}`),
    db.$queryRaw<{ total: bigint }[]>(sql`SELECT count(*) AS total FROM snapshot.dashboards d ${whereAll(where)}`),
  ]);
  return { rows: rows.map(toView), total: Number(count[0]?.total ?? 0) };
}

export interface DashboardFields {
  name: string;
  description: string | null;
}

export async function insertDashboard(db: Db, orgId: string, id: string, fields: DashboardFields): Promise<void> {
  await db.dashboard.create({ data: { id, orgId, ...fields } });
}

export async function updateDashboard(db: Db, orgId: string, id: string, fields: Partial<DashboardFields>): Promise<boolean> {
  return (await db.dashboard.updateMany({ where: { id, orgId }, data: { ...fields, updatedAt: new Date() } })).count === 1;
}

export async function deleteDashboard(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.dashboard.deleteMany({ where: { id, orgId } })).count === 1;
}
