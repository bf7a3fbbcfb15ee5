// The CLI's organization-created hooks (src/organization-hooks.ts), on a database of this file's own so the
// hooks installed here are seen by no other test file.
import { createPool, ensureDatabase, type Pool } from '@finance/platform';
import { TEST_DATABASE_URL } from '@finance/platform/testing';
import { runAdmin } from '../src/cli';

const url = new URL(TEST_DATABASE_URL);
const dbName = `${url.pathname.slice(1)}_admin_hooks_${process.pid}`;
url.pathname = `/${dbName}`;
const previousUrl = process.env.DATABASE_URL;
let server: Pool;
let pool: Pool;
beforeAll(async () => {
  server = createPool(TEST_DATABASE_URL, { max: 1 });
  await server.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await ensureDatabase(url.toString());
  pool = createPool(url.toString(), { max: 1 });
  process.env.DATABASE_URL = url.toString();
});
afterAll(async () => {
  process.env.DATABASE_URL = previousUrl;
  await pool.end();
  await server.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await server.end();
});

async function admin(...argv: string[]): Promise<string[]> {
  const out: string[] = [];
  await runAdmin(argv, (line) => out.push(line));
  return out;
}

test('with no hook installed, orgs create says so and still creates the organization', async () => {
  const out = await admin('orgs', 'create', 'no-hooks');
  expect(out).toEqual([expect.stringMatching(/^created organization no-hooks \(/), expect.stringMatching(/^no service has installed an organization hook/)]);
});

test("every schema's on_organization_created(uuid) runs once with the new id, in schema order; other functions do not", async () => {
  for (const schema of ['hook_b', 'hook_a']) {
    await pool.query(`CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.calls (org_id uuid, at timestamptz DEFAULT clock_timestamp())`);
    await pool.query(
      `CREATE FUNCTION ${schema}.on_organization_created(org_id uuid) RETURNS void LANGUAGE sql AS $$ INSERT INTO ${schema}.calls (org_id) VALUES (org_id) $$`,
    );
  }
  // Same name, other arguments: not a hook.
  await pool.query(`CREATE FUNCTION hook_a.on_organization_created(org_id text) RETURNS void LANGUAGE sql AS $$ SELECT 1/0 $$`);

  const out = await admin('orgs', 'create', 'hooked');
  expect(out[1]).toBe('ran hook_a.on_organization_created, hook_b.on_organization_created');
  const org = JSON.parse((await admin('orgs', 'create', 'hooked-json', '--json')).join('\n'));
  expect(org).toEqual({ id: expect.any(String), slug: 'hooked-json', name: 'hooked-json' });
  const { rows } = await pool.query(`SELECT 'a' AS hook, org_id FROM hook_a.calls UNION ALL SELECT 'b', org_id FROM hook_b.calls ORDER BY 1, 2`);
  const hooked = (await pool.query(`SELECT id FROM platform.organizations WHERE slug = 'hooked'`)).rows[0].id;
  expect(rows).toEqual(
    [
      { hook: 'a', org_id: hooked },
      { hook: 'a', org_id: org.id },
      { hook: 'b', org_id: hooked },
      { hook: 'b', org_id: org.id },
    ].sort((x, y) => x.hook.localeCompare(y.hook) || x.org_id.localeCompare(y.org_id)),
  );
});

test('a failing hook fails the command naming the organization and the hook', async () => {
  await pool.query(
    `CREATE SCHEMA hook_c; CREATE FUNCTION hook_c.on_organization_created(org_id uuid) RETURNS void LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ledger down for repairs'; END $$`,
  );
  await expect(admin('orgs', 'create', 'unlucky')).rejects.toThrow(
    /^organization [0-9a-f-]{36} was created, but its hook hook_c.on_organization_created failed .*ledger down for repairs$/,
  );
  await pool.query('DROP SCHEMA hook_c CASCADE');
});
