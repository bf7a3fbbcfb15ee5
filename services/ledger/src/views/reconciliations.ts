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

export const postUnmatchedResultView = z
  .strictObject({
    reconciliation: reconciliationView,
    created: view.count,
    existing: view.count,
    skipped: z.array(z.strictObject({ statement_row: view.id, reason: z.string() }).meta({ id: 'SkippedRow' })),
  })
  .meta({ id: 'PostUnmatchedResult' });
