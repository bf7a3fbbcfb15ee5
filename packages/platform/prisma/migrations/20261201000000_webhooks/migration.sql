-- Issue 36: webhooks. One registry of endpoints per organization, shared by every service like API keys are, and
-- the deliveries of events to them with every attempt. Each service keeps its own outbox (its schema's
-- webhook_outbox, written in the transaction of the change); its relay turns outbox rows into deliveries here.
CREATE TABLE "platform"."webhook_endpoints" (
  "id"                         UUID PRIMARY KEY,
  "org_id"                     UUID NOT NULL REFERENCES "platform"."organizations" ("id") ON DELETE CASCADE,
  "url"                        TEXT NOT NULL CHECK (length("url") BETWEEN 1 AND 2048),
  "description"                TEXT CHECK (length("description") <= 500),
  -- the catalogue's types it receives (never empty)
  "event_types"                TEXT[] NOT NULL CHECK (cardinality("event_types") >= 1),
  "enabled"                    BOOLEAN NOT NULL DEFAULT true,
  -- why the platform disabled it (it kept failing); NULL when enabled or disabled by a person
  "disabled_reason"            TEXT,
  -- the signing secret, sealed by the secret box (WEBHOOK_SECRET_KEY) and bound to the endpoint id
  "secret_enc"                 TEXT NOT NULL,
  -- after a rotation: the previous secret, also signed with until it expires
  "previous_secret_enc"        TEXT,
  "previous_secret_expires_at" TIMESTAMPTZ(3),
  "last_success_at"            TIMESTAMPTZ(3),
  "created_at"                 TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"                 TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "webhook_endpoints_org_id_idx" ON "platform"."webhook_endpoints" ("org_id");

-- One event for one endpoint. At least once: (endpoint, event) is unique, so a relay that runs twice adds nothing.
CREATE TABLE "platform"."webhook_deliveries" (
  "id"               UUID PRIMARY KEY,
  "org_id"           UUID NOT NULL,
  "endpoint_id"      UUID NOT NULL REFERENCES "platform"."webhook_endpoints" ("id") ON DELETE CASCADE,
  "event_id"         UUID NOT NULL,
  "event_type"       TEXT NOT NULL,
  -- the service whose outbox it came from (or that made it: test events, notices)
  "service"          TEXT NOT NULL,
  -- the event as it is sent: { id, type, created, organization, data }
  "payload"          JSONB NOT NULL,
  "status"           TEXT NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'succeeded', 'failed')),
  "attempt_count"    INTEGER NOT NULL DEFAULT 0,
  "next_attempt_at"  TIMESTAMPTZ(3),
  "last_status_code" INTEGER,
  "created_at"       TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"       TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "platform"."webhook_deliveries" ("endpoint_id", "event_id");
CREATE INDEX "webhook_deliveries_status_idx" ON "platform"."webhook_deliveries" ("status", "updated_at") WHERE "status" = 'pending';

-- Every try of a delivery: what the endpoint answered (or why nothing came back) and when the next try is.
CREATE TABLE "platform"."webhook_attempts" (
  "id"              UUID PRIMARY KEY,
  "delivery_id"     UUID NOT NULL REFERENCES "platform"."webhook_deliveries" ("id") ON DELETE CASCADE,
  "started_at"      TIMESTAMPTZ(3) NOT NULL,
  "duration_ms"     INTEGER NOT NULL,
  "status_code"     INTEGER,
  "error"           TEXT,
  "next_attempt_at" TIMESTAMPTZ(3)
);
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "platform"."webhook_attempts" ("delivery_id", "started_at");
