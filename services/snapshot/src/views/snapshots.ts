import { view } from '@finance/platform';
import { z } from 'zod';

/** A data point as stored: `value` always, `label` and `unit` when sent, and any other keys exactly as sent. */
export const dataPointView = z.looseObject({ value: z.number(), label: z.string().optional(), unit: z.string().optional() }).meta({ id: 'DataPoint' });

export const snapshotView = z
  .strictObject({
    id: view.id,
    widget_id: view.id,
    data: dataPointView,
    created_at: view.timestamp,
  })
  .meta({ id: 'Snapshot' });
export type SnapshotView = z.output<typeof snapshotView>;

/** POST /widgets/<id>/snapshots/batch: the stored snapshots, in the order sent. */
export const snapshotBatchView = z.array(snapshotView).meta({ id: 'SnapshotBatch' });
