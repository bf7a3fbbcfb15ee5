import type { CookieOptions, Request } from 'express';

export const SESSION_COOKIE = 'console_session';

/**
 * The session cookie's attributes: HttpOnly, SameSite=Strict, Path=/, and Secure when the request came over TLS
 * (directly, or through a trusted proxy) or browsers reach the console by https (CONSOLE_PUBLIC_URL).
 */
export const sessionCookieOptions =
  (https: boolean) =>
  (req: Request): CookieOptions => ({ httpOnly: true, sameSite: 'strict', secure: req.secure || https, path: '/' });
