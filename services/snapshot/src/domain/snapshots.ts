import { NotFoundError, type KeyInStatement, type ListQuery } from '@finance/platform';
import { findSnapshotPage, insertSnapshot, insertSnapshotKeyed, insertSnapshots } from '../data-access/snapshots.repo';
import { findWidget } from '../data-access/widgets.repo';
import type { SnapshotView } from '../views/snapshots';
import type { Db } from '../data-access/db';

/** A data point: `value` is a finite number, `label` and `unit` optional strings, other keys kept as sent. */
export type DataPoint = { value: number; label?: string; unit?: string } & Record<string, unknown>;

/** With `key` (an Idempotency-Key, first time round) the key is stored in the push's own statement. */
export async function pushSnapshot(db: Db, orgId: string, widgetId: string, point: DataPoint, key?: KeyInStatement): Promise<SnapshotView> {
  const stored = key ? await insertSnapshotKeyed(db, orgId, widgetId, point, key) : await insertSnapshot(db, orgId, widgetId, point);
  if (!stored) throw new NotFoundError(`widget ${widgetId} not found`);
  return stored;
}

/** All points are stored, in the order sent, or none are. */
export async function pushSnapshotBatch(db: Db, orgId: string, widgetId: string, points: DataPoint[]): Promise<SnapshotView[]> {
  const stored = await insertSnapshots(db, orgId, widgetId, points);
  if (!stored) throw new NotFoundError(`widget ${widgetId} not found`);
  return stored;
}

export async function snapshotHistory(db: Db, orgId: string, widgetId: string, list: ListQuery) {
  if (!(await findWidget(db, orgId, widgetId))) throw new NotFoundError(`widget ${widgetId} not found`);
  return findSnapshotPage(db, widgetId, list);
}
