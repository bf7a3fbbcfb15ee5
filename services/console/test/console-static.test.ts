// The built browser application as the console backend serves it: index.html never cached, the hashed files
// cached for a year, each sent brotli- or gzip-compressed (precompressed at build time) when the browser accepts it.
import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TestService } from '@finance/platform/testing';
import request from 'supertest';
import { ensureWebBuilt } from '../src/build-web';
import { startConsole } from './helpers';

const DIST = join(__dirname, '..', 'dist');
let consoleApp: TestService;
let scripts: string[];
let stylesheet: string;

/** The bytes as sent (supertest would decode the body itself), with the headers. */
function raw(path: string, encoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'accept-encoding': encoding };
    get(`${consoleApp.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

beforeAll(async () => {
  ensureWebBuilt();
  consoleApp = await startConsole({});
  const index = await request(consoleApp.baseUrl).get('/').expect(200);
  scripts = [...index.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(index.text)![1]!;
});

afterAll(async () => {
  await consoleApp?.close();
});

test('index.html is revalidated every time, under any path the application routes', async () => {
  for (const path of ['/', '/some/page', '/index.html']) {
    const res = await request(consoleApp.baseUrl).get(path).expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root">');
  }
});

test('the entry script is small: pages and charts are separate chunks', async () => {
  expect(scripts.length).toBeGreaterThanOrEqual(2);
  const entry = readFileSync(join(DIST, scripts[0]!));
  expect(entry.length).toBeLessThan(60_000);
  // recharts is loaded by the pages that draw charts, not by the entry or its preloads.
  for (const script of scripts) expect(readFileSync(join(DIST, script)).toString()).not.toMatch(/recharts-(line|bar)-/);
});

test('hashed files: brotli when accepted, else gzip, else as is; cached for a year; Vary: Accept-Encoding', async () => {
  for (const path of [...scripts, stylesheet]) {
    const original = readFileSync(join(DIST, path));
    const type = path.endsWith('.css') ? /^text\/css/ : /^text\/javascript/;

    const br = await raw(path, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(type);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length);

    const gz = await raw(path, 'gzip');
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(type);
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    // br refused with q=0: gzip.
    const notBr = await raw(path, 'br;q=0, gzip');
    expect(notBr.headers['content-encoding']).toBe('gzip');

    const plain = await raw(path, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(type);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body.equals(original)).toBe(true);
  }
});

test('a missing hashed file is a 404, not index.html; paths cannot leave the assets folder', async () => {
  const missing = await request(consoleApp.baseUrl).get('/assets/index-doesnotexist.js').set('accept-encoding', 'br');
  expect(missing.status).toBe(404);
  expect(missing.text).not.toContain('<div id="root">');
  const escape = await request(consoleApp.baseUrl).get('/assets/..%2f..%2fpackage.json').set('accept-encoding', 'br');
  expect([400, 403, 404]).toContain(escape.status);
  expect(escape.text).not.toContain('"name": "console"');
});
