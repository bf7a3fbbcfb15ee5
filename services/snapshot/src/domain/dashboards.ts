import { NotFoundError, type ListQuery } from '@finance/platform';
import { v7 as uuidv7 } from 'uuid';
import * as dashboards from '../data-access/dashboards.repo';
import { findWidgetsOfDashboard } from '../data-access/widgets.repo';
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

/** Its widgets stay, unassigned (dashboard_id becomes null). */
export async function removeDashboard(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await dashboards.deleteDashboard(db, orgId, id))) throw new NotFoundError(`dashboard ${id} not found`);
}

export async function listDashboards(db: Db, orgId: string, list: ListQuery) {
  return dashboards.findDashboardPage(db, orgId, list);
}
