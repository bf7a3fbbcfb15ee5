/**
 * The jest run `pnpm mutate` (stryker.config.mjs) uses: the unit tests of the amount, date and header readers
 * and of the table model that calls them, without the repository's global setup (no database), so a mutant's
 * run takes a second. The reader tests (CSV, structured formats, PDF, spreadsheets, 100,000 rows) are left out:
 * they reach the same functions through slower paths, and a mutant only they would catch is a gap in the unit
 * tests' tables.
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/test/amounts.test.ts',
    '<rootDir>/test/dates.test.ts',
    '<rootDir>/test/header.test.ts',
    '<rootDir>/test/header-vocabulary.test.ts',
    '<rootDir>/test/table.test.ts',
    '<rootDir>/test/csv-layout.test.ts',
  ],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  maxWorkers: 1,
};
