// Issue 23: the console backend's routes are declared like the services' and documented from the same
// declarations: the document lists exactly the routes the app registered, with their permissions and the cookie.
import { documentedRoutes, registeredApiRoutes, type TestService } from '@finance/platform/testing';
import request from 'supertest';
import { startConsole } from './helpers';

let consoleApp: TestService;
beforeAll(async () => {
  consoleApp = await startConsole({});
});
afterAll(() => consoleApp?.close());

test('GET /api/openapi.json needs no session and lists exactly the routes the app registered', async () => {
  const doc = (await request(consoleApp.baseUrl).get('/api/openapi.json').expect(200)).body;
  const registered = registeredApiRoutes(consoleApp.app, '/api');
  expect(registered).toContain('POST /api/members/{id}/password-reset');
  expect(documentedRoutes(doc)).toEqual(registered);
});

test('each route carries the permission the authenticator checks: admins only for keys, members and the organization', async () => {
  const doc = (await request(consoleApp.baseUrl).get('/api/openapi.json')).body;
  const permission = (method: string, path: string) => doc.paths[path][method]['x-permission'];
  expect(permission('post', '/api/session')).toBe('public');
  expect(doc.paths['/api/session'].post.security).toEqual([]);
  expect(permission('get', '/api/meta')).toBe('public');
  for (const path of ['/api/session', '/api/session/password']) expect(permission(path === '/api/session' ? 'get' : 'post', path)).toBe('member:signed-in');
  expect(permission('post', '/api/session/totp')).toBe('member:password-set');
  expect(permission('delete', '/api/session/totp')).toBe('member');
  for (const method of ['get', 'post']) expect(permission(method, '/api/keys')).toBe('admin:keys');
  expect(permission('delete', '/api/keys/{key}')).toBe('admin:keys');
  for (const method of ['get', 'post']) expect(permission(method, '/api/members')).toBe('admin:members');
  for (const method of ['get', 'patch']) expect(permission(method, '/api/org')).toBe('admin:org');
  expect(doc.security).toEqual([{ session: [], csrfToken: [] }]);
  expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'console_session' });
  expect(doc.paths['/api/keys'].get.responses['200'].content['application/json'].schema.properties.data).toEqual({
    type: 'array',
    items: { $ref: '#/components/schemas/ApiKey' },
  });
});
