import { timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { AppError, ForbiddenError, UnauthorizedError } from '../errors';
import type { Logger } from '../logger';
import type { PlatformDb } from '../db/platform-db';
import { endMemberSession, endSessionsOf, findMemberSession, type Member, type MemberSession } from '../members/members';
import type { Authenticator, AuthContext, RequestAuthenticator } from './authenticate';
import { revokeApiKey } from './platform-store';
import { grants, isPermission, type RoutePermission } from './scopes';

/** What only an organization's admins do in the console, each as a refusal words it ("only an organization admin can ..."). */
const ADMIN_AREAS = {
  keys: 'manage API keys',
  members: 'manage members',
  org: 'change the organization settings',
  periods: 'close or reopen periods or change the fiscal year',
} as const;
export type AdminArea = keyof typeof ADMIN_AREAS;

/**
 * What a console route asks of the signed-in member; each includes the ones before it:
 * - `member:signed-in`: an open session, nothing more (who am I, sign out, change password);
 * - `member:password-set`: and a password of the member's own, not a one-time one (setting up TOTP);
 * - `member`: and TOTP turned on where the organization requires it of its admins (everything else);
 * - `admin:<area>`: and the organization's admin.
 */
export type MemberPermission = 'member:signed-in' | 'member:password-set' | 'member' | `admin:${AdminArea}`;

/** An open, unexpired session, with the secret of the key issued for it (server-side only). */
export interface ActiveMemberSession extends MemberSession {
  apiSecret: string;
}

/** An admin of an organization that requires TOTP of its admins, who has not turned it on yet. */
export const totpEnrolmentRequired = (member: Member) => member.role === 'admin' && member.org.requireAdminTotp && !member.totpEnabled;

const READS = new Set(['GET', 'HEAD']);

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

async function revokeQuietly(db: PlatformDb, key: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  // The key expires with the session anyway; a failed revocation must not keep the session open.
  await revokeApiKey(db, key).catch((err: unknown) => logger.warn({ err }, 'could not revoke a session key'));
}

/** Ends a session (sign-out, expiry) and revokes its key. */
export async function endSessionAndKey(db: PlatformDb, sessionId: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  const key = await endMemberSession(db, sessionId);
  if (key) await revokeQuietly(db, key, logger);
}

/** Offboarding: every session of the member ends now and each session's key is revoked. */
export async function endEverySessionOf(db: PlatformDb, memberId: string, logger: Pick<Logger, 'warn'>): Promise<void> {
  for (const key of await endSessionsOf(db, memberId)) await revokeQuietly(db, key, logger);
}

/** The signed-in member's session, on a route that declares a MemberPermission. */
export function memberSessionOf(auth: AuthContext): ActiveMemberSession {
  if (!auth.session) throw new Error('no member session: the route must declare a member permission and use the MemberSessionAuthenticator');
  return auth.session;
}

/**
 * Throws (403) unless the session's member may use a route declaring `permission`: the gates in the order of
 * MemberPermission (PASSWORD_CHANGE_REQUIRED, TOTP_ENROLMENT_REQUIRED, FORBIDDEN); `any` is `member`, and a key
 * permission (`<model>:<action>`) is asked of the session's key as well.
 */
export function authorizeMember(auth: AuthContext, permission: RoutePermission): void {
  const member = auth.session?.member;
  if (!member) throw new ForbiddenError(permission);
  if (permission === 'member:signed-in') return;
  if (member.mustChangePassword) throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'choose a new password before continuing');
  if (permission === 'member:password-set') return;
  if (totpEnrolmentRequired(member)) {
    throw new AppError(403, 'TOTP_ENROLMENT_REQUIRED', 'your organization requires two-factor sign-in for admins: set it up first');
  }
  if (permission.startsWith('admin:')) {
    if (member.role !== 'admin') throw new AppError(403, 'FORBIDDEN', `only an organization admin can ${ADMIN_AREAS[permission.slice(6) as AdminArea]}`);
    return;
  }
  if (permission === 'member' || permission === 'any') return;
  if (!isPermission(permission) || !grants(auth.preset, auth.scopes, permission)) throw new ForbiddenError(permission);
}

export interface MemberSessionAuthenticatorOptions {
  db: PlatformDb;
  /** The services' key check: a session acts with the key issued for it, checked as the services check it. */
  keys: Authenticator;
  /** The session cookie's name. */
  cookie: string;
  /** The cookie's attributes, to clear it as it was set. */
  cookieOptions(req: Request): CookieOptions;
  /** The session key's secret from its sealed copy; null when it cannot be opened (another key, tampered): the session is over. */
  openSecret(session: MemberSession): string | null;
  logger: Pick<Logger, 'warn'>;
}

/**
 * The console's credentials: a session cookie instead of api-key/api-secret. The cookie must name an open session
 * of an enabled member, unexpired, whose key still works (else 401 UNAUTHENTICATED, or SESSION_EXPIRED: the session
 * is ended, its key revoked and the cookie cleared); every request but GET and HEAD must carry the session's CSRF
 * token in x-csrf-token (compared in constant time; else 403 CSRF_TOKEN_INVALID). The request's AuthContext is the
 * session key's, with the session (member, organization, role) in `session`; routes declare MemberPermissions.
 */
export class MemberSessionAuthenticator implements RequestAuthenticator {
  readonly openApiSecurity;

  constructor(private readonly options: MemberSessionAuthenticatorOptions) {
    this.openApiSecurity = {
      schemes: {
        session: { type: 'apiKey', in: 'cookie', name: options.cookie, description: 'set by POST /api/session' },
        csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token', description: "the session's csrf_token, on every request but GET and HEAD" },
      },
      requirement: { session: [], csrfToken: [] },
    };
  }

  async authenticateRequest(req: Request, res: Response): Promise<AuthContext> {
    const { db, keys, cookie, logger } = this.options;
    const token = readCookie(req, cookie);
    const session = token ? await findMemberSession(db, token) : null;
    if (!session) throw new AppError(401, 'UNAUTHENTICATED', 'sign in to continue');
    const apiSecret = session.expiresAt.getTime() > Date.now() ? this.options.openSecret(session) : null;
    const auth =
      apiSecret === null
        ? null
        : await keys.authenticate(session.apiKey, apiSecret).catch((err: unknown) => {
            if (err instanceof UnauthorizedError) return null;
            throw err;
          });
    if (!auth || apiSecret === null) {
      await endSessionAndKey(db, session.id, logger);
      res.clearCookie(cookie, this.options.cookieOptions(req));
      throw new AppError(401, 'SESSION_EXPIRED', 'your session has expired; sign in again');
    }
    if (!READS.has(req.method)) {
      const sent = req.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
        throw new AppError(403, 'CSRF_TOKEN_INVALID', 'missing or wrong x-csrf-token header: reload the page');
      }
    }
    return { ...auth, session: { ...session, apiSecret } };
  }

  authorize(auth: AuthContext, permission: RoutePermission): void {
    authorizeMember(auth, permission);
  }
}
