-- Balances, reports and the account ledger page read entries_account_id_status_date_idx index-only, which
-- only skips the heap for pages the visibility map marks all-visible. Entries are append-mostly, so the
-- default insert-driven autovacuum (after 20% new rows) would leave a large table's newest pages unmarked for
-- long stretches; 1% keeps the map close to current. Transactions are read by primary key: default is fine.
ALTER TABLE "entries" SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_insert_threshold = 10000);
