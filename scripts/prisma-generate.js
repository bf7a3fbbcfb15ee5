#!/usr/bin/env node
// Generates the Prisma client of every package that has a prisma/schema.prisma.
// `prisma generate` does not use the schema engine, but the CLI insists on finding one; it cannot be
// downloaded on these machines, so point it at any executable (see DEVELOPERS.md).
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const prisma = join(root, 'node_modules', '.bin', 'prisma');
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
for (const group of ['packages', 'services']) {
  for (const name of readdirSync(join(root, group))) {
    const dir = join(root, group, name);
    if (!existsSync(join(dir, 'prisma', 'schema.prisma'))) continue;
    execFileSync(prisma, ['generate'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    console.log(`prisma client generated: ${group}/${name}`);
  }
}
