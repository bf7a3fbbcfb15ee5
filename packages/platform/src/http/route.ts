import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../auth/authenticate';
import type { Permission } from '../auth/scopes';
import { pageOf, type ListQuery, type ListSpec } from '../list/list';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler answers; the app turns it into JSON (or an empty 204). */
export interface Reply {
  status: number;
  body?: unknown;
}

export const ok = (data: unknown): Reply => ({ status: 200, body: { data } });
export const created = (data: unknown): Reply => ({ status: 201, body: { data } });
export const accepted = (data: unknown): Reply => ({ status: 202, body: { data } });
export const noContent = (): Reply => ({ status: 204 });

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

/** A file received by an `upload` route, held in memory (bounded by the route's maxFileBytes). */
export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
  mimeType: string;
  size: number;
}

export interface RouteContext<P, Q, B, L extends ListSpec | undefined> {
  auth: AuthContext;
  /** The uploaded file, on `upload` routes. */
  file?: UploadedFile;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  list: L extends ListSpec ? ListQuery<L> : undefined;
  req: Request;
  res: Response;
}

/**
 * One route, declared as data: its path (under /api/v1), its one permission, the zod schemas of its params,
 * query and body, and for lists the ListSpec. The app does authentication, permission, parsing and
 * validation; the handler gets typed, validated input and tells the story of the request.
 */
export interface RouteDefinition<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  L extends ListSpec | undefined = ListSpec | undefined,
> {
  method: Method;
  path: string;
  /** `any` means any valid key (whoami). */
  permission: Permission | 'any';
  summary: string;
  /** The success status, for the OpenAPI document; default 201 for POST, 204 for DELETE, else 200. */
  status?: number;
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
   * For a single-record reply: the public fields, selectable with `?fields=` as on lists (unknown names
   * ignored; none known means all).
   */
  fields?: readonly string[];
  /** Honour an `Idempotency-Key` header (POSTs with no natural identity). */
  idempotent?: boolean;
  handler: (ctx: RouteContext<P, Q, B, L>) => Promise<Reply>;
}

export type AnyRoute = RouteDefinition<any, any, any, any>;

export function defineRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  L extends ListSpec | undefined = undefined,
>(route: RouteDefinition<P, Q, B, L>): RouteDefinition<P, Q, B, L> {
  return route;
}

/** 200 with the list envelope (data + page_context), fields selected as the query asked. */
export const listReply = <T extends object>(list: Pick<ListQuery, 'page' | 'limit' | 'fields'>, rows: T[], total: number): Reply => ({
  status: 200,
  body: pageOf(list, rows, total),
});
