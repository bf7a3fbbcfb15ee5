import { view } from '@finance/platform';
import { z } from 'zod';
import { accountStatus, accountType, normalBalance } from './chart';

/**
 * Balances and reports, per currency (README, "Currencies"): `by_currency` holds each currency's figures, in
 * code order; the top level repeats them when exactly one currency is in scope, holds every figure as null
 * when several are, and zeros with `currency: null` when there is no posted money in scope.
 */
function perCurrency<S extends z.ZodRawShape>(figures: S) {
  const nullable = Object.fromEntries(Object.entries(figures).map(([key, schema]) => [key, (schema as z.ZodType).nullable()])) as unknown as {
    [K in keyof S]: z.ZodNullable<S[K]>;
  };
  return { currency: view.currency.nullable(), ...nullable, currencies: z.array(view.currency) };
}

const balanceFigures = { total_debit: view.integer, total_credit: view.integer, balance: view.integer, entry_count: view.count };
export const balanceInCurrency = z.strictObject({ currency: view.currency, ...balanceFigures }).meta({ id: 'BalanceInCurrency' });

export const accountBalanceView = z
  .strictObject({
    account: view.id,
    name: z.string(),
    type: accountType,
    is_group: z.boolean(),
    normal_balance: normalBalance,
    as_of: view.date.nullable(),
    accounts_included: view.count,
    ...perCurrency(balanceFigures),
    by_currency: z.array(balanceInCurrency),
  })
  .meta({ id: 'AccountBalance' });

export const trialBalanceRow = z
  .strictObject({
    account: view.id,
    name: z.string(),
    type: accountType,
    parent: view.id.nullable(),
    source: z.string(),
    source_ref: z.string().nullable(),
    status: accountStatus,
    normal_balance: normalBalance,
    currency: view.currency,
    debit: view.integer,
    credit: view.integer,
    balance: view.integer,
    /** With `compare`: the same account as of the comparison date. */
    previous_debit: view.integer.optional(),
    previous_credit: view.integer.optional(),
    previous_balance: view.integer.optional(),
  })
  .meta({ id: 'TrialBalanceRow' });

/** What a report is compared with (issue 24). */
export const compareKind = z.enum(['previous_period', 'previous_year']);

const trialBalanceFigures = {
  accounts: z.array(trialBalanceRow),
  total_debit: view.integer,
  total_credit: view.integer,
  balanced: z.boolean(),
  /** With `compare`: the totals as of the comparison date. */
  previous_total_debit: view.integer.optional(),
  previous_total_credit: view.integer.optional(),
  previous_balanced: z.boolean().optional(),
};
export const trialBalanceInCurrency = z.strictObject({ currency: view.currency, ...trialBalanceFigures }).meta({ id: 'TrialBalanceInCurrency' });

export const trialBalanceView = z
  .strictObject({
    as_of: view.date.nullable(),
    /** With `compare`: what the columns compare with, and the date of the previous column. */
    compare: compareKind.optional(),
    previous_as_of: view.date.optional(),
    ...perCurrency(trialBalanceFigures),
    /** Every currency's debits equal its credits. */
    balanced: z.boolean(),
    previous_balanced: z.boolean().optional(),
    by_currency: z.array(trialBalanceInCurrency),
  })
  .meta({ id: 'TrialBalance' });

/** An account in a statement section; a group's balance is its own entries plus its children's. */
export const reportNode = z
  .strictObject({
    account: view.id,
    name: z.string(),
    type: accountType,
    is_group: z.boolean(),
    source: z.string(),
    source_ref: z.string().nullable(),
    status: accountStatus,
    balance: view.integer,
    /** With `compare` (income statement): the balance over the comparison period. */
    previous_balance: view.integer.optional(),
    get children(): z.ZodArray<typeof reportNode> {
      return z.array(reportNode);
    },
  })
  .meta({ id: 'ReportNode' });
export type ReportNode = z.output<typeof reportNode>;

/** One type's section of a statement, headed by its system group (null account when the organization is not seeded). */
export const reportSection = z
  .strictObject({
    key: z.string(),
    account: view.id.nullable(),
    name: z.string(),
    normal_balance: normalBalance,
    total: view.integer,
    previous_total: view.integer.optional(),
    accounts: z.array(reportNode),
  })
  .meta({ id: 'ReportSection' });
export type ReportSection = z.output<typeof reportSection>;

const balanceSheetFigures = {
  assets: reportSection,
  liabilities: reportSection,
  equity: reportSection,
  /** Income less expenses dated before the start of the fiscal year containing as_of (issue 24). */
  retained_earnings: view.integer,
  /** Income less expenses from the start of that fiscal year to as_of. */
  current_earnings: view.integer,
  total_assets: view.integer,
  total_liabilities_and_equity: view.integer,
  balanced: z.boolean(),
};
export const balanceSheetInCurrency = z.strictObject({ currency: view.currency, ...balanceSheetFigures }).meta({ id: 'BalanceSheetInCurrency' });

export const balanceSheetView = z
  .strictObject({
    as_of: view.date.nullable(),
    /** The fiscal year containing as_of (today, UTC, without it): named by the year it ends in, and its first day. */
    fiscal_year: z.number().int(),
    fiscal_year_start: view.date,
    ...perCurrency(balanceSheetFigures),
    /** Every currency balances: assets = liabilities + equity + retained earnings + current earnings. */
    balanced: z.boolean(),
    by_currency: z.array(balanceSheetInCurrency),
  })
  .meta({ id: 'BalanceSheet' });

export const depreciationLine = z
  .strictObject({
    key: z.literal('DEPRECIATION'),
    account: view.id.nullable(),
    name: z.string(),
    total: view.integer,
    previous_total: view.integer.optional(),
  })
  .meta({ id: 'DepreciationLine' });

const incomeStatementFigures = {
  income: reportSection,
  expenses: reportSection,
  depreciation: depreciationLine,
  net_income_before_depreciation: view.integer,
  net_income: view.integer,
  /** With `compare`: the comparison period's. */
  previous_net_income_before_depreciation: view.integer.optional(),
  previous_net_income: view.integer.optional(),
};
export const incomeStatementInCurrency = z.strictObject({ currency: view.currency, ...incomeStatementFigures }).meta({ id: 'IncomeStatementInCurrency' });

export const incomeStatementView = z
  .strictObject({
    date_from: view.date.nullable(),
    date_to: view.date.nullable(),
    /** The fiscal year asked for (its dates are date_from and date_to); null when the period was given by dates. */
    fiscal_year: z.number().int().nullable(),
    /** With `compare`: what the previous figures are, and their period. */
    compare: compareKind.optional(),
    previous_date_from: view.date.optional(),
    previous_date_to: view.date.optional(),
    ...perCurrency(incomeStatementFigures),
    by_currency: z.array(incomeStatementInCurrency),
  })
  .meta({ id: 'IncomeStatement' });
