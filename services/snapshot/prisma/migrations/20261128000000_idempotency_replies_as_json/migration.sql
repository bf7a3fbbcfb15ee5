-- A key's reply is kept as json, the text the service wrote, instead of jsonb (issue 20): a keyed post builds it in
-- its posting statement, and parsing it into jsonb there cost more Postgres CPU than the rest of the key's row.
-- Nothing queries inside a reply; it is only read back whole, for a replay. The table holds at most a day of
-- keys; the rewrite locks it while it runs, so keyed requests wait for it and unkeyed ones do not.
ALTER TABLE "snapshot".idempotency_keys ALTER COLUMN response TYPE json USING response::json;
