-- Issue 30: a reversal leaves its original posted (the two net to zero); it used to void the original as well, which
-- moved the books twice (the original's money left its date and the swapped entries entered the reversal's).

-- A reversed transaction is now posted, never void (was: reversed_by set => void).
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_reversed_is_void";

-- One live reversal per transaction. A voided reversal keeps naming what it reversed (reversal_of, history), and its
-- original may then be reversed again: the uniqueness covers the reversals that are not void.
DROP INDEX "transactions_reverses_key";
CREATE UNIQUE INDEX "transactions_reverses_key" ON "transactions" ("reverses") WHERE "status" <> 'void';

-- The repair below, one row per transaction it put back into the books, so each organization can see which dates'
-- figures changed: `date` gains the transaction's entries again; `closed_through` is the organization's closing at
-- the repair (the date is in a closed period when date <= closed_through); `reversal_voided` says its reversal was
-- void too (the pair used to count for nothing; the original now counts alone, as if that reversal were undone).
CREATE TABLE "reversal_repairs" (
  "transaction_id"  UUID NOT NULL PRIMARY KEY,
  "org_id"          UUID NOT NULL,
  "date"            DATE NOT NULL,
  "reversal_id"     UUID NOT NULL,
  "reversal_voided" BOOLEAN NOT NULL,
  "closed_through"  DATE,
  "repaired_at"     TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "reversal_repairs_org_id_date_idx" ON "reversal_repairs" ("org_id", "date");

-- The repair: every transaction the old reversal voided (void with reversed_by: nothing else made that shape) is
-- posted again; its entries follow through the foreign key's ON UPDATE CASCADE. Where its reversal is void for
-- another reason than being reversed itself (someone voided it), the link goes, as voiding a reversal now does. A
-- chain (a reversal reversed) is repaired link by link: every member is posted, and the sum is what the chain meant.
WITH repaired AS (
  UPDATE "transactions" o
  SET "status" = 'posted',
      "reversed_by" = CASE WHEN r."status" = 'void' AND r."reversed_by" IS NULL THEN NULL ELSE o."reversed_by" END,
      "updated_at" = now()
  FROM "transactions" r
  WHERE o."status" = 'void' AND o."reversed_by" IS NOT NULL AND r."id" = o."reversed_by"
  RETURNING o."id", o."org_id", o."date", r."id" AS "reversal_id", (r."status" = 'void' AND r."reversed_by" IS NULL) AS "reversal_voided"
)
INSERT INTO "reversal_repairs" ("transaction_id", "org_id", "date", "reversal_id", "reversal_voided", "closed_through")
SELECT x."id", x."org_id", x."date", x."reversal_id", x."reversal_voided", s."closed_through"
FROM repaired x LEFT JOIN "organization_settings" s ON s."org_id" = x."org_id";

ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reversed_is_posted" CHECK ("reversed_by" IS NULL OR "status" = 'posted');
