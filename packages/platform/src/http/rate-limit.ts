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

/**
 * Per-key limits counted in Redis, so every instance of a service shares one budget per key
 * (rate-limiter-flexible: an atomic fixed window per key). If Redis is unreachable the limiter falls back
 * to an in-memory budget per instance rather than refusing traffic: losing the shared count for a while is
 * better than an outage of the API.
 */
export class KeyRateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, service: string, private readonly config: RateLimitConfig) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `rl:${service}`,
      points: config.requests,
      duration: config.windowSeconds,
      insuranceLimiter: new RateLimiterMemory({ points: config.requests, duration: config.windowSeconds }),
    });
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
      return { headers: this.headers(await this.limiter.consume(keyId)) };
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
