/**
 * The types of the console's own API (/api/session, /api/members, /api/keys, /api/org, /api/meta), called with
 * api() (http.ts). Written by hand, in this one file, until the console's API has a generated client of its own:
 * then that client's types replace this file in one step. The three services' types are never written here: they
 * come from @finance/client (services.ts).
 */

export type Role = 'admin' | 'member' | 'viewer';

/** GET /api/session, and what signing in, changing the password and confirming TOTP answer. */
export interface SessionData {
  member: { id: string; email: string; role: Role; must_change_password: boolean; totp_enabled: boolean; org: string };
  org: { slug: string; name: string };
  /** An admin of an organization that requires two-factor sign-in, without it yet: only its set-up is open. */
  totp_required: boolean;
  csrf_token: string;
  expires_at: string;
}

/** GET /api/session/totp. */
export interface TotpStatus {
  enabled: boolean;
  required: boolean;
  recovery_codes_left: number;
}
/** POST /api/session/totp: the secret to confirm with a code. */
export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
}
/** POST /api/session/totp/confirm: the session, with the recovery codes shown once. */
export type TotpConfirmed = SessionData & { recovery_codes: string[] };

/** GET /api/meta. */
export interface ConsoleMeta {
  /** Where programs push snapshots (for the curl example). */
  snapshot_url: string;
  models: string[];
  actions: string[];
  presets: Record<string, Record<string, string[]>>;
}

/** GET /api/members. */
export interface Member {
  id: string;
  email: string;
  role: Role;
  must_change_password: boolean;
  one_time_password_expires_at: string | null;
  disabled: boolean;
  totp_enabled: boolean;
  created_at: string;
}
/** POST /api/members and POST /api/members/:id/password-reset: the one-time password, shown once. */
export interface MemberWithPassword {
  email: string;
  password: string;
  one_time_password_expires_at: string | null;
}
/** GET and PATCH /api/org. */
export interface OrgSettings {
  require_admin_totp: boolean;
}

/** GET /api/keys. */
export interface ApiKey {
  key: string;
  name: string | null;
  preset: string;
  scopes: Record<string, string[]>;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  last_used_at: string | null;
}
/** POST /api/keys: the secret, shown once. */
export interface CreatedKey {
  key: string;
  secret: string;
  preset: string;
  expires_at: string | null;
}
export interface NewKey {
  preset: string;
  name?: string;
  scopes?: string[];
  expires_at?: string;
}
