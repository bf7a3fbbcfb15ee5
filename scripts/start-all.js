#!/usr/bin/env node
// pnpm start: every service (each migrates its own schema on start), the statement worker and the console
// (port 4004; its /readyz and /metrics on the operators' port 4014, CONSOLE_OPS_PORT), in one command, run from the compiled JavaScript the images ship (scripts/build.js; only what changed
// is recompiled). Postgres, Redis and the project's Node are checked first (scripts/preflight.js).
// SIGTERM/SIGINT are passed on; it exits when all have exited.
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { compileAll, CONDITION } = require('./build');
const { firstProblem } = require('./preflight');

const root = join(__dirname, '..');
// The worker's heap is bounded as in its benchmark and its container (100,000 rows in ~230 MB RSS; the semi-space
// bound matters on Node 24, whose V8 otherwise sizes the young generation from the machine).
const entries = [
  ['services/snapshot/build/main.js'],
  ['services/ledger/build/main.js'],
  ['services/statement/build/main.js'],
  ['services/statement/build/worker.js', '--max-old-space-size=256', '--max-semi-space-size=8'],
  // The console builds its browser application first when services/console/dist is missing or stale.
  ['services/console/build/main.js'],
];

let exitCode = 0;
let stopping = false;
let children = [];

function stop(signal) {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

async function main() {
  const problem = await firstProblem('start');
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(`start: Node ${process.versions.node}; compiling what changed`);
  compileAll();
  const present = entries.filter(([entry]) => existsSync(join(root, entry)));
  let running = present.length;
  console.log(`start: starting ${present.map(([entry]) => entry).join(', ')} (each applies its migrations first)`);
  children = present.map(([entry, ...nodeFlags]) => {
    // The `compiled` condition sends imports of workspace packages to their build/ rather than their src/.
    const child = spawn(process.execPath, [...nodeFlags, `--conditions=${CONDITION}`, entry], { cwd: root, stdio: 'inherit', env: process.env });
    child.on('exit', (code, signal) => {
      if (code !== 0 && !stopping) {
        console.error(`${entry} exited (${signal ?? code}); stopping the others`);
        stop('SIGTERM');
      }
      exitCode = Math.max(exitCode, code ?? 1);
      if (--running === 0) {
        if (stopping && exitCode === 0) console.log('start: every service stopped cleanly');
        process.exit(exitCode);
      }
    });
    return child;
  });
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
