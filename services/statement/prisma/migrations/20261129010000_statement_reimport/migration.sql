-- Statements never duplicate rows (issue 30): re-uploads and overlapping statements are matched against the rows
-- already stored, the same bytes are recognised at upload, and a corrected statement can replace an earlier one.

-- The narration as rows are matched on: lower case, without whitespace or ASCII punctuation, so that
-- "UPI/401/SWIGGY food" and "upi-401-swiggy-food" (a re-export, a PDF whose line wrap moved) are one narration.
-- Letters and digits of any script are kept. Both sides of the match call this one function (the staged rows
-- and the stored ones); nothing stores its result, so existing rows need no backfill.
CREATE FUNCTION "statement"."narration_key"(particulars TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(regexp_replace(particulars, '[[:space:]!-/:-@[-`{-~]+', '', 'g'));

-- The raw-text unique key (date, particulars, inflow, outflow, balance, occurrence) made every row whose printed
-- balance was corrected a new row. The import now matches rows as a multiset under the account's import lock
-- (pipeline.repo importStagedRows), so the key goes; its leading columns stay as a plain index, which serves the
-- import's look-up of an account's stored rows over a span of dates. Neither column is one categorisation
-- writes, so rule runs stay HOT updates. occurrence stays: the row's rank among identical rows of its own file.
DROP INDEX "statement"."transactions_dedupe_key";
CREATE INDEX "transactions_org_id_account_id_date_idx" ON "statement"."transactions" ("org_id", "account_id", "date");

-- A corrected statement replaces an earlier one of its account: `replaces` is set at upload, `replaced_by` on the
-- old statement when the new one's rows take the old rows' place (its import). A statement has at most one
-- replacement that is not failed.
ALTER TABLE "statement"."statements" ADD COLUMN "replaces" UUID, ADD COLUMN "replaced_by" UUID;
ALTER TABLE "statement"."statements"
  ADD FOREIGN KEY ("replaces", "org_id") REFERENCES "statement"."statements" ("id", "org_id") ON DELETE RESTRICT,
  ADD FOREIGN KEY ("replaced_by", "org_id") REFERENCES "statement"."statements" ("id", "org_id") ON DELETE RESTRICT;
CREATE UNIQUE INDEX "statements_replaces_live_key" ON "statement"."statements" ("replaces")
  WHERE "replaces" IS NOT NULL AND "status" <> 'failed';

-- The SHA-256 of the uploaded bytes (hex): an upload whose bytes equal a live statement of the organization (not
-- failed, not replaced) is refused at once with 409 STATEMENT_ALREADY_UPLOADED. The partial unique index is the
-- backstop of the upload's check (which runs under an advisory lock on the hash); statements uploaded before
-- this migration have no hash (their files are not read back to compute one).
ALTER TABLE "statement"."statements" ADD COLUMN "file_sha256" TEXT CHECK ("file_sha256" ~ '^[0-9a-f]{64}$');
CREATE UNIQUE INDEX "statements_org_id_file_sha256_live_key" ON "statement"."statements" ("org_id", "file_sha256")
  WHERE "file_sha256" IS NOT NULL AND "status" <> 'failed' AND "replaced_by" IS NULL;

-- What detect_account found for each staged row: the stored row it matched (null: the row is new) and whether
-- an earlier statement of the account covers its date (a row there that matches nothing is reported as differing).
ALTER TABLE "statement"."statement_rows" ADD COLUMN "matched_id" UUID, ADD COLUMN "compared" BOOLEAN NOT NULL DEFAULT false;
