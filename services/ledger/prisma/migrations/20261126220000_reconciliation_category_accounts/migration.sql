-- Issue 22: the organization's counter-account per statement category, used by post-unmatched for a row given
-- no counter-account of its own (before the suspense account, default_account). No foreign key to accounts: the
-- mapping is checked when it is written, and the posting rules check the account again when a row is posted.
CREATE TABLE "reconciliation_category_accounts" (
  "org_id" UUID NOT NULL,
  "category" TEXT NOT NULL CHECK (length("category") BETWEEN 1 AND 200),
  "account_id" UUID NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("org_id", "category")
);
