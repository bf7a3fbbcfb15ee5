import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Keys are public identifiers; secrets are 256 random bits shown once. Because a secret has full entropy,
 * a single SHA-256 is the right hash (as for GitHub or Stripe tokens): a slow password hash would add
 * tens of milliseconds per request and buy nothing against brute force of a 2^256 space.
 */
export function generateCredentials(): { key: string; secret: string } {
  return {
    key: `fk_${randomBytes(12).toString('hex')}`,
    secret: `fs_${randomBytes(32).toString('base64url')}`,
  };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Constant-time comparison of a presented secret with a stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
