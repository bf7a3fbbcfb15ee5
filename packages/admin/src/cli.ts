/**
 * The admin CLI of contract section 2:
 *   pnpm admin orgs create <slug> [--name "<display name>"] [--json]
 *   pnpm admin keys create --org <slug> --preset <preset> [--name "<what it is for>"] [--scopes "<model>:<action>,..."] [--expires-at <instant>] [--json]
 *   pnpm admin keys list --org <slug> [--json]
 *   pnpm admin keys revoke <key>
 *   pnpm admin orgs require-admin-totp <slug> <on|off>
 *   pnpm admin users create --org <slug> --email <email> --role admin|member|viewer [--json]
 *   pnpm admin users list --org <slug> [--json]
 *   pnpm admin users set-role <email> --role admin|member|viewer
 *   pnpm admin users disable|enable|remove <email>
 *   pnpm admin users reset-password <email> [--json]
 *   pnpm admin users reset-totp <email>
 */
import { parseArgs } from 'node:util';
import {
  AppError,
  createApiKey,
  createDbAdapter,
  createMember,
  createOrganization,
  createPlatformClient,
  createPool,
  DEFAULT_DATABASE_URL,
  endSessionsOf,
  findMemberByEmailOrFail,
  findOrganizationBySlug,
  listMembers,
  publicMember,
  removeMember,
  resetMemberPassword,
  resetMemberTotp,
  setMemberDisabled,
  setMemberRole,
  setRequireAdminTotp,
  type PlatformClient,
  ensureDatabase,
  isPreset,
  listApiKeys,
  MEMBER_ROLES,
  migrate,
  parseInstant,
  PLATFORM_MIGRATIONS_DIR,
  PRESETS,
  revokeApiKey,
  ValidationError,
} from '@finance/platform';
import { runOrganizationCreatedHooks } from './organization-hooks';

const USAGE = `usage:
  admin orgs create <slug> [--name "<display name>"] [--json]
  admin keys create --org <slug> --preset <${PRESETS.join('|')}> [--name "<what it is for>"] [--scopes "<model>:<action>,..."] [--expires-at <ISO 8601 instant>] [--json]
  admin keys list --org <slug> [--json]
  admin keys revoke <key>
  admin orgs require-admin-totp <slug> <on|off>
  admin users create --org <slug> --email <email> --role <${MEMBER_ROLES.join('|')}> [--json]
  admin users list --org <slug> [--json]
  admin users set-role <email> --role <${MEMBER_ROLES.join('|')}>
  admin users disable <email>
  admin users enable <email>
  admin users remove <email>
  admin users reset-password <email> [--json]
  admin users reset-totp <email>`;

/** Offboarding: the member's console sessions end now and the API keys issued for them are revoked. */
async function endSessions(db: PlatformClient, memberId: string): Promise<number> {
  const keys = await endSessionsOf(db, memberId);
  for (const key of keys) await revokeApiKey(db, key);
  return keys.length;
}

export async function runAdmin(argv: string[], out: (line: string) => void): Promise<void> {
  const [area, command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
      org: { type: 'string' },
      preset: { type: 'string' },
      scopes: { type: 'string' },
      'expires-at': { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
    },
  });
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  await ensureDatabase(databaseUrl);
  await migrate({ databaseUrl, schema: 'platform', migrationsDir: PLATFORM_MIGRATIONS_DIR });
  // The platform schema's client on a driver adapter over a pool of the CLI's own: every read and write goes through it.
  const pool = createPool(databaseUrl, { max: 2, applicationName: 'admin' });
  const db = createPlatformClient(createDbAdapter(pool));
  try {
    if (area === 'orgs' && command === 'create') {
      const slug = positionals[0];
      if (!slug) throw new ValidationError(`the org slug is required\n${USAGE}`);
      const org = await createOrganization(db, slug, values.name);
      // Contract section 5: the services' organization hooks (the ledger seeds its system groups) run here,
      // through the database; see organization-hooks.ts.
      const hooks = await runOrganizationCreatedHooks(db, org.id);
      if (values.json) out(JSON.stringify(org));
      else {
        out(`created organization ${org.slug} (${org.id})`);
        out(
          hooks.length > 0
            ? `ran ${hooks.join(', ')}`
            : 'no service has installed an organization hook in this database yet; each runs it for existing organizations when it does',
        );
      }
    } else if (area === 'keys' && command === 'create') {
      if (!values.org) throw ValidationError.field('--org', 'required');
      if (!values.preset || !isPreset(values.preset)) throw ValidationError.field('--preset', `must be one of ${PRESETS.join(', ')}`);
      const expiresAt = values['expires-at'] ? parseInstant('--expires-at', values['expires-at']) : undefined;
      const key = await createApiKey(db, { orgSlug: values.org, preset: values.preset, scopes: values.scopes, expiresAt, name: values.name });
      out(
        values.json
          ? JSON.stringify(key)
          : `key:     ${key.key}\nsecret:  ${key.secret}   (shown once; store it now)\nname:    ${key.name ?? '(none)'}\npreset:  ${key.preset}\nexpires: ${key.expires_at ?? 'never'}`,
      );
    } else if (area === 'keys' && command === 'list') {
      if (!values.org) throw ValidationError.field('--org', 'required');
      const keys = await listApiKeys(db, values.org);
      if (values.json) out(JSON.stringify(keys));
      else {
        // The name quoted (it may hold spaces); last use as the key check records it (within a minute).
        for (const k of keys) {
          out(
            `${k.key}  ${k.name === null ? '-' : JSON.stringify(k.name)}  ${k.preset}  expires=${k.expires_at ?? 'never'}  last_used=${k.last_used_at ?? 'never'}  ${k.revoked_at ? `revoked=${k.revoked_at}` : 'active'}`,
          );
        }
      }
    } else if (area === 'keys' && command === 'revoke') {
      const key = positionals[0];
      if (!key) throw new ValidationError(`the key is required\n${USAGE}`);
      await revokeApiKey(db, key);
      out(values.json ? JSON.stringify({ key, revoked: true }) : `revoked ${key}`);
    } else if (area === 'users' && command === 'create') {
      // A console member with a one-time password, printed once, that must be changed at first sign-in.
      if (!values.org) throw ValidationError.field('--org', 'required');
      if (!values.email) throw ValidationError.field('--email', 'required');
      if (!values.role) throw ValidationError.field('--role', `required: ${MEMBER_ROLES.join(' or ')}`);
      const { member, password } = await createMember(db, { orgSlug: values.org, email: values.email, role: values.role });
      out(
        values.json
          ? JSON.stringify({ id: member.id, email: member.email, org: member.org.slug, role: member.role, password })
          : `member:   ${member.email} (${member.role} of ${member.org.slug}, ${member.id})\npassword: ${password}   (one-time; shown once; to be changed at first sign-in)`,
      );
    } else if (area === 'orgs' && command === 'require-admin-totp') {
      const [slug, setting] = positionals;
      if (!slug || (setting !== 'on' && setting !== 'off')) throw new ValidationError(`the org slug and on or off are required\n${USAGE}`);
      const org = await findOrganizationBySlug(db, slug);
      await setRequireAdminTotp(db, org.id, setting === 'on');
      out(`${org.slug}: two-factor sign-in ${setting === 'on' ? 'required' : 'not required'} for admins`);
    } else if (area === 'users' && command === 'list') {
      if (!values.org) throw ValidationError.field('--org', 'required');
      const org = await findOrganizationBySlug(db, values.org);
      const members = (await listMembers(db, org.id)).map(publicMember);
      if (values.json) out(JSON.stringify(members));
      else {
        for (const m of members) {
          out(
            `${m.email}  ${m.role}  ${m.disabled ? 'disabled' : 'active'}  totp=${m.totp_enabled ? 'on' : 'off'}  ${m.must_change_password ? `one-time password until ${m.one_time_password_expires_at}` : 'password set'}`,
          );
        }
      }
    } else if (area === 'users' && ['set-role', 'disable', 'enable', 'remove', 'reset-password', 'reset-totp'].includes(command ?? '')) {
      const email = positionals[0];
      if (!email) throw new ValidationError(`the member's email is required\n${USAGE}`);
      const member = await findMemberByEmailOrFail(db, email);
      if (command === 'set-role') {
        if (!values.role) throw ValidationError.field('--role', `required: ${MEMBER_ROLES.join(', ')}`);
        await setMemberRole(db, member.id, values.role);
        const ended = await endSessions(db, member.id);
        out(`${member.email}: role ${values.role}; ${ended} session(s) ended`);
      } else if (command === 'disable' || command === 'enable') {
        await setMemberDisabled(db, member.id, command === 'disable');
        const ended = command === 'disable' ? await endSessions(db, member.id) : 0;
        out(`${member.email}: ${command}d${command === 'disable' ? `; ${ended} session(s) ended` : ''}`);
      } else if (command === 'remove') {
        const ended = await endSessions(db, member.id);
        await removeMember(db, member.id);
        out(`${member.email}: removed; ${ended} session(s) ended`);
      } else if (command === 'reset-password') {
        const password = await resetMemberPassword(db, member.id);
        await endSessions(db, member.id);
        out(
          values.json
            ? JSON.stringify({ id: member.id, email: member.email, password })
            : `member:   ${member.email}\npassword: ${password}   (one-time; shown once; to be changed at first sign-in)`,
        );
      } else {
        await resetMemberTotp(db, member.id);
        const ended = await endSessions(db, member.id);
        out(`${member.email}: two-factor sign-in reset; ${ended} session(s) ended`);
      }
    } else {
      throw new ValidationError(USAGE);
    }
  } finally {
    await db.$disconnect();
    await pool.end();
  }
}

if (require.main === module) {
  runAdmin(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).catch((err: unknown) => {
    process.stderr.write(`error: ${err instanceof AppError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(err instanceof AppError ? 2 : 1);
  });
}
