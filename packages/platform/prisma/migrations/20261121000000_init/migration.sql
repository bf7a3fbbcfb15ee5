-- Organizations and API keys, shared by every service.
CREATE TABLE "organizations" (
  "id"         UUID PRIMARY KEY,
  "slug"       TEXT NOT NULL,
  "name"       TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "organizations_slug_format" CHECK ("slug" ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
CREATE UNIQUE INDEX "organizations_slug_key" ON "organizations" ("slug");

CREATE TABLE "api_keys" (
  "id"          UUID PRIMARY KEY,
  "key"         TEXT NOT NULL,
  -- sha256 of the secret, hex; the secret itself is never stored
  "secret_hash" TEXT NOT NULL CHECK (length("secret_hash") = 64),
  "org_id"      UUID NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  "preset"      TEXT NOT NULL CHECK ("preset" IN ('push_only', 'read_only', 'full_access', 'custom')),
  "scopes"      JSONB NOT NULL,
  "expires_at"  TIMESTAMPTZ(3),
  "revoked_at"  TIMESTAMPTZ(3),
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "api_keys_key_key" ON "api_keys" ("key");
CREATE INDEX "api_keys_org_id_idx" ON "api_keys" ("org_id");
