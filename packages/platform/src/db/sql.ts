import { raw, sqltag, type Sql } from '@prisma/client/runtime/client';

/**
 * Composable, parameterised SQL: Prisma's own tag (a fork of sql-template-tag), so that every repository builds
 * its raw queries the same way and runs them through its Prisma Client (`query`, `execute` in db.ts, or
 * `$queryRaw`). Identifiers only ever come from `raw()` over whitelisted names declared in code, never from input.
 */
export { sqltag as sql, join, raw, empty, Sql } from '@prisma/client/runtime/client';

/** The first words of a statement the pool's adapter prepares once per connection (`prepared`). */
export const PREPARED_MARK = '/* prepared */';

/**
 * A hot statement whose plan costs more than its run and does not depend on its values (the ledger's posting CTE):
 * prepared once per connection and then only bound and run. Nothing else is: a named statement gets a generic plan
 * after five runs, which for a search or a report over a date range can be many times slower than one planned for
 * its values (measured in BENCHMARKS.md, issue 21).
 */
export function prepared(statement: Sql): Sql {
  return sqltag`${raw(PREPARED_MARK)} ${statement}`;
}
