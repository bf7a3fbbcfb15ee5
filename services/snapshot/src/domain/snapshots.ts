import { NotFoundError, type ListQuery, type Queryable } from '@finance/platform';
import type { Db } from '../data-access/db';
import { findSnapshotPage, insertSnapshots } from '../data-access/snapshots.repo';
import type { SnapshotView } from '../data-access/views';
import { findWidget } from '../data-access/widgets.repo';

/** A data point: `value` is a finite number, `label` and `unit` optional strings, other keys kept as sent. */
export type DataPoint = { value: number; label?: string; unit?: string } & Record<string, unknown>;

export async function pushSnapshot(pg: Queryable, orgId: string, widgetId: string, point: DataPoint): Promise<SnapshotView> {
  const [stored] = (await insertSnapshots(pg, orgId, widgetId, [point])) ?? [];
  if (!stored) throw new NotFoundError(`widget ${widgetId} not found`);
  return stored;
}

/** All points are stored, in the order sent, or none are. */
export async function pushSnapshotBatch(pg: Queryable, orgId: string, widgetId: string, points: DataPoint[]): Promise<SnapshotView[]> {
  const stored = await insertSnapshots(pg, orgId, widgetId, points);
  if (!stored) throw new NotFoundError(`widget ${widgetId} not found`);
  return stored;
}

export async function snapshotHistory(db: Db, orgId: string, widgetId: string, list: ListQuery) {
  if (!(await findWidget(db, orgId, widgetId))) throw new NotFoundError(`widget ${widgetId} not found`);
  return findSnapshotPage(db, widgetId, list);
}
