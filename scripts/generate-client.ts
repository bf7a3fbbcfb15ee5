/**
 * `pnpm generate:client`: writes packages/client/src/generated/{snapshot,ledger,statement,console}.ts from the
 * services' OpenAPI documents. It starts the four apps in this process on ephemeral ports, as the tests do (the
 * test database and Redis; no `pnpm start`), reads each one's openapi.json over HTTP (the three APIs'
 * /api/v1/openapi.json, the console backend's /api/openapi.json) and renders it with
 * openapi-typescript (packages/client/codegen/render-types.ts). The same documents always give byte-identical
 * files, so test/client.test.ts can tell when the committed files no longer match the routes.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestService, type TestService } from '@finance/platform/testing';
import type { OpenApiDocument } from '../packages/client/codegen/render-types';
import { buildConsoleApp } from '../services/console/src/app';
import { buildLedgerApp } from '../services/ledger/src/app';
import { buildSnapshotApp } from '../services/snapshot/src/app';
import { buildStatementApp } from '../services/statement/src/app';

const ROOT = join(__dirname, '..');
const RENDERER = join(ROOT, 'packages', 'client', 'codegen', 'render-types.ts');
export const GENERATED_DIR = join(ROOT, 'packages', 'client', 'src', 'generated');

export const SERVICES = ['snapshot', 'ledger', 'statement', 'console'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type Documents = Record<ServiceName, OpenApiDocument>;
/** Service -> the text of GENERATED_DIR/<service>.ts. */
export type GeneratedFiles = Record<ServiceName, string>;

const BUILDERS = { snapshot: buildSnapshotApp, ledger: buildLedgerApp, statement: buildStatementApp, console: buildConsoleApp } as const;
/** Where each app serves its OpenAPI document: the console's routes are under /api, not /api/v1. */
export const DOCUMENT_PATHS: Record<ServiceName, string> = {
  snapshot: '/api/v1/openapi.json',
  ledger: '/api/v1/openapi.json',
  statement: '/api/v1/openapi.json',
  console: '/api/openapi.json',
};

export async function startServices(): Promise<Record<ServiceName, TestService>> {
  const started = await Promise.all(SERVICES.map((name) => startTestService(name, BUILDERS[name])));
  return Object.fromEntries(SERVICES.map((name, i) => [name, started[i]!])) as Record<ServiceName, TestService>;
}

export const baseUrlsOf = (services: Record<ServiceName, TestService>) =>
  Object.fromEntries(SERVICES.map((name) => [name, services[name].baseUrl])) as Record<ServiceName, string>;

export async function fetchDocuments(baseUrls: Record<ServiceName, string>): Promise<Documents> {
  const documents = await Promise.all(
    SERVICES.map(async (name) => {
      const res = await fetch(`${baseUrls[name]}${DOCUMENT_PATHS[name]}`);
      if (!res.ok) throw new Error(`${name}: GET ${DOCUMENT_PATHS[name]} answered ${res.status}`);
      return (await res.json()) as OpenApiDocument;
    }),
  );
  return Object.fromEntries(SERVICES.map((name, i) => [name, documents[i]!])) as Documents;
}

/**
 * The generated files for these documents, rendered in a Node process of their own: the renderer's
 * dependencies are ESM-only, which Node loads and jest's module loader does not.
 */
export function renderFiles(documents: Documents): Promise<GeneratedFiles> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--import', 'tsx', RENDERER], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${RENDERER} failed: ${err.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as GeneratedFiles),
    );
    child.stdin!.end(JSON.stringify(documents));
  });
}

export async function readCommittedFiles(): Promise<GeneratedFiles> {
  const texts = await Promise.all(SERVICES.map((name) => readFile(join(GENERATED_DIR, `${name}.ts`), 'utf8').catch(() => '')));
  return Object.fromEntries(SERVICES.map((name, i) => [name, texts[i]!])) as GeneratedFiles;
}

async function main(): Promise<void> {
  const services = await startServices();
  try {
    const files = await renderFiles(await fetchDocuments(baseUrlsOf(services)));
    await mkdir(GENERATED_DIR, { recursive: true });
    for (const name of SERVICES) await writeFile(join(GENERATED_DIR, `${name}.ts`), files[name]);
    console.log(`wrote ${SERVICES.map((name) => `packages/client/src/generated/${name}.ts`).join(', ')}`);
  } finally {
    await Promise.all(SERVICES.map((name) => services[name].close()));
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
