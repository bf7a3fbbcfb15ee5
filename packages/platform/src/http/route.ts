import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../auth/authenticate';
import type { RoutePermission } from '../auth/scopes';
import { pageContextOf, type ListQuery, type ListSpec, type PageContext } from '../list/list';
import type { ErrorBody } from './responses';
import type { RawDb } from '../db/db';
import type { KeyInStatement } from './idempotency';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The body of a single-record success: `{ "data": ... }`. */
export interface DataBody<T> {
  data: T;
}

/** The list envelope of the conventions document. */
export interface ListBody<T> {
  data: T[];
  page_context: PageContext;
}

/**
 * What a handler answers; the app checks it against the route's declared responses (in tests), applies the
 * field selection and turns it into JSON (or an empty 204).
 */
export interface Reply<B = unknown> {
  status: number;
  body?: B;
  /** The public fields the client selected (`?fields=`); null or absent means all. Applied to `data` after the check. */
  select?: readonly string[] | null;
}

export const ok = <T>(data: T): Reply<DataBody<T>> => ({ status: 200, body: { data } });
export const created = <T>(data: T): Reply<DataBody<T>> => ({ status: 201, body: { data } });
export const accepted = <T>(data: T): Reply<DataBody<T>> => ({ status: 202, body: { data } });
export const noContent = (): Reply<never> => ({ status: 204 });

/** 200 with the list envelope (data + page_context); the app applies the query's field selection. */
export const listReply = <T extends object>(list: Pick<ListQuery, 'page' | 'limit' | 'fields'>, rows: T[], total: number): Reply<ListBody<T>> => ({
  status: 200,
  body: { data: rows, page_context: pageContextOf(list, rows.length, total) },
  select: list.fields,
});

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What the handler of a route declaring `response` (and, for lists, `list`) must answer. */
export type RouteAnswer<R, L, E = undefined> = R extends z.ZodType
  ? L extends ListSpec
    ? Reply<ListBody<z.input<R>>>
    : E extends true
      ? Reply<ListBody<z.input<R>>>
      : Reply<DataBody<z.input<R>>>
  : Reply<never>;

/** A file received by an `upload` route, held in memory (bounded by the route's maxFileBytes). */
export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface RouteContext<P, Q, B, L extends ListSpec | undefined> {
  /** Who calls; on a `public` route nobody is authenticated and it is not set. */
  auth: AuthContext;
  /** The uploaded file, on `upload` routes. */
  file?: UploadedFile;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  list: L extends ListSpec ? ListQuery<L> : undefined;
  req: Request;
  res: Response;
  /**
   * Where the request's effect is written: on an idempotent route called with an Idempotency-Key, the
   * transaction its key commits in (so the key and the effect commit together or not at all); otherwise the
   * service's Prisma Client. Idempotent routes write through it, never through a client of their own; a service
   * reads it as its own `Db` (its client's type), which is what the platform was given.
   */
  db: RawDb;
  /**
   * On a route with `keyInStatement` called with an Idempotency-Key, first time round: the key as SQL to put in
   * the one statement that writes the effect through `db` (the service's client, no transaction). Absent
   * otherwise, and when the platform runs the request again the ordinary way (`db` then a transaction).
   */
  key?: KeyInStatement;
}

/**
 * The error statuses a route answers beyond those the platform derives from its declaration (400, 401, 429,
 * 500 and 503 always; 403 with a permission but `any` or `public`; 404 with path parameters; 413 and 415 with a body; 409, 422 and
 * 502 when idempotent), each with what it means on this route (401 to say more than the credentials' meaning).
 */
export type RouteErrors = Partial<Record<400 | 401 | 403 | 404 | 409 | 413 | 422 | 502 | 503, string>>;

/**
 * One route, declared as data: its path (under the app's prefix, /api/v1 by default), its one permission, the zod schemas of its params,
 * query and body, for lists the ListSpec, and what it answers: the `data` schema of its success and the error
 * statuses only its domain knows. The app does authentication, permission, parsing and validation, documents
 * all of it, and in tests checks every answer against it; the handler gets typed, validated input and tells
 * the story of the request.
 */
export interface RouteDefinition<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  L extends ListSpec | undefined = ListSpec | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
  E extends boolean | undefined = boolean | undefined,
> {
  method: Method;
  path: string;
  /** What the caller must be allowed (RoutePermission): `any` valid credentials (whoami), `public` none. */
  permission: RoutePermission;
  summary: string;
  /**
   * The success status, or statuses when there is more than one (the first is the usual one); default 201 for
   * POST, 204 for DELETE, else 200.
   */
  status?: number | readonly number[];
  params?: P;
  /** Extra query parameters beyond the list conventions; an object schema over single string values. */
  query?: Q;
  body?: B;
  /** When the body may be left out entirely (an optional JSON object). */
  bodyOptional?: boolean;
  /**
   * multipart/form-data instead of JSON: one file in `fileField` (413 PAYLOAD_TOO_LARGE over maxFileBytes)
   * and text fields, which `body` validates as strings.
   */
  upload?: { fileField: string; maxFileBytes: number; fileRequired?: boolean };
  list?: L;
  /**
   * The success reply is the list envelope although the route takes no list query: it is paged by its body
   * (a search). `response` is then the schema of one item.
   */
  listBody?: E;
  /**
   * The schema of the success reply's `data` (of one item, on list routes); absent only on 204 routes. The
   * handler's return type, the OpenAPI response and the test-time check all come from it.
   */
  response?: R;
  /** Error statuses this route answers beyond the derived ones, with what each means here. */
  errors?: RouteErrors;
  /**
   * For a single-record reply: the public fields, selectable with `?fields=` as on lists (unknown names
   * ignored; none known means all). Usually `fieldsOf(response)`.
   */
  fields?: readonly string[];
  /**
   * Honour an `Idempotency-Key` header (POSTs with no natural identity): the platform keeps the key in the
   * service's database and hands the handler, as `db`, the transaction the key commits in.
   */
  idempotent?: boolean;
  /**
   * With `idempotent`: the handler writes its whole effect in one statement and, given `key`, puts the key in it
   * (KeyInStatement), so a keyed request costs one round trip instead of a transaction's five.
   */
  keyInStatement?: boolean;
  handler: (ctx: RouteContext<P, Q, B, L>) => Promise<RouteAnswer<R, L, E> | Reply<ErrorBody>>;
}

export type AnyRoute = RouteDefinition<any, any, any, any, any, any>;

export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  L extends ListSpec | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  E extends boolean | undefined = undefined,
>(route: RouteDefinition<P, Q, B, L, R, E>): RouteDefinition<P, Q, B, L, R, E> {
  return route;
}
