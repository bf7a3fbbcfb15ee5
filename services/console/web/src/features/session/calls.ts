/** The session's calls to the console's own API: signing in and out, the password, two-factor sign-in. */
import type { SessionData, TotpConfirmed, TotpSetup, TotpStatus } from '../../shared/console-api';
import { api } from '../../shared/http';

export const loadSession = async () => (await api<{ data: SessionData }>('GET', '/api/session')).data;

/** The password, and once the console has asked for it (TOTP_REQUIRED), a code from the app or a recovery code. */
export const signIn = async (credentials: { email: string; password: string; totp_code?: string; recovery_code?: string }) =>
  (await api<{ data: SessionData }>('POST', '/api/session', credentials)).data;

export const signOut = () => api('DELETE', '/api/session');

export const changePassword = async (currentPassword: string, newPassword: string) =>
  (await api<{ data: SessionData }>('POST', '/api/session/password', { current_password: currentPassword, new_password: newPassword })).data;

export const loadTotp = async () => (await api<{ data: TotpStatus }>('GET', '/api/session/totp')).data;
export const beginTotp = async () => (await api<{ data: TotpSetup }>('POST', '/api/session/totp', {})).data;
export const confirmTotp = async (code: string) => (await api<{ data: TotpConfirmed }>('POST', '/api/session/totp/confirm', { code })).data;
export const turnOffTotp = (currentPassword: string) => api('DELETE', '/api/session/totp', { current_password: currentPassword });
