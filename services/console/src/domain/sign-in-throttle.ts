import { AppError, type ServiceDeps } from '@finance/platform';

type Redis = ServiceDeps['redis'];

/**
 * Sign-in throttling (Redis): per email, `maxFailuresPerEmail` failures without delay, then each further attempt
 * waits `delayBaseMs` x 2^k (k = 0, 1, ...) after the one before, at most `maxDelaySeconds`; per client address,
 * at most `maxFailuresPerIp` failures. Both are forgotten `windowSeconds` after the last attempt.
 */
export interface SignInLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  delayBaseMs: number;
  maxDelaySeconds: number;
  keyPrefix: string;
}

// Each attempt is counted atomically (one Lua script) BEFORE the password is checked, so parallel requests cannot
// all read the same count: of 20 at once, only the free ones are checked. Per email: `maxFailuresPerEmail` failures
// go without delay; from then on each attempt must come at least delayBaseMs x 2^k after the one before (k = 0, 1,
// ...; capped), instead of a hard lock, so the right password works again after the wait. A full success forgets
// the email's count. Per client address only failures count: a success gives its attempt back.
const EMAIL_SCRIPT = `
  local now = tonumber(ARGV[5])
  if ARGV[5] == '' then
    local t = redis.call('TIME')
    now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  end
  local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
  local nxt = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
  if now < nxt then return {0, nxt - now} end
  f = f + 1
  local wait = 0
  if f >= tonumber(ARGV[1]) then
    wait = math.min(tonumber(ARGV[2]) * 2 ^ (f - tonumber(ARGV[1])), tonumber(ARGV[3]))
    redis.call('HSET', KEYS[1], 'n', now + wait)
  end
  redis.call('HSET', KEYS[1], 'f', f)
  redis.call('PEXPIRE', KEYS[1], math.floor(math.max(tonumber(ARGV[4]), wait)))
  return {1, f}`;
const IP_SCRIPT = `
  local c = tonumber(redis.call('GET', KEYS[1]) or '0')
  if c >= tonumber(ARGV[1]) then return {0, redis.call('PTTL', KEYS[1])} end
  redis.call('INCR', KEYS[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {1, c + 1}`;
// Only while the count exists: a count that expired in between is not re-created (without a TTL).
const UNCOUNT_SCRIPT = `
  if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
  if ARGV[1] == 'hash' then return redis.call('HINCRBY', KEYS[1], 'f', -1) end
  return redis.call('DECR', KEYS[1])`;

function tooMany(waitMs: number, what: string): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return Object.assign(new AppError(429, 'RATE_LIMITED', `${what}; try again in ${seconds} second(s)`), { headers: { 'retry-after': String(seconds) } });
}

/** The sign-in budgets of emails and client addresses, shared by every console replica. */
export class SignInThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: SignInLimits,
    /** The instant attempts are timed by (ms since the epoch); absent, Redis's own TIME: one clock for every replica. */
    private readonly clock?: () => number,
  ) {}

  private emailKey = (email: string) => `${this.limits.keyPrefix}:email:${email}`;
  private ipKey = (ip: string | undefined) => `${this.limits.keyPrefix}:ip:${ip ?? 'unknown'}`;
  private get windowMs() {
    return this.limits.windowSeconds * 1000;
  }

  /** Counts an attempt for the email, or refuses it (429 with Retry-After) while its delay runs. */
  async countEmail(email: string): Promise<void> {
    const { maxFailuresPerEmail, delayBaseMs, maxDelaySeconds } = this.limits;
    const [allowed, value] = (await this.redis.eval(
      EMAIL_SCRIPT,
      1,
      this.emailKey(email),
      maxFailuresPerEmail,
      delayBaseMs,
      maxDelaySeconds * 1000,
      this.windowMs,
      this.clock?.() ?? '',
    )) as [number, number];
    if (allowed !== 1) throw tooMany(value, 'too many failed sign-ins for this email');
  }

  /** Gives back one counted attempt (the password was right but a second factor is still to come). */
  async uncountEmail(email: string): Promise<void> {
    await this.redis.eval(UNCOUNT_SCRIPT, 1, this.emailKey(email), 'hash');
  }

  /** A full success: the email's count is forgotten. */
  async forgetEmail(email: string): Promise<void> {
    await this.redis.del(this.emailKey(email));
  }

  async countIp(ip: string | undefined): Promise<void> {
    const [allowed, value] = (await this.redis.eval(IP_SCRIPT, 1, this.ipKey(ip), this.limits.maxFailuresPerIp, this.windowMs)) as [number, number];
    if (allowed !== 1) throw tooMany(value, 'too many failed sign-ins from this address');
  }

  /** Only failures count per address: an attempt that did not fail is given back. */
  async uncountIp(ip: string | undefined): Promise<void> {
    await this.redis.eval(UNCOUNT_SCRIPT, 1, this.ipKey(ip), 'counter');
  }
}
