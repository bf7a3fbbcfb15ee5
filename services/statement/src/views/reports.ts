import { view } from '@finance/platform';
import { z } from 'zod';
import { accountCategory, accountRef } from './accounts';
import { transactionType } from './transactions';

/** Report amounts are base units: JSON numbers exact to 3 decimals. */
const baseAmount = z.number();

export const GROUP_BY = ['day', 'week', 'month', 'year'] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const GROUP_BY_FIELDS = ['category', 'entity'] as const;
export type GroupByField = (typeof GROUP_BY_FIELDS)[number];

const dateWindow = { date_from: view.date, date_to: view.date };

const periodTotals = z.strictObject({ inflow: baseAmount, outflow: baseAmount, net: baseAmount, transaction_count: view.count }).meta({ id: 'PeriodTotals' });

/**
 * The income, expense and liability reports: one object per category (or entity), holding that label under the
 * group_by_field key and one key per period with rows (e.g. "2024-03") holding its totals.
 */
export const groupedReportView = z
  .strictObject({
    period: z.strictObject({ ...dateWindow, group_by: z.enum(GROUP_BY), group_by_field: z.enum(GROUP_BY_FIELDS) }),
    data: z.array(z.record(z.string(), z.union([z.string(), periodTotals]))),
    accounts: z.array(accountRef),
  })
  .meta({ id: 'GroupedReport' });
export type GroupedReportView = z.output<typeof groupedReportView>;

export const flowTransaction = z
  .strictObject({
    id: view.id,
    date: view.date,
    inflow: baseAmount,
    outflow: baseAmount,
    particulars: z.string(),
    entity: z.string().nullable(),
    category: z.string().nullable(),
    type: transactionType,
    account: z.strictObject({ id: view.id, name: z.string(), category: accountCategory }).nullable(),
  })
  .meta({ id: 'FlowTransaction' });

/** Every non-transfer row of a window, oldest first. */
export const flowReportView = z
  .strictObject({ period: z.strictObject(dateWindow), transactions: z.array(flowTransaction), accounts: z.array(accountRef) })
  .meta({ id: 'InflowOutflowReport' });
export type FlowReportView = z.output<typeof flowReportView>;

/** Totals per (category, type); category null is uncategorised. */
export const categoriesReportView = z
  .strictObject({
    period: z.strictObject(dateWindow),
    data: z.array(
      z
        .strictObject({ category: z.string().nullable(), type: transactionType, count: view.count, inflow: baseAmount, outflow: baseAmount })
        .meta({ id: 'CategoryTotals' }),
    ),
    totals: z.strictObject({ count: view.count, inflow: baseAmount, outflow: baseAmount }),
    accounts: z.array(accountRef),
  })
  .meta({ id: 'CategoriesReport' });
export type CategoriesReportView = z.output<typeof categoriesReportView>;
