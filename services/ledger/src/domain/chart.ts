import { normalBalanceOf, type AccountType } from '../views/chart';

/**
 * The chart's rules beyond its vocabulary (views/chart.ts): balances by the normal-balance rule, and the
 * system groups every organization is seeded with.
 */

/** A balance by the normal-balance rule: debit-normal is debit - credit, credit-normal is credit - debit. */
export function signedBalance(type: AccountType, debit: bigint, credit: bigint): bigint {
  return normalBalanceOf(type) === 'debit' ? debit - credit : credit - debit;
}

export const SYSTEM_SOURCE = 'system';

export interface SystemGroup {
  key: string;
  name: string;
  type: AccountType;
  /** The key of the system group it sits under; null at the top. */
  parent: string | null;
}

/**
 * The system groups, parents before children. The spec gives keys and names only; types and nesting are
 * this service's reading of the names (see README): CLEARING is a liability heading, DEPRECIATION an expense one.
 * The seed itself is the SQL function ledger.seed_system_groups (migration 20261124110000_organization_created_hook),
 * which the admin CLI runs without this code; this list names the same groups for the reports, and
 * test/seed-hook.test.ts holds the two equal. A group added later goes into both, the function through a new
 * migration that replaces it; the next seed of every organization then creates it.
 */
export const SYSTEM_GROUPS: readonly SystemGroup[] = [
  { key: 'ASSETS', name: 'Assets', type: 'asset', parent: null },
  { key: 'CURRENT_ASSETS', name: 'Current Assets', type: 'asset', parent: 'ASSETS' },
  { key: 'CASH', name: 'Cash and Cash Equivalents', type: 'asset', parent: 'CURRENT_ASSETS' },
  { key: 'RECEIVABLES', name: 'Accounts Receivable', type: 'asset', parent: 'CURRENT_ASSETS' },
  { key: 'NON_CURRENT_ASSETS', name: 'Non-Current Assets', type: 'asset', parent: 'ASSETS' },
  { key: 'LIABILITIES', name: 'Liabilities', type: 'liability', parent: null },
  { key: 'CURRENT_LIABILITIES', name: 'Current Liabilities', type: 'liability', parent: 'LIABILITIES' },
  { key: 'PAYABLES', name: 'Accounts Payable', type: 'liability', parent: 'CURRENT_LIABILITIES' },
  { key: 'NON_CURRENT_LIABILITIES', name: 'Non-Current Liabilities', type: 'liability', parent: 'LIABILITIES' },
  { key: 'CLEARING', name: 'Clearing Accounts', type: 'liability', parent: 'LIABILITIES' },
  { key: 'EQUITY', name: 'Equity', type: 'equity', parent: null },
  { key: 'INCOME', name: 'Income', type: 'income', parent: null },
  { key: 'EXPENSES', name: 'Expenses', type: 'expense', parent: null },
  { key: 'DEPRECIATION', name: 'Depreciation and Amortisation', type: 'expense', parent: 'EXPENSES' },
];

/** The system group that heads each type's section of the statements. */
export const SECTION_KEY: Record<AccountType, string> = {
  asset: 'ASSETS',
  liability: 'LIABILITIES',
  equity: 'EQUITY',
  income: 'INCOME',
  expense: 'EXPENSES',
};
