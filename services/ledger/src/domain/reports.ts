import { NotFoundError } from '@finance/platform';
import type { Db } from '../data-access/db';
import { findAccount, findAllAccounts } from '../data-access/accounts.repo';
import { postedSumsByAccount, postedSumsOfSubtree, type DateBounds, type Sums, type SumsByCurrency } from '../data-access/balances.repo';
import { toSafeNumber } from '../data-access/money';
import type { AccountNode, AccountView } from '../views/accounts';
import { normalBalanceOf, type AccountStatus, type AccountType } from '../views/chart';
import type { ReportNode, ReportSection } from '../views/reports';
import { keepStatuses, nest } from './accounts';
import { SECTION_KEY, signedBalance, SYSTEM_GROUPS, SYSTEM_SOURCE } from './chart';

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

/** The currencies posted on any of `accountIds`, in code order. */
function currenciesOf(sums: Map<string, SumsByCurrency>, accountIds: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const id of accountIds) for (const currency of sums.get(id)?.keys() ?? []) found.add(currency);
  return [...found].sort();
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
function trialBalanceIn(currency: string, reported: AccountView[], sums: Map<string, Sums>) {
  let totalDebit = 0n;
  let totalCredit = 0n;
  const rows = [];
  for (const a of reported) {
    const s = sums.get(a.id) ?? NO_SUMS;
    if (s.entries === 0) continue;
    const net = s.debit - s.credit;
    const debit = net > 0n ? net : 0n;
    const credit = net < 0n ? -net : 0n;
    totalDebit += debit;
    totalCredit += credit;
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
      debit: toSafeNumber(debit),
      credit: toSafeNumber(credit),
      balance: toSafeNumber(signedBalance(a.type, s.debit, s.credit)),
    });
  }
  return {
    accounts: rows,
    total_debit: toSafeNumber(totalDebit, 'total_debit'),
    total_credit: toSafeNumber(totalCredit, 'total_credit'),
    balanced: totalDebit === totalCredit,
  };
}

/** GET /reports/trial_balance: per currency; `balanced` when every currency's debits equal its credits. */
export async function trialBalance(db: Db, orgId: string, asOf: string | undefined) {
  const [accounts, sums] = await Promise.all([findAllAccounts(db, orgId), postedSumsByAccount(db, orgId, { to: asOf })]);
  const reported = keepStatuses(accounts, REPORTED);
  const byCurrency = currenciesOf(
    sums,
    reported.map((a) => a.id),
  ).map((currency) => ({ currency, ...trialBalanceIn(currency, reported, sliceOf(sums, currency)) }));
  return {
    as_of: asOf ?? null,
    ...perCurrency<ReturnType<typeof trialBalanceIn>>(byCurrency, { accounts: [], total_debit: 0, total_credit: 0, balanced: true }),
    balanced: byCurrency.every((c) => c.balanced),
  };
}

/** Rolls balances up the tree in BigInt; a group's figure contains its children's, never sits beside them. */
function rollUp(node: AccountNode, sums: Map<string, Sums>): { node: ReportNode; balance: bigint } {
  const own = sums.get(node.id) ?? NO_SUMS;
  let balance = signedBalance(node.type, own.debit, own.credit);
  const children: ReportNode[] = [];
  for (const child of node.children) {
    const rolled = rollUp(child, sums);
    balance += rolled.balance;
    children.push(rolled.node);
  }
  return {
    balance,
    node: {
      account: node.id,
      name: node.name,
      type: node.type,
      is_group: node.is_group,
      source: node.source,
      source_ref: node.source_ref,
      status: node.status,
      balance: toSafeNumber(balance, `the balance of ${node.id}`),
      children,
    },
  };
}

/**
 * One statement section per type: every reported account of the type, nested. It is headed by the system
 * group found by its key (ASSETS, LIABILITIES, ...), whatever it has been renamed to. Accounts of the type
 * outside that group (top-level ones) are further roots of the same section, so no money is left out.
 */
function section(type: AccountType, roots: AccountNode[], all: AccountView[], sums: Map<string, Sums>): { section: ReportSection; total: bigint } {
  const key = SECTION_KEY[type];
  const head = all.find((a) => a.source === SYSTEM_SOURCE && a.source_ref === key);
  let total = 0n;
  const accounts: ReportNode[] = [];
  for (const root of roots.filter((r) => r.type === type)) {
    const rolled = rollUp(root, sums);
    total += rolled.balance;
    accounts.push(rolled.node);
  }
  return {
    total,
    section: {
      key,
      account: head?.id ?? null,
      name: head?.name ?? (SYSTEM_GROUPS.find((g) => g.key === key)?.name as string),
      normal_balance: normalBalanceOf(type),
      total: toSafeNumber(total, `the ${key} total`),
      accounts,
    },
  };
}

async function reportInputs(db: Db, orgId: string, bounds: DateBounds) {
  const [all, sums] = await Promise.all([findAllAccounts(db, orgId), postedSumsByAccount(db, orgId, bounds)]);
  const reported = keepStatuses(all, REPORTED);
  return { all, sums, reported, roots: nest(reported) };
}

/** One currency's balance sheet (null: the empty one, when no money is posted). */
function balanceSheetIn(roots: AccountNode[], all: AccountView[], sums: Map<string, Sums>) {
  const [assets, liabilities, equity, income, expenses] = (['asset', 'liability', 'equity', 'income', 'expense'] as const).map((t) =>
    section(t, roots, all, sums),
  ) as [ReturnType<typeof section>, ReturnType<typeof section>, ReturnType<typeof section>, ReturnType<typeof section>, ReturnType<typeof section>];
  const earnings = income.total - expenses.total;
  const claims = liabilities.total + equity.total + earnings;
  return {
    assets: assets.section,
    liabilities: liabilities.section,
    equity: equity.section,
    current_earnings: toSafeNumber(earnings, 'current_earnings'),
    total_assets: toSafeNumber(assets.total, 'total_assets'),
    total_liabilities_and_equity: toSafeNumber(claims, 'total_liabilities_and_equity'),
    balanced: assets.total === claims,
  };
}

/**
 * GET /reports/balance_sheet: assets, liabilities and equity as of a date, plus current earnings (income less
 * expenses over every posted entry up to the date: the ledger has no period closing), so that
 * assets = liabilities + equity + current earnings, in each currency. `balanced` when every currency balances.
 */
export async function balanceSheet(db: Db, orgId: string, asOf: string | undefined) {
  const { all, sums, reported, roots } = await reportInputs(db, orgId, { to: asOf });
  const byCurrency = currenciesOf(
    sums,
    reported.map((a) => a.id),
  ).map((currency) => ({ currency, ...balanceSheetIn(roots, all, sliceOf(sums, currency)) }));
  return {
    as_of: asOf ?? null,
    ...perCurrency(byCurrency, balanceSheetIn(roots, all, new Map())),
    balanced: byCurrency.every((c) => c.balanced),
  };
}

/** One currency's income statement. */
function incomeStatementIn(roots: AccountNode[], all: AccountView[], sums: Map<string, Sums>) {
  const income = section('income', roots, all, sums);
  const expenses = section('expense', roots, all, sums);
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
  const net = income.total - expenses.total;
  return {
    income: income.section,
    expenses: expenses.section,
    depreciation: {
      key: 'DEPRECIATION' as const,
      account: depreciationHead?.id ?? null,
      name: depreciationHead?.name ?? 'Depreciation and Amortisation',
      total: toSafeNumber(depreciation),
    },
    net_income_before_depreciation: toSafeNumber(net + depreciation, 'net_income_before_depreciation'),
    net_income: toSafeNumber(net, 'net_income'),
  };
}

/** GET /reports/income_statement: income and expenses over posted entries dated within the period, per currency. */
export async function incomeStatement(db: Db, orgId: string, dateFrom: string | undefined, dateTo: string | undefined) {
  const { all, sums, reported, roots } = await reportInputs(db, orgId, { from: dateFrom, to: dateTo });
  // The currencies of the statement are those of its own accounts (income and expenses) in the period.
  const inScope = reported.filter((a) => a.type === 'income' || a.type === 'expense').map((a) => a.id);
  const byCurrency = currenciesOf(sums, inScope).map((currency) => ({ currency, ...incomeStatementIn(roots, all, sliceOf(sums, currency)) }));
  return {
    date_from: dateFrom ?? null,
    date_to: dateTo ?? null,
    ...perCurrency(byCurrency, incomeStatementIn(roots, all, new Map())),
  };
}
