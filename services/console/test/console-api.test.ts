// The console backend over HTTP: sign-in, sessions, CSRF, members, API keys, and the pass-through to a real
// snapshot service with the session's own key. Security cases: each refused, and nothing changed.
import type { Organization, PlatformDb, Pool } from '@finance/platform';
import { createOrganization } from '@finance/platform';
import { startTestService, uniqueSlug, type TestService } from '@finance/platform/testing';
import request from 'supertest';
import { buildSnapshotApp } from '../../snapshot/src/app';
import { addMember, NEW_PASSWORD, signedIn, startConsole } from './helpers';

/** The console's own pool, for direct reads and writes in assertions; platform functions take its platform client. */
let pool: Pool;
let db: PlatformDb;
let snapshot: TestService;
let consoleApp: TestService;
let orgA: Organization;
let orgB: Organization;

beforeAll(async () => {
  snapshot = await startTestService('snapshot', buildSnapshotApp);
  consoleApp = await startConsole({ snapshot: snapshot.baseUrl });
  pool = consoleApp.deps.pool;
  db = consoleApp.deps.platformDb;
  orgA = await createOrganization(db, uniqueSlug('cons-a'));
  orgB = await createOrganization(db, uniqueSlug('cons-b'));
});
afterAll(async () => {
  await consoleApp?.close();
  await snapshot?.close();
});

const keyCount = async (org: Organization) =>
  (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM platform.api_keys WHERE org_id = $1', [org.id])).rows[0]!.n;
const keyRow = async (key: string) => (await pool.query('SELECT * FROM platform.api_keys WHERE key = $1', [key])).rows[0];
const widgetCount = async (org: Organization) =>
  (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM snapshot.widgets WHERE org_id = $1', [org.id])).rows[0]!.n;

describe('signing in', () => {
  test('a one-time password signs in, but nothing else works until the member chooses a new one', async () => {
    const who = await addMember(db, orgA, 'member');
    const agent = request.agent(consoleApp.baseUrl);
    const login = await agent.post('/api/session').send({ email: who.email.toUpperCase(), password: who.password }).expect(201);
    expect(login.body.data).toMatchObject({
      member: { email: who.email, role: 'member', must_change_password: true, org: orgA.slug },
      csrf_token: expect.any(String),
    });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/console_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/);
    const csrf = login.body.data.csrf_token;

    const blocked = await agent.get('/api/svc/snapshot/widgets').expect(403);
    expect(blocked.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    await agent.post('/api/session/password').set('x-csrf-token', csrf).send({ current_password: who.password, new_password: 'short' }).expect(400);
    const wrong = await agent
      .post('/api/session/password')
      .set('x-csrf-token', csrf)
      .send({ current_password: 'not it at all', new_password: NEW_PASSWORD })
      .expect(401);
    expect(wrong.body.error.message).toBe('the current password is wrong');
    const changed = await agent
      .post('/api/session/password')
      .set('x-csrf-token', csrf)
      .send({ current_password: who.password, new_password: NEW_PASSWORD })
      .expect(200);
    expect(changed.body.data.member.must_change_password).toBe(false);

    const whoami = await agent.get('/api/svc/snapshot/whoami').expect(200);
    expect(whoami.body.data.org).toMatchObject({ slug: orgA.slug });
    // The old one-time password no longer works; the new one does.
    await request(consoleApp.baseUrl).post('/api/session').send({ email: who.email, password: who.password }).expect(401);
    await request(consoleApp.baseUrl).post('/api/session').send({ email: who.email, password: NEW_PASSWORD }).expect(201);
  });

  test('wrong passwords and unknown emails are refused alike, set no cookie, and are slowed down per email', async () => {
    const who = await addMember(db, orgA, 'member');
    const sessionsBefore = (await pool.query('SELECT count(*)::int AS n FROM platform.member_sessions WHERE member_id = $1', [who.id])).rows[0].n;
    const keysBefore = await keyCount(orgA);
    for (let i = 0; i < 5; i++) {
      const res = await request(consoleApp.baseUrl)
        .post('/api/session')
        .send({ email: who.email, password: `wrong-${i}` })
        .expect(401);
      expect(res.body.error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'wrong email or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const unknown = await request(consoleApp.baseUrl).post('/api/session').send({ email: 'nobody@example.com', password: 'whatever' }).expect(401);
    expect(unknown.body.error.message).toBe('wrong email or password');
    // The sixth attempt, at once, is refused before the password is even checked, the right password included: it
    // must wait (a growing delay per email, console-security.test.ts).
    const limited = await request(consoleApp.baseUrl).post('/api/session').send({ email: who.email, password: who.password }).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.member_sessions WHERE member_id = $1', [who.id])).rows[0].n).toBe(sessionsBefore);
    expect(await keyCount(orgA)).toBe(keysBefore);
    // A form post (not JSON) is refused: sign-in takes application/json only.
    await request(consoleApp.baseUrl).post('/api/session').type('form').send({ email: who.email, password: who.password }).expect(415);
  });

  test('behind a TLS proxy the cookie is Secure', async () => {
    const tls = await startConsole({ snapshot: snapshot.baseUrl }, { trustProxy: 1 });
    try {
      const who = await addMember(db, orgA, 'member');
      const res = await request(tls.baseUrl)
        .post('/api/session')
        .set('x-forwarded-proto', 'https')
        .send({ email: who.email, password: who.password })
        .expect(201);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await tls.close();
    }
  });

  test('signing out ends the session and revokes its API key', async () => {
    const who = await addMember(db, orgA, 'member');
    const { agent, csrf } = await signedIn(consoleApp, who);
    const session = (await pool.query('SELECT api_key FROM platform.member_sessions WHERE member_id = $1 AND ended_at IS NULL', [who.id])).rows[0];
    expect((await keyRow(session.api_key)).revoked_at).toBeNull();
    await agent.delete('/api/session').expect(403); // no CSRF token: still signed in
    await agent.get('/api/session').expect(200);
    await agent.delete('/api/session').set('x-csrf-token', csrf).expect(204);
    await agent.get('/api/session').expect(401);
    expect((await keyRow(session.api_key)).revoked_at).toBeInstanceOf(Date);
  });

  test('an expired session is refused, ended, and its API key revoked', async () => {
    const who = await addMember(db, orgA, 'admin');
    const { agent, csrf } = await signedIn(consoleApp, who);
    await agent.get('/api/keys').expect(200);
    const session = (await pool.query('SELECT id, api_key FROM platform.member_sessions WHERE member_id = $1 AND ended_at IS NULL', [who.id])).rows[0];
    await pool.query(`UPDATE platform.member_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [session.id]);
    const keysBefore = await keyCount(orgA);
    const refused = await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'read_only' }).expect(401);
    expect(refused.body.error).toMatchObject({ code: 'SESSION_EXPIRED', message: 'your session has expired; sign in again' });
    expect(await keyCount(orgA)).toBe(keysBefore);
    await agent.get('/api/svc/snapshot/widgets').expect(401);
    expect((await keyRow(session.api_key)).revoked_at).toBeInstanceOf(Date);
    expect((await pool.query('SELECT ended_at FROM platform.member_sessions WHERE id = $1', [session.id])).rows[0].ended_at).toBeInstanceOf(Date);
  });

  test("changing the password ends the member's other sessions and revokes their keys", async () => {
    const who = await addMember(db, orgA, 'member');
    const first = await signedIn(consoleApp, who);
    const firstKey = (await pool.query('SELECT api_key FROM platform.member_sessions WHERE member_id = $1 AND ended_at IS NULL', [who.id])).rows[0].api_key;
    const second = await signedIn(consoleApp, who);
    await second.agent
      .post('/api/session/password')
      .set('x-csrf-token', second.csrf)
      .send({ current_password: NEW_PASSWORD, new_password: 'another long passphrase' })
      .expect(200);
    await first.agent.get('/api/session').expect(401);
    await second.agent.get('/api/session').expect(200);
    expect((await keyRow(firstKey)).revoked_at).toBeInstanceOf(Date);
  });

  test('nobody signed out can make the console read a request body', async () => {
    const res = await request(consoleApp.baseUrl)
      .post('/api/svc/statement/statements')
      .set('content-type', 'application/octet-stream')
      .send(Buffer.alloc(30 * 1024 * 1024))
      .expect(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });

  test('a forged or missing cookie is refused', async () => {
    await request(consoleApp.baseUrl).get('/api/session').expect(401);
    await request(consoleApp.baseUrl).get('/api/svc/snapshot/widgets').set('cookie', 'console_session=forged').expect(401);
    await request(consoleApp.baseUrl)
      .get('/api/keys')
      .set('cookie', `console_session=${'A'.repeat(43)}`)
      .expect(401);
  });
});

describe('API keys (admins only)', () => {
  test('an admin creates a custom key with an expiry, sees its secret once, lists and revokes it; it works on the snapshot API until revoked', async () => {
    const who = await addMember(db, orgA, 'admin');
    const { agent, csrf } = await signedIn(consoleApp, who);
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const created = await agent
      .post('/api/keys')
      .set('x-csrf-token', csrf)
      .send({ preset: 'custom', scopes: ['widget:read', 'widget:create', 'snapshot:create'], expires_at: expires, name: '  Revenue pusher ' })
      .expect(201);
    expect(created.body.data).toMatchObject({
      key: expect.stringMatching(/^fk_/),
      secret: expect.stringMatching(/^fs_/),
      name: 'Revenue pusher',
      preset: 'custom',
      scopes: { widget: ['read', 'create'], snapshot: ['create'] },
    });
    const { key, secret } = created.body.data;
    const listed = await agent.get('/api/keys').expect(200);
    const row = listed.body.data.find((k: { key: string }) => k.key === key);
    expect(row).toMatchObject({ name: 'Revenue pusher', preset: 'custom', revoked_at: null, expires_at: new Date(expires).toISOString(), last_used_at: null });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    // The console's own session keys are not shown (nor revocable) here.
    const sessionKey = (await pool.query('SELECT api_key FROM platform.member_sessions WHERE member_id = $1 AND ended_at IS NULL', [who.id])).rows[0].api_key;
    expect(listed.body.data.map((k: { key: string }) => k.key)).not.toContain(sessionKey);
    await agent.delete(`/api/keys/${sessionKey}`).set('x-csrf-token', csrf).expect(404);

    const used = Date.now();
    await request(snapshot.baseUrl).post('/api/v1/widgets').set({ 'api-key': key, 'api-secret': secret }).send({ name: 'Revenue' }).expect(201);
    // The snapshot service's key check records the use without the request waiting for it: it shows up shortly.
    let lastUsed: string | null = null;
    // Polled until it shows (the write's own time is not the point; jest's timeout bounds a write that never comes).
    while (lastUsed === null) {
      await new Promise((r) => setTimeout(r, 50));
      lastUsed = (await agent.get('/api/keys').expect(200)).body.data.find((k: { key: string }) => k.key === key).last_used_at;
    }
    expect(Date.parse(lastUsed!)).toBeGreaterThanOrEqual(used - 5);
    expect(Date.parse(lastUsed!)).toBeLessThanOrEqual(Date.now());
    await agent.delete(`/api/keys/${key}`).set('x-csrf-token', csrf).expect(204);
    expect((await keyRow(key)).revoked_at).toBeInstanceOf(Date);

    await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'custom', scopes: [] }).expect(400);
    const bad = await agent
      .post('/api/keys')
      .set('x-csrf-token', csrf)
      .send({ preset: 'custom', scopes: ['widget:fly'] })
      .expect(400);
    expect(bad.body.error.message).toMatch(/^scopes: 'widget:fly' is not a <model>:<action>/);
    await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'read_only', expires_at: '2001-01-01T00:00:00Z' }).expect(400);
    const before = (await agent.get('/api/keys').expect(200)).body.data.length;
    for (const name of ['x'.repeat(101), 'two\nlines', 42]) {
      const refused = await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'read_only', name }).expect(400);
      expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual(['name']);
    }
    expect((await agent.get('/api/keys').expect(200)).body.data).toHaveLength(before);
    const unnamed = await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'read_only', name: '   ' }).expect(201);
    expect(unnamed.body.data.name).toBeNull();
  });

  test('a member who is not an admin cannot list, create or revoke keys, nor add members: nothing changes', async () => {
    const adminWho = await addMember(db, orgA, 'admin');
    const admin = await signedIn(consoleApp, adminWho);
    const made = await admin.agent.post('/api/keys').set('x-csrf-token', admin.csrf).send({ preset: 'push_only' }).expect(201);
    const who = await addMember(db, orgA, 'member');
    const { agent, csrf } = await signedIn(consoleApp, who);
    const keysBefore = await keyCount(orgA);
    const list = await agent.get('/api/keys').expect(403);
    expect(list.body.error).toMatchObject({ code: 'FORBIDDEN', message: 'only an organization admin can manage API keys' });
    await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'full_access' }).expect(403);
    await agent.delete(`/api/keys/${made.body.data.key}`).set('x-csrf-token', csrf).expect(403);
    await agent.post('/api/members').set('x-csrf-token', csrf).send({ email: 'x@example.com', role: 'admin' }).expect(403);
    await agent.get('/api/members').expect(403);
    expect(await keyCount(orgA)).toBe(keysBefore);
    expect((await keyRow(made.body.data.key)).revoked_at).toBeNull();
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.members WHERE email = $1', ['x@example.com'])).rows[0].n).toBe(0);
  });

  test('state-changing requests without the CSRF token are refused: no key, no revocation, no widget', async () => {
    const who = await addMember(db, orgA, 'admin');
    const { agent, csrf } = await signedIn(consoleApp, who);
    const made = await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'read_only' }).expect(201);
    const keysBefore = await keyCount(orgA);
    const widgetsBefore = await widgetCount(orgA);
    const noToken = await agent.post('/api/keys').send({ preset: 'full_access' }).expect(403);
    expect(noToken.body.error.code).toBe('CSRF_TOKEN_INVALID');
    await agent.post('/api/keys').set('x-csrf-token', 'x'.repeat(43)).send({ preset: 'full_access' }).expect(403);
    await agent.delete(`/api/keys/${made.body.data.key}`).expect(403);
    await agent.post('/api/svc/snapshot/widgets').send({ name: 'Forged' }).expect(403);
    await agent.post('/api/members').send({ email: 'forged@example.com', role: 'admin' }).expect(403);
    expect(await keyCount(orgA)).toBe(keysBefore);
    expect(await widgetCount(orgA)).toBe(widgetsBefore);
    expect((await keyRow(made.body.data.key)).revoked_at).toBeNull();
  });
});

describe('organizations are kept apart', () => {
  test("a member of another organization sees none of A's widgets or keys and cannot revoke A's keys", async () => {
    const a = await signedIn(consoleApp, await addMember(db, orgA, 'admin'));
    const widget = await a.agent.post('/api/svc/snapshot/widgets').set('x-csrf-token', a.csrf).send({ name: 'A only' }).expect(201);
    const key = await a.agent.post('/api/keys').set('x-csrf-token', a.csrf).send({ preset: 'read_only' }).expect(201);

    const b = await signedIn(consoleApp, await addMember(db, orgB, 'admin'));
    const seen = await b.agent.get(`/api/svc/snapshot/widgets/${widget.body.data.id}`).expect(404);
    expect(seen.body.error.code).toBe('NOT_FOUND');
    await b.agent.patch(`/api/svc/snapshot/widgets/${widget.body.data.id}`).set('x-csrf-token', b.csrf).send({ name: 'taken' }).expect(404);
    const list = await b.agent.get('/api/svc/snapshot/widgets').expect(200);
    expect(list.body.data).toEqual([]);
    const keys = await b.agent.get('/api/keys').expect(200);
    expect(keys.body.data.map((k: { key: string }) => k.key)).not.toContain(key.body.data.key);
    await b.agent.delete(`/api/keys/${key.body.data.key}`).set('x-csrf-token', b.csrf).expect(404);
    expect((await keyRow(key.body.data.key)).revoked_at).toBeNull();
    const members = await b.agent.get('/api/members').expect(200);
    expect(members.body.data.every((m: { org: string }) => m.org === orgB.slug)).toBe(true);
    const still = await a.agent.get(`/api/svc/snapshot/widgets/${widget.body.data.id}`).expect(200);
    expect(still.body.data.name).toBe('A only');
  });

  test("the console's cookie does not work on the APIs, and its session key never reaches the browser", async () => {
    const who = await addMember(db, orgA, 'admin');
    const login = await request(consoleApp.baseUrl).post('/api/session').send({ email: who.email, password: who.password }).expect(201);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    const res = await request(snapshot.baseUrl).get('/api/v1/widgets').set('cookie', cookie).expect(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    const session = (await pool.query('SELECT api_key, api_secret_enc FROM platform.member_sessions WHERE member_id = $1', [who.id])).rows[0];
    expect(JSON.stringify(login.body)).not.toContain(session.api_key);
    expect(session.api_secret_enc).not.toMatch(/fs_/);
  });
});

describe('the pass-through to the services', () => {
  test("answers with the service's own status and error message", async () => {
    const { agent, csrf } = await signedIn(consoleApp, await addMember(db, orgA, 'member'));
    const bad = await agent.post('/api/svc/snapshot/widgets').set('x-csrf-token', csrf).send({ name: '' }).expect(400);
    expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'name: must not be empty' });
    const unknownParam = await agent.get('/api/svc/snapshot/widgets?colour=red').expect(400);
    expect(unknownParam.body.error.message).toMatch(/colour/);
    await agent.get('/api/svc/snapshot/../../healthz').expect(404);
    await agent.get('/api/svc/billing/things').expect(404);
    const down = await agent.get('/api/svc/ledger/accounts').expect(502);
    expect(down.body.error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', message: 'the ledger service did not answer; try again shortly' });
  });

  test('an admin adds a member in the console; the one-time password works once and must be changed', async () => {
    const admin = await signedIn(consoleApp, await addMember(db, orgA, 'admin'));
    const email = `new-${Date.now()}@example.com`;
    const made = await admin.agent.post('/api/members').set('x-csrf-token', admin.csrf).send({ email, role: 'member' }).expect(201);
    expect(made.body.data).toEqual({ email, role: 'member', password: expect.any(String), one_time_password_expires_at: expect.any(String) });
    const list = await admin.agent.get('/api/members').expect(200);
    expect(list.body.data.find((m: { email: string }) => m.email === email)).toMatchObject({ org: orgA.slug, must_change_password: true });
    expect(list.body.data.find((m: { email: string }) => m.email === email)).not.toHaveProperty('password');
    const login = await request(consoleApp.baseUrl).post('/api/session').send({ email, password: made.body.data.password }).expect(201);
    expect(login.body.data.member.must_change_password).toBe(true);
  });
});

test('health, readiness, security headers, and the page shell', async () => {
  await request(consoleApp.baseUrl).get('/healthz').expect(200);
  await request(consoleApp.opsUrl!).get('/readyz').expect(200);
  const res = await request(consoleApp.baseUrl).get('/api/nothing-here').expect(404);
  expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  expect(res.headers['x-frame-options']).toBe('DENY');
});
