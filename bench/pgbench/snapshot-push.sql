-- bounds: pnpm bench (snapshot pushes: POST /widgets/<id>/snapshots, one data point)
-- The push's effect as plain SQL: the widget's organization checked and the point stored in one statement, its
-- row returned (what the service's one INSERT ... SELECT ... RETURNING does, services/snapshot/src/data-access/
-- snapshots.repo.ts), with a time-ordered id as the service's UUIDv7. No API key, rate limit, JSON or HTTP.
-- clients: 8
-- per transaction: 1 pushes
INSERT INTO snapshot.snapshots (id, org_id, widget_id, data)
SELECT (lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 19))::uuid,
       w.org_id, w.id, '{"value":1234.5,"label":"MRR","unit":"INR"}'::json
FROM snapshot.widgets w
WHERE w.id = '00000000-0000-7000-8000-00000000b002' AND w.org_id = '00000000-0000-7000-8000-00000000b001'
RETURNING id, widget_id, data, created_at;
