import type { Logger, PlatformDb } from '@finance/platform';
import type { SignInThrottle } from './sign-in-throttle';

/** What the console's use cases work with: the platform schema's client (members, sessions, keys) and their settings. */
export interface ConsoleDeps {
  db: PlatformDb;
  logger: Logger;
  throttle: SignInThrottle;
  /** Seals each session's API secret and each member's TOTP secret (CONSOLE_SECRET_KEY). */
  secretKey: Buffer;
  /** Absolute lifetime of a session and of the key issued for it. */
  sessionTtlMs: number;
  /** How long a one-time password (a new member's, or a reset) works. */
  oneTimePasswordTtlMs: number;
  /** The instant TOTP codes are judged by (ms since the epoch): Date.now, or a test's own clock (ConsoleConfig.clock). */
  clock: () => number;
}
