-- A key's row is now written only in its effect's commit; a request in flight holds an advisory lock in its
-- transaction instead of a committed 'running' claim (issue 20), so the claim's columns go.
DELETE FROM "snapshot".idempotency_keys WHERE state = 'running';
ALTER TABLE "snapshot".idempotency_keys
  DROP COLUMN state,
  DROP COLUMN token,
  DROP COLUMN lease_expires_at,
  ALTER COLUMN status SET NOT NULL;
