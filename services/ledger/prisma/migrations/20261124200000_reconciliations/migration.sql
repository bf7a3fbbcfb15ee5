-- Issue 13: reconciliations of a ledger account against a statement account of the statement service.
-- The statement rows and ledger entries a reconciliation looked at are copied in (the statement service's rows
-- are read over its API, never joined), each with what it was matched to, so the stored result does not move
-- when either side changes later.
CREATE TABLE "reconciliations" (
  "id" UUID PRIMARY KEY,
  "org_id" UUID NOT NULL,
  "ledger_account_id" UUID NOT NULL,
  "statement_account_id" UUID NOT NULL,
  "currency" TEXT NOT NULL CHECK ("currency" ~ '^[A-Z]{3}$'),
  "date_from" DATE NOT NULL,
  "date_to" DATE NOT NULL,
  "date_window_days" INTEGER NOT NULL CHECK ("date_window_days" BETWEEN 0 AND 31),
  "status" TEXT NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'confirmed')),
  -- The statement's closing balance on date_to in milli-units (exact), and the ledger account's in minor units.
  "statement_balance_milli" BIGINT NOT NULL,
  "ledger_balance" BIGINT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "confirmed_at" TIMESTAMPTZ(3),
  CHECK ("date_from" <= "date_to")
);
CREATE INDEX "reconciliations_org_id_created_at_id_idx" ON "reconciliations" ("org_id", "created_at", "id");

CREATE TABLE "reconciliation_rows" (
  "reconciliation_id" UUID NOT NULL REFERENCES "reconciliations" ("id") ON DELETE CASCADE,
  "statement_row_id" UUID NOT NULL,
  "position" INTEGER NOT NULL,
  "date" DATE NOT NULL,
  "particulars" TEXT NOT NULL,
  "category" TEXT,
  "inflow_milli" BIGINT NOT NULL,
  "outflow_milli" BIGINT NOT NULL,
  -- inflow - outflow in minor units of the currency; NULL when the row is not a whole number of them.
  "amount" BIGINT,
  -- How it was matched (NULL: unmatched), and why an unmatched row can never be matched.
  "rule" TEXT,
  "reason" TEXT,
  -- Set on confirm for matched rows: a statement row belongs to at most one confirmed reconciliation.
  "confirmed" BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY ("reconciliation_id", "statement_row_id"),
  CHECK ("rule" IS NULL OR "amount" IS NOT NULL)
);
CREATE UNIQUE INDEX "reconciliation_rows_confirmed_key" ON "reconciliation_rows" ("statement_row_id") WHERE "confirmed";

CREATE TABLE "reconciliation_entries" (
  "reconciliation_id" UUID NOT NULL REFERENCES "reconciliations" ("id") ON DELETE CASCADE,
  "entry_id" UUID NOT NULL,
  "transaction_id" UUID NOT NULL,
  "date" DATE NOT NULL,
  -- debit - credit on the ledger account, minor units (a bank inflow is a debit on the asset account).
  "amount" BIGINT NOT NULL,
  "narration" TEXT,
  "source_ref" TEXT,
  -- The statement row it is matched to (NULL: unmatched).
  "statement_row_id" UUID,
  "confirmed" BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY ("reconciliation_id", "entry_id"),
  FOREIGN KEY ("reconciliation_id", "statement_row_id") REFERENCES "reconciliation_rows" ("reconciliation_id", "statement_row_id")
);
CREATE UNIQUE INDEX "reconciliation_entries_confirmed_key" ON "reconciliation_entries" ("entry_id") WHERE "confirmed";
