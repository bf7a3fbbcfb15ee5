/** The Statements page's calls to the statement service. */
import { formData, type StatementPaths, type StatementSchemas } from '@finance/client';
import { answer, type Query } from '../../shared/http';
import { statement } from '../../shared/services';

export type Statement = StatementSchemas['Statement'];
export type StatementQuery = Query<StatementPaths, '/api/v1/statements', 'get'>;

export const loadStatements = (query: StatementQuery) => answer(statement.GET('/statements', { params: { query } }));

/** Uploads a file (a multipart form, as the service takes it); the worker reads it. */
export const uploadStatement = (upload: { file: File; account_id?: string; password?: string }) =>
  answer(statement.POST('/statements', { body: upload, bodySerializer: formData }));

/** What a stalled statement needs to carry on: the file's password, the account number, or acceptance of its rows. */
export const resumeStatement = (id: string, with_: { password: string } | { acc_no: string } | 'accept') => {
  const params = { path: { statement_id: id } };
  if (with_ === 'accept') return answer(statement.POST('/statements/{statement_id}/accept', { params, body: {} }));
  if ('password' in with_) return answer(statement.POST('/statements/{statement_id}/password', { params, body: with_ }));
  return answer(statement.POST('/statements/{statement_id}/account-number', { params, body: with_ }));
};

/** The statement's own rows, in file order (the first 500). */
export const loadStatementRows = (id: string) =>
  answer(statement.GET('/transactions', { params: { query: { statement_id: id, limit: 500, sort_order: 'ASC' } } }));

export type StatementAccount = StatementSchemas['Account'];
export type AccountCorrection = Partial<Pick<StatementAccount, 'name' | 'category' | 'currency'>>;

/** Renames a statement account or corrects its kind or currency (the service refuses a currency once it holds rows). */
export const correctAccount = (id: string, body: AccountCorrection) =>
  answer(statement.PATCH('/accounts/{account_id}', { params: { path: { account_id: id } }, body }));

/** A mapping of a statement's layout (POST /statements/<id>/layout, issue 33), as the layout screen builds it. */
export type LayoutMapping = NonNullable<StatementPaths['/api/v1/statements/{statement_id}/layout']['post']['requestBody']>['content']['application/json'];

/** Saves the mapping of a statement stalled with LAYOUT_NOT_RECOGNISED; the service reads the file with it. */
export const saveLayout = (id: string, mapping: LayoutMapping) =>
  answer(statement.POST('/statements/{statement_id}/layout', { params: { path: { statement_id: id } }, body: mapping }));
