import { view } from '@finance/platform';
import { z } from 'zod';
import { dataPointView } from './snapshots';

/** A widget's newest snapshot, without the widget id it sits under. */
export const latestSnapshotView = z.strictObject({ id: view.id, data: dataPointView, created_at: view.timestamp }).meta({ id: 'LatestSnapshot' });

export const widgetView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    type: z.string(),
    description: z.string().nullable(),
    dashboard_id: view.id.nullable(),
    /** Its place on its dashboard, from 1 (the first shown); null when it is on no dashboard. */
    position: z.number().int().min(1).nullable(),
    /** Tag names, sorted. */
    tags: z.array(z.string()),
    latest_snapshot: latestSnapshotView.nullable(),
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'Widget' });
export type WidgetView = z.output<typeof widgetView>;

/** POST /dashboards/<id>/widgets/order: the dashboard's widgets in their new order. */
export const widgetOrderView = z.array(widgetView).meta({ id: 'WidgetOrder' });
