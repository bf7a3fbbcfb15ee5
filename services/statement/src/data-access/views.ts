/** The records this service returns: plain objects, already in the API's field names. */
import type { IntegrityReport, ReadWarning, StatementFileType } from '../ingest';

export const TRANSACTION_TYPES = ['income', 'expense', 'asset', 'liability', 'transfer', 'unknown'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const ACCOUNT_CATEGORIES = ['bank', 'credit_card'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

/** A statement row as the list and search return it: inflow, outflow and balance in integer milli-units. */
export interface TransactionView {
  id: string;
  date: string;
  particulars: string;
  inflow: number;
  outflow: number;
  balance: number | null;
  entity: string | null;
  category: string | null;
  po: string | null;
  comments: string | null;
  type: TransactionType;
  account_id: string | null;
  account_name: string | null;
  account_currency: string | null;
  statement: string | null;
  created_at: string;
  updated_at: string;
}

/** Rule preview rows name the account id `account` (spec). */
export type PreviewRowView = Omit<TransactionView, 'account_id'> & { account: string | null };

export interface AccountReview {
  is_done: boolean;
  at: string | null;
  type: string | null;
  by: string | null;
  work_record_id: string | null;
}

/** opening_balance in base units. */
export interface AccountView {
  id: string;
  name: string;
  category: AccountCategory;
  description: string | null;
  acc_no: string | null;
  currency: string;
  color: string | null;
  opening_balance: number;
  opening_balance_date: string | null;
  status: string;
  is_archived: boolean;
  upload_frequency: string | null;
  created_at: string;
  review: AccountReview;
}

/** The short account form of report account lists. */
export interface AccountRef {
  id: string;
  name: string;
  category: AccountCategory;
}

export interface RuleAction {
  field: 'category' | 'entity' | 'type' | 'comments' | 'po';
  value: string | null;
}

export interface RuleView {
  id: string;
  name: string;
  description: string | null;
  rationale: string | null;
  priority: number;
  conditions: Record<string, unknown>[];
  actions: RuleAction[];
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface StatementError {
  code: string;
  message: string;
}

/** What the statement endpoints return (contract 6). parsed_data: null until parsed; never the password. */
export interface StatementView {
  id: string;
  file_name: string;
  file_type: StatementFileType;
  status: 'queued' | 'processing' | 'stalled' | 'completed' | 'failed';
  step: 'read_file' | 'parse' | 'detect_account' | 'categorize' | null;
  error: StatementError | null;
  account_id: string | null;
  parsed_data: StatementParsedData | null;
  transaction_count: number;
  created_at: string;
  updated_at: string;
}

export interface StatementParsedData {
  metadata: { acc_no: string | null; header: string[]; currency?: string | null };
  /** Rows read from the file; transaction_count is how many of them were new (the rest were already stored). */
  row_count: number;
  /** Lines of the file that were not read as transactions, each with where and why. */
  warnings?: ReadWarning[];
  /** The rows checked against the file's running balances, printed balances and totals. */
  integrity?: IntegrityReport;
  /** Set when a person accepted rows that do not reconcile (POST /statements/<id>/accept). */
  accepted?: { at: string; break_count: number };
}
