-- Issue 11: currencies are never added together; accounts may be pinned to a currency; reversals are linked.

-- An account may be pinned to one currency (NULL: any). System groups are headings and are never pinned.
ALTER TABLE "accounts" ADD COLUMN "currency" TEXT CHECK ("currency" ~ '^[A-Z]{3}$');
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_system_not_pinned" CHECK ("source" <> 'system' OR "currency" IS NULL);

-- Reversal links: the reversal names what it reverses (at most one reversal per transaction: unique), and the
-- original names its reversal; a reversed transaction is void.
ALTER TABLE "transactions" ADD COLUMN "reverses" UUID REFERENCES "transactions" ("id");
ALTER TABLE "transactions" ADD COLUMN "reversed_by" UUID REFERENCES "transactions" ("id");
CREATE UNIQUE INDEX "transactions_reverses_key" ON "transactions" ("reverses");
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversed_is_void" CHECK ("reversed_by" IS NULL OR "status" = 'void');
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_not_own_reversal" CHECK ("reverses" <> "id" AND "reversed_by" <> "id");

-- Entries carry their transaction's currency beside its date and status (kept in step by the same
-- ON UPDATE CASCADE foreign key), so per-currency balances and reports stay single index-only ranges.
ALTER TABLE "entries" ADD COLUMN "currency" TEXT;
UPDATE "entries" e SET "currency" = t."currency" FROM "transactions" t WHERE t."id" = e."transaction_id";
ALTER TABLE "entries" ALTER COLUMN "currency" SET NOT NULL;
CREATE UNIQUE INDEX "transactions_id_org_id_date_status_currency_key" ON "transactions" ("id", "org_id", "date", "status", "currency");
ALTER TABLE "entries" DROP CONSTRAINT "entries_transaction_fkey";
ALTER TABLE "entries" ADD CONSTRAINT "entries_transaction_fkey" FOREIGN KEY ("transaction_id", "org_id", "date", "transaction_status", "currency")
  REFERENCES "transactions" ("id", "org_id", "date", "status", "currency") ON UPDATE CASCADE ON DELETE CASCADE;
DROP INDEX "transactions_id_org_id_date_status_key";
-- The balances' and reports' index now carries the currency too: per-account, per-currency sums stay index-only.
DROP INDEX "entries_account_id_status_date_idx";
CREATE INDEX "entries_account_id_status_date_idx"
  ON "entries" ("account_id", "transaction_status", "date", "transaction_id", "id") INCLUDE ("currency", "debit", "credit");
