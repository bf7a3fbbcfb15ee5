import { pgErrorMessage, raw, sql, type RawDb } from '@finance/platform';

/**
 * Organization-created hooks: a service that must act on every organization the CLI creates (the ledger seeds
 * its system groups, contract section 5) installs, through its own migrations, a function
 * `<its schema>.on_organization_created(org_id uuid)`. The CLI finds them in the database catalog and calls each
 * one (through the platform's client), so it imports no service and needs none of them running, only their
 * migrations applied. A hook must be idempotent, and should act on the organizations that already exist when its
 * migration installs it (they were created without it).
 */
export const ORGANIZATION_CREATED_HOOK = 'on_organization_created';

/** The hooks installed in this database, schema-qualified and quoted for SQL, in schema order. */
export async function findOrganizationCreatedHooks(db: RawDb): Promise<string[]> {
  const rows = await db.$queryRaw<{ hook: string }[]>(
    sql`SELECT format('%I.%I', n.nspname, p.proname) AS hook
          FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
         WHERE p.proname = ${ORGANIZATION_CREATED_HOOK} AND p.pronargs = 1 AND p.proargtypes[0] = 'uuid'::regtype
         ORDER BY n.nspname`,
  );
  return rows.map((r) => r.hook);
}

/** Calls every installed hook for the organization, one after another; returns the hooks it ran. */
export async function runOrganizationCreatedHooks(db: RawDb, orgId: string): Promise<string[]> {
  const hooks = await findOrganizationCreatedHooks(db);
  for (const hook of hooks) {
    try {
      // `hook` comes quoted from format('%I.%I') above, never from input. $executeRaw: the hook returns void,
      // a result column the client need not read.
      await db.$executeRaw(sql`SELECT ${raw(hook)}(${orgId}::uuid)`);
    } catch (err) {
      throw new Error(
        `organization ${orgId} was created, but its hook ${hook} failed (it is idempotent: run it again with SELECT ${hook}('${orgId}')): ${pgErrorMessage(err)}`,
      );
    }
  }
  return hooks;
}
