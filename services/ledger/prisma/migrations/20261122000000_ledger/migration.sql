-- The ledger: accounts (the chart, with system groups), transactions, and the entries they own.
-- org_id scopes every row (the platform schema's organization ids). Every reference between ledger rows
-- includes org_id, so a row can only ever point at a row of its own organization.
-- Money is BIGINT minor units, never negative, never beyond 2^53 - 1 (the JSON safe-integer range).

CREATE TABLE "accounts" (
  "id"              UUID PRIMARY KEY,
  "org_id"          UUID NOT NULL,
  "name"            TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
  "type"            TEXT NOT NULL CHECK ("type" IN ('asset', 'liability', 'equity', 'income', 'expense')),
  "parent_id"       UUID,
  -- Always true: with the foreign key below it makes "a parent is a group of the same type" (account rule 3)
  -- a database constraint, so no interleaving of edits can leave a child under a non-group or another type.
  "parent_is_group" BOOLEAN NOT NULL DEFAULT true CHECK ("parent_is_group"),
  "is_group"        BOOLEAN NOT NULL DEFAULT false,
  "description"     TEXT CHECK (length("description") <= 2000),
  "source"          TEXT NOT NULL DEFAULT 'manual' CHECK (length("source") BETWEEN 1 AND 100),
  "source_ref"      TEXT CHECK (length("source_ref") BETWEEN 1 AND 200),
  "status"          TEXT NOT NULL DEFAULT 'active' CHECK ("status" IN ('active', 'retired', 'quarantined')),
  "created_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "accounts_not_own_parent" CHECK ("parent_id" IS NULL OR "parent_id" <> "id"),
  CONSTRAINT "accounts_system_has_key" CHECK ("source" <> 'system' OR "source_ref" IS NOT NULL)
);
-- The upstream identity; a NULL source_ref has none (NULLs are distinct).
CREATE UNIQUE INDEX "accounts_org_id_source_source_ref_key" ON "accounts" ("org_id", "source", "source_ref");
-- Targets of the composite foreign keys (entries -> postable account, child -> parent group).
CREATE UNIQUE INDEX "accounts_id_org_id_is_group_key" ON "accounts" ("id", "org_id", "is_group");
CREATE UNIQUE INDEX "accounts_id_org_id_type_is_group_key" ON "accounts" ("id", "org_id", "type", "is_group");
CREATE INDEX "accounts_org_id_parent_id_idx" ON "accounts" ("org_id", "parent_id");
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_fkey"
  FOREIGN KEY ("parent_id", "org_id", "type", "parent_is_group") REFERENCES "accounts" ("id", "org_id", "type", "is_group");

CREATE TABLE "transactions" (
  "id"           UUID PRIMARY KEY,
  "org_id"       UUID NOT NULL,
  "date"         DATE NOT NULL,
  -- Wall-clock as printed by the source (HH:MM or HH:MM:SS), kept as sent; zero-padded, so text order is time order.
  "time"         TEXT CHECK ("time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$'),
  "narration"    TEXT CHECK (length("narration") <= 2000),
  "type"         TEXT CHECK (length("type") BETWEEN 1 AND 100),
  "status"       TEXT NOT NULL DEFAULT 'posted' CHECK ("status" IN ('draft', 'posted', 'void')),
  "currency"     TEXT NOT NULL DEFAULT 'INR' CHECK ("currency" ~ '^[A-Z]{3}$'),
  "source"       TEXT NOT NULL DEFAULT 'manual' CHECK (length("source") BETWEEN 1 AND 100),
  "source_ref"   TEXT CHECK (length("source_ref") BETWEEN 1 AND 200),
  -- json, not jsonb: the upstream event is kept exactly as received, key order included.
  "details"      JSON,
  -- Sums over the entries, written by the same statement that writes the entries.
  "total_debit"  BIGINT NOT NULL DEFAULT 0 CHECK ("total_debit" BETWEEN 0 AND 9007199254740991),
  "total_credit" BIGINT NOT NULL DEFAULT 0 CHECK ("total_credit" BETWEEN 0 AND 9007199254740991),
  "entry_count"  INTEGER NOT NULL DEFAULT 0 CHECK ("entry_count" >= 0),
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  -- Transaction rules 1 and 2 for everything that is posted (drafts are exempt; a void posting stays balanced).
  CONSTRAINT "transactions_posted_balanced" CHECK ("status" <> 'posted' OR ("total_debit" = "total_credit" AND "entry_count" >= 2))
);
-- The upstream identity (idempotent create); a NULL source_ref has none.
CREATE UNIQUE INDEX "transactions_org_id_source_source_ref_key" ON "transactions" ("org_id", "source", "source_ref");
-- Target of the entries' foreign key, which copies the parent's date and status onto its entries.
CREATE UNIQUE INDEX "transactions_id_org_id_date_status_key" ON "transactions" ("id", "org_id", "date", "status");
-- The list order of the spec (date, time with rows without time last, created_at, id), newest first.
CREATE INDEX "transactions_org_id_date_time_created_at_id_idx"
  ON "transactions" ("org_id", "date" DESC, "time" DESC NULLS LAST, "created_at" DESC, "id" DESC);

CREATE TABLE "entries" (
  "id"                 UUID PRIMARY KEY,
  "org_id"             UUID NOT NULL,
  "transaction_id"     UUID NOT NULL,
  "account_id"         UUID NOT NULL,
  -- Always false: with the foreign key below, no entry can reference a group, and an account that carries
  -- entries cannot become a group (account rule 5), whatever runs concurrently.
  "account_is_group"   BOOLEAN NOT NULL DEFAULT false CHECK (NOT "account_is_group"),
  -- The parent's accounting date and status, kept in step by ON UPDATE CASCADE, so that entry queries and
  -- balances read one index instead of joining every entry to its transaction.
  "date"               DATE NOT NULL,
  "transaction_status" TEXT NOT NULL,
  "debit"              BIGINT NOT NULL DEFAULT 0 CHECK ("debit" BETWEEN 0 AND 9007199254740991),
  "credit"             BIGINT NOT NULL DEFAULT 0 CHECK ("credit" BETWEEN 0 AND 9007199254740991),
  "memo"               TEXT CHECK (length("memo") <= 2000),
  "dimensions"         JSONB NOT NULL DEFAULT '{}' CHECK (jsonb_typeof("dimensions") = 'object'),
  CONSTRAINT "entries_one_side" CHECK (("debit" = 0) <> ("credit" = 0)),
  CONSTRAINT "entries_transaction_fkey" FOREIGN KEY ("transaction_id", "org_id", "date", "transaction_status")
    REFERENCES "transactions" ("id", "org_id", "date", "status") ON UPDATE CASCADE ON DELETE CASCADE,
  CONSTRAINT "entries_account_fkey" FOREIGN KEY ("account_id", "org_id", "account_is_group")
    REFERENCES "accounts" ("id", "org_id", "is_group")
);
-- A transaction's entries in the order sent (ids are UUIDv7, assigned in order).
CREATE INDEX "entries_transaction_id_id_idx" ON "entries" ("transaction_id", "id");
-- An account's ledger page (account + status + date range, in date order) and its balance as of a date,
-- both answered from the index alone (debit and credit are carried in it).
CREATE INDEX "entries_account_id_status_date_idx"
  ON "entries" ("account_id", "transaction_status", "date", "transaction_id", "id") INCLUDE ("debit", "credit");
-- The organization's entries in date order when no account narrows the query.
CREATE INDEX "entries_org_id_status_date_idx" ON "entries" ("org_id", "transaction_status", "date", "transaction_id", "id");
-- dimension.<key>=<value> filters are containment (@>) queries.
CREATE INDEX "entries_dimensions_idx" ON "entries" USING GIN ("dimensions" jsonb_path_ops);
