import { limitOffset, listPage, orderBy, query, queryOne, rangeConditions, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { WidgetView } from '../views/widgets';
import type { Db } from './db';

/** A widget as SELECT_WIDGET returns it: text[] arrives as string[], json parsed, timestamptz as Date. */
interface WidgetRow {
  id: string;
  name: string;
  type: string;
  description: string | null;
  dashboard_id: string | null;
  tags: string[];
  created_at: Date;
  updated_at: Date;
  latest_id: string | null;
  latest_data: NonNullable<WidgetView['latest_snapshot']>['data'] | null;
  latest_created_at: Date | null;
}

const toView = (r: WidgetRow): WidgetView => ({
  id: r.id,
  name: r.name,
  type: r.type,
  description: r.description,
  dashboard_id: r.dashboard_id,
  tags: r.tags,
  latest_snapshot:
    r.latest_id && r.latest_data && r.latest_created_at ? { id: r.latest_id, data: r.latest_data, created_at: r.latest_created_at.toISOString() } : null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const WIDGET_COLUMNS = { created_at: 'w.created_at', updated_at: 'w.updated_at', name: 'w.name' };

export interface WidgetFilters {
  dashboard_id?: string;
  type?: string;
  tag?: string;
}

function widgetConditions(orgId: string, filters: WidgetFilters, ranges: ListQuery['ranges']): Sql[] {
  const where: Sql[] = [sql`w.org_id = ${orgId}::uuid`];
  if (filters.dashboard_id !== undefined) where.push(sql`w.dashboard_id = ${filters.dashboard_id}::uuid`);
  if (filters.type !== undefined) where.push(sql`w.type = ${filters.type}`);
  if (filters.tag !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM snapshot.widget_tags wt JOIN snapshot.tags t ON t.id = wt.tag_id
                           WHERE wt.widget_id = w.id AND t.name = ${filters.tag})`);
  }
  return [...where, ...rangeConditions(ranges, WIDGET_COLUMNS)];
}

/**
 * The widget with its tag names and its latest snapshot (one index probe per widget). Raw SQL: one statement
 * with a lateral join, shared by the lists (whose filters and sorts are built from the ListQuery); a model
 * method with nested relations would read tags and snapshots in queries of their own.
 */
const SELECT_WIDGET = sql`
  SELECT w.id, w.name, w.type, w.description, w.dashboard_id, w.created_at, w.updated_at,
         COALESCE((SELECT array_agg(t.name ORDER BY t.name) FROM snapshot.widget_tags wt
                   JOIN snapshot.tags t ON t.id = wt.tag_id WHERE wt.widget_id = w.id), '{}') AS tags,
         ls.id AS latest_id, ls.data AS latest_data, ls.created_at AS latest_created_at
  FROM snapshot.widgets w
  LEFT JOIN LATERAL (SELECT s.id, s.data, s.created_at FROM snapshot.snapshots s
                     WHERE s.widget_id = w.id ORDER BY s.created_at DESC, s.id DESC LIMIT 1) ls ON true`;

export async function findWidget(db: Db, orgId: string, id: string): Promise<WidgetView | null> {
  const row = await queryOne<WidgetRow>(db, sql`${SELECT_WIDGET} WHERE w.id = ${id}::uuid AND w.org_id = ${orgId}::uuid`);
  return row ? toView(row) : null;
}

export async function findWidgetsOfDashboard(db: Db, orgId: string, dashboardId: string): Promise<WidgetView[]> {
  const rows = await query<WidgetRow>(
    db,
    sql`${SELECT_WIDGET}
    WHERE w.org_id = ${orgId}::uuid AND w.dashboard_id = ${dashboardId}::uuid ORDER BY w.created_at, w.id`,
  );
  return rows.map(toView);
}

export async function findWidgetPage(db: Db, orgId: string, list: ListQuery, filters: WidgetFilters): Promise<{ rows: WidgetView[]; total: number }> {
  const where = widgetConditions(orgId, filters, list.ranges);
  const { rows, total } = await listPage<WidgetRow>(db, {
    rows: sql`${SELECT_WIDGET} ${whereAll(where)} ${orderBy(list.sort, WIDGET_COLUMNS, 'w.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM snapshot.widgets w ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}

export interface WidgetFields {
  name: string;
  type: string;
  description: string | null;
  dashboardId: string | null;
}

export async function insertWidget(db: Db, orgId: string, id: string, fields: WidgetFields): Promise<void> {
  await db.widget.create({ data: { id, orgId, ...fields }, select: { id: true } });
}

/** Changes only the fields given (undefined leaves a field as it is); false when the widget is not the organization's. */
export async function updateWidget(db: Db, orgId: string, id: string, fields: Partial<WidgetFields>): Promise<boolean> {
  const data = { name: fields.name, type: fields.type, description: fields.description, dashboardId: fields.dashboardId, updatedAt: new Date() };
  return (await db.widget.updateMany({ where: { id, orgId }, data })).count === 1;
}

export async function deleteWidget(db: Db, orgId: string, id: string): Promise<boolean> {
  return (await db.widget.deleteMany({ where: { id, orgId } })).count === 1;
}

/** Replaces the widget's tags with exactly these. */
export async function replaceWidgetTags(db: Db, widgetId: string, tagIds: string[]): Promise<void> {
  await db.widgetTag.deleteMany({ where: { widgetId } });
  if (tagIds.length) await db.widgetTag.createMany({ data: tagIds.map((tagId) => ({ widgetId, tagId })) });
}
