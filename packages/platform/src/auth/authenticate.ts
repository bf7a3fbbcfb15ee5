import { LRUCache } from 'lru-cache';
import { UnauthorizedError } from '../errors';
import { findApiKey, type ApiKeyRecord, type KeyMember, type Organization } from './platform-store';
import type { PlatformDb } from '../db/platform-db';
import { secretMatches } from './secrets';
import type { Preset, Scopes } from './scopes';

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
}

/**
 * How long a key record may be served from memory. Revocation must take effect within 5 s in every
 * service (contract section 2); 4 s leaves a margin for the lookup itself.
 */
export const KEY_CACHE_TTL_MS = 4_000;

const DUMMY_HASH = '0'.repeat(64);

/**
 * Resolves api-key/api-secret headers to an AuthContext, with a short in-process cache so that the common
 * request costs no database round trip. Concurrent misses for one key share a single lookup.
 */
export class Authenticator {
  private readonly cache: LRUCache<string, { record: ApiKeyRecord | null }>;

  constructor(
    private readonly db: PlatformDb,
    ttlMs = KEY_CACHE_TTL_MS,
  ) {
    this.cache = new LRUCache({
      max: 10_000,
      ttl: ttlMs,
      fetchMethod: async (key) => ({ record: await findApiKey(this.db, key) }),
    });
  }

  async authenticate(key: unknown, secret: unknown, now = new Date()): Promise<AuthContext> {
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
