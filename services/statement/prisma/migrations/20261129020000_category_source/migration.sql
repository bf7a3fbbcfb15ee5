-- Where a row's categorisation (category, entity, type, po, comments: the fields a rule or a person may set) came
-- from (issue 30): 'manual' (a person, PATCH /transactions/<id>), 'rule' (a rule run or categorisation on import;
-- category_rule_id names the rule), 'import' (came with the data: seeded rows, and rows older than this column),
-- or null (nobody has categorised the row). Rule runs and categorisation on import leave 'manual' rows alone
-- unless a run says override_manual. category_rule_id has no foreign key: a deleted rule's rows keep the
-- categorisation it gave them, and the id still says which rule that was.
ALTER TABLE "statement"."transactions"
  ADD COLUMN "category_source" TEXT,
  ADD COLUMN "category_rule_id" UUID,
  ADD CONSTRAINT "transactions_category_source_check" CHECK ("category_source" IN ('manual', 'rule', 'import')),
  ADD CONSTRAINT "transactions_category_rule_id_check" CHECK (("category_source" IS NOT DISTINCT FROM 'rule') = ("category_rule_id" IS NOT NULL));

-- Rows stored before this column: nothing recorded whether a person or a rule set their categorisation, so they
-- cannot be told apart; those with any categorisation count as 'import' (rules may change them, as before), the
-- rest as uncategorised. Neither column is one the day-totals trigger watches.
UPDATE "statement"."transactions" SET "category_source" = 'import'
WHERE "category" IS NOT NULL OR "entity" IS NOT NULL OR "po" IS NOT NULL OR "comments" IS NOT NULL OR "type" <> 'unknown';
