// @ts-check
/**
 * Mutation testing of the amount, date and header readers: `pnpm mutate` at the repository root (not in CI, not
 * in pnpm test; see README). Stryker runs from this package, so its sandbox is a copy of this package only, with
 * this package's node_modules (pnpm's symlinks) linked in; jest, @swc/jest and fast-check resolve from the
 * repository's node_modules above the sandbox (/.stryker-tmp at the repository root).
 */
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's default plugin glob looks beside its core package, where pnpm's layout has no jest runner; the
  // runner's ES module entry (its CommonJS entry is a jest environment, not the plugin) is named instead.
  plugins: [import.meta.resolve('@stryker-mutator/jest-runner')],
  testRunner: 'jest',
  // A mutant's run loads only the test files that import its file (jest --findRelatedTests): a static mutant (a
  // vocabulary list, a module-level regex), which perTest coverage cannot narrow to its tests, then runs the tests
  // of its own module and of the table model that calls it, not every file's.
  jest: { projectType: 'custom', configFile: 'jest.mutate.config.cjs', enableFindRelatedTests: true },
  mutate: ['src/amounts.ts', 'src/dates.ts', 'src/header.ts'],
  // Copy only what the tests read: the sources and the tests (fixtures included), not benchmarks or reports.
  ignorePatterns: ['/*', '!/src', '!/test', '!/package.json', '!/tsconfig.json', '!/jest.mutate.config.cjs', '/test/bench-read.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 30000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: null },
  // The sandbox goes beside the repository's roots, not inside this package: the root jest run (pnpm test) and the
  // type check would otherwise find a second copy of the package and its tests while a run is on.
  tempDirName: '../../.stryker-tmp',
  cleanTempDir: true,
};
