import request from 'supertest';
import { z } from 'zod';
import { createApp, created, defineRoute, type ServiceDeps } from '../src';
import { makeOrg, startTestService, type TestKey, type TestService } from '../src/testing';

// multipart/form-data routes: one bounded in-memory file plus validated text fields.
const route = defineRoute({
  method: 'post',
  path: '/files',
  permission: 'statements:create',
  summary: 'upload',
  upload: { fileField: 'file', maxFileBytes: 1024, fileRequired: true },
  body: z.object({ account_id: z.uuid().optional(), password: z.string().min(1).optional() }),
  response: z.strictObject({
    name: z.string().optional(),
    size: z.number().int().optional(),
    text: z.string().optional(),
    body: z.record(z.string(), z.string()),
  }),
  handler: async ({ file, body }) => created({ name: file?.originalName, size: file?.size, text: file?.buffer.toString('utf8'), body }),
});
let svc: TestService;
let key: TestKey;
beforeAll(async () => {
  svc = await startTestService('uploadtest', async (deps: ServiceDeps) => ({
    app: createApp({ service: 'uploadtest', routes: [route], authenticator: deps.authenticator, logger: deps.logger, readiness: {} }),
  }));
  ({ full: key } = await makeOrg(svc.deps.platformDb, 'upl'));
});
afterAll(() => svc.close());
const post = () => request(svc.baseUrl).post('/api/v1/files').set(key.headers);

test('receives the file and the validated fields', async () => {
  const res = await post().attach('file', Buffer.from('date,amount\n'), 'jan.csv').field('password', 'pw').expect(201);
  expect(res.body.data).toEqual({ name: 'jan.csv', size: 12, text: 'date,amount\n', body: { password: 'pw' } });
});

test('a missing file, a bad field, or a second file is a 400 naming it', async () => {
  expect((await post().field('password', 'pw').expect(400)).body.error.message).toMatch(/^file: a file is required/);
  expect((await post().attach('file', Buffer.from('x'), 'a.csv').field('account_id', 'nope').expect(400)).body.error.message).toMatch(/^account_id:/);
  expect((await post().attach('file', Buffer.from('x'), 'a.csv').attach('other', Buffer.from('y'), 'b.csv').expect(400)).body.error.message).toMatch(/^other:/);
});

test('JSON is a 415, and a file over the limit a 413', async () => {
  expect((await post().send({ file: 'x' }).expect(415)).body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  expect((await post().attach('file', Buffer.alloc(1025), 'big.csv').expect(413)).body.error.code).toBe('PAYLOAD_TOO_LARGE');
});

test('the OpenAPI document describes the multipart body', async () => {
  const doc = (await request(svc.baseUrl).get('/api/v1/openapi.json')).body;
  expect(doc.paths['/api/v1/files'].post.requestBody.content['multipart/form-data'].schema).toMatchObject({
    properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' }, password: { type: 'string' } },
    required: ['file'],
  });
});
