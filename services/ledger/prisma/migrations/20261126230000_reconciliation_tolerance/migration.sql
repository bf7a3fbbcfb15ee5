-- Issue 22: a tolerance per reconciliation (an absolute amount in minor units, or basis points of the row), the
-- difference of each matched row (its amount less its entries' sum; 0 when exact, NULL while unmatched), and the
-- transaction that posted it to an account (source 'reconciliation').
ALTER TABLE "reconciliations"
  ADD COLUMN "tolerance_absolute" BIGINT CHECK ("tolerance_absolute" >= 0),
  ADD COLUMN "tolerance_basis_points" INTEGER CHECK ("tolerance_basis_points" BETWEEN 0 AND 10000),
  ADD CONSTRAINT "reconciliations_one_tolerance" CHECK ("tolerance_absolute" IS NULL OR "tolerance_basis_points" IS NULL);
ALTER TABLE "reconciliation_rows"
  ADD COLUMN "difference" BIGINT,
  ADD COLUMN "difference_transaction_id" UUID;
UPDATE "reconciliation_rows" SET "difference" = 0 WHERE "rule" IS NOT NULL;
