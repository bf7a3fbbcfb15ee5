import { limitOffset, listPage, orderBy, query, rangeConditions, sql, toNumber, whereAll, type ListQuery } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { DashboardView } from '../views/dashboards';
import type { Db } from './db';

/** A dashboard with the number of its widgets, as the model methods select it. */
const dashboardSelect = {
  id: true,
  name: true,
  description: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { widgets: true } },
} satisfies Prisma.DashboardSelect;
type DashboardRecord = Prisma.DashboardGetPayload<{ select: typeof dashboardSelect }>;

const fromRecord = (d: DashboardRecord): DashboardView => ({
  id: d.id,
  name: d.name,
  description: d.description,
  widget_count: d._count.widgets,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

/** A dashboard as the list's raw statement returns it: count(*) arrives as a bigint. */
interface DashboardRow {
  id: string;
  name: string;
  description: string | null;
  widget_count: bigint;
  created_at: Date;
  updated_at: Date;
}
const fromRow = (r: DashboardRow): DashboardView => ({
  id: r.id,
  name: r.name,
  description: r.description,
  widget_count: toNumber(r.widget_count),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const DASHBOARD_COLUMNS = { created_at: 'd.created_at', updated_at: 'd.updated_at', name: 'd.name' };

export async function findDashboard(db: Db, orgId: string, id: string): Promise<DashboardView | null> {
  const dashboard = await db.dashboard.findFirst({ where: { id, orgId }, select: dashboardSelect });
  return dashboard ? fromRecord(dashboard) : null;
}

export async function dashboardExists(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.dashboard.findFirst({ where: { id, orgId }, select: { id: true } })) !== null;
}

/**
 * Locks the organization's dashboards of these ids until the transaction ends, in id order (so that two
 * transactions locking the same two never deadlock), and returns the ids found. Every write of widget positions
 * holds its dashboard's lock: placing a widget after the last, moving one between dashboards, renumbering.
 */
export async function lockDashboards(db: Db, orgId: string, ids: string[]): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    sql`SELECT id FROM snapshot.dashboards WHERE id = ANY(${ids}::uuid[]) AND org_id = ${orgId}::uuid ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => r.id);
}

/** Raw SQL: the list's ranges and sort are built from the ListQuery (listPage runs the page and its count). */
export async function findDashboardPage(db: Db, orgId: string, list: ListQuery): Promise<{ rows: DashboardView[]; total: number }> {
  const where = [sql`d.org_id = ${orgId}::uuid`, ...rangeConditions(list.ranges, DASHBOARD_COLUMNS)];
  const { rows, total } = await listPage<DashboardRow>(db, {
    rows: sql`
      SELECT d.id, d.name, d.description, d.created_at, d.updated_at,
             (SELECT count(*) FROM snapshot.widgets w WHERE w.dashboard_id = d.id) AS widget_count
      FROM snapshot.dashboards d ${whereAll(where)} ${orderBy(list.sort, DASHBOARD_COLUMNS, 'd.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM snapshot.dashboards d ${whereAll(where)}`,
  });
  return { rows: rows.map(fromRow), total };
}

export interface DashboardFields {
  name: string;
  description: string | null;
}

export async function insertDashboard(db: Db, orgId: string, id: string, fields: DashboardFields): Promise<void> {
  await db.dashboard.create({ data: { id, orgId, name: fields.name, description: fields.description }, select: { id: true } });
}

/** Changes only the fields given (undefined leaves a field as it is); false when it is not the organization's. */
export async function updateDashboard(db: Db, orgId: string, id: string, fields: Partial<DashboardFields>): Promise<boolean> {
  const data = { name: fields.name, description: fields.description, updatedAt: new Date() };
  return (await db.dashboard.updateMany({ where: { id, orgId }, data })).count === 1;
}

export async function deleteDashboard(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.dashboard.deleteMany({ where: { id, orgId } })).count === 1;
}
