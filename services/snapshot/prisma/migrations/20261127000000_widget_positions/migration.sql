-- A widget's place on its dashboard (issue 23): 1, 2, 3, ... in the order the dashboard shows them; null on a
-- widget that is on no dashboard. Existing widgets keep the order they were shown in until now, oldest first.
ALTER TABLE "snapshot".widgets ADD COLUMN "position" INTEGER;
UPDATE "snapshot".widgets w
   SET "position" = n.rn
  FROM (SELECT id, row_number() OVER (PARTITION BY dashboard_id ORDER BY created_at, id) AS rn
          FROM "snapshot".widgets WHERE dashboard_id IS NOT NULL) n
 WHERE w.id = n.id;
-- A widget on a dashboard always has a place there, and only such a widget has one.
ALTER TABLE "snapshot".widgets
  ADD CONSTRAINT widgets_position_check CHECK ((dashboard_id IS NULL) = ("position" IS NULL) AND ("position" IS NULL OR "position" >= 1));
-- The dashboard's widgets in order are one index range scan; the index still serves the foreign key's lookups.
DROP INDEX "snapshot".widgets_dashboard_id_idx;
CREATE INDEX "widgets_dashboard_id_position_id_idx" ON "snapshot".widgets ("dashboard_id", "position", "id");
