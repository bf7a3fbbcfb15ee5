-- Idempotency-Keys live with the effects they guard (issue 20): the platform claims a key here ('running', with a
-- lease and a token), then commits the effect and this row's 'done' reply in one transaction. Redis kept them before.
CREATE TABLE "statement".idempotency_keys (
  org_id            uuid        NOT NULL,
  key               text        NOT NULL,
  fingerprint       text        NOT NULL,
  state             text        NOT NULL CHECK (state IN ('running', 'done')),
  token             uuid        NOT NULL,
  status            integer,
  response          jsonb,
  lease_expires_at  timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  PRIMARY KEY (org_id, key)
);
-- The background sweep deletes expired keys in bounded batches, oldest first.
CREATE INDEX idempotency_keys_expires_at_idx ON "statement".idempotency_keys (expires_at);
