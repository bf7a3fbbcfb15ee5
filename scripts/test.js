#!/usr/bin/env node
// pnpm test (and pnpm test:faults with --faults): the phases one after another, each announced with a line, a line
// every HEARTBEAT_S seconds while one runs (a type check or a jest file can be silent for minutes on a loaded
// machine, and CI must say what it is doing), and its duration when it ends. The first phase that fails stops the
// run with its exit status. Arguments after the options go to jest (`pnpm test -- services/ledger`).
const { spawn } = require('node:child_process');
const { join, relative } = require('node:path');
const { firstProblem } = require('./preflight');

const ROOT = join(__dirname, '..');
const HEARTBEAT_S = 20;
const faults = process.argv.includes('--faults');
const jestArgs = process.argv.slice(2).filter((a) => a !== '--faults');
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
const say = (line) => console.log(`[test ${seconds(started)} s] ${line}`);

/** Runs one phase's command with the terminal's output, a heartbeat line while it runs; resolves to its exit status. */
function phase(name, command, args) {
  const shown = [command === process.execPath ? 'node' : command, ...args.map((a) => (a.startsWith(ROOT) ? relative(ROOT, a) : a))];
  say(`${name}: ${shown.join(' ')}`);
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
    const heartbeat = setInterval(() => say(`${name}: still running (${seconds(since)} s)`), HEARTBEAT_S * 1000);
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward).on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      clearInterval(heartbeat);
      process.off('SIGINT', forward).off('SIGTERM', forward);
      const status = code ?? (signal ? 1 : 0);
      say(`${name}: ${status === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(since)} s`);
      resolve(status);
    });
  });
}

async function main() {
  say(`preflight: Node ${process.versions.node}, Postgres and Redis`);
  const problem = await firstProblem('test');
  if (problem) {
    console.error(problem);
    return 1;
  }
  const jest = [require.resolve('jest/bin/jest'), ...(faults ? ['--config', 'jest.faults.config.js'] : []), ...jestArgs];
  const phases = faults
    ? [['fault tests (jest)', process.execPath, jest]]
    : [
        ['test tools (qpdf, chromium)', 'bash', ['scripts/ensure-test-tools.sh']],
        ['typecheck', 'pnpm', ['run', 'typecheck']],
        ['formatting (prettier)', 'pnpm', ['run', 'format:check']],
        ['tests (jest)', process.execPath, jest],
      ];
  for (const [name, command, args] of phases) {
    const status = await phase(name, command, args);
    if (status !== 0) return status;
  }
  say('all phases passed');
  return 0;
}

main().then(
  (status) => process.exit(status),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
