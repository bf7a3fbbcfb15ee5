import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors';

export interface RateLimitConfig {
  /** Requests allowed per key in each window; 0 turns limiting off. */
  requests: number;
  windowSeconds: number;
  /**
   * How many instances of the service may run at once (RATE_LIMIT_INSTANCES, default 1): while an instance cannot
   * count in Redis it allows each key this share of the limit, so all of them together stay within it.
   */
  instances?: number;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `too many requests for this key; retry after ${retryAfterSeconds} s`);
  }
}

export interface RateLimitOutcome {
  headers: Record<string, string>;
}

/**
 * How long a rate-limit count may wait for Redis before the request is counted in memory instead. A Redis that is
 * down refuses at once and opens the breaker, so only a hanging one costs this wait, once per breaker period; 100 ms
 * was passed by a loaded machine's ordinary answers, and each such count went to memory, over the shared budget
 * (issue 32: two instances let 13 of 16 through against 10).
 */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;
/** After Redis failed or was slow, how long the limiter counts in memory without asking it. */
export const RATE_LIMIT_BREAKER_OPEN_MS = 5_000;
/** How long the first requests of an instance wait for its first Redis connection (ioredis's connect timeout). */
export const RATE_LIMIT_FIRST_CONNECTION_MS = 2_000;

/** What a key may do per window on one instance that cannot count in Redis: its share of the limit, at least 1. */
export function localShare(config: RateLimitConfig): number {
  return Math.max(1, Math.floor(config.requests / Math.max(1, config.instances ?? 1)));
}

/**
 * Per-key limits counted in Redis, so every instance of a service shares one budget per key
 * (rate-limiter-flexible: an atomic fixed window per key). Redis must not make the API slow or unavailable, so
 * a circuit breaker stands in front of it: a count that fails or takes longer than RATE_LIMIT_REDIS_TIMEOUT_MS
 * opens it, and for RATE_LIMIT_BREAKER_OPEN_MS every request is counted in this instance's memory without
 * asking Redis (nor while the connection is down); then one request tries Redis again. Meanwhile each instance
 * allows a key only its share of the limit (`localShare`: the limit over RATE_LIMIT_INSTANCES), so the instances
 * together stay within it (issue 32: two instances counting in memory had allowed 80 requests against 40).
 * An instance that has just started waits for its first connection (up to RATE_LIMIT_FIRST_CONNECTION_MS) before
 * its first count rather than counting in memory while it connects.
 */
export class KeyRateLimiter {
  private readonly limiter: RateLimiterRedis;
  private readonly memory: RateLimiterMemory;
  /** Until when Redis is not asked (epoch ms); 0: closed. */
  private openUntil = 0;
  /** Settles once the first connection is ready or has failed (or after the wait); undefined when not started yet. */
  private firstConnection?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    service: string,
    private readonly config: RateLimitConfig,
    private readonly breaker = {
      timeoutMs: RATE_LIMIT_REDIS_TIMEOUT_MS,
      openMs: RATE_LIMIT_BREAKER_OPEN_MS,
      firstConnectionMs: RATE_LIMIT_FIRST_CONNECTION_MS,
    },
  ) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${service}`, points: config.requests, duration: config.windowSeconds });
    this.memory = new RateLimiterMemory({ keyPrefix: `rl:${service}`, points: localShare(config), duration: config.windowSeconds });
    if (redis.status === 'ready') this.firstConnection = Promise.resolve();
  }

  /** The first connection of the client, still being made: its outcome, bounded; nothing to wait for after that. */
  private awaitFirstConnection(): Promise<void> | undefined {
    if (this.firstConnection) return this.firstConnection;
    if (!['wait', 'connecting', 'connect'].includes(this.redis.status)) {
      this.firstConnection = Promise.resolve();
      return undefined;
    }
    this.firstConnection = new Promise<void>((resolve) => {
      const events = ['ready', 'error', 'close', 'end'] as const;
      const settle = () => {
        clearTimeout(timer);
        for (const event of events) this.redis.off(event, settle);
        resolve();
      };
      const timer = setTimeout(settle, this.breaker.firstConnectionMs);
      timer.unref();
      for (const event of events) this.redis.once(event, settle);
    });
    return this.firstConnection;
  }

  /** Whether Redis is skipped now (the breaker is open, or the connection is not up). */
  get degraded(): boolean {
    return Date.now() < this.openUntil || this.redis.status !== 'ready';
  }

  /** Counts in Redis, or in memory when the breaker says so or Redis fails; rejects with a RateLimiterRes when over. */
  private async count(keyId: string): Promise<RateLimiterRes> {
    const connecting = this.awaitFirstConnection();
    if (connecting) await connecting;
    if (this.degraded) return this.memory.consume(keyId);
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.limiter.consume(keyId),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis gave no answer within ${this.breaker.timeoutMs} ms`)), this.breaker.timeoutMs);
        }),
      ]);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw err;
      this.openUntil = Date.now() + this.breaker.openMs;
      return this.memory.consume(keyId);
    } finally {
      clearTimeout(timer);
    }
  }

  private headers(res: RateLimiterRes): Record<string, string> {
    const reset = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
    return {
      // IETF draft-ietf-httpapi-ratelimit-headers fields.
      'RateLimit-Policy': `${this.config.requests};w=${this.config.windowSeconds}`,
      'RateLimit-Limit': String(this.config.requests),
      'RateLimit-Remaining': String(Math.max(0, res.remainingPoints)),
      'RateLimit-Reset': String(reset),
    };
  }

  /** Counts one request of the key; throws RateLimitedError (with the headers to send) when over. */
  async consume(keyId: string): Promise<RateLimitOutcome> {
    try {
      return { headers: this.headers(await this.count(keyId)) };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        const err = new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        Object.assign(err, { headers: { ...this.headers(rejection), 'Retry-After': String(err.retryAfterSeconds) } });
        throw err;
      }
      throw rejection;
    }
  }
}
