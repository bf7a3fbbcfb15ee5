#!/usr/bin/env node
// Generates each Prisma Client from its schema (the platform's and every service's), into src/generated/prisma
// beside it: run on `pnpm install` (postinstall) and by `pnpm build`, so a fresh clone, CI and the image build all
// have the clients. Generated code is not committed; test/prisma-clients.test.ts fails when a schema and its
// generated client disagree.
//
// `prisma generate` needs no database and no query engine (Prisma 7's client runs its query compiler in-process),
// but its CLI insists on a schema engine binary it would download; generation never runs it, so any executable
// stands in when none is configured (this machine cannot download it).
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const SCHEMAS = ['packages/platform', 'services/ledger', 'services/snapshot', 'services/statement'].map((dir) => join(dir, 'prisma', 'schema.prisma'));

function prismaCli() {
  const bin = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'prisma.cmd' : 'prisma');
  if (!existsSync(bin)) throw new Error('prisma-generate: the prisma CLI is not installed (pnpm install first)');
  return bin;
}

/** Generates the client of one schema into the output its generator names (relative to the schema). */
function generate(schema, { quiet = false } = {}) {
  const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' };
  if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
  execFileSync(prismaCli(), ['generate', '--schema', schema], { cwd: ROOT, env, stdio: quiet ? 'pipe' : ['ignore', 'inherit', 'inherit'] });
}

function generateAll(options = {}) {
  for (const schema of SCHEMAS) generate(join(ROOT, schema), options);
}

module.exports = { SCHEMAS, generate, generateAll };

if (require.main === module) {
  try {
    generateAll();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
