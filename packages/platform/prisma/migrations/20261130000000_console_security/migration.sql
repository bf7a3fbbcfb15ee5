-- Issue 23 (security review of the console): a read-only `viewer` role; members can be disabled (and removed);
-- one-time passwords expire; TOTP two-factor sign-in with single-use recovery codes, which an organization can
-- require of its admins.
ALTER TABLE "platform"."members" DROP CONSTRAINT "members_role_check";
ALTER TABLE "platform"."members" ADD CONSTRAINT "members_role_check" CHECK ("role" IN ('admin', 'member', 'viewer'));
ALTER TABLE "platform"."members"
  -- a disabled member cannot sign in; their sessions were ended and session keys revoked when it was set
  ADD COLUMN "disabled_at"                  TIMESTAMPTZ(3),
  -- when the current one-time password stops working (NULL once the member chose their own)
  ADD COLUMN "one_time_password_expires_at" TIMESTAMPTZ(3),
  -- the TOTP secret sealed by the console's secret box (bound to the member id); enabled once a code confirmed it
  ADD COLUMN "totp_secret_enc"              TEXT,
  ADD COLUMN "totp_enabled_at"              TIMESTAMPTZ(3),
  -- the last TOTP time step accepted: a code is never accepted twice
  ADD COLUMN "totp_last_step"               BIGINT;

-- Members' one-time passwords issued before this migration expire like new ones would, counted from now.
UPDATE "platform"."members" SET "one_time_password_expires_at" = now() + interval '72 hours' WHERE "must_change_password";

ALTER TABLE "platform"."organizations" ADD COLUMN "require_admin_totp" BOOLEAN NOT NULL DEFAULT false;

-- Recovery codes: sha256 (hex) of each code (128 random bits, so a fast hash is enough), usable once.
CREATE TABLE "platform"."member_recovery_codes" (
  "id"         UUID PRIMARY KEY,
  "member_id"  UUID NOT NULL REFERENCES "platform"."members" ("id") ON DELETE CASCADE,
  "code_hash"  TEXT NOT NULL CHECK (length("code_hash") = 64),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "used_at"    TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "member_recovery_codes_member_id_code_hash_key" ON "platform"."member_recovery_codes" ("member_id", "code_hash");
