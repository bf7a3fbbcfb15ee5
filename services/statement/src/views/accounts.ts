import { view } from '@finance/platform';
import { z } from 'zod';

export const ACCOUNT_CATEGORIES = ['bank', 'credit_card'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];
export const accountCategory = z.enum(ACCOUNT_CATEGORIES);

/** Who gave an account its name: the file it was created from (an upload may improve it) or a person (kept). */
export const ACCOUNT_NAME_SOURCES = ['file', 'person'] as const;
export type AccountNameSource = (typeof ACCOUNT_NAME_SOURCES)[number];

export const ACCOUNT_SORTS = ['created_at', 'name'] as const;

/** An account never reviewed shows a review that is not done (not null), so clients can read is_done. */
export const accountReview = z
  .strictObject({
    is_done: z.boolean(),
    at: z.string().nullable(),
    type: z.string().nullable(),
    by: z.string().nullable(),
    work_record_id: z.string().nullable(),
  })
  .meta({ id: 'AccountReview' });
export type AccountReview = z.output<typeof accountReview>;

/** A base-unit amount: a JSON number exact to 3 decimals. */
const baseAmount = z.number();

export const accountView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    /** `file`: named by the upload that created it (bank and masked number), until a person renames it (`person`). */
    name_source: z.enum(ACCOUNT_NAME_SOURCES),
    category: accountCategory,
    description: z.string().nullable(),
    acc_no: z.string().nullable(),
    currency: view.currency,
    color: z.string().nullable(),
    /** Base units. */
    opening_balance: baseAmount,
    opening_balance_date: view.date.nullable(),
    status: z.string(),
    is_archived: z.boolean(),
    upload_frequency: z.string().nullable(),
    created_at: view.timestamp,
    review: accountReview,
  })
  .meta({ id: 'Account' });
export type AccountView = z.output<typeof accountView>;

/** The short account form of report account lists. */
export const accountRef = z.strictObject({ id: view.id, name: z.string(), category: accountCategory }).meta({ id: 'AccountRef' });
export type AccountRef = z.output<typeof accountRef>;

/** GET /accounts/<id>/balance: base units. */
export const balanceView = z
  .strictObject({
    account_id: view.id,
    as_of_date: view.date,
    balance: baseAmount,
    computed_from: z.strictObject({
      opening_balance: baseAmount,
      opening_balance_date: view.date.nullable(),
      total_inflow: baseAmount,
      total_outflow: baseAmount,
      transaction_count: view.count,
    }),
  })
  .meta({ id: 'AccountBalance' });
export type BalanceView = z.output<typeof balanceView>;

/** One statement of the account as continuity reads it: the days its rows cover and the bank's balances (milli-units). */
export const statementFigures = z
  .strictObject({
    statement: view.id,
    file_name: z.string(),
    /** The dates of its first and last row. */
    from: view.date,
    to: view.date,
    /** The bank's balance before its first row and after its last (milli-units); null where the file fixes none. */
    opening_balance_milli: view.integer.nullable(),
    closing_balance_milli: view.integer.nullable(),
  })
  .meta({ id: 'StatementFigures' });
export type StatementFigures = z.output<typeof statementFigures>;

export const CONTINUITY_BREAKS = ['balance', 'balance_unknown', 'gap', 'overlap'] as const;

/**
 * Where two consecutive statements do not follow on: an opening balance that is not the previous closing one
 * (balance), one of the two unknown (balance_unknown), days no statement covers (gap), days two cover (overlap).
 */
export const continuityBreak = z
  .strictObject({
    kind: z.enum(CONTINUITY_BREAKS),
    previous_statement: view.id,
    statement: view.id,
    /** The days concerned: the gap or the overlap; for a balance break, the previous one's last day to this one's first. */
    from: view.date,
    to: view.date,
    /** The previous statement's closing balance and this one's opening balance (milli-units). */
    expected_opening_milli: view.integer.nullable(),
    opening_milli: view.integer.nullable(),
    message: z.string(),
  })
  .meta({ id: 'ContinuityBreak' });
export type ContinuityBreak = z.output<typeof continuityBreak>;

/** The account's completed statements in period order, and where they do not follow on from each other. */
export const statementContinuity = z
  .strictObject({
    /** No balance, balance_unknown or overlap break (a gap across which the balances chain is listed but harmless). */
    ok: z.boolean(),
    statements: z.array(statementFigures),
    breaks: z.array(continuityBreak),
  })
  .meta({ id: 'StatementContinuity' });
export type StatementContinuity = z.output<typeof statementContinuity>;

/** GET /accounts/<id>: the account with the continuity of its statements. */
export const accountDetailView = accountView.extend({ continuity: statementContinuity }).meta({ id: 'AccountDetail' });
export type AccountDetailView = z.output<typeof accountDetailView>;
