// The findings of issue 23's security review of the console (S1 to S9), each against the real backend, Postgres,
// Redis and a real snapshot service. Each test failed on the code before its fix.
import { randomBytes } from 'node:crypto';
import { createOrganization, type Organization, type PlatformDb, type Pool } from '@finance/platform';
import { manualClock, startTestService, uniqueSlug, type TestService } from '@finance/platform/testing';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { buildSnapshotApp } from '../../snapshot/src/app';
import { loadSecretKey } from '../src/config';
import { openApiSecret } from '../src/domain/sessions';
import { addMember, NEW_PASSWORD, signedIn, startConsole, uniqueEmail, type TestConsole } from './helpers';

let pool: Pool;
let db: PlatformDb;
let snapshot: TestService;
let consoleApp: TestConsole;
let org: Organization;
let other: Organization;

beforeAll(async () => {
  snapshot = await startTestService('snapshot', buildSnapshotApp, {}, { clock: snapshotClock });
  consoleApp = await startConsole({ snapshot: snapshot.baseUrl });
  pool = consoleApp.deps.pool;
  db = consoleApp.deps.platformDb;
  org = await createOrganization(db, uniqueSlug('sec'));
  other = await createOrganization(db, uniqueSlug('sec-other'));
});
afterAll(async () => {
  await consoleApp?.close();
  await snapshot?.close();
});

const signIn = (c: TestService, body: object, ip?: string) => {
  const r = request(c.baseUrl).post('/api/session');
  if (ip) r.set('x-forwarded-for', ip);
  return r.send(body);
};
const openSession = async (memberId: string) =>
  (await pool.query('SELECT api_key, api_secret_enc FROM platform.member_sessions WHERE member_id = $1 AND ended_at IS NULL', [memberId])).rows[0] as
    { api_key: string; api_secret_enc: string } | undefined;
/** The session's API key and its secret, opened as the console does: what someone who stole them would hold. */
async function sessionCredentials(memberId: string) {
  const row = (await openSession(memberId))!;
  return { 'api-key': row.api_key, 'api-secret': openApiSecret(loadSecretKey({}), row.api_key, row.api_secret_enc)! };
}
/**
 * The snapshot service's key check runs on this clock: its key cache keeps a record up to 4 s, and the contract
 * allows 5 s for a revoked key to stop working. Moving the clock 5 s makes that instant, however slow the machine.
 */
const snapshotClock = manualClock();
async function refusedWithin5s(headers: Record<string, string>) {
  snapshotClock.advance(5_000);
  const res = await request(snapshot.baseUrl).get('/api/v1/widgets').set(headers);
  expect(res.status).toBe(401);
}

describe('S1: parallel sign-ins cannot get past the per-email budget', () => {
  test('20 parallel wrong passwords: only the 5 free attempts are checked, the rest are refused before scrypt', async () => {
    const who = await addMember(db, org, 'member');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(consoleApp, { email: who.email, password: `wrong-${i}` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('S4: growing delays per email, failures only per address', () => {
  test('after 5 failures each attempt waits longer; the right password works after the wait', async () => {
    const quick = await startConsole(
      { snapshot: snapshot.baseUrl },
      {
        login: {
          maxFailuresPerEmail: 5,
          maxFailuresPerIp: 200,
          windowSeconds: 900,
          delayBaseMs: 1000,
          maxDelaySeconds: 300,
          keyPrefix: `test:s4:${randomBytes(5).toString('hex')}`,
        },
      },
    );
    // The console's clock stands still until moved here: each delay is decided by the instants set, to the ms.
    const { clock } = quick;
    try {
      const who = await addMember(db, org, 'member');
      for (let i = 0; i < 5; i++) expect((await signIn(quick, { email: who.email, password: `wrong-${i}` })).status).toBe(401);
      // The 6th, at once: wait 1 s; the right password too, still 1 ms before the second is over.
      const early = await signIn(quick, { email: who.email, password: who.password }).expect(429);
      expect(early.body.error.code).toBe('RATE_LIMITED');
      expect(early.headers['retry-after']).toBe('1');
      clock.advance(999);
      await signIn(quick, { email: who.email, password: who.password }).expect(429);
      clock.advance(1);
      // After the wait one more wrong one is checked, and the next wait is twice as long (2 s from that attempt).
      await signIn(quick, { email: who.email, password: 'wrong-again' }).expect(401);
      clock.advance(1_000);
      const second = await signIn(quick, { email: who.email, password: who.password }).expect(429);
      expect(second.headers['retry-after']).toBe('1');
      clock.advance(999);
      await signIn(quick, { email: who.email, password: who.password }).expect(429);
      clock.advance(1);
      // The right password after the wait works, and the count is forgotten.
      await signIn(quick, { email: who.email, password: who.password }).expect(201);
      await signIn(quick, { email: who.email, password: 'wrong' }).expect(401);
    } finally {
      await quick.close();
    }
  });

  test('an address is limited by its failures only: successful sign-ins do not use its budget', async () => {
    const limited = await startConsole(
      { snapshot: snapshot.baseUrl },
      {
        trustProxy: true,
        login: {
          maxFailuresPerEmail: 5,
          maxFailuresPerIp: 3,
          windowSeconds: 900,
          delayBaseMs: 1000,
          maxDelaySeconds: 300,
          keyPrefix: `test:s4ip:${randomBytes(5).toString('hex')}`,
        },
      },
    );
    try {
      const who = await addMember(db, org, 'member');
      for (let i = 0; i < 6; i++) await signIn(limited, { email: who.email, password: who.password }, '203.0.113.7').expect(201);
      for (let i = 0; i < 3; i++) await signIn(limited, { email: uniqueEmail('nobody'), password: 'x' }, '203.0.113.7').expect(401);
      const refused = await signIn(limited, { email: who.email, password: who.password }, '203.0.113.7').expect(429);
      expect(refused.body.error.message).toMatch(/from this address/);
      await signIn(limited, { email: who.email, password: who.password }, '203.0.113.8').expect(201);
    } finally {
      await limited.close();
    }
  });
});

describe('S2: offboarding', () => {
  test('an admin removes a member: their session cookie stops at once, their session key is revoked, the email is free', async () => {
    const admin = await signedIn(consoleApp, await addMember(db, org, 'admin'));
    const who = await addMember(db, org, 'member');
    const victim = await signedIn(consoleApp, who);
    await victim.agent.get('/api/svc/snapshot/widgets').expect(200);
    const headers = await sessionCredentials(who.id);
    await request(snapshot.baseUrl).get('/api/v1/widgets').set(headers).expect(200);

    await admin.agent.delete(`/api/members/${who.id}`).set('x-csrf-token', admin.csrf).expect(204);
    await victim.agent.get('/api/session').expect(401);
    await victim.agent.get('/api/svc/snapshot/widgets').expect(401);
    await refusedWithin5s(headers);
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.members WHERE id = $1', [who.id])).rows[0].n).toBe(0);
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.api_keys WHERE key = $1', [headers['api-key']])).rows[0].n).toBe(0);
    await signIn(consoleApp, { email: who.email, password: NEW_PASSWORD }).expect(401);
  });

  test('disabling ends the sessions at once and refuses sign-in; enabling lets them back', async () => {
    const admin = await signedIn(consoleApp, await addMember(db, org, 'admin'));
    const who = await addMember(db, org, 'member');
    const victim = await signedIn(consoleApp, who);
    const headers = await sessionCredentials(who.id);
    const res = await admin.agent.patch(`/api/members/${who.id}`).set('x-csrf-token', admin.csrf).send({ disabled: true }).expect(200);
    expect(res.body.data).toMatchObject({ id: who.id, disabled: true });
    await victim.agent.get('/api/session').expect(401);
    expect((await pool.query('SELECT revoked_at FROM platform.api_keys WHERE key = $1', [headers['api-key']])).rows[0].revoked_at).toBeInstanceOf(Date);
    await refusedWithin5s(headers);
    const refused = await signIn(consoleApp, { email: who.email, password: who.password }).expect(401);
    expect(refused.body.error.message).toBe('wrong email or password');
    await admin.agent.patch(`/api/members/${who.id}`).set('x-csrf-token', admin.csrf).send({ disabled: false }).expect(200);
    await signIn(consoleApp, { email: who.email, password: who.password }).expect(201);
  });

  test('a role change ends the sessions; a password reset gives a new one-time password and ends the sessions', async () => {
    const admin = await signedIn(consoleApp, await addMember(db, org, 'admin'));
    const who = await addMember(db, org, 'member');
    const first = await signedIn(consoleApp, who);
    const changed = await admin.agent.patch(`/api/members/${who.id}`).set('x-csrf-token', admin.csrf).send({ role: 'viewer' }).expect(200);
    expect(changed.body.data.role).toBe('viewer');
    await first.agent.get('/api/session').expect(401);
    await admin.agent.patch(`/api/members/${who.id}`).set('x-csrf-token', admin.csrf).send({ role: 'owner' }).expect(400);

    const second = await signedIn(consoleApp, who);
    const reset = await admin.agent.post(`/api/members/${who.id}/password-reset`).set('x-csrf-token', admin.csrf).send({}).expect(200);
    expect(reset.body.data).toMatchObject({ must_change_password: true, password: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    expect(reset.headers['cache-control']).toBe('no-store');
    await second.agent.get('/api/session').expect(401);
    await signIn(consoleApp, { email: who.email, password: who.password }).expect(401);
    const back = await signIn(consoleApp, { email: who.email, password: reset.body.data.password }).expect(201);
    expect(back.body.data.member.must_change_password).toBe(true);
  });

  test('admins act only on other members of their own organization; members cannot act at all', async () => {
    const adminWho = await addMember(db, org, 'admin');
    const admin = await signedIn(consoleApp, adminWho);
    const stranger = await addMember(db, other, 'member');
    await admin.agent.delete(`/api/members/${stranger.id}`).set('x-csrf-token', admin.csrf).expect(404);
    await admin.agent.patch(`/api/members/${stranger.id}`).set('x-csrf-token', admin.csrf).send({ disabled: true }).expect(404);
    await admin.agent.delete(`/api/members/${adminWho.id}`).set('x-csrf-token', admin.csrf).expect(409);
    const plain = await signedIn(consoleApp, await addMember(db, org, 'member'));
    const target = await addMember(db, org, 'member');
    await plain.agent.delete(`/api/members/${target.id}`).set('x-csrf-token', plain.csrf).expect(403);
    await plain.agent.post(`/api/members/${target.id}/password-reset`).set('x-csrf-token', plain.csrf).send({}).expect(403);
    await admin.agent.delete(`/api/members/${target.id}`).expect(403); // no CSRF token
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.members WHERE id = ANY($1)', [[stranger.id, target.id]])).rows[0].n).toBe(2);
  });

  test('one-time passwords expire (72 h by default)', async () => {
    const who = await addMember(db, org, 'member');
    const row = (await pool.query('SELECT one_time_password_expires_at, created_at FROM platform.members WHERE id = $1', [who.id])).rows[0];
    expect(row.one_time_password_expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(71.9 * 3_600_000);
    expect(row.one_time_password_expires_at.getTime() - row.created_at.getTime()).toBeLessThan(72.1 * 3_600_000);
    await pool.query(`UPDATE platform.members SET one_time_password_expires_at = now() - interval '1 second' WHERE id = $1`, [who.id]);
    const res = await signIn(consoleApp, { email: who.email, password: who.password }).expect(401);
    expect(res.body.error.code).toBe('ONE_TIME_PASSWORD_EXPIRED');
    expect((await pool.query('SELECT count(*)::int AS n FROM platform.member_sessions WHERE member_id = $1', [who.id])).rows[0].n).toBe(0);
  });
});

describe('S3: roles', () => {
  test("a viewer's session key reads everything and changes nothing; a member's cannot do more than the data models' actions", async () => {
    const viewer = await signedIn(consoleApp, await addMember(db, org, 'viewer'));
    const whoami = await viewer.agent.get('/api/svc/snapshot/whoami').expect(200);
    expect(whoami.body.data.preset).toBe('custom');
    for (const actions of Object.values(whoami.body.data.scopes)) expect(actions).toEqual(['read']);
    await viewer.agent.get('/api/svc/snapshot/widgets').expect(200);
    const refused = await viewer.agent.post('/api/svc/snapshot/widgets').set('x-csrf-token', viewer.csrf).send({ name: 'nope' }).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await viewer.agent.get('/api/members').expect(403);
    await viewer.agent.get('/api/keys').expect(403);

    const memberWho = await signedIn(consoleApp, await addMember(db, org, 'member'));
    const mine = await memberWho.agent.get('/api/svc/snapshot/whoami').expect(200);
    expect(mine.body.data.preset).toBe('custom');
    await memberWho.agent.post('/api/svc/snapshot/widgets').set('x-csrf-token', memberWho.csrf).send({ name: 'made by a member' }).expect(201);
  });

  test('an admin adds people with any of the three roles', async () => {
    const admin = await signedIn(consoleApp, await addMember(db, org, 'admin'));
    const email = uniqueEmail('viewer');
    await admin.agent.post('/api/members').set('x-csrf-token', admin.csrf).send({ email, role: 'viewer' }).expect(201);
    const listed = (await admin.agent.get('/api/members').expect(200)).body.data.find((m: { email: string }) => m.email === email);
    expect(listed).toMatchObject({ role: 'viewer', disabled: false, totp_enabled: false });
  });
});

describe('S5: adding an email answers alike wherever it is registered', () => {
  test('new, already here, and in another organization: the same status and shape; only the new one is created', async () => {
    const admin = await signedIn(consoleApp, await addMember(db, org, 'admin'));
    const here = await addMember(db, org, 'member');
    const elsewhere = await addMember(db, other, 'member');
    const fresh = uniqueEmail('fresh');
    const answers = [];
    for (const email of [fresh, here.email, elsewhere.email]) {
      const res = await admin.agent.post('/api/members').set('x-csrf-token', admin.csrf).send({ email, role: 'member' });
      answers.push({ status: res.status, keys: Object.keys(res.body.data ?? res.body.error).sort(), email: res.body.data?.email });
    }
    expect(answers).toEqual([
      { status: 201, keys: ['email', 'one_time_password_expires_at', 'password', 'role'], email: fresh },
      { status: 201, keys: ['email', 'one_time_password_expires_at', 'password', 'role'], email: here.email },
      { status: 201, keys: ['email', 'one_time_password_expires_at', 'password', 'role'], email: elsewhere.email },
    ]);
    // Nothing changed for the existing ones: their own passwords still work, and nobody moved organization.
    await signIn(consoleApp, { email: elsewhere.email, password: elsewhere.password }).expect(201);
    expect((await pool.query('SELECT org_id FROM platform.members WHERE email = $1', [elsewhere.email])).rows[0].org_id).toBe(other.id);
  });
});

describe('S6: no-store on every API answer', () => {
  test('sessions, keys, members, errors and the pass-through', async () => {
    const admin = await addMember(db, org, 'admin');
    const login = await signIn(consoleApp, { email: admin.email, password: admin.password }).expect(201);
    expect(login.headers['cache-control']).toBe('no-store');
    const { agent, csrf } = await signedIn(consoleApp, admin);
    const answers = {
      session: await agent.get('/api/session'),
      'new key (its secret)': await agent.post('/api/keys').set('x-csrf-token', csrf).send({ preset: 'read_only' }),
      keys: await agent.get('/api/keys'),
      members: await agent.get('/api/members'),
      'widgets (pass-through)': await agent.get('/api/svc/snapshot/widgets'),
      'whoami (pass-through)': await agent.get('/api/svc/snapshot/whoami'),
      'an error': await agent.get('/api/nothing'),
      'signed out': await request(consoleApp.baseUrl).get('/api/session'),
    };
    for (const [what, res] of Object.entries(answers)) expect({ what, cacheControl: res.headers['cache-control'] }).toEqual({ what, cacheControl: 'no-store' });
  });
});

describe('S7: readiness and metrics only on the operators port', () => {
  test('the browsers port has no /readyz or /metrics; the ops port has them', async () => {
    await request(consoleApp.baseUrl).get('/healthz').expect(200);
    await request(consoleApp.baseUrl).get('/readyz').expect(404);
    const metrics = await request(consoleApp.baseUrl).get('/metrics').expect(404);
    expect(metrics.text).not.toMatch(/http_request/);
    expect(consoleApp.opsUrl).toBeDefined();
    const ready = await request(consoleApp.opsUrl!).get('/readyz').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', service: 'console' });
    expect((await request(consoleApp.opsUrl!).get('/metrics').expect(200)).text).toMatch(/service="console"/);
    await request(consoleApp.opsUrl!).get('/api/session').expect(404);
  });
});

describe('S8: password strength and TOTP', () => {
  test('common and guessable passwords are refused, naming the field and why', async () => {
    const who = await addMember(db, org, 'member');
    const login = await signIn(consoleApp, { email: who.email, password: who.password }).expect(201);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    for (const weak of ['aaaaaaaaaaaa', 'password1234', 'qwertyuiop12', `${who.email}1`]) {
      const res = await request(consoleApp.baseUrl)
        .post('/api/session/password')
        .set('cookie', cookie)
        .set('x-csrf-token', login.body.data.csrf_token)
        .send({ current_password: who.password, new_password: weak })
        .expect(400);
      expect(res.body.error.details).toEqual([{ path: 'new_password', message: expect.stringMatching(/^too easy to guess/) }]);
    }
  });

  /** Enrols a signed-in member; answers the TOTP generator built from the secret the console gave. */
  async function enrol(agent: ReturnType<typeof request.agent>, csrf: string) {
    const begun = await agent.post('/api/session/totp').set('x-csrf-token', csrf).send({}).expect(201);
    expect(begun.headers['cache-control']).toBe('no-store');
    expect(begun.body.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    const totp = new TOTP({ secret: Secret.fromBase32(begun.body.data.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    await agent
      .post('/api/session/totp/confirm')
      .set('x-csrf-token', csrf)
      .send({ code: '000000' === totp.generate({ timestamp: consoleApp.clock() }) ? '111111' : '000000' })
      .expect(400);
    const confirmed = await agent
      .post('/api/session/totp/confirm')
      .set('x-csrf-token', csrf)
      .send({ code: totp.generate({ timestamp: consoleApp.clock() }) })
      .expect(200);
    expect(confirmed.body.data.recovery_codes).toHaveLength(10);
    expect(confirmed.body.data.member.totp_enabled).toBe(true);
    return { totp, recoveryCodes: confirmed.body.data.recovery_codes as string[] };
  }

  test('enrolment; sign-in asks for the code; a wrong code is refused; a code works once; a recovery code works once', async () => {
    const who = await addMember(db, org, 'member');
    const { agent, csrf } = await signedIn(consoleApp, who);
    const { totp, recoveryCodes } = await enrol(agent, csrf);
    const stored = (await pool.query('SELECT totp_secret_enc FROM platform.members WHERE id = $1', [who.id])).rows[0].totp_secret_enc;
    expect(stored).toMatch(/^v1\./);
    const codes = (await pool.query('SELECT code_hash FROM platform.member_recovery_codes WHERE member_id = $1', [who.id])).rows;
    expect(codes).toHaveLength(10);
    expect(JSON.stringify(codes)).not.toContain(recoveryCodes[0]);

    const asked = await signIn(consoleApp, { email: who.email, password: who.password }).expect(401);
    expect(asked.body.error.code).toBe('TOTP_REQUIRED');
    expect(asked.headers['set-cookie']).toBeUndefined();
    const wrong = await signIn(consoleApp, {
      email: who.email,
      password: who.password,
      totp_code: totp.generate({ timestamp: consoleApp.clock() }) === '123456' ? '654321' : '123456',
    }).expect(401);
    expect(wrong.body.error.code).toBe('INVALID_TOTP_CODE');
    // The code used to confirm enrolment (this step) is not accepted again; the next step's is.
    await signIn(consoleApp, { email: who.email, password: who.password, totp_code: totp.generate({ timestamp: consoleApp.clock() }) }).expect(401);
    const next = totp.generate({ timestamp: consoleApp.clock() + 30_000 });
    await signIn(consoleApp, { email: who.email, password: who.password, totp_code: next }).expect(201);
    await signIn(consoleApp, { email: who.email, password: who.password, totp_code: next }).expect(401);
    // A wrong password with a right code is still a wrong password.
    await signIn(consoleApp, { email: who.email, password: 'not the password', recovery_code: recoveryCodes[1] }).expect(401);
    await signIn(consoleApp, { email: who.email, password: who.password, recovery_code: recoveryCodes[0] }).expect(201);
    await signIn(consoleApp, { email: who.email, password: who.password, recovery_code: recoveryCodes[0] }).expect(401);
    expect(
      (await pool.query('SELECT count(*)::int AS n FROM platform.member_recovery_codes WHERE member_id = $1 AND used_at IS NOT NULL', [who.id])).rows[0].n,
    ).toBe(1);
  });

  test('an organization that requires TOTP forces its admins to enrol before anything else; an admin resets a lost one', async () => {
    const required = await createOrganization(db, uniqueSlug('sec-totp'));
    const ownerWho = await addMember(db, required, 'admin');
    const owner = await signedIn(consoleApp, ownerWho);
    await owner.agent.patch('/api/org').set('x-csrf-token', owner.csrf).send({ require_admin_totp: 'yes' }).expect(400);
    const set = await owner.agent.patch('/api/org').set('x-csrf-token', owner.csrf).send({ require_admin_totp: true }).expect(200);
    expect(set.body.data.require_admin_totp).toBe(true);
    // The owner's own open session is held at the gate at once.
    const gated = await owner.agent.get('/api/members').expect(403);
    expect(gated.body.error.code).toBe('TOTP_ENROLMENT_REQUIRED');
    await owner.agent.get('/api/svc/snapshot/widgets').expect(403);
    expect((await owner.agent.get('/api/session').expect(200)).body.data.totp_required).toBe(true);
    await enrol(owner.agent, owner.csrf);
    await owner.agent.get('/api/members').expect(200);
    await owner.agent.delete('/api/session/totp').set('x-csrf-token', owner.csrf).send({ current_password: NEW_PASSWORD }).expect(403);

    // A member (not an admin) of the same organization is not held.
    const plain = await signedIn(consoleApp, await addMember(db, required, 'member'));
    await plain.agent.get('/api/svc/snapshot/widgets').expect(200);

    // Another admin lost their phone: the owner resets their TOTP; their sessions end, and they must enrol again.
    const otherAdmin = await addMember(db, required, 'admin');
    const theirs = await signedIn(consoleApp, otherAdmin);
    await enrol(theirs.agent, theirs.csrf);
    await owner.agent.post(`/api/members/${otherAdmin.id}/totp-reset`).set('x-csrf-token', owner.csrf).send({}).expect(200);
    await theirs.agent.get('/api/session').expect(401);
    const again = await signIn(consoleApp, { email: otherAdmin.email, password: otherAdmin.password }).expect(201);
    expect(again.body.data.totp_required).toBe(true);
  });
});

describe('S9: security headers follow the public URL', () => {
  test('plain HTTP (no public URL): no HSTS, no upgrade-insecure-requests; both anti-framing headers deny', async () => {
    const res = await request(consoleApp.baseUrl).get('/api/session');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  test.each([
    ['http://console.example.test', false],
    ['https://console.example.test', true],
  ])('CONSOLE_PUBLIC_URL %s: HSTS and upgrade-insecure-requests %s', async (publicUrl, https) => {
    const c = await startConsole({ snapshot: snapshot.baseUrl }, { publicUrl });
    try {
      const res = await request(c.baseUrl).get('/healthz');
      expect(res.headers['strict-transport-security'] !== undefined).toBe(https);
      expect(/upgrade-insecure-requests/.test(res.headers['content-security-policy'] ?? '')).toBe(https);
      expect(res.headers['x-frame-options']).toBe('DENY');
    } finally {
      await c.close();
    }
  });
});
