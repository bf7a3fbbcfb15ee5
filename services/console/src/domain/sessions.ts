import {
  ACTIONS,
  AppError,
  createApiKey,
  createMemberSession,
  decryptSecret,
  dummyPasswordHash,
  encryptSecret,
  endSessionAndKey,
  findMemberByEmail,
  findMemberById,
  MODELS,
  oneTimePasswordExpired,
  openSessionsOf,
  SecretDecryptionError,
  setMemberPassword,
  checkNewPassword,
  verifyPassword,
  verifySecondFactor,
  type ActiveMemberSession,
  type MemberRole,
  type Preset,
  ValidationError,
} from '@finance/platform';
import { toSessionView, type SessionView } from '../views/views';
import type { ConsoleDeps } from './deps';

/** A session's API secret sealed with the platform's secret box, bound to its API key (the row's public half). */
export function sealApiSecret(key: Buffer, apiKey: string, secret: string): string {
  return encryptSecret(secret, key, apiKey);
}

/** null when the blob was not sealed with this key for this API key (another key, tampered, or moved). */
export function openApiSecret(key: Buffer, apiKey: string, blob: string): string | null {
  try {
    return decryptSecret(blob, key, apiKey);
  } catch (err) {
    if (err instanceof SecretDecryptionError) return null;
    throw err;
  }
}

/** The session key each role gets for the three APIs (the role table in the README). */
const everyScope = (actions: readonly string[]) => MODELS.flatMap((m) => actions.map((a) => `${m}:${a}`)).join(',');
const SESSION_KEYS: Record<MemberRole, { preset: Preset; scopes?: string }> = {
  admin: { preset: 'full_access' },
  // Webhook endpoints send the organization's data to any URL they name (issue 36): members only read them.
  member: {
    preset: 'custom',
    scopes: `${everyScope(ACTIONS)
      .split(',')
      .filter((p) => !p.startsWith('webhooks:'))
      .join(',')},webhooks:read`,
  },
  viewer: { preset: 'custom', scopes: everyScope(['read']) },
};

const wrongCredentials = (message: string) => new AppError(401, 'INVALID_CREDENTIALS', message);

export interface SignInInput {
  email: string;
  password: string;
  totp_code?: string;
  recovery_code?: string;
}

/**
 * Signs a member in: the attempt is counted (per email and client address) before the password is checked; a
 * disabled member is told the same as a wrong password (whether an account exists, and in what state, is for the
 * organization's admins to say). Opens a session with a key of the member's role that expires with it.
 */
export async function signIn(deps: ConsoleDeps, input: SignInInput, ip: string | undefined): Promise<{ token: string; expiresAt: Date; view: SessionView }> {
  const { db, throttle, secretKey } = deps;
  const email = input.email.trim().toLowerCase();
  await throttle.countIp(ip);
  try {
    await throttle.countEmail(email);
  } catch (err) {
    await throttle.uncountIp(ip); // refused before any check: not a failure of this address
    throw err;
  }

  const found = await findMemberByEmail(db, email);
  const ok = await verifyPassword(input.password, found?.passwordHash ?? (await dummyPasswordHash()));
  if (!found || !ok || found.disabledAt !== null) throw wrongCredentials('wrong email or password');
  if (oneTimePasswordExpired(found)) {
    throw new AppError(401, 'ONE_TIME_PASSWORD_EXPIRED', 'this one-time password has expired; ask an organization admin for a new one');
  }
  if (found.totpEnabled) {
    const secondFactor = { code: input.totp_code, recoveryCode: input.recovery_code };
    if (!secondFactor.code && !secondFactor.recoveryCode) {
      // The password was right: this attempt is given back, and the code is asked for (the next attempt sends both).
      await Promise.all([throttle.uncountEmail(email), throttle.uncountIp(ip)]);
      throw new AppError(401, 'TOTP_REQUIRED', 'enter the 6-digit code from your authenticator app (or a recovery code)');
    }
    if (!(await verifySecondFactor(db, secretKey, found.id, secondFactor, deps.clock())))
      throw new AppError(401, 'INVALID_TOTP_CODE', 'wrong or already used code');
  }
  await Promise.all([throttle.forgetEmail(email), throttle.uncountIp(ip)]);

  // The key the console uses for this member's calls to the three APIs: it expires with the session.
  const expiresAt = new Date(Date.now() + deps.sessionTtlMs);
  const key = await createApiKey(db, { orgSlug: found.org.slug, ...SESSION_KEYS[found.role], expiresAt });
  const { token, session } = await createMemberSession(db, {
    memberId: found.id,
    apiKey: key.key,
    apiSecretEnc: sealApiSecret(secretKey, key.key, key.secret),
    expiresAt,
  });
  return { token, expiresAt, view: toSessionView(session) };
}

/** Checks the signed-in member's current password, counted against their email like a sign-in. */
export async function checkCurrentPassword(deps: ConsoleDeps, session: ActiveMemberSession, currentPassword: string): Promise<void> {
  const { email, id } = session.member;
  await deps.throttle.countEmail(email);
  const stored = await findMemberById(deps.db, id);
  if (!stored || !(await verifyPassword(currentPassword, stored.passwordHash))) throw wrongCredentials('the current password is wrong');
  await deps.throttle.forgetEmail(email);
}

/** A new password of the member's own; every other session of theirs ends (and its key is revoked). */
export async function changePassword(
  deps: ConsoleDeps,
  session: ActiveMemberSession,
  input: { current_password: string; new_password: string },
): Promise<SessionView> {
  const { member } = session;
  const newPassword = checkNewPassword(input.new_password, 'new_password', [member.email, member.org.slug, member.org.name]);
  if (newPassword === input.current_password) throw ValidationError.field('new_password', 'must differ from the current password');
  await checkCurrentPassword(deps, session, input.current_password);
  await setMemberPassword(deps.db, member.id, newPassword);
  for (const other of await openSessionsOf(deps.db, member.id)) if (other.id !== session.id) await endSessionAndKey(deps.db, other.id, deps.logger);
  return toSessionView({ ...session, member: (await findMemberById(deps.db, member.id))! });
}

export async function signOut(deps: ConsoleDeps, session: ActiveMemberSession): Promise<void> {
  await endSessionAndKey(deps.db, session.id, deps.logger);
}
