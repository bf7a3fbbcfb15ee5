/**
 * The seeded statement generators, one per format (issue 31 part 3), for the property tests and
 * `pnpm fuzz:statements`. Each is pure in its seed; `classify` reads a generated file the way the pipeline does
 * and says whether the reading is exact, stalled or wrong.
 */
import { generateCsv } from './csv';
import { generateXlsx } from './xlsx';
import type { GeneratedFormat, StatementGenerator } from './types';

export const GENERATORS: Partial<Record<GeneratedFormat, StatementGenerator>> = {
  csv: generateCsv,
  xlsx: generateXlsx,
  // pdf: generatePdf, // the lead adds `import { generatePdf } from './pdf';` above and this line (issue 31, "pdfgen")
};

export { classify } from './classify';
export { Random } from './random';
export type { GeneratedFormat, GeneratedOutcome, GeneratedRow, GeneratedStatement, StatementGenerator } from './types';
