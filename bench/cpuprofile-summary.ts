/**
 * `tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]`: where a `node --cpu-prof` profile's busy time went
 * (BENCH_PROFILE of `pnpm bench:ledger-bulk`). Each sample is charged twice: to its own function (self time) and to
 * the first package or workspace file on its stack counted from the top (node internals and system calls go to the
 * code that called them), so "pg 30%" means time spent in pg or below it. Idle samples are left out.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** The owner of a frame: an npm package, a workspace package or service, or '' for node internals and natives. */
function owner(url: string): string {
  if (!url) return '';
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1] as string;
  const mod = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (mod) return mod[1] as string;
  const ws = /\/(packages|services)\/([^/]+)\/(?:build|src)\/(.*)$/.exec(url);
  if (ws) return `${ws[1]}/${ws[2]}/${(ws[3] as string).split('/')[0]}`;
  if (url.startsWith('node:')) return '';
  return url;
}

const self = new Map<string, number>();
const owners = new Map<string, number>();
let busy = 0;
for (const id of profile.samples) {
  const n = byId.get(id) as Node;
  const name = n.callFrame.functionName || '(anonymous)';
  if (name === '(idle)' || name === '(program)') continue;
  busy++;
  const where = owner(n.callFrame.url);
  const label = `${name} ${where || n.callFrame.url.replace(/^.*\//, '') || '(native)'}`;
  self.set(label, (self.get(label) ?? 0) + 1);
  let cursor: Node | undefined = n;
  let charged = name === '(garbage collector)' ? 'garbage collection' : '';
  while (!charged && cursor) {
    charged = owner(cursor.callFrame.url);
    const up = parent.get(cursor.id);
    cursor = up === undefined ? undefined : byId.get(up);
  }
  const key = charged || 'node internals (no caller)';
  owners.set(key, (owners.get(key) ?? 0) + 1);
}
const pct = (v: number) => `${((100 * v) / busy).toFixed(1)}%`;
const list = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `  ${pct(v).padStart(6)}  ${k}`)
    .join('\n');
console.log(`busy samples: ${busy} of ${profile.samples.length}`);
console.log(`by owner (the first package or workspace file on the stack):\n${list(owners)}`);
console.log(`by function (self):\n${list(self)}`);
