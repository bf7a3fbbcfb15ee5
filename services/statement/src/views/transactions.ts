import { view } from '@finance/platform';
import { z } from 'zod';

export const TRANSACTION_TYPES = ['income', 'expense', 'asset', 'liability', 'transfer', 'unknown'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const transactionType = z.enum(TRANSACTION_TYPES);

/**
 * Where a row's categorisation (category, entity, type, po, comments) came from: a person (PATCH), a rule (run
 * or categorisation on import), or the data itself (seeded rows, rows stored before sources were recorded).
 */
export const CATEGORY_SOURCES = ['manual', 'rule', 'import'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

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
  category_source: z.enum(CATEGORY_SOURCES).nullable().meta({
    description:
      'Where the categorisation (category, entity, type, comments, po) came from: manual (a person, PATCH), rule (a rule run or categorisation on import), import (came with the data), null (nobody has categorised the row). Rule runs and categorisation on import leave manual rows alone unless a run says override_manual.',
  }),
  category_rule_id: view.id.nullable().meta({
    description: 'The rule that last changed the row when category_source is rule, else null (kept after the rule is deleted)',
  }),
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

/**
 * Rule preview rows name the account id `account` (spec). `protected`: a hand-set row (category_source manual)
 * that a run leaves alone unless it says override_manual.
 */
export const previewRowView = z
  .strictObject({
    ...rowHead,
    account: view.id.nullable(),
    ...rowTail,
    protected: z.boolean().meta({ description: 'A hand-set row (category_source manual): a run leaves it alone unless it says override_manual' }),
  })
  .meta({ id: 'RulePreviewRow' });
export type PreviewRowView = z.output<typeof previewRowView>;
