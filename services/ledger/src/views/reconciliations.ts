import { pageContext, view } from '@finance/platform';
import { z } from 'zod';

export const RECONCILIATION_STATUSES = ['open', 'confirmed'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** How a statement row was matched: a shared reference, the same date, within the window, several entries, by hand, or posted from the row. */
export const MATCH_RULES = ['reference', 'amount_date', 'amount_window', 'many_to_one', 'manual', 'posted'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** Where the statement balance came from: a statement's printed closing balance, or the statement account's balance. */
export const STATEMENT_BALANCE_SOURCES = ['statement', 'account'] as const;
export type StatementBalanceSource = (typeof STATEMENT_BALANCE_SOURCES)[number];

/** A break in the continuity of the statement account's statements, as the statement service reports it (milli-units). */
export const continuityBreakView = z
  .strictObject({
    kind: z.enum(['balance', 'balance_unknown', 'gap', 'overlap']),
    previous_statement: view.id,
    statement: view.id,
    from: view.date,
    to: view.date,
    expected_opening_milli: view.integer.nullable(),
    opening_milli: view.integer.nullable(),
    message: z.string(),
  })
  .meta({ id: 'ReconciliationContinuityBreak' });
export type ContinuityBreakView = z.output<typeof continuityBreakView>;

/** The summary: amounts in minor units where whole (null otherwise), milli-units always. */
export const reconciliationView = z
  .strictObject({
    id: view.id,
    ledger_account: view.id,
    statement_account: view.id,
    currency: view.currency,
    date_from: view.date,
    date_to: view.date,
    date_window_days: view.count,
    status: z.enum(RECONCILIATION_STATUSES),
    statement_balance: view.integer.nullable(),
    statement_balance_milli: view.integer,
    /** statement: the printed closing balance of statement_balance_statement; account: the statement account's balance on date_to. */
    statement_balance_source: z.enum(STATEMENT_BALANCE_SOURCES),
    statement_balance_statement: view.id.nullable(),
    /** Breaks in the continuity of the account's statements that touch the period (the statement service's GET /accounts/<id>). */
    continuity_breaks: z.array(continuityBreakView),
    ledger_balance: view.integer,
    drift: view.integer.nullable(),
    drift_milli: view.integer,
    /** How far a row may differ from its entries and still match: minor units, or basis points of the row (null: exact only). */
    tolerance_absolute: view.integer.nullable(),
    tolerance_basis_points: view.integer.nullable(),
    /** The matched rows' differences (row less entries, minor units), and those not posted yet (POST .../post-differences). */
    difference_total: view.integer,
    difference_unposted: view.integer,
    matched_count: view.count,
    unmatched_row_count: view.count,
    unmatched_entry_count: view.count,
    created_at: view.timestamp,
    updated_at: view.timestamp,
    confirmed_at: view.timestamp.nullable(),
  })
  .meta({ id: 'Reconciliation' });
export type ReconciliationView = z.output<typeof reconciliationView>;

export const reconciliationRowView = z
  .strictObject({
    statement_row: view.id,
    date: view.date,
    particulars: z.string(),
    category: z.string().nullable(),
    /** milli-units */
    inflow: view.integer,
    outflow: view.integer,
    /** Signed minor units, or null when not a whole number of them. */
    amount: view.integer.nullable(),
    rule: z.enum(MATCH_RULES).nullable(),
    /** Why the row is never matched automatically, when it is not. */
    reason: z.string().nullable(),
    /** Matched: the row's amount less its entries' sum (0 when exact, within the tolerance otherwise); null while unmatched. */
    difference: view.integer.nullable(),
    /** The transaction that posted the difference (source reconciliation), once posted. */
    difference_transaction: view.id.nullable(),
  })
  .meta({ id: 'ReconciliationRow' });
export type ReconciliationRowView = z.output<typeof reconciliationRowView>;

export const reconciliationEntryView = z
  .strictObject({
    entry: view.id,
    transaction: view.id,
    date: view.date,
    /** debit - credit on the ledger account, minor units. */
    amount: view.integer,
    narration: z.string().nullable(),
    source_ref: z.string().nullable(),
    statement_row: view.id.nullable(),
  })
  .meta({ id: 'ReconciliationEntry' });
export type ReconciliationEntryView = z.output<typeof reconciliationEntryView>;

export const matchedRowView = reconciliationRowView.extend({ entries: z.array(reconciliationEntryView) }).meta({ id: 'MatchedRow' });

const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), page_context: pageContext });

export const reconciliationDetailView = reconciliationView
  .extend({
    matched: pageOf(matchedRowView),
    unmatched_rows: pageOf(reconciliationRowView),
    unmatched_entries: pageOf(reconciliationEntryView),
  })
  .meta({ id: 'ReconciliationDetail' });

export const refreshResultView = z
  .strictObject({
    reconciliation: reconciliationView,
    /** Statement rows and ledger entries new to the reconciliation, the matches made, unmatched entries no longer posted dropped. */
    new_rows: view.count,
    new_entries: view.count,
    new_matches: view.count,
    dropped_entries: view.count,
  })
  .meta({ id: 'ReconciliationRefreshResult' });

/** The organization's counter-account per statement category. */
export const categoryAccountsView = z.strictObject({ accounts: z.record(z.string(), view.id) }).meta({ id: 'ReconciliationCategoryAccounts' });

export const postDifferencesResultView = z
  .strictObject({
    reconciliation: reconciliationView,
    /** The transaction posted (source reconciliation), or null when no difference was left to post. */
    transaction: view.id.nullable(),
    rows: view.count,
    /** Its net effect on the ledger account (debit - credit, minor units). */
    amount: view.integer,
  })
  .meta({ id: 'PostDifferencesResult' });

export const postUnmatchedResultView = z
  .strictObject({
    reconciliation: reconciliationView,
    created: view.count,
    existing: view.count,
    skipped: z.array(z.strictObject({ statement_row: view.id, reason: z.string() }).meta({ id: 'SkippedRow' })),
  })
  .meta({ id: 'PostUnmatchedResult' });

/** A ledger entry the bank has not seen yet: a deposit in transit, or an unpresented cheque or payment (amount positive, minor units). */
const outstandingEntryView = z
  .strictObject({
    entry: view.id,
    transaction: view.id,
    date: view.date,
    narration: z.string().nullable(),
    source_ref: z.string().nullable(),
    amount: view.integer,
  })
  .meta({ id: 'OutstandingEntry' });

/** A statement row the books do not have, or a matched row's difference not posted: signed as the bank sees it. */
const bankItemView = z
  .strictObject({
    statement_row: view.id,
    kind: z.enum(['unmatched_row', 'difference']),
    date: view.date,
    particulars: z.string(),
    amount: view.integer.nullable(),
    amount_milli: view.integer,
  })
  .meta({ id: 'BankItemNotInBooks' });

const sectionOf = <T extends z.ZodType>(item: T) => z.strictObject({ total: view.integer.nullable(), total_milli: view.integer, items: z.array(item) });

/**
 * The bank reconciliation statement on date_to (minor units, null where not whole; milli-units alongside):
 * balance_per_bank + deposits_in_transit - unpresented_payments - bank_items_not_in_books = adjusted_balance_per_bank;
 * balance_per_books - adjusted_balance_per_bank = unexplained; drift = balance_per_bank - balance_per_books.
 */
export const reconciliationStatementView = z
  .strictObject({
    reconciliation: view.id,
    ledger_account: view.id,
    statement_account: view.id,
    currency: view.currency,
    date_from: view.date,
    date_to: view.date,
    status: z.enum(RECONCILIATION_STATUSES),
    statement_balance_source: z.enum(STATEMENT_BALANCE_SOURCES),
    balance_per_bank: view.integer.nullable(),
    balance_per_bank_milli: view.integer,
    deposits_in_transit: sectionOf(outstandingEntryView),
    unpresented_payments: sectionOf(outstandingEntryView),
    bank_items_not_in_books: sectionOf(bankItemView),
    adjusted_balance_per_bank: view.integer.nullable(),
    adjusted_balance_per_bank_milli: view.integer,
    balance_per_books: view.integer,
    unexplained: view.integer.nullable(),
    unexplained_milli: view.integer,
    drift: view.integer.nullable(),
    drift_milli: view.integer,
  })
  .meta({ id: 'BankReconciliationStatement' });
