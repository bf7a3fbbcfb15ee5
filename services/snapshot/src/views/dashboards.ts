import { view } from '@finance/platform';
import { z } from 'zod';
import { widgetView } from './widgets';

/** A dashboard as lists show it. */
export const dashboardView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    description: z.string().nullable(),
    widget_count: view.count,
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'Dashboard' });
export type DashboardView = z.output<typeof dashboardView>;

/** One dashboard with its widgets, oldest first: what GET, POST and PATCH of one dashboard answer. */
export const dashboardWithWidgetsView = dashboardView.extend({ widgets: z.array(widgetView) }).meta({ id: 'DashboardWithWidgets' });
export type DashboardWithWidgetsView = z.output<typeof dashboardWithWidgetsView>;
