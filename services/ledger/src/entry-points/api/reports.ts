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
      summary:
        'Every reported account with posted entries up to as_of, its net in the debit or credit column; compare=previous_period (a month earlier) or previous_year adds the columns as of that date',
      query: s.trialBalanceQuery,
      response: trialBalanceView,
      errors: OUT_OF_RANGE,
      handler: async ({ auth, query }) => ok(await reports.trialBalance(db, auth.org.id, query.as_of, query.compare)),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/balance_sheet',
      permission: 'reports:read',
      summary:
        'Assets, liabilities and equity as of a date, with retained earnings (before the fiscal year containing the date) and current earnings (since its start); groups roll up their descendants',
      query: s.asOfQuery,
      response: balanceSheetView,
      errors: OUT_OF_RANGE,
      handler: async ({ auth, query }) => ok(await reports.balanceSheet(db, auth.org.id, query.as_of)),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/income_statement',
      permission: 'reports:read',
      summary:
        'Income and expenses over posted entries dated within the period (date_from/date_to, or fiscal_year); compare=previous_period or previous_year adds that period beside every figure',
      query: s.periodQuery,
      response: incomeStatementView,
      errors: OUT_OF_RANGE,
      handler: async ({ auth, query }) => ok(await reports.incomeStatement(db, auth.org.id, query)),
    }),
  ];
}
