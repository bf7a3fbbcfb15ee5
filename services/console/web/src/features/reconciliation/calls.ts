/** The Reconciliation page's calls to the ledger service (and the statement service, for its accounts). */
import type { LedgerPaths, LedgerSchemas } from '@finance/client';
import { answer, type JsonBody } from '../../shared/http';
import { ledger, saveDownload } from '../../shared/services';

export type Reconciliation = LedgerSchemas['Reconciliation'];
export type ReconciliationDetail = LedgerSchemas['ReconciliationDetail'];
export type LedgerAccount = LedgerSchemas['Account'];
export type Row = LedgerSchemas['ReconciliationRow'];
export type Entry = LedgerSchemas['ReconciliationEntry'];

export const loadReconciliations = () => answer(ledger.GET('/reconciliations', { params: { query: { limit: 100 } } }));
/** The accounts entries can be posted to. */
export const loadLedgerAccounts = async () => (await answer(ledger.GET('/accounts', { params: { query: { limit: 500, is_group: false } } }))).data;
export const startReconciliation = async (start: JsonBody<LedgerPaths, '/api/v1/reconciliations', 'post'>) =>
  (await answer(ledger.POST('/reconciliations', { body: start }))).data;

const path = (id: string) => ({ path: { reconciliation_id: id } });

/** A reconciliation with a page of each of its lists (matched, unmatched rows, unmatched entries). */
export const loadReconciliation = async (id: string, page: number, limit: number) =>
  (await answer(ledger.GET('/reconciliations/{reconciliation_id}', { params: { ...path(id), query: { page, limit } } }))).data;
/** Its bank reconciliation statement. */
export const loadBankStatement = async (id: string) => (await answer(ledger.GET('/reconciliations/{reconciliation_id}/statement', { params: path(id) }))).data;
/** The bank reconciliation statement as CSV, handed to the browser as a download; its file name. */
export const downloadBankStatement = (id: string) =>
  saveDownload(
    ledger.GET('/reconciliations/{reconciliation_id}/statement', { params: path(id), headers: { accept: 'text/csv' }, parseAs: 'blob' }),
    'reconciliation-statement.csv',
  );
/** The ledger account each statement category posts to, when a row is posted from its category. */
export const loadCategoryAccounts = async () => (await answer(ledger.GET('/reconciliation-category-accounts'))).data.accounts;

export const matchByHand = (id: string, rowAndEntries: JsonBody<LedgerPaths, '/api/v1/reconciliations/{reconciliation_id}/match', 'post'>) =>
  answer(ledger.POST('/reconciliations/{reconciliation_id}/match', { params: path(id), body: rowAndEntries }));
export const unmatchRow = (id: string, statementRow: string) =>
  answer(ledger.POST('/reconciliations/{reconciliation_id}/unmatch', { params: path(id), body: { statement_row: statementRow } }));
/** Reads the rows and entries again and matches what is new: what it took in and dropped. */
export const refreshReconciliation = async (id: string) =>
  (await answer(ledger.POST('/reconciliations/{reconciliation_id}/refresh', { params: path(id) }))).data;
/** Posts chosen unmatched rows to the books, each matched to its new transaction. */
export const postUnmatched = async (id: string, rows: JsonBody<LedgerPaths, '/api/v1/reconciliations/{reconciliation_id}/post-unmatched', 'post'>) =>
  (await answer(ledger.POST('/reconciliations/{reconciliation_id}/post-unmatched', { params: path(id), body: rows }))).data;
export const confirmReconciliation = (id: string, options: JsonBody<LedgerPaths, '/api/v1/reconciliations/{reconciliation_id}/confirm', 'post'>) =>
  answer(ledger.POST('/reconciliations/{reconciliation_id}/confirm', { params: path(id), body: options }));
