import { created, defineRoute, fieldsOf, idParam, listReply, noContent, ok } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import * as accounts from '../../domain/accounts';
import * as reports from '../../domain/reports';
import { accountTreeView, accountView, accountWriteView, seedResultView } from '../../views/accounts';
import { ACCOUNT_STATUSES } from '../../views/chart';
import { accountBalanceView } from '../../views/reports';
import * as s from './schemas';

const DEFAULT_TREE_STATUSES = new Set(ACCOUNT_STATUSES.filter((st) => st !== 'quarantined'));

const CHANGE_409 =
  'SYSTEM_ACCOUNT_LOCKED: a system account keeps its type, key and currency; ACCOUNT_HAS_ENTRIES: an account with entries cannot become a group; DUPLICATE_SOURCE_REF: another account has that source identity';
const CHANGE_422 =
  'INVALID_PARENT: the parent must be a group of the same type, not the account or beneath it; CURRENCY_MISMATCH: entries in another currency forbid the pin';

export function accountRoutes(db: Db) {
  return [
    defineRoute({
      method: 'get',
      path: '/accounts',
      permission: 'accounts:read',
      summary: 'List accounts in statement order (type, then source_ref, then name)',
      list: { fields: fieldsOf(accountView), filters: s.accountFilters },
      response: accountView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await accounts.listAccounts(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/tree',
      permission: 'accounts:read',
      summary: 'The whole chart nested, unpaginated, with the account type table',
      query: s.treeQuery,
      response: accountTreeView,
      handler: async ({ auth, query }) =>
        ok(
          await accounts.accountTree(db, auth.org.id, {
            statuses: query.status ? new Set(query.status) : DEFAULT_TREE_STATUSES,
            includeEmpty: query.include_empty ?? true,
          }),
        ),
    }),
    defineRoute({
      method: 'post',
      path: '/accounts/seed',
      permission: 'accounts:create',
      summary: 'Create the missing system groups: 201 when something was created, 200 when nothing was',
      response: seedResultView,
      status: [201, 200],
      handler: async ({ auth }) => {
        const result = await accounts.seedSystemAccounts(db, auth.org.id);
        return (result.created.length > 0 ? created : ok)(result);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/accounts',
      permission: 'accounts:create',
      summary: 'Create an account; idempotent on (source, source_ref): a re-post updates it (200, created false)',
      idempotent: true,
      body: s.accountCreateBody,
      response: accountWriteView,
      status: [201, 200],
      errors: {
        409: `A re-post's change is refused: ${CHANGE_409} (or IDEMPOTENCY_IN_PROGRESS)`,
        422: `${CHANGE_422} (or IDEMPOTENCY_KEY_REUSED)`,
      },
      handler: async ({ auth, body, db: ctxDb }) => {
        const { account, created: isNew } = await accounts.createAccount(asDb(ctxDb), auth.org.id, body);
        return (isNew ? created : ok)({ ...account, created: isNew });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id',
      permission: 'accounts:read',
      summary: 'One account',
      params: idParam('account_id'),
      response: accountView,
      handler: async ({ auth, params }) => ok(await accounts.getAccount(db, auth.org.id, params.account_id)),
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id/balance',
      permission: 'accounts:read',
      summary: "The account's balance by its normal balance over posted entries up to as_of; a group rolls up its descendants",
      params: idParam('account_id'),
      query: s.asOfQuery,
      response: accountBalanceView,
      errors: { 422: 'AMOUNT_OUT_OF_RANGE: a sum exceeds the largest amount JSON carries exactly' },
      handler: async ({ auth, params, query }) => ok(await reports.accountBalance(db, auth.org.id, params.account_id, query.as_of)),
    }),
    defineRoute({
      method: 'patch',
      path: '/accounts/:account_id',
      permission: 'accounts:edit',
      summary: 'Edit name, type, parent, is_group, description or status under the account rules',
      params: idParam('account_id'),
      body: s.accountPatchBody,
      response: accountView,
      errors: { 409: CHANGE_409, 422: CHANGE_422 },
      handler: async ({ auth, params, body }) => ok(await accounts.editAccount(db, auth.org.id, params.account_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/accounts/:account_id',
      permission: 'accounts:delete',
      summary: 'Delete an account without entries or children (otherwise retire it)',
      params: idParam('account_id'),
      errors: {
        409: 'SYSTEM_ACCOUNT_LOCKED: a system account cannot be deleted; ACCOUNT_HAS_ENTRIES, ACCOUNT_HAS_CHILDREN: retire it instead',
      },
      handler: async ({ auth, params }) => {
        await accounts.removeAccount(db, auth.org.id, params.account_id);
        return noContent();
      },
    }),
  ];
}
