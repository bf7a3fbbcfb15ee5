import { createHash, randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Prisma } from '../generated/prisma/client';
import type { PlatformDb } from '../db/platform-db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { checkNewPassword, generateOneTimePassword, hashPassword } from './passwords';

/**
 * Organization members (the people who sign in to the console) and their sessions, in the `platform`
 * schema beside organizations and keys, so the admin CLI reaches them without importing a service.
 * Through the platform's Prisma Client, like every repository.
 */
export const MEMBER_ROLES = ['admin', 'member', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface Member {
  id: string;
  email: string;
  role: MemberRole;
  mustChangePassword: boolean;
  /** When the one-time password stops working (null once the member chose their own). */
  oneTimePasswordExpiresAt: Date | null;
  disabledAt: Date | null;
  totpEnabled: boolean;
  org: { id: string; slug: string; name: string; requireAdminTotp: boolean };
  createdAt: Date;
}

export interface MemberWithHash extends Member {
  passwordHash: string;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/;

export function normalizeEmail(email: unknown, field = 'email'): string {
  if (typeof email !== 'string') throw ValidationError.field(field, 'required');
  const normalized = email.trim().toLowerCase();
  if (normalized.length > 254 || !EMAIL.test(normalized)) throw ValidationError.field(field, 'not an email address');
  return normalized;
}

export function isMemberRole(role: unknown): role is MemberRole {
  return typeof role === 'string' && (MEMBER_ROLES as readonly string[]).includes(role);
}

const MEMBER = { include: { org: { select: { id: true, slug: true, name: true, requireAdminTotp: true } } } } satisfies Prisma.MemberDefaultArgs;
type MemberRow = Prisma.MemberGetPayload<typeof MEMBER>;

function toMember(row: MemberRow): MemberWithHash {
  return {
    id: row.id,
    email: row.email,
    role: row.role as MemberRole,
    mustChangePassword: row.mustChangePassword,
    oneTimePasswordExpiresAt: row.oneTimePasswordExpiresAt,
    disabledAt: row.disabledAt,
    totpEnabled: row.totpEnabledAt !== null,
    passwordHash: row.passwordHash,
    org: row.org,
    createdAt: row.createdAt,
  };
}

export function publicMember(member: Member) {
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    must_change_password: member.mustChangePassword,
    one_time_password_expires_at: member.mustChangePassword ? (member.oneTimePasswordExpiresAt?.toISOString() ?? null) : null,
    disabled: member.disabledAt !== null,
    totp_enabled: member.totpEnabled,
    org: member.org.slug,
    created_at: member.createdAt.toISOString(),
  };
}

/** How long a one-time password works: MEMBER_ONE_TIME_PASSWORD_TTL_HOURS (72 by default), for the console and the CLI alike. */
export function oneTimePasswordTtlMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.MEMBER_ONE_TIME_PASSWORD_TTL_HOURS;
  if (text === undefined || text === '') return 72 * 3_600_000;
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0) throw new Error(`invalid MEMBER_ONE_TIME_PASSWORD_TTL_HOURS ${text}`);
  return hours * 3_600_000;
}

/** True when the member's one-time password has expired (they must ask an admin for a new one). */
export function oneTimePasswordExpired(member: Member, now = new Date()): boolean {
  return member.mustChangePassword && member.oneTimePasswordExpiresAt !== null && member.oneTimePasswordExpiresAt.getTime() <= now.getTime();
}

/** Creates a member with a one-time password (returned once, never stored) that must be changed at first sign-in. */
export async function createMember(
  db: PlatformDb,
  input: { orgSlug: string; email: string; role: string; oneTimePasswordTtlMs?: number },
): Promise<{ member: Member; password: string }> {
  const email = normalizeEmail(input.email);
  if (!isMemberRole(input.role)) throw ValidationError.field('role', `must be one of ${MEMBER_ROLES.join(', ')}`);
  const org = await db.organization.findUnique({ where: { slug: input.orgSlug }, select: { id: true } });
  if (!org) throw new NotFoundError(`organization '${input.orgSlug}' not found`);
  const password = generateOneTimePassword();
  try {
    const row = await db.member.create({
      data: {
        id: uuidv7(),
        orgId: org.id,
        email,
        passwordHash: await hashPassword(password),
        role: input.role,
        mustChangePassword: true,
        oneTimePasswordExpiresAt: new Date(Date.now() + (input.oneTimePasswordTtlMs ?? oneTimePasswordTtlMs())),
      },
      ...MEMBER,
    });
    return { member: toMember(row), password };
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new ConflictError('MEMBER_EXISTS', `a member with the email '${email}' already exists`);
    throw err;
  }
}

export async function findMemberByEmail(db: PlatformDb, email: string): Promise<MemberWithHash | null> {
  const row = await db.member.findUnique({ where: { email: email.trim().toLowerCase() }, ...MEMBER });
  return row ? toMember(row) : null;
}

export async function findMemberById(db: PlatformDb, id: string): Promise<MemberWithHash | null> {
  const row = await db.member.findUnique({ where: { id }, ...MEMBER });
  return row ? toMember(row) : null;
}

export async function listMembers(db: PlatformDb, orgId: string): Promise<Member[]> {
  const rows = await db.member.findMany({ where: { orgId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], ...MEMBER });
  return rows.map(toMember);
}

/** Sets a member's own password and clears the must-change flag. */
export async function setMemberPassword(db: PlatformDb, memberId: string, newPassword: string): Promise<void> {
  const hash = await hashPassword(checkNewPassword(newPassword));
  const updated = await db.member.updateMany({
    where: { id: memberId },
    data: { passwordHash: hash, mustChangePassword: false, oneTimePasswordExpiresAt: null, passwordChangedAt: new Date() },
  });
  if (updated.count === 0) throw new NotFoundError('member not found');
}

// ---- offboarding and administration (issue 23); callers end the member's sessions (endSessionsOf) ----

/** A member of the organization `orgId` by id (404 for another organization's, so ids tell nothing across them). */
export async function findOrgMember(db: PlatformDb, orgId: string, memberId: string): Promise<Member> {
  const row = /^[0-9a-f-]{36}$/i.test(memberId) ? await db.member.findFirst({ where: { id: memberId, orgId }, ...MEMBER }) : null;
  if (!row) throw new NotFoundError(`member '${memberId}' not found`);
  const { passwordHash: _hash, ...member } = toMember(row);
  return member;
}

export async function setMemberRole(db: PlatformDb, memberId: string, role: unknown): Promise<void> {
  if (!isMemberRole(role)) throw ValidationError.field('role', `must be one of ${MEMBER_ROLES.join(', ')}`);
  const updated = await db.member.updateMany({ where: { id: memberId }, data: { role } });
  if (updated.count === 0) throw new NotFoundError('member not found');
}

/** Disables (true) or enables (false) a member; a disabled member cannot sign in. */
export async function setMemberDisabled(db: PlatformDb, memberId: string, disabled: boolean): Promise<void> {
  const updated = await db.member.updateMany({ where: { id: memberId }, data: { disabledAt: disabled ? new Date() : null } });
  if (updated.count === 0) throw new NotFoundError('member not found');
}

/** A new one-time password (returned once) that expires after the TTL; the member must choose a new one at sign-in. */
export async function resetMemberPassword(db: PlatformDb, memberId: string, ttlMs = oneTimePasswordTtlMs()): Promise<string> {
  const password = generateOneTimePassword();
  const updated = await db.member.updateMany({
    where: { id: memberId },
    data: { passwordHash: await hashPassword(password), mustChangePassword: true, oneTimePasswordExpiresAt: new Date(Date.now() + ttlMs) },
  });
  if (updated.count === 0) throw new NotFoundError('member not found');
  return password;
}

/**
 * Ends every open session of a member; returns the API keys issued for them, for the caller to revoke. One
 * conditional update, so a session being used right now is ended too (its next request finds it ended).
 */
export async function endSessionsOf(db: PlatformDb, memberId: string): Promise<string[]> {
  const ended = await db.memberSession.updateManyAndReturn({
    where: { memberId, endedAt: null },
    data: { endedAt: new Date(), apiSecretEnc: '' },
    select: { apiKey: true },
  });
  return ended.map((s) => s.apiKey);
}

/**
 * Removes a member: their row, sessions and recovery codes, and the API keys issued for their sessions (deleted
 * rather than only revoked, since nothing else would list them once the sessions are gone). The email is free again.
 */
export async function removeMember(db: PlatformDb, memberId: string): Promise<void> {
  const sessions = await db.memberSession.findMany({ where: { memberId }, select: { apiKey: true } });
  await db.apiKey.deleteMany({ where: { key: { in: sessions.map((s) => s.apiKey) } } });
  const deleted = await db.member.deleteMany({ where: { id: memberId } });
  if (deleted.count === 0) throw new NotFoundError('member not found');
}

export async function findMemberByEmailOrFail(db: PlatformDb, email: string): Promise<MemberWithHash> {
  const found = await findMemberByEmail(db, normalizeEmail(email));
  if (!found) throw new NotFoundError(`no member with the email '${email.trim().toLowerCase()}'`);
  return found;
}

/** Whether an organization's admins must sign in with TOTP. */
export async function setRequireAdminTotp(db: PlatformDb, orgId: string, required: boolean): Promise<void> {
  await db.organization.update({ where: { id: orgId }, data: { requireAdminTotp: required } });
}

// ---- sessions ----

export interface MemberSession {
  id: string;
  member: Member;
  csrfToken: string;
  apiKey: string;
  apiSecretEnc: string;
  expiresAt: Date;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a new session; returns the random token for the cookie (256 bits, base64url) and the CSRF token. */
export async function createMemberSession(
  db: PlatformDb,
  input: { memberId: string; apiKey: string; apiSecretEnc: string; expiresAt: Date },
): Promise<{ token: string; csrfToken: string; session: MemberSession }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await db.memberSession.create({
    data: {
      id: uuidv7(),
      tokenHash: hashSessionToken(token),
      memberId: input.memberId,
      csrfToken,
      apiKey: input.apiKey,
      apiSecretEnc: input.apiSecretEnc,
      expiresAt: input.expiresAt,
    },
  });
  const session = await findMemberSession(db, token);
  return { token, csrfToken, session: session! };
}

/**
 * The session a cookie names, with its member, or null when there is none or it has ended.
 * An expired one is returned (with expiresAt in the past) so the caller can end it and revoke its key.
 */
export async function findMemberSession(db: PlatformDb, token: string): Promise<MemberSession | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return null;
  const row = await db.memberSession.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { member: MEMBER } });
  // A disabled member's sessions were ended when it was set; refused here too, whatever happened in between.
  if (!row || row.endedAt !== null || row.member.disabledAt !== null) return null;
  const { passwordHash: _hash, ...member } = toMember(row.member);
  return { id: row.id, member, csrfToken: row.csrfToken, apiKey: row.apiKey, apiSecretEnc: row.apiSecretEnc, expiresAt: row.expiresAt };
}

/** Ends a session (sign-out or expiry); returns its API key, for the caller to revoke, when it was still open. */
export async function endMemberSession(db: PlatformDb, sessionId: string): Promise<string | null> {
  // One conditional update: of two concurrent sign-outs, only one gets the key back to revoke.
  const ended = await db.memberSession.updateManyAndReturn({
    where: { id: sessionId, endedAt: null },
    data: { endedAt: new Date(), apiSecretEnc: '' },
    select: { apiKey: true },
  });
  return ended[0]?.apiKey ?? null;
}

/** Every open session of a member (for ending them when the password changes elsewhere). */
export async function openSessionsOf(db: PlatformDb, memberId: string): Promise<{ id: string; apiKey: string }[]> {
  return db.memberSession.findMany({ where: { memberId, endedAt: null }, select: { id: true, apiKey: true } });
}

/** The API keys the console issued for sessions of an organization's members (hidden from the keys page). */
export async function sessionApiKeys(db: PlatformDb, orgId: string): Promise<Set<string>> {
  const rows = await db.memberSession.findMany({ where: { member: { orgId } }, select: { apiKey: true } });
  return new Set(rows.map((r) => r.apiKey));
}
