import { created, defineRoute, noContent, ok, memberSessionOf } from '@finance/platform';
import type { CookieOptions, Request } from 'express';
import { z } from 'zod';
import type { ConsoleDeps } from '../../domain/deps';
import { changePassword, signIn, signOut } from '../../domain/sessions';
import { beginTotp, confirmTotp, totpStatus, turnOffTotp } from '../../domain/totp';
import { sessionView, toSessionView, totpConfirmedView, totpEnrolmentView, totpStatusView } from '../../views/views';
import { SESSION_COOKIE } from './cookie';

const WRONG_CURRENT_PASSWORD = 'INVALID_CREDENTIALS: the current password is wrong; UNAUTHENTICATED, SESSION_EXPIRED: no open session';

/** The member's own session: sign in and out, who am I, the password, and two-factor sign-in. */
export function sessionRoutes(deps: ConsoleDeps, cookieOptions: (req: Request) => CookieOptions) {
  return [
    // No session yet, so no CSRF token: a cross-site form cannot send application/json (it would need a CORS
    // preflight, which this app never grants), and the cookie is SameSite=Strict.
    defineRoute({
      method: 'post',
      path: '/session',
      permission: 'public',
      summary: 'Sign in: opens a session (the cookie) and answers its CSRF token',
      body: z.object({
        email: z.string().max(254),
        password: z.string().max(1024),
        /** The 6-digit code, when the member has two-factor sign-in on (or a recovery code instead). */
        totp_code: z.string().optional(),
        recovery_code: z.string().optional(),
      }),
      response: sessionView,
      errors: {
        401: 'INVALID_CREDENTIALS: wrong email or password; ONE_TIME_PASSWORD_EXPIRED; TOTP_REQUIRED: send the code too; INVALID_TOTP_CODE',
      },
      handler: async ({ body, req, res }) => {
        const { token, expiresAt, view } = await signIn(deps, body, req.ip);
        res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), expires: expiresAt });
        return created(view);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/session',
      permission: 'member:signed-in',
      summary: 'Who am I: the member, the organization and the CSRF token',
      response: sessionView,
      handler: async ({ auth }) => ok(toSessionView(memberSessionOf(auth))),
    }),
    defineRoute({
      method: 'delete',
      path: '/session',
      permission: 'member:signed-in',
      summary: 'Sign out: the session ends and its key is revoked',
      handler: async ({ auth, req, res }) => {
        await signOut(deps, memberSessionOf(auth));
        res.clearCookie(SESSION_COOKIE, cookieOptions(req));
        return noContent();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/session/password',
      permission: 'member:signed-in',
      status: 200,
      summary: "Choose a new password (the member's other sessions end)",
      body: z.object({ current_password: z.string(), new_password: z.string() }),
      response: sessionView,
      errors: { 401: WRONG_CURRENT_PASSWORD },
      handler: async ({ auth, body }) => ok(await changePassword(deps, memberSessionOf(auth), body)),
    }),
    defineRoute({
      method: 'get',
      path: '/session/totp',
      permission: 'member:password-set',
      summary: "The member's two-factor sign-in: on or off, required or not, recovery codes left",
      response: totpStatusView,
      handler: async ({ auth }) => ok(await totpStatus(deps, memberSessionOf(auth))),
    }),
    defineRoute({
      method: 'post',
      path: '/session/totp',
      permission: 'member:password-set',
      summary: 'Start setting up two-factor sign-in: the secret for the authenticator app',
      response: totpEnrolmentView,
      handler: async ({ auth }) => created(await beginTotp(deps, memberSessionOf(auth))),
    }),
    defineRoute({
      method: 'post',
      path: '/session/totp/confirm',
      permission: 'member:password-set',
      status: 200,
      summary: 'Turn two-factor sign-in on with a code from the app; answers the recovery codes once',
      body: z.object({ code: z.string() }),
      response: totpConfirmedView,
      handler: async ({ auth, body }) => ok(await confirmTotp(deps, memberSessionOf(auth), body.code)),
    }),
    defineRoute({
      method: 'delete',
      path: '/session/totp',
      permission: 'member',
      summary: 'Turn two-factor sign-in off (with the current password)',
      body: z.object({ current_password: z.string() }),
      errors: {
        401: WRONG_CURRENT_PASSWORD,
        403: 'TOTP_REQUIRED_BY_ORGANIZATION: the organization requires it of its admins; or as any signed-in route',
      },
      handler: async ({ auth, body }) => {
        await turnOffTotp(deps, memberSessionOf(auth), body.current_password);
        return noContent();
      },
    }),
  ];
}
