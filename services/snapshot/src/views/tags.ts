import { view } from '@finance/platform';
import { z } from 'zod';

export const tagView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    widget_count: view.count,
    created_at: view.timestamp,
  })
  .meta({ id: 'Tag' });
export type TagView = z.output<typeof tagView>;
