#!/usr/bin/env node
// pnpm start: every service (each migrates its own schema on start), the statement worker and the console
// (port 4004), in one command. SIGTERM/SIGINT are passed on; it exits when all have exited.
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
// The worker's heap is bounded as in its benchmark and its container (100,000 rows in ~230 MB RSS; the semi-space
// bound matters on Node 24, whose V8 otherwise sizes the young generation from the machine).
const entries = [
  ['services/snapshot/src/main.ts'],
  ['services/ledger/src/main.ts'],
  ['services/statement/src/main.ts'],
  ['services/statement/src/worker.ts', '--max-old-space-size=256', '--max-semi-space-size=8'],
  // The console builds its browser application first when services/console/dist is missing or stale.
  ['services/console/src/main.ts'],
].filter(([entry]) => existsSync(join(root, entry)));

let exitCode = 0;
let running = entries.length;
const children = entries.map(([entry, ...nodeFlags]) => {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', entry], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (code !== 0 && !stopping) {
      console.error(`${entry} exited (${signal ?? code}); stopping the others`);
      stop('SIGTERM');
    }
    exitCode = Math.max(exitCode, code ?? 1);
    if (--running === 0) process.exit(exitCode);
  });
  return child;
});

let stopping = false;
function stop(signal) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
