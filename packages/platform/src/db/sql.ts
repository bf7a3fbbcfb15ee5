/**
 * Composable, parameterised SQL: Prisma's own tag (a fork of sql-template-tag), so that every repository builds
 * its raw queries the same way and runs them through its Prisma Client (`query`, `execute` in db.ts, or
 * `$queryRaw`). Identifiers only ever come from `raw()` over whitelisted names declared in code, never from input.
 */
export { sqltag as sql, join, raw, empty, Sql } from '@prisma/client/runtime/client';
