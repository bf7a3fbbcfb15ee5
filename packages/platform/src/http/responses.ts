import { z } from 'zod';
import type { AnyRoute } from './route';

/**
 * What routes answer, as data: the error body every service sends, the scalars the view schemas are built
 * from, and for each route the statuses it may answer with the body schema of each. The OpenAPI document and
 * the test-time check of every reply both read `routeResponses`, so they cannot disagree.
 */

/** Contract section 3: every error, from every service. `index` names the failing item of an atomic bulk request. */
export const errorBody = z
  .strictObject({
    error: z.strictObject({
      code: z.string().meta({ examples: ['VALIDATION_ERROR'] }),
      message: z.string(),
      details: z.array(z.strictObject({ path: z.string(), message: z.string() })).optional(),
      index: z.number().int().min(0).optional(),
      request_id: z.string(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.output<typeof errorBody>;

export const pageContext = z
  .strictObject({
    count: z.number().int().min(0),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
    total: z.number().int().min(0),
    has_more: z.boolean(),
  })
  .meta({ id: 'PageContext' });

/** The scalars of the view schemas, so every service writes an id, an instant or a day the same way. */
export const view = {
  id: z.uuid(),
  /** An instant as the API writes it: ISO 8601 in UTC with milliseconds (`toISOString()`). */
  timestamp: z.iso.datetime(),
  /** A calendar day, YYYY-MM-DD. */
  date: z.iso.date(),
  /** A whole number of minor units (or milli-units where the field says so). */
  integer: z.number().int(),
  count: z.number().int().min(0),
  /** ISO 4217 code. */
  currency: z.string().regex(/^[A-Z]{3}$/),
};

/** The public field names of a view schema: what `?fields=` selects from. */
export function fieldsOf<S extends z.ZodObject>(schema: S): readonly (keyof S['shape'] & string)[] {
  return Object.keys(schema.shape) as (keyof S['shape'] & string)[];
}

/** What each error status means when the route itself does not say. */
const ERROR_MEANINGS: Record<number, string> = {
  400: 'VALIDATION_ERROR: a parameter, the query or the body is not valid; details name each field',
  401: 'UNAUTHORIZED: missing, unknown, revoked or expired api-key / api-secret',
  403: "FORBIDDEN: the key's scopes do not include this operation's permission",
  404: 'NOT_FOUND: no such record in the organization of the key',
  409: 'Conflict with the current state of the record (IDEMPOTENCY_IN_PROGRESS: the first request with this Idempotency-Key is still running)',
  413: 'PAYLOAD_TOO_LARGE: the body or file is larger than the limit',
  415: 'UNSUPPORTED_MEDIA_TYPE: the body is not in the expected media type or encoding',
  422: 'A business rule refused the request (IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with a different request)',
  429: 'RATE_LIMITED: too many requests for this key; see Retry-After',
  500: 'INTERNAL: a fault on our side; quote the request_id',
  502: 'UPSTREAM_UNAVAILABLE: a service this operation depends on could not be reached; nothing was done',
  503: 'NOT_READY: the database could not be reached, or ended the request while it was paused; nothing was done, retry after Retry-After. OUTCOME_UNKNOWN: the connection was lost after the commit was sent, so it may have been done: retry with the same Idempotency-Key (safe), or check first',
};

/** The same for a route of the console, whose callers are signed-in members (auth/member-session.ts). */
const SESSION_ERROR_MEANINGS: Record<number, string> = {
  401: 'UNAUTHENTICATED: no open session (sign in); SESSION_EXPIRED: the session has ended',
  403: 'CSRF_TOKEN_INVALID: a state-changing request without the x-csrf-token of the session; PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED: the member must do that first; FORBIDDEN: only an organization admin may',
};

const bySession = (route: AnyRoute) => route.permission.startsWith('member') || route.permission.startsWith('admin:');

export function successStatuses(route: AnyRoute): number[] {
  if (route.status !== undefined) return typeof route.status === 'number' ? [route.status] : [...route.status];
  return [route.method === 'post' ? 201 : route.method === 'delete' ? 204 : 200];
}

/** Every error status a route may answer: those its declaration implies, and those its domain declares. */
export function errorStatuses(route: AnyRoute): Map<number, string> {
  const statuses = [400, 401, 429, 500, 503];
  if (route.permission !== 'any' && route.permission !== 'public') statuses.push(403);
  if (route.params) statuses.push(404);
  if (route.body || route.upload) statuses.push(413, 415);
  if (route.idempotent) statuses.push(409, 422, 502);
  const out = new Map<number, string>();
  for (const status of [...new Set([...statuses, ...Object.keys(route.errors ?? {}).map(Number)])].sort()) {
    const meanings = bySession(route) ? { ...ERROR_MEANINGS, ...SESSION_ERROR_MEANINGS } : ERROR_MEANINGS;
    out.set(status, (route.errors as Record<number, string> | undefined)?.[status] ?? meanings[status] ?? 'Error');
  }
  return out;
}

export interface DeclaredResponse {
  description: string;
  /** The whole JSON body; null for a 204. */
  body: z.ZodType | null;
}

const cache = new WeakMap<AnyRoute, Map<number, DeclaredResponse>>();

/** Status -> body schema of every answer the route may give. */
export function routeResponses(route: AnyRoute): Map<number, DeclaredResponse> {
  let responses = cache.get(route);
  if (responses) return responses;
  responses = new Map();
  for (const status of successStatuses(route)) {
    if (status === 204) {
      responses.set(status, { description: 'No content', body: null });
      continue;
    }
    if (!route.response) throw new Error(`${route.method.toUpperCase()} ${route.path} answers ${status} but declares no response schema`);
    const data = route.response as z.ZodType;
    responses.set(status, {
      description: route.summary,
      body: route.list || route.listBody ? z.strictObject({ data: z.array(data), page_context: pageContext }) : z.strictObject({ data }),
    });
  }
  for (const [status, description] of errorStatuses(route)) responses.set(status, { description, body: errorBody });
  cache.set(route, responses);
  return responses;
}

function issuePath(path: PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '') || 'body';
}

/**
 * Why an answer breaks its route's declaration (an undeclared status, or a body its schema refuses), or
 * undefined when it keeps it. The body is checked as the client receives it: after a JSON round trip.
 */
export function replyProblem(route: AnyRoute, status: number, body: unknown, prefix = '/api/v1'): string | undefined {
  const declared = routeResponses(route).get(status);
  const where = `${route.method.toUpperCase()} ${prefix}${route.path} answered ${status}`;
  if (!declared) return `${where}, a status its declaration does not list (declared: ${[...routeResponses(route).keys()].join(', ')})`;
  if (declared.body === null) return body === undefined ? undefined : `${where} with a body; it declares none`;
  const parsed = declared.body.safeParse(body === undefined ? undefined : JSON.parse(JSON.stringify(body)));
  if (parsed.success) return undefined;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((i) => `${issuePath(i.path)}: ${i.message}${i.code === 'unrecognized_keys' ? ` (${i.keys.join(', ')})` : ''}`);
  return `${where} with a body its declared schema refuses: ${issues.join('; ')}`;
}
