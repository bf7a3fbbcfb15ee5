import { NotFoundError, sql, type ListQuery } from '@finance/platform';
import type { Db } from '../data-access/db';
import { withStatementTimeout, type QueryLimits } from '../data-access/budget';
import { conditionsSql } from '../data-access/matching';
import type { ConditionInput } from '../views/conditions';
import * as repo from '../data-access/transactions.repo';
import type { TransactionView } from '../views/transactions';
import { prepareConditions, timeoutHint } from './conditions';

export async function listTransactions(db: Db, orgId: string, list: ListQuery, filters: repo.TransactionFilters): Promise<repo.Page> {
  return repo.findTransactionPage(db, orgId, list, filters);
}

export async function getTransaction(db: Db, orgId: string, id: string): Promise<TransactionView> {
  const row = await repo.findTransaction(db, orgId, id);
  if (!row) throw new NotFoundError(`transaction ${id} not found`);
  return row;
}

/** Manual categorisation: sets only the fields sent; blank text clears a field. */
export async function editTransaction(db: Db, orgId: string, id: string, edit: repo.TransactionEdit): Promise<TransactionView> {
  if (!(await repo.updateTransaction(db, orgId, id, edit))) throw new NotFoundError(`transaction ${id} not found`);
  return getTransaction(db, orgId, id);
}

export interface SearchInput {
  conditions: ConditionInput[];
  currency?: string;
  page: number;
  limit: number;
  sort_by: keyof typeof repo.SEARCH_SORT_COLUMNS;
  sort_order: 'ASC' | 'DESC';
}

/** The rule-style search: the matching engine's WHERE, a page and the full match count, under a statement timeout. */
export async function searchTransactions(db: Db, limits: QueryLimits, orgId: string, input: SearchInput): Promise<repo.Page> {
  const conditions = await prepareConditions(db, input.conditions);
  const match = input.currency ? sql`${conditionsSql(conditions)} AND ${repo.currencyCondition(orgId, input.currency)}` : conditionsSql(conditions);
  return withStatementTimeout(db, limits.queryTimeoutMs, timeoutHint(conditions), (tx) =>
    repo.findMatchingPage(tx, orgId, match, {
      limit: input.limit,
      offset: (input.page - 1) * input.limit,
      sort: { by: input.sort_by, order: input.sort_order },
      sortColumns: repo.SEARCH_SORT_COLUMNS,
    }),
  );
}
