-- Issue 23: a name on each key (set when it is made: the console, `pnpm admin keys create --name`), and when it was
-- last used, written by the key check at most once a minute per key and process (packages/platform/src/auth).
ALTER TABLE "platform"."api_keys"
  ADD COLUMN "name" TEXT CHECK ("name" IS NULL OR length("name") BETWEEN 1 AND 100),
  ADD COLUMN "last_used_at" TIMESTAMPTZ(3);
