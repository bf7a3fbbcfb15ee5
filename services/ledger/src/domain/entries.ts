import { ValidationError, type ListQuery } from '@finance/platform';
import type { Db } from '../data-access/db';
import { resolveAccountIds } from '../data-access/accounts.repo';
import { findEntryPage } from '../data-access/entries.repo';
import type { AccountType } from '../views/chart';
import type { TransactionStatus } from '../views/transactions';

export interface EntryQuery {
  account?: string;
  account_subtree?: string;
  account_type?: AccountType;
  /** The parent's status; posted unless asked otherwise, `all` for every status. */
  status?: TransactionStatus | 'all';
  type?: string;
  transaction?: string;
  has_dimension?: boolean;
  dimensions: Record<string, string>;
}

/** GET /entries: read-only, over the organization's entries, narrowed by account, parent and dimensions. */
export async function listEntries(db: Db, orgId: string, list: ListQuery, q: EntryQuery) {
  if (q.has_dimension !== undefined && Object.keys(q.dimensions).length > 0) {
    throw ValidationError.field('has_dimension', 'cannot be combined with a dimension.<key> filter');
  }
  let accountIds: string[] | undefined;
  if (q.account !== undefined || q.account_subtree !== undefined || q.account_type !== undefined) {
    // Narrowing by account starts from the organization's own accounts; an unknown id matches nothing.
    accountIds = await resolveAccountIds(db, orgId, { account: q.account, subtreeOf: q.account_subtree, type: q.account_type });
    if (accountIds.length === 0) return { rows: [], total: 0 };
  }
  const status = q.status ?? 'posted';
  return findEntryPage(db, orgId, list, {
    accountIds,
    status: status === 'all' ? undefined : status,
    type: q.type,
    transaction: q.transaction,
    dimensions: q.dimensions,
    hasDimension: q.has_dimension,
  });
}
