import { join } from 'node:path';
import { oneTimePasswordTtlMs, secretKeyFrom } from '@finance/platform';
import type { SignInLimits } from './domain/sign-in-throttle';

/** The console's own settings (the shared ones, port, database, Redis, log level, come from the platform's loadConfig). */
export interface ConsoleConfig {
  /** Base URLs of the three APIs the console calls for the signed-in member. */
  services: { snapshot: string; ledger: string; statement: string };
  /** The snapshot API's address as API clients outside the cluster reach it, for the "how to push" snippets. */
  publicSnapshotUrl?: string;
  /** Absolute lifetime of a session (and of the API key issued for it). */
  sessionTtlMs: number;
  /** AES-256-GCM key that encrypts each session's API secret in its database row. */
  secretKey: Buffer;
  /** Sign-in throttling (Redis), per email and per client address. */
  login: SignInLimits;
  /** How long a one-time password (a new member's, or a reset) works. */
  oneTimePasswordTtlMs: number;
  /**
   * The console's address as browsers reach it. Its scheme decides HSTS and `upgrade-insecure-requests`: sent for
   * https, never for http (or when unset), so a plain-HTTP deployment is not pinned to a TLS it does not have.
   */
  publicUrl?: string;
  /** The operators' port: /healthz, /readyz and /metrics (not served on the browsers' port). */
  opsPort: number;
  /** Express 'trust proxy': set it (e.g. 1) behind a TLS-terminating proxy so cookies get `Secure`. */
  trustProxy: boolean | number | string;
  /** Where the built browser application is. */
  distDir: string;
  /**
   * The instant sign-in delays and TOTP codes are judged by (ms since the epoch). Unset in production: Redis's TIME for
   * the delays (one clock for every replica), the machine's for codes. Tests set a clock they move themselves, so
   * what they check is decided by the instants they set, not by how fast the machine answers.
   */
  clock?: () => number;
}

export const DIST_DIR = join(__dirname, '..', 'dist');

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`invalid ${name} ${text}`);
  return n;
}

function portNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`invalid ${name} ${text}`);
  return n;
}

function baseUrl(name: string, text: string | undefined, fallback: string): string {
  const value = text?.trim() || fallback;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/** CONSOLE_SECRET_KEY: seals each session's API secret (the platform's secret box, see secretKeyFrom). */
export function loadSecretKey(env: NodeJS.ProcessEnv): Buffer {
  return secretKeyFrom({ name: 'CONSOLE_SECRET_KEY', text: env.CONSOLE_SECRET_KEY, production: env.NODE_ENV === 'production', purpose: 'console' }).key;
}

function trustProxy(text: string | undefined): boolean | number | string {
  if (text === undefined || text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return /^\d+$/.test(text) ? Number(text) : text;
}

export function loadConsoleConfig(env: NodeJS.ProcessEnv = process.env): ConsoleConfig {
  return {
    services: {
      snapshot: baseUrl('CONSOLE_SNAPSHOT_URL', env.CONSOLE_SNAPSHOT_URL, 'http://127.0.0.1:4001'),
      ledger: baseUrl('CONSOLE_LEDGER_URL', env.CONSOLE_LEDGER_URL, 'http://127.0.0.1:4002'),
      statement: baseUrl('CONSOLE_STATEMENT_URL', env.CONSOLE_STATEMENT_URL, 'http://127.0.0.1:4003'),
    },
    publicSnapshotUrl: env.CONSOLE_SNAPSHOT_PUBLIC_URL ? baseUrl('CONSOLE_SNAPSHOT_PUBLIC_URL', env.CONSOLE_SNAPSHOT_PUBLIC_URL, '') : undefined,
    sessionTtlMs: positiveInt('CONSOLE_SESSION_TTL_MINUTES', env.CONSOLE_SESSION_TTL_MINUTES, 8 * 60) * 60_000,
    secretKey: loadSecretKey(env),
    login: {
      maxFailuresPerEmail: positiveInt('CONSOLE_LOGIN_MAX_FAILURES', env.CONSOLE_LOGIN_MAX_FAILURES, 5),
      maxFailuresPerIp: positiveInt('CONSOLE_LOGIN_MAX_PER_IP', env.CONSOLE_LOGIN_MAX_PER_IP, 50),
      windowSeconds: positiveInt('CONSOLE_LOGIN_WINDOW_SECONDS', env.CONSOLE_LOGIN_WINDOW_SECONDS, 15 * 60),
      delayBaseMs: 1_000,
      maxDelaySeconds: positiveInt('CONSOLE_LOGIN_MAX_DELAY_SECONDS', env.CONSOLE_LOGIN_MAX_DELAY_SECONDS, 300),
      keyPrefix: 'console:login',
    },
    oneTimePasswordTtlMs: oneTimePasswordTtlMs(env),
    publicUrl: env.CONSOLE_PUBLIC_URL ? baseUrl('CONSOLE_PUBLIC_URL', env.CONSOLE_PUBLIC_URL, '') : undefined,
    opsPort: portNumber('CONSOLE_OPS_PORT', env.CONSOLE_OPS_PORT, 4014),
    trustProxy: trustProxy(env.CONSOLE_TRUST_PROXY),
    distDir: DIST_DIR,
  };
}
