-- bounds: pnpm bench:ledger-bulk (bulk posting: POST /transactions/bulk, 500 balanced transactions a request)
-- 500 two-entry transactions and their 1,000 entries in one statement, with the tables' indexes, checks and
-- foreign keys (an entry's account and transaction). No identity probe, account rules, period lock or JSON: the
-- floor a bulk request's writes cannot go under. Kept balances (issue 34, ledger part) are not in it.
-- clients: 8
-- per transaction: 500 transactions
WITH ids AS (
  SELECT g, (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text || g), 1, 19))::uuid AS id
  FROM generate_series(1, 500) g),
tx AS (
  INSERT INTO ledger.transactions (id, org_id, date, narration, total_debit, total_credit, entry_count)
  SELECT id, '00000000-0000-7000-8000-00000000b001', DATE '2025-01-01' + g % 365, 'pgbench sale ' || g, 1000 + g, 1000 + g, 2 FROM ids
  RETURNING id, date, total_debit)
INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, debit, credit, currency)
SELECT gen_random_uuid(), '00000000-0000-7000-8000-00000000b001', tx.id, a.account_id, tx.date, 'posted', a.debit * tx.total_debit, a.credit * tx.total_debit, 'INR'
FROM tx, (VALUES ('00000000-0000-7000-8000-00000000b003'::uuid, 1, 0), ('00000000-0000-7000-8000-00000000b004'::uuid, 0, 1)) AS a(account_id, debit, credit);
