import { limitOffset, orderBy, queryRows, rangeConditions, sql, whereAll, type ListQuery, type Queryable, type Sql } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from './db';
import type { SnapshotView } from './views';

interface SnapshotRow {
  id: string;
  widget_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}

const toView = (r: SnapshotRow): SnapshotView => ({ id: r.id, widget_id: r.widget_id, data: r.data, created_at: r.created_at.toISOString() });

/**
 * Stores data points on a widget of the organization in one statement: the widget check and the insert are
 * one round trip, and a batch is all or nothing. Returns null when the widget is not the organization's.
 * Ids are UUIDv7, so within a batch they sort in the order sent. This is the service's hot path, so it runs
 * straight through pg (see queryRows); one statement is atomic on its own.
 */
export async function insertSnapshots(pg: Queryable, orgId: string, widgetId: string, points: Record<string, unknown>[]): Promise<SnapshotView[] | null> {
  const ids = points.map(() => uuidv7());
  const rows = await queryRows<SnapshotRow>(pg, sql`
    INSERT INTO snapshot.snapshots (id, org_id, widget_id, data)
    SELECT (${ids}::uuid[])[p.ord], w.org_id, w.id, p.data
    FROM snapshot.widgets w, json_array_elements(${JSON.stringify(points)}::json) WITH ORDINALITY AS p(data, ord)
    WHERE w.id = ${widgetId}::uuid AND w.org_id = ${orgId}::uuid
    RETURNING id, widget_id, data, created_at`);
  if (rows.length === 0) return null;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => toView(byId.get(id) as SnapshotRow));
}

const COLUMNS = { created_at: 's.created_at' };

export async function findSnapshotPage(db: Db, widgetId: string, list: ListQuery): Promise<{ rows: SnapshotView[]; total: number }> {
  const where: Sql[] = [sql`s.widget_id = ${widgetId}::uuid`, ...rangeConditions(list.ranges, COLUMNS)];
  const [rows, count] = await Promise.all([
    db.$queryRaw<SnapshotRow[]>(sql`
      SELECT s.id, s.widget_id, s.data, s.created_at FROM snapshot.snapshots s
      ${whereAll(where)} ${orderBy(list.sort, COLUMNS, 's.id')} ${limitOffset(list)}`),
    db.$queryRaw<{ total: bigint }[]>(sql`SELECT count(*) AS total FROM snapshot.snapshots s ${whereAll(where)}`),
  ]);
  return { rows: rows.map(toView), total: Number(count[0]?.total ?? 0) };
}
