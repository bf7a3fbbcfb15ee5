-- Issue 22: a statement row's difference is posted once, whichever open reconciliation holding the row posts it
-- first; the others find it through this index (only rows whose difference was posted are in it).
CREATE INDEX "reconciliation_rows_difference_posted" ON "reconciliation_rows" ("statement_row_id") WHERE "difference_transaction_id" IS NOT NULL;
