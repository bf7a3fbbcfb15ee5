-- benchmark: ledger bulk posts, 500 transactions a request (pnpm bench:ledger-bulk, `bulk`): the limit in transactions/s
--   is this script's tps x 500
-- what: the plain SQL of a bulk of 500 two-entry transactions, as one statement: 500 transactions and their 1,000
--   entries inserted (the kept balances by the entries' triggers, as in the service), accounts picked among the
--   organization's 500; no HTTP, no checks, no locks, no identity probes.
-- run: pgbench -n -c 8 -j 2 -T 20 -D org=<organization id> -f bench/pgbench/ledger-post-bulk.sql <database url>
--   (the default simple protocol: `:org` is substituted as text inside its quotes; -c as BENCH_BULK_CLIENTS)
-- needs: the organization's 500 accounts with source 'bench' and source_ref 'ACC-1'..'ACC-500', which
--   pnpm bench:ledger-bulk creates (it runs this script itself after its bulk run: BENCH_PGBENCH).
WITH acc AS (
  SELECT array_agg(id ORDER BY source_ref) AS ids FROM ledger.accounts WHERE org_id = ':org' AND source = 'bench'
),
items AS (
  SELECT gen_random_uuid() AS id, 1 + (random() * 999999)::bigint AS amount, 1 + (random() * 499)::int AS d, n
  FROM generate_series(1, 500) AS n
),
t AS (
  INSERT INTO ledger.transactions (id, org_id, date, time, narration, type, status, currency, source, source_ref, total_debit, total_credit, entry_count)
  SELECT id, ':org', '2026-06-15', '10:30', 'pgbench bulk posting', 'sale', 'posted', 'INR', 'pgbench-bulk', id::text, amount, amount, 2 FROM items
  RETURNING id, total_debit AS amount
)
INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, dimensions)
SELECT gen_random_uuid(), ':org', t.id, acc.ids[1 + (abs(hashtext(t.id::text || s.side::text)) % 500)], '2026-06-15', 'posted', 'INR',
       CASE WHEN s.side = 1 THEN t.amount ELSE 0 END, CASE WHEN s.side = 2 THEN t.amount ELSE 0 END,
       CASE WHEN s.side = 1 THEN '{"region": "north", "project": "P1", "channel": "web"}'::jsonb ELSE '{}'::jsonb END
FROM t CROSS JOIN acc CROSS JOIN (VALUES (1), (2)) AS s(side);
