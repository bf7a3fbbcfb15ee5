import { created, defineRoute, fieldsOf, idParam, listReply, noContent, ok, zodToValidationError } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import * as bulk from '../../domain/bulk';
import * as transactions from '../../domain/transactions';
import { bulkResultView, transactionView, type BulkItemError, type BulkItemResult } from '../../views/transactions';
import * as s from './schemas';

/** `created` only ever rides on a create's answer; lists and reads do not offer it for selection. */
const listFields = fieldsOf(transactionView.omit({ created: true }));

const RULES_422 =
  'A posting rule refused the transaction (TOO_FEW_ENTRIES, UNBALANCED_TRANSACTION, ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); details name each entry';

export function transactionRoutes(db: Db) {
  return [
    defineRoute({
      method: 'post',
      path: '/transactions',
      permission: 'transactions:create',
      summary: 'Create a transaction and its entries atomically; idempotent on (source, source_ref): 201 new, 200 re-post',
      // For transactions without a source identity, an Idempotency-Key makes a retry safe too.
      idempotent: true,
      // A keyed post stores its key in the posting statement: one round trip, as without a key.
      keyInStatement: true,
      body: s.transactionCreateBody,
      response: transactionView,
      status: [201, 200],
      errors: {
        409: 'INVALID_STATUS_TRANSITION: a transaction is created as draft or posted; PERIOD_CLOSED: a posted transaction dated on or before the closed-through date (drafts may be kept there) (IDEMPOTENCY_IN_PROGRESS: the first request with this Idempotency-Key is still running)',
        422: `${RULES_422} (IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with a different request)`,
      },
      handler: async ({ auth, body, db: ctxDb, key }) => {
        const { transaction, created: isNew } = await transactions.createTransaction(asDb(ctxDb), auth.org.id, body, key);
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
      response: bulkResultView,
      errors: {
        400: 'VALIDATION_ERROR: the request, or (atomic) the first item that is not valid; index names it',
        409: 'Atomic: the first item refused as a conflict (INVALID_STATUS_TRANSITION, PERIOD_CLOSED), named by index; or IDEMPOTENCY_IN_PROGRESS',
        422: `Atomic: the first item a rule refused, named by index. ${RULES_422} (or IDEMPOTENCY_KEY_REUSED)`,
      },
      handler: async ({ auth, body, req, db: ctxDb }) => {
        const items: bulk.BulkItemInput[] = body.transactions.map((item) => {
          const parsed = s.transactionCreateBody.safeParse(item);
          return parsed.success ? { ok: parsed.data } : { error: zodToValidationError(parsed.error) };
        });
        const outcome = await bulk.postBulk(asDb(ctxDb), auth.org.id, items, body.atomic);
        if (!outcome.stored) {
          // All or nothing: the first failure, as the error of the whole request, naming its index.
          const { index, status, error } = outcome.failure;
          const e = error as BulkItemError;
          return {
            status,
            body: {
              error: {
                code: e.code,
                message: `transactions[${index}]: ${e.message}`,
                details: (e.details ?? [{ path: '', message: e.message }]).map((d) => ({
                  path: `transactions[${index}]${d.path ? `.${d.path}` : ''}`,
                  message: d.message,
                })),
                index,
                request_id: req.id,
              },
            },
          };
        }
        const tally = (test: (r: BulkItemResult) => boolean) => outcome.results.filter(test).length;
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
        "Reverse a posted transaction: a new posted one with debits and credits swapped (reversal_of; `reverses` is its deprecated alias), the original left posted and linked (reversed_by), so the two net to zero; once per transaction. Only the reversal's date must be open (default: the original's)",
      idempotent: true,
      params: idParam('transaction_id'),
      body: s.transactionReverseBody,
      bodyOptional: true,
      response: transactionView,
      status: [201, 200],
      errors: {
        409: "TRANSACTION_ALREADY_REVERSED: the transaction has a reversal (void that one to reverse it anew); TRANSACTION_IS_REVERSAL: a reversal is not reversed (void it instead); INVALID_STATUS_TRANSITION: only a posted transaction can be reversed; PERIOD_CLOSED: the reversal's date is in the closed period (without `date`, the original's: the message names the first open date to send) (or IDEMPOTENCY_IN_PROGRESS)",
        422: 'An account of the reversal can no longer be posted to (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH), or IDEMPOTENCY_KEY_REUSED',
      },
      handler: async ({ auth, params, body, db: ctxDb }) => {
        const { transaction, created: isNew } = await transactions.reverseTransaction(asDb(ctxDb), auth.org.id, params.transaction_id, body);
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
        fields: listFields,
        filters: s.transactionFilters,
        ranges: { date: 'date' },
        sort: { columns: ['date'], default: 'date' },
        prefixes: ['dimension.'],
      },
      response: transactionView,
      handler: async ({ auth, list, query }) => {
        const includeEntries = query.include_entries ?? true;
        const { rows, total } = await transactions.listTransactions(
          db,
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
      response: transactionView,
      handler: async ({ auth, params }) => ok(await transactions.getTransaction(db, auth.org.id, params.transaction_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/transactions/:transaction_id',
      permission: 'transactions:edit',
      summary: 'Change the status ({status}, per the transition table) or edit a draft (entries replaced wholesale)',
      params: idParam('transaction_id'),
      body: s.transactionPatchBody,
      response: transactionView,
      errors: {
        409: "INVALID_STATUS_TRANSITION: the transition table does not allow the change; TRANSACTION_REVERSED: a transaction with a reversal cannot be voided (void the reversal first; voiding a reversal clears its original's reversed_by); TRANSACTION_IMMUTABLE: only a draft can be edited; PERIOD_CLOSED: posting a draft or voiding a posted transaction dated in the closed period",
        422: `${RULES_422}, when posting a draft or editing its entries or currency`,
      },
      handler: async ({ auth, params, body }) => {
        const { status, ...content } = body;
        return ok(
          status !== undefined
            ? await transactions.changeTransactionStatus(db, auth.org.id, params.transaction_id, status)
            : await transactions.editTransactionContent(db, auth.org.id, params.transaction_id, content),
        );
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/transactions/:transaction_id',
      permission: 'transactions:delete',
      summary: 'Delete a draft (a posted transaction is voided, never deleted)',
      params: idParam('transaction_id'),
      errors: { 409: 'TRANSACTION_NOT_DELETABLE: only a draft can be deleted (void a posted one)' },
      handler: async ({ auth, params }) => {
        await transactions.removeTransaction(db, auth.org.id, params.transaction_id);
        return noContent();
      },
    }),
  ];
}
