/** One jest run over every package and service. Test files isolate themselves by organization, so they run in parallel. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }],
  },
  // The generated Prisma Clients import their own files as `./x.js` (ESM style); the sources are TypeScript.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  globalSetup: '<rootDir>/test/global-setup.ts',
  // A timeout only catches a test that hangs; it never decides an outcome. At a load average of 20 on 2 cores a
  // sign-in (scrypt) or a browser step takes ten times as long as on an idle machine, so one limit for every file,
  // set where a slow machine cannot reach it.
  testTimeout: 300_000,
  maxWorkers: 2,
  reporters: ['default', '<rootDir>/test/summary-reporter.js'],
};
