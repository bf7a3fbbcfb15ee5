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
  jest: { projectType: 'custom', configFile: 'jest.mutate.config.cjs', enableFindRelatedTests: false },
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
