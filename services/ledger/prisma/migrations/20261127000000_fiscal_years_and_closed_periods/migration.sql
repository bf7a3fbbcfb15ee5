-- Issue 24: an organization's fiscal year and closed periods.
-- One row per organization that set something (absent: the defaults). base_currency is the organization's own
-- currency as it declares it (nothing else records one); the fiscal year starts on fiscal_year_start_month/day, or,
-- when they are NULL, on April 1 for a base currency of INR and January 1 otherwise. February 29 cannot start a
-- year (it has none in three years of four). closed_through: every date up to and including it is closed.
CREATE TABLE "organization_settings" (
  "org_id" UUID NOT NULL PRIMARY KEY,
  "base_currency" TEXT NOT NULL DEFAULT 'INR' CHECK ("base_currency" ~ '^[A-Z]{3}$'),
  "fiscal_year_start_month" SMALLINT CHECK ("fiscal_year_start_month" BETWEEN 1 AND 12),
  "fiscal_year_start_day" SMALLINT CHECK ("fiscal_year_start_day" >= 1),
  "closed_through" DATE,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "organization_settings_fiscal_year_start" CHECK (
    ("fiscal_year_start_month" IS NULL) = ("fiscal_year_start_day" IS NULL)
    AND "fiscal_year_start_day" <= CASE WHEN "fiscal_year_start_month" = 2 THEN 28
                                        WHEN "fiscal_year_start_month" IN (4, 6, 9, 11) THEN 30 ELSE 31 END)
);

-- Every close and reopen, with who (the API key; the console member when the key is a console session's), when and why.
CREATE TABLE "period_events" (
  "id" UUID NOT NULL PRIMARY KEY,
  "org_id" UUID NOT NULL,
  "action" TEXT NOT NULL CHECK ("action" IN ('close', 'reopen')),
  "closed_through" DATE,
  "previous_closed_through" DATE,
  "reason" TEXT CHECK (length("reason") <= 2000),
  "api_key" TEXT NOT NULL,
  "member_id" UUID,
  "member_email" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "period_events_org_id_created_at_id_idx" ON "period_events" ("org_id", "created_at", "id");

-- Posting and closing decide their race in the database. Every posting into a date (a post, a bulk, a draft
-- posted, a void, a reversal) calls this in its own transaction: it takes the organization's period lock in
-- SHARE mode, held to the commit, and only then reads closed_through. A VOLATILE function's query takes a fresh
-- snapshot, so it sees a close that committed while it waited for the lock, even inside a statement that
-- started before that commit. Posts never wait for each other (shared mode); a close takes the lock
-- exclusively (lock_periods), so it waits for the posts in flight to commit and the posts after it wait for it.
-- No row is locked: a row lock would write to the settings row's page (and a multixact) on every post.
CREATE FUNCTION "closed_through_for_posting"(org UUID) RETURNS DATE LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(hashtext('ledger.periods'), hashtext(org::text));
  RETURN (SELECT s.closed_through FROM ledger.organization_settings s WHERE s.org_id = org);
END
$$;

CREATE FUNCTION "lock_periods"(org UUID) RETURNS VOID LANGUAGE sql VOLATILE AS $$
  SELECT pg_advisory_xact_lock(hashtext('ledger.periods'), hashtext(org::text))
$$;
