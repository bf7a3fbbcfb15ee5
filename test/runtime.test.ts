// The README's commands run on the project's own Node 24 (the `node` devDependency), whatever Node was first on PATH
// when they were typed: jest's workers, and the processes tests and services start with process.execPath or tsx.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const major = (version: string) => Number(version.trim().replace(/^v/, '').split('.')[0]);

test('this jest worker runs on Node 24 or later', () => {
  expect(major(process.versions.node)).toBeGreaterThanOrEqual(24);
});

test('a process started with process.execPath, and one through tsx, run on the same Node', async () => {
  const plain = await run(process.execPath, ['-p', 'process.versions.node']);
  const viaTsx = await run(process.execPath, ['--import', 'tsx', '-p', 'process.versions.node']);
  expect(plain.stdout.trim()).toBe(process.versions.node);
  expect(viaTsx.stdout.trim()).toBe(process.versions.node);
});
