/**
 * The snapshot service's API types, generated from its OpenAPI document by `pnpm generate:client`
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
    "/api/v1/widgets/{widget_id}/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A widget's snapshot history, newest first
         * @description Requires the `snapshot:read` permission.
         */
        get: operations["getApiV1WidgetsWidgetIdSnapshots"];
        put?: never;
        /**
         * Push a data point to a widget
         * @description Requires the `snapshot:create` permission.
         */
        post: operations["postApiV1WidgetsWidgetIdSnapshots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/widgets/{widget_id}/snapshots/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Push up to 500 data points to a widget, all or nothing
         * @description Requires the `snapshot:create` permission.
         */
        post: operations["postApiV1WidgetsWidgetIdSnapshotsBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/widgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List widgets
         * @description Requires the `widget:read` permission.
         */
        get: operations["getApiV1Widgets"];
        put?: never;
        /**
         * Create a widget
         * @description Requires the `widget:create` permission.
         */
        post: operations["postApiV1Widgets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/widgets/{widget_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A widget with its tags and latest snapshot
         * @description Requires the `widget:read` permission.
         */
        get: operations["getApiV1WidgetsWidgetId"];
        put?: never;
        post?: never;
        /**
         * Delete a widget and its snapshots
         * @description Requires the `widget:delete` permission.
         */
        delete: operations["deleteApiV1WidgetsWidgetId"];
        options?: never;
        head?: never;
        /**
         * Edit a widget
         * @description Requires the `widget:edit` permission.
         */
        patch: operations["patchApiV1WidgetsWidgetId"];
        trace?: never;
    };
    "/api/v1/dashboards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List dashboards
         * @description Requires the `dashboard:read` permission.
         */
        get: operations["getApiV1Dashboards"];
        put?: never;
        /**
         * Create a dashboard
         * @description Requires the `dashboard:create` permission.
         */
        post: operations["postApiV1Dashboards"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/dashboards/{dashboard_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A dashboard with its widgets
         * @description Requires the `dashboard:read` permission.
         */
        get: operations["getApiV1DashboardsDashboardId"];
        put?: never;
        post?: never;
        /**
         * Delete a dashboard; its widgets stay, unassigned
         * @description Requires the `dashboard:delete` permission.
         */
        delete: operations["deleteApiV1DashboardsDashboardId"];
        options?: never;
        head?: never;
        /**
         * Edit a dashboard
         * @description Requires the `dashboard:edit` permission.
         */
        patch: operations["patchApiV1DashboardsDashboardId"];
        trace?: never;
    };
    "/api/v1/dashboards/{dashboard_id}/widgets/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a dashboard's widgets in a new order
         * @description Requires the `dashboard:edit` permission.
         */
        post: operations["postApiV1DashboardsDashboardIdWidgetsOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tags with their widget counts
         * @description Requires the `tags:read` permission.
         */
        get: operations["getApiV1Tags"];
        put?: never;
        /**
         * Create a tag
         * @description Requires the `tags:create` permission.
         */
        post: operations["postApiV1Tags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tags/{tag_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One tag
         * @description Requires the `tags:read` permission.
         */
        get: operations["getApiV1TagsTagId"];
        put?: never;
        post?: never;
        /**
         * Delete a tag (it is removed from its widgets)
         * @description Requires the `tags:delete` permission.
         */
        delete: operations["deleteApiV1TagsTagId"];
        options?: never;
        head?: never;
        /**
         * Rename a tag
         * @description Requires the `tags:edit` permission.
         */
        patch: operations["patchApiV1TagsTagId"];
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
        Snapshot: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            widget_id: string;
            data: components["schemas"]["DataPoint"];
            /** Format: date-time */
            created_at: string;
        };
        DataPoint: {
            value: number;
            label?: string;
            unit?: string;
        } & {
            [key: string]: unknown;
        };
        SnapshotBatch: components["schemas"]["Snapshot"][];
        PageContext: {
            count: number;
            page: number;
            per_page: number;
            total: number;
            has_more: boolean;
        };
        Widget: {
            /** Format: uuid */
            id: string;
            name: string;
            type: string;
            description: string | null;
            dashboard_id: string | null;
            position: number | null;
            tags: string[];
            latest_snapshot: components["schemas"]["LatestSnapshot"] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        LatestSnapshot: {
            /** Format: uuid */
            id: string;
            data: components["schemas"]["DataPoint"];
            /** Format: date-time */
            created_at: string;
        };
        DashboardWithWidgets: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            widget_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            widgets: components["schemas"]["Widget"][];
        };
        Dashboard: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string | null;
            widget_count: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WidgetOrder: components["schemas"]["Widget"][];
        Tag: {
            /** Format: uuid */
            id: string;
            name: string;
            widget_count: number;
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
    getApiV1WidgetsWidgetIdSnapshots: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, widget_id, data, created_at */
                fields?: string;
                /** @description Inclusive lower bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_from?: string;
                /** @description Inclusive upper bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_to?: string;
                sort_by?: "created_at";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path: {
                widget_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A widget's snapshot history, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Snapshot"][];
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
    postApiV1WidgetsWidgetIdSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                widget_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        value: number;
                        label?: string;
                        unit?: string;
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Push a data point to a widget */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Snapshot"];
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
            /** @description NOT_FOUND: no such widget in the organization */
            404: {
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
    postApiV1WidgetsWidgetIdSnapshotsBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                widget_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: ({
                        value: number;
                        label?: string;
                        unit?: string;
                    } & {
                        [key: string]: unknown;
                    })[];
                };
            };
        };
        responses: {
            /** @description Push up to 500 data points to a widget, all or nothing */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SnapshotBatch"];
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
            /** @description NOT_FOUND: no such widget in the organization */
            404: {
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
    getApiV1Widgets: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, name, type, description, dashboard_id, position, tags, latest_snapshot, created_at, updated_at */
                fields?: string;
                /** @description Equality filter */
                dashboard_id?: string;
                /** @description Equality filter */
                type?: string;
                /** @description Equality filter */
                tag?: string;
                /** @description Inclusive lower bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_from?: string;
                /** @description Inclusive upper bound on created_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                created_at_to?: string;
                /** @description Inclusive lower bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_from?: string;
                /** @description Inclusive upper bound on updated_at (ISO 8601 instant with Z or an offset; send + as %2B) */
                updated_at_to?: string;
                sort_by?: "created_at" | "updated_at" | "name" | "position";
                sort_order?: "ASC" | "DESC";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List widgets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"][];
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
    postApiV1Widgets: {
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
                    /** @default number */
                    type?: string;
                    /** @default null */
                    description?: string | null;
                    /** @default null */
                    dashboard_id?: string | null;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Create a widget */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"];
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
            /** @description NOT_FOUND: dashboard_id names no dashboard of the organization */
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
    getApiV1WidgetsWidgetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                widget_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A widget with its tags and latest snapshot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"];
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
    deleteApiV1WidgetsWidgetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                widget_id: string;
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
    patchApiV1WidgetsWidgetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                widget_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    type?: string;
                    description?: string | null;
                    dashboard_id?: string | null;
                    tags?: string[];
                };
            };
        };
        responses: {
            /** @description Edit a widget */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Widget"];
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
            /** @description NOT_FOUND: no such widget, or dashboard_id names no dashboard of the organization */
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
    getApiV1Dashboards: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, name, description, widget_count, created_at, updated_at */
                fields?: string;
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
            /** @description List dashboards */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Dashboard"][];
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
    postApiV1Dashboards: {
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
                };
            };
        };
        responses: {
            /** @description Create a dashboard */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DashboardWithWidgets"];
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
    getApiV1DashboardsDashboardId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                dashboard_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A dashboard with its widgets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DashboardWithWidgets"];
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
    deleteApiV1DashboardsDashboardId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                dashboard_id: string;
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
    patchApiV1DashboardsDashboardId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                dashboard_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description Edit a dashboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DashboardWithWidgets"];
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
    postApiV1DashboardsDashboardIdWidgetsOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                dashboard_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    widgets: string[];
                };
            };
        };
        responses: {
            /** @description Put a dashboard's widgets in a new order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WidgetOrder"];
                    };
                };
            };
            /** @description VALIDATION_ERROR: widgets names a widget not on the dashboard, one twice, or misses one; nothing changed */
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
            /** @description NOT_FOUND: no such dashboard in the organization */
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
    getApiV1Tags: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                /** @description Comma-separated subset of: id, name, widget_count, created_at */
                fields?: string;
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
            /** @description List tags with their widget counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"][];
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
    postApiV1Tags: {
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
                };
            };
        };
        responses: {
            /** @description Create a tag */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"];
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
            /** @description TAG_EXISTS: the organization already has a tag of that name */
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
    getApiV1TagsTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tag_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One tag */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"];
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
    deleteApiV1TagsTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tag_id: string;
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
    patchApiV1TagsTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tag_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Rename a tag */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Tag"];
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
            /** @description TAG_EXISTS: the organization already has a tag of that name */
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
