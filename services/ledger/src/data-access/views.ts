import type { AccountStatus, AccountType, NormalBalance, Statement } from '../domain/chart';

/** The records this service returns: plain objects, already in the API's field names. */
export interface AccountView {
  id: string;
  name: string;
  type: AccountType;
  parent: string | null;
  is_group: boolean;
  description: string | null;
  source: string;
  source_ref: string | null;
  status: AccountStatus;
  /** The currency the account is pinned to, or null (any currency). */
  currency: string | null;
  normal_balance: NormalBalance;
  statement: Statement;
  created_at: string;
  updated_at: string;
}

export type TransactionStatus = 'draft' | 'posted' | 'void';

/** An entry as it appears inside its transaction. */
export interface TransactionEntryView {
  id: string;
  account: string;
  debit: number;
  credit: number;
  memo: string | null;
  dimensions: Record<string, string>;
}

/** A transaction's own fields, as stored and as returned. */
export interface TransactionFields {
  date: string;
  time: string | null;
  narration: string | null;
  type: string | null;
  status: TransactionStatus;
  currency: string;
  source: string;
  source_ref: string | null;
  details: unknown;
}

export interface TransactionView extends TransactionFields {
  id: string;
  /** The transaction this one reverses, and the one that reversed this one (null when none). */
  reverses: string | null;
  reversed_by: string | null;
  entries?: TransactionEntryView[];
  total_debit: number;
  total_credit: number;
  created_at: string;
  updated_at: string;
}

/** The read view of the entries endpoint: the entry with its parent's context. */
export interface EntryView {
  id: string;
  transaction: string;
  account: string;
  debit: number;
  credit: number;
  memo: string | null;
  dimensions: Record<string, string>;
  date: string;
  narration: string | null;
  transaction_type: string | null;
  transaction_status: TransactionStatus;
  /** The transaction's currency. */
  currency: string;
  source: string;
  source_ref: string | null;
}
