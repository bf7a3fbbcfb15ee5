/** The session's calls to the console's own API: signing in and out, the password, two-factor sign-in. */
import type { ConsolePaths, ConsoleSchemas } from '@finance/client';
import { answer, consoleApi, type JsonBody } from '../../shared/http';

export type Session = ConsoleSchemas['Session'];

export const loadSession = async () => (await answer(consoleApi.GET('/api/session'))).data;

/** The password, and once the console has asked for it (TOTP_REQUIRED), a code from the app or a recovery code. */
export const signIn = async (credentials: JsonBody<ConsolePaths, '/api/session', 'post'>) =>
  (await answer(consoleApi.POST('/api/session', { body: credentials }))).data;

export const signOut = async () => {
  await answer(consoleApi.DELETE('/api/session'));
};

export const changePassword = async (currentPassword: string, newPassword: string) =>
  (await answer(consoleApi.POST('/api/session/password', { body: { current_password: currentPassword, new_password: newPassword } }))).data;

export const loadTotp = async () => (await answer(consoleApi.GET('/api/session/totp'))).data;
export const beginTotp = async () => (await answer(consoleApi.POST('/api/session/totp'))).data;
export const confirmTotp = async (code: string) => (await answer(consoleApi.POST('/api/session/totp/confirm', { body: { code } }))).data;
export const turnOffTotp = async (currentPassword: string) => {
  await answer(consoleApi.DELETE('/api/session/totp', { body: { current_password: currentPassword } }));
};
