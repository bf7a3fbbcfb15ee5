/**
 * The property test of the seeded PDF generator (issue 31, part 3; testing/pdf.ts documents the parameter space):
 * every generated statement, read through readStatementFile by inference alone (profiles: []) and with every bank
 * profile, must come out exact or stalled (testing/classify.ts defines both), never wrong: a completed reading
 * with a row that differs from what the file prints. STATEMENT_SEEDS sets how many seeds (default 30: each seed is
 * two PDF readings in a worker thread, ~0.5 s each on a loaded 2-core machine; a test each) and STATEMENT_SEED_START where they
 * start; `FUZZ_FORMATS=pdf pnpm fuzz:statements` runs thousands and prints the rates by parameter.
 */
import { classify } from '../testing/classify';
import { generatePdfStatement } from '../testing/pdf';

const COUNT = Number(process.env.STATEMENT_SEEDS ?? 30);
const START = Number(process.env.STATEMENT_SEED_START ?? 1);

describe('generated PDF statements', () => {
  // One test a seed: jest's time limit only catches a hang, and a file's worth of seeds in one test could reach it on
  // a machine several times busier than ours.
  const tally = { exact: 0, stalled: 0, wrong: 0 };
  afterAll(() => console.log(`generated PDF statements, ${COUNT} seeds x 2 readings: exact ${tally.exact}, stalled ${tally.stalled}, wrong ${tally.wrong}`));

  it.each(Array.from({ length: COUNT }, (_, i) => START + i))(
    'reads seed %i exactly or stalls, never wrong (with and without the bank profiles)',
    async (seed) => {
      const generated = await generatePdfStatement(seed);
      const wrong: string[] = [];
      for (const profiles of [[], undefined] as const) {
        const outcome = await classify(generated, profiles ? { profiles } : {});
        tally[outcome.kind]++;
        if (outcome.kind === 'wrong') {
          wrong.push(`seed ${seed} (${profiles ? 'profiles: []' : 'default profiles'}): ${outcome.detail}\n  params ${JSON.stringify(generated.params)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('is pure in its seed', async () => {
    const [a, b] = await Promise.all([generatePdfStatement(7), generatePdfStatement(7)]);
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.rows).toEqual(b.rows);
  });
});
