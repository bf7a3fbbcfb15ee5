import { effectiveScopes } from '../auth/scopes';
import { defineRoute, ok } from './route';

/** GET /api/v1/whoami: served by every service from the same code (contract section 2). */
export const whoamiRoute = defineRoute({
  method: 'get',
  path: '/whoami',
  permission: 'any',
  summary: 'The organization and scopes of the calling key',
  handler: async ({ auth }) =>
    ok({
      org: auth.org,
      key: auth.key,
      preset: auth.preset,
      scopes: effectiveScopes(auth.preset, auth.scopes),
      expires_at: auth.expiresAt?.toISOString() ?? null,
    }),
});
