#!/usr/bin/env node
// pnpm build: what ships, built once. The Prisma Clients are generated from their schemas, then every workspace package's src/ becomes CommonJS JavaScript in build/ beside it
// (same depth, so paths like `join(__dirname, '..', 'prisma')` and worker files next to their loader still hold),
// then each package's own `build` script runs (the console's Vite bundle). `pnpm start` and every image run build/.
//
// Each file is transpiled on its own with TypeScript (tsconfig.base.json has isolatedModules, which guarantees
// that this gives what a whole-program emit would): typing is `pnpm typecheck`'s job, and a start need not wait for
// it. Files in src/ that are not TypeScript (the worker threads' .mjs, JSON, SQL) are copied as they are, wherever
// they are. Packages resolve each other's build/ through the `compiled` export condition (see checkExports).
const { execFileSync } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const OUT = 'build';
const CONDITION = 'compiled';

/** packages/* and services/* folders that have a src/. */
function workspacePackages() {
  return ['packages', 'services'].flatMap((group) =>
    readdirSync(join(ROOT, group), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(ROOT, group, d.name, 'package.json')) && existsSync(join(ROOT, group, d.name, 'src')))
      .map((d) => join(ROOT, group, d.name)),
  );
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]));
}

/** Removes the folders under dir left empty (their sources moved away); answers whether dir itself is now empty. */
function removeEmptyFolders(dir) {
  let empty = true;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (d.isDirectory() && removeEmptyFolders(join(dir, d.name))) rmSync(join(dir, d.name), { recursive: true });
    else empty = false;
  }
  return empty;
}

/** build/ path of a src/ file: .ts -> .js, .mts -> .mjs, .cts -> .cjs; anything else keeps its name. */
function outputOf(pkg, file) {
  const out = join(pkg, OUT, relative(join(pkg, 'src'), file));
  return out.replace(/\.([mc]?)ts$/, (_, m) => `.${m}js`);
}

const isTypeScript = (file) => /\.[mc]?ts$/.test(file) && !/\.d\.[mc]?ts$/.test(file);

/**
 * A package whose manifest sends importers to src/*.ts must also offer its build/ under the `compiled` condition,
 * or compiled code would load TypeScript from it; and its "files" must name build/, which is what `pnpm deploy`
 * copies into an image (and src/ not). Checked here so that a new package fails the build, not a start.
 */
function checkExports(pkg) {
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const problems = [];
  if (typeof manifest.main === 'string' && /\.ts$/.test(manifest.main) && !manifest.exports) {
    problems.push(`"main" is ${manifest.main} and there is no "exports" map`);
  }
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    // Exports outside src/ (a package's test helpers, "./testing": "./test/testing.ts") are for tests only.
    if (typeof target === 'string' && !target.startsWith('./src/')) continue;
    if (typeof target === 'string' ? /\.ts$/.test(target) : !target?.[CONDITION]) {
      problems.push(`exports["${subpath}"] has no "${CONDITION}" condition`);
    }
  }
  if (!(manifest.files ?? []).includes(OUT)) problems.push(`"files" does not list "${OUT}" (what an image gets of this package)`);
  if (problems.length > 0) {
    const name = relative(ROOT, pkg);
    throw new Error(
      `${name}/package.json: ${problems.join('; ')}. Write each export as { "${CONDITION}": "./${OUT}/<file>.js", "default": "./src/<file>.ts" }` +
        ` and "files": ["${OUT}", ...the folders it reads at run time].`,
    );
  }
}

/** Transpiles the files whose output is missing or older than the source; removes outputs whose source is gone. */
function compilePackage(pkg, ts, compilerOptions, log) {
  checkExports(pkg);
  // Type declarations and notes (README.md in src/) do not run.
  const sources = filesUnder(join(pkg, 'src')).filter((f) => !/\.d\.[mc]?ts$/.test(f) && !f.endsWith('.md'));
  const wanted = new Set(sources.map((f) => outputOf(pkg, f)));
  if (existsSync(join(pkg, OUT))) {
    for (const stale of filesUnder(join(pkg, OUT))) if (!wanted.has(stale)) rmSync(stale);
    removeEmptyFolders(join(pkg, OUT));
  }
  const todo = sources.filter((f) => {
    const out = outputOf(pkg, f);
    return !existsSync(out) || statSync(out).mtimeMs < statSync(f).mtimeMs;
  });
  if (todo.length === 0) return 0;
  log(`build: ${relative(ROOT, pkg)}: ${todo.length} of ${sources.length} files -> ${relative(ROOT, join(pkg, OUT))}/`);
  for (const file of todo) {
    const out = outputOf(pkg, file);
    mkdirSync(dirname(out), { recursive: true });
    if (!isTypeScript(file)) {
      copyFileSync(file, out);
      continue;
    }
    const result = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions, fileName: file, reportDiagnostics: true });
    const errors = (result.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) throw new Error(`${relative(ROOT, file)}: ${ts.flattenDiagnosticMessageText(errors[0].messageText, ' ')}`);
    writeFileSync(out, result.outputText);
  }
  return todo.length;
}

/** Compiles every package's src/ into its build/ (only what changed). */
function compileAll(log = console.log) {
  const ts = require('typescript');
  const base = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), ts.sys.readFile);
  if (base.error) throw new Error(ts.flattenDiagnosticMessageText(base.error.messageText, ' '));
  const { options } = ts.convertCompilerOptionsFromJson(base.config.compilerOptions, ROOT);
  // Plain JavaScript with no maps and no declarations: what runs, nothing else.
  const compilerOptions = { ...options, sourceMap: false, inlineSourceMap: false, declaration: false, noEmit: false };
  let count = 0;
  for (const pkg of workspacePackages()) count += compilePackage(pkg, ts, compilerOptions, log);
  if (count === 0) log('build: compiled JavaScript is up to date');
}

module.exports = { compileAll, CONDITION };

if (require.main === module) {
  try {
    // --compile-only: what a service's own `pnpm --filter <service> start` needs before it runs build/ (the Prisma
    // Clients come from pnpm install; the console builds its browser application itself when it is missing).
    if (process.argv.includes('--compile-only')) {
      compileAll();
      process.exit(0);
    }
    // The Prisma Clients first (also generated on install): they are part of each package's src/.
    require('./prisma-generate').generateAll();
    compileAll();
    // Then each package's own build (the console's browser application, with Vite), with pnpm's progress shown.
    execFileSync('pnpm', ['--recursive', '--if-present', '--reporter=append-only', 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
