/**
 * The three services' APIs (snapshot, ledger, statement), typed by @finance/client's generated `paths`: the page
 * reaches each through the console backend's pass-through, /api/svc/<service>/<path>, which calls
 * <service>/api/v1/<path> with the session's own key (the browser never holds one). So each client's baseUrl is
 * the pass-through prefix and its paths are the service's without /api/v1: `ledger.GET('/reports/trial_balance')`.
 * Only types come from the package (the bundle carries openapi-fetch and the package's multipart serializer, not
 * its clients, which send a key), and `answer` gives what api() gives for the console's own API: the data, or the
 * ApiError with the service's code and message (a lost session signing the page out).
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { LedgerPaths, SnapshotPaths, StatementPaths } from '@finance/client';
import { currentCsrfToken, networkError, refusal } from './http';

/** A service's paths as the pass-through takes them: `/api/v1/whoami` is `/whoami`. */
type ThroughConsole<Paths> = { [P in keyof Paths as P extends `/api/v1${infer Rest}` ? Rest : never]: Paths[P] };

const session: Middleware = {
  onRequest({ request }) {
    if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('x-csrf-token', currentCsrfToken());
    return request;
  },
  onError: () => networkError(),
};

function serviceClient<Paths extends {}>(service: 'snapshot' | 'ledger' | 'statement') {
  const client = createClient<ThroughConsole<Paths>>({ baseUrl: `/api/svc/${service}`, credentials: 'same-origin', headers: { accept: 'application/json' } });
  client.use(session);
  return client;
}

export const snapshot = serviceClient<SnapshotPaths>('snapshot');
export const ledger = serviceClient<LedgerPaths>('ledger');
export const statement = serviceClient<StatementPaths>('statement');

/** What a call of one of the clients resolves to: the parsed body on success, the parsed error body on refusal. */
interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The body of a successful answer; a refusal throws its ApiError. */
export async function answer<A extends Answer>(call: Promise<A>): Promise<NonNullable<A['data']>> {
  const { data, error, response } = await call;
  if (!response.ok) throw refusal(response, response.url, error);
  return data as NonNullable<A['data']>;
}

/**
 * Hands a file one of the APIs made (a CSV export, fetched with `parseAs: 'blob'`) to the browser as a download
 * named as the service names it, and returns that name. A fetch rather than a plain link: the format is chosen by
 * the Accept header, which a link cannot set, and a refusal shows as an error on the page instead of replacing it.
 */
export async function saveDownload<A extends Answer>(call: Promise<A>, fallbackName: string): Promise<string> {
  const { data, error, response } = await call;
  if (!response.ok) throw refusal(response, response.url, error);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}

/** The JSON body an operation takes, for a call's parameter: `JsonBody<LedgerPaths, '/api/v1/settings', 'patch'>`. */
export type JsonBody<Paths, P extends keyof Paths, M extends keyof Paths[P]> = Paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters an operation takes: `Query<StatementPaths, '/api/v1/transactions', 'get'>`. */
export type Query<Paths, P extends keyof Paths, M extends keyof Paths[P]> = Paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** A form's filters as query parameters: one left empty is not sent (the services refuse `?type=`). */
export const withoutBlanks = <T extends Record<string, string>>(filters: T) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as { [K in keyof T]?: Exclude<T[K], ''> };
