-- The fixtures every bench/pgbench/<name>.sql runs against, in the scratch database `pnpm bench:limits` (bench/limit.ts)
-- migrates with the services' own migrations: one organization, a widget, two ledger accounts, a statement account
-- and a statement, each with a fixed id (00000000-0000-7000-8000-00000000b0..). Run before every measurement; it
-- adds what is missing and leaves what is there.
INSERT INTO platform.organizations (id, slug, name) VALUES ('00000000-0000-7000-8000-00000000b001', 'pgbench-limits', 'pgbench limits')
  ON CONFLICT DO NOTHING;
INSERT INTO snapshot.widgets (id, org_id, name) VALUES ('00000000-0000-7000-8000-00000000b002', '00000000-0000-7000-8000-00000000b001', 'pgbench')
  ON CONFLICT DO NOTHING;
INSERT INTO ledger.accounts (id, org_id, name, type) VALUES
  ('00000000-0000-7000-8000-00000000b003', '00000000-0000-7000-8000-00000000b001', 'pgbench cash', 'asset'),
  ('00000000-0000-7000-8000-00000000b004', '00000000-0000-7000-8000-00000000b001', 'pgbench sales', 'income')
  ON CONFLICT DO NOTHING;
INSERT INTO statement.accounts (id, org_id, name, category, acc_no) VALUES
  ('00000000-0000-7000-8000-00000000b005', '00000000-0000-7000-8000-00000000b001', 'pgbench account', 'bank', '50100000000001')
  ON CONFLICT DO NOTHING;
INSERT INTO statement.statements (id, org_id, account_id, file_name, file_type, status, file_key) VALUES
  ('00000000-0000-7000-8000-00000000b006', '00000000-0000-7000-8000-00000000b001', '00000000-0000-7000-8000-00000000b005', 'pgbench.csv', 'csv', 'completed', 'pgbench')
  ON CONFLICT DO NOTHING;
-- The ingest batch's rows pile up run after run otherwise: each run starts from the same empty statement.
DELETE FROM statement.transactions WHERE statement_id = '00000000-0000-7000-8000-00000000b006';
