import { view } from '@finance/platform';
import { z } from 'zod';

export const ACCOUNT_CATEGORIES = ['bank', 'credit_card'] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];
export const accountCategory = z.enum(ACCOUNT_CATEGORIES);

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
