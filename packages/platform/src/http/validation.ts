import type { z } from 'zod';
import { NotFoundError, ValidationError, type ErrorDetail } from '../errors';

function pathText(path: PropertyKey[]): string {
  return path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '');
}

/** Turns zod issues into a 400 whose message names the first bad field and whose details list them all. */
export function zodToValidationError(error: z.ZodError, prefix?: string): ValidationError {
  const details: ErrorDetail[] = error.issues.flatMap((issue) => {
    const base = [...(prefix ? [prefix] : []), ...issue.path];
    // An unknown key is reported at its own path, so the message names it.
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ path: pathText([...base, key]), message: 'unknown field' }));
    return [{ path: pathText(base) || 'body', message: issue.message }];
  });
  const first = details[0] ?? { path: prefix ?? 'body', message: 'invalid' };
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return new ValidationError(`${first.path}: ${first.message}${more}`, details);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodToValidationError(result.error, prefix);
  return result.data;
}

/** Path parameters name records: a malformed one names no record, so it is a 404 like a missing one. */
export function parseParamsOrNotFound<S extends z.ZodType>(schema: S, params: Record<string, string>): z.output<S> {
  const result = schema.safeParse(params);
  if (!result.success) {
    const name = String(result.error.issues[0]?.path[0] ?? 'id');
    throw new NotFoundError(`${name} '${params[name] ?? ''}' does not name a record`);
  }
  return result.data;
}
