/**
 * The console service's API types, generated from its OpenAPI document by `pnpm generate:client`
 * (scripts/generate-client.ts) with openapi-typescript. Do not edit: change the routes and regenerate.
 */
export interface paths {
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I: the member, the organization and the CSRF token
         * @description Requires the `member:signed-in` permission.
         */
        get: operations["getApiSession"];
        put?: never;
        /** Sign in: opens a session (the cookie) and answers its CSRF token */
        post: operations["postApiSession"];
        /**
         * Sign out: the session ends and its key is revoked
         * @description Requires the `member:signed-in` permission.
         */
        delete: operations["deleteApiSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose a new password (the member's other sessions end)
         * @description Requires the `member:signed-in` permission.
         */
        post: operations["postApiSessionPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The member's two-factor sign-in: on or off, required or not, recovery codes left
         * @description Requires the `member:password-set` permission.
         */
        get: operations["getApiSessionTotp"];
        put?: never;
        /**
         * Start setting up two-factor sign-in: the secret for the authenticator app
         * @description Requires the `member:password-set` permission.
         */
        post: operations["postApiSessionTotp"];
        /**
         * Turn two-factor sign-in off (with the current password)
         * @description Requires the `member` permission.
         */
        delete: operations["deleteApiSessionTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-factor sign-in on with a code from the app; answers the recovery codes once
         * @description Requires the `member:password-set` permission.
         */
        post: operations["postApiSessionTotpConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's members
         * @description Requires the `admin:members` permission.
         */
        get: operations["getApiMembers"];
        put?: never;
        /**
         * Add a member: a one-time password, answered once (the same answer whether or not the email exists)
         * @description Requires the `admin:members` permission.
         */
        post: operations["postApiMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Requires the `admin:members` permission.
         */
        delete: operations["deleteApiMembersId"];
        options?: never;
        head?: never;
        /**
         * Change a role, disable or enable a member
         * @description Requires the `admin:members` permission.
         */
        patch: operations["patchApiMembersId"];
        trace?: never;
    };
    "/api/members/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a member's password: a new one-time password, answered once
         * @description Requires the `admin:members` permission.
         */
        post: operations["postApiMembersIdPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/members/{id}/totp-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn off a member's lost two-factor sign-in
         * @description Requires the `admin:members` permission.
         */
        post: operations["postApiMembersIdTotpReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/org": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's settings
         * @description Requires the `admin:org` permission.
         */
        get: operations["getApiOrg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Require two-factor sign-in of the organization’s admins, or not
         * @description Requires the `admin:org` permission.
         */
        patch: operations["patchApiOrg"];
        trace?: never;
    };
    "/api/meta": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models, actions and presets for the key form; the snapshot API for snippets */
        get: operations["getApiMeta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's API keys, newest first (never a secret, nor the console's session keys)
         * @description Requires the `admin:keys` permission.
         */
        get: operations["getApiKeys"];
        put?: never;
        /**
         * Create a key; its secret is answered this once
         * @description Requires the `admin:keys` permission.
         */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a key
         * @description Requires the `admin:keys` permission.
         */
        delete: operations["deleteApiKeysKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Session: {
            member: components["schemas"]["Member"];
            totp_required: boolean;
            org: {
                slug: string;
                name: string;
            };
            csrf_token: string;
            /** Format: date-time */
            expires_at: string;
        };
        Member: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "member" | "viewer";
            must_change_password: boolean;
            one_time_password_expires_at: string | null;
            disabled: boolean;
            totp_enabled: boolean;
            org: string;
            /** Format: date-time */
            created_at: string;
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
        TotpStatus: {
            enabled: boolean;
            required: boolean;
            recovery_codes_left: number;
        };
        TotpEnrolment: {
            secret: string;
            otpauth_uri: string;
        };
        TotpConfirmed: {
            member: components["schemas"]["Member"];
            totp_required: boolean;
            org: {
                slug: string;
                name: string;
            };
            csrf_token: string;
            /** Format: date-time */
            expires_at: string;
            recovery_codes: string[];
        };
        AddedMember: {
            email: string;
            role: string;
            password: string;
            /** Format: date-time */
            one_time_password_expires_at: string;
        };
        MemberWithPassword: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "member" | "viewer";
            must_change_password: boolean;
            one_time_password_expires_at: string | null;
            disabled: boolean;
            totp_enabled: boolean;
            org: string;
            /** Format: date-time */
            created_at: string;
            password: string;
        };
        OrgSettings: {
            slug: string;
            name: string;
            require_admin_totp: boolean;
        };
        Meta: {
            models: ("widget" | "snapshot" | "dashboard" | "tags" | "transactions" | "accounts" | "reports" | "entries" | "rules" | "statements" | "reconciliations" | "periods" | "reading_profiles" | "webhooks")[];
            actions: ("read" | "create" | "edit" | "delete")[];
            presets: {
                [key: string]: {
                    [key: string]: ("read" | "create" | "edit" | "delete")[];
                };
            };
            snapshot_url: string;
        };
        ApiKey: {
            key: string;
            name: string | null;
            /** @enum {string} */
            preset: "push_only" | "read_only" | "full_access" | "custom";
            scopes: {
                [key: string]: ("read" | "create" | "edit" | "delete")[];
            };
            expires_at: string | null;
            revoked_at: string | null;
            /** Format: date-time */
            created_at: string;
            last_used_at: string | null;
        };
        CreatedApiKey: {
            key: string;
            secret: string;
            name: string | null;
            org: string;
            /** @enum {string} */
            preset: "push_only" | "read_only" | "full_access" | "custom";
            scopes: {
                [key: string]: ("read" | "create" | "edit" | "delete")[];
            };
            expires_at: string | null;
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
    getApiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Who am I: the member, the organization and the CSRF token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    postApiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    totp_code?: string;
                    recovery_code?: string;
                };
            };
        };
        responses: {
            /** @description Sign in: opens a session (the cookie) and answers its CSRF token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"];
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
            /** @description INVALID_CREDENTIALS: wrong email or password; ONE_TIME_PASSWORD_EXPIRED; TOTP_REQUIRED: send the code too; INVALID_TOTP_CODE */
            401: {
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
    deleteApiSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    postApiSessionPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Choose a new password (the member's other sessions end) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Session"];
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
            /** @description INVALID_CREDENTIALS: the current password is wrong; UNAUTHENTICATED, SESSION_EXPIRED: no open session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    getApiSessionTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The member's two-factor sign-in: on or off, required or not, recovery codes left */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TotpStatus"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    postApiSessionTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Start setting up two-factor sign-in: the secret for the authenticator app */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TotpEnrolment"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    deleteApiSessionTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                };
            };
        };
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
            /** @description INVALID_CREDENTIALS: the current password is wrong; UNAUTHENTICATED, SESSION_EXPIRED: no open session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description TOTP_REQUIRED_BY_ORGANIZATION: the organization requires it of its admins; or as any signed-in route */
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
    postApiSessionTotpConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Turn two-factor sign-in on with a code from the app; answers the recovery codes once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TotpConfirmed"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    getApiMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"][];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    postApiMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "admin" | "member" | "viewer";
                };
            };
        };
        responses: {
            /** @description Add a member: a one-time password, answered once (the same answer whether or not the email exists) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AddedMember"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    deleteApiMembersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such member in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CANNOT_CHANGE_SELF: an admin does not do this to themselves (another admin does) */
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
    patchApiMembersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role?: "admin" | "member" | "viewer";
                    disabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Change a role, disable or enable a member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such member in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CANNOT_CHANGE_SELF: an admin does not do this to themselves (another admin does) */
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
    postApiMembersIdPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Reset a member's password: a new one-time password, answered once */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["MemberWithPassword"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such member in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CANNOT_CHANGE_SELF: an admin does not do this to themselves (another admin does) */
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
    postApiMembersIdTotpReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Turn off a member's lost two-factor sign-in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Member"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND: no such member in the organization */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CANNOT_CHANGE_SELF: an admin does not do this to themselves (another admin does) */
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
    getApiOrg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OrgSettings"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    patchApiOrg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    require_admin_totp: boolean;
                };
            };
        };
        responses: {
            /** @description Require two-factor sign-in of the organization’s admins, or not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OrgSettings"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    getApiMeta: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Models, actions and presets for the key form; the snapshot API for snippets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Meta"];
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
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization's API keys, newest first (never a secret, nor the console's session keys) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiKey"][];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    postApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    preset: "push_only" | "read_only" | "full_access" | "custom";
                    scopes?: (string[] | string) | null;
                    expires_at?: string | null;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description Create a key; its secret is answered this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["CreatedApiKey"];
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
    deleteApiKeysKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
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
            /** @description UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may */
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
}
