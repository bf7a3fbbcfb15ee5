-- Statements banks actually issue (issue 9).

-- Structured exports are read beside the contract's three file types.
ALTER TABLE "statements" DROP CONSTRAINT "statements_file_type_check";
ALTER TABLE "statements" ADD CONSTRAINT "statements_file_type_check"
  CHECK ("file_type" IN ('csv', 'excel', 'pdf', 'ofx', 'qif', 'camt053', 'mt940'));

-- Two identical rows in one file (two equal card charges on one day, with no running balance to tell them
-- apart) are two transactions. The dedupe key counts them: occurrence is the row's rank among the identical
-- rows of its statement, so re-importing the file (or an overlapping one) still adds nothing, while the file
-- itself never loses a row to its own twin.
ALTER TABLE "transactions" ADD COLUMN "occurrence" INTEGER NOT NULL DEFAULT 1 CHECK ("occurrence" >= 1);
DROP INDEX "transactions_dedupe_key";
CREATE UNIQUE INDEX "transactions_dedupe_key" ON "transactions"
  ("org_id", "account_id", "date", "particulars", "inflow", "outflow", "balance", "occurrence") NULLS NOT DISTINCT;
