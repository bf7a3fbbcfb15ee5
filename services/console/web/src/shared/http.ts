/**
 * The console backend's HTTP conventions, for both ways the page talks to it: the console's own API (session,
 * members, keys, TOTP, org, meta) through `consoleApi` below, and the three services' APIs through the
 * pass-through (services.ts). Every client is @finance/client's, typed by the generated paths: the same-origin
 * session cookie, the CSRF token on every state-changing request, JSON answers, and one error for every refusal
 * (`answer`).
 */
import type { Middleware } from 'openapi-fetch';
import { createConsoleClient, type ConsoleClientOptions, type ConsoleSchemas } from '@finance/client';

let csrfToken = '';
let onSignedOut: (message: string, code: string) => void = () => undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}
export function whenSignedOut(handler: (message: string, code: string) => void): void {
  onSignedOut = handler;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ConsoleSchemas['Error']['error']['details'],
  ) {
    super(message);
  }
}

/** What every client is made with: the session's CSRF token (read at each request, a sign-in brings a new one), JSON asked for. */
export const SESSION: ConsoleClientOptions = { csrfToken: () => csrfToken, headers: { accept: 'application/json' } };

/** A request that got no answer at all (offline, the console down) fails with the NETWORK error, not fetch's TypeError. */
export const NO_ANSWER: Middleware = {
  onError: () => new ApiError(0, 'NETWORK', 'the console did not answer; check your connection and try again'),
};

/** The console's own API: `answer(consoleApi.GET('/api/keys'))`. */
export const consoleApi = createConsoleClient(window.location.origin, SESSION);
consoleApi.use(NO_ANSWER);

/** What a call of any of the clients resolves to: the parsed body on success, the parsed error body on refusal. */
export interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** A successful answer, body and response; a refusal throws its ApiError. */
export async function answered<A extends Answer>(call: Promise<A>): Promise<{ data: NonNullable<A['data']>; response: Response }> {
  const { data, error, response } = await call;
  if (!response.ok) throw refusal(response, error);
  return { data: data as NonNullable<A['data']>, response };
}

/** The body of a successful answer; a refusal throws its ApiError. */
export const answer = async <A extends Answer>(call: Promise<A>) => (await answered(call)).data;

/**
 * The error of a refused request, with the service's own code, message and details; a lost session signs the page
 * out, unless it is the session call itself that says so (the page asks it to learn whether it is signed in).
 */
function refusal(response: Response, body: unknown): ApiError {
  const error = (body as Partial<ConsoleSchemas['Error']> | undefined)?.error;
  const err = new ApiError(response.status, error?.code ?? 'ERROR', error?.message ?? `request failed (${response.status})`, error?.details);
  const lost = response.status === 401 && (err.code === 'UNAUTHENTICATED' || err.code === 'SESSION_EXPIRED');
  if (lost && new URL(response.url, window.location.href).pathname !== '/api/session') onSignedOut(err.message, err.code);
  return err;
}

/** The JSON body an operation takes, for a call's parameter: `JsonBody<LedgerPaths, '/api/v1/settings', 'patch'>`. */
export type JsonBody<Paths, P extends keyof Paths, M extends keyof Paths[P]> = Paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters an operation takes: `Query<StatementPaths, '/api/v1/transactions', 'get'>`. */
export type Query<Paths, P extends keyof Paths, M extends keyof Paths[P]> = Paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
