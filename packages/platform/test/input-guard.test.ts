import { connect } from 'node:net';
import request from 'supertest';
import { z } from 'zod';
import {
  createApp,
  createPool,
  dateProblem,
  defineRoute,
  MAX_JSON_DEPTH,
  MAX_JSON_MEMBERS,
  ok,
  parseInstant,
  parseQueryString,
  unstorableProblem,
  type ServiceDeps,
} from '../src';
import { makeOrg, startTestService, type TestKey, type TestService } from '../src/testing';

describe('unstorableProblem: the one gate for decoded values', () => {
  test('accepts ordinary JSON, the bound itself, and keys such as constructor', () => {
    let deep: unknown = 1;
    for (let i = 0; i < MAX_JSON_DEPTH; i++) deep = { a: deep };
    expect(unstorableProblem(deep)).toBeNull();
    expect(unstorableProblem({ constructor: 'x', text: 'tab\there, emoji \u{1F600}', n: -0, list: [1, 'two', null] })).toBeNull();
  });

  test('names the first problem by its path', () => {
    expect(unstorableProblem({ a: [{ b: 'x\u0000' }] })).toEqual({ path: 'a[0].b', message: expect.stringContaining('NUL') });
    expect(unstorableProblem({ ['k\u0000']: 1 })).toEqual({ path: 'k\\u0000', message: expect.stringContaining('NUL') });
    expect(unstorableProblem({ s: 'a\uD800b' })?.message).toContain('lone surrogate');
    expect(unstorableProblem({ s: '\uDC00' })?.message).toContain('lone surrogate');
    expect(unstorableProblem({ n: Infinity })?.path).toBe('n');
    expect(unstorableProblem(JSON.parse('{"x":{"__proto__":1}}'))?.path).toBe('x.__proto__');
    expect(unstorableProblem(Object.fromEntries(Array.from({ length: MAX_JSON_MEMBERS + 1 }, (_, i) => [`k${i}`, i])))?.message).toContain('members');
  });

  test('walks 100,000 levels without recursion and stops at the bound', () => {
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    const problem = unstorableProblem({ d: deep });
    expect(problem?.message).toContain(`${MAX_JSON_DEPTH} levels`);
    expect(problem?.path.startsWith('d[0][0]')).toBe(true);
  });
});

describe('parseQueryString: strict decoding', () => {
  test('decodes as the usual parser does for well-formed input', () => {
    expect(parseQueryString('/x?a=1&b=two+words&c=%2B1&d&e=&&')).toEqual({ a: '1', b: 'two words', c: '+1', d: '', e: '' });
    expect(parseQueryString('/x')).toEqual({});
  });

  test('malformed percent-encoding, NUL, repeats and too many parameters are 400s naming the parameter', () => {
    expect(() => parseQueryString('/x?a=%FF')).toThrow('a: is not valid percent-encoded UTF-8');
    expect(() => parseQueryString('/x?a=%C0%AF')).toThrow('a: is not valid');
    expect(() => parseQueryString('/x?a=%')).toThrow('a: is not valid');
    expect(() => parseQueryString('/x?%ZZ=1')).toThrow('%ZZ: the parameter name');
    expect(() => parseQueryString('/x?a=b%00')).toThrow('a: must not contain the NUL');
    expect(() => parseQueryString('/x?a%00=b')).toThrow('a\\u0000: the parameter name');
    expect(() => parseQueryString('/x?a=%ED%A0%80')).toThrow('a: is not valid');
    expect(() => parseQueryString('/x?a=1&a=2')).toThrow('a: give this parameter once');
    expect(() => parseQueryString('/x?__proto__=1')).toThrow('reserved');
    expect(() => parseQueryString('/x?' + Array.from({ length: 101 }, (_, i) => `p${i}=1`).join('&'))).toThrow('query: at most 100');
  });
});

describe('dates and instants: the calendar Postgres and JavaScript share', () => {
  test('no year 0; years 1 to 99 are not read as 19xx', () => {
    expect(dateProblem('0000-01-01')).toContain('no year 0000');
    expect(dateProblem('0001-01-01')).toBeNull();
    expect(dateProblem('0099-02-29')).toContain('not a calendar date');
    expect(dateProblem('0096-02-29')).toBeNull();
    expect(dateProblem('9999-12-31')).toBeNull();
  });

  test('instants whose UTC year leaves 1..9999 are refused', () => {
    expect(() => parseInstant('t', '0000-06-01T00:00:00Z')).toThrow('t: must fall between');
    expect(() => parseInstant('t', '0001-01-01T00:30:00+01:00')).toThrow('t: must fall between');
    expect(() => parseInstant('t', '9999-12-31T23:30:00-01:00')).toThrow('t: must fall between');
    expect(parseInstant('t', '0001-01-01T00:00:00Z').getUTCFullYear()).toBe(1);
  });
});

// The backstop: whatever the edge misses, a value the database refuses is the client's error, not a 500.
const routes = [
  defineRoute({
    method: 'post',
    path: '/cast',
    permission: 'widget:create',
    summary: 'casts a value in Postgres (a data exception for bad input)',
    body: z.strictObject({ value: z.string() }),
    status: 200,
    response: z.object({ n: z.number() }),
    handler: async ({ body, req }) => {
      const deps = (req.app.locals as { deps: ServiceDeps }).deps;
      return ok((await deps.pool.query('SELECT $1::int AS n', [body.value])).rows[0]);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/down',
    permission: 'widget:read',
    summary: 'a query against a database that is not there',
    response: z.null(),
    handler: async () => {
      const pool = createPool('postgresql://postgres@127.0.0.1:1/none', { max: 1 });
      try {
        await pool.query('SELECT 1');
      } finally {
        await pool.end();
      }
      return ok(null);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/bug',
    permission: 'widget:read',
    summary: 'a real fault in SQL stays a 500',
    response: z.null(),
    handler: async ({ req }) => {
      const deps = (req.app.locals as { deps: ServiceDeps }).deps;
      await deps.pool.query('SELECT * FROM no_such_table');
      return ok(null);
    },
  }),
];

let svc: TestService;
let key: TestKey;
beforeAll(async () => {
  svc = await startTestService('guardtest', async (deps: ServiceDeps) => {
    const app = createApp({ service: 'guardtest', routes, authenticator: deps.authenticator, logger: deps.logger, readiness: {} });
    app.locals.deps = deps;
    return { app };
  });
  ({ full: key } = await makeOrg(svc.deps.platformDb, 'guard'));
});
afterAll(() => svc.close());

test('a Postgres data exception is a 400 VALIDATION_ERROR', async () => {
  await request(svc.baseUrl).post('/api/v1/cast').set(key.headers).send({ value: '12' }).expect(200);
  for (const path of ['/api/v1/cast']) {
    const res = await request(svc.baseUrl).post(path).set(key.headers).send({ value: 'not a number 99999999999' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('SQLSTATE 22') });
  }
  const bug = await request(svc.baseUrl).get('/api/v1/bug').set(key.headers);
  expect(bug.status).toBe(500);
});

test('a request Node refuses before the app (a NUL in a header) still gets the error shape', async () => {
  const port = new URL(svc.baseUrl).port;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /api/v1/whoami HTTP/1.1\r\nHost: x\r\napi-key: a\u0000b\r\n\r\n'));
    let text = '';
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
  expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', request_id: expect.any(String) });
});

test('a database that cannot be reached is a 503 NOT_READY with Retry-After, not a 500', async () => {
  const res = await request(svc.baseUrl).get('/api/v1/down').set(key.headers);
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.body.error).toMatchObject({ code: 'NOT_READY', request_id: expect.any(String) });
});
