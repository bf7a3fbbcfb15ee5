-- Kept balances (issue 34): posted debit, credit and entry count per account, currency and day, and the same per
-- month, kept by the statement that changes the entries, so that a trial balance, a balance sheet or an income
-- statement for any dates reads whole months plus the days at the edges (O(accounts x buckets) rows) instead of
-- every entry. README, "Kept balances".
--
-- Kept by statement-level triggers on entries rather than by each writer: every statement that changes posted
-- money (a post, a bulk post, a reversal, a void or a draft posted through the transaction's ON UPDATE CASCADE, a
-- repair migration, a test's own SQL) keeps them in the same statement and transaction, and no writer can forget.
-- Each trigger folds the statement's rows into one delta per (account, currency, day) and adds it with
-- INSERT ... ON CONFLICT DO UPDATE: the row's lock serialises concurrent adds (no lost update), and only posts to
-- the same account and day (or month) wait for each other, never every post for one row. Rows are written in key
-- order, so two statements lock them in the same order and do not deadlock each other.
-- Amounts are numeric: a month of an account may sum past int8 although every entry fits.

CREATE TABLE "balance_days" (
  "org_id"      uuid    NOT NULL,
  "day"         date    NOT NULL,
  "account_id"  uuid    NOT NULL,
  "currency"    text    NOT NULL,
  "debit"       numeric NOT NULL DEFAULT 0,
  "credit"      numeric NOT NULL DEFAULT 0,
  "entry_count" bigint  NOT NULL DEFAULT 0,
  CONSTRAINT "balance_days_pkey" PRIMARY KEY ("org_id", "day", "account_id", "currency")
);

CREATE TABLE "balance_months" (
  "org_id"      uuid    NOT NULL,
  -- The first day of the month.
  "month"       date    NOT NULL,
  "account_id"  uuid    NOT NULL,
  "currency"    text    NOT NULL,
  "debit"       numeric NOT NULL DEFAULT 0,
  "credit"      numeric NOT NULL DEFAULT 0,
  "entry_count" bigint  NOT NULL DEFAULT 0,
  CONSTRAINT "balance_months_pkey" PRIMARY KEY ("org_id", "month", "account_id", "currency"),
  CONSTRAINT "balance_months_first_day" CHECK ("month" = date_trunc('month', "month")::date)
);

-- The rows are updated in place (HOT: no indexed column changes), often: vacuum them sooner than the default.
ALTER TABLE "balance_days" SET (fillfactor = 90, autovacuum_vacuum_scale_factor = 0.05);
ALTER TABLE "balance_months" SET (fillfactor = 70, autovacuum_vacuum_scale_factor = 0.05);

-- One function for the three events, one statement each: the statement's posted rows as signed per-day deltas,
-- added to the days (the main INSERT) and then to the months (the CTE, which Postgres runs after the main query).
-- Each branch names only the transition tables its event has (PL/pgSQL plans a statement when it first runs, so
-- the other branches' names are never looked up). A statement that touches no posted row writes nothing.
CREATE FUNCTION "ledger".keep_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (
      SELECT org_id, day, account_id, currency, sum(debit) AS debit, sum(credit) AS credit, sum(n) AS entry_count
      FROM (SELECT org_id, date AS day, account_id, currency, debit, credit, 1 AS n FROM new_entries WHERE transaction_status = 'posted') AS r
      GROUP BY org_id, day, account_id, currency
      HAVING sum(n) <> 0 OR sum(debit) <> 0 OR sum(credit) <> 0
    ),
    m AS (
      INSERT INTO "ledger".balance_months AS b (org_id, month, account_id, currency, debit, credit, entry_count)
      SELECT org_id, date_trunc('month', day)::date, account_id, currency, sum(debit), sum(credit), sum(entry_count)
      FROM d GROUP BY org_id, date_trunc('month', day)::date, account_id, currency
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (org_id, month, account_id, currency) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, entry_count = b.entry_count + EXCLUDED.entry_count
    )
    INSERT INTO "ledger".balance_days AS b (org_id, day, account_id, currency, debit, credit, entry_count)
    SELECT org_id, day, account_id, currency, debit, credit, entry_count FROM d
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, day, account_id, currency) DO UPDATE
      SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, entry_count = b.entry_count + EXCLUDED.entry_count;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (
      SELECT org_id, day, account_id, currency, sum(debit) AS debit, sum(credit) AS credit, sum(n) AS entry_count
      FROM (SELECT org_id, date AS day, account_id, currency, -debit AS debit, -credit AS credit, -1 AS n FROM old_entries WHERE transaction_status = 'posted') AS r
      GROUP BY org_id, day, account_id, currency
      HAVING sum(n) <> 0 OR sum(debit) <> 0 OR sum(credit) <> 0
    ),
    m AS (
      INSERT INTO "ledger".balance_months AS b (org_id, month, account_id, currency, debit, credit, entry_count)
      SELECT org_id, date_trunc('month', day)::date, account_id, currency, sum(debit), sum(credit), sum(entry_count)
      FROM d GROUP BY org_id, date_trunc('month', day)::date, account_id, currency
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (org_id, month, account_id, currency) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, entry_count = b.entry_count + EXCLUDED.entry_count
    )
    INSERT INTO "ledger".balance_days AS b (org_id, day, account_id, currency, debit, credit, entry_count)
    SELECT org_id, day, account_id, currency, debit, credit, entry_count FROM d
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, day, account_id, currency) DO UPDATE
      SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, entry_count = b.entry_count + EXCLUDED.entry_count;
  ELSE
    WITH d AS (
      SELECT org_id, day, account_id, currency, sum(debit) AS debit, sum(credit) AS credit, sum(n) AS entry_count
      FROM (SELECT org_id, date AS day, account_id, currency, debit, credit, 1 AS n FROM new_entries WHERE transaction_status = 'posted'
              UNION ALL SELECT org_id, date AS day, account_id, currency, -debit AS debit, -credit AS credit, -1 AS n FROM old_entries WHERE transaction_status = 'posted') AS r
      GROUP BY org_id, day, account_id, currency
      HAVING sum(n) <> 0 OR sum(debit) <> 0 OR sum(credit) <> 0
    ),
    m AS (
      INSERT INTO "ledger".balance_months AS b (org_id, month, account_id, currency, debit, credit, entry_count)
      SELECT org_id, date_trunc('month', day)::date, account_id, currency, sum(debit), sum(credit), sum(entry_count)
      FROM d GROUP BY org_id, date_trunc('month', day)::date, account_id, currency
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (org_id, month, account_id, currency) DO UPDATE
        SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, entry_count = b.entry_count + EXCLUDED.entry_count
    )
    INSERT INTO "ledger".balance_days AS b (org_id, day, account_id, currency, debit, credit, entry_count)
    SELECT org_id, day, account_id, currency, debit, credit, entry_count FROM d
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (org_id, day, account_id, currency) DO UPDATE
      SET debit = b.debit + EXCLUDED.debit, credit = b.credit + EXCLUDED.credit, entry_count = b.entry_count + EXCLUDED.entry_count;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER entries_keep_balances_insert AFTER INSERT ON "entries"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger".keep_balances();
CREATE TRIGGER entries_keep_balances_update AFTER UPDATE ON "entries"
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger".keep_balances();
CREATE TRIGGER entries_keep_balances_delete AFTER DELETE ON "entries"
  REFERENCING OLD TABLE AS old_entries FOR EACH STATEMENT EXECUTE FUNCTION "ledger".keep_balances();

-- TRUNCATE fires no row events: emptying the entries empties what is kept from them (a benchmark's reload).
CREATE FUNCTION "ledger".forget_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "ledger".balance_days, "ledger".balance_months;
  RETURN NULL;
END
$$;
CREATE TRIGGER entries_forget_balances AFTER TRUNCATE ON "entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger".forget_balances();

-- The backfill, after the triggers: creating them locked the entries against writes until this migration commits,
-- so every entry is counted exactly once, by the backfill or by a trigger.
INSERT INTO "balance_days" (org_id, day, account_id, currency, debit, credit, entry_count)
SELECT org_id, date, account_id, currency, sum(debit), sum(credit), count(*)
FROM "entries" WHERE transaction_status = 'posted'
GROUP BY org_id, date, account_id, currency;

INSERT INTO "balance_months" (org_id, month, account_id, currency, debit, credit, entry_count)
SELECT org_id, date_trunc('month', day)::date, account_id, currency, sum(debit), sum(credit), sum(entry_count)
FROM "balance_days"
GROUP BY org_id, date_trunc('month', day)::date, account_id, currency;

ANALYZE "balance_days", "balance_months";
