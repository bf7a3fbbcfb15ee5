import {
  AppError,
  beginTotpEnrolment,
  confirmTotpEnrolment,
  findMemberById,
  recoveryCodesLeft,
  resetMemberTotp,
  totpEnrolmentRequired,
  type ActiveMemberSession,
} from '@finance/platform';
import { toSessionView } from '../views/views';
import type { ConsoleDeps } from './deps';
import { checkCurrentPassword } from './sessions';

/** Two-factor sign-in (TOTP), the member's own: status, set-up, and turning it off. */

const requiredOfThem = (session: ActiveMemberSession) => session.member.role === 'admin' && session.member.org.requireAdminTotp;

export async function totpStatus(deps: ConsoleDeps, session: ActiveMemberSession) {
  return {
    enabled: session.member.totpEnabled,
    required: totpEnrolmentRequired(session.member) || requiredOfThem(session),
    recovery_codes_left: await recoveryCodesLeft(deps.db, session.member.id),
  };
}

export async function beginTotp(deps: ConsoleDeps, session: ActiveMemberSession) {
  const { secret, uri } = await beginTotpEnrolment(deps.db, deps.secretKey, session.member.id);
  return { secret, otpauth_uri: uri };
}

/** A code from the app turns it on; the ten recovery codes are answered this once. */
export async function confirmTotp(deps: ConsoleDeps, session: ActiveMemberSession, code: string) {
  const recoveryCodes = await confirmTotpEnrolment(deps.db, deps.secretKey, session.member.id, code, deps.clock());
  const member = (await findMemberById(deps.db, session.member.id))!;
  return { ...toSessionView({ ...session, member }), recovery_codes: recoveryCodes };
}

/** Turning it off takes the current password, and is refused to admins where the organization requires it. */
export async function turnOffTotp(deps: ConsoleDeps, session: ActiveMemberSession, currentPassword: string): Promise<void> {
  if (requiredOfThem(session)) throw new AppError(403, 'TOTP_REQUIRED_BY_ORGANIZATION', 'your organization requires two-factor sign-in for admins');
  await checkCurrentPassword(deps, session, currentPassword);
  await resetMemberTotp(deps.db, session.member.id);
}
