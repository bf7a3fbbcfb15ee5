-- benchmark: ledger single posts without an Idempotency-Key (pnpm bench:ledger-bulk, `single_posts_without_keys`)
-- what: the plain SQL a post must run, as one statement: the two accounts read, the transaction and its two entries
--   inserted (the kept balances by the entries' triggers, as in the service); no HTTP, no checks, no locks.
-- run: pgbench -n -c 64 -j 2 -T 20 -D org=<organization id> -f bench/pgbench/ledger-post.sql <database url>
--   (the default simple protocol: `:org` is substituted as text inside its quotes)
-- needs: the organization's 500 accounts with source 'bench' and source_ref 'ACC-1'..'ACC-500', which
--   pnpm bench:ledger-bulk creates (it runs this script itself after its own single posts: BENCH_PGBENCH).
\set d random(1, 500)
\set c 1 + (:d + random(0, 498)) % 500
\set amount random(1, 1000000)
WITH a AS (
  SELECT (SELECT id FROM ledger.accounts WHERE org_id = ':org' AND source = 'bench' AND source_ref = 'ACC-' || :d) AS debit_account,
         (SELECT id FROM ledger.accounts WHERE org_id = ':org' AND source = 'bench' AND source_ref = 'ACC-' || :c) AS credit_account
),
t AS (
  INSERT INTO ledger.transactions (id, org_id, date, time, narration, type, status, currency, source, source_ref, total_debit, total_credit, entry_count)
  VALUES (gen_random_uuid(), ':org', '2026-06-15', '10:30', 'pgbench posting', 'sale', 'posted', 'INR', 'pgbench', gen_random_uuid()::text, :amount, :amount, 2)
  RETURNING id
)
INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, dimensions)
SELECT gen_random_uuid(), ':org', t.id, e.account, '2026-06-15', 'posted', 'INR', e.debit, e.credit, e.dimensions
FROM t, a, LATERAL (VALUES (a.debit_account, :amount::bigint, 0::bigint, '{"region": "north", "project": "P1", "channel": "web"}'::jsonb),
                           (a.credit_account, 0::bigint, :amount::bigint, '{}'::jsonb)) AS e(account, debit, credit, dimensions);
