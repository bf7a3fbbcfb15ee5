// Issue 21: each Prisma Client is generated from its schema (on install and by `pnpm build`, never committed);
// this fails when a schema and the client generated beside it disagree (a schema edited, the client not
// regenerated: `pnpm generate:prisma`). Each schema is generated afresh into a scratch folder and compared file by file.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SCHEMAS, generate } = require('../scripts/prisma-generate') as { SCHEMAS: string[]; generate: (schema: string, options?: { quiet?: boolean }) => void };

const ROOT = join(__dirname, '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The generated files of a client folder, by path relative to it. */
function snapshot(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map((file) => [relative(dir, file), readFileSync(file, 'utf8')]));
}

test.each(SCHEMAS)(
  'the client generated from %s is the one beside it',
  (schema) => {
    const packageDir = dirname(dirname(join(ROOT, schema)));
    const generated = join(packageDir, 'src', 'generated', 'prisma');
    const scratch = mkdtempSync(join(tmpdir(), 'prisma-client-'));
    try {
      // The schema in a package of its own, so its generator's relative output lands in the scratch folder.
      cpSync(join(ROOT, schema), join(scratch, 'prisma', 'schema.prisma'));
      generate(join(scratch, 'prisma', 'schema.prisma'), { quiet: true });
      const fresh = snapshot(join(scratch, 'src', 'generated', 'prisma'));
      const current = snapshot(generated);
      expect([...current.keys()].sort()).toEqual([...fresh.keys()].sort());
      const differing = [...fresh].filter(([file, text]) => current.get(file) !== text).map(([file]) => file);
      expect(differing).toEqual([]);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
  60_000,
);
