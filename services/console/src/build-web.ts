import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const WEB = join(ROOT, 'web');
const INDEX = join(ROOT, 'dist', 'index.html');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds the browser application into dist/ with Vite when dist/ is missing or older than web/ (a fresh
 * clone, or a changed source). Images ship a built dist/ and no web/ sources, so nothing is built there.
 */
export function ensureWebBuilt(log: (line: string) => void = () => undefined): void {
  if (!existsSync(WEB) || process.env.NODE_ENV === 'production') return;
  if (existsSync(INDEX) && statSync(INDEX).mtimeMs >= newestSource(WEB)) return;
  log('console: building the front end (vite build)');
  // vite is a devDependency of this package, linked into its own node_modules by pnpm.
  const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) throw new Error('the console front end is not built and vite is not installed: run pnpm install');
  execFileSync(process.execPath, [vite, 'build', '--config', join(WEB, 'vite.config.mjs'), '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

if (require.main === module) ensureWebBuilt(console.log);
