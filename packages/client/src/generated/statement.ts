/**
 * The statement service's API types, generated from its OpenAPI document by `pnpm generate:client`
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
    "/api/v1/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List statements and where their processing stands
         * @description Requires the `statements:read` permission.
         */
        get: operations["getApiV1Statements"];
        put?: never;
        /**
         * Upload a statement file (CSV, XLSX, XLS, PDF, OFX, QFX, QIF, CAMT.053 or MT940); it is processed by the worker
         * @description Requires the `statements:create` permission.
         */
        post: operations["postApiV1Statements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/{statement_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One statement
         * @description Requires the `statements:read` permission.
         */
        get: operations["getApiV1StatementsStatementId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/{statement_id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Supply the password of a statement stalled for one; processing restarts at read_file
         * @description Requires the `statements:edit` permission.
         */
        post: operations["postApiV1StatementsStatementIdPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/{statement_id}/account-number": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Supply the account number of a statement whose account was not detected; processing restarts at detect_account
         * @description Requires the `statements:edit` permission.
         */
        post: operations["postApiV1StatementsStatementIdAccountNumber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/{statement_id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept the rows of a statement stalled with BALANCE_MISMATCH or REVIEW_REQUESTED as they were read; processing resumes at detect_account
         * @description Requires the `statements:edit` permission.
         */
        post: operations["postApiV1StatementsStatementIdAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statements/{statement_id}/layout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Say which column is which of a statement stalled with LAYOUT_NOT_RECOGNISED (or REVIEW_REQUESTED); the mapping is saved as the reading profile of the layout and processing restarts at parse
         * @description Requires the `statements:edit` permission.
         */
        post: operations["postApiV1StatementsStatementIdLayout"];
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
         * List statement rows (inflow, outflow, balance in milli-units)
         * @description Requires the `transactions:read` permission.
         */
        get: operations["getApiV1Transactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/transactions/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search statement rows with AND-combined conditions
         * @description Requires the `transactions:read` permission.
         */
        post: operations["postApiV1TransactionsSearch"];
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
         * One statement row
         * @description Requires the `transactions:read` permission.
         */
        get: operations["getApiV1TransactionsTransactionId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Categorise a statement row by hand (marks it manual: rule runs and categorisation on import leave it alone)
         * @description Requires the `transactions:edit` permission.
         */
        patch: operations["patchApiV1TransactionsTransactionId"];
        trace?: never;
    };
    "/api/v1/reports/income": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The income report: totals per category or entity and per period
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsIncome"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/expense": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The expense report: totals per category or entity and per period
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsExpense"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/liability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The liability report: totals per category or entity and per period
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsLiability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reports/inflow_outflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every non-transfer row of a window, oldest first, with its account
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1ReportsInflowOutflow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals per category and type
         * @description Requires the `reports:read` permission.
         */
        get: operations["getApiV1Categories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
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
         * List statement accounts
         * @description Requires the `accounts:read` permission.
         */
        get: operations["getApiV1Accounts"];
        put?: never;
        /**
         * Create a statement account (bank or credit card)
         * @description Requires the `accounts:create` permission.
         */
        post: operations["postApiV1Accounts"];
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
         * One statement account, with the continuity of its completed statements: their periods and balances, and the breaks (an opening balance that is not the previous closing one, gaps, overlaps)
         * @description Requires the `accounts:read` permission.
         */
        get: operations["getApiV1AccountsAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a statement account: rename it (the name is then a person's, name_source person, which no upload changes), correct its kind (category) or its currency (only while it holds no transactions)
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
         * An account's balance at the end of a day
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
    "/api/v1/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List rules, in the order automatic categorisation applies them
         * @description Requires the `rules:read` permission.
         */
        get: operations["getApiV1Rules"];
        put?: never;
        /**
         * Create a rule
         * @description Requires the `rules:create` permission.
         */
        post: operations["postApiV1Rules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One rule
         * @description Requires the `rules:read` permission.
         */
        get: operations["getApiV1RulesRuleId"];
        /**
         * Change a rule (partial; conditions and actions sent replace the whole array)
         * @description Requires the `rules:edit` permission.
         */
        put: operations["putApiV1RulesRuleId"];
        post?: never;
        /**
         * Delete a rule; rows keep the categorisation it gave them
         * @description Requires the `rules:delete` permission.
         */
        delete: operations["deleteApiV1RulesRuleId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/{rule_id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The rows a rule would change (read-only); hand-set rows are marked protected
         * @description Requires the `rules:read` permission.
         */
        get: operations["getApiV1RulesRuleIdPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/{rule_id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a rule's actions to the rows it matches, except hand-set rows unless override_manual
         * @description Requires the `rules:edit` permission.
         */
        post: operations["postApiV1RulesRuleIdRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reading-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's reading profiles (layouts a person mapped, read with no prompt on the next upload)
         * @description Requires the `reading_profiles:read` permission.
         */
        get: operations["getApiV1ReadingProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reading-profiles/{profile_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One reading profile, with bank_profile: its export in the shape of the shipped bank profiles
         * @description Requires the `reading_profiles:read` permission.
         */
        get: operations["getApiV1ReadingProfilesProfileId"];
        put?: never;
        post?: never;
        /**
         * Delete a reading profile: the next file of its layout is asked for again
         * @description Requires the `reading_profiles:delete` permission.
         */
        delete: operations["deleteApiV1ReadingProfilesProfileId"];
        options?: never;
        head?: never;
        /**
         * Rename a reading profile or correct its mapping (checked against the layout's width); its fingerprint stays
         * @description Requires the `reading_profiles:edit` permission.
         */
        patch: operations["patchApiV1ReadingProfilesProfileId"];
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
    "statement.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A statement was read, its rows imported and categorised
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookStatementCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "statement.stalled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A statement waits for a person: action_required says what (password, account number, layout, balance acceptance) and the call that gives it
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookStatementStalled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "statement.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A statement failed for good (error says why)
         * @description POSTed to every enabled endpoint that takes this type, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); answer 2xx within 15 s, or it is tried again.
         */
        post: operations["webhookStatementFailed"];
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
        Statement: {
            /** Format: uuid */
            id: string;
            file_name: string;
            /** @enum {string} */
            file_type: "csv" | "excel" | "pdf" | "ofx" | "qif" | "camt053" | "mt940";
            /** @enum {string} */
            status: "queued" | "processing" | "stalled" | "completed" | "failed";
            step: ("read_file" | "parse" | "detect_account" | "categorize") | null;
            error: components["schemas"]["StatementError"] | null;
            account_id: string | null;
            parsed_data: components["schemas"]["StatementParsedData"] | null;
            transaction_count: number;
            file_sha256: string | null;
            replaces: string | null;
            replaced_by: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        StatementError: {
            code: string;
            message: string;
        };
        StatementParsedData: {
            metadata: {
                acc_no: string | null;
                header: string[];
                currency?: string | null;
                kind?: ("bank" | "credit_card") | null;
                bank?: string | null;
            };
            profile?: string | null;
            opening_balance?: number | null;
            closing_balance?: number | null;
            period?: {
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
            } | null;
            row_count: number;
            warnings?: components["schemas"]["ReadWarning"][];
            integrity?: components["schemas"]["IntegrityReport"];
            accepted?: {
                /** Format: date-time */
                at: string;
                break_count: number;
            };
            import?: components["schemas"]["StatementImport"];
            preview?: components["schemas"]["LayoutPreview"];
            layout?: components["schemas"]["ReadingMapping"];
            review?: components["schemas"]["StatementReview"];
        };
        ReadWarning: {
            position: string;
            reason: string;
            text: string;
        };
        IntegrityReport: {
            ok: boolean;
            /** @enum {string} */
            balance_chain: "ok" | "broken" | "not_checked";
            order: ("oldest_first" | "newest_first") | null;
            breaks: components["schemas"]["BalanceBreak"][];
            break_count: number;
            opening_balance: components["schemas"]["FigureCheck"];
            closing_balance: components["schemas"]["FigureCheck"];
            total_inflow: components["schemas"]["FigureCheck"];
            total_outflow: components["schemas"]["FigureCheck"];
            row_count: number;
            skipped_lines: number;
        };
        BalanceBreak: {
            row: number;
            position: string | null;
            expected_balance: number;
            balance: number;
        };
        FigureCheck: {
            printed: number | null;
            computed: number | null;
            ok: boolean | null;
        };
        StatementImport: {
            rows_read: number;
            stored: number;
            already_stored: number;
            carried_over: number;
            removed: number;
            replaces: string | null;
            compared: {
                /** Format: date */
                from: string;
                /** Format: date */
                to: string;
            } | null;
            differing: components["schemas"]["StatementImportDiffering"][];
            differing_count: number;
        };
        StatementImportDiffering: {
            /** @enum {string} */
            kind: "file_only" | "stored_only";
            /** Format: uuid */
            transaction_id: string;
            statement_id: string | null;
            /** Format: date */
            date: string;
            particulars: string;
            inflow: number;
            outflow: number;
            balance: number | null;
            removed: boolean;
        };
        LayoutPreview: {
            lines: string[][];
            line_count: number;
            width: number;
            guess: {
                header_row: number | null;
                columns: {
                    index: number;
                    role: ("date" | "narration" | "reference" | "value_date" | "debit" | "credit" | "amount" | "balance" | "direction") | null;
                    confidence: number;
                }[];
                date_order: ("DMY" | "MDY" | "YMD") | null;
                decimal_separator: ("." | ",") | null;
            };
            undecided: {
                field: string;
                reason: string;
            }[];
        };
        ReadingMapping: {
            columns: components["schemas"]["MappingColumns"];
            amount_sign?: ("inflow_positive" | "outflow_positive") | null;
            direction?: components["schemas"]["MappingDirection"] | null;
            /** @enum {string} */
            date_order: "DMY" | "MDY" | "YMD";
            /** @enum {string} */
            decimal_separator: "." | ",";
            header_row: number | null;
            skip_lines?: number[];
            /** Format: uuid */
            profile_id?: string;
        };
        MappingColumns: {
            date: number;
            narration: number | number[];
            reference?: number | null;
            value_date?: number | null;
            debit?: number | null;
            credit?: number | null;
            amount?: number | null;
            balance?: number | null;
        };
        MappingDirection: {
            column: number;
            inflow: string[];
            outflow: string[];
        };
        StatementReview: {
            rows: {
                /** Format: date */
                date: string;
                particulars: string;
                inflow: number;
                outflow: number;
                balance: number | null;
                position: string | null;
            }[];
            row_count: number;
            /** @enum {string} */
            balance_chain: "ok" | "broken" | "not_checked";
            total_inflow: number;
            total_outflow: number;
            /** Format: date-time */
            accepted_at?: string;
        };
        PageContext: {
            count: number;
            page: number;
            per_page: number;
            total: number;
            has_more: boolean;
        };
        StatementRecovery: {
            /** Format: uuid */
            id: string;
            job_id: string;
            /** @enum {string} */
            step: "read_file" | "parse" | "detect_account" | "categorize";
        };
        Transaction: {
            /** Format: uuid */
            id: string;
            /** Format: date */
            date: string;
            particulars: string;
            inflow: number;
            outflow: number;
            balance: number | null;
            entity: string | null;
            category: string | null;
            po: string | null;
            comments: string | null;
            /** @enum {string} */
            type: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
            /** @description Where the categorisation (category, entity, type, comments, po) came from: manual (a person, PATCH), rule (a rule run or categorisation on import), import (came with the data), null (nobody has categorised the row). Rule runs and categorisation on import leave manual rows alone unless a run says override_manual. */
            category_source: ("manual" | "rule" | "import") | null;
            /** @description The rule that last changed the row when category_source is rule, else null (kept after the rule is deleted) */
            category_rule_id: string | null;
            account_id: string | null;
            account_name: string | null;
            account_currency: string | null;
            statement: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        GroupedReport: {
            period: {
                /** Format: date */
                date_from: string;
                /** Format: date */
                date_to: string;
                /** @enum {string} */
                group_by: "day" | "week" | "month" | "year";
                /** @enum {string} */
                group_by_field: "category" | "entity";
            };
            data: {
                [key: string]: string | components["schemas"]["PeriodTotals"];
            }[];
            accounts: components["schemas"]["AccountRef"][];
        };
        PeriodTotals: {
            inflow: number;
            outflow: number;
            net: number;
            transaction_count: number;
        };
        AccountRef: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            category: "bank" | "credit_card";
        };
        InflowOutflowReport: {
            period: {
                /** Format: date */
                date_from: string;
                /** Format: date */
                date_to: string;
            };
            transactions: components["schemas"]["FlowTransaction"][];
            accounts: components["schemas"]["AccountRef"][];
        };
        FlowTransaction: {
            /** Format: uuid */
            id: string;
            /** Format: date */
            date: string;
            inflow: number;
            outflow: number;
            particulars: string;
            entity: string | null;
            category: string | null;
            /** @enum {string} */
            type: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
            account: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @enum {string} */
                category: "bank" | "credit_card";
            } | null;
        };
        CategoriesReport: {
            period: {
                /** Format: date */
                date_from: string;
                /** Format: date */
                date_to: string;
            };
            data: components["schemas"]["CategoryTotals"][];
            totals: {
                count: number;
                inflow: number;
                outflow: number;
            };
            accounts: components["schemas"]["AccountRef"][];
        };
        CategoryTotals: {
            category: string | null;
            /** @enum {string} */
            type: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
            count: number;
            inflow: number;
            outflow: number;
        };
        Account: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            name_source: "file" | "person";
            /** @enum {string} */
            category: "bank" | "credit_card";
            description: string | null;
            acc_no: string | null;
            currency: string;
            color: string | null;
            opening_balance: number;
            opening_balance_date: string | null;
            status: string;
            is_archived: boolean;
            upload_frequency: string | null;
            /** Format: date-time */
            created_at: string;
            review: components["schemas"]["AccountReview"];
        };
        AccountReview: {
            is_done: boolean;
            at: string | null;
            type: string | null;
            by: string | null;
            work_record_id: string | null;
        };
        AccountDetail: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            name_source: "file" | "person";
            /** @enum {string} */
            category: "bank" | "credit_card";
            description: string | null;
            acc_no: string | null;
            currency: string;
            color: string | null;
            opening_balance: number;
            opening_balance_date: string | null;
            status: string;
            is_archived: boolean;
            upload_frequency: string | null;
            /** Format: date-time */
            created_at: string;
            review: components["schemas"]["AccountReview"];
            continuity: components["schemas"]["StatementContinuity"];
        };
        StatementContinuity: {
            ok: boolean;
            statements: components["schemas"]["StatementFigures"][];
            breaks: components["schemas"]["ContinuityBreak"][];
        };
        StatementFigures: {
            /** Format: uuid */
            statement: string;
            file_name: string;
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            opening_balance_milli: number | null;
            closing_balance_milli: number | null;
        };
        ContinuityBreak: {
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
        AccountBalance: {
            /** Format: uuid */
            account_id: string;
            /** Format: date */
            as_of_date: string;
            balance: number;
            computed_from: {
                opening_balance: number;
                opening_balance_date: string | null;
                total_inflow: number;
                total_outflow: number;
                transaction_count: number;
            };
        };
        Rule: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            rationale: string | null;
            priority: number;
            conditions: components["schemas"]["Condition"][];
            actions: components["schemas"]["RuleAction"][];
            enabled: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Condition: {
            /** @enum {string} */
            field: "particulars" | "inflow" | "outflow" | "balance" | "date" | "type" | "category" | "entity" | "account" | "comments" | "po";
            /** @enum {string} */
            operator: "equals" | "not_equals" | "contains" | "not_contains" | "starts_with" | "ends_with" | "regex" | "greater_than" | "less_than" | "greater_than_or_equal" | "less_than_or_equal" | "is_null" | "is_not_null" | "within_last_days" | "older_than_days";
            value?: string | number;
            case_sensitive: boolean;
        };
        RuleAction: {
            /** @enum {string} */
            field: "category" | "entity" | "type" | "comments" | "po";
            value: string | null;
        };
        RulePreviewRow: {
            /** Format: uuid */
            id: string;
            /** Format: date */
            date: string;
            particulars: string;
            inflow: number;
            outflow: number;
            balance: number | null;
            entity: string | null;
            category: string | null;
            po: string | null;
            comments: string | null;
            /** @enum {string} */
            type: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
            /** @description Where the categorisation (category, entity, type, comments, po) came from: manual (a person, PATCH), rule (a rule run or categorisation on import), import (came with the data), null (nobody has categorised the row). Rule runs and categorisation on import leave manual rows alone unless a run says override_manual. */
            category_source: ("manual" | "rule" | "import") | null;
            /** @description The rule that last changed the row when category_source is rule, else null (kept after the rule is deleted) */
            category_rule_id: string | null;
            account: string | null;
            account_name: string | null;
            account_currency: string | null;
            statement: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description A hand-set row (category_source manual): a run leaves it alone unless it says override_manual */
            protected: boolean;
        };
        RuleRun: {
            matched_count: number;
            updated_count: number;
            /** @description Matched rows left alone because a person set them (0 with override_manual) */
            protected_count: number;
            /** Format: uuid */
            rule_id: string;
        };
        ReadingProfile: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            file_type: "csv" | "excel" | "pdf";
            fingerprint: string;
            header: string[] | null;
            bank_text: string;
            width: number;
            mapping: components["schemas"]["ProfileMapping"];
            bank_profile: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ProfileMapping: {
            columns: components["schemas"]["MappingColumns"];
            amount_sign?: ("inflow_positive" | "outflow_positive") | null;
            direction?: components["schemas"]["MappingDirection"] | null;
            /** @enum {string} */
            date_order: "DMY" | "MDY" | "YMD";
            /** @enum {string} */
            decimal_separator: "." | ",";
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
        StatementCompletedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "statement.completed";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Statement"];
        };
        StatementStalledEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "statement.stalled";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Statement"];
            action_required: components["schemas"]["WebhookActionRequired"];
        };
        WebhookActionRequired: {
            /** @enum {string} */
            needs: "password" | "account_number" | "layout" | "balance_acceptance";
            code: string;
            message: string;
            call: string;
        };
        StatementFailedEvent: {
            /**
             * Format: uuid
             * @description the event id, also the webhook-id header: the same on every try; de-duplicate on it
             */
            id: string;
            /** @constant */
            type: "statement.failed";
            /** Format: date-time */
            created: string;
            /** Format: uuid */
            organization: string;
            data: components["schemas"]["Statement"];
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
    getApiV1Statements: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, file_name, file_type, status, step, error, account_id, parsed_data, transaction_count, file_sha256, replaces, replaced_by, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                status?: "queued" | "processing" | "stalled" | "completed" | "failed";
                /** @description Equality filter */
                account_id?: string;
                /** @description Inclusive lower bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_from?: string;
                /** @description Inclusive upper bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_to?: string;
                /** @description Inclusive lower bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_from?: string;
                /** @description Inclusive upper bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_to?: string;
                sort_by?: "created_at" | "updated_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List statements and where their processing stands */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Statement"][];
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
    postApiV1Statements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: uuid */
                    account_id?: string;
                    password?: string;
                    /** Format: uuid */
                    replaces?: string;
                    /** @enum {string} */
                    review?: "true" | "false";
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Upload a statement file (CSV, XLSX, XLS, PDF, OFX, QFX, QIF, CAMT.053 or MT940); it is processed by the worker */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Statement"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: `file` of no supported type; `account_id` not an account of the organization; `replaces` not a completed statement of the organization and of the account, or one already replaced (or being replaced) */
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
            /** @description STATEMENT_ALREADY_UPLOADED: the same bytes are already a statement of the organization that is not failed or replaced; details[0] (path `file`) names it; nothing was stored */
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
            /** @description UPSTREAM_UNAVAILABLE: the file store cannot be reached; nothing was stored, try again (the queue is not needed: a statement queued while it is down is added to it later) */
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
    getApiV1StatementsStatementId: {
        parameters: {
            query?: {
                /** @description Comma-separated subset of: id, file_name, file_type, status, step, error, account_id, parsed_data, transaction_count, file_sha256, replaces, replaced_by, created_at, updated_at */
                fields?: string;
            };
            header?: never;
            path: {
                statement_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One statement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Statement"];
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
    postApiV1StatementsStatementIdPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                statement_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Supply the password of a statement stalled for one; processing restarts at read_file */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatementRecovery"];
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
            /** @description STATEMENT_NOT_STALLED: the statement is not stalled for what this call supplies (or is already running with another value) */
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
            /** @description UPSTREAM_UNAVAILABLE: the file store or the queue cannot be reached; nothing was changed, try again */
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
    postApiV1StatementsStatementIdAccountNumber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                statement_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    acc_no: string;
                };
            };
        };
        responses: {
            /** @description Supply the account number of a statement whose account was not detected; processing restarts at detect_account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatementRecovery"];
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
            /** @description STATEMENT_NOT_STALLED: the statement is not stalled for what this call supplies (or is already running with another value) */
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
            /** @description UPSTREAM_UNAVAILABLE: the file store or the queue cannot be reached; nothing was changed, try again */
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
    postApiV1StatementsStatementIdAccept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                statement_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Accept the rows of a statement stalled with BALANCE_MISMATCH or REVIEW_REQUESTED as they were read; processing resumes at detect_account */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatementRecovery"];
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
            /** @description STATEMENT_NOT_STALLED: the statement is not stalled for what this call supplies (or is already running with another value) */
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
            /** @description UPSTREAM_UNAVAILABLE: the file store or the queue cannot be reached; nothing was changed, try again */
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
    postApiV1StatementsStatementIdLayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                statement_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    columns: {
                        date: number;
                        narration: number | number[];
                        reference?: number | null;
                        value_date?: number | null;
                        debit?: number | null;
                        credit?: number | null;
                        amount?: number | null;
                        balance?: number | null;
                    };
                    amount_sign?: ("inflow_positive" | "outflow_positive") | null;
                    direction?: {
                        column: number;
                        inflow: string[];
                        outflow: string[];
                    } | null;
                    /** @enum {string} */
                    date_order: "DMY" | "MDY" | "YMD";
                    /** @enum {string} */
                    decimal_separator: "." | ",";
                    header_row: number | null;
                    skip_lines?: number[];
                };
            };
        };
        responses: {
            /** @description Say which column is which of a statement stalled with LAYOUT_NOT_RECOGNISED (or REVIEW_REQUESTED); the mapping is saved as the reading profile of the layout and processing restarts at parse */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["StatementRecovery"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: the mapping does not fit the statement's parsed_data.preview (a column or line that does not exist, a column mapped twice, money read two ways or none, or a mapping that reads no transaction from the preview); details name the field; nothing was changed */
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
            /** @description STATEMENT_NOT_STALLED: the statement is not stalled for what this call supplies (or is already running with another value) */
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
            /** @description UPSTREAM_UNAVAILABLE: the file store or the queue cannot be reached; nothing was changed, try again */
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
    getApiV1Transactions: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, date, particulars, inflow, outflow, balance, entity, category, po, comments, type, category_source, category_rule_id, account_id, account_name, account_currency, statement, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                account?: string;
                /** @description Equality filter */
                statement_id?: string;
                /** @description Equality filter */
                category?: string;
                /** @description Equality filter */
                entity?: string;
                /** @description Equality filter */
                comments?: string;
                /** @description Equality filter */
                particulars?: string;
                /** @description Equality filter */
                type?: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
                /** @description Inclusive lower bound on date */
                date_from?: string;
                /** @description Inclusive upper bound on date */
                date_to?: string;
                /** @description Inclusive lower bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_from?: string;
                /** @description Inclusive upper bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_to?: string;
                /** @description Inclusive lower bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_from?: string;
                /** @description Inclusive upper bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_to?: string;
                sort_by?: "date" | "created_at" | "updated_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List statement rows (inflow, outflow, balance in milli-units) */
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
            /** @description AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    postApiV1TransactionsSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    conditions: {
                        field: string;
                        operator: string;
                        value?: unknown;
                        case_sensitive?: boolean;
                    }[];
                    currency?: string;
                    /** @default 1 */
                    page?: number;
                    /** @default 100 */
                    limit?: number;
                    /**
                     * @default date
                     * @enum {string}
                     */
                    sort_by?: "date" | "inflow" | "outflow" | "balance" | "created_at";
                    sort_order?: string;
                    fields?: string[];
                };
            };
        };
        responses: {
            /** @description Search statement rows with AND-combined conditions */
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1TransactionsTransactionId: {
        parameters: {
            query?: {
                /** @description Comma-separated subset of: id, date, particulars, inflow, outflow, balance, entity, category, po, comments, type, category_source, category_rule_id, account_id, account_name, account_currency, statement, created_at, updated_at */
                fields?: string;
            };
            header?: never;
            path: {
                transaction_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One statement row */
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
            /** @description AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
                    entity?: string | null;
                    category?: string | null;
                    /** @enum {string} */
                    type?: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
                    comments?: string | null;
                    po?: string | null;
                };
            };
        };
        responses: {
            /** @description Categorise a statement row by hand (marks it manual: rule runs and categorisation on import leave it alone) */
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
            /** @description AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1ReportsIncome: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                accounts?: string;
                currency?: string;
                particulars?: string;
                entity?: string;
                category?: string;
                group_by?: "day" | "week" | "month" | "year";
                group_by_field?: "category" | "entity";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The income report: totals per category or entity and per period */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GroupedReport"];
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1ReportsExpense: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                accounts?: string;
                currency?: string;
                particulars?: string;
                entity?: string;
                category?: string;
                group_by?: "day" | "week" | "month" | "year";
                group_by_field?: "category" | "entity";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The expense report: totals per category or entity and per period */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GroupedReport"];
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1ReportsLiability: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                accounts?: string;
                currency?: string;
                particulars?: string;
                entity?: string;
                category?: string;
                group_by?: "day" | "week" | "month" | "year";
                group_by_field?: "category" | "entity";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The liability report: totals per category or entity and per period */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["GroupedReport"];
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1ReportsInflowOutflow: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                accounts?: string;
                currency?: string;
                particulars?: string;
                entity?: string;
                category?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every non-transfer row of a window, oldest first, with its account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["InflowOutflowReport"];
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
            /** @description REPORT_TOO_LARGE: more than 50000 rows match, narrow the window; QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1Categories: {
        parameters: {
            query?: {
                date_from?: string;
                date_to?: string;
                accounts?: string;
                currency?: string;
                type?: "income" | "expense" | "asset" | "liability" | "transfer" | "unknown";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Totals per category and type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CategoriesReport"];
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
                /** @description Comma-separated subset of: id, name, name_source, category, description, acc_no, currency, color, opening_balance, opening_balance_date, status, is_archived, upload_frequency, created_at, review */
                fields?: string;
                /** @description Equality filter */
                is_archived?: boolean;
                /** @description Equality filter */
                category?: "bank" | "credit_card";
                /** @description Inclusive lower bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_from?: string;
                /** @description Inclusive upper bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_to?: string;
                sort_by?: "created_at" | "name";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List statement accounts */
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
                    category: "bank" | "credit_card";
                    /** @default null */
                    acc_no?: string | null;
                    currency?: string;
                    opening_balance?: number;
                    /** @default null */
                    opening_balance_date?: string | null;
                    /** @default null */
                    description?: string | null;
                    /** @default null */
                    color?: string | null;
                    /** @default false */
                    is_archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Create a statement account (bank or credit card) */
            201: {
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
            /** @description ACCOUNT_NUMBER_EXISTS: another account of the organization has this account number (spaces and dashes ignored) (or IDEMPOTENCY_IN_PROGRESS) */
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
    getApiV1AccountsAccountId: {
        parameters: {
            query?: {
                /** @description Comma-separated subset of: id, name, name_source, category, description, acc_no, currency, color, opening_balance, opening_balance_date, status, is_archived, upload_frequency, created_at, review, continuity */
                fields?: string;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One statement account, with the continuity of its completed statements: their periods and balances, and the breaks (an opening balance that is not the previous closing one, gaps, overlaps) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountDetail"];
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
                    category?: "bank" | "credit_card";
                    acc_no?: string | null;
                    currency?: string;
                    opening_balance?: number;
                    opening_balance_date?: string | null;
                    description?: string | null;
                    color?: string | null;
                    is_archived?: boolean;
                };
            };
        };
        responses: {
            /** @description Edit a statement account: rename it (the name is then a person's, name_source person, which no upload changes), correct its kind (category) or its currency (only while it holds no transactions) */
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
            /** @description ACCOUNT_NUMBER_EXISTS: another account of the organization has this account number (spaces and dashes ignored); or ACCOUNT_HAS_TRANSACTIONS: the currency differs from the account's and the account holds transactions (the message names how many); nothing is changed */
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
            /** @description An account's balance at the end of a day */
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
            /** @description AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    getApiV1Rules: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, name, description, rationale, priority, conditions, actions, enabled, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                enabled?: boolean;
                sort_by?: "priority" | "created_at" | "name";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List rules, in the order automatic categorisation applies them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rule"][];
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
    postApiV1Rules: {
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
                    /** @default null */
                    description?: string | null;
                    /** @default null */
                    rationale?: string | null;
                    priority?: number;
                    conditions: {
                        field: string;
                        operator: string;
                        value?: unknown;
                        case_sensitive?: boolean;
                    }[];
                    actions: {
                        /** @enum {string} */
                        field: "category" | "entity" | "type" | "comments" | "po";
                        value: unknown;
                    }[];
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Create a rule */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rule"];
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
            /** @description Conflict with the current state of the record (IDEMPOTENCY_IN_PROGRESS: the first request with this Idempotency-Key is still running) */
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
    getApiV1RulesRuleId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One rule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rule"];
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
    putApiV1RulesRuleId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                    rationale?: string | null;
                    priority?: number;
                    conditions?: {
                        field: string;
                        operator: string;
                        value?: unknown;
                        case_sensitive?: boolean;
                    }[];
                    actions?: {
                        /** @enum {string} */
                        field: "category" | "entity" | "type" | "comments" | "po";
                        value: unknown;
                    }[];
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Change a rule (partial; conditions and actions sent replace the whole array) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Rule"];
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
    deleteApiV1RulesRuleId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
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
    getApiV1RulesRuleIdPreview: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, date, particulars, inflow, outflow, balance, entity, category, po, comments, type, category_source, category_rule_id, account, account_name, account_currency, statement, created_at, updated_at, protected */
                fields?: string;
                force_all?: boolean;
                protected?: boolean;
            };
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rows a rule would change (read-only); hand-set rows are marked protected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RulePreviewRow"][];
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it; AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query */
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
    postApiV1RulesRuleIdRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default false */
                    force_all?: boolean;
                    /** @default false */
                    override_manual?: boolean;
                };
            };
        };
        responses: {
            /** @description Apply a rule's actions to the rows it matches, except hand-set rows unless override_manual */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RuleRun"];
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
            /** @description QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it */
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
    getApiV1ReadingProfiles: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, name, file_type, fingerprint, header, bank_text, width, mapping, bank_profile, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                file_type?: "csv" | "excel" | "pdf";
                /** @description Inclusive lower bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_from?: string;
                /** @description Inclusive upper bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_to?: string;
                /** @description Inclusive lower bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_from?: string;
                /** @description Inclusive upper bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_to?: string;
                sort_by?: "created_at" | "updated_at" | "name";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the organization's reading profiles (layouts a person mapped, read with no prompt on the next upload) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReadingProfile"][];
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
    getApiV1ReadingProfilesProfileId: {
        parameters: {
            query?: {
                /** @description Comma-separated subset of: id, name, file_type, fingerprint, header, bank_text, width, mapping, bank_profile, created_at, updated_at */
                fields?: string;
            };
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One reading profile, with bank_profile: its export in the shape of the shipped bank profiles */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReadingProfile"];
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
    deleteApiV1ReadingProfilesProfileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
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
    patchApiV1ReadingProfilesProfileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                profile_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    mapping?: {
                        columns: {
                            date: number;
                            narration: number | number[];
                            reference?: number | null;
                            value_date?: number | null;
                            debit?: number | null;
                            credit?: number | null;
                            amount?: number | null;
                            balance?: number | null;
                        };
                        amount_sign?: ("inflow_positive" | "outflow_positive") | null;
                        direction?: {
                            column: number;
                            inflow: string[];
                            outflow: string[];
                        } | null;
                        /** @enum {string} */
                        date_order: "DMY" | "MDY" | "YMD";
                        /** @enum {string} */
                        decimal_separator: "." | ",";
                    };
                };
            };
        };
        responses: {
            /** @description Rename a reading profile or correct its mapping (checked against the layout's width); its fingerprint stays */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReadingProfile"];
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
    webhookStatementCompleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatementCompletedEvent"];
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
    webhookStatementStalled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatementStalledEvent"];
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
    webhookStatementFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatementFailedEvent"];
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
