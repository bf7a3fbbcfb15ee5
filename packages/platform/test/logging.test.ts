import { Writable } from 'node:stream';
import request from 'supertest';
import { z } from 'zod';
import { createApp, createLogger, created, defineRoute, type ServiceDeps } from '../src';
import { makeOrg, startTestService, type TestService } from '../src/testing';

// Every request is logged as one JSON line with its request id, organization and key; never a secret.
const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const route = defineRoute({
  method: 'post',
  path: '/echo',
  permission: 'widget:create',
  summary: 'echo',
  body: z.object({ password: z.string() }),
  response: z.strictObject({ ok: z.boolean() }),
  handler: async () => created({ ok: true }),
});
let svc: TestService;
const build = async (deps: ServiceDeps) => ({
  app: createApp({ service: 'logtest', routes: [route], authenticator: deps.authenticator, logger: createLogger('logtest', 'info', sink), readiness: {} }),
});
beforeAll(async () => {
  svc = await startTestService('logtest', build);
});
afterAll(() => svc.close());
/** A request's line is written as its response finishes, which may be after the client has read it: polled until it shows. */
async function lineOf(requestId: string | undefined) {
  for (;;) {
    const line = lines.find((l) => l.req_id === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('a request line carries req_id, org_id, key_id, route and status, and no credentials or body', async () => {
  const { org, full } = await makeOrg(svc.deps.platformDb, 'logs');
  const res = await request(svc.baseUrl).post('/api/v1/echo').set(full.headers).send({ password: 'hunter2-statement-pw' }).expect(201);
  // Query strings are not logged either (only the path).
  const refused = await request(svc.baseUrl).post('/api/v1/echo?token=abc').set(full.headers).send({ password: 'x' }).expect(400);
  await lineOf(refused.headers['x-request-id']);
  const line = await lineOf(res.headers['x-request-id']);
  expect(line).toMatchObject({
    level: 30,
    service: 'logtest',
    method: 'POST',
    path: '/api/v1/echo',
    route: '/api/v1/echo',
    status: 201,
    org_id: org.id,
    key_id: expect.any(String),
    duration_ms: expect.any(Number),
  });
  const all = JSON.stringify(lines);
  expect(all).not.toContain(full.secret);
  expect(all).not.toContain('hunter2-statement-pw');
  expect(all).not.toContain('token=abc');
});

test('a rejected request is logged without the secret it presented', async () => {
  const res = await request(svc.baseUrl).get('/api/v1/whoami').set({ 'api-key': 'fk_nope', 'api-secret': 'fs_presented-secret' }).expect(401);
  expect(await lineOf(res.headers['x-request-id'])).toMatchObject({ status: 401 });
  expect(JSON.stringify(lines)).not.toContain('fs_presented-secret');
});
