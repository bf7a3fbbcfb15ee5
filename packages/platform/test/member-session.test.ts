// The cookie-session authenticator (auth/member-session.ts) on createApp: a console member's session instead of an
// API key. Each case asserts what a browser sees: the status and code, and what happened to the session and its key.
import request from 'supertest';
import { z } from 'zod';
import {
  createApiKey,
  createApp,
  createMember,
  createMemberSession,
  createOrganization,
  created,
  defineRoute,
  MemberSessionAuthenticator,
  memberSessionOf,
  ok,
  setMemberDisabled,
  setMemberPassword,
  setRequireAdminTotp,
  type MemberRole,
  type Organization,
  type ServiceDeps,
} from '../src';
import { startTestService, uniqueSlug, type TestService } from '../src/testing';

const COOKIE = 'test_session';
const who = z.strictObject({ member_id: z.string(), role: z.string(), org: z.string(), key: z.string() });
const whoAmI = defineRoute({
  method: 'get',
  path: '/me',
  permission: 'member:signed-in',
  summary: 'who am I',
  response: who,
  handler: async ({ auth }) => ok({ member_id: memberSessionOf(auth).member.id, role: memberSessionOf(auth).member.role, org: auth.org.slug, key: auth.key }),
});
const routes = [
  whoAmI,
  defineRoute({ method: 'get', path: '/open', permission: 'public', summary: 'anyone', response: z.boolean(), handler: async () => ok(true) }),
  defineRoute({ ...whoAmI, path: '/gated', permission: 'member' }),
  defineRoute({ ...whoAmI, path: '/admin', permission: 'admin:members' }),
  defineRoute({ method: 'post', path: '/things', permission: 'member', summary: 'a write', response: z.boolean(), handler: async () => created(true) }),
];

let svc: TestService;
let org: Organization;
beforeAll(async () => {
  svc = await startTestService('sessiontest', async (deps: ServiceDeps) => ({
    app: createApp({
      service: 'sessiontest',
      routes,
      // The sealed secret is the secret itself here; 'tampered' stands for one that does not open.
      authenticator: new MemberSessionAuthenticator({
        db: deps.platformDb,
        keys: deps.authenticator,
        cookie: COOKIE,
        cookieOptions: () => ({ httpOnly: true, sameSite: 'strict', path: '/' }),
        openSecret: (session) => (session.apiSecretEnc === 'tampered' ? null : session.apiSecretEnc),
        logger: deps.logger,
      }),
      authenticate: 'per-route',
      prefix: '/api',
      whoami: false,
      logger: deps.logger,
      readiness: {},
    }),
  }));
  org = await createOrganization(svc.deps.platformDb, uniqueSlug('sess'));
});
afterAll(() => svc.close());

const db = () => svc.deps.platformDb;
const sessionOf = async (id: string) =>
  (
    await svc.deps.pool.query('SELECT s.ended_at, k.revoked_at FROM platform.member_sessions s JOIN platform.api_keys k ON k.key = s.api_key WHERE s.id = $1', [
      id,
    ])
  ).rows[0];

/** A member of `org` with a session; `mustChangePassword` keeps the one-time password. */
async function signedIn(role: MemberRole, options: { mustChangePassword?: boolean; expiresAt?: Date; sealed?: string } = {}) {
  const { member } = await createMember(db(), { orgSlug: org.slug, email: `${role}-${uniqueSlug('m')}@example.com`, role });
  if (!options.mustChangePassword) await setMemberPassword(db(), member.id, 'correct horse battery staple');
  const expiresAt = options.expiresAt ?? new Date(Date.now() + 3_600_000);
  const key = await createApiKey(db(), { orgSlug: org.slug, preset: 'full_access', expiresAt: new Date(Date.now() + 3_600_000) });
  const { token, csrfToken, session } = await createMemberSession(db(), {
    memberId: member.id,
    apiKey: key.key,
    apiSecretEnc: options.sealed ?? key.secret,
    expiresAt,
  });
  return { memberId: member.id, sessionId: session.id, key: key.key, csrf: csrfToken, cookie: `${COOKIE}=${token}` };
}

test('no cookie or an unknown one is 401 UNAUTHENTICATED; an unknown path is 404 and a public route open, without one', async () => {
  expect((await request(svc.baseUrl).get('/api/me').expect(401)).body.error.code).toBe('UNAUTHENTICATED');
  expect((await request(svc.baseUrl).get('/api/me').set('cookie', `${COOKIE}=forged`).expect(401)).body.error.code).toBe('UNAUTHENTICATED');
  expect((await request(svc.baseUrl).get('/api/nothing-here').expect(404)).body.error.code).toBe('NOT_FOUND');
  expect((await request(svc.baseUrl).get('/api/open').expect(200)).body.data).toBe(true);
});

test("a session answers as its member, with its own key's context", async () => {
  const s = await signedIn('member');
  const me = await request(svc.baseUrl).get('/api/me').set('cookie', s.cookie).expect(200);
  expect(me.body.data).toEqual({ member_id: s.memberId, role: 'member', org: org.slug, key: s.key });
});

test('an expired session, or one whose secret does not open, is 401 SESSION_EXPIRED: ended, its key revoked, the cookie cleared', async () => {
  for (const s of [await signedIn('member', { expiresAt: new Date(Date.now() - 1_000) }), await signedIn('member', { sealed: 'tampered' })]) {
    const res = await request(svc.baseUrl).get('/api/me').set('cookie', s.cookie).expect(401);
    expect(res.body.error.code).toBe('SESSION_EXPIRED');
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${COOKIE}=;.*Expires=Thu, 01 Jan 1970`));
    expect(await sessionOf(s.sessionId)).toEqual({ ended_at: expect.any(Date), revoked_at: expect.any(Date) });
    expect((await request(svc.baseUrl).get('/api/me').set('cookie', s.cookie).expect(401)).body.error.code).toBe('UNAUTHENTICATED');
  }
});

test('a state-changing request without the CSRF token, or with a wrong one, is 403 CSRF_TOKEN_INVALID; reads need none', async () => {
  const s = await signedIn('member');
  expect((await request(svc.baseUrl).post('/api/things').set('cookie', s.cookie).expect(403)).body.error.code).toBe('CSRF_TOKEN_INVALID');
  const wrong = `${s.csrf.slice(0, -1)}${s.csrf.endsWith('A') ? 'B' : 'A'}`;
  expect((await request(svc.baseUrl).post('/api/things').set('cookie', s.cookie).set('x-csrf-token', wrong).expect(403)).body.error.code).toBe(
    'CSRF_TOKEN_INVALID',
  );
  await request(svc.baseUrl).post('/api/things').set('cookie', s.cookie).set('x-csrf-token', s.csrf).expect(201);
  await request(svc.baseUrl).get('/api/gated').set('cookie', s.cookie).expect(200);
});

test("a disabled member's session is refused at once (401 UNAUTHENTICATED), even if it was not ended", async () => {
  const s = await signedIn('admin');
  await request(svc.baseUrl).get('/api/me').set('cookie', s.cookie).expect(200);
  await setMemberDisabled(db(), s.memberId, true);
  expect((await request(svc.baseUrl).get('/api/me').set('cookie', s.cookie).expect(401)).body.error.code).toBe('UNAUTHENTICATED');
});

test('the declared permission decides: a viewer or member is 403 FORBIDDEN on an admin route, an admin is not', async () => {
  for (const role of ['viewer', 'member'] as const) {
    const s = await signedIn(role);
    const refused = await request(svc.baseUrl).get('/api/admin').set('cookie', s.cookie).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'only an organization admin can manage members' });
    await request(svc.baseUrl).get('/api/gated').set('cookie', s.cookie).expect(200);
  }
  const admin = await signedIn('admin');
  expect((await request(svc.baseUrl).get('/api/admin').set('cookie', admin.cookie).expect(200)).body.data.role).toBe('admin');
});

test('the gates: a one-time password reaches only member:signed-in routes; an admin without required TOTP only those and member:password-set', async () => {
  const fresh = await signedIn('member', { mustChangePassword: true });
  await request(svc.baseUrl).get('/api/me').set('cookie', fresh.cookie).expect(200);
  expect((await request(svc.baseUrl).get('/api/gated').set('cookie', fresh.cookie).expect(403)).body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');

  const otherOrg = await createOrganization(db(), uniqueSlug('sess-totp'));
  const { member } = await createMember(db(), { orgSlug: otherOrg.slug, email: `${uniqueSlug('a')}@example.com`, role: 'admin' });
  await setMemberPassword(db(), member.id, 'correct horse battery staple');
  await setRequireAdminTotp(db(), otherOrg.id, true);
  const key = await createApiKey(db(), { orgSlug: otherOrg.slug, preset: 'full_access' });
  const { token } = await createMemberSession(db(), {
    memberId: member.id,
    apiKey: key.key,
    apiSecretEnc: key.secret,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await request(svc.baseUrl).get('/api/me').set('cookie', `${COOKIE}=${token}`).expect(200);
  expect((await request(svc.baseUrl).get('/api/admin').set('cookie', `${COOKIE}=${token}`).expect(403)).body.error.code).toBe('TOTP_ENROLMENT_REQUIRED');
});

test('the OpenAPI document declares the cookie and the CSRF header, and no credentials on a public route', async () => {
  const doc = (await request(svc.baseUrl).get('/api/openapi.json').expect(200)).body;
  expect(doc.components.securitySchemes).toEqual({
    session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: COOKIE }),
    csrfToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-csrf-token' }),
  });
  expect(doc.paths['/api/open'].get.security).toEqual([]);
  expect(doc.paths['/api/admin'].get['x-permission']).toBe('admin:members');
  expect(Object.keys(doc.paths['/api/admin'].get.responses)).toEqual(expect.arrayContaining(['401', '403']));
  expect(doc.paths['/api/whoami']).toBeUndefined();
});
