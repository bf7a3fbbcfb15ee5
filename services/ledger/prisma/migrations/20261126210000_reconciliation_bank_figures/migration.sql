-- Issue 22: the reconciliation's statement balance is what the bank printed. Where it came from: a statement's
-- printed closing balance ('statement', with that statement's id) or the statement account's balance on date_to
-- ('account', which starts from the printed opening balance); and the continuity breaks of the account's
-- statements that touch the period, as the statement service reported them when the figures were read.
ALTER TABLE "reconciliations"
  ADD COLUMN "statement_balance_source" TEXT NOT NULL DEFAULT 'account' CHECK ("statement_balance_source" IN ('statement', 'account')),
  ADD COLUMN "statement_balance_statement_id" UUID,
  ADD COLUMN "continuity_breaks" JSONB NOT NULL DEFAULT '[]';
