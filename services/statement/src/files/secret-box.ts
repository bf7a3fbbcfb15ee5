import { secretKeyFrom, type SecretKeyConfig } from '@finance/platform';

/** Statement passwords at rest: the platform's AES-256-GCM secret box, bound to the statement id. */
export { encryptSecret, decryptSecret, SecretDecryptionError, SECRET_KEY_BYTES, type SecretKeyConfig } from '@finance/platform';

/** STATEMENT_SECRET_KEY (see secretKeyFrom); the service and the worker need the same key. */
export function loadSecretKey(env: NodeJS.ProcessEnv = process.env): SecretKeyConfig {
  return secretKeyFrom({ name: 'STATEMENT_SECRET_KEY', text: env.STATEMENT_SECRET_KEY, production: env.NODE_ENV === 'production', purpose: 'statement' });
}
