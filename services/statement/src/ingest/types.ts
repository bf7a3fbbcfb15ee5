/** What the readers produce; the pipeline stores it as the statement's rows and `parsed_data`. */

export type StatementFileType = 'csv' | 'excel' | 'pdf';

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
}

export interface ParsedStatement {
  fileType: StatementFileType;
  rows: StatementRow[];
  metadata: {
    /** The account number found in the lines before the header, as written (spaces and dashes kept). */
    acc_no: string | null;
    /** The header row's cells as written in the file. */
    header: string[];
  };
}

export type PasswordCheck = 'ok' | 'wrong' | 'not_protected';
