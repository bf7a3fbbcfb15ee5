/**
 * Composable, parameterised SQL with sql-template-tag: every repository builds its queries the same way and
 * runs them through pg (`query`, `execute` in db.ts). Identifiers only ever come from `raw()` over whitelisted
 * names declared in code, never from input.
 */
export { default as sql, join, raw, empty, Sql } from 'sql-template-tag';
