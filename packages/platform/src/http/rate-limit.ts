import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors';

export interface RateLimitConfig {
  /** Requests allowed per key in each window; 0 turns limiting off. */
  requests: number;
  windowSeconds: number;
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `too many requests for this key; retry after ${retryAfterSeconds} s`);
  }
}

export interface RateLimitOutcome {
  headers: Record<string, string>;
}

/** How long a rate-limit count may wait for Redis before the request is counted in memory instead. */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 100;
/** After Redis failed or was slow, how long the limiter counts in memory without asking it. */
export const RATE_LIMIT_BREAKER_OPEN_MS = 5_000;

/**
 * Per-key limits counted in Redis, so every instance of a service shares one budget per key
 * (rate-limiter-flexible: an atomic fixed window per key). Redis must not make the API slow or unavailable, so
 * a circuit breaker stands in front of it: a count that fails or takes longer than RATE_LIMIT_REDIS_TIMEOUT_MS
 * opens it, and for RATE_LIMIT_BREAKER_OPEN_MS every request is counted in this instance's memory without
 * asking Redis (nor while the connection is down); then one request tries Redis again. During an outage each
 * instance allows the full budget per key on its own, so with N instances a key may get up to N times its limit.
 */
export class KeyRateLimiter {
  private readonly limiter: RateLimiterRedis;
  private readonly memory: RateLimiterMemory;
  /** Until when Redis is not asked (epoch ms); 0: closed. */
  private openUntil = 0;

  constructor(
    private readonly redis: Redis,
    service: string,
    private readonly config: RateLimitConfig,
    private readonly breaker = { timeoutMs: RATE_LIMIT_REDIS_TIMEOUT_MS, openMs: RATE_LIMIT_BREAKER_OPEN_MS },
  ) {
    this.limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${service}`, points: config.requests, duration: config.windowSeconds });
    this.memory = new RateLimiterMemory({ keyPrefix: `rl:${service}`, points: config.requests, duration: config.windowSeconds });
  }

  /** Whether Redis is skipped now (the breaker is open, or the connection is not up). */
  get degraded(): boolean {
    return Date.now() < this.openUntil || this.redis.status !== 'ready';
  }

  /** Counts in Redis, or in memory when the breaker says so or Redis fails; rejects with a RateLimiterRes when over. */
  private async count(keyId: string): Promise<RateLimiterRes> {
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
