/**
 * The seeded statement generator's shared shapes (issue 31): each format's generator (`csv.ts`, `xlsx.ts`,
 * `pdf.ts`) draws a layout from its documented parameter space with a seed, renders a file and says exactly which
 * rows a correct reader returns. The property tests and `pnpm fuzz:statements` read every generated file and
 * classify the outcome: exact, stalled (the reader refused or flagged the file, saying why) or wrong (a completed
 * reading with a row that differs): never allowed.
 */
import type { IsoDate } from '../src/types';

export type GeneratedFormat = 'csv' | 'xlsx' | 'pdf';

/** A row as a correct reader returns it (milli-units, as StatementRow; balance null where the layout prints none). */
export interface GeneratedRow {
  date: IsoDate;
  particulars: string;
  inflow: bigint;
  outflow: bigint;
  balance: bigint | null;
}

export interface GeneratedStatement {
  format: GeneratedFormat;
  seed: number;
  fileName: string;
  bytes: Buffer;
  password?: string;
  /** The layout drawn, one value per parameter, for rates by parameter (`columns: "debit,credit,balance"`). */
  params: Record<string, string | number | boolean>;
  rows: GeneratedRow[];
  /** Figures the file prints about itself, where it does (milli-units, signed). */
  opening_balance?: bigint | null;
  closing_balance?: bigint | null;
}

export type GeneratedOutcome = { kind: 'exact' } | { kind: 'stalled'; reason: string } | { kind: 'wrong'; detail: string };

/** A format's generator: pure in its seed (the same seed renders the same bytes). */
export type StatementGenerator = (seed: number) => Promise<GeneratedStatement> | GeneratedStatement;
