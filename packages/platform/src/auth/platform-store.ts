import { v7 as uuidv7 } from 'uuid';
import type { PlatformDb } from '../db/platform-db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/pg-errors';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { generateCredentials, hashSecret } from './secrets';
import { scopesForPreset, type Preset, type Scopes } from './scopes';

/** Organizations and API keys live in the `platform` schema, shared by every service. */
export interface Organization {
  id: string;
  slug: string;
  name: string;
}

/** The console member a key was issued to (a console session's key), for records that say who did something. */
export interface KeyMember {
  id: string;
  email: string;
}

export interface ApiKeyRecord {
  id: string;
  key: string;
  secretHash: string;
  preset: Preset;
  scopes: Scopes;
  expiresAt: Date | null;
  revokedAt: Date | null;
  org: Organization;
  /** Set when the key is a console session's: the member signed in with it. */
  member: KeyMember | null;
}

export interface CreatedKey {
  key: string;
  secret: string;
  name: string | null;
  org: string;
  preset: Preset;
  scopes: Scopes;
  expires_at: string | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const MAX_KEY_NAME_LENGTH = 100;

/**
 * A key's name as given (what it is for: "payroll export", "Grafana"): trimmed; blank or absent is no name. One
 * line of at most 100 characters, since the admin CLI prints it in a column.
 */
export function keyName(name: unknown, field = 'name'): string | null {
  if (name === undefined || name === null) return null;
  if (typeof name !== 'string') throw ValidationError.field(field, 'must be text');
  const trimmed = name.trim();
  if (trimmed === '') return null;
  if ([...trimmed].length > MAX_KEY_NAME_LENGTH) throw ValidationError.field(field, `must be at most ${MAX_KEY_NAME_LENGTH} characters`);
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw ValidationError.field(field, 'must be one line of text, without control characters');
  return trimmed;
}

export async function createOrganization(db: PlatformDb, slug: string, name?: string): Promise<Organization> {
  if (!SLUG.test(slug)) throw ValidationError.field('slug', 'lower-case letters, digits and dashes, 1 to 63 characters, starting with a letter or digit');
  try {
    return await db.organization.create({ data: { id: uuidv7(), slug, name: name ?? slug }, select: { id: true, slug: true, name: true } });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new ConflictError('ORG_EXISTS', `organization '${slug}' already exists`);
    throw err;
  }
}

export async function findOrganizationBySlug(db: PlatformDb, slug: string): Promise<Organization> {
  const org = await db.organization.findUnique({ where: { slug }, select: { id: true, slug: true, name: true } });
  if (!org) throw new NotFoundError(`organization '${slug}' not found`);
  return org;
}

export async function createApiKey(
  db: PlatformDb,
  input: { orgSlug: string; preset: Preset; scopes?: string; expiresAt?: Date; name?: string | null },
): Promise<CreatedKey> {
  const name = keyName(input.name);
  const org = await findOrganizationBySlug(db, input.orgSlug);
  const scopes = scopesForPreset(input.preset, input.scopes);
  const { key, secret } = generateCredentials();
  await db.apiKey.create({
    data: { id: uuidv7(), key, secretHash: hashSecret(secret), orgId: org.id, preset: input.preset, scopes, expiresAt: input.expiresAt ?? null, name },
  });
  return { key, secret, name, org: org.slug, preset: input.preset, scopes, expires_at: input.expiresAt?.toISOString() ?? null };
}

export async function listApiKeys(db: PlatformDb, orgSlug: string) {
  const org = await findOrganizationBySlug(db, orgSlug);
  const keys = await db.apiKey.findMany({ where: { orgId: org.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return keys.map((k) => ({
    key: k.key,
    name: k.name,
    preset: k.preset as Preset,
    scopes: k.scopes as Scopes,
    expires_at: k.expiresAt?.toISOString() ?? null,
    revoked_at: k.revokedAt?.toISOString() ?? null,
    created_at: k.createdAt.toISOString(),
    /** Recorded by the key check at most once per KEY_USE_INTERVAL_MS per process, so up to that much behind. */
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function revokeApiKey(db: PlatformDb, key: string): Promise<void> {
  const updated = await db.apiKey.updateMany({ where: { key, revokedAt: null }, data: { revokedAt: new Date() } });
  if (updated.count === 0 && !(await db.apiKey.findUnique({ where: { key }, select: { id: true } }))) {
    throw new NotFoundError(`key '${key}' not found`);
  }
}

export async function findApiKey(db: PlatformDb, key: string): Promise<ApiKeyRecord | null> {
  // Side by side: the console's session keys are the only ones with a member, and the lookup is cached (authenticate.ts).
  const [row, session] = await Promise.all([
    db.apiKey.findUnique({ where: { key }, include: { org: { select: { id: true, slug: true, name: true } } } }),
    db.memberSession.findUnique({ where: { apiKey: key }, select: { member: { select: { id: true, email: true } } } }),
  ]);
  if (!row) return null;
  return {
    id: row.id,
    key: row.key,
    secretHash: row.secretHash,
    preset: row.preset as Preset,
    scopes: row.scopes as Scopes,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    org: row.org,
    member: session?.member ?? null,
  };
}
