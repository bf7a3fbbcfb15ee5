import {
  createApiKey,
  createDbAdapter,
  createMemberSession,
  createPlatformClient,
  createPool,
  findApiKey,
  type PlatformClient,
  type Pool,
} from '@finance/platform';
import { TEST_DATABASE_URL, uniqueSlug } from '@finance/platform/testing';
import { runAdmin } from '../src/cli';

// The CLI reads DATABASE_URL; point it at the test database.
process.env.DATABASE_URL = TEST_DATABASE_URL;

let pool: Pool;
let db: PlatformClient;
beforeAll(() => {
  pool = createPool(TEST_DATABASE_URL, { max: 2 });
  db = createPlatformClient(createDbAdapter(pool));
});
afterAll(async () => {
  await db.$disconnect();
  await pool.end();
});

async function admin(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  await runAdmin(argv, (line) => out.push(line));
  return out;
}
const json = async (...argv: string[]) => JSON.parse((await admin(...argv)).join('\n'));

test('orgs create --json prints id, slug and name; a second create of the slug fails', async () => {
  const slug = uniqueSlug('cli');
  expect(await json('orgs', 'create', slug, '--name', 'Acme Books', '--json')).toEqual({ id: expect.any(String), slug, name: 'Acme Books' });
  await expect(admin('orgs', 'create', slug)).rejects.toThrow(`organization '${slug}' already exists`);
});

test.each(['Acme', 'a b', '_lead', 'x'.repeat(64), 'ümlaut'])('refuses the slug %j', async (slug) => {
  await expect(admin('orgs', 'create', slug)).rejects.toThrow(/^slug:/);
});

test('keys create --json prints the key once with its secret; only the hash is stored', async () => {
  const slug = uniqueSlug('cli');
  await admin('orgs', 'create', slug);
  const key = await json('keys', 'create', '--org', slug, '--preset', 'read_only', '--expires-at', '2030-01-01T00:00:00Z', '--name', ' Grafana ', '--json');
  expect(key).toEqual({
    key: expect.stringMatching(/^fk_/),
    secret: expect.stringMatching(/^fs_/),
    name: 'Grafana',
    org: slug,
    preset: 'read_only',
    scopes: { widget: ['read'], snapshot: ['read'], dashboard: ['read'] },
    expires_at: '2030-01-01T00:00:00.000Z',
  });
  const stored = await pool.query('SELECT * FROM platform.api_keys WHERE key = $1', [key.key]);
  expect(JSON.stringify(stored.rows[0])).not.toContain(key.secret);
  expect(stored.rows[0].secret_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.rows[0]).toMatchObject({ name: 'Grafana', last_used_at: null });
});

test('a key name is one line of at most 100 characters; blank is no name', async () => {
  const slug = uniqueSlug('cli');
  await admin('orgs', 'create', slug);
  expect((await json('keys', 'create', '--org', slug, '--preset', 'push_only', '--name', '   ', '--json')).name).toBeNull();
  expect((await json('keys', 'create', '--org', slug, '--preset', 'push_only', '--name', 'é'.repeat(100), '--json')).name).toBe('é'.repeat(100));
  await expect(admin('keys', 'create', '--org', slug, '--preset', 'push_only', '--name', 'x'.repeat(101))).rejects.toThrow(
    /^name: must be at most 100 characters/,
  );
  await expect(admin('keys', 'create', '--org', slug, '--preset', 'push_only', '--name', 'two\nlines')).rejects.toThrow(/^name: must be one line/);
  expect(await json('keys', 'list', '--org', slug, '--json')).toHaveLength(2);
});

test('custom needs --scopes; other presets refuse them; bad values are named', async () => {
  const slug = uniqueSlug('cli');
  await admin('orgs', 'create', slug);
  const custom = await json('keys', 'create', '--org', slug, '--preset', 'custom', '--scopes', 'transactions:read,reports:read', '--json');
  expect(custom.scopes).toEqual({ transactions: ['read'], reports: ['read'] });
  await expect(admin('keys', 'create', '--org', slug, '--preset', 'custom')).rejects.toThrow(/^scopes: required/);
  await expect(admin('keys', 'create', '--org', slug, '--preset', 'full_access', '--scopes', 'widget:read')).rejects.toThrow(/^scopes: only allowed/);
  await expect(admin('keys', 'create', '--org', slug, '--preset', 'admin')).rejects.toThrow(/^--preset:/);
  await expect(admin('keys', 'create', '--org', slug, '--preset', 'full_access', '--expires-at', '2030-01-01')).rejects.toThrow(/^--expires-at:/);
  await expect(admin('keys', 'create', '--org', 'no-such-org', '--preset', 'full_access')).rejects.toThrow(/not found/);
});

test('keys list shows every key without secrets; keys revoke marks one revoked', async () => {
  const slug = uniqueSlug('cli');
  await admin('orgs', 'create', slug);
  const a = await json('keys', 'create', '--org', slug, '--preset', 'push_only', '--name', 'payroll export', '--json');
  const b = await json('keys', 'create', '--org', slug, '--preset', 'full_access', '--json');
  expect(await admin('keys', 'revoke', a.key)).toEqual([`revoked ${a.key}`]);
  await pool.query(`UPDATE platform.api_keys SET last_used_at = '2026-11-20T10:00:00Z' WHERE key = $1`, [b.key]);
  const listed = await json('keys', 'list', '--org', slug, '--json');
  expect(listed.map((k: { key: string }) => k.key)).toEqual([a.key, b.key]);
  expect(listed[0]).toMatchObject({ name: 'payroll export', preset: 'push_only', revoked_at: expect.any(String), last_used_at: null });
  expect(listed[1]).toMatchObject({ name: null, preset: 'full_access', revoked_at: null, last_used_at: '2026-11-20T10:00:00.000Z' });
  const lines = await admin('keys', 'list', '--org', slug);
  expect(lines[0]).toMatch(new RegExp(`^${a.key}  "payroll export"  push_only  expires=never  last_used=never  revoked=`));
  expect(lines[1]).toBe(`${b.key}  -  full_access  expires=never  last_used=2026-11-20T10:00:00.000Z  active`);
  expect(JSON.stringify(listed)).not.toContain(a.secret);
  expect((await findApiKey(db, a.key))?.revokedAt).toBeInstanceOf(Date);
  await expect(admin('keys', 'revoke', 'fk_doesnotexist')).rejects.toThrow(/not found/);
});

test('unknown commands print the usage', async () => {
  await expect(admin('orgs', 'delete', 'x')).rejects.toThrow(/usage:/);
});

test('users create --json prints id, email, org, role and a one-time password; only a scrypt hash is stored', async () => {
  const slug = uniqueSlug('cli');
  await admin('orgs', 'create', slug);
  const email = `Owner-${slug}@Example.com`;
  const user = await json('users', 'create', '--org', slug, '--email', email, '--role', 'admin', '--json');
  expect(user).toEqual({
    id: expect.any(String),
    email: email.toLowerCase(),
    org: slug,
    role: 'admin',
    password: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
  });
  const stored = await pool.query('SELECT * FROM platform.members WHERE id = $1', [user.id]);
  expect(stored.rows[0].must_change_password).toBe(true);
  expect(stored.rows[0].password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
  expect(JSON.stringify(stored.rows[0])).not.toContain(user.password);
  await expect(admin('users', 'create', '--org', slug, '--email', email, '--role', 'member')).rejects.toThrow(/already exists/);
  await expect(admin('users', 'create', '--org', slug, '--email', `b-${slug}@example.com`, '--role', 'owner')).rejects.toThrow(/^role:/);
  await expect(admin('users', 'create', '--org', slug, '--email', 'not-an-email', '--role', 'member')).rejects.toThrow(/^email:/);
  await expect(admin('users', 'create', '--org', uniqueSlug('none'), '--email', `c-${slug}@example.com`, '--role', 'member')).rejects.toThrow(/not found/);
  const plain = await admin('users', 'create', '--org', slug, '--email', `d-${slug}@example.com`, '--role', 'member');
  expect(plain.join('\n')).toMatch(/password: [A-Za-z0-9_-]{16}/);
});

describe('offboarding (issue 23)', () => {
  /** A member with an open console session whose key is live, as the console makes them. */
  async function withSession(slug: string, role = 'member') {
    const user = await json(
      'users',
      'create',
      '--org',
      slug,
      '--email',
      `${role}-${Math.random().toString(36).slice(2)}@example.com`,
      '--role',
      role,
      '--json',
    );
    const key = await createApiKey(db, { orgSlug: slug, preset: 'full_access' });
    await createMemberSession(db, { memberId: user.id, apiKey: key.key, apiSecretEnc: 'sealed', expiresAt: new Date(Date.now() + 3_600_000) });
    return { user, key: key.key };
  }
  const sessionOpen = async (memberId: string) =>
    (await pool.query('SELECT count(*)::int AS n FROM platform.member_sessions WHERE member_id = $1 AND ended_at IS NULL', [memberId])).rows[0].n;
  const revoked = async (key: string) => (await findApiKey(db, key))?.revokedAt instanceof Date;

  test('users list; set-role, disable and reset-password end the sessions and revoke their keys; enable lets the member back', async () => {
    const slug = uniqueSlug('cli');
    await admin('orgs', 'create', slug);
    const { user, key } = await withSession(slug);
    const listed = await json('users', 'list', '--org', slug, '--json');
    expect(listed).toEqual([expect.objectContaining({ email: user.email, role: 'member', disabled: false, totp_enabled: false, must_change_password: true })]);
    expect(Date.parse(listed[0].one_time_password_expires_at) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    expect(await admin('users', 'set-role', user.email, '--role', 'viewer')).toEqual([`${user.email}: role viewer; 1 session(s) ended`]);
    expect(await sessionOpen(user.id)).toBe(0);
    expect(await revoked(key)).toBe(true);
    await expect(admin('users', 'set-role', user.email, '--role', 'owner')).rejects.toThrow(/^role:/);

    const second = await withSession(slug);
    expect(await admin('users', 'disable', second.user.email)).toEqual([`${second.user.email}: disabled; 1 session(s) ended`]);
    expect(await revoked(second.key)).toBe(true);
    expect((await pool.query('SELECT disabled_at FROM platform.members WHERE id = $1', [second.user.id])).rows[0].disabled_at).toBeInstanceOf(Date);
    await admin('users', 'enable', second.user.email);
    expect((await pool.query('SELECT disabled_at FROM platform.members WHERE id = $1', [second.user.id])).rows[0].disabled_at).toBeNull();

    const third = await withSession(slug);
    const reset = await json('users', 'reset-password', third.user.email, '--json');
    expect(reset.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(reset.password).not.toBe(third.user.password);
    expect(await revoked(third.key)).toBe(true);
    await expect(admin('users', 'disable', 'nobody-at-all@example.com')).rejects.toThrow(/no member with the email/);
  });

  test('users remove deletes the member and their session keys; the email can be added again', async () => {
    const slug = uniqueSlug('cli');
    await admin('orgs', 'create', slug);
    const { user, key } = await withSession(slug);
    expect(await admin('users', 'remove', user.email)).toEqual([`${user.email}: removed; 1 session(s) ended`]);
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.members WHERE id = $1', [user.id])).rows[0].n).toBe(0);
    expect(await findApiKey(db, key)).toBeNull();
    await json('users', 'create', '--org', slug, '--email', user.email, '--role', 'member', '--json');
  });

  test('orgs require-admin-totp and users reset-totp', async () => {
    const slug = uniqueSlug('cli');
    await admin('orgs', 'create', slug);
    expect(await admin('orgs', 'require-admin-totp', slug, 'on')).toEqual([`${slug}: two-factor sign-in required for admins`]);
    expect((await pool.query('SELECT require_admin_totp FROM platform.organizations WHERE slug = $1', [slug])).rows[0].require_admin_totp).toBe(true);
    await expect(admin('orgs', 'require-admin-totp', slug, 'maybe')).rejects.toThrow(/usage:/);
    const { user, key } = await withSession(slug, 'admin');
    await pool.query(`UPDATE platform.members SET totp_secret_enc = 'v1.x.y.z', totp_enabled_at = now() WHERE id = $1`, [user.id]);
    expect(await admin('users', 'reset-totp', user.email)).toEqual([`${user.email}: two-factor sign-in reset; 1 session(s) ended`]);
    expect((await pool.query('SELECT totp_secret_enc, totp_enabled_at FROM platform.members WHERE id = $1', [user.id])).rows[0]).toEqual({
      totp_secret_enc: null,
      totp_enabled_at: null,
    });
    expect(await revoked(key)).toBe(true);
  });
});
