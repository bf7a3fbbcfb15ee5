/**
 * The console backend's HTTP conventions, for both ways the page talks to it: the console's own API (session,
 * members, keys, TOTP) through `api` below, and the three services' APIs through their typed clients
 * (services.ts). JSON in and out, the session cookie, the CSRF token on every state-changing request, and one
 * error for every refusal.
 */
let csrfToken = '';
let onSignedOut: (message: string, code: string) => void = () => undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}
export const currentCsrfToken = () => csrfToken;
export function whenSignedOut(handler: (message: string, code: string) => void): void {
  onSignedOut = handler;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const networkError = () => new ApiError(0, 'NETWORK', 'the console did not answer; check your connection and try again');

/** A call of the console's own API (its types in console-api.ts). */
export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const json = parseJson(text);
  if (!res.ok) throw refusal(res, path, json);
  return json as T;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined; // not JSON
  }
}

/** The error of a refused request, with the service's own code and message; a lost session signs the page out. */
export function refusal(res: Response, path: string, json: unknown): ApiError {
  const error = (json as { error?: { code?: string; message?: string; details?: { path: string; message: string }[] } } | undefined)?.error;
  const err = new ApiError(res.status, error?.code ?? 'ERROR', error?.message ?? `request failed (${res.status})`, error?.details);
  if (res.status === 401 && path !== '/api/session' && (err.code === 'UNAUTHENTICATED' || err.code === 'SESSION_EXPIRED')) onSignedOut(err.message, err.code);
  return err;
}
