/**
 * The package's own test run (`pnpm --filter @finance/statement-readers test`): every reader test, with no global
 * setup, since nothing here touches Postgres or Redis (the repository's jest run migrates a database first).
 * qpdf builds the encrypted PDF fixtures (scripts/ensure-test-tools.sh).
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  // A timeout only catches a hang (see the repository's jest.config.js).
  testTimeout: 300_000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/../../test/summary-reporter.js'],
};
