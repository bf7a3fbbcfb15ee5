-- The statement data API: statement accounts, statements, statement rows and categorisation rules.
-- org_id scopes every row (the platform schema's organization ids). Money is bigint milli-units.

-- Trigram indexes make contains / ILIKE / regex over particulars index scans. The extension is database-wide;
-- it is created in public, and the index below finds it wherever an earlier migration put it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE "accounts" (
  "id"                   UUID PRIMARY KEY,
  "org_id"               UUID NOT NULL,
  "name"                 TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
  "category"             TEXT NOT NULL CHECK ("category" IN ('bank', 'credit_card')),
  "description"          TEXT,
  "acc_no"               TEXT CHECK (length("acc_no") BETWEEN 1 AND 64),
  "currency"             TEXT NOT NULL DEFAULT 'INR' CHECK ("currency" ~ '^[A-Z]{3}$'),
  "color"                TEXT,
  "opening_balance"      BIGINT NOT NULL DEFAULT 0,
  "opening_balance_date" DATE,
  "status"               TEXT NOT NULL DEFAULT 'active',
  "is_archived"          BOOLEAN NOT NULL DEFAULT false,
  "upload_frequency"     TEXT,
  "review"               JSONB,
  "created_at"           TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"           TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- (id, org_id) lets rows and statements reference an account of their own organization only.
CREATE UNIQUE INDEX "accounts_id_org_id_key" ON "accounts" ("id", "org_id");
CREATE INDEX "accounts_org_id_created_at_id_idx" ON "accounts" ("org_id", "created_at", "id");
-- Account detection matches acc_no ignoring spaces and dashes, so two accounts may not share that form.
CREATE UNIQUE INDEX "accounts_org_id_acc_no_normalized_key" ON "accounts" ("org_id", regexp_replace("acc_no", '[\s-]', '', 'g'))
  WHERE "acc_no" IS NOT NULL;

CREATE TABLE "statements" (
  "id"                 UUID PRIMARY KEY,
  "org_id"             UUID NOT NULL,
  "account_id"         UUID,
  "file_name"          TEXT NOT NULL,
  "file_type"          TEXT NOT NULL CHECK ("file_type" IN ('csv', 'excel', 'pdf')),
  "status"             TEXT NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'processing', 'stalled', 'completed', 'failed')),
  "step"               TEXT CHECK ("step" IN ('read_file', 'parse', 'detect_account', 'categorize')),
  "error"              JSONB,
  "parsed_data"        JSONB,
  "transaction_count"  INTEGER NOT NULL DEFAULT 0,
  "file_key"           TEXT NOT NULL,
  "password_encrypted" TEXT,
  "created_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  FOREIGN KEY ("account_id", "org_id") REFERENCES "accounts" ("id", "org_id") ON DELETE RESTRICT
);
CREATE UNIQUE INDEX "statements_id_org_id_key" ON "statements" ("id", "org_id");
CREATE INDEX "statements_org_id_created_at_id_idx" ON "statements" ("org_id", "created_at", "id");
CREATE INDEX "statements_account_id_idx" ON "statements" ("account_id");

CREATE TABLE "transactions" (
  "id"           UUID PRIMARY KEY,
  "org_id"       UUID NOT NULL,
  "account_id"   UUID,
  "statement_id" UUID,
  "date"         DATE NOT NULL,
  "particulars"  TEXT NOT NULL CHECK (length("particulars") <= 1000),
  "inflow"       BIGINT NOT NULL DEFAULT 0 CHECK ("inflow" >= 0),
  "outflow"      BIGINT NOT NULL DEFAULT 0 CHECK ("outflow" >= 0),
  "balance"      BIGINT,
  "entity"       TEXT,
  "category"     TEXT,
  "po"           TEXT,
  "comments"     TEXT,
  "type"         TEXT NOT NULL DEFAULT 'unknown' CHECK ("type" IN ('income', 'expense', 'asset', 'liability', 'transfer', 'unknown')),
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  FOREIGN KEY ("account_id", "org_id") REFERENCES "accounts" ("id", "org_id") ON DELETE RESTRICT,
  FOREIGN KEY ("statement_id", "org_id") REFERENCES "statements" ("id", "org_id") ON DELETE RESTRICT
)
-- Categorisation (a rule run rewriting 100,000 rows) must be cheap. Postgres makes an update HOT (the new row
-- version on the same page, no index entries at all) when no indexed column changes and the page has room.
-- So no index covers a column that categorisation writes (type, category, entity, comments, po, updated_at),
-- and every page keeps 10% free. Measured on 1M rows: a 107,619-row run took 5.9 s with (org_id, type, date)
-- and a partial type = 'unknown' index in place (no HOT at all), 2.0 s without them (80% HOT).
WITH (fillfactor = 90);
-- Contract 6: re-importing a row already stored for the account (same date, particulars, inflow, outflow and
-- balance) adds nothing; the importer inserts with ON CONFLICT DO NOTHING against this index. NULLS NOT
-- DISTINCT so rows without a balance (or an account) are deduplicated too.
CREATE UNIQUE INDEX "transactions_dedupe_key" ON "transactions"
  ("org_id", "account_id", "date", "particulars", "inflow", "outflow", "balance") NULLS NOT DISTINCT;
-- The list's default order and every date-window query (reports filter type within the window).
CREATE INDEX "transactions_org_id_date_id_idx" ON "transactions" ("org_id", "date", "id");
CREATE INDEX "transactions_org_id_created_at_id_idx" ON "transactions" ("org_id", "created_at", "id");
CREATE INDEX "transactions_statement_id_idx" ON "transactions" ("statement_id");
DO $$
DECLARE trgm_schema TEXT;
BEGIN
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX "transactions_particulars_trgm_idx" ON "transactions" USING gin ("particulars" %I.gin_trgm_ops)', trgm_schema);
END $$;

-- Per account and day: the sums of the account's rows. An account balance as of a date is the opening balance
-- plus a sum over at most one row per day, instead of over every statement row (which, after categorisation has
-- rewritten rows, is no longer an index-only scan: measured 109 ms for 100,000 rows, against a 50 ms target).
-- Kept exact by statement-level triggers in the same transaction as every insert and delete of rows; the row
-- trigger for updates fires only when an UPDATE sets account_id, date, inflow or outflow, never for categorisation.
CREATE TABLE "account_day_totals" (
  "account_id"        UUID NOT NULL,
  "date"              DATE NOT NULL,
  "org_id"            UUID NOT NULL,
  "inflow"            BIGINT NOT NULL DEFAULT 0,
  "outflow"           BIGINT NOT NULL DEFAULT 0,
  "transaction_count" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("account_id", "date"),
  FOREIGN KEY ("account_id", "org_id") REFERENCES "accounts" ("id", "org_id") ON DELETE CASCADE
);

CREATE FUNCTION "account_day_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO statement.account_day_totals AS d (account_id, date, org_id, inflow, outflow, transaction_count)
  SELECT account_id, date, org_id, sum(inflow), sum(outflow), count(*)
  FROM new_rows WHERE account_id IS NOT NULL
  GROUP BY account_id, date, org_id
  ON CONFLICT (account_id, date) DO UPDATE
    SET inflow = d.inflow + EXCLUDED.inflow,
        outflow = d.outflow + EXCLUDED.outflow,
        transaction_count = d.transaction_count + EXCLUDED.transaction_count;
  RETURN NULL;
END $$;

CREATE FUNCTION "account_day_totals_subtract"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE statement.account_day_totals d
  SET inflow = d.inflow - o.inflow, outflow = d.outflow - o.outflow, transaction_count = d.transaction_count - o.n
  FROM (SELECT account_id, date, sum(inflow) AS inflow, sum(outflow) AS outflow, count(*) AS n
        FROM old_rows WHERE account_id IS NOT NULL GROUP BY account_id, date) o
  WHERE d.account_id = o.account_id AND d.date = o.date;
  RETURN NULL;
END $$;

CREATE FUNCTION "account_day_totals_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.account_id IS NOT NULL THEN
    UPDATE statement.account_day_totals
    SET inflow = inflow - OLD.inflow, outflow = outflow - OLD.outflow, transaction_count = transaction_count - 1
    WHERE account_id = OLD.account_id AND date = OLD.date;
  END IF;
  IF NEW.account_id IS NOT NULL THEN
    INSERT INTO statement.account_day_totals AS d (account_id, date, org_id, inflow, outflow, transaction_count)
    VALUES (NEW.account_id, NEW.date, NEW.org_id, NEW.inflow, NEW.outflow, 1)
    ON CONFLICT (account_id, date) DO UPDATE
      SET inflow = d.inflow + EXCLUDED.inflow, outflow = d.outflow + EXCLUDED.outflow, transaction_count = d.transaction_count + 1;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "transactions_day_totals_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_day_totals_add"();
CREATE TRIGGER "transactions_day_totals_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "account_day_totals_subtract"();
CREATE TRIGGER "transactions_day_totals_update" AFTER UPDATE OF "account_id", "date", "inflow", "outflow" ON "transactions"
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.date IS DISTINCT FROM NEW.date
                     OR OLD.inflow IS DISTINCT FROM NEW.inflow OR OLD.outflow IS DISTINCT FROM NEW.outflow)
  EXECUTE FUNCTION "account_day_totals_move"();

CREATE TABLE "rules" (
  "id"          UUID PRIMARY KEY,
  "org_id"      UUID NOT NULL,
  "name"        TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
  "description" TEXT,
  "rationale"   TEXT,
  "priority"    INTEGER NOT NULL DEFAULT 0,
  "conditions"  JSONB NOT NULL,
  "actions"     JSONB NOT NULL,
  "enabled"     BOOLEAN NOT NULL DEFAULT true,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- Automatic categorisation runs an organization's rules in (priority, created_at) order.
CREATE INDEX "rules_org_id_priority_created_at_idx" ON "rules" ("org_id", "priority", "created_at");
