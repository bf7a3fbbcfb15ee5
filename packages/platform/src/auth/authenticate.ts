import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { Logger } from '../logger';
import { findApiKey, type ApiKeyRecord, type KeyMember, type Organization } from './platform-store';
import type { PlatformDb } from '../db/platform-db';
import { secretMatches } from './secrets';
import type { ActiveMemberSession } from './member-session';
import { grants, isPermission, type Preset, type RoutePermission, type Scopes } from './scopes';

/** Who is calling: attached to every authenticated request. */
export interface AuthContext {
  keyId: string;
  key: string;
  org: Organization;
  preset: Preset;
  scopes: Scopes;
  expiresAt: Date | null;
  /** The console member calling through their session's key; null for every other key. */
  member: KeyMember | null;
  /** With the cookie-session authenticator: the member's open session (the key above is the session's key). */
  session?: ActiveMemberSession;
}

/** How an app's requests prove who calls (createApp's `authenticator`): API keys, or a console member's session. */
export interface RequestAuthenticator {
  /** Who is calling, or a 401. */
  authenticateRequest(req: Request, res: Response): Promise<AuthContext>;
  /** Throws (403) unless the caller may use a route declaring `permission` (never asked for `public`). */
  authorize(auth: AuthContext, permission: RoutePermission): void;
  /** The OpenAPI security schemes of these credentials, and the requirement every non-public operation has. */
  readonly openApiSecurity: { schemes: Record<string, Record<string, unknown>>; requirement: Record<string, string[]> };
}

/** The api-key/api-secret headers, as the OpenAPI document declares them. */
export const API_KEY_SECURITY: RequestAuthenticator['openApiSecurity'] = {
  schemes: { apiKey: { type: 'apiKey', in: 'header', name: 'api-key' }, apiSecret: { type: 'apiKey', in: 'header', name: 'api-secret' } },
  requirement: { apiKey: [], apiSecret: [] },
};

/**
 * How long a key record may be served from memory. Revocation must take effect within 5 s in every
 * service (contract section 2); 4 s leaves a margin for the lookup itself.
 */
export const KEY_CACHE_TTL_MS = 4_000;

const DUMMY_HASH = '0'.repeat(64);

/** How often a key's `last_used_at` is written at most, per key and process (issue 23). */
export const KEY_USE_INTERVAL_MS = 60_000;

/**
 * Records when keys are used without a write per request: at most one UPDATE per key per interval in this
 * process (an LRU of the keys written lately, each entry living one interval), sent without waiting for it, so
 * the request neither waits for nor fails with it: a failed write is logged, and the key is tried again after the
 * interval, not on the next request (a database in trouble gets no more writes than a healthy one). The UPDATE
 * only moves `last_used_at` forward, since other processes write it too. So `last_used_at` is at most one interval
 * (plus the time a failing database takes) behind the key's real last use.
 */
export class KeyUseRecorder {
  private readonly written: LRUCache<string, true>;

  constructor(
    private readonly db: PlatformDb,
    private readonly logger?: Pick<Logger, 'warn'>,
    readonly intervalMs = KEY_USE_INTERVAL_MS,
    clock?: () => number,
  ) {
    // Past 10,000 keys used within one interval, the least recent are forgotten early (a write sooner for them).
    this.written = new LRUCache({ max: 10_000, ttl: intervalMs, ttlAutopurge: false, ...clockOptions(clock) });
  }

  /** Notes a use of the key; writes `last_used_at` = `at` unless it was written in the last interval. Never throws. */
  record(keyId: string, at: Date): void {
    if (this.written.has(keyId)) return;
    this.written.set(keyId, true);
    try {
      this.db.apiKey
        .updateMany({ where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] }, data: { lastUsedAt: at } })
        .catch((err: unknown) => this.logger?.warn({ err, key_id: keyId }, 'could not record when an API key was last used'));
    } catch (err) {
      this.logger?.warn({ err, key_id: keyId }, 'could not record when an API key was last used');
    }
  }
}

export interface AuthenticatorOptions {
  /** How long a key record may be served from memory (default KEY_CACHE_TTL_MS). */
  ttlMs?: number;
  /** Where a failed `last_used_at` write is logged. */
  logger?: Pick<Logger, 'warn'>;
  /** At most one `last_used_at` write per key per this many ms (default KEY_USE_INTERVAL_MS). */
  useIntervalMs?: number;
  /**
   * The instant in ms since the epoch (default Date.now) that expiry, the cache's lifetime and the use interval are
   * judged by: tests pass a clock they move themselves, so these decide by the instants set, not by the machine's speed.
   */
  clock?: () => number;
}

/** An LRU cache's lifetimes on the given clock, read afresh each time (no 1 ms reuse of the last reading). */
function clockOptions(clock: (() => number) | undefined) {
  return clock ? { perf: { now: clock }, ttlResolution: 0 } : {};
}

/**
 * Resolves api-key/api-secret headers to an AuthContext, with a short in-process cache so that the common
 * request costs no database round trip. Concurrent misses for one key share a single lookup.
 */
export class Authenticator implements RequestAuthenticator {
  readonly openApiSecurity = API_KEY_SECURITY;
  private readonly cache: LRUCache<string, { record: ApiKeyRecord | null }>;
  readonly uses: KeyUseRecorder;
  private readonly clock: () => number;

  constructor(
    private readonly db: PlatformDb,
    options: AuthenticatorOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.cache = new LRUCache({
      max: 10_000,
      ttl: options.ttlMs ?? KEY_CACHE_TTL_MS,
      fetchMethod: async (key) => ({ record: await findApiKey(this.db, key) }),
      ...clockOptions(options.clock),
    });
    this.uses = new KeyUseRecorder(db, options.logger, options.useIntervalMs, options.clock);
  }

  authenticateRequest(req: Request): Promise<AuthContext> {
    return this.authenticate(req.headers['api-key'], req.headers['api-secret']);
  }

  /** A key's scopes grant `<model>:<action>` permissions; member permissions are for console sessions only. */
  authorize(auth: AuthContext, permission: RoutePermission): void {
    if (permission === 'any') return;
    if (!isPermission(permission) || !grants(auth.preset, auth.scopes, permission)) throw new ForbiddenError(permission);
  }

  async authenticate(key: unknown, secret: unknown, now = new Date(this.clock())): Promise<AuthContext> {
    if (typeof key !== 'string' || typeof secret !== 'string' || key === '' || secret === '' || key.length > 200) {
      throw new UnauthorizedError('missing api-key or api-secret header');
    }
    const entry = await this.cache.fetch(key);
    const record = entry?.record ?? null;
    // Hash even when the key is unknown so the response time does not tell keys that exist from ones that do not.
    const matches = secretMatches(secret, record?.secretHash ?? DUMMY_HASH);
    if (!record || !matches) throw new UnauthorizedError('invalid api-key or api-secret');
    if (record.revokedAt) throw new UnauthorizedError('this key has been revoked');
    if (record.expiresAt && now > record.expiresAt) throw new UnauthorizedError('this key has expired');
    this.uses.record(record.id, now);
    return {
      keyId: record.id,
      key: record.key,
      org: record.org,
      preset: record.preset,
      scopes: record.scopes,
      expiresAt: record.expiresAt,
      member: record.member,
    };
  }
}
