-- Issue 30: an account the upload creates is named from the file, until a person renames it. name_source says
-- which: 'file' (a later upload may improve the name: a bank the file now names) or 'person' (never overwritten).
-- Accounts created before this column: those still carrying the name the upload gave them (contract 6's
-- `Account <last 4 digits>` of their acc_no) are 'file'; every other one was named by a person.
ALTER TABLE "statement"."accounts"
  ADD COLUMN "name_source" TEXT NOT NULL DEFAULT 'person' CHECK ("name_source" IN ('file', 'person'));

UPDATE "statement"."accounts"
SET "name_source" = 'file'
WHERE "acc_no" IS NOT NULL
  AND "name" = 'Account ' || right(COALESCE(NULLIF(regexp_replace("acc_no", '\D', '', 'g'), ''), "acc_no"), 4);
