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

describe.each(['csv', 'xlsx'] as GeneratedFormat[])('generated %s statements', (format) => {
  const SEEDS = Number(process.env.STATEMENT_SEEDS ?? DEFAULT_SEEDS[format]);
  it(`reads ${SEEDS} seeds with no wrong row`, async () => {
    const generate = GENERATORS[format]!;
    const wrong: string[] = [];
    let exact = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const generated = await generate(seed);
      const outcome = await classify(generated);
      if (outcome.kind === 'exact') exact++;
      if (outcome.kind === 'wrong') wrong.push(`seed ${seed} ${JSON.stringify(generated.params)}\n${outcome.detail}`);
    }
    expect(wrong.slice(0, 3).join('\n\n')).toBe('');
    expect(wrong).toHaveLength(0);
    // Most must be read, not merely refused: a reader that stalls everything is no reader.
    expect(exact).toBeGreaterThan(SEEDS * 0.5);
  });
});
