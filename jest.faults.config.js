/**
 * The fault tests (`pnpm test:faults`, run by .ci/run after `pnpm test`): Postgres restarted, Redis stopped,
 * a worker killed, each on servers of the test's own. One file at a time: they stop and start servers and
 * time their outages, which a busy machine would blur.
 */
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['**/test/faults/**/*.fault.ts'],
  maxWorkers: 1,
  // Each file starts and stops servers of its own; the limit only catches a hang (see jest.config.js).
  testTimeout: 600_000,
};
