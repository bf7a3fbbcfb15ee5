/**
 * The seeded statement generators, one per format (issue 31 part 3), for the property tests and
 * `pnpm fuzz:statements`. Each is pure in its seed; `classify` reads a generated file the way the pipeline does
 * and says whether the reading is exact, stalled or wrong.
 */
import { generateCsv } from './csv';
import { generatePdfStatement } from './pdf';
import { generateXlsx } from './xlsx';
import type { GeneratedFormat, StatementGenerator } from './types';

export const GENERATORS: Record<GeneratedFormat, StatementGenerator> = {
  csv: generateCsv,
  xlsx: generateXlsx,
  // A PDF reads in a pdf.js worker thread of its own: about a second a seed on a loaded machine, so
  // `FUZZ_FORMATS=csv,xlsx` leaves it out of a quick run; `test/generated-pdf.test.ts` runs its seeds in `pnpm test`.
  pdf: generatePdfStatement,
};

export { classify } from './classify';
export { Random } from './random';
export type { GeneratedFormat, GeneratedOutcome, GeneratedRow, GeneratedStatement, StatementGenerator } from './types';
