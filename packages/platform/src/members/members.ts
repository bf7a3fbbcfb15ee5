import { createHash, randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { execute, query, queryOne, type Db } from '../db/db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { raw, sql } from '../db/sql';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { checkNewPassword, generateOneTimePassword, hashPassword } from './passwords';

/**
 * Organization members (the people who sign in to the console) and their sessions, in the `platform`
 * schema beside organizations and keys, so the admin CLI reaches them without importing a service.
 * Plain pg with the sql tag, like every repository.
 */
export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface Member {
  id: string;
  email: string;
  role: MemberRole;
  mustChangePassword: boolean;
  org: { id: string; slug: string; name: string };
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

const SELECT_MEMBER = sql`SELECT m.id, m.email, m.role, m.must_change_password, m.password_hash, m.created_at,
  o.id AS org_id, o.slug AS org_slug, o.name AS org_name`;
const FROM_MEMBERS = raw('FROM platform.members m JOIN platform.organizations o ON o.id = m.org_id');

interface MemberRow {
  id: string;
  email: string;
  role: MemberRole;
  must_change_password: boolean;
  password_hash: string;
  created_at: Date;
  org_id: string;
  org_slug: string;
  org_name: string;
}

function toMember(row: MemberRow): MemberWithHash {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    mustChangePassword: row.must_change_password,
    passwordHash: row.password_hash,
    org: { id: row.org_id, slug: row.org_slug, name: row.org_name },
    createdAt: row.created_at,
  };
}

export function publicMember(member: Member) {
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    must_change_password: member.mustChangePassword,
    org: member.org.slug,
    created_at: member.createdAt.toISOString(),
  };
}

/** Creates a member with a one-time password (returned once, never stored) that must be changed at first sign-in. */
export async function createMember(db: Db, input: { orgSlug: string; email: string; role: string }): Promise<{ member: Member; password: string }> {
  const email = normalizeEmail(input.email);
  if (!isMemberRole(input.role)) throw ValidationError.field('role', `must be one of ${MEMBER_ROLES.join(', ')}`);
  const org = await queryOne<{ id: string }>(db, sql`SELECT id FROM platform.organizations WHERE slug = ${input.orgSlug}`);
  if (!org) throw new NotFoundError(`organization '${input.orgSlug}' not found`);
  const password = generateOneTimePassword();
  const id = uuidv7();
  try {
    await execute(
      db,
      sql`INSERT INTO platform.members (id, org_id, email, password_hash, role, must_change_password)
          VALUES (${id}, ${org.id}, ${email}, ${await hashPassword(password)}, ${input.role}, true)`,
    );
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new ConflictError('MEMBER_EXISTS', `a member with the email '${email}' already exists`);
    throw err;
  }
  return { member: (await findMemberById(db, id))!, password };
}

export async function findMemberByEmail(db: Db, email: string): Promise<MemberWithHash | null> {
  const row = await queryOne<MemberRow>(db, sql`${SELECT_MEMBER} ${FROM_MEMBERS} WHERE m.email = ${email.trim().toLowerCase()}`);
  return row ? toMember(row) : null;
}

export async function findMemberById(db: Db, id: string): Promise<MemberWithHash | null> {
  const row = await queryOne<MemberRow>(db, sql`${SELECT_MEMBER} ${FROM_MEMBERS} WHERE m.id = ${id}`);
  return row ? toMember(row) : null;
}

export async function listMembers(db: Db, orgId: string): Promise<Member[]> {
  const rows = await query<MemberRow>(db, sql`${SELECT_MEMBER} ${FROM_MEMBERS} WHERE m.org_id = ${orgId} ORDER BY m.created_at, m.id`);
  return rows.map(toMember);
}

/** Sets a member's own password and clears the must-change flag. */
export async function setMemberPassword(db: Db, memberId: string, newPassword: string): Promise<void> {
  const hash = await hashPassword(checkNewPassword(newPassword));
  const updated = await execute(
    db,
    sql`UPDATE platform.members SET password_hash = ${hash}, must_change_password = false, password_changed_at = now() WHERE id = ${memberId}`,
  );
  if (updated === 0) throw new NotFoundError('member not found');
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
  db: Db,
  input: { memberId: string; apiKey: string; apiSecretEnc: string; expiresAt: Date },
): Promise<{ token: string; csrfToken: string; session: MemberSession }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  const id = uuidv7();
  await execute(
    db,
    sql`INSERT INTO platform.member_sessions (id, token_hash, member_id, csrf_token, api_key, api_secret_enc, expires_at)
        VALUES (${id}, ${hashSessionToken(token)}, ${input.memberId}, ${csrfToken}, ${input.apiKey}, ${input.apiSecretEnc}, ${input.expiresAt})`,
  );
  const session = await findMemberSession(db, token);
  return { token, csrfToken, session: session! };
}

/**
 * The session a cookie names, with its member, or null when there is none or it has ended.
 * An expired one is returned (with expiresAt in the past) so the caller can end it and revoke its key.
 */
export async function findMemberSession(db: Db, token: string): Promise<MemberSession | null> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 100) return null;
  const row = await queryOne<MemberRow & { session_id: string; csrf_token: string; api_key: string; api_secret_enc: string; expires_at: Date }>(
    db,
    sql`${SELECT_MEMBER}, s.id AS session_id, s.csrf_token, s.api_key, s.api_secret_enc, s.expires_at
          FROM platform.member_sessions s
          JOIN platform.members m ON m.id = s.member_id
          JOIN platform.organizations o ON o.id = m.org_id
         WHERE s.token_hash = ${hashSessionToken(token)} AND s.ended_at IS NULL`,
  );
  if (!row) return null;
  const { passwordHash: _hash, ...member } = toMember(row);
  return { id: row.session_id, member, csrfToken: row.csrf_token, apiKey: row.api_key, apiSecretEnc: row.api_secret_enc, expiresAt: row.expires_at };
}

/** Ends a session (sign-out or expiry); returns its API key, for the caller to revoke, when it was still open. */
export async function endMemberSession(db: Db, sessionId: string): Promise<string | null> {
  const ended = await queryOne<{ api_key: string }>(
    db,
    sql`UPDATE platform.member_sessions SET ended_at = now(), api_secret_enc = '' WHERE id = ${sessionId} AND ended_at IS NULL RETURNING api_key`,
  );
  return ended?.api_key ?? null;
}

/** Every open session of a member (for ending them when the password changes elsewhere). */
export async function openSessionsOf(db: Db, memberId: string): Promise<{ id: string; apiKey: string }[]> {
  const rows = await query<{ id: string; api_key: string }>(
    db,
    sql`SELECT id, api_key FROM platform.member_sessions WHERE member_id = ${memberId} AND ended_at IS NULL`,
  );
  return rows.map((r) => ({ id: r.id, apiKey: r.api_key }));
}

/** The API keys the console issued for sessions of an organization's members (hidden from the keys page). */
export async function sessionApiKeys(db: Db, orgId: string): Promise<Set<string>> {
  const rows = await query<{ api_key: string }>(
    db,
    sql`SELECT s.api_key FROM platform.member_sessions s JOIN platform.members m ON m.id = s.member_id WHERE m.org_id = ${orgId}`,
  );
  return new Set(rows.map((r) => r.api_key));
}
