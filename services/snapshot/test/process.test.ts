import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { endsWithTest, TEST_DATABASE_URL } from '@finance/platform/testing';

// The real entry point as a process: it migrates, serves, and exits 0 on SIGTERM (contract section 1).
test('starts from main.ts, answers /healthz and /readyz, and exits 0 on SIGTERM', async () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = endsWithTest(
    spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', 'src', 'main.ts')], {
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, SNAPSHOT_PORT: String(port), PORT: '1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Polled until it answers (a process under load may take a while to start; jest's timeout bounds one that never does).
  let ready = false;
  while (!ready && child.exitCode === null) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ready) await new Promise((r) => setTimeout(r, 150));
  }
  expect(ready).toBe(true); // SNAPSHOT_PORT wins over PORT
  expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ status: 'ok', service: 'snapshot' });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(stderr).toBe('');
});
