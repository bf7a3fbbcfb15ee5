import http from 'node:http';
import express from 'express';
import { listen } from '../src/http/server';

test('shutdown lets an in-flight request finish, refuses new connections, then runs the cleanup', async () => {
  // The in-flight request is held by the test, not by a timer: it arrives, the shutdown begins, and only then is it
  // let go, whatever the machine's speed.
  let arrived!: () => void;
  const hasArrived = new Promise<void>((resolve) => (arrived = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const events: string[] = [];
  const app = express();
  app.get('/slow', (_req, res) => {
    arrived();
    // Recorded as the server sends it (the client's reading of it races the server's close, in this same process).
    res.on('finish', () => events.push(`response ${res.statusCode}`));
    void released.then(() => res.json({ done: true }));
  });
  const running = await listen(app, 0, '127.0.0.1');
  running.cleanupWith(async () => {
    events.push('cleanup');
  });
  const agent = new http.Agent({ keepAlive: true });
  const inflight = fetch(`http://127.0.0.1:${running.port}/slow`).then((r) => r.json());
  await hasArrived;
  // An idle keep-alive connection must not hold the shutdown open.
  await new Promise<void>((resolve) => http.get({ host: '127.0.0.1', port: running.port, path: '/none', agent }, (r) => r.resume().on('end', resolve)));
  const stopped = running.shutdown().then(() => events.push('stopped'));
  await expect(fetch(`http://127.0.0.1:${running.port}/slow`)).rejects.toThrow();
  expect(events).toEqual([]);
  release();
  expect(await inflight).toEqual({ done: true });
  await stopped;
  expect(events).toEqual(['response 200', 'cleanup', 'stopped']);
  agent.destroy();
});
