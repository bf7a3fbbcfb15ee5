import type { DayOrder } from '../dates';
import { normaliseHeader, type Meaning } from '../header';

/**
 * A bank's statement layout, described as data: how to recognise its files, and what the generic inference would
 * otherwise have to guess (which header names mean what, the order of day and month, where the account number
 * is, which lines are never transactions). A recognised file is read with its profile in front of the shared
 * vocabulary; a file no profile recognises is read by inference alone. The balance chain judges either way:
 * a profile whose rows break the chain loses to the inference when the inference keeps it (read-statement-file).
 */
export interface BankProfile {
  /** Stable and kebab-case (`hdfc-bank`); recorded in `parsed_data.metadata.profile`. */
  id: string;
  /** The bank as people name it. */
  bank: string;
  /** ISO 3166 country of the bank's statements. */
  country: string;
  /**
   * How a file is told to be this bank's. Any one recogniser is enough: `text` on a line above the header (the
   * bank's name, its IFSC or SWIFT prefix), `header` when the header line holds every listed name (normalised as
   * normaliseHeader does), `fileName` on the uploaded file's name.
   */
  recognise: { text?: RegExp; header?: string[]; fileName?: RegExp };
  /** Header names this bank prints for each part of a transaction (as normaliseHeader writes them); tried before the shared vocabulary. */
  columns?: Partial<Record<Meaning, string[]>>;
  /** Numeric dates are always written in this order (the inference decides per column otherwise). */
  dayOrder?: DayOrder;
  /** The printed account number: group 1 of the first match on a line above the header, before the generic labels. */
  accountNumber?: RegExp;
  /** Lines under the header that are never transactions (footers, notes), matched against the line's joined text. */
  skip?: RegExp[];
}

/** The header-name lookup a profile puts in front of the shared vocabulary (normalised name -> meaning). */
export type ProfileVocabulary = ReadonlyMap<string, Meaning>;

export function vocabularyOf(profile: BankProfile | null): ProfileVocabulary | undefined {
  if (!profile?.columns) return undefined;
  return new Map(Object.entries(profile.columns).flatMap(([meaning, names]) => names.map((name) => [normaliseHeader(name), meaning as Meaning] as const)));
}

/** The first profile a line above the header names (its `text` recogniser), or null. */
export function recogniseByText(profiles: readonly BankProfile[], text: string): BankProfile | null {
  return profiles.find((p) => p.recognise.text?.test(text)) ?? null;
}

/** The first profile whose `header` recogniser the (normalised) header cells satisfy, or null. */
export function recogniseByHeader(profiles: readonly BankProfile[], cells: string[]): BankProfile | null {
  const names = new Set(cells.map(normaliseHeader));
  return profiles.find((p) => p.recognise.header?.every((name) => names.has(normaliseHeader(name)))) ?? null;
}

export function recogniseByFileName(profiles: readonly BankProfile[], fileName: string | undefined): BankProfile | null {
  if (fileName === undefined) return null;
  return profiles.find((p) => p.recognise.fileName?.test(fileName)) ?? null;
}

/** What a tabular reader needs to read with profiles: the candidates (none: inference only) and the file's name. */
export interface ProfileOptions {
  profiles?: readonly BankProfile[];
  fileName?: string;
  /** A profile the reader already recognised (the PDF reader looks above the table before it builds one). */
  recognised?: BankProfile;
  /**
   * Hands every line the reader would give the table to this function instead, and reads nothing (mapping.ts:
   * the lines as cells, for a layout preview and a reading with a person's mapping).
   */
  capture?: (cells: import('../table').CellValue[], position: string) => void;
}
