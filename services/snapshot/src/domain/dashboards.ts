import { NotFoundError, withTransaction, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import * as dashboards from '../data-access/dashboards.repo';
import { findWidgetsOfDashboard, unassignWidgetsOf } from '../data-access/widgets.repo';
import type { DashboardWithWidgetsView } from '../views/dashboards';
import type { Db } from '../data-access/db';

export async function getDashboard(db: Db, orgId: string, id: string): Promise<DashboardWithWidgetsView> {
  const dashboard = await dashboards.findDashboard(db, orgId, id);
  if (!dashboard) throw new NotFoundError(`dashboard ${id} not found`);
  return { ...dashboard, widgets: await findWidgetsOfDashboard(db, orgId, id) };
}

export async function createDashboard(db: Db, orgId: string, input: dashboards.DashboardFields): Promise<DashboardWithWidgetsView> {
  const id = uuidv7();
  await dashboards.insertDashboard(db, orgId, id, input);
  return getDashboard(db, orgId, id);
}

export async function editDashboard(db: Db, orgId: string, id: string, patch: Partial<dashboards.DashboardFields>): Promise<DashboardWithWidgetsView> {
  if (!(await dashboards.updateDashboard(db, orgId, id, patch))) throw new NotFoundError(`dashboard ${id} not found`);
  return getDashboard(db, orgId, id);
}

/**
 * Its widgets stay, unassigned (dashboard_id and position become null). They are taken off first, under the
 * dashboard's lock: the foreign key's ON DELETE SET NULL would clear the dashboard and leave the place.
 */
export async function removeDashboard(db: Db, orgId: string, id: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    if (!(await dashboards.lockDashboards(tx, orgId, [id])).length) throw new NotFoundError(`dashboard ${id} not found`);
    await unassignWidgetsOf(tx, id);
    await dashboards.deleteDashboard(tx, orgId, id);
  });
}

export async function listDashboards(db: Db, orgId: string, list: ListQuery) {
  return dashboards.findDashboardPage(db, orgId, list);
}
