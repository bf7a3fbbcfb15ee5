-- Room on every page for the rows' categorisation (issue 34). A statement's rows are inserted by detect_account
-- and then categorised by one UPDATE of (nearly) all of them; with full pages each new row version went to
-- another page, so every index of the table took a new entry per row, the trigram index of search among them:
-- 100,000 rows took as long to categorise as to insert. With half of each page free the new versions stay on
-- their page and, since categorisation writes no indexed column, are heap-only (HOT) updates: no index entry at
-- all (84% of 100,000 rows HOT, the UPDATE 5 times faster, BENCHMARKS.md). A person's edits and rule runs take
-- the same path. Pages already written keep their layout; the setting applies to rows inserted from now on.
ALTER TABLE "statement"."transactions" SET (fillfactor = 50);
