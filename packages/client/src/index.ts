/**
 * The typed client of the three services and of the console's backend: one openapi-fetch client per service, typed by the `paths` that
 * `pnpm generate:client` generates from the service's OpenAPI document. Paths, path and query parameters, JSON
 * bodies and the answers (`data` on success, the error body on failure) are all checked by TypeScript; there
 * is no hand-written code per endpoint to keep in step with the routes.
 *
 *   const api = createClient({ snapshot: 'http://localhost:4001', ledger: ..., statement: ..., key, secret });
 *   const { data, error } = await api.ledger.GET('/api/v1/accounts/{account_id}/balance', { params: { path: { account_id } } });
 *   if (error) console.log(error.error.code); else console.log(data.data);
 *
 * The console's web app calls its backend with the member's session cookie instead of a key:
 *
 *   const consoleApi = createConsoleClient(location.origin, { csrfToken: () => session?.csrf_token });
 *   const { data } = await consoleApi.GET('/api/keys');
 */
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components as ConsoleComponents, paths as ConsolePaths } from './generated/console';
import type { components as LedgerComponents, paths as LedgerPaths } from './generated/ledger';
import type { components as SnapshotComponents, paths as SnapshotPaths } from './generated/snapshot';
import type { components as StatementComponents, paths as StatementPaths } from './generated/statement';

export type { ConsoleComponents, ConsolePaths, LedgerComponents, LedgerPaths, SnapshotComponents, SnapshotPaths, StatementComponents, StatementPaths };
/** The named schemas of each service (`SnapshotSchemas['Widget']`, `LedgerSchemas['Transaction']` ...). */
export type SnapshotSchemas = SnapshotComponents['schemas'];
export type LedgerSchemas = LedgerComponents['schemas'];
export type StatementSchemas = StatementComponents['schemas'];
/** The console backend's schemas (`ConsoleSchemas['Session']`, `ConsoleSchemas['Member']` ...). */
export type ConsoleSchemas = ConsoleComponents['schemas'];
/** What every service answers on failure: `{ error: { code, message, details?, request_id } }`. */
export type ApiError = SnapshotSchemas['Error'];

export type SnapshotClient = Client<SnapshotPaths>;
export type LedgerClient = Client<LedgerPaths>;
export type StatementClient = Client<StatementPaths>;
export type ConsoleClient = Client<ConsolePaths>;

export interface FinanceClientOptions {
  /** Base URLs, e.g. http://localhost:4001 (without /api/v1: the paths carry it). */
  snapshot: string;
  ledger: string;
  statement: string;
  /** The API key and its secret, sent as the api-key and api-secret headers. */
  key: string;
  secret: string;
  /** Replaces globalThis.fetch (tests, proxies, retries). */
  fetch?: ClientOptions['fetch'];
}

export interface FinanceClient {
  snapshot: SnapshotClient;
  ledger: LedgerClient;
  statement: StatementClient;
}

export function createClient(options: FinanceClientOptions): FinanceClient {
  return {
    snapshot: serviceClient<SnapshotPaths>(options.snapshot, options),
    ledger: serviceClient<LedgerPaths>(options.ledger, options),
    statement: serviceClient<StatementPaths>(options.statement, options),
  };
}

type Credentials = Pick<FinanceClientOptions, 'key' | 'secret' | 'fetch'>;

/** The statement service's client alone: for a service that reads it (the ledger's reconciliations). */
export function createStatementClient(baseUrl: string, credentials: Credentials): StatementClient {
  return serviceClient<StatementPaths>(baseUrl, credentials);
}

function serviceClient<Paths extends {}>(baseUrl: string, { key, secret, fetch }: Credentials): Client<Paths> {
  return createFetchClient<Paths>({ baseUrl, headers: { 'api-key': key, 'api-secret': secret }, ...(fetch ? { fetch } : {}) });
}

export interface ConsoleClientOptions {
  /** Replaces globalThis.fetch. */
  fetch?: ClientOptions['fetch'];
  /** Headers on every request (outside a browser: the session cookie, `cookie: console_session=...`). */
  headers?: ClientOptions['headers'];
  /**
   * The session's CSRF token (sign-in and GET /api/session answer it as `csrf_token`), sent as x-csrf-token on
   * every request but GET and HEAD. Read at each request: a new sign-in brings a new one.
   */
  csrfToken?: () => string | undefined;
}

/**
 * The console backend's client (paths under /api). In a browser the session travels as the same-origin cookie
 * the backend set at sign-in; the browser never holds an API key.
 */
export function createConsoleClient(baseUrl: string, options: ConsoleClientOptions = {}): ConsoleClient {
  return sessionClient<ConsolePaths>(baseUrl, options);
}

/** A service's paths as the console's pass-through takes them (it puts `/api/v1` back): `/api/v1/whoami` is `/whoami`. */
export type ThroughConsole<Paths> = { [P in keyof Paths as P extends `/api/v1${infer Rest}` ? Rest : never]: Paths[P] };

export interface ConsoleServiceClients {
  snapshot: Client<ThroughConsole<SnapshotPaths>>;
  ledger: Client<ThroughConsole<LedgerPaths>>;
  statement: Client<ThroughConsole<StatementPaths>>;
}

/**
 * The three APIs through the console's pass-through (`/api/svc/<service>/<path>`, where the backend adds the
 * session's own key), typed by the services' generated paths without their `/api/v1`: for the console's web app.
 *
 *   const { ledger } = createConsoleServiceClients(location.origin, { csrfToken: () => session?.csrf_token });
 *   await ledger.GET('/reports/trial_balance', { params: { query: { as_of } } });
 */
export function createConsoleServiceClients(baseUrl: string, options: ConsoleClientOptions = {}): ConsoleServiceClients {
  return {
    snapshot: sessionClient(`${baseUrl}/api/svc/snapshot`, options),
    ledger: sessionClient(`${baseUrl}/api/svc/ledger`, options),
    statement: sessionClient(`${baseUrl}/api/svc/statement`, options),
  };
}

/** A client that calls with the session: the same-origin cookie, and the CSRF token on every request but GET and HEAD. */
function sessionClient<Paths extends {}>(baseUrl: string, options: ConsoleClientOptions): Client<Paths> {
  const client = createFetchClient<Paths>({
    baseUrl,
    credentials: 'same-origin',
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { csrfToken } = options;
  client.use({
    onRequest: ({ request }) => {
      const token = csrfToken?.();
      if (token && request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('x-csrf-token', token);
      return request;
    },
  });
  return client;
}

/**
 * The body serializer for multipart operations (the statement upload): each field a form part, a Blob or File
 * a file part (a File keeps its name), undefined fields left out. fetch sets the content type and boundary.
 *
 *   await api.statement.POST('/api/v1/statements', { body: { file: new File([bytes], 'april.csv') }, bodySerializer: formData });
 */
export function formData(body: Record<string, string | Blob | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value !== undefined) form.append(name, value);
  return form;
}

export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookEventOf, type WebhookEventType } from './webhooks';
