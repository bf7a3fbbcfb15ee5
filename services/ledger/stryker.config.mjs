// @ts-check
/**
 * Mutation testing of the reconciliation matching (issue 22) and of the fiscal calendar (issue 24: which year an
 * income or expense is retained or current in, and the comparison periods): `pnpm mutate:ledger` at the repository root (not in CI,
 * not in pnpm test). Stryker runs from this service, so its sandbox is a copy of the service's sources and tests
 * only, with its node_modules (pnpm's symlinks) linked in; jest and @swc/jest resolve from the repository's
 * node_modules above the sandbox (/.stryker-tmp at the repository root). The jest run (jest.mutate.config.cjs) is
 * the two modules' unit tests alone: no database, no services. One module alone: `pnpm mutate:ledger --mutate
 * src/domain/fiscal-calendar.ts`.
 */
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Stryker's default plugin glob looks beside its core package, where pnpm's layout has no jest runner; the
  // runner's ES module entry (its CommonJS entry is a jest environment, not the plugin) is named instead.
  plugins: [import.meta.resolve('@stryker-mutator/jest-runner')],
  testRunner: 'jest',
  jest: { projectType: 'custom', configFile: 'jest.mutate.config.cjs', enableFindRelatedTests: false },
  mutate: ['src/domain/reconciliation-matching.ts', 'src/domain/fiscal-calendar.ts'],
  // Copy only what the tests read: the sources and the tests, not the Prisma schema or migrations.
  ignorePatterns: ['/*', '!/src', '!/test', '!/package.json', '!/tsconfig.json', '!/jest.mutate.config.cjs'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  // A mutant that loops (the flow's search) times out after this beyond the run's usual time, not 30 s.
  timeoutMS: 5000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: null },
  // The sandbox goes beside the repository's roots, not inside this service: the root jest run (pnpm test) and the
  // type check would otherwise find a second copy of the service and its tests while a run is on.
  tempDirName: '../../.stryker-tmp',
  cleanTempDir: true,
};
