import { randomUUID, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import {
  ACTIONS,
  AppError,
  beginTotpEnrolment,
  checkNewPassword,
  confirmTotpEnrolment,
  endSessionsOf,
  findOrgMember,
  generateOneTimePassword,
  mountProbes,
  oneTimePasswordExpired,
  recoveryCodesLeft,
  removeMember,
  resetMemberPassword,
  resetMemberTotp,
  setMemberDisabled,
  setMemberRole,
  setRequireAdminTotp,
  verifySecondFactor,
  type Member,
  type MemberRole,
  type Preset,
  createApiKey,
  createMember,
  createMemberSession,
  dummyPasswordHash,
  endMemberSession,
  findMemberByEmail,
  findMemberById,
  findMemberSession,
  isPreset,
  keyName,
  listApiKeys,
  listMembers,
  openSessionsOf,
  ConflictError,
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
import { assetFiles } from './static-files';

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
export async function buildConsoleApp(
  deps: ServiceDeps,
  overrides: Partial<ConsoleConfig> = {},
): Promise<{ app: Express; close: () => Promise<void>; ops: { app: Express; port: number } }> {
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
  // HSTS and upgrade-insecure-requests follow the scheme browsers reach the console by (CONSOLE_PUBLIC_URL): over
  // plain HTTP they would pin the host to a TLS it does not have. Framing is refused by both headers alike.
  const https = config.publicUrl !== undefined && new URL(config.publicUrl).protocol === 'https:';
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
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
    }),
  );
  // Nothing the console's API answers may be kept by a browser or a proxy: sessions, key secrets, one-time
  // passwords, recovery codes, and the services' data passed through.
  app.use('/api', (_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  });

  const metrics = new Metrics('console', deps.pool);
  app.use(metrics.middleware());
  // Liveness stays on the browsers' port (the image's HEALTHCHECK calls it; it tells nothing). Readiness and metrics
  // are for operators: on CONSOLE_OPS_PORT, like the other services' probes inside the cluster network.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'console' });
  });
  app.get(['/readyz', '/metrics'], (req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND', message: "served on the operators' port (CONSOLE_OPS_PORT)", request_id: req.id } });
  });
  const ops = express();
  ops.disable('x-powered-by');
  ops.set('etag', false);
  ops.use((req, res, next) => {
    req.id = randomUUID();
    res.setHeader('x-request-id', req.id);
    next();
  });
  mountProbes(ops, { service: 'console', readiness: { database: () => platformDb.$queryRaw`SELECT 1`, redis: () => redis.ping() }, metrics });
  ops.use((req, res) => {
    res.status(404).json({ error: { code: 'NOT_FOUND', message: `no route for ${req.method} ${req.path}`, request_id: req.id } });
  });

  // ---- sessions ----

  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: req.secure || https,
    path: '/',
  });

  async function revokeQuietly(key: string): Promise<void> {
    await revokeApiKey(platformDb, key).catch((err: unknown) => logger.warn({ err }, 'could not revoke a session key'));
  }

  async function endSession(sessionId: string): Promise<void> {
    const key = await endMemberSession(platformDb, sessionId);
    if (key) await revokeQuietly(key);
  }

  /** Offboarding: every session of the member ends now and each session's key is revoked. */
  async function endAllSessions(memberId: string): Promise<void> {
    for (const key of await endSessionsOf(platformDb, memberId)) await revokeQuietly(key);
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

  /** An admin of an organization that requires TOTP must turn it on before anything else. */
  const totpRequired = (m: Member) => m.role === 'admin' && m.org.requireAdminTotp && !m.totpEnabled;
  function requireTotpEnrolled(session: ActiveSession): void {
    if (totpRequired(session.member)) {
      throw new ConsoleError(403, 'TOTP_ENROLMENT_REQUIRED', 'your organization requires two-factor sign-in for admins: set it up first');
    }
  }

  function requireAdmin(session: ActiveSession, what: string): void {
    if (session.member.role !== 'admin') throw new ConsoleError(403, 'FORBIDDEN', `only an organization admin can ${what}`);
  }

  type Handler = (req: Request, res: Response, session: ActiveSession) => Promise<void>;
  /** A console route for a signed-in member: session, then CSRF, then the password gate, then the handler. */
  const member =
    (handler: Handler, options: { allowPasswordChange?: boolean; allowTotpEnrolment?: boolean } = {}) =>
    async (req: Request, res: Response) => {
      const session = await requireSession(req, res);
      requireCsrf(req, session);
      if (!options.allowPasswordChange) requirePasswordChanged(session);
      if (!options.allowPasswordChange && !options.allowTotpEnrolment) requireTotpEnrolled(session);
      await handler(req, res, session);
    };
  const admin = (what: string, handler: Handler) =>
    member(async (req, res, session) => {
      requireAdmin(session, what);
      await handler(req, res, session);
    });

  // ---- sign-in throttling (Redis, shared by every console replica) ----
  //
  // Each attempt is counted atomically (one Lua script) BEFORE the password is checked, so parallel requests cannot
  // all read the same count: of 20 at once, only the free ones are checked. Per email: `maxFailuresPerEmail` failures
  // go without delay; from then on each attempt must come at least delayBaseMs x 2^k after the one before (k = 0, 1,
  // ...; capped), instead of a hard lock, so the right password works again after the wait. A full success forgets
  // the email's count. Per client address only failures count: a success gives its attempt back.

  const EMAIL_SCRIPT = `
    local t = redis.call('TIME')
    local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
    local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
    local nxt = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
    if now < nxt then return {0, nxt - now} end
    f = f + 1
    local wait = 0
    if f >= tonumber(ARGV[1]) then
      wait = math.min(tonumber(ARGV[2]) * 2 ^ (f - tonumber(ARGV[1])), tonumber(ARGV[3]))
      redis.call('HSET', KEYS[1], 'n', now + wait)
    end
    redis.call('HSET', KEYS[1], 'f', f)
    redis.call('PEXPIRE', KEYS[1], math.floor(math.max(tonumber(ARGV[4]), wait)))
    return {1, f}`;
  const IP_SCRIPT = `
    local c = tonumber(redis.call('GET', KEYS[1]) or '0')
    if c >= tonumber(ARGV[1]) then return {0, redis.call('PTTL', KEYS[1])} end
    redis.call('INCR', KEYS[1])
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return {1, c + 1}`;
  const emailKey = (email: string) => `${config.login.keyPrefix}:email:${email}`;
  const ipKey = (ip: string | undefined) => `${config.login.keyPrefix}:ip:${ip ?? 'unknown'}`;
  const windowMs = config.login.windowSeconds * 1000;

  function tooMany(waitMs: number, what: string): AppError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const err = new ConsoleError(429, 'RATE_LIMITED', `${what}; try again in ${seconds} second(s)`);
    (err as unknown as { headers: Record<string, string> }).headers = { 'retry-after': String(seconds) };
    return err;
  }
  /** Counts an attempt for the email, or refuses it (429 with Retry-After) while its delay runs. */
  async function countEmailAttempt(email: string): Promise<void> {
    const [allowed, value] = (await redis.eval(
      EMAIL_SCRIPT,
      1,
      emailKey(email),
      config.login.maxFailuresPerEmail,
      config.login.delayBaseMs,
      config.login.maxDelaySeconds * 1000,
      windowMs,
    )) as [number, number];
    if (allowed !== 1) throw tooMany(value, 'too many failed sign-ins for this email');
  }
  /** Gives back one counted attempt (the password was right but a second factor is still to come). */
  // Only while the count exists: a count that expired in between is not re-created (without a TTL).
  const UNCOUNT_SCRIPT = `
    if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
    if ARGV[1] == 'hash' then return redis.call('HINCRBY', KEYS[1], 'f', -1) end
    return redis.call('DECR', KEYS[1])`;
  const uncountEmailAttempt = (email: string) => redis.eval(UNCOUNT_SCRIPT, 1, emailKey(email), 'hash');
  async function countIpAttempt(ip: string | undefined): Promise<void> {
    const [allowed, value] = (await redis.eval(IP_SCRIPT, 1, ipKey(ip), config.login.maxFailuresPerIp, windowMs)) as [number, number];
    if (allowed !== 1) throw tooMany(value, 'too many failed sign-ins from this address');
  }
  const uncountIpAttempt = (ip: string | undefined) => redis.eval(UNCOUNT_SCRIPT, 1, ipKey(ip), 'counter');

  /** The session key each role gets for the three APIs (the role table in the README). */
  const everyScope = (actions: readonly string[]) => MODELS.flatMap((m) => actions.map((a) => `${m}:${a}`)).join(',');
  const SESSION_KEYS: Record<MemberRole, { preset: Preset; scopes?: string }> = {
    admin: { preset: 'full_access' },
    member: { preset: 'custom', scopes: everyScope(ACTIONS) },
    viewer: { preset: 'custom', scopes: everyScope(['read']) },
  };

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
    totp_required: totpRequired(session.member),
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
    const secondFactor = { code: input.totp_code, recoveryCode: input.recovery_code };
    await countIpAttempt(req.ip);
    try {
      await countEmailAttempt(email);
    } catch (err) {
      await uncountIpAttempt(req.ip); // refused before any check: not a failure of this address
      throw err;
    }

    const found = await findMemberByEmail(platformDb, email);
    const ok = await verifyPassword(input.password, found?.passwordHash ?? (await dummyPasswordHash()));
    // A disabled member is told the same as a wrong password: whether an account exists, and in what state, is
    // for the organization's admins to say.
    if (!found || !ok || found.disabledAt !== null) throw new ConsoleError(401, 'INVALID_CREDENTIALS', 'wrong email or password');
    if (oneTimePasswordExpired(found)) {
      throw new ConsoleError(401, 'ONE_TIME_PASSWORD_EXPIRED', 'this one-time password has expired; ask an organization admin for a new one');
    }
    if (found.totpEnabled) {
      const given =
        (typeof secondFactor.code === 'string' && secondFactor.code !== '') ||
        (typeof secondFactor.recoveryCode === 'string' && secondFactor.recoveryCode !== '');
      if (!given) {
        // The password was right: this attempt is given back, and the code is asked for (the next attempt sends both).
        await Promise.all([uncountEmailAttempt(email), uncountIpAttempt(req.ip)]);
        throw new ConsoleError(401, 'TOTP_REQUIRED', 'enter the 6-digit code from your authenticator app (or a recovery code)');
      }
      if (!(await verifySecondFactor(platformDb, config.secretKey, found.id, secondFactor))) {
        throw new ConsoleError(401, 'INVALID_TOTP_CODE', 'wrong or already used code');
      }
    }
    await Promise.all([redis.del(emailKey(email)), uncountIpAttempt(req.ip)]);

    // The key the console uses for this member's calls to the three APIs: it expires with the session.
    const expiresAt = new Date(Date.now() + config.sessionTtlMs);
    const key = await createApiKey(platformDb, { orgSlug: found.org.slug, ...SESSION_KEYS[found.role], expiresAt });
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
        const newPassword = checkNewPassword(input.new_password, 'new_password', [session.member.email, session.member.org.slug, session.member.org.name]);
        if (newPassword === input.current_password) throw ValidationError.field('new_password', 'must differ from the current password');
        await countEmailAttempt(session.member.email);
        const stored = await findMemberById(platformDb, session.member.id);
        if (!stored || !(await verifyPassword(input.current_password, stored.passwordHash))) {
          throw new ConsoleError(401, 'INVALID_CREDENTIALS', 'the current password is wrong');
        }
        await redis.del(emailKey(session.member.email));
        await setMemberPassword(platformDb, session.member.id, newPassword);
        // Every other session of this member ends (and its key is revoked): a new password signs out elsewhere.
        for (const other of await openSessionsOf(platformDb, session.member.id)) if (other.id !== session.id) await endSession(other.id);
        const updated = (await findMemberById(platformDb, session.member.id))!;
        res.json({ data: sessionView({ ...session, member: updated }) });
      },
      { allowPasswordChange: true },
    ),
  );

  // ---- two-factor sign-in (TOTP), the member's own ----

  api.post(
    '/session/totp',
    member(
      async (_req, res, session) => {
        const { secret, uri } = await beginTotpEnrolment(platformDb, config.secretKey, session.member.id);
        res.status(201).json({ data: { secret, otpauth_uri: uri } });
      },
      { allowTotpEnrolment: true },
    ),
  );
  api.post(
    '/session/totp/confirm',
    member(
      async (req, res, session) => {
        const codes = await confirmTotpEnrolment(platformDb, config.secretKey, session.member.id, body(req).code);
        const updated = (await findMemberById(platformDb, session.member.id))!;
        res.json({ data: { ...sessionView({ ...session, member: updated }), recovery_codes: codes } });
      },
      { allowTotpEnrolment: true },
    ),
  );
  api.get(
    '/session/totp',
    member(
      async (_req, res, session) => {
        res.json({
          data: {
            enabled: session.member.totpEnabled,
            required: totpRequired(session.member) || (session.member.role === 'admin' && session.member.org.requireAdminTotp),
            recovery_codes_left: await recoveryCodesLeft(platformDb, session.member.id),
          },
        });
      },
      { allowTotpEnrolment: true },
    ),
  );
  api.delete(
    '/session/totp',
    member(async (req, res, session) => {
      const input = body(req);
      if (session.member.role === 'admin' && session.member.org.requireAdminTotp) {
        throw new ConsoleError(403, 'TOTP_REQUIRED_BY_ORGANIZATION', 'your organization requires two-factor sign-in for admins');
      }
      if (typeof input.current_password !== 'string') throw ValidationError.field('current_password', 'required');
      await countEmailAttempt(session.member.email);
      const stored = await findMemberById(platformDb, session.member.id);
      if (!stored || !(await verifyPassword(input.current_password, stored.passwordHash))) {
        throw new ConsoleError(401, 'INVALID_CREDENTIALS', 'the current password is wrong');
      }
      await redis.del(emailKey(session.member.email));
      await resetMemberTotp(platformDb, session.member.id);
      res.status(204).end();
    }),
  );

  // ---- the organization's settings (admins) ----

  const orgView = (m: Member) => ({ slug: m.org.slug, name: m.org.name, require_admin_totp: m.org.requireAdminTotp });
  api.get(
    '/org',
    admin('see the organization settings', async (_req, res, session) => {
      res.json({ data: orgView(session.member) });
    }),
  );
  api.patch(
    '/org',
    admin('change the organization settings', async (req, res, session) => {
      const input = body(req);
      if (typeof input.require_admin_totp !== 'boolean') throw ValidationError.field('require_admin_totp', 'true or false');
      await setRequireAdminTotp(platformDb, session.member.org.id, input.require_admin_totp);
      const updated = (await findMemberById(platformDb, session.member.id))!;
      res.json({ data: orgView(updated) });
    }),
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
  // Adding answers the same whether the email is new, already a member here, or a member of another
  // organization (emails are unique across organizations, so a refusal would tell any admin that an address is
  // registered somewhere): 201 with a one-time password. Only a new email gets a member and a working password;
  // for an existing one the password is generated and thrown away (and hashed all the same, for equal timing).
  // The admin sees in their own member list whether the person is there.
  api.post(
    '/members',
    admin('add members', async (req, res, session) => {
      const input = body(req);
      try {
        const { member: created, password } = await createMember(platformDb, {
          orgSlug: session.member.org.slug,
          email: input.email as string,
          role: input.role as string,
          oneTimePasswordTtlMs: config.oneTimePasswordTtlMs,
        });
        res.status(201).json({ data: addedView(created.email, created.role, password, created.oneTimePasswordExpiresAt!) });
      } catch (err) {
        if (!(err instanceof ConflictError && err.code === 'MEMBER_EXISTS')) throw err;
        logger.info({ org_id: session.member.org.id }, 'an admin added an email that is already a member; answered neutrally');
        res.status(201).json({
          data: addedView(
            String(input.email).trim().toLowerCase(),
            input.role as string,
            generateOneTimePassword(),
            new Date(Date.now() + config.oneTimePasswordTtlMs),
          ),
        });
      }
    }),
  );
  const addedView = (email: string, role: string, password: string, expiresAt: Date) => ({
    email,
    role,
    password,
    one_time_password_expires_at: expiresAt.toISOString(),
  });

  /** The member an admin acts on: of the admin's organization, and not the admin (another admin does that). */
  async function otherMember(req: Request, session: ActiveSession): Promise<Member> {
    const target = await findOrgMember(platformDb, session.member.org.id, String(req.params.id));
    if (target.id === session.member.id) {
      throw new ConsoleError(409, 'CANNOT_CHANGE_SELF', 'you cannot change your own role, access or password here; another admin can');
    }
    return target;
  }

  // Change a role, disable or enable: the member's sessions end at once and their session keys are revoked (a
  // role decides the session key's scopes; the next sign-in gets the new ones).
  api.patch(
    '/members/:id',
    admin('change members', async (req, res, session) => {
      const input = body(req);
      const target = await otherMember(req, session);
      if (input.role === undefined && input.disabled === undefined) throw new ValidationError('send role and/or disabled');
      if (input.disabled !== undefined && typeof input.disabled !== 'boolean') throw ValidationError.field('disabled', 'true or false');
      if (input.role !== undefined) await setMemberRole(platformDb, target.id, input.role);
      if (typeof input.disabled === 'boolean') await setMemberDisabled(platformDb, target.id, input.disabled);
      if ((input.role !== undefined && input.role !== target.role) || input.disabled === true) await endAllSessions(target.id);
      res.json({ data: publicMember(await findOrgMember(platformDb, session.member.org.id, target.id)) });
    }),
  );
  api.delete(
    '/members/:id',
    admin('remove members', async (req, res, session) => {
      const target = await otherMember(req, session);
      await endAllSessions(target.id);
      await removeMember(platformDb, target.id);
      res.status(204).end();
    }),
  );
  api.post(
    '/members/:id/password-reset',
    admin('reset passwords', async (req, res, session) => {
      const target = await otherMember(req, session);
      const password = await resetMemberPassword(platformDb, target.id, config.oneTimePasswordTtlMs);
      await endAllSessions(target.id);
      const updated = await findOrgMember(platformDb, session.member.org.id, target.id);
      res.json({ data: { ...publicMember(updated), password } });
    }),
  );
  api.post(
    '/members/:id/totp-reset',
    admin('reset two-factor sign-in', async (req, res, session) => {
      const target = await otherMember(req, session);
      await resetMemberTotp(platformDb, target.id);
      await endAllSessions(target.id);
      res.json({ data: publicMember(await findOrgMember(platformDb, session.member.org.id, target.id)) });
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
      // Newest first; name and last_used_at as the platform keeps them (last use recorded within a minute).
      res.json({ data: (await orgKeys(session)).reverse() });
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
      // One line of at most 100 characters, blank for none (the platform's rule): else 400 naming `name`.
      const name = keyName(input.name);
      const created = await createApiKey(platformDb, { orgSlug: session.member.org.slug, preset, scopes, expiresAt, name });
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
    requireTotpEnrolled(session);
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
    // content-disposition names a download (a reconciliation statement as CSV) as the service names it.
    for (const name of ['content-type', 'content-disposition', 'retry-after', 'location']) {
      const value = upstream.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    res.send(Buffer.from(await upstream.arrayBuffer()));
  });

  app.use('/api', api);
  app.use('/api', (_req, _res, next) => next(new NotFoundError('no such console API route')));

  // ---- the browser application ----

  const index = join(config.distDir, 'index.html');
  app.use('/assets', assetFiles(join(config.distDir, 'assets')));
  app.use(
    express.static(config.distDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, path) => path.endsWith('.html') && res.setHeader('cache-control', 'no-cache'),
    }),
  );
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

  return { app, close: async () => undefined, ops: { app: ops, port: config.opsPort } };
}
