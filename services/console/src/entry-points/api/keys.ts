import { ACTIONS, created, defineRoute, MODELS, noContent, ok, PRESETS, scopesForPreset, memberSessionOf } from '@finance/platform';
import { z } from 'zod';
import type { ConsoleDeps } from '../../domain/deps';
import { createKey, listKeys, revokeKey } from '../../domain/keys';
import { createdKeyView, keyView, metaView } from '../../views/views';

/** The organization's API keys (admins), and what the key form and the "how to push" snippets need (anyone). */
export function keyRoutes(deps: ConsoleDeps, snapshotUrl: string) {
  const presets = Object.fromEntries(PRESETS.filter((p) => p !== 'custom').map((p) => [p, scopesForPreset(p)]));
  return [
    defineRoute({
      method: 'get',
      path: '/meta',
      permission: 'public',
      summary: 'Models, actions and presets for the key form; the snapshot API for snippets',
      response: metaView,
      handler: async () => ok({ models: [...MODELS], actions: [...ACTIONS], presets, snapshot_url: snapshotUrl }),
    }),
    defineRoute({
      method: 'get',
      path: '/keys',
      permission: 'admin:keys',
      summary: "The organization's API keys, newest first (never a secret, nor the console's session keys)",
      response: z.array(keyView),
      handler: async ({ auth }) => ok(await listKeys(deps, memberSessionOf(auth))),
    }),
    defineRoute({
      method: 'post',
      path: '/keys',
      permission: 'admin:keys',
      summary: 'Create a key; its secret is answered this once',
      body: z.object({
        preset: z.enum(PRESETS),
        /** `<model>:<action>` items (a list, or comma-separated); with the custom preset. */
        scopes: z.union([z.array(z.string()), z.string()]).nullish(),
        /** An ISO 8601 instant in the future; blank for none. */
        expires_at: z.string().nullish(),
        /** One line of at most 100 characters; blank for none. */
        name: z.string().nullish(),
      }),
      response: createdKeyView,
      handler: async ({ auth, body }) => created(await createKey(deps, memberSessionOf(auth), body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/keys/:key',
      permission: 'admin:keys',
      summary: 'Revoke a key',
      params: z.object({ key: z.string() }),
      handler: async ({ auth, params }) => {
        await revokeKey(deps, memberSessionOf(auth), params.key);
        return noContent();
      },
    }),
  ];
}
