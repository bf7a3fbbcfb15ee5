import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (statement passwords, the console's per-session API secrets): AES-256-GCM (node:crypto), a
 * random 96-bit IV per secret, the 128-bit auth tag stored beside the ciphertext (and required at that length
 * when decrypting, so a cut-down tag is never accepted). The text form is versioned (`v1.<iv>.<tag>.<ciphertext>`, base64url) so the
 * scheme or key can change later without guessing what a stored value is. An optional context (say, the
 * statement id) is bound as additional authenticated data: a blob copied onto another record does not decrypt
 * there.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** The blob was tampered with, encrypted under another key or context, or is not a blob at all. */
export class SecretDecryptionError extends Error {
  override readonly name = 'SecretDecryptionError';
}

function checkKey(key: Buffer): void {
  if (key.length !== SECRET_KEY_BYTES) throw new TypeError(`the secret key must be ${SECRET_KEY_BYTES} bytes, got ${key.length}`);
}

export function encryptSecret(plain: string, key: Buffer, context = ''): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(`${VERSION}|${context}`, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export function decryptSecret(blob: string, key: Buffer, context = ''): string {
  checkKey(key);
  const parts = blob.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretDecryptionError('not a v1 secret blob');
  const [, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
  const iv = Buffer.from(ivText, 'base64url');
  const tag = Buffer.from(tagText, 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError('malformed secret blob');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(`${VERSION}|${context}`, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptionError('the secret does not authenticate under this key (tampered, or another key)');
  }
}

export interface SecretKeyConfig {
  key: Buffer;
  /** True when no key was configured and the development key stands in: say so in the logs at start. */
  isDevelopmentDefault: boolean;
}

/**
 * A 32-byte key from the environment variable `name` (its value `text`), base64 (`openssl rand -base64 32`).
 * Outside production a fixed, publicly known development key (derived from `purpose`) stands in, so local
 * restarts can still read what was stored; in production a missing or malformed key stops the process before it
 * serves anything.
 */
export function secretKeyFrom(input: { name: string; text: string | undefined; production: boolean; purpose: string }): SecretKeyConfig {
  const { name, production, purpose } = input;
  const text = input.text?.trim();
  if (!text) {
    if (production) throw new Error(`${name} is required in production (32 random bytes, base64: openssl rand -base64 32)`);
    return { key: createHash('sha256').update(`finance-platform ${purpose} development key (not secret)`).digest(), isDevelopmentDefault: true };
  }
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw new Error(`${name} must be base64`);
  const key = Buffer.from(text, 'base64');
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`${name} must decode to ${SECRET_KEY_BYTES} bytes, got ${key.length} (openssl rand -base64 32)`);
  return { key, isDevelopmentDefault: false };
}
