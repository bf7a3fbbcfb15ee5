import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError, ConflictError, UpstreamUnavailableError, ValidationError } from '../errors';
import type { Reply } from './route';

/** How long a first response is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY = /^[\x21-\x7e]{1,255}$/;

interface Stored {
  state: 'running' | 'done';
  fingerprint: string;
  status?: number;
  body?: unknown;
}

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(422, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency-Key: this key was already used with a different request');
  }
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex');
}

/**
 * `Idempotency-Key` for POSTs with no natural identity: the first response is kept for 24 hours and replayed
 * to a retry with the same request; the same key with a different request is a 422, and a retry while the
 * first is still running is a 409. Only successful responses are kept: after an error the key is released,
 * so the client can fix the request or retry with the same key.
 */
export class IdempotencyStore {
  constructor(private readonly redis: Redis, private readonly service: string) {}

  static parseHeader(value: unknown): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !KEY.test(value)) {
      throw ValidationError.field('Idempotency-Key', 'must be 1 to 255 visible ASCII characters');
    }
    return value;
  }

  private redisKey(keyId: string, idempotencyKey: string) {
    return `idem:${this.service}:${keyId}:${idempotencyKey}`;
  }

  /** Runs the handler once per (API key, idempotency key); replays its reply to later identical requests. */
  async run(keyId: string, idempotencyKey: string, print: string, handler: () => Promise<Reply>): Promise<Reply & { replayed?: boolean }> {
    const key = this.redisKey(keyId, idempotencyKey);
    const running: Stored = { state: 'running', fingerprint: print };
    let claimed: string | null;
    try {
      claimed = await this.redis.set(key, JSON.stringify(running), 'PX', IDEMPOTENCY_TTL_MS, 'NX');
    } catch {
      throw new UpstreamUnavailableError('the idempotency store could not be reached; retry the request');
    }
    if (claimed === null) {
      const previous = await this.redis.get(key).catch(() => null);
      if (previous === null) throw new ConflictError('IDEMPOTENCY_IN_PROGRESS', 'Idempotency-Key: retry in a moment');
      const stored = JSON.parse(previous) as Stored;
      if (stored.fingerprint !== print) throw new IdempotencyKeyReusedError();
      if (stored.state === 'running') {
        throw new ConflictError('IDEMPOTENCY_IN_PROGRESS', 'Idempotency-Key: the first request with this key is still running');
      }
      return { status: stored.status ?? 200, body: stored.body, replayed: true };
    }
    let reply: Reply;
    try {
      reply = await handler();
    } catch (err) {
      await this.redis.del(key).catch(() => undefined);
      throw err;
    }
    if (reply.status < 300) {
      const done: Stored = { state: 'done', fingerprint: print, status: reply.status, body: reply.body };
      await this.redis.set(key, JSON.stringify(done), 'PX', IDEMPOTENCY_TTL_MS).catch(() => undefined);
    } else {
      await this.redis.del(key).catch(() => undefined);
    }
    return reply;
  }
}
