// Issue 12: each service's OpenAPI document (the console backend's too, issue 23) describes every answer (success
// and error bodies), and passes the Redocly linter's recommended rules with no errors, as `redocly lint` would
// report them.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestService } from '@finance/platform/testing';
import { baseUrlsOf, fetchDocuments, SERVICES, startServices, type ServiceName } from '../scripts/generate-client';

type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let services: Record<ServiceName, TestService>;
let documents: { name: string; doc: Document }[];
beforeAll(async () => {
  services = await startServices();
  const fetched = await fetchDocuments(baseUrlsOf(services));
  documents = SERVICES.map((name) => ({ name, doc: fetched[name] as unknown as Document }));
});
afterAll(() => Promise.all(SERVICES.map((name) => services?.[name]?.close())));

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })));

test('every operation documents its success body and its error bodies', () => {
  for (const { doc } of documents) {
    for (const { name, op } of operations(doc)) {
      const statuses = Object.keys(op.responses);
      const success = statuses.filter((s) => s.startsWith('2'));
      expect({ name, success: success.length > 0 }).toEqual({ name, success: true });
      for (const status of success.filter((s) => s !== '204')) {
        const schema = op.responses[status]!.content?.['application/json']?.schema as Record<string, unknown> | undefined;
        // `{ data: {} }` (anything) is what issue 12 found; every success names what data holds.
        expect({ name, status, data: JSON.stringify(schema ?? {}).includes('"data":{}') }).toEqual({ name, status, data: false });
        expect({ name, status, documented: schema !== undefined }).toEqual({ name, status, documented: true });
      }
      for (const status of ['400', '401', '500']) {
        expect({ name, status, schema: op.responses[status]?.content?.['application/json']?.schema }).toEqual({
          name,
          status,
          schema: { $ref: '#/components/schemas/Error' },
        });
      }
    }
    expect(doc.components.schemas.Error).toBeDefined();
  }
});

test('the documents pass the Redocly linter (recommended rules) with no errors', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const files = await Promise.all(
      documents.map(async ({ name, doc }) => {
        const file = join(dir, `${name}.json`);
        await writeFile(file, JSON.stringify(doc));
        return file;
      }),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, '..', 'scripts', 'lint-openapi.mjs'), ...files]).catch(
      (err: { stdout: string }) => err,
    );
    const results = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { file: string; errors: unknown[] });
    expect(results).toHaveLength(SERVICES.length);
    for (const result of results) expect(result).toEqual({ file: result.file, errors: [], warnings: expect.any(Array) });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the linter does report errors: a document with an undeclared path parameter fails', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'broken.json');
    const broken = {
      openapi: '3.1.0',
      info: { title: 'broken', version: '1' },
      servers: [{ url: 'http://localhost' }],
      paths: { '/things/{id}': { get: { operationId: 'getThing', summary: 's', responses: { '200': { description: 'ok' } } } } },
    };
    await writeFile(file, JSON.stringify(broken));
    const outcome = await promisify(execFile)(process.execPath, [join(__dirname, '..', 'scripts', 'lint-openapi.mjs'), file]).then(
      () => ({ code: 0, stdout: '' }),
      (err: { code: number; stdout: string }) => err,
    );
    expect(outcome.code).toBe(1);
    expect(JSON.parse(outcome.stdout).errors).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'path-parameters-defined' })]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
