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
function refusal(res: Response, path: string, json: unknown): ApiError {
  const error = (json as { error?: { code?: string; message?: string; details?: { path: string; message: string }[] } } | undefined)?.error;
  const err = new ApiError(res.status, error?.code ?? 'ERROR', error?.message ?? `request failed (${res.status})`, error?.details);
  if (res.status === 401 && path !== '/api/session' && (err.code === 'UNAUTHENTICATED' || err.code === 'SESSION_EXPIRED')) onSignedOut(err.message, err.code);
  return err;
}

/**
 * Downloads a file one of the APIs makes (a CSV export) through the console backend with the session, and
 * hands it to the browser as a download named as the service names it. A fetch rather than a plain link:
 * the format is chosen by the Accept header, which a link cannot set, and a refusal shows as an error on the
 * page instead of replacing it.
 */
export async function download(path: string, accept: string, fallbackName: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { accept }, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'the console did not answer; check your connection and try again');
  }
  if (!res.ok) throw refusal(res, path, parseJson(await res.text()));
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
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
  member: { id: string; email: string; role: 'admin' | 'member' | 'viewer'; must_change_password: boolean; totp_enabled: boolean; org: string };
  org: { slug: string; name: string };
  /** An admin of an organization that requires two-factor sign-in, without it yet: only its set-up is open. */
  totp_required: boolean;
  csrf_token: string;
  expires_at: string;
}

/** GET /whoami of a service: what the session's key may do there. */
export interface Whoami {
  org: { id: string; slug: string; name: string };
  key: string;
  preset: string;
  scopes: Record<string, string[] | undefined>;
  expires_at: string | null;
}
