import { dateProblem, NotFoundError, ValidationError } from '@finance/platform';
import type { Db } from '../data-access/db';
import { findAccount, findAllAccounts } from '../data-access/accounts.repo';
import { postedSumsByAccount, postedSumsOfSubtree, type DateBounds, type Sums, type SumsByCurrency } from '../data-access/balances.repo';
import { toSafeNumber } from '../data-access/money';
import type { AccountNode, AccountView } from '../views/accounts';
import { normalBalanceOf, type AccountStatus, type AccountType } from '../views/chart';
import type { ReportNode, ReportSection } from '../views/reports';
import { keepStatuses, nest } from './accounts';
import { SECTION_KEY, signedBalance, SYSTEM_GROUPS, SYSTEM_SOURCE } from './chart';
import { addMonths, fiscalYearBounds, fiscalYearOf, previousPeriod, previousYear, type Period } from './fiscal-calendar';
import { reportCalendar, today } from './periods';

/** Reports leave out quarantined accounts (with everything beneath them) and keep retired ones. */
const REPORTED: ReadonlySet<AccountStatus> = new Set(['active', 'retired']);
const NO_SUMS: Sums = { debit: 0n, credit: 0n, entries: 0 };

type Nulled<F> = { [K in keyof F]: null };

/**
 * The one currency design of every balance and report (README, "Currencies"): figures are computed per
 * currency and never added across currencies. `by_currency` lists each currency's figures (in code order);
 * the top level repeats them when exactly one currency is in scope (so a single-currency organization reads
 * its figures where they always were), holds every figure as null when several are, and zeros with
 * `currency: null` when there is no posted money in scope.
 */
function perCurrency<F extends object>(byCurrency: (F & { currency: string })[], none: F) {
  const top: ({ currency: string | null } & F) | ({ currency: null } & Nulled<F>) =
    byCurrency.length === 1
      ? (byCurrency[0] as F & { currency: string })
      : byCurrency.length === 0
        ? { currency: null, ...none }
        : ({ currency: null, ...Object.fromEntries(Object.keys(none).map((k) => [k, null])) } as { currency: null } & Nulled<F>);
  return { ...top, currencies: byCurrency.map((f) => f.currency), by_currency: byCurrency };
}

/** The currencies posted on any of `accountIds` in any of the sums (a report and its comparison), in code order. */
function currenciesOf(sums: Map<string, SumsByCurrency> | Map<string, SumsByCurrency>[], accountIds: Iterable<string>): string[] {
  const all = Array.isArray(sums) ? sums : [sums];
  const found = new Set<string>();
  for (const id of accountIds) for (const s of all) for (const currency of s.get(id)?.keys() ?? []) found.add(currency);
  return [...found].sort();
}

/** What a report is compared with (issue 24): the period just before it, or the same period a year earlier. */
export const COMPARES = ['previous_period', 'previous_year'] as const;
export type Compare = (typeof COMPARES)[number];

/** A computed date must still be one the API can hold (0001-01-01 to 9999-12-31); the field that led to it is named. */
function checkedDates<T extends object>(field: string, dates: T): T {
  for (const d of Object.values(dates) as string[]) {
    const problem = dateProblem(d);
    if (problem) throw ValidationError.field(field, `leads to a date outside the calendar the API holds (${d}): ${problem}`);
  }
  return dates;
}

/** One currency's slice of the per-account sums. */
function sliceOf(sums: Map<string, SumsByCurrency>, currency: string | null): Map<string, Sums> {
  const out = new Map<string, Sums>();
  if (currency === null) return out;
  for (const [id, byCurrency] of sums) {
    const s = byCurrency.get(currency);
    if (s) out.set(id, s);
  }
  return out;
}

/** GET /accounts/<id>/balance: by the normal-balance rule, over posted entries up to as_of, per currency; a group rolls up its subtree. */
export async function accountBalance(db: Db, orgId: string, id: string, asOf: string | undefined) {
  const account = await findAccount(db, orgId, id);
  if (!account) throw new NotFoundError(`account ${id} not found`);
  const { byCurrency, accounts } = await postedSumsOfSubtree(db, orgId, id, { to: asOf });
  const figures = [...byCurrency].map(([currency, sums]) => ({
    currency,
    total_debit: toSafeNumber(sums.debit, 'total_debit'),
    total_credit: toSafeNumber(sums.credit, 'total_credit'),
    balance: toSafeNumber(signedBalance(account.type, sums.debit, sums.credit), 'balance'),
    entry_count: sums.entries,
  }));
  return {
    account: account.id,
    name: account.name,
    type: account.type,
    is_group: account.is_group,
    normal_balance: account.normal_balance,
    as_of: asOf ?? null,
    accounts_included: accounts,
    ...perCurrency(figures, { total_debit: 0, total_credit: 0, balance: 0, entry_count: 0 }),
  };
}

/** One currency's trial balance: every reported account with posted entries in it, its net in the debit or credit column. */
function trialBalanceIn(currency: string, reported: AccountView[], sums: Map<string, Sums>, previous?: Map<string, Sums>) {
  const side = (s: Sums) => {
    const net = s.debit - s.credit;
    return { debit: net > 0n ? net : 0n, credit: net < 0n ? -net : 0n };
  };
  let totalDebit = 0n;
  let totalCredit = 0n;
  let previousDebit = 0n;
  let previousCredit = 0n;
  const rows = [];
  for (const a of reported) {
    const s = sums.get(a.id) ?? NO_SUMS;
    const p = previous?.get(a.id) ?? NO_SUMS;
    if (s.entries === 0 && p.entries === 0) continue;
    const now = side(s);
    totalDebit += now.debit;
    totalCredit += now.credit;
    const then = side(p);
    previousDebit += then.debit;
    previousCredit += then.credit;
    rows.push({
      account: a.id,
      name: a.name,
      type: a.type,
      parent: a.parent,
      source: a.source,
      source_ref: a.source_ref,
      status: a.status,
      normal_balance: a.normal_balance,
      currency,
      debit: toSafeNumber(now.debit),
      credit: toSafeNumber(now.credit),
      balance: toSafeNumber(signedBalance(a.type, s.debit, s.credit)),
      ...(previous
        ? {
            previous_debit: toSafeNumber(then.debit),
            previous_credit: toSafeNumber(then.credit),
            previous_balance: toSafeNumber(signedBalance(a.type, p.debit, p.credit)),
          }
        : {}),
    });
  }
  return {
    accounts: rows,
    total_debit: toSafeNumber(totalDebit, 'total_debit'),
    total_credit: toSafeNumber(totalCredit, 'total_credit'),
    balanced: totalDebit === totalCredit,
    ...(previous
      ? {
          previous_total_debit: toSafeNumber(previousDebit, 'previous_total_debit'),
          previous_total_credit: toSafeNumber(previousCredit, 'previous_total_credit'),
          previous_balanced: previousDebit === previousCredit,
        }
      : {}),
  };
}

/**
 * GET /reports/trial_balance: per currency; `balanced` when every currency's debits equal its credits. With
 * `compare`, each row and total also as of the comparison date (a month earlier, month ends kept, for
 * previous_period; a year earlier for previous_year), side by side.
 */
export async function trialBalance(db: Db, orgId: string, asOf: string | undefined, compare?: Compare) {
  if (compare !== undefined && asOf === undefined) throw ValidationError.field('compare', 'needs as_of: the trial balance compared is as of a date');
  const previousAsOf = compare === undefined ? undefined : checkedDates('compare', { d: addMonths(asOf as string, compare === 'previous_year' ? -12 : -1) }).d;
  const [accounts, sums, previous] = await Promise.all([
    findAllAccounts(db, orgId),
    postedSumsByAccount(db, orgId, { to: asOf }),
    previousAsOf === undefined ? undefined : postedSumsByAccount(db, orgId, { to: previousAsOf }),
  ]);
  const reported = keepStatuses(accounts, REPORTED);
  const byCurrency = currenciesOf(
    previous ? [sums, previous] : sums,
    reported.map((a) => a.id),
  ).map((currency) => ({ currency, ...trialBalanceIn(currency, reported, sliceOf(sums, currency), previous && sliceOf(previous, currency)) }));
  return {
    as_of: asOf ?? null,
    ...(compare !== undefined && previousAsOf !== undefined ? { compare, previous_as_of: previousAsOf } : {}),
    ...perCurrency<ReturnType<typeof trialBalanceIn>>(byCurrency, trialBalanceIn('', [], new Map(), previous && new Map())),
    balanced: byCurrency.every((c) => c.balanced),
    // Judged per currency like `balanced` (absent without a comparison: undefined is not written).
    previous_balanced: previous ? byCurrency.every((c) => c.previous_balanced) : undefined,
  };
}

/** Rolls balances up the tree in BigInt; a group's figure contains its children's, never sits beside them. */
function rollUp(node: AccountNode, sums: Map<string, Sums>, previous?: Map<string, Sums>): { node: ReportNode; balance: bigint; previous: bigint } {
  const own = sums.get(node.id) ?? NO_SUMS;
  const ownBefore = previous?.get(node.id) ?? NO_SUMS;
  let balance = signedBalance(node.type, own.debit, own.credit);
  let previousBalance = signedBalance(node.type, ownBefore.debit, ownBefore.credit);
  const children: ReportNode[] = [];
  for (const child of node.children) {
    const rolled = rollUp(child, sums, previous);
    balance += rolled.balance;
    previousBalance += rolled.previous;
    children.push(rolled.node);
  }
  return {
    balance,
    previous: previousBalance,
    node: {
      account: node.id,
      name: node.name,
      type: node.type,
      is_group: node.is_group,
      source: node.source,
      source_ref: node.source_ref,
      status: node.status,
      balance: toSafeNumber(balance, `the balance of ${node.id}`),
      ...(previous ? { previous_balance: toSafeNumber(previousBalance, `the previous balance of ${node.id}`) } : {}),
      children,
    },
  };
}

/**
 * One statement section per type: every reported account of the type, nested. It is headed by the system
 * group found by its key (ASSETS, LIABILITIES, ...), whatever it has been renamed to. Accounts of the type
 * outside that group (top-level ones) are further roots of the same section, so no money is left out. With
 * `previous` sums (a comparison), every node and the total carry the previous figure too.
 */
function section(
  type: AccountType,
  roots: AccountNode[],
  all: AccountView[],
  sums: Map<string, Sums>,
  previous?: Map<string, Sums>,
): { section: ReportSection; total: bigint; previous: bigint } {
  const key = SECTION_KEY[type];
  const head = all.find((a) => a.source === SYSTEM_SOURCE && a.source_ref === key);
  let total = 0n;
  let previousTotal = 0n;
  const accounts: ReportNode[] = [];
  for (const root of roots.filter((r) => r.type === type)) {
    const rolled = rollUp(root, sums, previous);
    total += rolled.balance;
    previousTotal += rolled.previous;
    accounts.push(rolled.node);
  }
  return {
    total,
    previous: previousTotal,
    section: {
      key,
      account: head?.id ?? null,
      name: head?.name ?? (SYSTEM_GROUPS.find((g) => g.key === key)?.name as string),
      normal_balance: normalBalanceOf(type),
      total: toSafeNumber(total, `the ${key} total`),
      ...(previous ? { previous_total: toSafeNumber(previousTotal, `the previous ${key} total`) } : {}),
      accounts,
    },
  };
}

async function reportInputs(db: Db, orgId: string, bounds: DateBounds) {
  const [all, sums] = await Promise.all([findAllAccounts(db, orgId), postedSumsByAccount(db, orgId, bounds)]);
  const reported = keepStatuses(all, REPORTED);
  return { all, sums, reported, roots: nest(reported) };
}

/**
 * One currency's balance sheet (null: the empty one, when no money is posted). The earnings (income less
 * expenses up to the date) are split at the start of the fiscal year: `retained_earnings` before it,
 * `current_earnings` from it; the sums carry their part dated before that day.
 */
function balanceSheetIn(roots: AccountNode[], all: AccountView[], reported: AccountView[], sums: Map<string, Sums>) {
  const [assets, liabilities, equity, income, expenses] = (['asset', 'liability', 'equity', 'income', 'expense'] as const).map((t) =>
    section(t, roots, all, sums),
  ) as [ReturnType<typeof section>, ReturnType<typeof section>, ReturnType<typeof section>, ReturnType<typeof section>, ReturnType<typeof section>];
  // Income's balance is credit - debit and an expense's debit - credit, so income less expenses is credit - debit
  // over both types, as the sections add them (every reported account of a type is in its section's tree).
  let retained = 0n;
  for (const a of reported) {
    if (a.type !== 'income' && a.type !== 'expense') continue;
    const before = sums.get(a.id)?.before;
    if (before) retained += before.credit - before.debit;
  }
  const earnings = income.total - expenses.total;
  const claims = liabilities.total + equity.total + earnings;
  return {
    assets: assets.section,
    liabilities: liabilities.section,
    equity: equity.section,
    retained_earnings: toSafeNumber(retained, 'retained_earnings'),
    current_earnings: toSafeNumber(earnings - retained, 'current_earnings'),
    total_assets: toSafeNumber(assets.total, 'total_assets'),
    total_liabilities_and_equity: toSafeNumber(claims, 'total_liabilities_and_equity'),
    balanced: assets.total === claims,
  };
}

/**
 * GET /reports/balance_sheet: assets, liabilities and equity as of a date, plus the earnings not closed into
 * equity accounts: retained earnings (income less expenses before the fiscal year containing the date) and
 * current earnings (from the fiscal year's start to the date), so that assets = liabilities + equity + retained +
 * current earnings, in each currency. Without as_of (everything posted), the fiscal year is today's (UTC).
 * `balanced` when every currency balances.
 */
export async function balanceSheet(db: Db, orgId: string, asOf: string | undefined) {
  // The chart is read while the calendar is: only the sums wait for the fiscal year's start. Its failure is awaited
  // below (Promise.all); the no-op handler keeps it from being unhandled while the calendar is read.
  const accounts = findAllAccounts(db, orgId);
  accounts.catch(() => undefined);
  const { start } = await reportCalendar(db, orgId);
  const fiscalYear = fiscalYearOf(asOf ?? today(), start);
  const [all, sums] = await Promise.all([accounts, postedSumsByAccount(db, orgId, { to: asOf }, fiscalYear.date_from)]);
  const reported = keepStatuses(all, REPORTED);
  const roots = nest(reported);
  const byCurrency = currenciesOf(
    sums,
    reported.map((a) => a.id),
  ).map((currency) => ({ currency, ...balanceSheetIn(roots, all, reported, sliceOf(sums, currency)) }));
  return {
    as_of: asOf ?? null,
    fiscal_year: fiscalYear.fiscal_year,
    fiscal_year_start: fiscalYear.date_from,
    ...perCurrency(byCurrency, balanceSheetIn(roots, all, reported, new Map())),
    balanced: byCurrency.every((c) => c.balanced),
  };
}

/** One currency's income statement; with `previous` sums, every figure of the comparison period beside it. */
function incomeStatementIn(roots: AccountNode[], all: AccountView[], sums: Map<string, Sums>, previous?: Map<string, Sums>) {
  const income = section('income', roots, all, sums, previous);
  const expenses = section('expense', roots, all, sums, previous);
  // Depreciation is found by its key wherever it sits in the expense tree, so the result before it can be shown.
  const depreciationHead = all.find((a) => a.source === SYSTEM_SOURCE && a.source_ref === 'DEPRECIATION');
  const findNode = (nodes: ReportNode[]): ReportNode | undefined => {
    for (const n of nodes) {
      if (n.account === depreciationHead?.id) return n;
      const below = findNode(n.children);
      if (below) return below;
    }
    return undefined;
  };
  const depreciationNode = depreciationHead ? findNode(expenses.section.accounts) : undefined;
  const depreciation = BigInt(depreciationNode?.balance ?? 0);
  const previousDepreciation = BigInt(depreciationNode?.previous_balance ?? 0);
  const net = income.total - expenses.total;
  const previousNet = income.previous - expenses.previous;
  return {
    income: income.section,
    expenses: expenses.section,
    depreciation: {
      key: 'DEPRECIATION' as const,
      account: depreciationHead?.id ?? null,
      name: depreciationHead?.name ?? 'Depreciation and Amortisation',
      total: toSafeNumber(depreciation),
      ...(previous ? { previous_total: toSafeNumber(previousDepreciation) } : {}),
    },
    net_income_before_depreciation: toSafeNumber(net + depreciation, 'net_income_before_depreciation'),
    net_income: toSafeNumber(net, 'net_income'),
    ...(previous
      ? {
          previous_net_income_before_depreciation: toSafeNumber(previousNet + previousDepreciation, 'previous_net_income_before_depreciation'),
          previous_net_income: toSafeNumber(previousNet, 'previous_net_income'),
        }
      : {}),
  };
}

export interface IncomeStatementQuery {
  date_from?: string;
  date_to?: string;
  /** Shorthand for the period: the fiscal year ending in that calendar year. */
  fiscal_year?: number;
  compare?: Compare;
}

/**
 * GET /reports/income_statement: income and expenses over posted entries dated within the period, per currency.
 * `fiscal_year` names the period by the organization's fiscal year; `compare` adds the previous period's (or the
 * same period a year earlier's) figures beside every one of this period's.
 */
export async function incomeStatement(db: Db, orgId: string, q: IncomeStatementQuery) {
  let period: Partial<Period> = { date_from: q.date_from, date_to: q.date_to };
  if (q.fiscal_year !== undefined) {
    if (q.date_from !== undefined || q.date_to !== undefined) {
      throw ValidationError.field('fiscal_year', 'send fiscal_year or date_from/date_to, not both');
    }
    const { start } = await reportCalendar(db, orgId);
    period = checkedDates('fiscal_year', fiscalYearBounds(q.fiscal_year, start));
  }
  let previousBounds: Period | undefined;
  if (q.compare !== undefined) {
    if (period.date_from === undefined || period.date_to === undefined) {
      throw ValidationError.field('compare', 'needs a period to compare: date_from and date_to, or fiscal_year');
    }
    const { date_from, date_to } = period as Period;
    previousBounds = checkedDates('compare', q.compare === 'previous_year' ? previousYear(date_from, date_to) : previousPeriod(date_from, date_to));
  }
  const [inputs, previous] = await Promise.all([
    reportInputs(db, orgId, { from: period.date_from, to: period.date_to }),
    previousBounds ? postedSumsByAccount(db, orgId, { from: previousBounds.date_from, to: previousBounds.date_to }) : undefined,
  ]);
  const { all, sums, reported, roots } = inputs;
  // The currencies of the statement are those of its own accounts (income and expenses) in the period (or its comparison).
  const inScope = reported.filter((a) => a.type === 'income' || a.type === 'expense').map((a) => a.id);
  const byCurrency = currenciesOf(previous ? [sums, previous] : sums, inScope).map((currency) => ({
    currency,
    ...incomeStatementIn(roots, all, sliceOf(sums, currency), previous && sliceOf(previous, currency)),
  }));
  return {
    date_from: period.date_from ?? null,
    date_to: period.date_to ?? null,
    fiscal_year: q.fiscal_year ?? null,
    ...(previousBounds ? { compare: q.compare, previous_date_from: previousBounds.date_from, previous_date_to: previousBounds.date_to } : {}),
    ...perCurrency(byCurrency, incomeStatementIn(roots, all, new Map(), previous && new Map())),
  };
}
