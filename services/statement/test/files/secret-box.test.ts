import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptSecret, loadSecretKey, SecretDecryptionError } from '../../src/files';

const key = randomBytes(32);

describe('encryptSecret / decryptSecret (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time, and never contains the plain text', () => {
    for (const plain of ['pdf-secret', '', 'pässwörd ✓ with spaces', 'x'.repeat(1000)]) {
      const a = encryptSecret(plain, key);
      const b = encryptSecret(plain, key);
      expect(a).not.toBe(b);
      expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*$/);
      if (plain) expect(a).not.toContain(plain);
      expect(decryptSecret(a, key)).toBe(plain);
      expect(decryptSecret(b, key)).toBe(plain);
    }
  });

  it('detects tampering with the ciphertext, the tag or the IV', () => {
    const blob = encryptSecret('pdf-secret', key);
    const [version, iv, tag, data] = blob.split('.') as [string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(data)],
      [version, iv, flip(tag), data],
      [version, flip(iv), tag, data],
    ]) {
      expect(() => decryptSecret(tampered.join('.'), key)).toThrow(SecretDecryptionError);
    }
  });

  it('refuses another key, another context, and blobs of another version or shape', () => {
    const blob = encryptSecret('pdf-secret', key, 'statement-1');
    expect(decryptSecret(blob, key, 'statement-1')).toBe('pdf-secret');
    expect(() => decryptSecret(blob, randomBytes(32), 'statement-1')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(blob, key, 'statement-2')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(blob, key)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(blob.replace(/^v1/, 'v2'), key, 'statement-1')).toThrow('not a v1 secret blob');
    expect(() => decryptSecret('pdf-secret', key)).toThrow(SecretDecryptionError);
    expect(() => decryptSecret('v1.AAAA.BBBB.CCCC', key)).toThrow('malformed secret blob');
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => encryptSecret('x', randomBytes(16))).toThrow('the secret key must be 32 bytes, got 16');
  });
});

describe('loadSecretKey (STATEMENT_SECRET_KEY)', () => {
  it('reads a base64 32-byte key', () => {
    const config = loadSecretKey({ STATEMENT_SECRET_KEY: key.toString('base64'), NODE_ENV: 'production' });
    expect(config.isDevelopmentDefault).toBe(false);
    expect(config.key.equals(key)).toBe(true);
  });

  it('uses a fixed development key outside production, and says so', () => {
    const a = loadSecretKey({ NODE_ENV: 'development' });
    const b = loadSecretKey({});
    expect(a.isDevelopmentDefault).toBe(true);
    expect(a.key).toHaveLength(32);
    expect(a.key.equals(b.key)).toBe(true);
    expect(decryptSecret(encryptSecret('x', a.key), b.key)).toBe('x');
  });

  it('refuses to start in production without a key', () => {
    expect(() => loadSecretKey({ NODE_ENV: 'production' })).toThrow(/STATEMENT_SECRET_KEY is required in production/);
    expect(() => loadSecretKey({ NODE_ENV: 'production', STATEMENT_SECRET_KEY: '  ' })).toThrow(/required in production/);
  });

  it.each([
    [randomBytes(16).toString('base64'), /must decode to 32 bytes, got 16/],
    ['not base64 at all!', /must be base64/],
  ])('refuses a malformed key %s', (text, why) => {
    expect(() => loadSecretKey({ STATEMENT_SECRET_KEY: text })).toThrow(why);
  });
});
