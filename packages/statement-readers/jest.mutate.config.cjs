/**
 * The jest run `pnpm mutate` (stryker.config.mjs) uses: only the fast unit tests that exercise the amount, date
 * and header readers, without the repository's global setup (no database), so one mutant's run takes seconds.
 * The PDF, spreadsheet and 100,000-row tests are left out: they reach the same functions through slower paths.
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: [
    '<rootDir>/test/amounts.test.ts',
    '<rootDir>/test/dates.test.ts',
    '<rootDir>/test/header.test.ts',
    '<rootDir>/test/table.test.ts',
    '<rootDir>/test/csv-layout.test.ts',
    '<rootDir>/test/csv.test.ts',
    '<rootDir>/test/formats.test.ts',
  ],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  maxWorkers: 1,
};
