-- Snapshot service schema. org_id scopes every row; the ids of the platform schema's organizations.
CREATE TABLE "dashboards" (
  "id"          UUID PRIMARY KEY,
  "org_id"      UUID NOT NULL,
  "name"        TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
  "description" TEXT,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "dashboards_org_id_created_at_id_idx" ON "dashboards" ("org_id", "created_at", "id");

CREATE TABLE "widgets" (
  "id"           UUID PRIMARY KEY,
  "org_id"       UUID NOT NULL,
  "dashboard_id" UUID REFERENCES "dashboards" ("id") ON DELETE SET NULL,
  "name"         TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 200),
  "type"         TEXT NOT NULL DEFAULT 'number',
  "description"  TEXT,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- (id, org_id) lets snapshots reference a widget of their own organization only.
CREATE UNIQUE INDEX "widgets_id_org_id_key" ON "widgets" ("id", "org_id");
CREATE INDEX "widgets_org_id_created_at_id_idx" ON "widgets" ("org_id", "created_at", "id");
CREATE INDEX "widgets_dashboard_id_idx" ON "widgets" ("dashboard_id");

CREATE TABLE "tags" (
  "id"         UUID PRIMARY KEY,
  "org_id"     UUID NOT NULL,
  "name"       TEXT NOT NULL CHECK (length("name") BETWEEN 1 AND 64),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "tags_org_id_name_key" ON "tags" ("org_id", "name");

CREATE TABLE "widget_tags" (
  "widget_id" UUID NOT NULL REFERENCES "widgets" ("id") ON DELETE CASCADE,
  "tag_id"    UUID NOT NULL REFERENCES "tags" ("id") ON DELETE CASCADE,
  PRIMARY KEY ("widget_id", "tag_id")
);
CREATE INDEX "widget_tags_tag_id_idx" ON "widget_tags" ("tag_id");

CREATE TABLE "snapshots" (
  "id"         UUID PRIMARY KEY,
  "org_id"     UUID NOT NULL,
  "widget_id"  UUID NOT NULL,
  "data"       JSON NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  FOREIGN KEY ("widget_id", "org_id") REFERENCES "widgets" ("id", "org_id") ON DELETE CASCADE
);
-- History newest first, and the latest point of a widget, are one index range scan.
CREATE INDEX "snapshots_widget_id_created_at_id_idx" ON "snapshots" ("widget_id", "created_at" DESC, "id" DESC);
