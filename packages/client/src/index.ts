/**
 * The typed client of the three services: one openapi-fetch client per service, typed by the `paths` that
 * `pnpm generate:client` generates from the service's OpenAPI document. Paths, path and query parameters, JSON
 * bodies and the answers (`data` on success, the error body on failure) are all checked by TypeScript; there
 * is no hand-written code per endpoint to keep in step with the routes.
 *
 *   const api = createClient({ snapshot: 'http://localhost:4001', ledger: ..., statement: ..., key, secret });
 *   const { data, error } = await api.ledger.GET('/api/v1/accounts/{account_id}/balance', { params: { path: { account_id } } });
 *   if (error) console.log(error.error.code); else console.log(data.data);
 */
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components as LedgerComponents, paths as LedgerPaths } from './generated/ledger';
import type { components as SnapshotComponents, paths as SnapshotPaths } from './generated/snapshot';
import type { components as StatementComponents, paths as StatementPaths } from './generated/statement';

export type { LedgerComponents, LedgerPaths, SnapshotComponents, SnapshotPaths, StatementComponents, StatementPaths };
/** The named schemas of each service (`SnapshotSchemas['Widget']`, `LedgerSchemas['Transaction']` ...). */
export type SnapshotSchemas = SnapshotComponents['schemas'];
export type LedgerSchemas = LedgerComponents['schemas'];
export type StatementSchemas = StatementComponents['schemas'];
/** What every service answers on failure: `{ error: { code, message, details?, request_id } }`. */
export type ApiError = SnapshotSchemas['Error'];

export type SnapshotClient = Client<SnapshotPaths>;
export type LedgerClient = Client<LedgerPaths>;
export type StatementClient = Client<StatementPaths>;

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
