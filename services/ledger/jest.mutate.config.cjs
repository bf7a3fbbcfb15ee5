/**
 * The jest run `pnpm mutate:ledger` (stryker.config.mjs) uses: the unit tests of the reconciliation matching and of
 * the fiscal calendar only,
 * without the repository's global setup (no database), so a mutant's run takes a second or two.
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/reconciliation-matching*.test.ts', '<rootDir>/test/fiscal-calendar.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  maxWorkers: 1,
};
