import { created, defineRoute, fieldsOf, idParam, listReply, noContent, ok } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import * as dashboards from '../../domain/dashboards';
import * as snapshots from '../../domain/snapshots';
import * as tags from '../../domain/tags';
import * as widgets from '../../domain/widgets';
import { dashboardView, dashboardWithWidgetsView } from '../../views/dashboards';
import { snapshotBatchView, snapshotView } from '../../views/snapshots';
import { tagView } from '../../views/tags';
import { widgetOrderView, widgetView } from '../../views/widgets';
import * as s from './schemas';

const timestamps = { created_at: 'timestamp', updated_at: 'timestamp' } as const;
const TAG_EXISTS = 'TAG_EXISTS: the organization already has a tag of that name';

/** Every route of the snapshot service, declared as data; the platform's app does the rest. */
export function snapshotRoutes(db: Db) {
  return [
    // Snapshots
    defineRoute({
      method: 'post',
      path: '/widgets/:widget_id/snapshots',
      permission: 'snapshot:create',
      summary: 'Push a data point to a widget',
      idempotent: true,
      // A keyed push stores its key in the push's statement: one round trip, as without a key.
      keyInStatement: true,
      params: idParam('widget_id'),
      body: s.snapshotPushBody,
      response: snapshotView,
      errors: { 404: 'NOT_FOUND: no such widget in the organization' },
      handler: async ({ auth, params, body, db: tx, key }) => created(await snapshots.pushSnapshot(asDb(tx), auth.org.id, params.widget_id, body.data, key)),
    }),
    defineRoute({
      method: 'post',
      path: '/widgets/:widget_id/snapshots/batch',
      permission: 'snapshot:create',
      summary: 'Push up to 500 data points to a widget, all or nothing',
      idempotent: true,
      params: idParam('widget_id'),
      body: s.snapshotBatchBody,
      response: snapshotBatchView,
      errors: { 404: 'NOT_FOUND: no such widget in the organization' },
      handler: async ({ auth, params, body, db: tx }) => created(await snapshots.pushSnapshotBatch(asDb(tx), auth.org.id, params.widget_id, body.data)),
    }),
    defineRoute({
      method: 'get',
      path: '/widgets/:widget_id/snapshots',
      permission: 'snapshot:read',
      summary: "A widget's snapshot history, newest first",
      params: idParam('widget_id'),
      response: snapshotView,
      list: { fields: fieldsOf(snapshotView), ranges: { created_at: 'timestamp' }, sort: { columns: ['created_at'], default: 'created_at' } },
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
      response: widgetView,
      errors: { 404: 'NOT_FOUND: dashboard_id names no dashboard of the organization' },
      handler: async ({ auth, body }) => created(await widgets.createWidget(db, auth.org.id, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/widgets',
      permission: 'widget:read',
      summary: 'List widgets',
      response: widgetView,
      list: {
        fields: fieldsOf(widgetView),
        filters: s.widgetFilters,
        ranges: timestamps,
        sort: { columns: ['created_at', 'updated_at', 'name', 'position'], default: 'created_at' },
      },
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
      response: widgetView,
      handler: async ({ auth, params }) => ok(await widgets.getWidget(db, auth.org.id, params.widget_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/widgets/:widget_id',
      permission: 'widget:edit',
      summary: 'Edit a widget',
      params: idParam('widget_id'),
      body: s.widgetEditBody,
      response: widgetView,
      errors: { 404: 'NOT_FOUND: no such widget, or dashboard_id names no dashboard of the organization' },
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
      response: dashboardWithWidgetsView,
      handler: async ({ auth, body }) => created(await dashboards.createDashboard(db, auth.org.id, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/dashboards',
      permission: 'dashboard:read',
      summary: 'List dashboards',
      response: dashboardView,
      list: { fields: fieldsOf(dashboardView), ranges: timestamps, sort: { columns: ['created_at', 'updated_at', 'name'], default: 'created_at' } },
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
      response: dashboardWithWidgetsView,
      handler: async ({ auth, params }) => ok(await dashboards.getDashboard(db, auth.org.id, params.dashboard_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/dashboards/:dashboard_id',
      permission: 'dashboard:edit',
      summary: 'Edit a dashboard',
      params: idParam('dashboard_id'),
      body: s.dashboardEditBody,
      response: dashboardWithWidgetsView,
      handler: async ({ auth, params, body }) => ok(await dashboards.editDashboard(db, auth.org.id, params.dashboard_id, body)),
    }),
    defineRoute({
      method: 'post',
      path: '/dashboards/:dashboard_id/widgets/order',
      permission: 'dashboard:edit',
      summary: "Put a dashboard's widgets in a new order",
      params: idParam('dashboard_id'),
      body: s.widgetOrderBody,
      response: widgetOrderView,
      errors: {
        400: 'VALIDATION_ERROR: widgets names a widget not on the dashboard, one twice, or misses one; nothing changed',
        404: 'NOT_FOUND: no such dashboard in the organization',
      },
      status: 200,
      handler: async ({ auth, params, body }) => ok(await widgets.reorderWidgets(db, auth.org.id, params.dashboard_id, body.widgets)),
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
      response: tagView,
      errors: { 409: TAG_EXISTS },
      handler: async ({ auth, body }) => created(await tags.createTag(db, auth.org.id, body.name)),
    }),
    defineRoute({
      method: 'get',
      path: '/tags',
      permission: 'tags:read',
      summary: 'List tags with their widget counts',
      response: tagView,
      list: { fields: fieldsOf(tagView), ranges: { created_at: 'timestamp' }, sort: { columns: ['created_at', 'name'], default: 'created_at' } },
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
      response: tagView,
      handler: async ({ auth, params }) => ok(await tags.getTag(db, auth.org.id, params.tag_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/tags/:tag_id',
      permission: 'tags:edit',
      summary: 'Rename a tag',
      params: idParam('tag_id'),
      body: s.tagBody,
      response: tagView,
      errors: { 409: TAG_EXISTS },
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
