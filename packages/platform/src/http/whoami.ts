import { z } from 'zod';
import { ACTIONS, effectiveScopes, MODELS, PRESETS } from '../auth/scopes';
import { view } from './responses';
import { defineRoute, ok } from './route';

export const whoamiView = z
  .strictObject({
    org: z.strictObject({ id: view.id, slug: z.string(), name: z.string() }),
    key: z.string(),
    preset: z.enum(PRESETS),
    /** model -> granted actions; every model and action under full_access. */
    scopes: z.partialRecord(z.enum(MODELS), z.array(z.enum(ACTIONS))),
    expires_at: view.timestamp.nullable(),
  })
  .meta({ id: 'Whoami' });

/** GET /api/v1/whoami: served by every service from the same code (contract section 2). */
export const whoamiRoute = defineRoute({
  method: 'get',
  path: '/whoami',
  permission: 'any',
  summary: 'The organization and scopes of the calling key',
  response: whoamiView,
  handler: async ({ auth }) =>
    ok({
      org: auth.org,
      key: auth.key,
      preset: auth.preset,
      scopes: effectiveScopes(auth.preset, auth.scopes),
      expires_at: auth.expiresAt?.toISOString() ?? null,
    }),
});
