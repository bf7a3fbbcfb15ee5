-- Issue 12: the system groups' seed lives in the database, owned by the ledger, so that both the ledger API
-- (POST /api/v1/accounts/seed) and the admin CLI (contract section 5: an organization created through the CLI
-- is seeded) run this one implementation, and the CLI needs neither the ledger's code nor a running ledger.

-- A UUIDv7 (RFC 9562) for ids made inside the database: 48 bits of Unix milliseconds, then random bits with
-- the version and variant set, like the `uuid` package's v7 the service uses (Postgres 15 has no uuidv7()).
CREATE FUNCTION "uuid_v7"() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;

-- Creates the system groups the organization lacks, parents first, and answers every key in the spec's table
-- order with whether this call created it. A group that exists (renamed, moved or retired) is never touched. A
-- group whose parent key no longer heads a group of its type is created at the top level rather than breaking
-- rule 3. The chart's advisory lock (the one every account write of the organization takes, see
-- accounts.repo.ts lockChart) serialises concurrent seeds, so each key is created once.
-- The list below is the seed; domain/chart.ts SYSTEM_GROUPS names the same groups for the reports, and
-- test/seed-hook.test.ts holds the two equal.
CREATE FUNCTION "seed_system_groups"(p_org_id uuid)
RETURNS TABLE ("group_key" text, "created" boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  g record;
  parent record;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('ledger.chart'), hashtext(p_org_id::text));
  FOR g IN
    SELECT * FROM (VALUES
      (1,  'ASSETS',                  'Assets',                        'asset',     NULL),
      (2,  'CURRENT_ASSETS',          'Current Assets',                'asset',     'ASSETS'),
      (3,  'CASH',                    'Cash and Cash Equivalents',     'asset',     'CURRENT_ASSETS'),
      (4,  'RECEIVABLES',             'Accounts Receivable',           'asset',     'CURRENT_ASSETS'),
      (5,  'NON_CURRENT_ASSETS',      'Non-Current Assets',            'asset',     'ASSETS'),
      (6,  'LIABILITIES',             'Liabilities',                   'liability', NULL),
      (7,  'CURRENT_LIABILITIES',     'Current Liabilities',           'liability', 'LIABILITIES'),
      (8,  'PAYABLES',                'Accounts Payable',              'liability', 'CURRENT_LIABILITIES'),
      (9,  'NON_CURRENT_LIABILITIES', 'Non-Current Liabilities',       'liability', 'LIABILITIES'),
      (10, 'CLEARING',                'Clearing Accounts',             'liability', 'LIABILITIES'),
      (11, 'EQUITY',                  'Equity',                        'equity',    NULL),
      (12, 'INCOME',                  'Income',                        'income',    NULL),
      (13, 'EXPENSES',                'Expenses',                      'expense',   NULL),
      (14, 'DEPRECIATION',            'Depreciation and Amortisation', 'expense',   'EXPENSES')
    ) AS v ("position", "key", "name", "type", "parent_key")
    ORDER BY "position"
  LOOP
    group_key := g."key";
    IF EXISTS (SELECT 1 FROM "ledger"."accounts" a WHERE a."org_id" = p_org_id AND a."source" = 'system' AND a."source_ref" = g."key") THEN
      created := false;
    ELSE
      SELECT a."id", a."is_group", a."type" INTO parent FROM "ledger"."accounts" a
       WHERE a."org_id" = p_org_id AND a."source" = 'system' AND a."source_ref" = g."parent_key";
      INSERT INTO "ledger"."accounts" ("id", "org_id", "name", "type", "parent_id", "is_group", "description", "source", "source_ref", "status", "currency")
      VALUES ("ledger"."uuid_v7"(), p_org_id, g."name", g."type",
              CASE WHEN parent."id" IS NOT NULL AND parent."is_group" AND parent."type" = g."type" THEN parent."id" END,
              true, NULL, 'system', g."key", 'active', NULL);
      created := true;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;

-- The ledger's organization-created hook: the admin CLI calls every `<schema>.on_organization_created(org_id
-- uuid)` the database holds after it creates an organization (packages/admin/README.md), so it seeds through
-- the ledger without importing it, and whether or not the ledger is running.
CREATE FUNCTION "on_organization_created"(org_id uuid) RETURNS void LANGUAGE sql VOLATILE AS $$
  SELECT count(*) FROM "ledger"."seed_system_groups"(org_id);
$$;

-- An organization the CLI created before the ledger was installed in this database found no hook to run:
-- seed every existing organization now, so contract section 5 holds for them too (idempotent for the rest).
SELECT "ledger"."on_organization_created"(o."id") FROM "platform"."organizations" o;
