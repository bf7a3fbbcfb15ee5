import { ValidationError } from '../errors';
import type { MemberPermission } from './member-session';

/** Every model a scope can name, across all three areas (contract section 2). */
export const MODELS = [
  'widget',
  'snapshot',
  'dashboard',
  'tags',
  'transactions',
  'accounts',
  'reports',
  'entries',
  'rules',
  'statements',
  'reconciliations',
  'periods',
  // Issue 33: the statement service's reading profiles (remembered layouts of bank files).
  'reading_profiles',
  /** Webhook endpoints and their deliveries (issue 36), at every service. */
  'webhooks',
] as const;
export const ACTIONS = ['read', 'create', 'edit', 'delete'] as const;
export const PRESETS = ['push_only', 'read_only', 'full_access', 'custom'] as const;

export type Model = (typeof MODELS)[number];
export type Action = (typeof ACTIONS)[number];
export type Preset = (typeof PRESETS)[number];
export type Permission = `${Model}:${Action}`;
/**
 * What a route asks of its caller: a key's `<model>:<action>`; `any` valid credentials (whoami); `public`, no
 * credentials at all (the console's sign-in); or what a console member must be (member-session.ts).
 */
export type RoutePermission = Permission | 'any' | 'public' | MemberPermission;

export function isPermission(value: string): value is Permission {
  const [model, action, extra] = value.split(':');
  return extra === undefined && (MODELS as readonly string[]).includes(model ?? '') && (ACTIONS as readonly string[]).includes(action ?? '');
}

/** model -> granted actions. */
export type Scopes = Partial<Record<Model, Action[]>>;

const PRESET_SCOPES: Record<Exclude<Preset, 'custom' | 'full_access'>, Scopes> = {
  push_only: { snapshot: ['read', 'create'], widget: ['read'] },
  read_only: { widget: ['read'], snapshot: ['read'], dashboard: ['read'] },
};

function everyScope(): Scopes {
  return Object.fromEntries(MODELS.map((m) => [m, [...ACTIONS]])) as Scopes;
}

export function isPreset(value: string): value is Preset {
  return (PRESETS as readonly string[]).includes(value);
}

/** Parses `"widget:read,snapshot:create"` into a scope map; refuses unknown models or actions. */
export function parseScopeList(list: string): Scopes {
  const scopes: Scopes = {};
  const items = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) throw ValidationError.field('scopes', 'at least one <model>:<action> is required');
  for (const item of items) {
    if (!isPermission(item)) {
      throw ValidationError.field('scopes', `'${item}' is not a <model>:<action> (models: ${MODELS.join(', ')}; actions: ${ACTIONS.join(', ')})`);
    }
    const [model, action] = item.split(':') as [Model, Action];
    const granted = (scopes[model] ??= []);
    if (!granted.includes(action)) granted.push(action);
  }
  return scopes;
}

/** The scopes a key is created with. `custom` needs a list; the other presets refuse one. */
export function scopesForPreset(preset: Preset, customList?: string): Scopes {
  if (preset === 'custom') {
    if (!customList) throw ValidationError.field('scopes', 'required with the custom preset');
    return parseScopeList(customList);
  }
  if (customList !== undefined) throw ValidationError.field('scopes', `only allowed with the custom preset, not ${preset}`);
  return preset === 'full_access' ? everyScope() : structuredClone(PRESET_SCOPES[preset]);
}

/**
 * full_access grants every action on every model, present and future, so it is decided by the preset,
 * not by the stored map (which only lists the models known when the key was made).
 */
export function grants(preset: string, scopes: Scopes, permission: Permission): boolean {
  if (preset === 'full_access') return true;
  const [model, action] = permission.split(':') as [Model, Action];
  return scopes[model]?.includes(action) ?? false;
}

/** What whoami shows: full_access lists every model this release knows. */
export function effectiveScopes(preset: string, scopes: Scopes): Scopes {
  return preset === 'full_access' ? everyScope() : scopes;
}
