-- Statement processing on the worker (issue 5).

-- Each run of the pipeline over a statement has a number: the upload starts run 1, every recovery call starts
-- the next. BullMQ job ids are (statement, step, attempt), so a recovery gets fresh job ids (BullMQ ignores an
-- id it already holds) while a double click or a retried request maps to the same id and runs nothing twice.
ALTER TABLE "statements" ADD COLUMN "attempt" INTEGER NOT NULL DEFAULT 1 CHECK ("attempt" >= 1);
CREATE INDEX "statements_org_id_status_idx" ON "statements" ("org_id", "status");

-- Parsed rows wait here between the parse and detect_account steps: a statement that stalls with
-- ACCOUNT_NOT_DETECTED keeps them, and the account-number call resumes at detect_account without re-parsing.
-- detect_account moves them into transactions (ON CONFLICT DO NOTHING against the dedupe key) and deletes them
-- in the same transaction. Each row already carries the id its transaction gets, generated in file order.
CREATE TABLE "statement_rows" (
  "statement_id" UUID NOT NULL REFERENCES "statements" ("id") ON DELETE CASCADE,
  "line"         INTEGER NOT NULL,
  "id"           UUID NOT NULL,
  "date"         DATE NOT NULL,
  "particulars"  TEXT NOT NULL,
  "inflow"       BIGINT NOT NULL,
  "outflow"      BIGINT NOT NULL,
  "balance"      BIGINT,
  PRIMARY KEY ("statement_id", "line")
);
