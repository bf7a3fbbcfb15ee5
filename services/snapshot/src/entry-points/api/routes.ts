import { created, defineRoute, idParam, listReply, noContent, ok } from '@finance/platform';
import type { Queryable } from '@finance/platform';
import type { SnapshotDb } from '../../data-access/db';
import * as dashboards from '../../domain/dashboards';
import * as snapshots from '../../domain/snapshots';
import * as tags from '../../domain/tags';
import * as widgets from '../../domain/widgets';
import * as s from './schemas';

const widgetFields = ['id', 'name', 'type', 'description', 'dashboard_id', 'tags', 'latest_snapshot', 'created_at', 'updated_at'] as const;
const timestamps = { created_at: 'timestamp', updated_at: 'timestamp' } as const;

/** Every route of the snapshot service, declared as data; the platform's app does the rest. */
export function snapshotRoutes(db: SnapshotDb, pg: Queryable) {
  return [
    // Snapshots
    defineRoute({
      method: 'post',
      path: '/widgets/:widget_id/snapshots',
      permission: 'snapshot:create',
      summary: 'Push a data point to a widget',
      idempotent: true,
      params: idParam('widget_id'),
      body: s.snapshotPushBody,
      handler: async ({ auth, params, body }) => created(await snapshots.pushSnapshot(pg, auth.org.id, params.widget_id, body.data)),
    }),
    defineRoute({
      method: 'post',
      path: '/widgets/:widget_id/snapshots/batch',
      permission: 'snapshot:create',
      summary: 'Push up to 500 data points to a widget, all or nothing',
      idempotent: true,
      params: idParam('widget_id'),
      body: s.snapshotBatchBody,
      handler: async ({ auth, params, body }) => created(await snapshots.pushSnapshotBatch(pg, auth.org.id, params.widget_id, body.data)),
    }),
    defineRoute({
      method: 'get',
      path: '/widgets/:widget_id/snapshots',
      permission: 'snapshot:read',
      summary: "A widget's snapshot history, newest first",
      params: idParam('widget_id'),
      list: { fields: ['id', 'widget_id', 'data', 'created_at'], ranges: { created_at: 'timestamp' }, sort: { columns: ['created_at'], default: 'created_at' } },
      handler: async ({ auth, params, list }) => {
        const { rows, total } = await snapshots.snapshotHistory(db, auth.org.id, params.widget_id, list);
        return listReply(list, rows, total);
      },
    }),

    // Widgets
    defineRoute({
      method: 'post',
      path: '/widgets',
      permission: 'widget:create',
      summary: 'Create a widget',
      body: s.widgetCreateBody,
      handler: async ({ auth, body }) => created(await widgets.createWidget(db, auth.org.id, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/widgets',
      permission: 'widget:read',
      summary: 'List widgets',
      list: { fields: widgetFields, filters: s.widgetFilters, ranges: timestamps, sort: { columns: ['created_at', 'updated_at', 'name'], default: 'created_at' } },
      handler: async ({ auth, list }) => {
        const { rows, total } = await widgets.listWidgets(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/widgets/:widget_id',
      permission: 'widget:read',
      summary: 'A widget with its tags and latest snapshot',
      params: idParam('widget_id'),
      handler: async ({ auth, params }) => ok(await widgets.getWidget(db, auth.org.id, params.widget_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/widgets/:widget_id',
      permission: 'widget:edit',
      summary: 'Edit a widget',
      params: idParam('widget_id'),
      body: s.widgetEditBody,
      handler: async ({ auth, params, body }) => ok(await widgets.editWidget(db, auth.org.id, params.widget_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/widgets/:widget_id',
      permission: 'widget:delete',
      summary: 'Delete a widget and its snapshots',
      params: idParam('widget_id'),
      handler: async ({ auth, params }) => {
        await widgets.removeWidget(db, auth.org.id, params.widget_id);
        return noContent();
      },
    }),

    // Dashboards
    defineRoute({
      method: 'post',
      path: '/dashboards',
      permission: 'dashboard:create',
      summary: 'Create a dashboard',
      body: s.dashboardCreateBody,
      handler: async ({ auth, body }) => created(await dashboards.createDashboard(db, auth.org.id, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/dashboards',
      permission: 'dashboard:read',
      summary: 'List dashboards',
      list: { fields: ['id', 'name', 'description', 'widget_count', 'created_at', 'updated_at'], ranges: timestamps, sort: { columns: ['created_at', 'updated_at', 'name'], default: 'created_at' } },
      handler: async ({ auth, list }) => {
        const { rows, total } = await dashboards.listDashboards(db, auth.org.id, list);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/dashboards/:dashboard_id',
      permission: 'dashboard:read',
      summary: 'A dashboard with its widgets',
      params: idParam('dashboard_id'),
      handler: async ({ auth, params }) => ok(await dashboards.getDashboard(db, auth.org.id, params.dashboard_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/dashboards/:dashboard_id',
      permission: 'dashboard:edit',
      summary: 'Edit a dashboard',
      params: idParam('dashboard_id'),
      body: s.dashboardEditBody,
      handler: async ({ auth, params, body }) => ok(await dashboards.editDashboard(db, auth.org.id, params.dashboard_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/dashboards/:dashboard_id',
      permission: 'dashboard:delete',
      summary: 'Delete a dashboard; its widgets stay, unassigned',
      params: idParam('dashboard_id'),
      handler: async ({ auth, params }) => {
        await dashboards.removeDashboard(db, auth.org.id, params.dashboard_id);
        return noContent();
      },
    }),

    // Tags
    defineRoute({
      method: 'post',
      path: '/tags',
      permission: 'tags:create',
      summary: 'Create a tag',
      body: s.tagBody,
      handler: async ({ auth, body }) => created(await tags.createTag(db, auth.org.id, body.name)),
    }),
    defineRoute({
      method: 'get',
      path: '/tags',
      permission: 'tags:read',
      summary: 'List tags with their widget counts',
      list: { fields: ['id', 'name', 'widget_count', 'created_at'], ranges: { created_at: 'timestamp' }, sort: { columns: ['created_at', 'name'], default: 'created_at' } },
      handler: async ({ auth, list }) => {
        const { rows, total } = await tags.listTags(db, auth.org.id, list);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tags/:tag_id',
      permission: 'tags:read',
      summary: 'One tag',
      params: idParam('tag_id'),
      handler: async ({ auth, params }) => ok(await tags.getTag(db, auth.org.id, params.tag_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/tags/:tag_id',
      permission: 'tags:edit',
      summary: 'Rename a tag',
      params: idParam('tag_id'),
      body: s.tagBody,
      handler: async ({ auth, params, body }) => ok(await tags.renameTag(db, auth.org.id, params.tag_id, body.name)),
    }),
    defineRoute({
      method: 'delete',
      path: '/tags/:tag_id',
      permission: 'tags:delete',
      summary: 'Delete a tag (it is removed from its widgets)',
      params: idParam('tag_id'),
      handler: async ({ auth, params }) => {
        await tags.removeTag(db, auth.org.id, params.tag_id);
        return noContent();
      },
    }),
  ];
}
