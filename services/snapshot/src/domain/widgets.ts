import { NotFoundError, ValidationError, withTransaction, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import { lockDashboards } from '../data-access/dashboards.repo';
import { ensureTags } from '../data-access/tags.repo';
import * as widgets from '../data-access/widgets.repo';
import type { WidgetView } from '../views/widgets';
import type { Db } from '../data-access/db';

export interface WidgetInput {
  name: string;
  type: string;
  description: string | null;
  dashboard_id: string | null;
  tags: string[];
}

/**
 * Locks the dashboard a widget goes to (a body reference to another organization's dashboard is as unknown as a
 * missing one) and returns the place after its last widget. The lock is held until the transaction ends, so two
 * widgets added at once never share a place, and a renumbering never misses one.
 */
async function placeOn(tx: Db, orgId: string, dashboardId: string, alsoLock: string | null = null): Promise<number> {
  const locked = await lockDashboards(tx, orgId, alsoLock ? [dashboardId, alsoLock] : [dashboardId]);
  if (!locked.includes(dashboardId)) throw new NotFoundError(`dashboard_id: dashboard ${dashboardId} not found`);
  return widgets.nextPosition(tx, dashboardId);
}

export async function getWidget(db: Db, orgId: string, id: string): Promise<WidgetView> {
  const widget = await widgets.findWidget(db, orgId, id);
  if (!widget) throw new NotFoundError(`widget ${id} not found`);
  return widget;
}

/** A widget added to a dashboard goes after its last widget. */
export async function createWidget(db: Db, orgId: string, input: WidgetInput): Promise<WidgetView> {
  return withTransaction(db, async (tx) => {
    const position = input.dashboard_id ? await placeOn(tx, orgId, input.dashboard_id) : null;
    const id = uuidv7();
    await widgets.insertWidget(tx, orgId, id, {
      name: input.name,
      type: input.type,
      description: input.description,
      dashboardId: input.dashboard_id,
      position,
    });
    await widgets.replaceWidgetTags(tx, id, await ensureTags(tx, orgId, input.tags));
    return getWidget(tx, orgId, id);
  });
}

/**
 * Sends only what changes; `tags` replaces the whole set, `dashboard_id: null` unassigns. A widget moved to
 * another dashboard goes after its last widget; one sent to the dashboard it is on keeps its place.
 */
export async function editWidget(db: Db, orgId: string, id: string, patch: Partial<WidgetInput>): Promise<WidgetView> {
  return withTransaction(db, async (tx) => {
    let position: number | null | undefined;
    if (patch.dashboard_id !== undefined) {
      const current = await widgets.findWidgetDashboard(tx, orgId, id);
      if (!current) throw new NotFoundError(`widget ${id} not found`);
      if (current.dashboardId !== patch.dashboard_id) {
        // The dashboard it leaves is locked too: a renumbering of it in flight then sees the widget either on it
        // or gone, never half moved.
        if (patch.dashboard_id) position = await placeOn(tx, orgId, patch.dashboard_id, current.dashboardId);
        else {
          if (current.dashboardId) await lockDashboards(tx, orgId, [current.dashboardId]);
          position = null;
        }
      }
    }
    const found = await widgets.updateWidget(tx, orgId, id, {
      name: patch.name,
      type: patch.type,
      description: patch.description,
      dashboardId: position === undefined ? undefined : patch.dashboard_id,
      position,
    });
    if (!found) throw new NotFoundError(`widget ${id} not found`);
    if (patch.tags) await widgets.replaceWidgetTags(tx, id, await ensureTags(tx, orgId, patch.tags));
    return getWidget(tx, orgId, id);
  });
}

/**
 * Puts the dashboard's widgets in the order given: `ids` must name every widget on the dashboard, each once, and
 * no other, so a client working from a stale list (a widget added or moved away since it read it) is refused
 * rather than leaving the dashboard in an order nobody chose. All are renumbered 1, 2, 3, ... in one statement,
 * under the dashboard's lock, so concurrent reorders apply one after the other, each whole.
 */
export async function reorderWidgets(db: Db, orgId: string, dashboardId: string, ids: string[]): Promise<WidgetView[]> {
  return withTransaction(db, async (tx) => {
    if (!(await lockDashboards(tx, orgId, [dashboardId])).length) throw new NotFoundError(`dashboard ${dashboardId} not found`);
    const onDashboard = await widgets.widgetIdsOfDashboard(tx, dashboardId);
    const on = new Set(onDashboard);
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw ValidationError.field('widgets', `widget ${id} is named more than once`);
      seen.add(id);
    }
    const strangers = ids.filter((id) => !on.has(id));
    if (strangers.length) throw ValidationError.field('widgets', `not on this dashboard: ${strangers.join(', ')}`);
    const missing = onDashboard.filter((id) => !seen.has(id));
    if (missing.length) throw ValidationError.field('widgets', `name every widget of the dashboard; missing: ${missing.join(', ')}`);
    await widgets.renumberWidgets(tx, dashboardId, ids);
    return widgets.findWidgetsOfDashboard(tx, orgId, dashboardId);
  });
}

/** Deletes the widget and its snapshot history; the places after it keep their order (a gap is harmless). */
export async function removeWidget(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await widgets.deleteWidget(db, orgId, id))) throw new NotFoundError(`widget ${id} not found`);
}

export async function listWidgets(db: Db, orgId: string, list: ListQuery, filters: widgets.WidgetFilters) {
  return widgets.findWidgetPage(db, orgId, list, filters);
}
