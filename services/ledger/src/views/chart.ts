import { z } from 'zod';

/**
 * The fixed vocabulary of the chart of accounts as the API writes it: the five types with their normal
 * balance and statement (derived, never stored), and the account statuses. Repositories derive rows with it
 * and the domain reasons with it, so it sits below both.
 */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_STATUSES = ['active', 'retired', 'quarantined'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const NORMAL_BALANCES = ['debit', 'credit'] as const;
export type NormalBalance = (typeof NORMAL_BALANCES)[number];

export const STATEMENTS = ['balance_sheet', 'income_statement'] as const;
export type Statement = (typeof STATEMENTS)[number];

export const accountType = z.enum(ACCOUNT_TYPES);
export const accountStatus = z.enum(ACCOUNT_STATUSES);
export const normalBalance = z.enum(NORMAL_BALANCES);
export const statement = z.enum(STATEMENTS);

/** One row of the spec's type table. */
export const accountTypeRow = z.strictObject({ type: accountType, normal_balance: normalBalance, statement }).meta({ id: 'AccountTypeRow' });

/** The spec's type table, in statement order (also the account list order). */
export const TYPE_TABLE: readonly z.output<typeof accountTypeRow>[] = [
  { type: 'asset', normal_balance: 'debit', statement: 'balance_sheet' },
  { type: 'liability', normal_balance: 'credit', statement: 'balance_sheet' },
  { type: 'equity', normal_balance: 'credit', statement: 'balance_sheet' },
  { type: 'income', normal_balance: 'credit', statement: 'income_statement' },
  { type: 'expense', normal_balance: 'debit', statement: 'income_statement' },
];

const BY_TYPE = new Map(TYPE_TABLE.map((row) => [row.type, row]));

export function normalBalanceOf(type: AccountType): NormalBalance {
  return (BY_TYPE.get(type) ?? TYPE_TABLE[0]!).normal_balance;
}

export function statementOf(type: AccountType): Statement {
  return (BY_TYPE.get(type) ?? TYPE_TABLE[0]!).statement;
}
