import {
  createApiKey,
  listApiKeys,
  NotFoundError,
  parseInstant,
  revokeApiKey,
  sessionApiKeys,
  ValidationError,
  type ActiveMemberSession,
  type Preset,
} from '@finance/platform';
import type { ConsoleDeps } from './deps';

/** An admin's API keys: the organization's own, never the keys the console issued for sessions. */
async function orgKeys(deps: ConsoleDeps, admin: ActiveMemberSession) {
  const hidden = await sessionApiKeys(deps.db, admin.member.org.id);
  return (await listApiKeys(deps.db, admin.member.org.slug)).filter((k) => !hidden.has(k.key));
}

/** Newest first; name and last_used_at as the platform keeps them (last use recorded within a minute). */
export async function listKeys(deps: ConsoleDeps, admin: ActiveMemberSession) {
  return (await orgKeys(deps, admin)).reverse();
}

export interface NewKey {
  preset: Preset;
  /** `<model>:<action>` items, as a list or comma-separated; with the custom preset. */
  scopes?: string[] | string | null;
  /** ISO 8601 instant in the future; blank for none. */
  expires_at?: string | null;
  /** One line of at most 100 characters, blank for none (the platform's rule). */
  name?: string | null;
}

/** A key of the admin's organization; its secret is answered this once. */
export async function createKey(deps: ConsoleDeps, admin: ActiveMemberSession, input: NewKey) {
  const scopes = Array.isArray(input.scopes) ? input.scopes.join(',') : (input.scopes ?? undefined);
  if (input.preset === 'custom' && scopes === '') throw ValidationError.field('scopes', 'choose at least one permission');
  let expiresAt: Date | undefined;
  if (input.expires_at) {
    expiresAt = parseInstant('expires_at', input.expires_at);
    if (expiresAt.getTime() <= Date.now()) throw ValidationError.field('expires_at', 'must be in the future');
  }
  return createApiKey(deps.db, { orgSlug: admin.member.org.slug, preset: input.preset, scopes, expiresAt, name: input.name });
}

/** Revokes one of the organization's own keys (a session's key is not found here). */
export async function revokeKey(deps: ConsoleDeps, admin: ActiveMemberSession, key: string): Promise<void> {
  if (!(await orgKeys(deps, admin)).some((k) => k.key === key)) throw new NotFoundError(`key '${key}' not found`);
  await revokeApiKey(deps.db, key);
}
