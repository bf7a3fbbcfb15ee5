// Issue 12, "One house": the import boundaries of .dependency-cruiser.cjs hold on the real tree, every named
// exception there is still needed, and the check does catch each kind of violation (on a small tree of its own).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');

interface Cruise {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number };
}

/** Runs dependency-cruiser with the project's config over `dirs` of `cwd`; its JSON answer, violations or not. */
async function cruise(cwd: string, dirs: string[]): Promise<Cruise> {
  const args = ['--config', CONFIG, '--output-type', 'json', ...dirs];
  const stdout = await promisify(execFile)(DEPCRUISE, args, { cwd, maxBuffer: 256 * 1024 * 1024 }).then(
    (r) => r.stdout,
    // It exits non-zero when it finds violations; the JSON is still complete on stdout.
    (err: { stdout?: string; stderr?: string }) => {
      if (!err.stdout) throw new Error(`dependency-cruiser failed: ${err.stderr ?? String(err)}`);
      return err.stdout;
    },
  );
  return JSON.parse(stdout) as Cruise;
}

const named = (c: Cruise) => c.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();

let real: Cruise;
beforeAll(async () => {
  real = await cruise(ROOT, ['packages', 'services']);
}, 60_000);

test('packages never import services, services never import each other, and each service keeps its layers', () => {
  expect(real.summary.totalCruised).toBeGreaterThan(200);
  // Each line names the rule (its reason is in .dependency-cruiser.cjs) and the offending import.
  expect(named(real)).toEqual([]);
});

test('every named exception still matches an import (remove the ones whose work is done)', () => {
  const { EXCEPTIONS } = require(CONFIG) as { EXCEPTIONS: { name: string; from: string; to: string }[] };
  const unused = EXCEPTIONS.filter(
    (e) => !real.modules.some((m) => new RegExp(e.from).test(m.source) && m.dependencies.some((d) => new RegExp(e.to).test(d.resolved))),
  ).map((e) => e.name);
  expect(unused).toEqual([]);
});

test('the check catches each kind of violation, and only those, on a tree with known bad imports', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-boundaries-'));
  const files: Record<string, string> = {
    'packages/tool/src/cli.ts': `import { thing } from '../../../services/alpha/src/domain/thing';\nexport const cli = thing;`,
    // By its workspace package name, as the admin CLI once imported the ledger's seeding (node_modules/alpha below).
    'packages/tool/src/by-name.ts': `import { thing } from 'alpha/thing';\nexport const byName = thing;`,
    'services/alpha/package.json': JSON.stringify({ name: 'alpha', exports: { './thing': './src/domain/thing.ts' } }),
    'services/alpha/src/app.ts': [
      `import { routes } from './entry-points/api/routes';`,
      `import { read } from './files/read';`,
      `import { repo } from './data-access/repo';`,
      `export const app = [routes, read, repo];`,
    ].join('\n'),
    'services/alpha/src/entry-points/api/routes.ts': [
      `import { thing } from '../../domain/thing';`,
      `import { repo } from '../../data-access/repo';`,
      `export const routes = [thing, repo];`,
    ].join('\n'),
    'services/alpha/src/domain/thing.ts': [
      `import { repo } from '../data-access/repo';`,
      `import { read } from '../files/read';`,
      `import type { routes } from '../entry-points/api/routes';`,
      `export const thing = [repo, read];`,
      `export type Routes = typeof routes;`,
    ].join('\n'),
    'services/alpha/src/domain/wiring.ts': `import { app } from '../app';\nexport const wiring = app;`,
    'services/alpha/src/data-access/repo.ts': `import { SHAPES } from '../domain/shapes';\nexport const repo = SHAPES;`,
    'services/alpha/src/domain/shapes.ts': `export const SHAPES = ['round'];`,
    'services/alpha/src/files/read.ts': `import { SHAPES } from '../domain/shapes';\nexport const read = SHAPES;`,
    'services/alpha/src/reconcile/match.ts': `import { thing } from '../domain/thing';\nexport const match = thing;`,
    // pg only under the platform's db wiring; everywhere else the Prisma Client (issue 21).
    'services/alpha/src/data-access/raw.ts': `import type { Pool } from 'pg';\nexport type Raw = Pool;`,
    'packages/platform/src/db/pool.ts': `import { Pool } from 'pg';\nexport const pool = Pool;`,
    'packages/platform/src/http/sneaky.ts': `import { Client } from 'pg';\nexport const client = Client;`,
    // The browser code may use the typed client of the APIs, and no other package (issue 23).
    'packages/client/src/index.ts': `export type Paths = { '/api/v1/whoami': unknown };`,
    'services/alpha/web/src/page.ts': [
      `import type { Paths } from '../../../../packages/client/src/index';`,
      `import { pool } from '../../../../packages/platform/src/db/pool';`,
      `export const page: [Paths | undefined, typeof pool] = [undefined, pool];`,
    ].join('\n'),
    'services/beta/src/domain/steal.ts': `import { thing } from '../../../alpha/src/domain/thing';\nexport const steal = thing;`,
    'services/beta/test/e2e.test.ts': [
      `import { app } from '../../alpha/src/app';`,
      `import { thing } from '../../alpha/src/domain/thing';`,
      `export const e2e = [app, thing];`,
    ].join('\n'),
  };
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), `${text}\n`);
    }
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(join(dir, 'services', 'alpha'), join(dir, 'node_modules', 'alpha'), 'dir');
    const found = await cruise(dir, ['packages', 'services']);
    expect(named(found)).toEqual(
      [
        'packages-never-import-services: packages/tool/src/cli.ts -> services/alpha/src/domain/thing.ts',
        'packages-never-import-services: packages/tool/src/by-name.ts -> services/alpha/src/domain/thing.ts',
        'services-never-import-each-other: services/beta/src/domain/steal.ts -> services/alpha/src/domain/thing.ts',
        'service-tests-start-other-services-whole: services/beta/test/e2e.test.ts -> services/alpha/src/domain/thing.ts',
        'entry-points-go-through-the-domain: services/alpha/src/entry-points/api/routes.ts -> services/alpha/src/data-access/repo.ts',
        'domain-not-above-its-layer: services/alpha/src/domain/thing.ts -> services/alpha/src/entry-points/api/routes.ts',
        'data-access-not-above-its-layer: services/alpha/src/data-access/repo.ts -> services/alpha/src/domain/shapes.ts',
        'libraries-import-only-libraries: services/alpha/src/files/read.ts -> services/alpha/src/domain/shapes.ts',
        'nothing-imports-a-composition-root: services/alpha/src/domain/wiring.ts -> services/alpha/src/app.ts',
        'every-file-has-a-layer: services/alpha/src/reconcile/match.ts -> services/alpha/src/domain/thing.ts',
        'only-the-platform-db-wiring-imports-pg: services/alpha/src/data-access/raw.ts -> pg',
        'only-the-platform-db-wiring-imports-pg: packages/platform/src/http/sneaky.ts -> pg',
        'browser-code-stays-in-the-browser: services/alpha/web/src/page.ts -> packages/platform/src/db/pool.ts',
      ].sort(),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
