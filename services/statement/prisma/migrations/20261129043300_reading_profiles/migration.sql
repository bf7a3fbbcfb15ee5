-- Issue 33: reading profiles. A person's mapping of a tabular statement layout the reader could not work out
-- (which column is what, day order, decimal separator, direction), saved per organization under the layout's
-- fingerprint (statement-readers mapping.ts), so that a later upload of the same layout is read with it.
CREATE TABLE "statement"."reading_profiles" (
  "id"          UUID PRIMARY KEY,
  "org_id"      UUID NOT NULL,
  "name"        TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
  "file_type"   TEXT NOT NULL CHECK ("file_type" IN ('csv', 'excel', 'pdf')),
  "fingerprint" TEXT NOT NULL,
  -- The header's cells as printed (null: a file without a header), the bank's words above the table, the width.
  "header"      JSONB,
  "bank_text"   TEXT NOT NULL DEFAULT '',
  "width"       INTEGER NOT NULL CHECK ("width" BETWEEN 1 AND 1000),
  -- columns, amount_sign, direction, date_order, decimal_separator (validated by the API).
  "mapping"     JSONB NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- One profile per layout of an organization; an upload looks its candidate fingerprints up through it.
CREATE UNIQUE INDEX "reading_profiles_org_id_fingerprint_key" ON "statement"."reading_profiles" ("org_id", "fingerprint");
CREATE INDEX "reading_profiles_org_id_created_at_id_idx" ON "statement"."reading_profiles" ("org_id", "created_at", "id");

-- Issue 33: an upload with review=true stalls with REVIEW_REQUESTED before its rows are stored.
ALTER TABLE "statement"."statements" ADD COLUMN "review" BOOLEAN NOT NULL DEFAULT false;
