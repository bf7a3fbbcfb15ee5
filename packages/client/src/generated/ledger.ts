/**
 * The ledger service's API types, generated from its OpenAPI document by `pnpm generate:client`
 * (scripts/generate-client.ts) with openapi-typescript. Do not edit: change the routes and regenerate.
 */
export interface paths {
    "/api/v1/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The organization and scopes of the calling key */
        get: operations["getApiV1Whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions: date, time (rows without time last), created_at, id; newest first by default
         * @description Requires the `transactions:read` permission.
         */
        get: operations["getApiV1Transactions"];
        put?: never;
        /**
         * Create a transaction and its entries atomically; idempotent on (source, source_ref): 201 new, 200 re-post
         * @description Requires the `transactions:create` permission.
         */
        post: operations["postApiV1Transactions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create 1 to 500 transactions, each as POST /transactions would (rules, source identity); atomic: all or nothing. One result per item: index, status, data or error
         * @description Requires the `transactions:create` permission.
         */
        post: operations["postApiV1TransactionsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions/{transaction_id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reverse a posted transaction: a new posted one with debits and credits swapped (reversal_of; `reverses` is its deprecated alias), the original left posted and linked (reversed_by), so the two net to zero; once per transaction. Only the reversal's date must be open (default: the original's)
         * @description Requires the `transactions:create` permission.
         */
        post: operations["postApiV1TransactionsTransactionIdReverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions/{transaction_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One transaction with its entries and totals
         * @description Requires the `transactions:read` permission.
         */
        get: operations["getApiV1TransactionsTransactionId"];
        put?: never;
        post?: never;
        /**
         * Delete a draft (a posted transaction is voided, never deleted)
         * @description Requires the `transactions:delete` permission.
         */
        delete: operations["deleteApiV1TransactionsTransactionId"];
        options?: never;
        head?: never;
        /**
         * Change the status ({status}, per the transition table) or edit a draft (entries replaced wholesale)
         * @description Requires the `transactions:edit` permission.
         */
        patch: operations["patchApiV1TransactionsTransactionId"];
        trace?: never;
    };
    "/api/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts in statement order (type, then source_ref, then name)
         * @description Requires the `accounts:read` permission.
         */
        get: operations["getApiV1Accounts"];
        put?: never;
        /**
         * Create an account; idempotent on (source, source_ref): a re-post updates it (200, created false)
         * @description Requires the `accounts:create` permission.
         */
        post: operations["postApiV1Accounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole chart nested, unpaginated, with the account type table
         * @description Requires the `accounts:read` permission.
         */
        get: operations["getApiV1AccountsTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/seed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the missing system groups: 201 when something was created, 200 when nothing was
         * @description Requires the `accounts:create` permission.
         */
        post: operations["postApiV1AccountsSeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/{account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One account
         * @description Requires the `accounts:read` permission.
         */
        get: operations["getApiV1AccountsAccountId"];
        put?: never;
        post?: never;
        /**
         * Delete an account without entries or children (otherwise retire it)
         * @description Requires the `accounts:delete` permission.
         */
        delete: operations["deleteApiV1AccountsAccountId"];
        options?: never;
        head?: never;
        /**
         * Edit name, type, parent, is_group, description or status under the account rules
         * @description Requires the `accounts:edit` permission.
         */
        patch: operations["patchApiV1AccountsAccountId"];
        trace?: never;
    };
    "/api/v1/accounts/{account_id}/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's balance by its normal balance over posted entries up to as_of; a group rolls up its descendants
         * @description Requires the `accounts:read` permission.
         */
        get: operations["getApiV1AccountsAccountIdBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Query entries with their parent's context (read-only); posted only unless status says otherwise
         * @description Requires the `entries:read` permission.
         */
        get: operations["getApiV1Entries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/trial_balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every reported account with posted entries up to as_of, its net in the debit or credit column; compare=previous_period (a month earlier) or previous_year adds the columns as of that date
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsTrialBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/balance_sheet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Assets, liabilities and equity as of a date, with retained earnings (before the fiscal year containing the date) and current earnings (since its start); groups roll up their descendants
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsBalanceSheet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/income_statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Income and expenses over posted entries dated within the period (date_from/date_to, or fiscal_year); compare=previous_period or previous_year adds that period beside every figure
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsIncomeStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List reconciliations by created_at, newest first by default (summary and counts; the lists are on the detail); filter status
         * @description Requires the `reconciliations:read` permission.
         */
        get: operations["getApiV1Reconciliations"];
        put?: never;
        /**
         * Reconcile a ledger account against a statement account over a period: reads the statement rows with the caller's credentials, matches them to posted entries (within the tolerance, if given), stores the result and the drift against the bank's printed balance
         * @description Requires the `reconciliations:create` permission.
         */
        post: operations["postApiV1Reconciliations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One reconciliation with a page of each list: matched (rows with their entries), unmatched_rows, unmatched_entries; page and limit apply to each
         * @description Requires the `reconciliations:read` permission.
         */
        get: operations["getApiV1ReconciliationsReconciliationId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Match a statement row to entries of this reconciliation that sum to it exactly, or within its tolerance (rule manual); open reconciliations only
         * @description Requires the `reconciliations:edit` permission.
         */
        post: operations["postApiV1ReconciliationsReconciliationIdMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/unmatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unmatch a statement row and its entries; open reconciliations only
         * @description Requires the `reconciliations:edit` permission.
         */
        post: operations["postApiV1ReconciliationsReconciliationIdUnmatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm: immutable afterwards (409); its matched rows and entries belong to no other confirmed reconciliation (409 ALREADY_RECONCILED). Optional body {"post_differences_to": <account>} posts the differences first (needs transactions:create too)
         * @description Requires the `reconciliations:edit` permission.
         */
        post: operations["postApiV1ReconciliationsReconciliationIdConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take in the statement rows and posted ledger entries that appeared since the reconciliation was opened and match what is unmatched again (matches, manual ones included, stay); the bank figures and the ledger balance are read again
         * @description Requires the `reconciliations:edit` permission.
         */
        post: operations["postApiV1ReconciliationsReconciliationIdRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/post-differences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Needs reconciliations:edit too. Post the differences of matched rows not posted yet to an account (bank charges) as one transaction, source reconciliation, matched to their rows
         * @description Requires the `transactions:create` permission.
         */
        post: operations["postApiV1ReconciliationsReconciliationIdPostDifferences"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bank reconciliation statement on date_to: balance per bank, plus deposits in transit, less unpresented cheques and payments, less items in the bank not yet in the books, equals the balance per books (unexplained: what is not accounted for); JSON, or CSV with Accept: text/csv
         * @description Requires the `reconciliations:read` permission.
         */
        get: operations["getApiV1ReconciliationsReconciliationIdStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliation-category-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's counter-account per statement category, used by post-unmatched for rows given none of their own
         * @description Requires the `reconciliations:read` permission.
         */
        get: operations["getApiV1ReconciliationCategoryAccounts"];
        /**
         * Replace the organization's counter-account per statement category (every account the organization's and postable)
         * @description Requires the `reconciliations:edit` permission.
         */
        put: operations["putApiV1ReconciliationCategoryAccounts"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reconciliations/{reconciliation_id}/post-unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Needs reconciliations:edit too. Post one balanced transaction per unmatched row, or per row of `rows` (counter-account: the row's own, else accounts by category, else the organization's mapping, else default_account; source statement, source_ref the row id: a repeat creates nothing twice) and match it; rows that now have a candidate entry are refused unless post_anyway
         * @description Requires the `transactions:create` permission.
         */
        post: operations["postApiV1ReconciliationsReconciliationIdPostUnmatched"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's base currency, fiscal year start (and the current fiscal year) and the date the books are closed through
         * @description Requires the `periods:read` permission.
         */
        get: operations["getApiV1Settings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set the base currency, or the fiscal year start month and day (null for both: April 1 for base currency INR, January 1 otherwise); the balance sheet splits retained and current earnings there
         * @description Requires the `periods:edit` permission.
         */
        patch: operations["patchApiV1Settings"];
        trace?: never;
    };
    "/api/v1/periods/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close every date up to and including `through`: posting, voiding, reversing and bulk items dated there answer 409 PERIOD_CLOSED (drafts may be kept); recorded with the key, member and reason
         * @description Requires the `periods:create` permission.
         */
        post: operations["postApiV1PeriodsClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/periods/reopen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reopen every closed date from `from` on (all of them without it), with a reason; recorded with the key and member
         * @description Requires the `periods:delete` permission.
         */
        post: operations["postApiV1PeriodsReopen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/periods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every close and reopen of the books, newest first by default: the closed-through date before and after, the key, the member, the reason
         * @description Requires the `periods:read` permission.
         */
        get: operations["getApiV1Periods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's webhook endpoints (never their secrets)
         * @description Requires the `webhooks:read` permission.
         */
        get: operations["getApiV1WebhookEndpoints"];
        put?: never;
        /**
         * Register an endpoint for webhook events; the answer carries its signing secret, shown only this once
         * @description Requires the `webhooks:create` permission.
         */
        post: operations["postApiV1WebhookEndpoints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpoint_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description Requires the `webhooks:read` permission.
         */
        get: operations["getApiV1WebhookEndpointsEndpointId"];
        put?: never;
        post?: never;
        /**
         * Remove an endpoint and its delivery history; nothing more is sent to it
         * @description Requires the `webhooks:delete` permission.
         */
        delete: operations["deleteApiV1WebhookEndpointsEndpointId"];
        options?: never;
        head?: never;
        /**
         * Change the URL, event types, description, or enable or disable it (enabling clears the reason the platform disabled it)
         * @description Requires the `webhooks:edit` permission.
         */
        patch: operations["patchApiV1WebhookEndpointsEndpointId"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpoint_id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret, shown only this once; the previous one signs too for 24 hours (two v1 signatures)
         * @description Requires the `webhooks:edit` permission.
         */
        post: operations["postApiV1WebhookEndpointsEndpointIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpoint_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test event to this endpoint now (also when it is disabled); answers the delivery to follow
         * @description Requires the `webhooks:edit` permission.
         */
        post: operations["postApiV1WebhookEndpointsEndpointIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpoint_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events sent to this endpoint, newest first, each with every attempt (status code, duration, error) and the next try
         * @description Requires the `webhooks:read` permission.
         */
        get: operations["getApiV1WebhookEndpointsEndpointIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Try a delivery once more now (a failed one, or a pending one without waiting); a failure here never disables the endpoint
         * @description Requires the `webhooks:edit` permission.
         */
        post: operations["postApiV1WebhookEndpointsEndpointIdDeliveriesDeliveryIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transaction.posted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction was posted (created posted, posted from a draft, or in a bulk post)
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookTransactionPosted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.reversed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction was reversed: data is the new reversal (reversal_of names the original, which stays posted)
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookTransactionReversed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transaction.voided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A transaction was voided
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookTransactionVoided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "reconciliation.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A reconciliation was confirmed
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookReconciliationConfirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "period.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The books were closed through a date
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookPeriodClosed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "period.reopened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Closed dates were reopened
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookPeriodReopened"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An endpoint of the organization kept failing for about three days and was disabled (sent to its other endpoints that take it)
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookWebhookEndpointDisabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event asked for with POST /webhook-endpoints/{id}/test
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Whoami: {
            org: {
                /** Format: uuid */
                id: string;
                slug: string;
                name: string;
            };
            key: string;
            /** @enum {string} */
            preset: "push_only" | "read_only" | "full_access" | "custom";
            scopes: {
                [key: string]: ("read" | "create" | "edit" | "delete")[];
            };
            expires_at: string | null;
        };
        Error: {
            error: {
                /** @example VALIDATION_ERROR */
                code: string;
                message: string;
                details?: {
                    path: string;
                    message: string;
                }[];
                index?: number;
                request_id: string;
            };
        };
        Transaction: {
            /** Format: uuid */
            id: string;
            /** Format: date */
            date: string;
            time: string | null;
            narration: string | null;
            type: string | null;
            /** @enum {string} */
            status: "draft" | "posted" | "void";
            currency: string;
            source: string;
            source_ref: string | null;
            /** @description Any JSON value the client stored with the transaction; null when none */
            details: unknown;
            /**
             * @deprecated
             * @description Deprecated: the same value as `reversal_of`, under its old name; read `reversal_of`
             */
            reverses: string | null;
            /** @description The transaction this one reverses (null when it is not a reversal) */
            reversal_of: string | null;
            /** @description The live (not void) reversal of this transaction, null when none; voiding the reversal clears it */
            reversed_by: string | null;
            entries?: components["schemas"]["TransactionEntry"][];
            total_debit: number;
            total_credit: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created?: boolean;
        };
        TransactionEntry: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            account: string;
            debit: number;
            credit: number;
            memo: string | null;
            dimensions: {
                [key: string]: string;
            };
        };
        BulkResult: {
            atomic: boolean;
            created: number;
            existing: number;
            failed: number;
            results: components["schemas"]["BulkItemResult"][];
        };
        BulkItemResult: {
            index: number;
            status: number;
            data?: components["schemas"]["Transaction"];
            error?: components["schemas"]["BulkItemError"];
        };
        BulkItemError: {
            /** @example VALIDATION_ERROR */
            code: string;
            message: string;
            details?: {
                path: string;
                message: string;
            }[];
        };
        PageContext: {
            count: number;
            page: number;
            per_page: number;
            total: number;
            has_more: boolean;
        };
        Account: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            parent: string | null;
            is_group: boolean;
            description: string | null;
            source: string;
            source_ref: string | null;
            /** @enum {string} */
            status: "active" | "retired" | "quarantined";
            currency: string | null;
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            /** @enum {string} */
            statement: "balance_sheet" | "income_statement";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        AccountTree: {
            accounts: components["schemas"]["AccountNode"][];
            account_types: components["schemas"]["AccountTypeRow"][];
        };
        AccountNode: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            parent: string | null;
            is_group: boolean;
            description: string | null;
            source: string;
            source_ref: string | null;
            /** @enum {string} */
            status: "active" | "retired" | "quarantined";
            currency: string | null;
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            /** @enum {string} */
            statement: "balance_sheet" | "income_statement";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            children: components["schemas"]["AccountNode"][];
        };
        AccountTypeRow: {
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            /** @enum {string} */
            statement: "balance_sheet" | "income_statement";
        };
        SeedResult: {
            created: string[];
            existing: string[];
        };
        AccountWrite: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            parent: string | null;
            is_group: boolean;
            description: string | null;
            source: string;
            source_ref: string | null;
            /** @enum {string} */
            status: "active" | "retired" | "quarantined";
            currency: string | null;
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            /** @enum {string} */
            statement: "balance_sheet" | "income_statement";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created: boolean;
        };
        AccountBalance: {
            /** Format: uuid */
            account: string;
            name: string;
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            is_group: boolean;
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            as_of: string | null;
            accounts_included: number;
            currency: string | null;
            total_debit: number | null;
            total_credit: number | null;
            balance: number | null;
            entry_count: number | null;
            currencies: string[];
            by_currency: components["schemas"]["BalanceInCurrency"][];
        };
        BalanceInCurrency: {
            currency: string;
            total_debit: number;
            total_credit: number;
            balance: number;
            entry_count: number;
        };
        Entry: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            transaction: string;
            /** Format: uuid */
            account: string;
            debit: number;
            credit: number;
            memo: string | null;
            dimensions: {
                [key: string]: string;
            };
            /** Format: date */
            date: string;
            narration: string | null;
            transaction_type: string | null;
            /** @enum {string} */
            transaction_status: "draft" | "posted" | "void";
            currency: string;
            source: string;
            source_ref: string | null;
        };
        TrialBalance: {
            as_of: string | null;
            /** @enum {string} */
            compare?: "previous_period" | "previous_year";
            /** Format: date */
            previous_as_of?: string;
            currency: string | null;
            accounts: components["schemas"]["TrialBalanceRow"][] | null;
            total_debit: number | null;
            total_credit: number | null;
            balanced: boolean;
            previous_total_debit?: number | null;
            previous_total_credit?: number | null;
            previous_balanced?: boolean;
            currencies: string[];
            by_currency: components["schemas"]["TrialBalanceInCurrency"][];
        };
        TrialBalanceRow: {
            /** Format: uuid */
            account: string;
            name: string;
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            parent: string | null;
            source: string;
            source_ref: string | null;
            /** @enum {string} */
            status: "active" | "retired" | "quarantined";
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            currency: string;
            debit: number;
            credit: number;
            balance: number;
            previous_debit?: number;
            previous_credit?: number;
            previous_balance?: number;
        };
        TrialBalanceInCurrency: {
            currency: string;
            accounts: components["schemas"]["TrialBalanceRow"][];
            total_debit: number;
            total_credit: number;
            balanced: boolean;
            previous_total_debit?: number;
            previous_total_credit?: number;
            previous_balanced?: boolean;
        };
        BalanceSheet: {
            as_of: string | null;
            fiscal_year: number;
            /** Format: date */
            fiscal_year_start: string;
            currency: string | null;
            assets: components["schemas"]["ReportSection"] | null;
            liabilities: components["schemas"]["ReportSection"] | null;
            equity: components["schemas"]["ReportSection"] | null;
            retained_earnings: number | null;
            current_earnings: number | null;
            total_assets: number | null;
            total_liabilities_and_equity: number | null;
            balanced: boolean;
            currencies: string[];
            by_currency: components["schemas"]["BalanceSheetInCurrency"][];
        };
        ReportSection: {
            key: string;
            account: string | null;
            name: string;
            /** @enum {string} */
            normal_balance: "debit" | "credit";
            total: number;
            previous_total?: number;
            accounts: components["schemas"]["ReportNode"][];
        };
        ReportNode: {
            /** Format: uuid */
            account: string;
            name: string;
            /** @enum {string} */
            type: "asset" | "liability" | "equity" | "income" | "expense";
            is_group: boolean;
            source: string;
            source_ref: string | null;
            /** @enum {string} */
            status: "active" | "retired" | "quarantined";
            balance: number;
            previous_balance?: number;
            children: components["schemas"]["ReportNode"][];
        };
        BalanceSheetInCurrency: {
            currency: string;
            assets: components["schemas"]["ReportSection"];
            liabilities: components["schemas"]["ReportSection"];
            equity: components["schemas"]["ReportSection"];
            retained_earnings: number;
            current_earnings: number;
            total_assets: number;
            total_liabilities_and_equity: number;
            balanced: boolean;
        };
        IncomeStatement: {
            date_from: string | null;
            date_to: string | null;
            fiscal_year: number | null;
            /** @enum {string} */
            compare?: "previous_period" | "previous_year";
            /** Format: date */
            previous_date_from?: string;
            /** Format: date */
            previous_date_to?: string;
            currency: string | null;
            income: components["schemas"]["ReportSection"] | null;
            expenses: components["schemas"]["ReportSection"] | null;
            depreciation: components["schemas"]["DepreciationLine"] | null;
            net_income_before_depreciation: number | null;
            net_income: number | null;
            previous_net_income_before_depreciation?: number | null;
            previous_net_income?: number | null;
            currencies: string[];
            by_currency: components["schemas"]["IncomeStatementInCurrency"][];
        };
        DepreciationLine: {
            /** @constant */
            key: "DEPRECIATION";
            account: string | null;
            name: string;
            total: number;
            previous_total?: number;
        };
        IncomeStatementInCurrency: {
            currency: string;
            income: components["schemas"]["ReportSection"];
            expenses: components["schemas"]["ReportSection"];
            depreciation: components["schemas"]["DepreciationLine"];
            net_income_before_depreciation: number;
            net_income: number;
            previous_net_income_before_depreciation?: number;
            previous_net_income?: number;
        };
        Reconciliation: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            ledger_account: string;
            /** Format: uuid */
            statement_account: string;
            currency: string;
            /** Format: date */
            date_from: string;
            /** Format: date */
            date_to: string;
            date_window_days: number;
            /** @enum {string} */
            status: "open" | "confirmed";
            statement_balance: number | null;
            statement_balance_milli: number;
            /** @enum {string} */
            statement_balance_source: "statement" | "account";
            statement_balance_statement: string | null;
            continuity_breaks: components["schemas"]["ReconciliationContinuityBreak"][];
            ledger_balance: number;
            drift: number | null;
            drift_milli: number;
            tolerance_absolute: number | null;
            tolerance_basis_points: number | null;
            difference_total: number;
            difference_unposted: number;
            matched_count: number;
            unmatched_row_count: number;
            unmatched_entry_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            confirmed_at: string | null;
        };
        ReconciliationContinuityBreak: {
            /** @enum {string} */
            kind: "balance" | "balance_unknown" | "gap" | "overlap";
            /** Format: uuid */
            previous_statement: string;
            /** Format: uuid */
            statement: string;
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            expected_opening_milli: number | null;
            opening_milli: number | null;
            message: string;
        };
        ReconciliationDetail: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            ledger_account: string;
            /** Format: uuid */
            statement_account: string;
            currency: string;
            /** Format: date */
            date_from: string;
            /** Format: date */
            date_to: string;
            date_window_days: number;
            /** @enum {string} */
            status: "open" | "confirmed";
            statement_balance: number | null;
            statement_balance_milli: number;
            /** @enum {string} */
            statement_balance_source: "statement" | "account";
            statement_balance_statement: string | null;
            continuity_breaks: components["schemas"]["ReconciliationContinuityBreak"][];
            ledger_balance: number;
            drift: number | null;
            drift_milli: number;
            tolerance_absolute: number | null;
            tolerance_basis_points: number | null;
            difference_total: number;
            difference_unposted: number;
            matched_count: number;
            unmatched_row_count: number;
            unmatched_entry_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            confirmed_at: string | null;
            matched: {
                data: components["schemas"]["MatchedRow"][];
                page_context: components["schemas"]["PageContext"];
            };
            unmatched_rows: {
                data: components["schemas"]["ReconciliationRow"][];
                page_context: components["schemas"]["PageContext"];
            };
            unmatched_entries: {
                data: components["schemas"]["ReconciliationEntry"][];
                page_context: components["schemas"]["PageContext"];
            };
        };
        MatchedRow: {
            /** Format: uuid */
            statement_row: string;
            /** Format: date */
            date: string;
            particulars: string;
            category: string | null;
            inflow: number;
            outflow: number;
            amount: number | null;
            rule: ("reference" | "amount_date" | "amount_window" | "many_to_one" | "manual" | "posted") | null;
            reason: string | null;
            difference: number | null;
            difference_transaction: string | null;
            entries: components["schemas"]["ReconciliationEntry"][];
        };
        ReconciliationEntry: {
            /** Format: uuid */
            entry: string;
            /** Format: uuid */
            transaction: string;
            /** Format: date */
            date: string;
            amount: number;
            narration: string | null;
            source_ref: string | null;
            statement_row: string | null;
        };
        ReconciliationRow: {
            /** Format: uuid */
            statement_row: string;
            /** Format: date */
            date: string;
            particulars: string;
            category: string | null;
            inflow: number;
            outflow: number;
            amount: number | null;
            rule: ("reference" | "amount_date" | "amount_window" | "many_to_one" | "manual" | "posted") | null;
            reason: string | null;
            difference: number | null;
            difference_transaction: string | null;
        };
        ReconciliationRefreshResult: {
            reconciliation: components["schemas"]["Reconciliation"];
            new_rows: number;
            new_entries: number;
            new_matches: number;
            dropped_entries: number;
        };
        PostDifferencesResult: {
            reconciliation: components["schemas"]["Reconciliation"];
            transaction: string | null;
            rows: number;
            amount: number;
        };
        BankReconciliationStatement: {
            /** Format: uuid */
            reconciliation: string;
            /** Format: uuid */
            ledger_account: string;
            /** Format: uuid */
            statement_account: string;
            currency: string;
            /** Format: date */
            date_from: string;
            /** Format: date */
            date_to: string;
            /** @enum {string} */
            status: "open" | "confirmed";
            /** @enum {string} */
            statement_balance_source: "statement" | "account";
            balance_per_bank: number | null;
            balance_per_bank_milli: number;
            deposits_in_transit: {
                total: number | null;
                total_milli: number;
                items: components["schemas"]["OutstandingEntry"][];
            };
            unpresented_payments: {
                total: number | null;
                total_milli: number;
                items: components["schemas"]["OutstandingEntry"][];
            };
            bank_items_not_in_books: {
                total: number | null;
                total_milli: number;
                items: components["schemas"]["BankItemNotInBooks"][];
            };
            adjusted_balance_per_bank: number | null;
            adjusted_balance_per_bank_milli: number;
            balance_per_books: number;
            unexplained: number | null;
            unexplained_milli: number;
            drift: number | null;
            drift_milli: number;
        };
        OutstandingEntry: {
            /** Format: uuid */
            entry: string;
            /** Format: uuid */
            transaction: string;
            /** Format: date */
            date: string;
            narration: string | null;
            source_ref: string | null;
            amount: number;
        };
        BankItemNotInBooks: {
            /** Format: uuid */
            statement_row: string;
            /** @enum {string} */
            kind: "unmatched_row" | "difference";
            /** Format: date */
            date: string;
            particulars: string;
            amount: number | null;
            amount_milli: number;
        };
        ReconciliationCategoryAccounts: {
            accounts: {
                [key: string]: string;
            };
        };
        PostUnmatchedResult: {
            reconciliation: components["schemas"]["Reconciliation"];
            created: number;
            existing: number;
            skipped: components["schemas"]["SkippedRow"][];
        };
        SkippedRow: {
            /** Format: uuid */
            statement_row: string;
            reason: string;
        };
        LedgerSettings: {
            base_currency: string;
            fiscal_year_start_month: number;
            fiscal_year_start_day: number;
            fiscal_year_start_default: boolean;
            current_fiscal_year: components["schemas"]["FiscalYear"];
            closed_through: string | null;
            updated_at: string | null;
        };
        FiscalYear: {
            fiscal_year: number;
            /** Format: date */
            date_from: string;
            /** Format: date */
            date_to: string;
        };
        PeriodEvent: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            action: "close" | "reopen";
            closed_through: string | null;
            previous_closed_through: string | null;
            reason: string | null;
            api_key: string;
            member: {
                /** Format: uuid */
                id: string;
                email: string;
            } | null;
            /** Format: date-time */
            created_at: string;
        };
        WebhookEndpointWithSecret: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            event_types: ("statement.completed" | "statement.stalled" | "statement.failed" | "transaction.posted" | "transaction.reversed" | "transaction.voided" | "reconciliation.confirmed" | "period.closed" | "period.reopened" | "webhook_endpoint.disabled" | "webhook.test")[];
            enabled: boolean;
            disabled_reason: string | null;
            previous_secret_expires_at: string | null;
            last_success_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description whsec_<base64>: shown once, here; verify signatures with it */
            secret: string;
        };
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            url: string;
            description: string | null;
            event_types: ("statement.completed" | "statement.stalled" | "statement.failed" | "transaction.posted" | "transaction.reversed" | "transaction.voided" | "reconciliation.confirmed" | "period.closed" | "period.reopened" | "webhook_endpoint.disabled" | "webhook.test")[];
            enabled: boolean;
            disabled_reason: string | null;
            previous_secret_expires_at: string | null;
            last_success_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookDelivery: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            endpoint: string;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "statement.completed" | "statement.stalled" | "statement.failed" | "transaction.posted" | "transaction.reversed" | "transaction.voided" | "reconciliation.confirmed" | "period.closed" | "period.reopened" | "webhook_endpoint.disabled" | "webhook.test";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempt_count: number;
            next_attempt_at: string | null;
            last_status_code: number | null;
            event: {
                [key: string]: unknown;
            };
            attempts: components["schemas"]["WebhookAttempt"][];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookAttempt: {
            /** Format: date-time */
            started_at: string;
            duration_ms: number;
            status_code: number | null;
            error: string | null;
            next_attempt_at: string | null;
        };
        TransactionPostedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "transaction.posted";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Transaction"];
        };
        TransactionReversedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "transaction.reversed";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Transaction"];
        };
        TransactionVoidedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "transaction.voided";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Transaction"];
        };
        ReconciliationConfirmedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "reconciliation.confirmed";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Reconciliation"];
        };
        PeriodClosedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "period.closed";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["PeriodEvent"];
        };
        PeriodReopenedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "period.reopened";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["PeriodEvent"];
        };
        WebhookEndpointDisabledEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "webhook_endpoint.disabled";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["WebhookEndpoint"];
        };
        WebhookTestEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "webhook.test";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["WebhookEndpoint"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiV1Whoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization and scopes of the calling key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Whoami"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Transactions: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, date, time, narration, type, status, currency, source, source_ref, details, reverses, reversal_of, reversed_by, entries, total_debit, total_credit, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                status?: "draft" | "posted" | "void";
                /** @description Equality filter */
                type?: string;
                /** @description Equality filter */
                source?: string;
                /** @description Equality filter */
                source_ref?: string;
                /** @description Equality filter */
                account?: string;
                /** @description Equality filter */
                q?: string;
                /** @description Inclusive lower bound on date */
                date_from?: string;
                /** @description Inclusive upper bound on date */
                date_to?: string;
                sort_by?: "date";
                sort_order?: "ASC" | "DESC";
                /** @description Any parameter named dimension.<key> filters on that key's value */
                "dimension.{key}"?: string;
                include_entries?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List transactions: date, time (rows without time last), created_at, id; newest first by default */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Transactions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    date: string;
                    /** @default null */
                    time?: string | null;
                    /** @default null */
                    narration?: string | null;
                    /** @default null */
                    type?: string | null;
                    /**
                     * @default posted
                     * @enum {string}
                     */
                    status?: "draft" | "posted" | "void";
                    /** @default INR */
                    currency?: string;
                    /** @default manual */
                    source?: string;
                    /** @default null */
                    source_ref?: string | null;
                    details?: unknown;
                    entries?: {
                        /** Format: uuid */
                        account: string;
                        debit?: number;
                        credit?: number;
                        memo?: string | null;
                        dimensions?: {
                            [key: string]: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Create a transaction and its entries atomically; idempotent on (source, source_ref): 201 new, 200 re-post */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description Create a transaction and its entries atomically; idempotent on (source, source_ref): 201 new, 200 re-post */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INVALID_STATUS_TRANSITION: a transaction is created as draft or posted; PERIOD_CLOSED: a posted transaction dated on or before the closed-through date (drafts may be kept there) (IDEMPOTENCY_IN_PROGRESS: the first request with this Idempotency-Key is still running) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A posting rule refused the transaction (TOO_FEW_ENTRIES, UNBALANCED_TRANSACTION, ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); details name each entry (IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with a different request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1TransactionsBulk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    transactions: {
                        date: string;
                        /** @default null */
                        time?: string | null;
                        /** @default null */
                        narration?: string | null;
                        /** @default null */
                        type?: string | null;
                        /**
                         * @default posted
                         * @enum {string}
                         */
                        status?: "draft" | "posted" | "void";
                        /** @default INR */
                        currency?: string;
                        /** @default manual */
                        source?: string;
                        /** @default null */
                        source_ref?: string | null;
                        details?: unknown;
                        entries?: {
                            /** Format: uuid */
                            account: string;
                            debit?: number;
                            credit?: number;
                            memo?: string | null;
                            dimensions?: {
                                [key: string]: string;
                            };
                        }[];
                    }[];
                    /** @default true */
                    atomic?: boolean;
                };
            };
        };
        responses: {
            /** @description Create 1 to 500 transactions, each as POST /transactions would (rules, source identity); atomic: all or nothing. One result per item: index, status, data or error */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BulkResult"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: the request, or (atomic) the first item that is not valid; index names it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Atomic: the first item refused as a conflict (INVALID_STATUS_TRANSITION, PERIOD_CLOSED), named by index; or IDEMPOTENCY_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Atomic: the first item a rule refused, named by index. A posting rule refused the transaction (TOO_FEW_ENTRIES, UNBALANCED_TRANSACTION, ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); details name each entry (or IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1TransactionsTransactionIdReverse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    date?: string;
                    narration?: string | null;
                    /** @default manual */
                    source?: string;
                    /** @default null */
                    source_ref?: string | null;
                };
            };
        };
        responses: {
            /** @description Reverse a posted transaction: a new posted one with debits and credits swapped (reversal_of; `reverses` is its deprecated alias), the original left posted and linked (reversed_by), so the two net to zero; once per transaction. Only the reversal's date must be open (default: the original's) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description Reverse a posted transaction: a new posted one with debits and credits swapped (reversal_of; `reverses` is its deprecated alias), the original left posted and linked (reversed_by), so the two net to zero; once per transaction. Only the reversal's date must be open (default: the original's) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TRANSACTION_ALREADY_REVERSED: the transaction has a reversal (void that one to reverse it anew); TRANSACTION_IS_REVERSAL: a reversal is not reversed (void it instead); INVALID_STATUS_TRANSITION: only a posted transaction can be reversed; PERIOD_CLOSED: the reversal's date is in the closed period (without `date`, the original's: the message names the first open date to send) (or IDEMPOTENCY_IN_PROGRESS) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An account of the reversal can no longer be posted to (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH), or IDEMPOTENCY_KEY_REUSED */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1TransactionsTransactionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One transaction with its entries and totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1TransactionsTransactionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TRANSACTION_NOT_DELETABLE: only a draft can be deleted (void a posted one) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1TransactionsTransactionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status?: "draft" | "posted" | "void";
                    date?: string;
                    time?: string | null;
                    narration?: string | null;
                    type?: string | null;
                    currency?: string;
                    details?: unknown;
                    entries?: {
                        /** Format: uuid */
                        account: string;
                        debit?: number;
                        credit?: number;
                        memo?: string | null;
                        dimensions?: {
                            [key: string]: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Change the status ({status}, per the transition table) or edit a draft (entries replaced wholesale) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Transaction"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INVALID_STATUS_TRANSITION: the transition table does not allow the change; TRANSACTION_REVERSED: a transaction with a reversal cannot be voided (void the reversal first; voiding a reversal clears its original's reversed_by); TRANSACTION_IMMUTABLE: only a draft can be edited; PERIOD_CLOSED: posting a draft or voiding a posted transaction dated in the closed period */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A posting rule refused the transaction (TOO_FEW_ENTRIES, UNBALANCED_TRANSACTION, ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); details name each entry, when posting a draft or editing its entries or currency */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Accounts: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, name, type, parent, is_group, description, source, source_ref, status, currency, normal_balance, statement, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                type?: "asset" | "liability" | "equity" | "income" | "expense";
                /** @description Equality filter */
                status?: "active" | "retired" | "quarantined";
                /** @description Equality filter */
                parent?: "root" | string;
                /** @description Equality filter */
                is_group?: boolean;
                /** @description Equality filter */
                source?: string;
                /** @description Equality filter */
                source_ref?: string;
                /** @description Equality filter */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List accounts in statement order (type, then source_ref, then name) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Account"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Accounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "asset" | "liability" | "equity" | "income" | "expense";
                    parent?: string | null;
                    is_group?: boolean;
                    description?: string | null;
                    source?: string;
                    source_ref?: string | null;
                    currency?: string | null;
                };
            };
        };
        responses: {
            /** @description Create an account; idempotent on (source, source_ref): a re-post updates it (200, created false) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountWrite"];
                    };
                };
            };
            /** @description Create an account; idempotent on (source, source_ref): a re-post updates it (200, created false) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountWrite"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A re-post's change is refused: SYSTEM_ACCOUNT_LOCKED: a system account keeps its type, key and currency; ACCOUNT_HAS_ENTRIES: an account with entries cannot become a group; DUPLICATE_SOURCE_REF: another account has that source identity (or IDEMPOTENCY_IN_PROGRESS) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INVALID_PARENT: the parent must be a group of the same type, not the account or beneath it; CURRENCY_MISMATCH: entries in another currency forbid the pin (or IDEMPOTENCY_KEY_REUSED) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1AccountsTree: {
        parameters: {
            query?: {
                status?: string;
                include_empty?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole chart nested, unpaginated, with the account type table */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountTree"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1AccountsSeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Create the missing system groups: 201 when something was created, 200 when nothing was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SeedResult"];
                    };
                };
            };
            /** @description Create the missing system groups: 201 when something was created, 200 when nothing was */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SeedResult"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1AccountsAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Account"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1AccountsAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SYSTEM_ACCOUNT_LOCKED: a system account cannot be deleted; ACCOUNT_HAS_ENTRIES, ACCOUNT_HAS_CHILDREN: retire it instead */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1AccountsAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    type?: "asset" | "liability" | "equity" | "income" | "expense";
                    parent?: string | null;
                    is_group?: boolean;
                    description?: string | null;
                    /** @enum {string} */
                    status?: "active" | "retired" | "quarantined";
                    source_ref?: string | null;
                    currency?: string | null;
                };
            };
        };
        responses: {
            /** @description Edit name, type, parent, is_group, description or status under the account rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Account"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SYSTEM_ACCOUNT_LOCKED: a system account keeps its type, key and currency; ACCOUNT_HAS_ENTRIES: an account with entries cannot become a group; DUPLICATE_SOURCE_REF: another account has that source identity */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INVALID_PARENT: the parent must be a group of the same type, not the account or beneath it; CURRENCY_MISMATCH: entries in another currency forbid the pin */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1AccountsAccountIdBalance: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's balance by its normal balance over posted entries up to as_of; a group rolls up its descendants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountBalance"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description AMOUNT_OUT_OF_RANGE: a sum exceeds the largest amount JSON carries exactly */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Entries: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, transaction, account, debit, credit, memo, dimensions, date, narration, transaction_type, transaction_status, currency, source, source_ref */
                fields?: string;
                /** @description Equality filter */
                account?: string;
                /** @description Equality filter */
                account_subtree?: string;
                /** @description Equality filter */
                account_type?: "asset" | "liability" | "equity" | "income" | "expense";
                /** @description Equality filter */
                status?: "draft" | "posted" | "void" | "all";
                /** @description Equality filter */
                type?: string;
                /** @description Equality filter */
                transaction?: string;
                /** @description Equality filter */
                has_dimension?: boolean;
                /** @description Inclusive lower bound on date */
                date_from?: string;
                /** @description Inclusive upper bound on date */
                date_to?: string;
                sort_by?: "date";
                sort_order?: "ASC" | "DESC";
                /** @description Any parameter named dimension.<key> filters on that key's value */
                "dimension.{key}"?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Query entries with their parent's context (read-only); posted only unless status says otherwise */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Entry"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReportsTrialBalance: {
        parameters: {
            query?: {
                as_of?: string;
                compare?: "previous_period" | "previous_year";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every reported account with posted entries up to as_of, its net in the debit or credit column; compare=previous_period (a month earlier) or previous_year adds the columns as of that date */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TrialBalance"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description AMOUNT_OUT_OF_RANGE: a sum exceeds the largest amount JSON carries exactly */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReportsBalanceSheet: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Assets, liabilities and equity as of a date, with retained earnings (before the fiscal year containing the date) and current earnings (since its start); groups roll up their descendants */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BalanceSheet"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description AMOUNT_OUT_OF_RANGE: a sum exceeds the largest amount JSON carries exactly */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReportsIncomeStatement: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                fiscal_year?: number;
                compare?: "previous_period" | "previous_year";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Income and expenses over posted entries dated within the period (date_from/date_to, or fiscal_year); compare=previous_period or previous_year adds that period beside every figure */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["IncomeStatement"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description AMOUNT_OUT_OF_RANGE: a sum exceeds the largest amount JSON carries exactly */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Reconciliations: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, ledger_account, statement_account, currency, date_from, date_to, date_window_days, status, statement_balance, statement_balance_milli, statement_balance_source, statement_balance_statement, continuity_breaks, ledger_balance, drift, drift_milli, tolerance_absolute, tolerance_basis_points, difference_total, difference_unposted, matched_count, unmatched_row_count, unmatched_entry_count, created_at, updated_at, confirmed_at */
                fields?: string;
                /** @description Equality filter */
                status?: "open" | "confirmed";
                sort_by?: "created_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List reconciliations by created_at, newest first by default (summary and counts; the lists are on the detail); filter status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reconciliation"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Reconciliations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    ledger_account: string;
                    /** Format: uuid */
                    statement_account: string;
                    date_from: string;
                    date_to: string;
                    /** @default 3 */
                    date_window_days?: number;
                    tolerance?: ({
                        absolute: number;
                    } | {
                        percent: number;
                    }) | null;
                };
            };
        };
        responses: {
            /** @description Reconcile a ledger account against a statement account over a period: reads the statement rows with the caller's credentials, matches them to posted entries (within the tolerance, if given), stores the result and the drift against the bank's printed balance */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reconciliation"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include reconciliations:create, or the statement service refused to let it read the statement account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: the ledger account or the statement account is not one of the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description GROUP_ACCOUNT: reconcile a postable account; CURRENCY_MISMATCH: the ledger account is pinned to another currency than the statement account; CURRENCY_NOT_SUPPORTED: the currency has more decimals (ISO 4217) than the milli-units statement amounts are kept in */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: the statement service could not be reached or did not accept the key; nothing was stored */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReconciliationsReconciliationId: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One reconciliation with a page of each list: matched (rows with their entries), unmatched_rows, unmatched_entries; page and limit apply to each */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReconciliationDetail"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReconciliationsReconciliationIdMatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    statement_row: string;
                    entries: string[];
                };
            };
        };
        responses: {
            /** @description Match a statement row to entries of this reconciliation that sum to it exactly, or within its tolerance (rule manual); open reconciliations only */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reconciliation"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change; ALREADY_MATCHED: the row is matched already (unmatch it first) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROW_NOT_IN_RECONCILIATION, AMOUNT_NOT_WHOLE, ENTRY_NOT_AVAILABLE (not part of it, or matched already), AMOUNT_MISMATCH: the entries do not sum to the row */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReconciliationsReconciliationIdUnmatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    statement_row: string;
                };
            };
        };
        responses: {
            /** @description Unmatch a statement row and its entries; open reconciliations only */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reconciliation"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change; NOT_MATCHED: the row is not matched; DIFFERENCE_POSTED: the row's difference was posted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROW_NOT_IN_RECONCILIATION: the statement row is not part of this reconciliation */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReconciliationsReconciliationIdConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default null */
                    post_differences_to?: string | null;
                };
            };
        };
        responses: {
            /** @description Confirm: immutable afterwards (409); its matched rows and entries belong to no other confirmed reconciliation (409 ALREADY_RECONCILED). Optional body {"post_differences_to": <account>} posts the differences first (needs transactions:create too) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Reconciliation"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: post_differences_to with a key without transactions:create */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change; ALREADY_RECONCILED: a matched row or entry belongs to another confirmed reconciliation; PERIOD_CLOSED: post_differences_to, and date_to is in the closed period; DIFFERENCE_POSTED_ELSEWHERE: with post_differences_to, as post-differences */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A posting rule refused the transaction of the differences (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); nothing was posted or confirmed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReconciliationsReconciliationIdRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Take in the statement rows and posted ledger entries that appeared since the reconciliation was opened and match what is unmatched again (matches, manual ones included, stay); the bank figures and the ledger balance are read again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReconciliationRefreshResult"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include reconciliations:edit, or the statement service refused to let it read the statement account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: the statement service could not be reached or did not accept the key; nothing was changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReconciliationsReconciliationIdPostDifferences: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    account: string;
                };
            };
        };
        responses: {
            /** @description Needs reconciliations:edit too. Post the differences of matched rows not posted yet to an account (bank charges) as one transaction, source reconciliation, matched to their rows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PostDifferencesResult"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include both transactions:create and reconciliations:edit */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change; PERIOD_CLOSED: date_to, the date of the differences' transaction, is in the closed period; nothing was posted; DIFFERENCE_POSTED_ELSEWHERE: another reconciliation posted a different difference of a row (or to another ledger account), named in details; nothing was posted (a row whose same difference another reconciliation posted takes that posting instead of a second one) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A posting rule refused the transaction (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH); nothing was posted */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReconciliationsReconciliationIdStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The bank reconciliation statement on date_to: balance per bank, plus deposits in transit, less unpresented cheques and payments, less items in the bank not yet in the books, equals the balance per books (unexplained: what is not accounted for); JSON, or CSV with Accept: text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BankReconciliationStatement"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ReconciliationCategoryAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's counter-account per statement category, used by post-unmatched for rows given none of their own */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReconciliationCategoryAccounts"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1ReconciliationCategoryAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accounts: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Replace the organization's counter-account per statement category (every account the organization's and postable) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReconciliationCategoryAccounts"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ACCOUNT_NOT_FOUND, GROUP_ACCOUNT: naming accounts.<category>; nothing was changed */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ReconciliationsReconciliationIdPostUnmatched: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                reconciliation_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    accounts?: {
                        [key: string]: string;
                    };
                    /** @default null */
                    default_account?: string | null;
                    rows?: {
                        /** Format: uuid */
                        statement_row: string;
                        account?: string | null;
                    }[] | null;
                    /** @default false */
                    post_anyway?: boolean;
                };
            };
        };
        responses: {
            /** @description Needs reconciliations:edit too. Post one balanced transaction per unmatched row, or per row of `rows` (counter-account: the row's own, else accounts by category, else the organization's mapping, else default_account; source statement, source_ref the row id: a repeat creates nothing twice) and match it; rows that now have a candidate entry are refused unless post_anyway */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PostUnmatchedResult"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include both transactions:create and reconciliations:edit */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RECONCILIATION_CONFIRMED: a confirmed reconciliation can no longer change; ROWS_HAVE_CANDIDATES: rows that now have a candidate entry in the ledger (refresh, or post_anyway), named in details; ALREADY_MATCHED: a row of rows is matched already; PERIOD_CLOSED: a row to post is dated in the closed period (nothing was posted) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ROW_NOT_IN_RECONCILIATION: a row of rows is not part of it; a posting rule refused the transaction of a row (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE, CURRENCY_MISMATCH), the message names the row; nothing was posted */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's base currency, fiscal year start (and the current fiscal year) and the date the books are closed through */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LedgerSettings"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1Settings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    base_currency?: string;
                    fiscal_year_start_month?: number | null;
                    fiscal_year_start_day?: number | null;
                };
            };
        };
        responses: {
            /** @description Set the base currency, or the fiscal year start month and day (null for both: April 1 for base currency INR, January 1 otherwise); the balance sheet splits retained and current earnings there */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LedgerSettings"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1PeriodsClose: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    through: string;
                    reason?: string | null;
                };
            };
        };
        responses: {
            /** @description Close every date up to and including `through`: posting, voiding, reversing and bulk items dated there answer 409 PERIOD_CLOSED (drafts may be kept); recorded with the key, member and reason */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PeriodEvent"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PERIOD_ALREADY_CLOSED: the books are already closed through that date or a later one (reopen to move the closing back); or IDEMPOTENCY_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A business rule refused the request (IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with a different request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1PeriodsReopen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    from?: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Reopen every closed date from `from` on (all of them without it), with a reason; recorded with the key and member */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PeriodEvent"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PERIOD_NOT_CLOSED: nothing is closed, or not from that date; or IDEMPOTENCY_IN_PROGRESS */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A business rule refused the request (IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with a different request) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Periods: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, action, closed_through, previous_closed_through, reason, api_key, member, created_at */
                fields?: string;
                sort_by?: "created_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every close and reopen of the books, newest first by default: the closed-through date before and after, the key, the member, the reason */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PeriodEvent"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1WebhookEndpoints: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, url, description, event_types, enabled, disabled_reason, previous_secret_expires_at, last_success_at, created_at, updated_at */
                fields?: string;
                sort_by?: "created_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's webhook endpoints (never their secrets) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1WebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description where events are POSTed: https in production; refused when it resolves to a private, loopback or link-local address */
                    url: string;
                    /** @description the event types sent to it; default every type */
                    event_types?: ("statement.completed" | "statement.stalled" | "statement.failed" | "transaction.posted" | "transaction.reversed" | "transaction.voided" | "reconciliation.confirmed" | "period.closed" | "period.reopened" | "webhook_endpoint.disabled" | "webhook.test")[];
                    description?: string | null;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Register an endpoint for webhook events; the answer carries its signing secret, shown only this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1WebhookEndpointsEndpointId: {
        parameters: {
            query?: {
                /** @description Comma-separated subset of: id, url, description, event_types, enabled, disabled_reason, previous_secret_expires_at, last_success_at, created_at, updated_at */
                fields?: string;
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One webhook endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1WebhookEndpointsEndpointId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1WebhookEndpointsEndpointId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description where events are POSTed: https in production; refused when it resolves to a private, loopback or link-local address */
                    url?: string;
                    /** @description the event types sent to it; default every type */
                    event_types?: ("statement.completed" | "statement.stalled" | "statement.failed" | "transaction.posted" | "transaction.reversed" | "transaction.voided" | "reconciliation.confirmed" | "period.closed" | "period.reopened" | "webhook_endpoint.disabled" | "webhook.test")[];
                    description?: string | null;
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Change the URL, event types, description, or enable or disable it (enabling clears the reason the platform disabled it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: the body or file is larger than the limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1WebhookEndpointsEndpointIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A new signing secret, shown only this once; the previous one signs too for 24 hours (two v1 signatures) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookEndpointWithSecret"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1WebhookEndpointsEndpointIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a webhook.test event to this endpoint now (also when it is disabled); answers the delivery to follow */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: the delivery queue cannot be reached; the delivery is recorded and will be tried */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1WebhookEndpointsEndpointIdDeliveries: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, endpoint, event_id, event_type, status, attempt_count, next_attempt_at, last_status_code, event, attempts, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                status?: "pending" | "succeeded" | "failed";
                /** @description Equality filter */
                event_type?: "statement.completed" | "statement.stalled" | "statement.failed" | "transaction.posted" | "transaction.reversed" | "transaction.voided" | "reconciliation.confirmed" | "period.closed" | "period.reopened" | "webhook_endpoint.disabled" | "webhook.test";
                sort_by?: "created_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path: {
                endpoint_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events sent to this endpoint, newest first, each with every attempt (status code, duration, error) and the next try */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"][];
                        page_context: components["schemas"]["PageContext"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1WebhookEndpointsEndpointIdDeliveriesDeliveryIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                endpoint_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Try a delivery once more now (a failed one, or a pending one without waiting); a failure here never disables the endpoint */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN: the key's scopes do not include this operation's permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such record in the organization of the key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: too many requests for this key; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL: a fault on our side; quote the request_id */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UPSTREAM_UNAVAILABLE: the delivery queue cannot be reached */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhookTransactionPosted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionPostedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTransactionReversed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionReversedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTransactionVoided: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionVoidedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookReconciliationConfirmed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconciliationConfirmedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookPeriodClosed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PeriodClosedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookPeriodReopened: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PeriodReopenedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookWebhookEndpointDisabled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointDisabledEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Any 2xx: received (the event id is the webhook-id header; de-duplicate on it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
