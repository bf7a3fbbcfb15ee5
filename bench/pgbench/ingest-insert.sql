-- bounds: pnpm bench:ingest (the 100,000-row CSV: its rows stored as transactions by the detect_account step)
-- 5,000 rows a statement into statement.transactions, with its indexes (the trigram index of search among them),
-- foreign keys and day-totals trigger, from rows generated in the statement (the step reads them from the staged
-- rows). The ingest's rows per second against this one's: everything else the ingest does (reading the file,
-- staging, matching, categorising) is on top of it.
-- clients: 1
-- per transaction: 5000 rows
INSERT INTO statement.transactions (id, org_id, account_id, statement_id, date, particulars, inflow, outflow, balance)
SELECT (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text || g), 1, 19))::uuid,
       '00000000-0000-7000-8000-00000000b001', '00000000-0000-7000-8000-00000000b005', '00000000-0000-7000-8000-00000000b006',
       DATE '2022-01-01' + g / 90, 'UPI/' || (300000000000 + g) || '/SWIGGY/swiggy@icici/Payment', 0, 10000 + (g * 7919) % 5000000, 500000000 - g
FROM generate_series(1, 5000) g;
