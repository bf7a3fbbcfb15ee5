import { execute, limitOffset, listPage, orderBy, query, queryOne, rangeConditions, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { WidgetView } from '../views/widgets';
import type { Db } from './db';

/** A widget as SELECT_WIDGET returns it: text[] arrives as string[], json parsed, timestamptz as Date. */
interface WidgetRow {
  id: string;
  name: string;
  type: string;
  description: string | null;
  dashboard_id: string | null;
  position: number | null;
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
  position: r.position,
  tags: r.tags,
  latest_snapshot:
    r.latest_id && r.latest_data && r.latest_created_at ? { id: r.latest_id, data: r.latest_data, created_at: r.latest_created_at.toISOString() } : null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const WIDGET_COLUMNS = { created_at: 'w.created_at', updated_at: 'w.updated_at', name: 'w.name', position: 'w.position' };

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
  SELECT w.id, w.name, w.type, w.description, w.dashboard_id, w.position, w.created_at, w.updated_at,
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

/** The dashboard's widgets, oldest first (as a dashboard has always listed them) or in their places. */
/** A dashboard's widgets in their order on it (`position`; new widgets go last, so untouched ones are oldest first). */
export async function findWidgetsOfDashboard(db: Db, orgId: string, dashboardId: string): Promise<WidgetView[]> {
  const rows = await query<WidgetRow>(
    db,
    sql`${SELECT_WIDGET}
    WHERE w.org_id = ${orgId}::uuid AND w.dashboard_id = ${dashboardId}::uuid ORDER BY w.position, w.id`,
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
  /** null exactly when dashboardId is null (a CHECK constraint). */
  position: number | null;
}

export async function insertWidget(db: Db, orgId: string, id: string, fields: WidgetFields): Promise<void> {
  await db.widget.create({ data: { id, orgId, ...fields }, select: { id: true } });
}

/** Changes only the fields given (undefined leaves a field as it is); false when the widget is not the organization's. */
export async function updateWidget(db: Db, orgId: string, id: string, fields: Partial<WidgetFields>): Promise<boolean> {
  const data = {
    name: fields.name,
    type: fields.type,
    description: fields.description,
    dashboardId: fields.dashboardId,
    position: fields.position,
    updatedAt: new Date(),
  };
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

/** The dashboard a widget is on, or undefined when the widget is not the organization's. */
export async function findWidgetDashboard(db: Db, orgId: string, id: string): Promise<{ dashboardId: string | null } | undefined> {
  return (await db.widget.findFirst({ where: { id, orgId }, select: { dashboardId: true } })) ?? undefined;
}

/** The place after the dashboard's last widget. Only safe with the dashboard's row locked (lockDashboards). */
export async function nextPosition(db: Db, dashboardId: string): Promise<number> {
  const { _max } = await db.widget.aggregate({ where: { dashboardId }, _max: { position: true } });
  return (_max.position ?? 0) + 1;
}

/** The ids of the dashboard's widgets, in their order. */
export async function widgetIdsOfDashboard(db: Db, dashboardId: string): Promise<string[]> {
  const rows = await db.widget.findMany({ where: { dashboardId }, select: { id: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] });
  return rows.map((r) => r.id);
}

/**
 * Numbers the dashboard's widgets 1, 2, 3, ... in the order of `ids` (every widget of the dashboard, each once),
 * touching only the widgets whose place changes. Raw SQL: one statement, where model methods would need one
 * update per widget.
 */
export async function renumberWidgets(db: Db, dashboardId: string, ids: string[]): Promise<void> {
  await execute(
    db,
    sql`UPDATE snapshot.widgets w SET position = o.n, updated_at = now()
        FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, n)
        WHERE w.id = o.id AND w.dashboard_id = ${dashboardId}::uuid AND w.position IS DISTINCT FROM o.n`,
  );
}

/** Takes the dashboard's widgets off it (before the dashboard is deleted), places and all. */
export async function unassignWidgetsOf(db: Db, dashboardId: string): Promise<void> {
  await db.widget.updateMany({ where: { dashboardId }, data: { dashboardId: null, position: null, updatedAt: new Date() } });
}
