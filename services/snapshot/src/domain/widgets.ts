import { NotFoundError, withTransaction, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import { dashboardExists } from '../data-access/dashboards.repo';
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

/** A body reference to another organization's dashboard is as unknown as a missing one. */
async function assertDashboard(db: Db, orgId: string, dashboardId: string | null | undefined): Promise<void> {
  if (dashboardId && !(await dashboardExists(db, orgId, dashboardId))) {
    throw new NotFoundError(`dashboard_id: dashboard ${dashboardId} not found`);
  }
}

export async function getWidget(db: Db, orgId: string, id: string): Promise<WidgetView> {
  const widget = await widgets.findWidget(db, orgId, id);
  if (!widget) throw new NotFoundError(`widget ${id} not found`);
  return widget;
}

export async function createWidget(db: Db, orgId: string, input: WidgetInput): Promise<WidgetView> {
  return withTransaction(db, async (tx) => {
    await assertDashboard(tx, orgId, input.dashboard_id);
    const id = uuidv7();
    await widgets.insertWidget(tx, orgId, id, {
      name: input.name,
      type: input.type,
      description: input.description,
      dashboardId: input.dashboard_id,
    });
    await widgets.replaceWidgetTags(tx, id, await ensureTags(tx, orgId, input.tags));
    return getWidget(tx, orgId, id);
  });
}

/** Sends only what changes; `tags` replaces the whole set, `dashboard_id: null` unassigns. */
export async function editWidget(db: Db, orgId: string, id: string, patch: Partial<WidgetInput>): Promise<WidgetView> {
  return withTransaction(db, async (tx) => {
    await assertDashboard(tx, orgId, patch.dashboard_id);
    const found = await widgets.updateWidget(tx, orgId, id, {
      name: patch.name,
      type: patch.type,
      description: patch.description,
      dashboardId: patch.dashboard_id,
    });
    if (!found) throw new NotFoundError(`widget ${id} not found`);
    if (patch.tags) await widgets.replaceWidgetTags(tx, id, await ensureTags(tx, orgId, patch.tags));
    return getWidget(tx, orgId, id);
  });
}

/** Deletes the widget and its snapshot history. */
export async function removeWidget(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await widgets.deleteWidget(db, orgId, id))) throw new NotFoundError(`widget ${id} not found`);
}

export async function listWidgets(db: Db, orgId: string, list: ListQuery, filters: widgets.WidgetFilters) {
  return widgets.findWidgetPage(db, orgId, list, filters);
}
