/** The Ledger page's calls to the ledger service. */
import type { LedgerPaths, LedgerSchemas } from '@finance/client';
import { answer, type JsonBody } from '../../shared/http';
import { ledger } from '../../shared/services';

/**
 * One currency's figures of a report: an entry of its `by_currency`, or, when no money is posted in scope, its
 * top level (zeros under no currency). Reports never add currencies together.
 */
export type Figures<InCurrency extends { currency: string }> = Omit<InCurrency, 'currency'> & { currency: string | null };
export type BalanceSheetFigures = Figures<LedgerSchemas['BalanceSheetInCurrency']>;
export type IncomeFigures = Figures<LedgerSchemas['IncomeStatementInCurrency']>;
export type TrialFigures = Figures<LedgerSchemas['TrialBalanceInCurrency']>;
export type Section = LedgerSchemas['ReportSection'];
export type ReportNode = LedgerSchemas['ReportNode'];
export type TreeNode = LedgerSchemas['AccountNode'];
export type LedgerTransaction = LedgerSchemas['Transaction'];

export const loadBalanceSheet = async (asOf: string) => (await answer(ledger.GET('/reports/balance_sheet', { params: { query: { as_of: asOf } } }))).data;
/** Income and expenses from `from` (from the first entry without) to `to`. */
export const loadIncomeStatement = async (from: string | undefined, to: string) =>
  (await answer(ledger.GET('/reports/income_statement', { params: { query: { date_from: from, date_to: to } } }))).data;
export const loadTrialBalance = async (asOf: string) => (await answer(ledger.GET('/reports/trial_balance', { params: { query: { as_of: asOf } } }))).data;

export const loadAccountTree = async () => (await answer(ledger.GET('/accounts/tree'))).data.accounts;
/** Creates the standard account groups of an empty chart of accounts. */
export const seedAccounts = () => answer(ledger.POST('/accounts/seed'));

/** An account's latest 200 entries, newest first, drafts and voided ones included. */
export const loadEntries = (accountId: string) =>
  answer(ledger.GET('/entries', { params: { query: { account: accountId, status: 'all', sort_order: 'DESC', limit: 200 } } }));

export const loadRecentTransactions = () => answer(ledger.GET('/transactions', { params: { query: { limit: 20, sort_order: 'DESC' } } }));
export const postTransaction = async (transaction: JsonBody<LedgerPaths, '/api/v1/transactions', 'post'>) =>
  (await answer(ledger.POST('/transactions', { body: transaction }))).data;
/** Posts the opposite entries on `date`; the transaction stays posted and the two cancel out. */
export const reverseTransaction = (id: string, date: string) =>
  answer(ledger.POST('/transactions/{transaction_id}/reverse', { params: { path: { transaction_id: id } }, body: { date } }));

/** A postable account (or group) under a group of the chart; its type is the group's. */
export const createAccount = async (account: JsonBody<LedgerPaths, '/api/v1/accounts', 'post'>) =>
  (await answer(ledger.POST('/accounts', { body: account }))).data;
/** Renames, moves (a new parent group of the same type) or archives (`status: 'retired'`) an account. */
export const editAccount = async (id: string, patch: JsonBody<LedgerPaths, '/api/v1/accounts/{account_id}', 'patch'>) =>
  (await answer(ledger.PATCH('/accounts/{account_id}', { params: { path: { account_id: id } }, body: patch }))).data;
