import { effectiveScopes, grants, MODELS, parseScopeList, scopesForPreset } from '../src/auth/scopes';
import { hashSecret, secretMatches, generateCredentials } from '../src/auth/secrets';

describe('presets grant exactly what the spec table says', () => {
  test('push_only: snapshot read and create; widget read', () => {
    const s = scopesForPreset('push_only');
    expect(s).toEqual({ snapshot: ['read', 'create'], widget: ['read'] });
    expect(grants('push_only', s, 'snapshot:create')).toBe(true);
    expect(grants('push_only', s, 'snapshot:read')).toBe(true);
    expect(grants('push_only', s, 'widget:read')).toBe(true);
    expect(grants('push_only', s, 'widget:create')).toBe(false);
    expect(grants('push_only', s, 'dashboard:read')).toBe(false);
  });

  test('read_only: read on widget, snapshot and dashboard', () => {
    const s = scopesForPreset('read_only');
    expect(s).toEqual({ widget: ['read'], snapshot: ['read'], dashboard: ['read'] });
    expect(grants('read_only', s, 'snapshot:create')).toBe(false);
    expect(grants('read_only', s, 'tags:read')).toBe(false);
  });

  test('full_access: every action on every model, including models added later', () => {
    const s = scopesForPreset('full_access');
    for (const m of MODELS) expect(s[m]).toEqual(['read', 'create', 'edit', 'delete']);
    // A stored map from an older release without a model still grants it: the preset decides.
    expect(grants('full_access', {}, 'statements:edit')).toBe(true);
    expect(effectiveScopes('full_access', {}).rules).toEqual(['read', 'create', 'edit', 'delete']);
  });

  test('custom: exactly the listed scopes; required with custom, refused with the others', () => {
    const s = scopesForPreset('custom', 'transactions:read, rules:edit,transactions:read');
    expect(s).toEqual({ transactions: ['read'], rules: ['edit'] });
    expect(grants('custom', s, 'rules:edit')).toBe(true);
    expect(grants('custom', s, 'rules:read')).toBe(false);
    expect(() => scopesForPreset('custom')).toThrow(/scopes: required/);
    expect(() => scopesForPreset('read_only', 'widget:read')).toThrow(/only allowed with the custom preset/);
  });

  test.each(['widget', 'widget:fly', 'gadget:read', 'widget:read:extra', ' , '])('refuses the scope list %j', (list) => {
    expect(() => parseScopeList(list)).toThrow(/scopes:/);
  });
});

describe('secrets', () => {
  test('are stored as a sha-256 hash and compared exactly', () => {
    const { key, secret } = generateCredentials();
    expect(key).toMatch(/^fk_[0-9a-f]{24}$/);
    expect(secret.length).toBeGreaterThan(40);
    const hash = hashSecret(secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(secret);
    expect(secretMatches(secret, hash)).toBe(true);
    expect(secretMatches(`${secret}x`, hash)).toBe(false);
    expect(secretMatches(secret, 'nothex')).toBe(false);
  });
});
