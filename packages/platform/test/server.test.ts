import http from 'node:http';
import express from 'express';
import { listen } from '../src/http/server';

test('shutdown lets an in-flight request finish, refuses new connections, then runs the cleanup', async () => {
  const app = express();
  app.get('/slow', (_req, res) => {
    setTimeout(() => res.json({ done: true }), 400);
  });
  const running = await listen(app, 0, '127.0.0.1');
  const events: string[] = [];
  running.cleanupWith(async () => {
    events.push('cleanup');
  });
  const agent = new http.Agent({ keepAlive: true });
  const inflight = fetch(`http://127.0.0.1:${running.port}/slow`).then(async (r) => {
    events.push(`response ${r.status}`);
    return r.json();
  });
  // An idle keep-alive connection must not hold the shutdown open.
  await new Promise<void>((resolve) => http.get({ host: '127.0.0.1', port: running.port, path: '/none', agent }, (r) => r.resume().on('end', resolve)));
  await new Promise((r) => setTimeout(r, 50));
  const stopped = running.shutdown().then(() => events.push('stopped'));
  await new Promise((r) => setTimeout(r, 50));
  await expect(fetch(`http://127.0.0.1:${running.port}/slow`)).rejects.toThrow();
  expect(await inflight).toEqual({ done: true });
  await stopped;
  expect(events).toEqual(['response 200', 'cleanup', 'stopped']);
  agent.destroy();
});
