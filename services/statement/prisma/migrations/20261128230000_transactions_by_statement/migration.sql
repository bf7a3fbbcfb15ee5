-- GET /transactions?statement_id= (issue 23) reads one statement's rows in date order: the statement's index
-- carries (date, id) after the statement, so a page is an ordered index scan however large the statement and
-- wherever it sits in its account (it replaces the plain statement_id index, which it covers). Neither column is
-- one categorisation writes, so rule runs stay HOT updates.
CREATE INDEX "transactions_statement_id_date_id_idx" ON "statement"."transactions" ("statement_id", "date", "id");
DROP INDEX "statement"."transactions_statement_id_idx";
