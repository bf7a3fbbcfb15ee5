import { q } from '@finance/platform';
import { z } from 'zod';

const name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const description = z.string().max(2000, 'must be at most 2000 characters').nullable();
const tagName = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');
const tagList = z
  .array(tagName, { error: 'must be an array of tag names' })
  .max(50, 'at most 50 tags')
  .transform((names) => [...new Set(names)]);

export const widgetCreateBody = z.strictObject({
  name,
  type: z.string().trim().min(1).max(50).default('number'),
  description: description.default(null),
  dashboard_id: z.uuid('must be a dashboard id').nullable().default(null),
  tags: tagList.default([]),
});

export const widgetEditBody = z
  .strictObject({
    name: name.optional(),
    type: z.string().trim().min(1).max(50).optional(),
    description: description.optional(),
    dashboard_id: z.uuid('must be a dashboard id').nullable().optional(),
    tags: tagList.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'send at least one field to change');

/** `data.value` is required and finite; `label` and `unit` are optional strings; other keys kept as sent. */
export const dataPoint = z.looseObject(
  {
    value: z.number({ error: 'must be a finite number' }),
    label: z.string({ error: 'must be a string' }).optional(),
    unit: z.string({ error: 'must be a string' }).optional(),
  },
  { error: 'must be an object' },
);

export const snapshotPushBody = z.strictObject({ data: dataPoint });

export const snapshotBatchBody = z.strictObject({
  data: z.array(dataPoint, { error: 'must be an array of data points' }).min(1, 'send at least one data point').max(500, 'at most 500 data points per batch'),
});

export const dashboardCreateBody = z.strictObject({ name, description: description.default(null) });
export const dashboardEditBody = z
  .strictObject({ name: name.optional(), description: description.optional() })
  .refine((b) => Object.keys(b).length > 0, 'send at least one field to change');

/** Every widget of the dashboard, each once, in the new order (the first is shown first). */
export const widgetOrderBody = z.strictObject({
  widgets: z.array(z.uuid('must be a widget id'), { error: 'must be an array of widget ids' }).max(1000, 'at most 1000 widgets'),
});

export const tagBody = z.strictObject({ name: tagName });

export const widgetFilters = { dashboard_id: q.uuid(), type: q.string(), tag: q.string() };
