import { v7 as uuidv7 } from 'uuid';
import { execute, query, queryOne, type Db } from '../db/db';
import { sql } from '../db/sql';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { generateCredentials, hashSecret } from './secrets';
import { scopesForPreset, type Preset, type Scopes } from './scopes';

/** Organizations and API keys live in the `platform` schema, shared by every service. */
export interface Organization {
  id: string;
  slug: string;
  name: string;
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
}

export interface CreatedKey {
  key: string;
  secret: string;
  org: string;
  preset: Preset;
  scopes: Scopes;
  expires_at: string | null;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export async function createOrganization(db: Db, slug: string, name?: string): Promise<Organization> {
  if (!SLUG.test(slug)) throw ValidationError.field('slug', 'lower-case letters, digits and dashes, 1 to 63 characters, starting with a letter or digit');
  const inserted = await queryOne<Organization>(
    db,
    sql`INSERT INTO platform.organizations (id, slug, name) VALUES (${uuidv7()}::uuid, ${slug}, ${name ?? slug})
        ON CONFLICT (slug) DO NOTHING RETURNING id, slug, name`,
  );
  if (!inserted) throw new ConflictError('ORG_EXISTS', `organization '${slug}' already exists`);
  return inserted;
}

export async function findOrganizationBySlug(db: Db, slug: string): Promise<Organization> {
  const org = await queryOne<Organization>(db, sql`SELECT id, slug, name FROM platform.organizations WHERE slug = ${slug}`);
  if (!org) throw new NotFoundError(`organization '${slug}' not found`);
  return org;
}

export async function createApiKey(db: Db, input: { orgSlug: string; preset: Preset; scopes?: string; expiresAt?: Date }): Promise<CreatedKey> {
  const org = await findOrganizationBySlug(db, input.orgSlug);
  const scopes = scopesForPreset(input.preset, input.scopes);
  const { key, secret } = generateCredentials();
  await execute(
    db,
    sql`INSERT INTO platform.api_keys (id, key, secret_hash, org_id, preset, scopes, expires_at)
        VALUES (${uuidv7()}::uuid, ${key}, ${hashSecret(secret)}, ${org.id}::uuid, ${input.preset}, ${JSON.stringify(scopes)}::jsonb, ${input.expiresAt ?? null})`,
  );
  return { key, secret, org: org.slug, preset: input.preset, scopes, expires_at: input.expiresAt?.toISOString() ?? null };
}

interface KeyRow {
  id: string;
  key: string;
  secret_hash: string;
  preset: Preset;
  scopes: Scopes;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

export async function listApiKeys(db: Db, orgSlug: string) {
  const org = await findOrganizationBySlug(db, orgSlug);
  const keys = await query<KeyRow>(db, sql`SELECT * FROM platform.api_keys WHERE org_id = ${org.id}::uuid ORDER BY created_at, id`);
  return keys.map((k) => ({
    key: k.key,
    preset: k.preset,
    scopes: k.scopes,
    expires_at: k.expires_at?.toISOString() ?? null,
    revoked_at: k.revoked_at?.toISOString() ?? null,
    created_at: k.created_at.toISOString(),
  }));
}

export async function revokeApiKey(db: Db, key: string): Promise<void> {
  const updated = await execute(db, sql`UPDATE platform.api_keys SET revoked_at = now() WHERE key = ${key} AND revoked_at IS NULL`);
  if (updated === 0) {
    const exists = await queryOne(db, sql`SELECT 1 FROM platform.api_keys WHERE key = ${key}`);
    if (!exists) throw new NotFoundError(`key '${key}' not found`);
  }
}

export async function findApiKey(db: Db, key: string): Promise<ApiKeyRecord | null> {
  const row = await queryOne<KeyRow & { org_id: string; org_slug: string; org_name: string }>(
    db,
    sql`SELECT k.*, o.slug AS org_slug, o.name AS org_name
        FROM platform.api_keys k JOIN platform.organizations o ON o.id = k.org_id WHERE k.key = ${key}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    key: row.key,
    secretHash: row.secret_hash,
    preset: row.preset,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    org: { id: row.org_id, slug: row.org_slug, name: row.org_name },
  };
}
