import { BusinessRuleError, ValidationError } from '@finance/platform';
import type { Db } from '../data-access/db';
import { findActiveAccountRefs } from '../data-access/accounts.repo';
import { withStatementTimeout, type QueryLimits } from '../data-access/budget';
import * as reports from '../data-access/reports.repo';
import type { GroupBy, GroupByField, GroupedReportView } from '../views/reports';
import type { TransactionType } from '../views/transactions';
import { milliToBase } from '../views/money';

export interface ReportParams {
  date_from: string;
  date_to: string;
  accounts?: string[];
  particulars?: string;
  entity?: string;
  category?: string;
  /** Only rows of accounts in this currency; required when the rows in scope span more than one. */
  currency?: string;
}

export interface GroupedReportParams extends ReportParams {
  group_by: GroupBy;
  group_by_field: GroupByField;
}

const filterOf = (p: ReportParams): reports.ReportFilter => ({
  dateFrom: p.date_from,
  dateTo: p.date_to,
  accounts: p.accounts,
  particulars: p.particulars,
  entity: p.entity,
  category: p.category,
  currency: p.currency,
});

/**
 * Amounts of different currencies are never added together: when the rows a report would sum are in more than one
 * currency (their accounts'), the caller must choose one with `currency=`. The query groups by currency, so this
 * costs no extra round trip, and an organization with one currency never has to say it.
 */
function oneCurrency(rows: { currency: string }[]): void {
  const currencies = [...new Set(rows.map((r) => r.currency))].sort();
  if (currencies.length > 1) {
    throw ValidationError.field(
      'currency',
      `the transactions in scope are in ${currencies.join(', ')}, which are never added together; choose one with currency=${currencies[0]} (or narrow accounts)`,
    );
  }
}

interface PeriodTotals {
  inflow: number;
  outflow: number;
  net: number;
  transaction_count: number;
}

const HINT = 'narrow the date window or the accounts';

/**
 * The income, expense and liability reports: one object per category (or entity), with one key per period that
 * has rows. Aggregated in Postgres; amounts leave as base units.
 */
export async function groupedReport(db: Db, limits: QueryLimits, orgId: string, type: TransactionType, p: GroupedReportParams): Promise<GroupedReportView> {
  return withStatementTimeout(db, limits.queryTimeoutMs, HINT, async (tx) => {
    const rows = await reports.groupedTotals(tx, orgId, type, filterOf(p), p.group_by, p.group_by_field);
    oneCurrency(rows);
    const groups = new Map<string, Record<string, string | PeriodTotals>>();
    for (const r of rows) {
      let group = groups.get(r.label);
      if (!group) groups.set(r.label, (group = { [p.group_by_field]: r.label }));
      group[r.period] = {
        inflow: milliToBase(r.inflow, 'inflow'),
        outflow: milliToBase(r.outflow, 'outflow'),
        net: milliToBase(r.inflow - r.outflow, 'net'),
        transaction_count: r.count,
      };
    }
    return {
      period: { date_from: p.date_from, date_to: p.date_to, group_by: p.group_by, group_by_field: p.group_by_field },
      data: [...groups.values()],
      accounts: await findActiveAccountRefs(tx, orgId),
    };
  });
}

/** A transaction-level report is a single answer; past this many rows the caller must narrow the window. */
export const MAX_FLOW_ROWS = 50_000;

export async function inflowOutflowReport(db: Db, limits: QueryLimits, orgId: string, p: ReportParams) {
  return withStatementTimeout(db, limits.queryTimeoutMs, HINT, async (tx) => {
    const rows = await reports.flowRows(tx, orgId, filterOf(p), MAX_FLOW_ROWS + 1);
    oneCurrency(rows);
    if (rows.length > MAX_FLOW_ROWS) {
      throw new BusinessRuleError('REPORT_TOO_LARGE', `more than ${MAX_FLOW_ROWS} transactions match; narrow date_from/date_to or the accounts`);
    }
    return {
      period: { date_from: p.date_from, date_to: p.date_to },
      transactions: rows.map((r) => ({
        id: r.id,
        date: r.date,
        inflow: milliToBase(r.inflow, 'inflow'),
        outflow: milliToBase(r.outflow, 'outflow'),
        particulars: r.particulars,
        entity: r.entity,
        category: r.category,
        type: r.type,
        account: r.account,
      })),
      accounts: await findActiveAccountRefs(tx, orgId),
    };
  });
}

export async function categoriesReport(
  db: Db,
  limits: QueryLimits,
  orgId: string,
  p: { date_from: string; date_to: string; accounts?: string[]; type?: TransactionType; currency?: string },
) {
  return withStatementTimeout(db, limits.queryTimeoutMs, HINT, async (tx) => {
    const rows = await reports.categoryTotals(tx, orgId, {
      dateFrom: p.date_from,
      dateTo: p.date_to,
      accounts: p.accounts,
      type: p.type,
      currency: p.currency,
    });
    oneCurrency(rows);
    let count = 0;
    let inflow = 0n;
    let outflow = 0n;
    for (const r of rows) {
      count += r.count;
      inflow += r.inflow;
      outflow += r.outflow;
    }
    return {
      period: { date_from: p.date_from, date_to: p.date_to },
      data: rows.map((r) => ({
        category: r.category,
        type: r.type,
        count: r.count,
        inflow: milliToBase(r.inflow, 'inflow'),
        outflow: milliToBase(r.outflow, 'outflow'),
      })),
      totals: { count, inflow: milliToBase(inflow, 'totals.inflow'), outflow: milliToBase(outflow, 'totals.outflow') },
      accounts: await findActiveAccountRefs(tx, orgId),
    };
  });
}
