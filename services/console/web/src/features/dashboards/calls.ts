/** The Dashboards page's calls to the snapshot service. */
import type { SnapshotPaths, SnapshotSchemas } from '@finance/client';
import { answer, type JsonBody } from '../../shared/http';
import { snapshot } from '../../shared/services';

export type Dashboard = SnapshotSchemas['Dashboard'];
export type Widget = SnapshotSchemas['Widget'];

export const loadDashboards = async () => (await answer(snapshot.GET('/dashboards', { params: { query: { limit: 500, sort_order: 'ASC' } } }))).data;
export const createDashboard = async (name: string) => (await answer(snapshot.POST('/dashboards', { body: { name } }))).data;
export const editDashboard = (id: string, change: JsonBody<SnapshotPaths, '/api/v1/dashboards/{dashboard_id}', 'patch'>) =>
  answer(snapshot.PATCH('/dashboards/{dashboard_id}', { params: { path: { dashboard_id: id } }, body: change }));
export const deleteDashboard = (id: string) => answer(snapshot.DELETE('/dashboards/{dashboard_id}', { params: { path: { dashboard_id: id } } }));

/** A dashboard's widgets in their places; without one, every widget of the organization, oldest first. */
export const loadWidgets = async (dashboardId: string | undefined) =>
  (
    await answer(
      snapshot.GET('/widgets', {
        params: { query: { dashboard_id: dashboardId, limit: 500, sort_by: dashboardId ? 'position' : 'created_at', sort_order: 'ASC' } },
      }),
    )
  ).data;
/**
 * The whole order is sent: the service refuses it if the dashboard changed since the list was read (the page
 * reloads either way, to show what is stored).
 */
export const orderWidgets = (dashboardId: string, widgets: string[]) =>
  answer(snapshot.POST('/dashboards/{dashboard_id}/widgets/order', { params: { path: { dashboard_id: dashboardId } }, body: { widgets } }));
export const createWidget = (widget: JsonBody<SnapshotPaths, '/api/v1/widgets', 'post'>) => answer(snapshot.POST('/widgets', { body: widget }));
export const renameWidget = (id: string, name: string) =>
  answer(snapshot.PATCH('/widgets/{widget_id}', { params: { path: { widget_id: id } }, body: { name } }));
export const deleteWidget = (id: string) => answer(snapshot.DELETE('/widgets/{widget_id}', { params: { path: { widget_id: id } } }));

/** Up to 500 of a widget's snapshots since `from` (all of them without), oldest first, for its chart. */
export const loadSnapshots = async (widgetId: string, from: string | undefined) =>
  (
    await answer(
      snapshot.GET('/widgets/{widget_id}/snapshots', {
        params: { path: { widget_id: widgetId }, query: { limit: 500, sort_order: 'DESC', created_at_from: from } },
      }),
    )
  ).data
    .slice()
    .reverse();
