-- Issue 36: the transactional outbox of webhook events. A change writes its event here in its own transaction, so
-- an event exists exactly when the change committed; the relay moves unrelayed rows to platform.webhook_deliveries
-- (FOR UPDATE SKIP LOCKED, so relays of several instances take different rows) and marks them relayed.
CREATE TABLE "webhook_outbox" (
  "id"         UUID PRIMARY KEY,
  "org_id"     UUID NOT NULL,
  "type"       TEXT NOT NULL,
  -- the event as it is sent: { id, type, created, organization, data }
  "payload"    JSONB NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "relayed_at" TIMESTAMPTZ(3)
);
CREATE INDEX "webhook_outbox_pending_idx" ON "webhook_outbox" ("id") WHERE "relayed_at" IS NULL;
