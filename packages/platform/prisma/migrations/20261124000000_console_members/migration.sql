-- The people of an organization who sign in to the console (services/console), and their sessions.
-- The three APIs never read these tables: they keep authenticating by API key and secret only.
CREATE TABLE "members" (
  "id"                   UUID PRIMARY KEY,
  "org_id"               UUID NOT NULL REFERENCES "organizations" ("id") ON DELETE CASCADE,
  -- stored lower-case; one sign-in per address across organizations
  "email"                TEXT NOT NULL CHECK ("email" = lower("email") AND length("email") BETWEEN 3 AND 254),
  -- scrypt$N$r$p$<salt base64>$<hash base64> (node:crypto scrypt, a random 16-byte salt per password)
  "password_hash"        TEXT NOT NULL CHECK ("password_hash" LIKE 'scrypt$%'),
  "role"                 TEXT NOT NULL CHECK ("role" IN ('admin', 'member')),
  -- true for a one-time password (admin CLI or an admin in the console) until the member sets their own
  "must_change_password" BOOLEAN NOT NULL DEFAULT true,
  "created_at"           TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "password_changed_at"  TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "members_email_key" ON "members" ("email");
CREATE INDEX "members_org_id_idx" ON "members" ("org_id");

CREATE TABLE "member_sessions" (
  "id"             UUID PRIMARY KEY,
  -- sha256 (hex) of the cookie's random session id; the id itself is never stored
  "token_hash"     TEXT NOT NULL CHECK (length("token_hash") = 64),
  "member_id"      UUID NOT NULL REFERENCES "members" ("id") ON DELETE CASCADE,
  "csrf_token"     TEXT NOT NULL,
  -- the short-lived API key the console issued for this session, and its secret encrypted by the console
  "api_key"        TEXT NOT NULL,
  "api_secret_enc" TEXT NOT NULL,
  "created_at"     TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "expires_at"     TIMESTAMPTZ(3) NOT NULL,
  "ended_at"       TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "member_sessions_token_hash_key" ON "member_sessions" ("token_hash");
CREATE UNIQUE INDEX "member_sessions_api_key_key" ON "member_sessions" ("api_key");
CREATE INDEX "member_sessions_member_id_idx" ON "member_sessions" ("member_id");
