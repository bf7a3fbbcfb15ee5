/** What the readers produce; the pipeline stores it as the statement's rows and `parsed_data`. */

/**
 * How the file was read. `csv`, `excel` and `pdf` are the contract's; the structured exports banks and
 * personal-finance tools write are extensions (service README): `ofx` (OFX 1.x SGML, OFX 2.x XML and QFX),
 * `qif`, `camt053` (ISO 20022 bank-to-customer statement) and `mt940` (SWIFT customer statement).
 */
export const STATEMENT_FILE_TYPES = ['csv', 'excel', 'pdf', 'ofx', 'qif', 'camt053', 'mt940'] as const;
export type StatementFileType = (typeof STATEMENT_FILE_TYPES)[number];

/** A date as the API writes it. */
export type IsoDate = `${number}-${number}-${number}`;

export interface StatementRow {
  date: IsoDate;
  particulars: string;
  /** Integer milli-units (1000 per base unit), never negative. */
  inflow: bigint;
  /** Integer milli-units, never negative. */
  outflow: bigint;
  /** Integer milli-units, signed (an overdrawn account is negative); null where the file has no balance. */
  balance: bigint | null;
  /** Where the row stands in the file ("line 14", "page 2, line 7"), for warnings and the integrity report; not stored as a column. */
  position?: string;
}

/** A line of the file that was not read as a transaction, and why: recorded in `parsed_data.warnings`. */
export interface ReadWarning {
  /** Where it is: "line 14", "page 2, line 7", "row 12 of sheet \"Statement\"", "transaction 3". */
  position: string;
  /** Why it was skipped, for the person who uploaded the file. */
  reason: string;
  /** The line as read, shortened to 200 characters. */
  text: string;
}

/** Figures a file prints about itself, which the rows are checked against (integer milli-units, signed). */
export interface PrintedFigures {
  opening_balance?: bigint | null;
  closing_balance?: bigint | null;
  total_inflow?: bigint | null;
  total_outflow?: bigint | null;
  /** The figures printed in whole units, without decimals (`Debits 123457`): checked after rounding the rows' figure. */
  whole_units?: PrintedFigure[];
  /**
   * The withdrawal and deposit columns summed as printed, where that differs from the rows' directed totals (a
   * reversal printed `-1,000.00` under Withdrawal is an inflow of the row, yet the bank's Debits total counts it
   * there, with its sign: class L). A printed total may agree with either.
   */
  column_sums?: { inflow: bigint; outflow: bigint };
}

export type PrintedFigure = 'opening_balance' | 'closing_balance' | 'total_inflow' | 'total_outflow';

export interface StatementMetadata {
  /** The account number found in the file (preamble label, OFX ACCTID, CAMT IBAN, MT940 :25:), as written. */
  acc_no: string | null;
  /** The header row's cells as read (structured formats: the fields they carry). */
  header: string[];
  /**
   * ISO 4217 currency where the file states one (OFX CURDEF, CAMT Ccy, MT940 balance currency; a tabular file's
   * `Currency:` line, header unit such as `Amount (SGD)`, or a currency column that prints one code on every row).
   */
  currency?: string | null;
  /** `credit_card` where the file shows it is a card's statement (account-facts.ts); absent: it does not say. */
  kind?: 'credit_card' | 'bank' | null;
  /** The bank's name where the reader knows it (its profile, or a preamble line that is the bank's name). */
  bank?: string | null;
}

/** What each reader returns; readStatementFile adds the file type and the integrity report. */
export interface ReaderOutput {
  rows: StatementRow[];
  metadata: StatementMetadata;
  /** Lines skipped, each with where and why. */
  warnings: ReadWarning[];
  /** Opening/closing balance and totals as the file prints them, where it does. */
  printed: PrintedFigures;
  /** The bank profile a tabular file was read by (`hdfc-bank`); absent when it was read by inference alone. */
  profile?: string;
}

/** What readStatementFile returns: the reader's output, the file type, and the integrity report. */
export interface ParsedStatement extends ReaderOutput {
  fileType: StatementFileType;
  integrity: import('./integrity').IntegrityReport;
}

export type PasswordCheck = 'ok' | 'wrong' | 'not_protected';
