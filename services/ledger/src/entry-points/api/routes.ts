import { created, defineRoute, ForbiddenError, grants, idParam, listReply, noContent, ok, zodToValidationError, type Pool } from '@finance/platform';
import * as bulk from '../../domain/bulk';
import * as accounts from '../../domain/accounts';
import { ACCOUNT_STATUSES } from '../../domain/chart';
import * as entries from '../../domain/entries';
import * as reconciliations from '../../domain/reconciliations';
import * as reports from '../../domain/reports';
import * as transactions from '../../domain/transactions';
import * as s from './schemas';

const accountFields = [
  'id', 'name', 'type', 'parent', 'is_group', 'description', 'source', 'source_ref', 'status', 'currency', 'normal_balance', 'statement', 'created_at',
  'updated_at',
] as const;
const transactionFields = [
  'id', 'date', 'time', 'narration', 'type', 'status', 'currency', 'source', 'source_ref', 'details', 'reverses', 'reversed_by', 'entries',
  'total_debit', 'total_credit', 'created_at', 'updated_at',
] as const;
const entryFields = [
  'id', 'transaction', 'account', 'debit', 'credit', 'memo', 'dimensions', 'date', 'narration', 'transaction_type', 'transaction_status', 'currency',
  'source', 'source_ref',
] as const;

const reconciliationFields = [
  'id', 'ledger_account', 'statement_account', 'currency', 'date_from', 'date_to', 'date_window_days', 'status', 'statement_balance', 'statement_balance_milli',
  'ledger_balance', 'drift', 'drift_milli', 'matched_count', 'unmatched_row_count', 'unmatched_entry_count', 'created_at', 'updated_at', 'confirmed_at',
] as const;

const DEFAULT_TREE_STATUSES = new Set(ACCOUNT_STATUSES.filter((st) => st !== 'quarantined'));

/** Every route of the ledger service, declared as data (whoami comes from the platform). */
export function ledgerRoutes(pool: Pool, options: { statementReaderFor: reconciliations.StatementReaderFor }) {
  // The statement service is read with the caller's own credentials (its scopes there decide what may be read).
  const statementFor = (req: { header(name: string): string | undefined }) =>
    options.statementReaderFor({ apiKey: req.header('api-key') ?? '', apiSecret: req.header('api-secret') ?? '' });
  return [
    // Transactions
    defineRoute({
      method: 'post',
      path: '/transactions',
      permission: 'transactions:create',
      summary: 'Create a transaction and its entries atomically; idempotent on (source, source_ref): 201 new, 200 re-post',
      // For transactions without a source identity, an Idempotency-Key makes a retry safe too.
      idempotent: true,
      body: s.transactionCreateBody,
      handler: async ({ auth, body }) => {
        const { transaction, created: isNew } = await transactions.createTransaction(pool, auth.org.id, body);
        return (isNew ? created : ok)({ ...transaction, created: isNew });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/transactions/bulk',
      permission: 'transactions:create',
      summary:
        'Create 1 to 500 transactions, each as POST /transactions would (rules, source identity); atomic: all or nothing. One result per item: index, status, data or error',
      status: 200,
      idempotent: true,
      body: s.transactionBulkBody,
      handler: async ({ auth, body, req }) => {
        const items: bulk.BulkItemInput[] = body.transactions.map((item) => {
          const parsed = s.transactionCreateBody.safeParse(item);
          return parsed.success ? { ok: parsed.data } : { error: zodToValidationError(parsed.error) };
        });
        const outcome = await bulk.postBulk(pool, auth.org.id, items, body.atomic);
        if (!outcome.stored) {
          // All or nothing: the first failure, as the error of the whole request, naming its index.
          const { index, status, error } = outcome.failure;
          const e = error as bulk.BulkItemError;
          return {
            status,
            body: {
              error: {
                code: e.code,
                message: `transactions[${index}]: ${e.message}`,
                details: (e.details ?? [{ path: '', message: e.message }]).map((d) => ({ path: `transactions[${index}]${d.path ? `.${d.path}` : ''}`, message: d.message })),
                index,
                request_id: req.id,
              },
            },
          };
        }
        const tally = (test: (r: bulk.BulkItemResult) => boolean) => outcome.results.filter(test).length;
        return ok({
          atomic: body.atomic,
          created: tally((r) => r.status === 201),
          existing: tally((r) => r.status === 200),
          failed: tally((r) => r.error !== undefined),
          results: outcome.results,
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/transactions/:transaction_id/reverse',
      permission: 'transactions:create',
      summary:
        'Reverse a posted transaction: a new posted one with debits and credits swapped (reverses), the original void (reversed_by), atomically; 409 when already reversed',
      idempotent: true,
      params: idParam('transaction_id'),
      body: s.transactionReverseBody,
      bodyOptional: true,
      handler: async ({ auth, params, body }) => {
        const { transaction, created: isNew } = await transactions.reverseTransaction(pool, auth.org.id, params.transaction_id, body);
        return (isNew ? created : ok)({ ...transaction, created: isNew });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/transactions',
      permission: 'transactions:read',
      summary: 'List transactions: date, time (rows without time last), created_at, id; newest first by default',
      query: s.transactionListQuery,
      list: {
        fields: transactionFields,
        filters: s.transactionFilters,
        ranges: { date: 'date' },
        sort: { columns: ['date'], default: 'date' },
        prefixes: ['dimension.'],
      },
      handler: async ({ auth, list, query }) => {
        const includeEntries = query.include_entries ?? true;
        const { rows, total } = await transactions.listTransactions(
          pool,
          auth.org.id,
          list,
          { ...list.filters, dimensions: list.prefixed['dimension.'] },
          includeEntries && (list.fields === null || list.fields.includes('entries')),
        );
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/transactions/:transaction_id',
      permission: 'transactions:read',
      summary: 'One transaction with its entries and totals',
      params: idParam('transaction_id'),
      handler: async ({ auth, params }) => ok(await transactions.getTransaction(pool, auth.org.id, params.transaction_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/transactions/:transaction_id',
      permission: 'transactions:edit',
      summary: 'Change the status ({status}, per the transition table) or edit a draft (entries replaced wholesale)',
      params: idParam('transaction_id'),
      body: s.transactionPatchBody,
      handler: async ({ auth, params, body }) => {
        const { status, ...content } = body;
        return ok(
          status !== undefined
            ? await transactions.changeTransactionStatus(pool, auth.org.id, params.transaction_id, status)
            : await transactions.editTransactionContent(pool, auth.org.id, params.transaction_id, content),
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/transactions/:transaction_id',
      permission: 'transactions:delete',
      summary: 'Delete a draft (a posted transaction is voided, never deleted)',
      params: idParam('transaction_id'),
      handler: async ({ auth, params }) => {
        await transactions.removeTransaction(pool, auth.org.id, params.transaction_id);
        return noContent();
      },
    }),

    // Accounts
    defineRoute({
      method: 'get',
      path: '/accounts',
      permission: 'accounts:read',
      summary: 'List accounts in statement order (type, then source_ref, then name)',
      list: { fields: accountFields, filters: s.accountFilters },
      handler: async ({ auth, list }) => {
        const { rows, total } = await accounts.listAccounts(pool, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/tree',
      permission: 'accounts:read',
      summary: 'The whole chart nested, unpaginated, with the account type table',
      query: s.treeQuery,
      handler: async ({ auth, query }) =>
        ok(
          await accounts.accountTree(pool, auth.org.id, {
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
      handler: async ({ auth }) => {
        const result = await accounts.seedSystemAccounts(pool, auth.org.id);
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
      handler: async ({ auth, body }) => {
        const { account, created: isNew } = await accounts.createAccount(pool, auth.org.id, body);
        return (isNew ? created : ok)({ ...account, created: isNew });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id',
      permission: 'accounts:read',
      summary: 'One account',
      params: idParam('account_id'),
      handler: async ({ auth, params }) => ok(await accounts.getAccount(pool, auth.org.id, params.account_id)),
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id/balance',
      permission: 'accounts:read',
      summary: "The account's balance by its normal balance over posted entries up to as_of; a group rolls up its descendants",
      params: idParam('account_id'),
      query: s.asOfQuery,
      handler: async ({ auth, params, query }) => ok(await reports.accountBalance(pool, auth.org.id, params.account_id, query.as_of)),
    }),
    defineRoute({
      method: 'patch',
      path: '/accounts/:account_id',
      permission: 'accounts:edit',
      summary: 'Edit name, type, parent, is_group, description or status under the account rules',
      params: idParam('account_id'),
      body: s.accountPatchBody,
      handler: async ({ auth, params, body }) => ok(await accounts.editAccount(pool, auth.org.id, params.account_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/accounts/:account_id',
      permission: 'accounts:delete',
      summary: 'Delete an account without entries or children (otherwise retire it)',
      params: idParam('account_id'),
      handler: async ({ auth, params }) => {
        await accounts.removeAccount(pool, auth.org.id, params.account_id);
        return noContent();
      },
    }),

    // Entries
    defineRoute({
      method: 'get',
      path: '/entries',
      permission: 'entries:read',
      summary: "Query entries with their parent's context (read-only); posted only unless status says otherwise",
      list: {
        fields: entryFields,
        filters: s.entryFilters,
        ranges: { date: 'date' },
        sort: { columns: ['date'], default: 'date' },
        prefixes: ['dimension.'],
      },
      handler: async ({ auth, list }) => {
        const { rows, total } = await entries.listEntries(pool, auth.org.id, list, { ...list.filters, dimensions: list.prefixed['dimension.'] ?? {} });
        return listReply(list, rows, total);
      },
    }),

    // Reports
    defineRoute({
      method: 'get',
      path: '/reports/trial_balance',
      permission: 'reports:read',
      summary: 'Every reported account with posted entries up to as_of, its net in the debit or credit column',
      query: s.asOfQuery,
      handler: async ({ auth, query }) => ok(await reports.trialBalance(pool, auth.org.id, query.as_of)),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/balance_sheet',
      permission: 'reports:read',
      summary: 'Assets, liabilities and equity as of a date, with current earnings; groups roll up their descendants',
      query: s.asOfQuery,
      handler: async ({ auth, query }) => ok(await reports.balanceSheet(pool, auth.org.id, query.as_of)),
    }),
    defineRoute({
      method: 'get',
      path: '/reports/income_statement',
      permission: 'reports:read',
      summary: 'Income and expenses over posted entries dated within the period',
      query: s.periodQuery,
      handler: async ({ auth, query }) => ok(await reports.incomeStatement(pool, auth.org.id, query.date_from, query.date_to)),
    }),
    // Reconciliations (issue 13)
    defineRoute({
      method: 'post',
      path: '/reconciliations',
      permission: 'reconciliations:create',
      summary:
        "Reconcile a ledger account against a statement account over a period: reads the statement rows with the caller's credentials, matches them to posted entries, stores the result and the drift",
      body: s.reconciliationCreateBody,
      handler: async ({ auth, body, req }) => created(await reconciliations.createReconciliation(pool, auth.org.id, statementFor(req), body)),
    }),
    defineRoute({
      method: 'get',
      path: '/reconciliations',
      permission: 'reconciliations:read',
      summary: 'List reconciliations by created_at, newest first by default (summary and counts; the lists are on the detail); filter status',
      list: { fields: reconciliationFields, filters: s.reconciliationFilters, sort: { columns: ['created_at'], default: 'created_at' } },
      handler: async ({ auth, list }) => {
        const { rows, total } = await reconciliations.listReconciliations(pool, auth.org.id, list, list.filters.status);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/reconciliations/:reconciliation_id',
      permission: 'reconciliations:read',
      summary: 'One reconciliation with a page of each list: matched (rows with their entries), unmatched_rows, unmatched_entries; page and limit apply to each',
      params: idParam('reconciliation_id'),
      query: s.reconciliationDetailQuery,
      handler: async ({ auth, params, query }) =>
        ok(await reconciliations.reconciliationDetail(pool, auth.org.id, params.reconciliation_id, query.page ?? 1, query.limit ?? 100)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/match',
      permission: 'reconciliations:edit',
      summary: 'Match a statement row to entries of this reconciliation that sum to it exactly (rule manual); open reconciliations only',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.reconciliationMatchBody,
      handler: async ({ auth, params, body }) => ok(await reconciliations.matchManually(pool, auth.org.id, params.reconciliation_id, body.statement_row, body.entries)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/unmatch',
      permission: 'reconciliations:edit',
      summary: 'Unmatch a statement row and its entries; open reconciliations only',
      status: 200,
      params: idParam('reconciliation_id'),
      body: s.reconciliationUnmatchBody,
      handler: async ({ auth, params, body }) => ok(await reconciliations.unmatch(pool, auth.org.id, params.reconciliation_id, body.statement_row)),
    }),
    defineRoute({
      method: 'post',
      path: '/reconciliations/:reconciliation_id/confirm',
      permission: 'reconciliations:edit',
      summary: 'Confirm: immutable afterwards (409); its matched rows and entries belong to no other confirmed reconciliation (409 ALREADY_RECONCILED)',
      status: 200,
      params: idParam('reconciliation_id'),
      handler: async ({ auth, params }) => ok(await reconciliations.confirmReconciliation(pool, auth.org.id, params.reconciliation_id)),
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
      handler: async ({ auth, params, body }) => {
        // It posts transactions (the route's permission) and changes the reconciliation: both are needed.
        if (!grants(auth.preset, auth.scopes, 'reconciliations:edit')) throw new ForbiddenError('reconciliations:edit');
        return ok(await reconciliations.postUnmatched(pool, auth.org.id, params.reconciliation_id, body));
      },
    }),
  ];
}
