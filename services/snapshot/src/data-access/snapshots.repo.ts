import {
  inTransaction,
  limitOffset,
  listPage,
  orderBy,
  prepared,
  query,
  queryOne,
  rangeConditions,
  sql,
  whereAll,
  withTransaction,
  type KeyInStatement,
  type ListQuery,
  type Sql,
} from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import type { SnapshotView } from '../views/snapshots';
import type { Db, SnapshotClient } from './db';

/** A snapshot as the raw statements below return it (json arrives parsed, timestamptz as a Date). */
interface SnapshotRow {
  id: string;
  widget_id: string;
  data: SnapshotView['data'];
  created_at: Date;
}

const toView = (r: SnapshotRow): SnapshotView => ({ id: r.id, widget_id: r.widget_id, data: r.data, created_at: r.created_at.toISOString() });

/**
 * Points per insert statement. A statement's points are written as JSON, and Prisma writes and reads its
 * parameters as JSON again, all in one event-loop turn: 500 points of 2 kB in one statement held the loop for
 * three passes over a megabyte (issue 32). In statements of 100, each turn does a fifth of that.
 */
export const SNAPSHOT_INSERT_CHUNK = 100;

/**
 * Stores data points on a widget of the organization, the widget check and the insert in one statement per
 * SNAPSHOT_INSERT_CHUNK points; a batch of more is one transaction (the caller's, or its own), so it is all or
 * nothing. Returns null when the widget is not the organization's. Ids are UUIDv7, so within a batch they sort in
 * the order sent. This is the service's hot path: a push is one statement (atomic on its own, no transaction).
 * Raw SQL through the client: model methods would cost a findFirst and a createManyAndReturn (two round trips,
 * and a transaction to make them one).
 */
export async function insertSnapshots(db: Db, orgId: string, widgetId: string, points: Record<string, unknown>[]): Promise<SnapshotView[] | null> {
  if (points.length > SNAPSHOT_INSERT_CHUNK && !inTransaction(db as SnapshotClient)) {
    return withTransaction(db as SnapshotClient, (tx) => insertSnapshots(tx, orgId, widgetId, points));
  }
  const ids = points.map(() => uuidv7());
  const views: SnapshotView[] = [];
  for (let from = 0; from < points.length; from += SNAPSHOT_INSERT_CHUNK) {
    const chunkIds = ids.slice(from, from + SNAPSHOT_INSERT_CHUNK);
    const rows = await query<SnapshotRow>(
      db,
      sql`
      INSERT INTO snapshot.snapshots (id, org_id, widget_id, data)
      SELECT (${chunkIds}::uuid[])[p.ord], w.org_id, w.id, p.data
      FROM snapshot.widgets w, json_array_elements(${JSON.stringify(points.slice(from, from + SNAPSHOT_INSERT_CHUNK))}::json) WITH ORDINALITY AS p(data, ord)
      WHERE w.id = ${widgetId}::uuid AND w.org_id = ${orgId}::uuid
      RETURNING id, widget_id, data, created_at`,
    );
    if (rows.length === 0) return null;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of chunkIds) views.push(toView(byId.get(id) as SnapshotRow));
  }
  return views;
}

/**
 * One point: the widget check and the insert in one statement, the point as one json parameter (no array of one
 * to unpack). The push's hot path: prepared once per connection (its plan, a primary-key probe of the widget, does
 * not depend on the values), so each push is only bound and run. Returns null when the widget is not the
 * organization's.
 */
export async function insertSnapshot(db: Db, orgId: string, widgetId: string, point: Record<string, unknown>): Promise<SnapshotView | null> {
  const row = await queryOne<SnapshotRow>(
    db,
    prepared(sql`
      INSERT INTO snapshot.snapshots (id, org_id, widget_id, data)
      SELECT ${uuidv7()}::uuid, w.org_id, w.id, ${JSON.stringify(point)}::json
      FROM snapshot.widgets w
      WHERE w.id = ${widgetId}::uuid AND w.org_id = ${orgId}::uuid
      RETURNING id, widget_id, data, created_at`),
  );
  return row ? toView(row) : null;
}

/**
 * One point and its Idempotency-Key in one statement (the platform's KeyInStatement), so a keyed push costs one
 * round trip like an unkeyed one, where the key's transaction took five (BEGIN, the key's lock and read, the
 * insert, the key's row, COMMIT; BENCHMARKS.md, issue 34). The point is stored only while the statement holds the
 * key's lock; the key's row is stored with the reply from the inserted row, so both commit together or not at
 * all. Returns null when the widget is not the organization's (nothing stored, nothing kept); whatever the
 * statement cannot settle (the key held elsewhere, its row already there) the platform runs again in a transaction.
 */
export async function insertSnapshotKeyed(
  db: Db,
  orgId: string,
  widgetId: string,
  point: Record<string, unknown>,
  key: KeyInStatement,
): Promise<SnapshotView | null> {
  const id = uuidv7();
  const text = JSON.stringify(point);
  // The reply as the unkeyed path builds it from the row: the id and widget id as Postgres prints a uuid (lower case).
  const data = { id, widget_id: widgetId.toLowerCase(), data: point };
  // Prepared too: only the values change from one keyed push to the next.
  const rows = await query<Partial<SnapshotRow> & { key_held: boolean; key_kept: boolean }>(
    db,
    prepared(sql`
    WITH ${key.lease},
    ins AS (
      INSERT INTO snapshot.snapshots (id, org_id, widget_id, data)
      SELECT ${id}::uuid, w.org_id, w.id, ${text}::json
      FROM snapshot.widgets w
      WHERE w.id = ${widgetId}::uuid AND w.org_id = ${orgId}::uuid AND ${key.held}
      RETURNING id, widget_id, data, created_at
    ), ${key.keep({ status: 201, data, instants: { created_at: sql`ins.created_at` }, from: sql`ins` })}
    SELECT ins.id, ins.widget_id, ins.data, ins.created_at, ${key.columns}
    FROM (SELECT 1) AS one LEFT JOIN ins ON true`),
  );
  const [row] = rows;
  if (row) key.settle(row);
  return row?.id ? toView(row as SnapshotRow) : null;
}

const COLUMNS = { created_at: 's.created_at' };

/** Raw SQL: the list's ranges and sort are built from the ListQuery (listPage runs the page and its count). */
export async function findSnapshotPage(db: Db, widgetId: string, list: ListQuery): Promise<{ rows: SnapshotView[]; total: number }> {
  const where: Sql[] = [sql`s.widget_id = ${widgetId}::uuid`, ...rangeConditions(list.ranges, COLUMNS)];
  const { rows, total } = await listPage<SnapshotRow>(db, {
    rows: sql`
      SELECT s.id, s.widget_id, s.data, s.created_at FROM snapshot.snapshots s
      ${whereAll(where)} ${orderBy(list.sort, COLUMNS, 's.id')} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM snapshot.snapshots s ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}
