import { classify, GENERATORS, type GeneratedFormat } from '../testing';

/**
 * Issue 31 part 3: generated CSV and XLSX statements, drawn from the parameter space documented in
 * testing/text-table.ts, csv.ts and xlsx.ts, read as the pipeline reads them. Every one must be read exactly or
 * stall saying why (classify.ts); a completed reading with a wrong row fails with its seed, its layout and the
 * first row that differs. STATEMENT_SEEDS sets the seeds per format (default 300 CSV, 200 XLSX); `pnpm fuzz:statements` runs
 * 10,000 and prints the rates by parameter.
 */
// A workbook takes about three times a CSV's time to write and read: 200 of them keep this file under a minute on a
// loaded 2-core machine.
const DEFAULT_SEEDS: Partial<Record<GeneratedFormat, number>> = { csv: 300, xlsx: 200 };

// Seeds in tests of 50: jest's time limit only catches a hang, and a few hundred seeds in one test could reach it on
// a machine several times busier than ours.
const CHUNK = 50;

describe.each(['csv', 'xlsx'] as GeneratedFormat[])('generated %s statements', (format) => {
  const SEEDS = Number(process.env.STATEMENT_SEEDS ?? DEFAULT_SEEDS[format]);
  const chunks = Array.from({ length: Math.ceil(SEEDS / CHUNK) }, (_, i) => [i * CHUNK + 1, Math.min(SEEDS, (i + 1) * CHUNK)] as const);
  let exact = 0;
  let read = 0;

  it.each(chunks)('reads seeds %i-%i with no wrong row', async (from, to) => {
    const generate = GENERATORS[format]!;
    const wrong: string[] = [];
    for (let seed = from; seed <= to; seed++) {
      const generated = await generate(seed);
      const outcome = await classify(generated);
      read++;
      if (outcome.kind === 'exact') exact++;
      if (outcome.kind === 'wrong') wrong.push(`seed ${seed} ${JSON.stringify(generated.params)}\n${outcome.detail}`);
    }
    expect(wrong.slice(0, 3).join('\n\n')).toBe('');
    expect(wrong).toHaveLength(0);
  });

  // Runs after the seeds' tests (jest runs a file's tests in order). Most must be read, not merely refused: a
  // reader that stalls everything is no reader.
  it(`reads most of its ${SEEDS} seeds exactly`, () => {
    expect(read).toBe(SEEDS);
    expect(exact).toBeGreaterThan(SEEDS * 0.5);
  });
});
