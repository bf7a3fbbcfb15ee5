// Issue 10, section 1: the classes of hostile input that answered 500 INTERNAL, each reproduced against the
// real services. Every one is a client error: a 4xx in the contract's shape, naming what is wrong, and nothing stored.
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { makeOrg, startTestService, type TestKey, type TestService } from '@finance/platform/testing';
import { MAX_JSON_DEPTH, MAX_JSON_MEMBERS } from '@finance/platform';
import { buildSnapshotApp } from '../services/snapshot/src/app';
import { buildLedgerApp } from '../services/ledger/src/app';
import { buildStatementApp } from '../services/statement/src/app';

let snapshot: TestService;
let ledger: TestService;
let statement: TestService;
let key: TestKey;
let orgId: string;

beforeAll(async () => {
  [snapshot, ledger, statement] = await Promise.all([
    startTestService('snapshot', buildSnapshotApp),
    startTestService('ledger', buildLedgerApp),
    startTestService('statement', buildStatementApp),
  ]);
  const made = await makeOrg(snapshot.deps.platformDb, 'hostile');
  key = made.full;
  orgId = made.org.id;
});
afterAll(() => Promise.all([snapshot, ledger, statement].map((s) => s?.close())));

const NUL = '\u0000';

function expectClientError(res: RawAnswer | request.Response, status: number, code: string, names?: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.error).toEqual(expect.objectContaining({ message: expect.any(String), request_id: expect.any(String) }));
  if (names !== undefined) expect(res.body.error.message).toContain(names);
}

/** The answer to a raw request, in the shape the assertions read. */
interface RawAnswer {
  status: number;
  body: { error?: { code: string; message: string; request_id: string } } & Record<string, unknown>;
}

/** Sends raw bytes as JSON with fetch (supertest would serialise a Buffer as a JSON object). */
async function rawJson(
  svc: TestService,
  method: 'post' | 'patch' | 'put',
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const res = await fetch(svc.baseUrl + path, {
    method: method.toUpperCase(),
    headers: { ...key.headers, 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

async function rowCount(svc: TestService, table: string): Promise<number> {
  return (await svc.deps.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE org_id = $1`, [orgId])).rows[0].n;
}

describe('NUL in text that would reach Postgres: 400 naming the field or parameter', () => {
  test('statement: a query filter, a rule name, a search condition value', async () => {
    expectClientError(await request(statement.baseUrl).get('/api/v1/transactions?particulars=a%00b').set(key.headers), 400, 'VALIDATION_ERROR', 'particulars');
    const rule = { name: `a${NUL}b`, conditions: [{ field: 'particulars', operator: 'contains', value: 'x' }], actions: [{ field: 'category', value: 'c' }] };
    expectClientError(await request(statement.baseUrl).post('/api/v1/rules').set(key.headers).send(rule), 400, 'VALIDATION_ERROR', 'name');
    const search = { conditions: [{ field: 'particulars', operator: 'contains', value: `x${NUL}` }] };
    expectClientError(
      await request(statement.baseUrl).post('/api/v1/transactions/search').set(key.headers).send(search),
      400,
      'VALIDATION_ERROR',
      'conditions[0].value',
    );
    expect(await rowCount(statement, 'statement.rules')).toBe(0);
  });

  test('snapshot: a widget name, a key inside free-form data', async () => {
    expectClientError(
      await request(snapshot.baseUrl)
        .post('/api/v1/widgets')
        .set(key.headers)
        .send({ name: `W${NUL}` }),
      400,
      'VALIDATION_ERROR',
      'name',
    );
    const widget = (await request(snapshot.baseUrl).post('/api/v1/widgets').set(key.headers).send({ name: 'W' }).expect(201)).body.data;
    const push = await request(snapshot.baseUrl)
      .post(`/api/v1/widgets/${widget.id}/snapshots`)
      .set(key.headers)
      .send({ data: { value: 1, [`k${NUL}`]: 'v' } });
    expectClientError(push, 400, 'VALIDATION_ERROR', 'data');
    expect(await rowCount(snapshot, 'snapshot.snapshots')).toBe(0);
  });

  test('ledger: an account name, a dimension key in a query parameter name, details', async () => {
    expectClientError(
      await request(ledger.baseUrl)
        .post('/api/v1/accounts')
        .set(key.headers)
        .send({ name: `Cash${NUL}`, type: 'asset' }),
      400,
      'VALIDATION_ERROR',
      'name',
    );
    expectClientError(await request(ledger.baseUrl).get('/api/v1/entries?dimension.%00=x').set(key.headers), 400, 'VALIDATION_ERROR', 'dimension.');
    expectClientError(await request(ledger.baseUrl).get('/api/v1/entries?dimension.region=%00').set(key.headers), 400, 'VALIDATION_ERROR', 'dimension.region');
    const tx = { date: '2026-01-31', details: { note: `x${NUL}` } };
    expectClientError(await request(ledger.baseUrl).post('/api/v1/transactions').set(key.headers).send(tx), 400, 'VALIDATION_ERROR', 'details.note');
    expect(await rowCount(ledger, 'ledger.transactions')).toBe(0);
  });

  test('a multipart text field and a file name', async () => {
    const upload = request(statement.baseUrl).post('/api/v1/statements').set(key.headers);
    const res = await upload.field('password', `pw${NUL}`).attach('file', Buffer.from('Date,Narration,Amount\n01/04/2024,x,1\n'), 'a.csv');
    expectClientError(res, 400, 'VALIDATION_ERROR', 'password');
    // A raw NUL in a part header is malformed multipart; an RFC 5987 encoded one decodes, and the gate names it.
    const named = await request(statement.baseUrl)
      .post('/api/v1/statements')
      .set(key.headers)
      .attach('file', Buffer.from('Date,Narration,Amount\n'), `a${NUL}.csv`);
    expectClientError(named, 400, 'VALIDATION_ERROR', 'body');
    const boundary = 'fuzzboundary';
    const multipart = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.csv\r\nContent-Type: text/csv\r\n\r\nDate,Narration,Amount\r\n--${boundary}--\r\n`,
    );
    const encoded = await fetch(`${statement.baseUrl}/api/v1/statements`, {
      method: 'POST',
      headers: { ...key.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    });
    expectClientError(
      { status: encoded.status, body: (await encoded.json()) as RawAnswer['body'] },
      400,
      'VALIDATION_ERROR',
      'file: the file name must not contain the NUL',
    );
  });
});

describe('JSON bodies: valid UTF-8, bounded depth and members, finite numbers', () => {
  const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  test('a ledger details 5,000 levels deep and a snapshot data 3,000 levels deep are refused, not stored', async () => {
    const tx = Buffer.from(`{"date":"2026-01-31","details":${nested(5000)}}`);
    expectClientError(await rawJson(ledger, 'post', '/api/v1/transactions', tx), 400, 'VALIDATION_ERROR', 'details');
    const widget = (await request(snapshot.baseUrl).post('/api/v1/widgets').set(key.headers).send({ name: 'deep' }).expect(201)).body.data;
    const push = Buffer.from(`{"data":{"value":1,"deep":${nested(3000)}}}`);
    expectClientError(await rawJson(snapshot, 'post', `/api/v1/widgets/${widget.id}/snapshots`, push), 400, 'VALIDATION_ERROR', 'data.deep');
    expect(await rowCount(snapshot, 'snapshot.snapshots')).toBe(0);
  });

  test('the bound itself: depth MAX_JSON_DEPTH is stored, one more is refused; so is an object with too many members', async () => {
    // The body is level 1 and `details` level 2, so details may hold MAX_JSON_DEPTH - 1 nested objects.
    const atBound = Buffer.from(`{"date":"2026-01-31","status":"draft","details":${nested(MAX_JSON_DEPTH - 1)}}`);
    expect((await rawJson(ledger, 'post', '/api/v1/transactions', atBound)).status).toBe(201);
    const over = Buffer.from(`{"date":"2026-01-31","status":"draft","details":${nested(MAX_JSON_DEPTH)}}`);
    expectClientError(await rawJson(ledger, 'post', '/api/v1/transactions', over), 400, 'VALIDATION_ERROR', 'details');
    const wide = Object.fromEntries(Array.from({ length: MAX_JSON_MEMBERS + 1 }, (_, i) => [`k${i}`, i]));
    expectClientError(
      await request(ledger.baseUrl).post('/api/v1/transactions').set(key.headers).send({ date: '2026-01-31', status: 'draft', details: wide }),
      400,
      'VALIDATION_ERROR',
      'details',
    );
  });

  test('invalid UTF-8 is refused, not stored as replacement characters', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"Cash '), Buffer.from([0xff, 0xfe]), Buffer.from('","type":"asset"}')]);
    expectClientError(await rawJson(ledger, 'post', '/api/v1/accounts', body), 400, 'VALIDATION_ERROR', 'UTF-8');
    const overlong = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]);
    expectClientError(await rawJson(snapshot, 'post', '/api/v1/widgets', overlong), 400, 'VALIDATION_ERROR', 'UTF-8');
    expect(await rowCount(ledger, 'ledger.accounts')).toBe(0);
  });

  test('lone surrogates, __proto__ keys and numbers beyond double range are refused', async () => {
    const lone = Buffer.from('{"name":"x\\ud800y","type":"asset"}');
    expectClientError(await rawJson(ledger, 'post', '/api/v1/accounts', lone), 400, 'VALIDATION_ERROR', 'name');
    const proto = Buffer.from('{"date":"2026-01-31","details":{"__proto__":{"admin":true}}}');
    expectClientError(await rawJson(ledger, 'post', '/api/v1/transactions', proto), 400, 'VALIDATION_ERROR', 'details.__proto__');
    const widget = (await request(snapshot.baseUrl).post('/api/v1/widgets').set(key.headers).send({ name: 'inf' }).expect(201)).body.data;
    const huge = Buffer.from('{"data":{"value":1,"other":1e309}}');
    expectClientError(await rawJson(snapshot, 'post', `/api/v1/widgets/${widget.id}/snapshots`, huge), 400, 'VALIDATION_ERROR', 'data.other');
  });
});

describe('encodings and percent-encoding', () => {
  test('Content-Encoding gzip on a body that is not gzip: 400 naming the body; real gzip still works', async () => {
    expectClientError(
      await rawJson(ledger, 'post', '/api/v1/accounts', Buffer.from('{"name":"x","type":"asset"}'), { 'content-encoding': 'gzip' }),
      400,
      'VALIDATION_ERROR',
      'Content-Encoding',
    );
    const ok = await rawJson(ledger, 'post', '/api/v1/accounts', gzipSync(Buffer.from('{"name":"Gz","type":"asset"}')), { 'content-encoding': 'gzip' });
    expect(ok.status).toBe(201);
    // The 1 MiB limit holds for the inflated body: a small gzip bomb is a 413, not a worker's worth of memory.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"name":"x","type":"asset"'), Buffer.alloc(16 * 1024 * 1024, 0x20), Buffer.from('}')]));
    expectClientError(await rawJson(ledger, 'post', '/api/v1/accounts', bomb, { 'content-encoding': 'gzip' }), 413, 'PAYLOAD_TOO_LARGE');
    expectClientError(
      await rawJson(ledger, 'post', '/api/v1/accounts', Buffer.from('{}'), { 'content-encoding': 'compress' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Content-Encoding',
    );
    const multipart = await request(statement.baseUrl)
      .post('/api/v1/statements')
      .set(key.headers)
      .set('content-encoding', 'gzip')
      .attach('file', Buffer.from('x'), 'a.csv');
    expect(multipart.status).toBeGreaterThanOrEqual(400);
    expect(multipart.status).toBeLessThan(500);
  });

  test('a path id with malformed or overlong percent-encoding is a 404 on every service', async () => {
    for (const [svc, path] of [
      [ledger, '/api/v1/accounts/'],
      [snapshot, '/api/v1/widgets/'],
      [statement, '/api/v1/rules/'],
    ] as const) {
      for (const id of ['%FF%FE', '%C0%AF', '%E0%80', '%']) {
        expectClientError(
          await request(svc.baseUrl)
            .get(path + id)
            .set(key.headers),
          404,
          'NOT_FOUND',
        );
      }
    }
    expectClientError(await request(ledger.baseUrl).patch('/api/v1/accounts/%FF').set(key.headers).send({ name: 'x' }), 404, 'NOT_FOUND');
  });

  test('malformed percent-encoding in a query value or name is a 400 naming the parameter', async () => {
    expectClientError(await request(statement.baseUrl).get('/api/v1/transactions?particulars=%FF').set(key.headers), 400, 'VALIDATION_ERROR', 'particulars');
    expectClientError(await request(statement.baseUrl).get('/api/v1/transactions?particulars=%E0%80').set(key.headers), 400, 'VALIDATION_ERROR', 'particulars');
    expectClientError(await request(ledger.baseUrl).get('/api/v1/entries?dimension.%C0%AF=x').set(key.headers), 400, 'VALIDATION_ERROR', 'dimension.');
    // Well-formed encodings still decode: + is a space, %2B a plus.
    await request(statement.baseUrl).get('/api/v1/transactions?particulars=a+b%2Bc').set(key.headers).expect(200);
  });
});

describe('dates and instants outside what Postgres and JavaScript represent', () => {
  test('year 0 and similar in timestamp filters: 400 naming the parameter', async () => {
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00%2B01:00', '9999-12-31T23:30:00-01:00']) {
      expectClientError(
        await request(snapshot.baseUrl).get(`/api/v1/widgets?created_at_from=${value}`).set(key.headers),
        400,
        'VALIDATION_ERROR',
        'created_at_from',
      );
      expectClientError(
        await request(snapshot.baseUrl).get(`/api/v1/dashboards?updated_at_to=${value}`).set(key.headers),
        400,
        'VALIDATION_ERROR',
        'updated_at_to',
      );
    }
    await request(snapshot.baseUrl).get('/api/v1/widgets?created_at_from=0001-01-01T00:00:00Z&created_at_to=9999-12-31T23:59:59Z').set(key.headers).expect(200);
  });

  test('year 0 in dates: 400; years 1 to 99 are real dates', async () => {
    expectClientError(await request(ledger.baseUrl).get('/api/v1/entries?date_from=0000-01-01').set(key.headers), 400, 'VALIDATION_ERROR', 'date_from');
    expectClientError(
      await request(ledger.baseUrl).post('/api/v1/transactions').set(key.headers).send({ date: '0000-12-31' }),
      400,
      'VALIDATION_ERROR',
      'date',
    );
    await request(ledger.baseUrl).get('/api/v1/entries?date_from=0050-01-01').set(key.headers).expect(200);
  });
});
