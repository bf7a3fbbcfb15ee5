/**
 * Build-time only (run by scripts/generate-client.ts, never imported by the client): each service's OpenAPI
 * document to the TypeScript of src/generated/<service>.ts, with openapi-typescript's programmatic API.
 *
 * Run as a program, it reads `{ service: document }` as JSON on stdin and writes `{ service: text }` as JSON on
 * stdout: test/client.test.ts renders this way because jest's module loader cannot load openapi-typescript's
 * ESM-only dependencies.
 */
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

export type OpenApiDocument = OpenAPI3;

/** A file part of a multipart upload: the document says `contentMediaType: application/octet-stream`. */
const BLOB = ts.factory.createTypeReferenceNode('Blob');

export async function renderClientTypes(service: string, document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(document, {
    silent: true,
    // openapi-typescript types binary strings as `string`; what a caller sends for a file is a Blob (or File).
    transform(schema) {
      const { contentMediaType } = schema as { contentMediaType?: string };
      if (contentMediaType === 'application/octet-stream' || schema.format === 'binary') return BLOB;
      return undefined;
    },
  });
  const header = [
    '/**',
    ` * The ${service} service's API types, generated from its OpenAPI document by \`pnpm generate:client\``,
    ' * (scripts/generate-client.ts) with openapi-typescript. Do not edit: change the routes and regenerate.',
    ' */',
    '',
  ].join('\n');
  return header + astToString(ast);
}

/** Service name -> the text of its generated file, in the order given. */
export async function renderAll(documents: Record<string, OpenApiDocument>): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [service, document] of Object.entries(documents)) out[service] = await renderClientTypes(service, document);
  return out;
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  process.stdout.write(JSON.stringify(await renderAll(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, OpenApiDocument>)));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
