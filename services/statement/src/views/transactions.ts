import { view } from '@finance/platform';
import { z } from 'zod';

export const TRANSACTION_TYPES = ['income', 'expense', 'asset', 'liability', 'transfer', 'unknown'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const transactionType = z.enum(TRANSACTION_TYPES);

/** The columns GET /transactions sorts by, and those search sorts by. */
export const TRANSACTION_SORTS = ['date', 'created_at', 'updated_at'] as const;
export const SEARCH_SORTS = ['date', 'inflow', 'outflow', 'balance', 'created_at'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** What every form of a statement row shows, around the account id (whose name differs between the forms). */
const rowHead = {
  id: view.id,
  date: view.date,
  particulars: z.string(),
  inflow: view.integer,
  outflow: view.integer,
  balance: view.integer.nullable(),
  entity: z.string().nullable(),
  category: z.string().nullable(),
  po: z.string().nullable(),
  comments: z.string().nullable(),
  type: transactionType,
};
const rowTail = {
  account_name: z.string().nullable(),
  account_currency: view.currency.nullable(),
  /** The statement the row was read from. */
  statement: view.id.nullable(),
  created_at: view.timestamp,
  updated_at: view.timestamp,
};

/** A statement row as the list, search and detail return it: inflow, outflow and balance in integer milli-units. */
export const transactionView = z.strictObject({ ...rowHead, account_id: view.id.nullable(), ...rowTail }).meta({ id: 'Transaction' });
export type TransactionView = z.output<typeof transactionView>;

/** Rule preview rows name the account id `account` (spec). */
export const previewRowView = z.strictObject({ ...rowHead, account: view.id.nullable(), ...rowTail }).meta({ id: 'RulePreviewRow' });
export type PreviewRowView = z.output<typeof previewRowView>;
