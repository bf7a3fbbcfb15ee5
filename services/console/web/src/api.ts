/** The console backend's API: JSON in and out, the CSRF token on every state-changing request. */
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
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'the console did not answer; check your connection and try again');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const error = (json as { error?: { code?: string; message?: string; details?: { path: string; message: string }[] } } | undefined)?.error;
    const err = new ApiError(res.status, error?.code ?? 'ERROR', error?.message ?? `request failed (${res.status})`, error?.details);
    if (res.status === 401 && path !== '/api/session' && (err.code === 'UNAUTHENTICATED' || err.code === 'SESSION_EXPIRED')) onSignedOut(err.message, err.code);
    throw err;
  }
  return json as T;
}

/** A path of one of the three APIs, called by the console backend with this session's own key. */
export const svc = (service: 'snapshot' | 'ledger' | 'statement', path: string) => `/api/svc/${service}${path}`;

export const qs = (params: Record<string, string | number | undefined | null>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '') as [string, string | number][];
  return entries.length ? `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}` : '';
};

export interface ListReply<T> {
  data: T[];
  page_context?: { page: number; per_page: number; total: number; has_more: boolean };
}

export interface SessionData {
  member: { id: string; email: string; role: 'admin' | 'member'; must_change_password: boolean; org: string };
  org: { slug: string; name: string };
  csrf_token: string;
  expires_at: string;
}
