import { defineRoute, ok } from '@finance/platform';
import type { Db } from '../../domain/db';
import * as reports from '../../domain/reports';
import { balanceSheetView, incomeStatementView, trialBalanceView } from '../../views/reports';
import * as s from './schemas';

const OUT_OF_RANGE = { 422: 'AMOUNT_OUT_OF_RANGE: a sum exceeds the largest amount JSON carries exactly' } as const;

export function reportRoutes(db: Db) {
  return [
    defineRoute({
      method: 'get',
      path: '/reports/trial_balance',
      permission: 'reports:read',
      summary: 'Every reported account with posted entries up to as_of, its net in the debit or credit column',
      query: s.asOfQuery,
      response: trialBalanceView,
      errors: OUT_OF_RANGE,
      handler: async ({ auth, query }) => ok(await reports.trialBalance(db, auth.org.id, query.as_of)),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/balance_sheet',
      permission: 'reports:read',
      summary: 'Assets, liabilities and equity as of a date, with current earnings; groups roll up their descendants',
      query: s.asOfQuery,
      response: balanceSheetView,
      errors: OUT_OF_RANGE,
      handler: async ({ auth, query }) => ok(await reports.balanceSheet(db, auth.org.id, query.as_of)),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/income_statement',
      permission: 'reports:read',
      summary: 'Income and expenses over posted entries dated within the period',
      query: s.periodQuery,
      response: incomeStatementView,
      errors: OUT_OF_RANGE,
      handler: async ({ auth, query }) => ok(await reports.incomeStatement(db, auth.org.id, query.date_from, query.date_to)),
    }),
  ];
}
