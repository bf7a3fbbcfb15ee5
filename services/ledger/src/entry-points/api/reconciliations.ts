import { created, defineRoute, fieldsOf, ForbiddenError, grants, idParam, listReply, ok } from '@finance/platform';
import type { Db } from '../../domain/db';
import * as reconciliations from '../../domain/reconciliations';
import {
  categoryAccountsView,
  postDifferencesResultView,
  postUnmatchedResultView,
  reconciliationDetailView,
  reconciliationStatementView,
  reconciliationView,
  refreshResultView,
} from '../../views/reconciliations';
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
        "Reconcile a ledger account against a statement account over a period: reads the statement rows with the caller's credentials, matches them to posted entries (within the tolerance, if given), stores the result and the drift against the bank's printed balance",
      body: s.reconciliationCreateBody,
      response: reconciliationView,
      errors: {
        403: "FORBIDDEN: the key's scopes do not include reconciliations:create, or the statement service refused to let it read the statement account",
        404: 'NOT_FOUND: the ledger account or the statement account is not one of the organization of the key',
        422: 'GROUP_ACCOUNT: reconcile a postable account; CURRENCY_MISMATCH: the ledger account is pinned to another currency than the statement account; CURRENCY_NOT_SUPPORTED: the currency has more decimals (ISO 4217) than the milli-units statement amounts are kept in',
        502: 'UPSTREAM_UNAVAILABLE: the statement service could not be reached or did not accept the key; nothing was stored',
      },
      handler: async ({ auth, body, req }) => {
        const { tolerance, ...rest } = body;
        const input: reconciliations.ReconciliationCreateInput = {
          ...rest,
          tolerance: !tolerance
            ? null
            : 'absolute' in tolerance
              ? { absolute: BigInt(tolerance.absolute) }
              : { basisPoints: Math.round(tolerance.percent * 100) },
        };
        return created(await reconciliations.createReconciliation(db, auth.org.id, statementFor(req), input));
      },
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
      summary:
        'Match a statement row to entries of this reconciliation that sum to it exactly, or within its tolerance (rule manual); open reconciliations only',
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
        409: `${CONFIRMED_409}; NOT_MATCHED: the row is not matched; DIFFERENCE_POSTED: the row's difference was posted`,
        422: 'ROW_NOT_IN_RECONCILIATION: the statement row is not part of this reconciliation',
      },
      handler: async ({ auth, params, body }) => ok(await reconciliations.unmatch(db, auth.org.id, params.reconciliation_id, body.statement_row)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/confirm',
      permission: 'reconciliations:edit',
      summary:
        'Confirm: immutable afterwards (409); its matched rows and entries belong to no other confirmed reconciliation (409 ALREADY_RECONCILED). Optional body {"post_differences_to": <account>} posts the differences first (needs transactions:create too)',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.reconciliationConfirmBody,
      bodyOptional: true,
      response: reconciliationView,
      errors: {
        403: 'FORBIDDEN: post_differences_to with a key without transactions:create',
        409: `${CONFIRMED_409}; ALREADY_RECONCILED: a matched row or entry belongs to another confirmed reconciliation; PERIOD_CLOSED: post_differences_to, and date_to is in the closed period; DIFFERENCE_POSTED_ELSEWHERE: with post_differences_to, as post-differences`,
        422: 'A posting rule refused the transaction of the differences (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); nothing was posted or confirmed',
      },
      handler: async ({ auth, params, body }) => {
        const to = body.post_differences_to;
        if (to && !grants(auth.preset, auth.scopes, 'transactions:create')) throw new ForbiddenError('transactions:create');
        return ok(await reconciliations.confirmReconciliation(db, auth.org.id, params.reconciliation_id, { post_differences_to: to }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/refresh',
      permission: 'reconciliations:edit',
      summary:
        'Take in the statement rows and posted ledger entries that appeared since the reconciliation was opened and match what is unmatched again (matches, manual ones included, stay); the bank figures and the ledger balance are read again',
      status: 200,
      params: idParam('reconciliation_id'),
      response: refreshResultView,
      errors: {
        403: "FORBIDDEN: the key's scopes do not include reconciliations:edit, or the statement service refused to let it read the statement account",
        409: CONFIRMED_409,
        502: 'UPSTREAM_UNAVAILABLE: the statement service could not be reached or did not accept the key; nothing was changed',
      },
      handler: async ({ auth, params, req }) => ok(await reconciliations.refreshReconciliation(db, auth.org.id, statementFor(req), params.reconciliation_id)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/post-differences',
      permission: 'transactions:create',
      summary:
        'Needs reconciliations:edit too. Post the differences of matched rows not posted yet to an account (bank charges) as one transaction, source reconciliation, matched to their rows',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.postDifferencesBody,
      response: postDifferencesResultView,
      errors: {
        403: "FORBIDDEN: the key's scopes do not include both transactions:create and reconciliations:edit",
        409: `${CONFIRMED_409}; PERIOD_CLOSED: date_to, the date of the differences' transaction, is in the closed period; nothing was posted; DIFFERENCE_POSTED_ELSEWHERE: another reconciliation posted a different difference of a row (or to another ledger account), named in details; nothing was posted (a row whose same difference another reconciliation posted takes that posting instead of a second one)`,
        422: 'A posting rule refused the transaction (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); nothing was posted',
      },
      handler: async ({ auth, params, body }) => {
        if (!grants(auth.preset, auth.scopes, 'reconciliations:edit')) throw new ForbiddenError('reconciliations:edit');
        return ok(await reconciliations.postDifferences(db, auth.org.id, params.reconciliation_id, body.account));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reconciliations/:reconciliation_id/statement',
      permission: 'reconciliations:read',
      summary:
        'The bank reconciliation statement on date_to: balance per bank, plus deposits in transit, less unpresented cheques and payments, less items in the bank not yet in the books, equals the balance per books (unexplained: what is not accounted for); JSON, or CSV with Accept: text/csv',
      params: idParam('reconciliation_id'),
      response: reconciliationStatementView,
      handler: async ({ auth, params, req, res }) => {
        const report = await reconciliations.reconciliationStatement(db, auth.org.id, params.reconciliation_id);
        if (req.accepts(['application/json', 'text/csv']) === 'text/csv') {
          const names = await reconciliations.accountNames(db, auth.org.id, statementFor(req), report);
          const csv = reconciliations.reconciliationStatementCsv(report, names);
          res.attachment(`reconciliation-${report.reconciliation}.csv`);
          // The platform checks the reply against the declaration and sends it with res.json: this answer sends
          // the same report as CSV instead.
          res.json = () => res.type('text/csv; charset=utf-8').send(csv);
        }
        return ok(report);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reconciliation-category-accounts',
      permission: 'reconciliations:read',
      summary: "The organization's counter-account per statement category, used by post-unmatched for rows given none of their own",
      response: categoryAccountsView,
      handler: async ({ auth }) => ok(await reconciliations.getCategoryAccounts(db, auth.org.id)),
    }),
    defineRoute({
      method: 'put',
      path: '/reconciliation-category-accounts',
      permission: 'reconciliations:edit',
      summary: "Replace the organization's counter-account per statement category (every account the organization's and postable)",
      body: s.categoryAccountsBody,
      response: categoryAccountsView,
      errors: { 422: 'ACCOUNT_NOT_FOUND, GROUP_ACCOUNT: naming accounts.<category>; nothing was changed' },
      handler: async ({ auth, body }) => ok(await reconciliations.putCategoryAccounts(db, auth.org.id, body.accounts)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/post-unmatched',
      permission: 'transactions:create',
      summary:
        "Needs reconciliations:edit too. Post one balanced transaction per unmatched row, or per row of `rows` (counter-account: the row's own, else accounts by category, else the organization's mapping, else default_account; source statement, source_ref the row id: a repeat creates nothing twice) and match it; rows that now have a candidate entry are refused unless post_anyway",
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.postUnmatchedBody,
      response: postUnmatchedResultView,
      errors: {
        403: "FORBIDDEN: the key's scopes do not include both transactions:create and reconciliations:edit",
        409: `${CONFIRMED_409}; ROWS_HAVE_CANDIDATES: rows that now have a candidate entry in the ledger (refresh, or post_anyway), named in details; ALREADY_MATCHED: a row of rows is matched already; PERIOD_CLOSED: a row to post is dated in the closed period (nothing was posted)`,
        422: 'ROW_NOT_IN_RECONCILIATION: a row of rows is not part of it; a posting rule refused the transaction of a row (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH), the message names the row; nothing was posted',
      },
      handler: async ({ auth, params, body }) => {
        // It posts transactions (the route's permission) and changes the reconciliation: both are needed.
        if (!grants(auth.preset, auth.scopes, 'reconciliations:edit')) throw new ForbiddenError('reconciliations:edit');
        return ok(await reconciliations.postUnmatched(db, auth.org.id, params.reconciliation_id, body));
      },
    }),
  ];
}
