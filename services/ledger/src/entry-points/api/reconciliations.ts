import { created, defineRoute, fieldsOf, ForbiddenError, grants, idParam, listReply, ok } from '@finance/platform';
import type { Db } from '../../domain/db';
import * as reconciliations from '../../domain/reconciliations';
import { postUnmatchedResultView, reconciliationDetailView, reconciliationView } from '../../views/reconciliations';
import * as s from './schemas';

const CONFIRMED_409 = 'RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change';

/** Reconciliations (issue 13): they read the statement service with the caller's own credentials. */
export function reconciliationRoutes(db: Db, options: { statementReaderFor: reconciliations.StatementReaderFor }) {
  // The statement service is read with the caller's own credentials (its scopes there decide what may be read).
  const statementFor = (req: { header(name: string): string | undefined }) =>
    options.statementReaderFor({ apiKey: req.header('api-key') ?? '', apiSecret: req.header('api-secret') ?? '' });
  return [
    defineRoute({
      method: 'post',
      path: '/reconciliations',
      permission: 'reconciliations:create',
      summary:
        "Reconcile a ledger account against a statement account over a period: reads the statement rows with the caller's credentials, matches them to posted entries, stores the result and the drift",
      body: s.reconciliationCreateBody,
      response: reconciliationView,
      errors: {
        403: "FORBIDDEN: the key's scopes do not include reconciliations:create, or the statement service refused to let it read the statement account",
        404: 'NOT_FOUND: the ledger account or the statement account is not one of the organization of the key',
        422: 'GROUP_ACCOUNT: reconcile a postable account; CURRENCY_MISMATCH: the ledger account is pinned to another currency than the statement account',
        502: 'UPSTREAM_UNAVAILABLE: the statement service could not be reached or did not accept the key; nothing was stored',
      },
      handler: async ({ auth, body, req }) => created(await reconciliations.createReconciliation(db, auth.org.id, statementFor(req), body)),
    }),
    defineRoute({
      method: 'get',
      path: '/reconciliations',
      permission: 'reconciliations:read',
      summary: 'List reconciliations by created_at, newest first by default (summary and counts; the lists are on the detail); filter status',
      list: { fields: fieldsOf(reconciliationView), filters: s.reconciliationFilters, sort: { columns: ['created_at'], default: 'created_at' } },
      response: reconciliationView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await reconciliations.listReconciliations(db, auth.org.id, list, list.filters.status);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reconciliations/:reconciliation_id',
      permission: 'reconciliations:read',
      summary:
        'One reconciliation with a page of each list: matched (rows with their entries), unmatched_rows, unmatched_entries; page and limit apply to each',
      params: idParam('reconciliation_id'),
      query: s.reconciliationDetailQuery,
      response: reconciliationDetailView,
      handler: async ({ auth, params, query }) =>
        ok(await reconciliations.reconciliationDetail(db, auth.org.id, params.reconciliation_id, query.page ?? 1, query.limit ?? 100)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/match',
      permission: 'reconciliations:edit',
      summary: 'Match a statement row to entries of this reconciliation that sum to it exactly (rule manual); open reconciliations only',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.reconciliationMatchBody,
      response: reconciliationView,
      errors: {
        409: `${CONFIRMED_409}; ALREADY_MATCHED: the row is matched already (unmatch it first)`,
        422: 'ROW_NOT_IN_RECONCILIATION, AMOUNT_NOT_WHOLE, ENTRY_NOT_AVAILABLE (not part of it, or matched already), AMOUNT_MISMATCH: the entries do not sum to the row',
      },
      handler: async ({ auth, params, body }) =>
        ok(await reconciliations.matchManually(db, auth.org.id, params.reconciliation_id, body.statement_row, body.entries)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/unmatch',
      permission: 'reconciliations:edit',
      summary: 'Unmatch a statement row and its entries; open reconciliations only',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.reconciliationUnmatchBody,
      response: reconciliationView,
      errors: {
        409: `${CONFIRMED_409}; NOT_MATCHED: the row is not matched`,
        422: 'ROW_NOT_IN_RECONCILIATION: the statement row is not part of this reconciliation',
      },
      handler: async ({ auth, params, body }) => ok(await reconciliations.unmatch(db, auth.org.id, params.reconciliation_id, body.statement_row)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/confirm',
      permission: 'reconciliations:edit',
      summary: 'Confirm: immutable afterwards (409); its matched rows and entries belong to no other confirmed reconciliation (409 ALREADY_RECONCILED)',
      status: 200,
      params: idParam('reconciliation_id'),
      response: reconciliationView,
      errors: { 409: `${CONFIRMED_409}; ALREADY_RECONCILED: a matched row or entry belongs to another confirmed reconciliation` },
      handler: async ({ auth, params }) => ok(await reconciliations.confirmReconciliation(db, auth.org.id, params.reconciliation_id)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/post-unmatched',
      permission: 'transactions:create',
      summary:
        'Needs reconciliations:edit too. Post one balanced transaction per unmatched row (counter-account by category, or default_account; source statement, source_ref the row id: a repeat creates nothing twice) and match it',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.postUnmatchedBody,
      response: postUnmatchedResultView,
      errors: {
        403: "FORBIDDEN: the key's scopes do not include both transactions:create and reconciliations:edit",
        409: CONFIRMED_409,
        422: 'A posting rule refused the transaction of a row (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); the message names the row; nothing was posted',
      },
      handler: async ({ auth, params, body }) => {
        // It posts transactions (the route's permission) and changes the reconciliation: both are needed.
        if (!grants(auth.preset, auth.scopes, 'reconciliations:edit')) throw new ForbiddenError('reconciliations:edit');
        return ok(await reconciliations.postUnmatched(db, auth.org.id, params.reconciliation_id, body));
      },
    }),
  ];
}
