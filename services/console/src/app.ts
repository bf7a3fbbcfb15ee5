import { createApp, MemberSessionAuthenticator, opsAppOf, platformAppOptions, type ServiceDeps } from '@finance/platform';
import type { Express } from 'express';
import { loadConsoleConfig, type ConsoleConfig } from './config';
import type { ConsoleDeps } from './domain/deps';
import { openApiSecret } from './domain/sessions';
import { SignInThrottle } from './domain/sign-in-throttle';
import { SESSION_COOKIE, sessionCookieOptions } from './entry-points/api/cookie';
import { consoleRoutes } from './entry-points/api/routes';
import { passThrough, SERVICES } from './entry-points/pass-through';
import { webApp } from './static-files';

export { SESSION_COOKIE };

/**
 * The console's backend: sign-in, sessions, members and API keys (admins), the built browser application, and a
 * pass-through to the three APIs that adds the session's own short-lived API key server-side. Its routes are
 * declared like every service's and built by the platform's createApp, with a member's session cookie
 * (MemberSessionAuthenticator) instead of an API key.
 */
export async function buildConsoleApp(
  deps: ServiceDeps,
  overrides: Partial<ConsoleConfig> = {},
): Promise<{ app: Express; close: () => Promise<void>; ops: { app: Express; port: number } }> {
  const config: ConsoleConfig = { ...loadConsoleConfig(), ...overrides };
  // Postgres only through the platform's functions (members, sessions, keys), on the platform schema's client.
  const { logger, platformDb, redis } = deps;
  const consoleDeps: ConsoleDeps = {
    db: platformDb,
    logger,
    throttle: new SignInThrottle(redis, config.login, config.clock),
    secretKey: config.secretKey,
    sessionTtlMs: config.sessionTtlMs,
    oneTimePasswordTtlMs: config.oneTimePasswordTtlMs,
    clock: config.clock ?? Date.now,
  };
  // HSTS and upgrade-insecure-requests follow the scheme browsers reach the console by (CONSOLE_PUBLIC_URL): over
  // plain HTTP they would pin the host to a TLS it does not have. Framing is refused by both headers alike.
  const https = config.publicUrl !== undefined && new URL(config.publicUrl).protocol === 'https:';
  const cookieOptions = sessionCookieOptions(https);
  const app = createApp({
    service: 'console',
    ...platformAppOptions(deps),
    authenticator: new MemberSessionAuthenticator({
      db: platformDb,
      keys: deps.authenticator,
      cookie: SESSION_COOKIE,
      cookieOptions,
      openSecret: (session) => openApiSecret(config.secretKey, session.apiKey, session.apiSecretEnc),
      logger,
    }),
    authenticate: 'per-route',
    prefix: '/api',
    whoami: false,
    routes: consoleRoutes(consoleDeps, { cookieOptions, snapshotUrl: config.publicSnapshotUrl ?? config.services.snapshot }),
    handlers: [{ path: SERVICES.map((s) => `/svc/${s}`), permission: 'member', handle: passThrough(config.services, logger) }],
    site: [webApp(config.distDir)],
    jsonLimit: '64kb',
    trustProxy: config.trustProxy,
    // Nothing the console's API answers may be kept by a browser or a proxy: sessions, key secrets, one-time
    // passwords, recovery codes, and the services' data passed through.
    prefixHeaders: { 'cache-control': 'no-store' },
    helmet: {
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          // recharts positions its tooltips with inline style attributes
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'font-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    },
    // Liveness stays on the browsers' port (the image's HEALTHCHECK calls it; it tells nothing). Readiness and
    // metrics are for operators: on CONSOLE_OPS_PORT, like the other services' probes inside the cluster network.
    probes: 'ops',
    readiness: { database: () => platformDb.$queryRaw`SELECT 1`, redis: () => redis.ping() },
  });
  return { app, close: async () => undefined, ops: { app: opsAppOf(app), port: config.opsPort } };
}
