import { isUtf8 } from 'node:buffer';
import type { ErrorDetail } from '../errors';
import { AppError, ValidationError } from '../errors';

/**
 * The one gate every decoded request value passes before any schema, handler or database sees it: JSON body
 * fields, query parameter names and values, path parameters, multipart fields and file names. What Postgres
 * cannot store (NUL), what is not Unicode text (lone surrogates), numbers JSON.parse turned into Infinity,
 * and JSON too deep or too wide to walk safely are refused here as a 400 naming the field, so no service
 * has to remember them and no database error (22021, 22P05) or stack overflow can turn them into a 500.
 */

/**
 * Nesting depth of a JSON body, counted from the body itself (level 1), so a free-form field such as ledger
 * `details` or snapshot `data` may nest 31 levels below itself. Deep enough for any real document, shallow
 * enough that JSON.stringify, zod and jsonb never recurse far.
 */
export const MAX_JSON_DEPTH = 32;
/** Members of one JSON object (free-form `details`, `data`, `dimensions` included). */
export const MAX_JSON_MEMBERS = 1_000;
/** Query parameters in one request (Node's own parser silently dropped those past 1,000). */
export const MAX_QUERY_PARAMETERS = 100;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNPRINTABLE = /[\u0000-\u001f\u007f]|[\uD800-\uDFFF]/g;

/** A name as it can be shown in a message: control characters and surrogates as \uXXXX escapes. */
export function printable(name: string): string {
  return name.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Why a string cannot be stored as text, or null when it can. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return null;
}

const childPath = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${printable(key)}` : printable(key));

/**
 * The first reason a decoded value cannot be accepted, with its path (in the validators' `a.b[0]` form, the
 * body's own fields at the top), or null. Walks with an explicit stack: the input may be nested far deeper
 * than the call stack allows, and the walk stops at the first level past the bound.
 */
export function unstorableProblem(value: unknown, path = ''): ErrorDetail | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path, depth: 1 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) return { path: item.path || 'body', message: problem };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: item.path || 'body', message: 'is a number beyond the range of a double' };
    } else if (v !== null && typeof v === 'object') {
      if (item.depth > MAX_JSON_DEPTH) {
        return { path: item.path || 'body', message: `nests deeper than the limit of ${MAX_JSON_DEPTH} levels of JSON` };
      }
      const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((e, i) => [i, e]) : Object.entries(v);
      if (!Array.isArray(v) && entries.length > MAX_JSON_MEMBERS) {
        return { path: item.path || 'body', message: `has more than the limit of ${MAX_JSON_MEMBERS} members in one object` };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const at = childPath(item.path, key);
        if (typeof key === 'string') {
          const problem = key === '__proto__' ? 'is a reserved name, refused as a key' : textProblem(key);
          if (problem) return { path: at, message: problem };
        }
        stack.push({ value: child, path: at, depth: item.depth + 1 });
      }
    }
  }
  return null;
}

/** Throws a 400 naming the first unacceptable part of a decoded value. */
export function refuseUnstorable(value: unknown, path = ''): void {
  const problem = unstorableProblem(value, path);
  if (problem) throw ValidationError.field(problem.path, problem.message);
}

function decodeComponent(raw: string): string {
  return decodeURIComponent(raw.replace(/\+/g, ' '));
}

/**
 * The query string of a URL as single values, decoded strictly: malformed percent-encoding or encoded bytes
 * that are not UTF-8 are a 400 naming the parameter (Node's parser would turn them into U+FFFD), a
 * repeated parameter is a 400, and names and values pass the same gate as body fields.
 */
export function parseQueryString(url: string): Record<string, string> {
  const at = url.indexOf('?');
  const query = at === -1 ? '' : url.slice(at + 1);
  const out: Record<string, string> = Object.create(null);
  const parts = query.split('&').filter((part) => part !== '');
  if (parts.length > MAX_QUERY_PARAMETERS) throw ValidationError.field('query', `at most ${MAX_QUERY_PARAMETERS} parameters`);
  for (const part of parts) {
    const eq = part.indexOf('=');
    const rawName = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    let name: string;
    try {
      name = decodeComponent(rawName);
    } catch {
      throw ValidationError.field(printable(rawName), 'the parameter name is not valid percent-encoded UTF-8');
    }
    let value: string;
    try {
      value = decodeComponent(rawValue);
    } catch {
      throw ValidationError.field(printable(name), 'is not valid percent-encoded UTF-8');
    }
    const nameProblem = name === '__proto__' ? 'is a reserved name' : textProblem(name);
    if (nameProblem) throw ValidationError.field(printable(name), `the parameter name ${nameProblem}`);
    refuseUnstorable(value, printable(name));
    if (Object.hasOwn(out, name)) throw ValidationError.field(printable(name), 'give this parameter once, as a single value');
    out[name] = value;
  }
  return { ...out };
}

/** body-parser's verify hook: a JSON body declared (or defaulted) as UTF-8 must be valid UTF-8, not repaired into U+FFFD. */
export function verifyUtf8(_req: unknown, _res: unknown, buffer: Buffer, encoding: string): void {
  if (encoding.toLowerCase().replace('_', '-') === 'utf-8' && !isUtf8(buffer)) {
    throw ValidationError.field('body', 'is not valid UTF-8');
  }
}

/** A Content-Encoding that actually transforms the body (identity, or none, does not). */
export function contentEncodingOf(header: string | undefined): string | undefined {
  const value = header?.trim().toLowerCase();
  return value && value !== 'identity' ? value : undefined;
}

/**
 * What went wrong reading a JSON body, as the contract's error: body-parser reports its failures as
 * http-errors with a `type`, and a body that does not decode in its declared Content-Encoding as a bare
 * zlib error with a 4xx status.
 */
export function jsonBodyError(err: unknown, limit: string, contentEncoding: string | undefined): unknown {
  if (err instanceof AppError) return err;
  const e = err as { type?: string; status?: number };
  switch (e.type) {
    case 'entity.parse.failed':
      return ValidationError.field('body', 'malformed JSON (the body must be a JSON object or array)');
    case 'entity.too.large':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', `the body is larger than the limit of ${limit}`);
    case 'encoding.unsupported':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content-Encoding ${contentEncoding ?? ''} is not supported; send gzip, deflate, br or none`);
    case 'charset.unsupported':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'the body must be UTF-8 JSON');
    case 'request.aborted':
    case 'stream.not.readable':
      return err;
  }
  if (contentEncoding && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return ValidationError.field('body', `does not decode as its declared Content-Encoding: ${contentEncoding}`);
  }
  return err;
}
