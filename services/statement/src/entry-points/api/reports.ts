import { defineRoute, ok, q } from '@finance/platform';
import type { Db } from '../../domain/db';
import { z } from 'zod';
import * as reports from '../../domain/reports';
import { categoriesReportView, flowReportView, GROUP_BY, GROUP_BY_FIELDS, groupedReportView } from '../../views/reports';
import type { TransactionType } from '../../views/transactions';
import { AMOUNT_OUT_OF_RANGE, currencyCode, QUERY_TIMEOUT, requiredDate, transactionTypeInput, type QueryLimits } from './inputs';

const accountIds = z.string().transform((v, ctx) => {
  const ids = v.split(',').map((s) => s.trim());
  if (ids.some((id) => !z.uuid().safeParse(id).success)) {
    ctx.addIssue({ code: 'custom', message: 'must be comma-separated account ids (uuids)' });
    return z.NEVER;
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
});

// A report's currency is required when the rows in scope are in more than one (domain/reports oneCurrency).
const dateWindow = { date_from: requiredDate, date_to: requiredDate, accounts: accountIds.optional(), currency: currencyCode.optional() };

function windowInOrder(p: { date_from: string; date_to: string }, ctx: z.RefinementCtx): void {
  if (p.date_from > p.date_to) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'must not be later than date_to' });
}

/** entity and category: partial match, or empty for null/blank. */
const reportFilters = { particulars: q.string().optional(), entity: z.string().optional(), category: z.string().optional() };

export const groupedReportQuery = z
  .object({
    ...dateWindow,
    ...reportFilters,
    group_by: z.enum(GROUP_BY, { error: `must be one of ${GROUP_BY.join(', ')}` }).default('month'),
    group_by_field: z.enum(GROUP_BY_FIELDS, { error: 'must be category or entity' }).default('category'),
  })
  .superRefine(windowInOrder);

export const flowReportQuery = z.object({ ...dateWindow, ...reportFilters }).superRefine(windowInOrder);

export const categoriesQuery = z.object({ ...dateWindow, type: transactionTypeInput.optional() }).superRefine(windowInOrder);

const REPORT_REFUSED = `${QUERY_TIMEOUT}; ${AMOUNT_OUT_OF_RANGE}`;

export function reportRoutes(db: Db, limits: QueryLimits) {
  const groupedReport = (type: TransactionType) =>
    defineRoute({
      method: 'get',
      path: `/reports/${type}`,
      permission: 'reports:read',
      summary: `The ${type} report: totals per category or entity and per period`,
      query: groupedReportQuery,
      response: groupedReportView,
      errors: { 422: REPORT_REFUSED },
      handler: async ({ auth, query }) => ok(await reports.groupedReport(db, limits, auth.org.id, type, query)),
    });

  return [
    groupedReport('income'),
    groupedReport('expense'),
    groupedReport('liability'),
    defineRoute({
      method: 'get',
      path: '/reports/inflow_outflow',
      permission: 'reports:read',
      summary: 'Every non-transfer row of a window, oldest first, with its account',
      query: flowReportQuery,
      response: flowReportView,
      errors: { 422: `REPORT_TOO_LARGE: more than ${reports.MAX_FLOW_ROWS} rows match, narrow the window; ${REPORT_REFUSED}` },
      handler: async ({ auth, query }) => ok(await reports.inflowOutflowReport(db, limits, auth.org.id, query)),
    }),
    defineRoute({
      method: 'get',
      path: '/categories',
      permission: 'reports:read',
      summary: 'Totals per category and type',
      query: categoriesQuery,
      response: categoriesReportView,
      errors: { 422: REPORT_REFUSED },
      handler: async ({ auth, query }) => ok(await reports.categoriesReport(db, limits, auth.org.id, query)),
    }),
  ];
}
