import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import {
  ACTIONS,
  AppError,
  checkNewPassword,
  createApiKey,
  createMember,
  createMemberSession,
  dummyPasswordHash,
  endMemberSession,
  findMemberByEmail,
  findMemberById,
  findMemberSession,
  isPreset,
  listApiKeys,
  listMembers,
  openSessionsOf,
  Metrics,
  MODELS,
  NotFoundError,
  parseInstant,
  PRESETS,
  publicMember,
  revokeApiKey,
  scopesForPreset,
  sessionApiKeys,
  setMemberPassword,
  ValidationError,
  verifyPassword,
  type MemberSession,
  type ServiceDeps,
} from '@finance/platform';
import { loadConsoleConfig, openApiSecret, sealApiSecret, type ConsoleConfig } from './config';

export const SESSION_COOKIE = 'console_session';
const SERVICES = ['snapshot', 'ledger', 'statement'] as const;
type ServiceName = (typeof SERVICES)[number];

/** The signed-in member's session, with the decrypted credentials of the key issued for it (server-side only). */
interface ActiveSession extends MemberSession {
  apiSecret: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      consoleSession?: ActiveSession;
    }
  }
}

class ConsoleError extends AppError {}

const unauthenticated = (message = 'sign in to continue') => new ConsoleError(401, 'UNAUTHENTICATED', message);

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function sendError(req: Request, res: Response, err: AppError): void {
  const headers = (err as { headers?: Record<string, string> }).headers;
  if (headers) res.set(headers);
  res.status(err.status).json({ error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}), request_id: req.id } });
}

/**
 * The console's backend: sign-in, sessions, members and API keys (admins), the built browser application,
 * and a pass-through to the three APIs that adds the session's own short-lived API key server-side.
 */
export async function buildConsoleApp(deps: ServiceDeps, overrides: Partial<ConsoleConfig> = {}): Promise<{ app: Express; close: () => Promise<void> }> {
  const config: ConsoleConfig = { ...loadConsoleConfig(), ...overrides };
  // Postgres only through the platform's functions (members, sessions, keys), on the platform schema's client.
  const { logger, platformDb, redis } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use((req, res, next) => {
    req.id = randomUUID();
    res.setHeader('x-request-id', req.id);
    const started = process.hrtime.bigint();
    const path = req.originalUrl.split('?')[0];
    res.on('finish', () => {
      logger.info({
        req_id: req.id,
        method: req.method,
        path,
        status: res.statusCode,
        duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        member_id: req.consoleSession?.member.id,
        org_id: req.consoleSession?.member.org.id,
      });
    });
    next();
  });
  app.use(
    helmet({
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
        },
      },
    }),
  );

  const metrics = new Metrics('console', deps.pool);
  app.use(metrics.middleware());
  app.get('/metrics', async (_req, res) => {
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'console' });
  });
  app.get('/readyz', async (req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries({ database: () => platformDb.$queryRaw`SELECT 1`, redis: () => redis.ping() }).map(async ([name, check]) => {
        checks[name] = await Promise.race([
          check().then(() => 'ok'),
          new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 2_000).unref()),
        ]).catch((err: Error) => `error: ${err.message}`);
      }),
    );
    const failing = Object.keys(checks).filter((k) => checks[k] !== 'ok');
    if (failing.length === 0) res.json({ status: 'ready', service: 'console', checks });
    else res.status(503).json({ error: { code: 'NOT_READY', message: `not ready: ${failing.join(', ')}`, request_id: req.id } });
  });

  // ---- sessions ----

  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: req.secure,
    path: '/',
  });

  async function revokeQuietly(key: string): Promise<void> {
    await revokeApiKey(platformDb, key).catch((err: unknown) => logger.warn({ err }, 'could not revoke a session key'));
  }

  async function endSession(sessionId: string): Promise<void> {
    const key = await endMemberSession(platformDb, sessionId);
    if (key) await revokeQuietly(key);
  }

  /** Resolves the cookie to an open, unexpired session; ends (and revokes the key of) an expired one. */
  async function requireSession(req: Request, res: Response): Promise<ActiveSession> {
    const token = readCookie(req, SESSION_COOKIE);
    const session = token ? await findMemberSession(platformDb, token) : null;
    if (!session) throw unauthenticated();
    const apiSecret = session.expiresAt.getTime() > Date.now() ? openApiSecret(config.secretKey, session.apiKey, session.apiSecretEnc) : null;
    if (apiSecret === null) {
      await endSession(session.id);
      res.clearCookie(SESSION_COOKIE, cookieOptions(req));
      throw new ConsoleError(401, 'SESSION_EXPIRED', 'your session has expired; sign in again');
    }
    req.consoleSession = { ...session, apiSecret };
    return req.consoleSession;
  }

  /** Every state-changing request carries the session's CSRF token in x-csrf-token. */
  function requireCsrf(req: Request, session: ActiveSession): void {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const sent = req.headers['x-csrf-token'];
    if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
      throw new ConsoleError(403, 'CSRF_TOKEN_INVALID', 'missing or wrong x-csrf-token header: reload the page');
    }
  }

  function requirePasswordChanged(session: ActiveSession): void {
    if (session.member.mustChangePassword) {
      throw new ConsoleError(403, 'PASSWORD_CHANGE_REQUIRED', 'choose a new password before continuing');
    }
  }

  function requireAdmin(session: ActiveSession, what: string): void {
    if (session.member.role !== 'admin') throw new ConsoleError(403, 'FORBIDDEN', `only an organization admin can ${what}`);
  }

  type Handler = (req: Request, res: Response, session: ActiveSession) => Promise<void>;
  /** A console route for a signed-in member: session, then CSRF, then the password gate, then the handler. */
  const member =
    (handler: Handler, options: { allowPasswordChange?: boolean } = {}) =>
    async (req: Request, res: Response) => {
      const session = await requireSession(req, res);
      requireCsrf(req, session);
      if (!options.allowPasswordChange) requirePasswordChanged(session);
      await handler(req, res, session);
    };
  const admin = (what: string, handler: Handler) =>
    member(async (req, res, session) => {
      requireAdmin(session, what);
      await handler(req, res, session);
    });

  // ---- login rate limits (Redis, shared by every console replica) ----

  async function bump(key: string): Promise<{ count: number; ttl: number }> {
    const results = await redis.multi().set(key, '0', 'EX', config.login.windowSeconds, 'NX').incr(key).ttl(key).exec();
    return { count: Number(results?.[1]?.[1] ?? 0), ttl: Number(results?.[2]?.[1] ?? config.login.windowSeconds) };
  }
  function tooMany(ttl: number): AppError {
    const err = new ConsoleError(429, 'RATE_LIMITED', `too many sign-in attempts; try again in ${Math.ceil(Math.max(ttl, 1) / 60)} minute(s)`);
    (err as unknown as { headers: Record<string, string> }).headers = { 'retry-after': String(Math.max(ttl, 1)) };
    return err;
  }

  const json = express.json({ limit: '64kb' });
  const api = express.Router();
  api.use(json);
  api.use((req, _res, next) => {
    if (!['GET', 'HEAD', 'DELETE'].includes(req.method) && !req.is('application/json')) {
      next(new ConsoleError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json'));
      return;
    }
    next();
  });

  const body = (req: Request): Record<string, unknown> => {
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) throw new ValidationError('the body must be a JSON object');
    return req.body as Record<string, unknown>;
  };

  const sessionView = (session: { member: MemberSession['member']; csrfToken: string; expiresAt: Date }) => ({
    member: publicMember(session.member),
    org: { slug: session.member.org.slug, name: session.member.org.name },
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  });

  // Sign in. No session yet, so no CSRF token: a cross-site form cannot send application/json (it would need
  // a CORS preflight, which this app never grants), and the cookie is SameSite=Strict.
  api.post('/session', async (req, res) => {
    const input = body(req);
    if (typeof input.email !== 'string' || typeof input.password !== 'string' || input.email.length > 254 || input.password.length > 1024) {
      throw new ValidationError('email and password are required');
    }
    const email = input.email.trim().toLowerCase();
    const ip = await bump(`${config.login.keyPrefix}:ip:${req.ip}`);
    if (ip.count > config.login.maxAttemptsPerIp) throw tooMany(ip.ttl);
    const failuresKey = `${config.login.keyPrefix}:email:${email}`;
    const failures = Number((await redis.get(failuresKey)) ?? 0);
    if (failures >= config.login.maxFailuresPerEmail) throw tooMany(await redis.ttl(failuresKey));

    const found = await findMemberByEmail(platformDb, email);
    const ok = await verifyPassword(input.password, found?.passwordHash ?? (await dummyPasswordHash()));
    if (!found || !ok) {
      await bump(failuresKey);
      throw new ConsoleError(401, 'INVALID_CREDENTIALS', 'wrong email or password');
    }
    await redis.del(failuresKey);

    // The key the console uses for this member's calls to the three APIs: it expires with the session.
    const expiresAt = new Date(Date.now() + config.sessionTtlMs);
    const key = await createApiKey(platformDb, { orgSlug: found.org.slug, preset: 'full_access', expiresAt });
    const { token, session } = await createMemberSession(platformDb, {
      memberId: found.id,
      apiKey: key.key,
      apiSecretEnc: sealApiSecret(config.secretKey, key.key, key.secret),
      expiresAt,
    });
    res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), expires: expiresAt });
    res.status(201).json({ data: sessionView(session) });
  });

  api.get(
    '/session',
    member(
      async (_req, res, session) => {
        res.json({ data: sessionView(session) });
      },
      { allowPasswordChange: true },
    ),
  );

  api.delete(
    '/session',
    member(
      async (req, res, session) => {
        await endSession(session.id);
        res.clearCookie(SESSION_COOKIE, cookieOptions(req));
        res.status(204).end();
      },
      { allowPasswordChange: true },
    ),
  );

  api.post(
    '/session/password',
    member(
      async (req, res, session) => {
        const input = body(req);
        if (typeof input.current_password !== 'string') throw ValidationError.field('current_password', 'required');
        const newPassword = checkNewPassword(input.new_password);
        if (newPassword === input.current_password) throw ValidationError.field('new_password', 'must differ from the current password');
        const failuresKey = `${config.login.keyPrefix}:email:${session.member.email}`;
        if (Number((await redis.get(failuresKey)) ?? 0) >= config.login.maxFailuresPerEmail) throw tooMany(await redis.ttl(failuresKey));
        const stored = await findMemberById(platformDb, session.member.id);
        if (!stored || !(await verifyPassword(input.current_password, stored.passwordHash))) {
          await bump(failuresKey);
          throw new ConsoleError(401, 'INVALID_CREDENTIALS', 'the current password is wrong');
        }
        await setMemberPassword(platformDb, session.member.id, newPassword);
        // Every other session of this member ends (and its key is revoked): a new password signs out elsewhere.
        for (const other of await openSessionsOf(platformDb, session.member.id)) if (other.id !== session.id) await endSession(other.id);
        const updated = (await findMemberById(platformDb, session.member.id))!;
        res.json({ data: sessionView({ ...session, member: updated }) });
      },
      { allowPasswordChange: true },
    ),
  );

  api.get('/meta', (_req, res) => {
    const presets = Object.fromEntries(PRESETS.filter((p) => p !== 'custom').map((p) => [p, scopesForPreset(p)]));
    res.json({ data: { models: MODELS, actions: ACTIONS, presets, snapshot_url: config.publicSnapshotUrl ?? config.services.snapshot } });
  });

  // ---- members (admins) ----

  api.get(
    '/members',
    admin('list members', async (_req, res, session) => {
      res.json({ data: (await listMembers(platformDb, session.member.org.id)).map(publicMember) });
    }),
  );
  api.post(
    '/members',
    admin('add members', async (req, res, session) => {
      const input = body(req);
      const { member: created, password } = await createMember(platformDb, {
        orgSlug: session.member.org.slug,
        email: input.email as string,
        role: input.role as string,
      });
      res.status(201).json({ data: { ...publicMember(created), password } });
    }),
  );

  // ---- API keys (admins) ----

  async function orgKeys(session: ActiveSession) {
    const hidden = await sessionApiKeys(platformDb, session.member.org.id);
    return (await listApiKeys(platformDb, session.member.org.slug)).filter((k) => !hidden.has(k.key));
  }

  api.get(
    '/keys',
    admin('manage API keys', async (_req, res, session) => {
      // last_used_at: the APIs do not record key use, so the console cannot show it.
      res.json({ data: (await orgKeys(session)).map((k) => ({ ...k, last_used_at: null })).reverse() });
    }),
  );
  api.post(
    '/keys',
    admin('manage API keys', async (req, res, session) => {
      const input = body(req);
      const preset = input.preset;
      if (typeof preset !== 'string' || !isPreset(preset)) throw ValidationError.field('preset', `must be one of ${PRESETS.join(', ')}`);
      let scopes: string | undefined;
      if (input.scopes !== undefined && input.scopes !== null) {
        if (Array.isArray(input.scopes) && input.scopes.every((s) => typeof s === 'string')) scopes = input.scopes.join(',');
        else if (typeof input.scopes === 'string') scopes = input.scopes;
        else throw ValidationError.field('scopes', 'a list of "<model>:<action>"');
        if (preset === 'custom' && scopes === '') throw ValidationError.field('scopes', 'choose at least one permission');
      }
      let expiresAt: Date | undefined;
      if (input.expires_at !== undefined && input.expires_at !== null && input.expires_at !== '') {
        if (typeof input.expires_at !== 'string') throw ValidationError.field('expires_at', 'an ISO 8601 instant');
        expiresAt = parseInstant('expires_at', input.expires_at);
        if (expiresAt.getTime() <= Date.now()) throw ValidationError.field('expires_at', 'must be in the future');
      }
      const created = await createApiKey(platformDb, { orgSlug: session.member.org.slug, preset, scopes, expiresAt });
      res.status(201).json({ data: created });
    }),
  );
  api.delete(
    '/keys/:key',
    admin('manage API keys', async (req, res, session) => {
      const key = String(req.params.key);
      const owned = (await orgKeys(session)).find((k) => k.key === key);
      if (!owned) throw new NotFoundError(`key '${key}' not found`);
      await revokeApiKey(platformDb, key);
      res.status(204).end();
    }),
  );

  // ---- the three APIs, called with the session's own key ----

  // The session, CSRF and password checks come before the body is read, so nobody signed out can make the
  // console buffer an upload.
  const raw = express.raw({ type: () => true, limit: '25mb' });
  const proxyGate = async (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/(snapshot|ledger|statement)\//.test(req.url)) throw new NotFoundError(`no such service path; use /api/svc/<${SERVICES.join('|')}>/<path>`);
    const session = await requireSession(req, res);
    requireCsrf(req, session);
    requirePasswordChanged(session);
    next();
  };
  app.use('/api/svc', proxyGate, raw, async (req, res) => {
    const match = /^\/(snapshot|ledger|statement)(\/[^?#]*)(\?.*)?$/.exec(req.url);
    if (!match) throw new NotFoundError('no such service path');
    const session = req.consoleSession!;
    const service = match[1] as ServiceName;
    const base = config.services[service];
    const target = new URL(`${base}/api/v1${match[2]}${match[3] ?? ''}`);
    // A path that normalises outside /api/v1 (../) is refused rather than forwarded.
    if (!target.pathname.startsWith(`${new URL(base).pathname.replace(/\/$/, '')}/api/v1/`)) throw new NotFoundError('no such service path');
    // Every member's session key is full_access: closing and reopening periods and setting the fiscal year are the
    // admins' in the console, so those writes are refused to the other members (reads pass). Judged on the path
    // the service will route (decoded, any case, slashes collapsed), not on how the browser spelled it.
    if (service === 'ledger' && req.method !== 'GET' && req.method !== 'HEAD') {
      let routed: string;
      try {
        routed = decodeURIComponent(target.pathname).toLowerCase().replace(/\/+/g, '/');
      } catch {
        throw new NotFoundError('no such service path');
      }
      if (/\/api\/v1\/(periods|settings)(\/|$)/.test(routed)) requireAdmin(session, 'close or reopen periods or change the fiscal year');
    }
    const headers: Record<string, string> = { 'api-key': session.apiKey, 'api-secret': session.apiSecret, 'x-request-id': req.id };
    for (const name of ['content-type', 'accept', 'idempotency-key']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const hasBody = Buffer.isBuffer(req.body) && req.body.length > 0 && !['GET', 'HEAD'].includes(req.method);
    let upstream: globalThis.Response;
    try {
      upstream = await fetch(target, {
        method: req.method,
        headers,
        body: hasBody ? (req.body as Buffer) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
      });
    } catch (err) {
      logger.warn({ err, service }, 'service unreachable');
      throw new ConsoleError(502, 'UPSTREAM_UNAVAILABLE', `the ${service} service did not answer; try again shortly`);
    }
    // The service's own status and body (its error messages included) go back as they are.
    res.status(upstream.status);
    for (const name of ['content-type', 'retry-after', 'location']) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    res.send(Buffer.from(await upstream.arrayBuffer()));
  });

  app.use('/api', api);
  app.use('/api', (_req, _res, next) => next(new NotFoundError('no such console API route')));

  // ---- the browser application ----

  const index = join(config.distDir, 'index.html');
  app.use(express.static(config.distDir, { index: false, maxAge: '1h', immutable: false }));
  app.get('/{*path}', (req, res) => {
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send('The console front end has not been built: run `pnpm --filter console build` (pnpm start builds it when missing).');
      return;
    }
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index);
  });

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) {
      sendError(req, res, err);
      return;
    }
    const e = err as { type?: string; status?: number; message?: string };
    if (e.type === 'entity.too.large') return sendError(req, res, new ConsoleError(413, 'PAYLOAD_TOO_LARGE', 'the request body is too large'));
    if (e.type === 'entity.parse.failed') return sendError(req, res, new ValidationError('the body is not valid JSON'));
    if (typeof e.status === 'number' && e.status >= 400 && e.status < 500)
      return sendError(req, res, new ConsoleError(e.status, 'BAD_REQUEST', e.message ?? 'bad request'));
    logger.error({ err, req_id: req.id }, 'unhandled error');
    sendError(req, res, new ConsoleError(500, 'INTERNAL', 'internal error'));
  });

  return { app, close: async () => undefined };
}
