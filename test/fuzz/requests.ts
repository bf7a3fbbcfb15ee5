/**
 * Requests for one route, generated from its declaration: path parameters, query parameters (the list
 * conventions included) and the body, read through the platform's own schema-to-JSON-Schema mapping (the
 * one the OpenAPI document uses), plus mutations that break the contract in the ways issue 10 lists.
 *
 * Each request says what the service may answer: `valid` and `maybe` requests must never get a 5xx;
 * `refused` requests are wrong by construction and must get a 4xx. Any 4xx must be in the contract's
 * error shape and change nothing (the harness checks both).
 */
import fc from 'fast-check';
import { jsonSchema, routeParameters, type AnyRoute } from '@finance/platform';
import { dateArbitrary, idArbitrary, valueFor, type JsonSchema, type Vocabulary } from './schema-arbitrary';

export type Expectation = 'valid' | 'maybe' | 'refused';

export interface MultipartBody {
  fields: [string, string][];
  file?: { field: string; name: string; bytes: Buffer; type: string };
}

export interface FuzzRequest {
  method: string;
  /** Path and query as sent on the wire (already percent-encoded, or deliberately mis-encoded). */
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  expect: Expectation;
  /** What was done to a valid request, for the failure report. */
  mutation?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

/** A route's request, before it is written out: values still as data, so mutations can reach into them. */
interface Draft {
  path: Record<string, string>;
  query: [string, string][];
  body: unknown;
  hasBody: boolean;
  multipart?: MultipartBody;
  headers: Record<string, string>;
}

const enc = encodeURIComponent;

export function writeRequest(
  route: AnyRoute,
  draft: Draft,
  expect: Expectation,
  mutation?: string,
  raw?: { pathValue?: string; query?: string; body?: Buffer; headers?: Record<string, string> },
): FuzzRequest {
  let path = `/api/v1${route.path}`;
  for (const [name, value] of Object.entries(draft.path)) path = path.replace(`:${name}`, raw?.pathValue ?? enc(value));
  const pairs = draft.query.map(([k, v]) => `${enc(k)}=${enc(v)}`);
  if (raw?.query !== undefined) pairs.push(raw.query);
  const url = pairs.length ? `${path}?${pairs.join('&')}` : path;
  const headers = { ...draft.headers };
  let body: Buffer | undefined;
  if (draft.multipart) {
    const written = writeMultipart(draft.multipart);
    body = written.body;
    headers['content-type'] = written.contentType;
  } else if (draft.hasBody) {
    body = Buffer.from(JSON.stringify(draft.body));
    headers['content-type'] = 'application/json';
  }
  if (raw?.body !== undefined) body = raw.body;
  Object.assign(headers, raw?.headers);
  return { method: route.method.toUpperCase(), url, headers, body, expect, mutation };
}

export function writeMultipart(form: MultipartBody): { body: Buffer; contentType: string } {
  const boundary = `fuzz${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of form.fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (form.file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${form.file.field}"; filename="${form.file.name}"\r\nContent-Type: ${form.file.type}\r\n\r\n`,
      ),
    );
    parts.push(form.file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Query parameter values are strings: numbers and booleans as their text. */
function asQueryText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function queryArbitrary(parameters: Parameter[], vocabulary: Vocabulary): fc.Arbitrary<[string, string][]> {
  const each = parameters.map((p) => {
    const named = p.name.endsWith('{key}')
      ? fc
          .tuple(fc.constantFrom('region', 'cost_center', 'project'), valueFor(p.schema, vocabulary, p.name))
          .map(([key, v]) => [p.name.replace('{key}', key), asQueryText(v)] as [string, string])
      : valueFor(p.schema, vocabulary, p.name).map((v) => [p.name, asQueryText(v)] as [string, string]);
    return fc.option(named, { freq: 2, nil: undefined });
  });
  return fc.tuple(...each).map((pairs) => pairs.filter((p): p is [string, string] => p !== undefined));
}

/** A small statement file that reads: the happy path of an upload. */
const CSV_FILE = Buffer.from(
  'Date,Narration,Withdrawal,Deposit,Balance\n01/04/2024,UPI/1/SWIGGY,250.00,,9750.00\n02/04/2024,NEFT/ACME/SALARY,,50000.00,59750.00\n',
);

function uploadArbitrary(route: AnyRoute, vocabulary: Vocabulary): fc.Arbitrary<MultipartBody> {
  const upload = route.upload!;
  const fields = route.body ? ((jsonSchema(route.body).properties as Record<string, JsonSchema>) ?? {}) : {};
  const fieldArbs = Object.entries(fields).map(([name, schema]) =>
    fc.option(
      valueFor(schema, vocabulary, name).map((v) => [name, asQueryText(v)] as [string, string]),
      { nil: undefined },
    ),
  );
  const file = fc.oneof(
    { weight: 3, arbitrary: fc.constant({ field: upload.fileField, name: 'april.csv', bytes: CSV_FILE, type: 'text/csv' }) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 2048 })
        .map((b) => ({ field: upload.fileField, name: 'random.bin', bytes: Buffer.from(b), type: 'application/octet-stream' })),
    },
  );
  return fc.record({ fields: fc.tuple(...fieldArbs).map((f) => f.filter((x): x is [string, string] => x !== undefined)), file });
}

/** A request the declaration describes (valid by its schemas). */
export function draftArbitrary(route: AnyRoute, vocabulary: Vocabulary): fc.Arbitrary<Draft> {
  const parameters = routeParameters(route) as unknown as Parameter[];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const path = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, idArbitrary(vocabulary)])) as Record<string, fc.Arbitrary<string>>);
  const query = queryArbitrary(
    parameters.filter((p) => p.in === 'query'),
    vocabulary,
  );
  const bodySchema = route.body && !route.upload ? jsonSchema(route.body) : undefined;
  const body: fc.Arbitrary<{ body: unknown; hasBody: boolean }> = bodySchema
    ? route.bodyOptional
      ? fc.option(valueFor(bodySchema, vocabulary), { nil: undefined }).map((b) => ({ body: b, hasBody: b !== undefined }))
      : valueFor(bodySchema, vocabulary).map((b) => ({ body: b, hasBody: true }))
    : fc.constant({ body: undefined, hasBody: false });
  const multipart = route.upload ? uploadArbitrary(route, vocabulary).map((m) => m as MultipartBody | undefined) : fc.constant(undefined);
  const idempotency = route.idempotent ? fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), { nil: undefined }) : fc.constant(undefined);
  return fc.record({ path, query, body, multipart, idempotency }).map(({ path, query, body, multipart, idempotency }): Draft => ({
    path,
    query,
    body: body.body,
    hasBody: body.hasBody,
    multipart,
    headers: idempotency ? { 'idempotency-key': idempotency } : {},
  }));
}

// ---- Mutations

/** Strings that no text column may hold, or that are not Unicode, as JSON text (escapes kept verbatim). */
const HOSTILE_JSON_STRINGS = ['"a\\u0000b"', '"\\u0000"', '"x\\ud800y"', '"\\udc00"'];
/** Numbers beyond a double, written as JSON text (JSON.parse gives Infinity). */
const OVERFLOWING_NUMBERS = ['1e309', '-1e309'];
/** Values of the wrong type or at a boundary; whether they are refused depends on the field. */
const ODD_JSON_VALUES = [
  '-0',
  '9007199254740993',
  '1e-320',
  '-1',
  '0',
  '""',
  '" "',
  '[]',
  '{}',
  'true',
  'null',
  '"constructor"',
  '{"constructor":{"prototype":1}}',
  '"\\u0007\\u001b"',
];

const DEEP = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Every position in a JSON value where another value could stand, as a path of keys. */
function leafPaths(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    for (const [k, v] of entries) leafPaths(v, [...path, k], out);
  }
  out.push(path);
  return out;
}

/** The body as JSON text with the value at `path` replaced by raw JSON text. */
function replaceAt(value: unknown, path: (string | number)[], rawJson: string): string {
  const marker = `"__fuzz_${Math.random().toString(36).slice(2)}__"`;
  if (path.length === 0) return rawJson;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = JSON.parse(marker);
  return JSON.stringify(copy).replace(marker, rawJson);
}

const INVALID_UTF8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xe2, 0x82])];
const BAD_PERCENT = ['%FF%FE', '%C0%AF', '%E0%80', '%', '%ZZ', '%ED%A0%80', '%00'];

type Raw = NonNullable<Parameters<typeof writeRequest>[4]>;

interface Mutation {
  name: string;
  applies: (route: AnyRoute, draft: Draft) => boolean;
  apply: (route: AnyRoute, draft: Draft) => fc.Arbitrary<FuzzRequest>;
}

const hasJsonBody = (route: AnyRoute, draft: Draft) => !route.upload && !!route.body && draft.hasBody;
const isStrictRoot = (route: AnyRoute) => !!route.body && jsonSchema(route.body).additionalProperties === false;
const rangeParams = (route: AnyRoute) => Object.entries(route.list?.ranges ?? {});

const MUTATIONS: Mutation[] = [
  {
    name: 'a string the database cannot store (NUL, lone surrogate) at a leaf of the body',
    applies: hasJsonBody,
    apply: (route, draft) =>
      fc
        .tuple(fc.constantFrom(...leafPaths(draft.body)), fc.constantFrom(...HOSTILE_JSON_STRINGS))
        .map(([path, text]) =>
          writeRequest(route, draft, 'refused', `body at ${JSON.stringify(path)} = ${text}`, { body: Buffer.from(replaceAt(draft.body, path, text)) }),
        ),
  },
  {
    name: 'a number beyond a double at a leaf of the body',
    applies: hasJsonBody,
    apply: (route, draft) =>
      fc
        .tuple(fc.constantFrom(...leafPaths(draft.body)), fc.constantFrom(...OVERFLOWING_NUMBERS))
        .map(([path, text]) =>
          writeRequest(route, draft, 'refused', `body at ${JSON.stringify(path)} = ${text}`, { body: Buffer.from(replaceAt(draft.body, path, text)) }),
        ),
  },
  {
    name: 'nesting far past the bound at a leaf of the body',
    applies: hasJsonBody,
    apply: (route, draft) =>
      fc.tuple(fc.constantFrom(...leafPaths(draft.body)), fc.constantFrom(40, 5_000, 50_000)).map(([path, levels]) =>
        writeRequest(route, draft, 'refused', `body at ${JSON.stringify(path)} nested ${levels} deep`, {
          body: Buffer.from(replaceAt(draft.body, path, DEEP(levels))),
        }),
      ),
  },
  {
    name: 'a wrong type or boundary value at a leaf of the body',
    applies: hasJsonBody,
    apply: (route, draft) =>
      fc.tuple(fc.constantFrom(...leafPaths(draft.body)), fc.constantFrom(...ODD_JSON_VALUES)).map(([path, text]) =>
        writeRequest(route, draft, path.length === 0 && !route.bodyOptional ? 'refused' : 'maybe', `body at ${JSON.stringify(path)} = ${text}`, {
          body: Buffer.from(replaceAt(draft.body, path, text)),
        }),
      ),
  },
  {
    name: 'a long or empty string at a leaf of the body',
    applies: (route, draft) => hasJsonBody(route, draft) && leafPaths(draft.body).length > 1,
    apply: (route, draft) =>
      fc.tuple(fc.constantFrom(...leafPaths(draft.body).filter((p) => p.length > 0)), fc.constantFrom(0, 100_000, 1_100_000)).map(([path, size]) =>
        writeRequest(route, draft, size > 1_048_576 ? 'refused' : 'maybe', `body at ${JSON.stringify(path)} = a string of ${size} characters`, {
          body: Buffer.from(replaceAt(draft.body, path, JSON.stringify('x'.repeat(size)))),
        }),
      ),
  },
  {
    name: 'a __proto__ or unknown key in the body',
    applies: (route, draft) =>
      hasJsonBody(route, draft) && isStrictRoot(route) && typeof draft.body === 'object' && draft.body !== null && !Array.isArray(draft.body),
    apply: (route, draft) =>
      fc.constantFrom('__proto__', 'constructor', 'zz_unknown_field').map((key) => {
        const text = JSON.stringify(draft.body);
        const body = `{${JSON.stringify(key)}:{"admin":true}${text === '{}' ? '' : ','}${text.slice(1)}`;
        return writeRequest(route, draft, 'refused', `body with key ${key}`, { body: Buffer.from(body) });
      }),
  },
  {
    name: 'bytes that are not UTF-8 inside a string of the body',
    applies: hasJsonBody,
    apply: (route, draft) =>
      fc.tuple(fc.constantFrom(...leafPaths(draft.body)), fc.constantFrom(...INVALID_UTF8)).map(([path, bytes]) => {
        const [before, after] = replaceAt(draft.body, path, '"__BYTES__"').split('__BYTES__') as [string, string];
        return writeRequest(route, draft, 'refused', `body at ${JSON.stringify(path)} holds bytes ${bytes.toString('hex')}`, {
          body: Buffer.concat([Buffer.from(before), bytes, Buffer.from(after)]),
        });
      }),
  },
  {
    name: 'a truncated body',
    applies: (route, draft) => hasJsonBody(route, draft) && JSON.stringify(draft.body).length > 1,
    apply: (route, draft) => {
      const text = JSON.stringify(draft.body);
      return fc
        .integer({ min: 1, max: text.length - 1 })
        .map((cut) => writeRequest(route, draft, 'refused', `body cut to ${cut} of ${text.length} characters`, { body: Buffer.from(text.slice(0, cut)) }));
    },
  },
  {
    name: 'a wrong content type, a Content-Encoding the body is not in, or a JSON primitive',
    applies: hasJsonBody,
    apply: (route, draft) =>
      fc
        .constantFrom<Raw[]>(
          { headers: { 'content-type': 'text/plain' } },
          { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          { headers: { 'content-encoding': 'gzip' } },
          { headers: { 'content-encoding': 'br' } },
          { headers: { 'content-encoding': 'x-unknown' } },
          { body: Buffer.from('"just a string"') },
          { body: Buffer.from('42') },
        )
        .map((raw) => writeRequest(route, draft, 'refused', `body sent with ${JSON.stringify(raw.headers ?? raw.body?.toString())}`, raw)),
  },
  {
    name: 'an unknown or repeated query parameter',
    applies: () => true,
    apply: (route, draft) =>
      fc.constantFrom('zz_unknown', 'page', 'limit', 'fields', ...draft.query.map(([k]) => k)).map((name) => {
        const known = draft.query.find(([k]) => k === name);
        const repeated = known ? `${enc(name)}=${enc(known[1])}` : `${enc(name)}=1&${enc(name)}=1`;
        return writeRequest(route, draft, 'refused', `query parameter ${name} repeated or unknown`, { query: repeated });
      }),
  },
  {
    name: 'a query value with NUL, malformed percent-encoding or a lone surrogate',
    applies: () => true,
    apply: (route, draft) =>
      fc
        .tuple(
          fc.constantFrom('zz_unknown', ...draft.query.map(([k]) => k), ...(route.list?.prefixes ?? []).map((p: string) => `${p}region`)),
          fc.constantFrom(...BAD_PERCENT),
          fc.boolean(),
        )
        .map(([name, bad, inName]) => {
          const kept = { ...draft, query: draft.query.filter(([k]) => k !== name) };
          const query = inName ? `${enc(name)}${bad}=x` : `${enc(name)}=a${bad}`;
          return writeRequest(route, kept, 'refused', `query ${query}`, { query });
        }),
  },
  {
    name: 'list paging and ranges out of range (page 0, limit 1e309, year 0)',
    applies: (route) => !!route.list,
    apply: (route, draft) => {
      const ranges = rangeParams(route).flatMap(([field, kind]) =>
        ['from', 'to'].flatMap((end) =>
          (kind === 'date' ? ['0000-01-01', '0000-12-31'] : ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00%2B01:00', '10000-01-01T00:00:00Z']).map(
            (v) => `${field}_${end}=${v}`,
          ),
        ),
      );
      const candidates = [
        'page=0',
        'page=-0',
        'page=9007199254740993',
        'page=1e309',
        'limit=0',
        'limit=501',
        'limit=1e309',
        'limit=-0',
        'limit=1.5',
        'sort_order=sideways',
        'sort_by=__proto__',
        ...ranges,
      ];
      return fc.constantFrom(...candidates).map((pair) => {
        const name = pair.slice(0, pair.indexOf('='));
        const kept = { ...draft, query: draft.query.filter(([k]) => k !== name) };
        return writeRequest(route, kept, 'refused', `query ${pair}`, { query: pair });
      });
    },
  },
  {
    name: 'a path id that names nothing: mis-encoded, NUL, or not an id',
    applies: (route) => route.path.includes(':'),
    apply: (route, draft) =>
      fc
        .constantFrom(...BAD_PERCENT, '%C0%80', 'not-an-id', '00000000-0000-0000-0000-00000000000g', "'%20OR%201=1--", '..%2F..%2Fetc')
        .map((id) => writeRequest(route, draft, 'refused', `path id ${id}`, { pathValue: id })),
  },
  {
    name: 'a malformed Idempotency-Key',
    applies: (route) => !!route.idempotent,
    apply: (route, draft) =>
      fc
        .constantFrom('', 'has space', 'x'.repeat(300), 'caf\u00e9')
        .map((k) => writeRequest(route, draft, 'refused', `Idempotency-Key ${JSON.stringify(k)}`, { headers: { 'idempotency-key': k } })),
  },
  {
    name: 'an upload compressed, truncated, with a hostile field, or as JSON',
    applies: (route) => !!route.upload,
    apply: (route, draft) => {
      const form = draft.multipart!;
      const written = writeMultipart(form);
      return fc
        .constantFrom<{ why: string; raw: Raw }[]>(
          { why: 'Content-Encoding gzip', raw: { body: written.body, headers: { 'content-type': written.contentType, 'content-encoding': 'gzip' } } },
          {
            why: 'truncated multipart',
            raw: { body: written.body.subarray(0, Math.floor(written.body.length / 2)), headers: { 'content-type': written.contentType } },
          },
          { why: 'JSON instead of multipart', raw: { body: Buffer.from('{}'), headers: { 'content-type': 'application/json' } } },
          { why: 'NUL in a field', raw: { ...writeMultipartRaw({ ...form, fields: [['password', 'a\u0000b']] }) } },
          { why: 'no file', raw: { ...writeMultipartRaw({ fields: form.fields }) } },
        )
        .map(({ why, raw }) => writeRequest(route, draft, 'refused', why, raw));
    },
  },
];

function writeMultipartRaw(form: MultipartBody): { body: Buffer; headers: Record<string, string> } {
  const written = writeMultipart(form);
  return { body: written.body, headers: { 'content-type': written.contentType } };
}

/** A request that breaks the contract in one way, built on a valid one. */
export function mutatedArbitrary(route: AnyRoute, vocabulary: Vocabulary): fc.Arbitrary<FuzzRequest> {
  return draftArbitrary(route, vocabulary).chain((draft) => {
    const applicable = MUTATIONS.filter((m) => m.applies(route, draft));
    return fc.constantFrom(...applicable).chain((m) => m.apply(route, draft));
  });
}

export function validArbitrary(route: AnyRoute, vocabulary: Vocabulary): fc.Arbitrary<FuzzRequest> {
  return draftArbitrary(route, vocabulary).map((draft) => writeRequest(route, draft, 'valid'));
}

export { dateArbitrary };
