import {
  ConflictError,
  createMember,
  endEverySessionOf,
  findMemberById,
  findOrgMember,
  generateOneTimePassword,
  listMembers,
  publicMember,
  removeMember,
  resetMemberPassword,
  resetMemberTotp,
  setMemberDisabled,
  setMemberRole,
  setRequireAdminTotp,
  ValidationError,
  type ActiveMemberSession,
  type Member,
  type MemberRole,
} from '@finance/platform';
import { toOrgView } from '../views/views';
import type { ConsoleDeps } from './deps';

/** An admin's work on the members of their organization, and on its settings. */

export async function listOrgMembers(deps: ConsoleDeps, admin: ActiveMemberSession) {
  return (await listMembers(deps.db, admin.member.org.id)).map(publicMember);
}

const addedView = (email: string, role: string, password: string, expiresAt: Date) => ({
  email,
  role,
  password,
  one_time_password_expires_at: expiresAt.toISOString(),
});

/**
 * Adding answers the same whether the email is new, already a member here, or a member of another organization
 * (emails are unique across organizations, so a refusal would tell any admin that an address is registered
 * somewhere): a one-time password. Only a new email gets a member and a working password; for an existing one the
 * password is generated and thrown away (and hashed all the same, for equal timing). The admin sees in their own
 * member list whether the person is there.
 */
export async function addMember(deps: ConsoleDeps, admin: ActiveMemberSession, input: { email: string; role: MemberRole }) {
  try {
    const { member, password } = await createMember(deps.db, {
      orgSlug: admin.member.org.slug,
      email: input.email,
      role: input.role,
      oneTimePasswordTtlMs: deps.oneTimePasswordTtlMs,
    });
    return addedView(member.email, member.role, password, member.oneTimePasswordExpiresAt!);
  } catch (err) {
    if (!(err instanceof ConflictError && err.code === 'MEMBER_EXISTS')) throw err;
    deps.logger.info({ org_id: admin.member.org.id }, 'an admin added an email that is already a member; answered neutrally');
    return addedView(input.email.trim().toLowerCase(), input.role, generateOneTimePassword(), new Date(Date.now() + deps.oneTimePasswordTtlMs));
  }
}

/** The member an admin acts on: of the admin's organization, and not the admin (another admin does that). */
async function otherMember(deps: ConsoleDeps, admin: ActiveMemberSession, memberId: string): Promise<Member> {
  const target = await findOrgMember(deps.db, admin.member.org.id, memberId);
  if (target.id === admin.member.id) {
    throw new ConflictError('CANNOT_CHANGE_SELF', 'you cannot change your own role, access or password here; another admin can');
  }
  return target;
}

const memberNow = async (deps: ConsoleDeps, admin: ActiveMemberSession, memberId: string) =>
  publicMember(await findOrgMember(deps.db, admin.member.org.id, memberId));

/**
 * Change a role, disable or enable: the member's sessions end at once and their session keys are revoked (a role
 * decides the session key's scopes; the next sign-in gets the new ones).
 */
export async function changeMember(deps: ConsoleDeps, admin: ActiveMemberSession, memberId: string, input: { role?: MemberRole; disabled?: boolean }) {
  const target = await otherMember(deps, admin, memberId);
  if (input.role === undefined && input.disabled === undefined) throw new ValidationError('send role and/or disabled');
  if (input.role !== undefined) await setMemberRole(deps.db, target.id, input.role);
  if (input.disabled !== undefined) await setMemberDisabled(deps.db, target.id, input.disabled);
  if ((input.role !== undefined && input.role !== target.role) || input.disabled === true) await endEverySessionOf(deps.db, target.id, deps.logger);
  return memberNow(deps, admin, target.id);
}

/** Offboarding: the member's sessions end, their keys are revoked, and the member is deleted. */
export async function removeOrgMember(deps: ConsoleDeps, admin: ActiveMemberSession, memberId: string): Promise<void> {
  const target = await otherMember(deps, admin, memberId);
  await endEverySessionOf(deps.db, target.id, deps.logger);
  await removeMember(deps.db, target.id);
}

/** A new one-time password (answered once); the member's sessions end. */
export async function resetPassword(deps: ConsoleDeps, admin: ActiveMemberSession, memberId: string) {
  const target = await otherMember(deps, admin, memberId);
  const password = await resetMemberPassword(deps.db, target.id, deps.oneTimePasswordTtlMs);
  await endEverySessionOf(deps.db, target.id, deps.logger);
  return { ...(await memberNow(deps, admin, target.id)), password };
}

/** A lost phone: two-factor sign-in turned off; the member's sessions end. */
export async function resetTotp(deps: ConsoleDeps, admin: ActiveMemberSession, memberId: string) {
  const target = await otherMember(deps, admin, memberId);
  await resetMemberTotp(deps.db, target.id);
  await endEverySessionOf(deps.db, target.id, deps.logger);
  return memberNow(deps, admin, target.id);
}

export const orgSettings = (admin: ActiveMemberSession) => toOrgView(admin.member);

export async function requireAdminTotp(deps: ConsoleDeps, admin: ActiveMemberSession, required: boolean) {
  await setRequireAdminTotp(deps.db, admin.member.org.id, required);
  return toOrgView((await findMemberById(deps.db, admin.member.id))!);
}
