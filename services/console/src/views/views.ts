import { ACTIONS, MEMBER_ROLES, MODELS, PRESETS, publicMember, totpEnrolmentRequired, view, type Member, type MemberSession } from '@finance/platform';
import { z } from 'zod';

/** What the console's API answers, as zod schemas: routes declare them, the OpenAPI document and the generated client read them. */

const scopes = z.partialRecord(z.enum(MODELS), z.array(z.enum(ACTIONS)));

/** A member as admins and the member see them (the platform's publicMember). */
export const memberView = z
  .strictObject({
    id: view.id,
    email: z.string(),
    role: z.enum(MEMBER_ROLES),
    must_change_password: z.boolean(),
    one_time_password_expires_at: view.timestamp.nullable(),
    disabled: z.boolean(),
    totp_enabled: z.boolean(),
    /** The organization's slug. */
    org: z.string(),
    created_at: view.timestamp,
  })
  .meta({ id: 'Member' });

export const sessionView = z
  .strictObject({
    member: memberView,
    /** The member must turn on two-factor sign-in before anything else (an admin where the organization requires it). */
    totp_required: z.boolean(),
    org: z.strictObject({ slug: z.string(), name: z.string() }),
    /** Send it as x-csrf-token on every request but GET and HEAD. */
    csrf_token: z.string(),
    expires_at: view.timestamp,
  })
  .meta({ id: 'Session' });
export type SessionView = z.input<typeof sessionView>;

export function toSessionView(session: Pick<MemberSession, 'member' | 'csrfToken' | 'expiresAt'>): SessionView {
  const { member } = session;
  return {
    member: publicMember(member),
    totp_required: totpEnrolmentRequired(member),
    org: { slug: member.org.slug, name: member.org.name },
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  };
}

export const orgView = z.strictObject({ slug: z.string(), name: z.string(), require_admin_totp: z.boolean() }).meta({ id: 'OrgSettings' });

export const toOrgView = (member: Member): z.input<typeof orgView> => ({
  slug: member.org.slug,
  name: member.org.name,
  require_admin_totp: member.org.requireAdminTotp,
});

/** A member just added, or told so (S5): the one-time password is shown once. */
export const addedMemberView = z
  .strictObject({ email: z.string(), role: z.string(), password: z.string(), one_time_password_expires_at: view.timestamp })
  .meta({ id: 'AddedMember' });

export const memberWithPasswordView = z.strictObject({ ...memberView.shape, password: z.string() }).meta({ id: 'MemberWithPassword' });

export const totpStatusView = z
  .strictObject({ enabled: z.boolean(), required: z.boolean(), recovery_codes_left: z.number().int().min(0) })
  .meta({ id: 'TotpStatus' });
export const totpEnrolmentView = z.strictObject({ secret: z.string(), otpauth_uri: z.string() }).meta({ id: 'TotpEnrolment' });
export const totpConfirmedView = z.strictObject({ ...sessionView.shape, recovery_codes: z.array(z.string()) }).meta({ id: 'TotpConfirmed' });

/** An API key as the keys page lists it (never its secret). */
export const keyView = z
  .strictObject({
    key: z.string(),
    name: z.string().nullable(),
    preset: z.enum(PRESETS),
    scopes,
    expires_at: view.timestamp.nullable(),
    revoked_at: view.timestamp.nullable(),
    created_at: view.timestamp,
    last_used_at: view.timestamp.nullable(),
  })
  .meta({ id: 'ApiKey' });

/** A key just created: its secret, shown this once. */
export const createdKeyView = z
  .strictObject({
    key: z.string(),
    secret: z.string(),
    name: z.string().nullable(),
    org: z.string(),
    preset: z.enum(PRESETS),
    scopes,
    expires_at: view.timestamp.nullable(),
  })
  .meta({ id: 'CreatedApiKey' });

export const metaView = z
  .strictObject({
    models: z.array(z.enum(MODELS)),
    actions: z.array(z.enum(ACTIONS)),
    /** Each preset but custom, with the scopes it grants. */
    presets: z.partialRecord(z.enum(PRESETS), scopes),
    /** The snapshot API as API clients reach it, for the "how to push" snippets. */
    snapshot_url: z.string(),
  })
  .meta({ id: 'Meta' });
