/**
 * `pnpm bench:read-shared`: how long the readers take over the real statement files of ../shared/statements
 * (issue 18: bank profiles must not slow the common path). Each file is read once to warm up, then RUNS times in
 * this process, as the worker reads it (PDF and legacy XLS in their reader threads); prints each file's median and
 * max, and the median and max over the files' medians. Run it alone: flock /tmp/bench.lock pnpm bench:read-shared
 * (PROFILES=none: without the bank profiles, for comparison).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readStatementFile, StatementFileError } from '@finance/statement-readers';

const SHARED = join(__dirname, '..', '..', 'shared', 'statements');
const RUNS = Number(process.env.RUNS ?? 20);
// PROFILES=none reads by inference alone, to compare what the bank profiles cost.
const profiles = process.env.PROFILES === 'none' ? [] : undefined;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<void> {
  if (!existsSync(join(SHARED, 'manifest.json'))) throw new Error(`no shared statements at ${SHARED}`);
  const manifest: { files: { file: string; password?: string }[] } = JSON.parse(readFileSync(join(SHARED, 'manifest.json'), 'utf8'));
  const medians: number[] = [];
  let slowest = 0;
  for (const { file, password } of manifest.files) {
    const buffer = readFileSync(join(SHARED, 'files', file));
    const read = async () => {
      const started = performance.now();
      await readStatementFile({ buffer, fileName: file, password, profiles }).catch((err: unknown) => {
        if (!(err instanceof StatementFileError)) throw err;
      });
      return performance.now() - started;
    };
    await read();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await read());
    medians.push(median(times));
    slowest = Math.max(slowest, ...times);
    console.log(
      `${file.padEnd(46)} median ${median(times).toFixed(1).padStart(7)} ms  max ${Math.max(...times)
        .toFixed(1)
        .padStart(7)} ms`,
    );
  }
  console.log(
    `\n${manifest.files.length} files x ${RUNS} reads: median of the files' medians ${median(medians).toFixed(1)} ms, slowest file median ${Math.max(...medians).toFixed(1)} ms, slowest read ${slowest.toFixed(1)} ms`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
