/** The Transactions page's calls to the statement service. */
import type { StatementPaths } from '@finance/client';
import { answer, type JsonBody, type Query } from '../../shared/http';
import { statement } from '../../shared/services';

export type TransactionQuery = Query<StatementPaths, '/api/v1/transactions', 'get'>;

/** A page of the rows that pass the filters, with the page context (total, has_more). */
export const loadTransactions = (query: TransactionQuery) => answer(statement.GET('/transactions', { params: { query } }));

/** Sets a row's category or entity; the row as stored. */
export const editTransaction = async (id: string, change: JsonBody<StatementPaths, '/api/v1/transactions/{transaction_id}', 'patch'>) =>
  (await answer(statement.PATCH('/transactions/{transaction_id}', { params: { path: { transaction_id: id } }, body: change }))).data;
