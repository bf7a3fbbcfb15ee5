import { dateProblem, q } from '@finance/platform';
import { z } from 'zod';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from '../../views/chart';
import { RECONCILIATION_STATUSES } from '../../views/reconciliations';
import { TRANSACTION_STATUSES } from '../../views/transactions';

const date = z.string({ error: 'must be a date as YYYY-MM-DD' }).superRefine((v, ctx) => {
  const problem = dateProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const time = z
  .string({ error: 'must be a time as HH:MM or HH:MM:SS' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:MM or HH:MM:SS (24-hour)');
const text = (max: number) => z.string({ error: 'must be a string' }).max(max, `must be at most ${max} characters`);
const label = (max: number) => text(max).trim().min(1, 'must not be empty');
/** Upstream identifiers are matched exactly, so they are not trimmed. */
const ident = (max: number) => text(max).min(1, 'must not be empty');

/**
 * Money: a JSON integer of minor units within Number.isSafeInteger. A decimal, a numeric string or a
 * negative is refused (contract section 5), never rounded or coerced.
 */
export const amount = z
  .number({ error: 'must be a JSON integer of minor units (not a string)' })
  .int('must be a whole number of minor units; decimals are refused, never rounded')
  .nonnegative('must not be negative')
  .refine(Number.isSafeInteger, `must be at most ${Number.MAX_SAFE_INTEGER}`);

const dimensionKey = z.string().min(1, 'a dimension key must not be empty').max(64, 'a dimension key has at most 64 characters');
const dimensions = z
  .record(
    dimensionKey,
    z
      .string({ error: 'a dimension value must be a string' })
      .min(1, 'a dimension value must not be empty')
      .max(200, 'a dimension value has at most 200 characters'),
    {
      error: 'must be an object of string values',
    },
  )
  .refine((d) => Object.keys(d).length <= 50, 'at most 50 dimensions per entry');

export const entryBody = z
  .strictObject(
    {
      account: z.uuid('must be an account id'),
      debit: amount.optional(),
      credit: amount.optional(),
      memo: text(2000).nullable().optional(),
      dimensions: dimensions.optional(),
    },
    { error: 'must be an entry object' },
  )
  .superRefine((e, ctx) => {
    const debit = e.debit ?? 0;
    const credit = e.credit ?? 0;
    if ((debit === 0) === (credit === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: [e.debit === undefined && e.credit !== undefined ? 'credit' : 'debit'],
        message: debit === 0 ? 'exactly one of debit or credit must be non-zero; both are zero' : 'exactly one of debit or credit must be non-zero; both are',
      });
    }
  })
  .transform((e) => ({ account: e.account, debit: e.debit ?? 0, credit: e.credit ?? 0, memo: e.memo ?? null, dimensions: e.dimensions ?? {} }));

const entries = z.array(entryBody, { error: 'must be an array of entries' }).max(1000, 'at most 1000 entries per transaction');
const status = z.enum(TRANSACTION_STATUSES, { error: `must be one of ${TRANSACTION_STATUSES.join(', ')}` });
const currency = z.string({ error: 'must be a string' }).regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as INR');

export const transactionCreateBody = z.strictObject({
  date,
  time: time.nullable().default(null),
  narration: text(2000).nullable().default(null),
  type: label(100).nullable().default(null),
  status: status.default('posted'),
  currency: currency.default('INR'),
  source: ident(100).default('manual'),
  source_ref: ident(200).nullable().default(null),
  details: z.unknown().optional(),
  entries: entries.optional(),
});

/** The create body as JSON Schema, for the bulk items' documentation (each item is validated on its own). */
const createItemSchema = (() => {
  const js = z.toJSONSchema(transactionCreateBody, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete js.$schema;
  return js;
})();

export const BULK_MAX = 500;

/**
 * POST /transactions/bulk. Items are validated one by one (so a bad item is reported at its index with the
 * 400 it would have had alone), against transactionCreateBody; the document shows that schema for them.
 */
export const transactionBulkBody = z.strictObject({
  transactions: z
    .array(z.unknown().meta(createItemSchema), { error: 'must be an array of transactions' })
    .min(1, 'send 1 to 500 transactions')
    .max(BULK_MAX, `at most ${BULK_MAX} transactions per request`),
  atomic: z.boolean({ error: 'must be true or false' }).default(true),
});

/** POST /transactions/<id>/reverse: every field optional, and so is the body. */
export const transactionReverseBody = z
  .strictObject({
    date: date.optional(),
    narration: text(2000).nullable().optional(),
    source: ident(100).default('manual'),
    source_ref: ident(200).nullable().default(null),
  })
  .prefault({});

const CONTENT_FIELDS = ['date', 'time', 'narration', 'type', 'currency', 'details', 'entries'] as const;

/** One operation per call: {status}, or content fields (drafts only). */
export const transactionPatchBody = z
  .strictObject({
    status: status.optional(),
    date: date.optional(),
    time: time.nullable().optional(),
    narration: text(2000).nullable().optional(),
    type: label(100).nullable().optional(),
    currency: currency.optional(),
    details: z.unknown().optional(),
    entries: entries.optional(),
  })
  .superRefine((b, ctx) => {
    const content = CONTENT_FIELDS.filter((f) => f in b);
    if (b.status === undefined && content.length === 0) {
      ctx.addIssue({ code: 'custom', path: [], message: `send {status} or content fields (${CONTENT_FIELDS.join(', ')})` });
    }
    if (b.status !== undefined && content.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: `a status change is its own PATCH; send ${content.join(', ')} in another call` });
    }
  });

const accountType = z.enum(ACCOUNT_TYPES, { error: `must be one of ${ACCOUNT_TYPES.join(', ')}` });
const accountStatus = z.enum(ACCOUNT_STATUSES, { error: `must be one of ${ACCOUNT_STATUSES.join(', ')}` });
const parent = z.uuid('must be an account id').nullable();

export const accountCreateBody = z.strictObject({
  name: label(200),
  type: accountType,
  parent: parent.optional(),
  is_group: z.boolean({ error: 'must be true or false' }).optional(),
  description: text(2000).nullable().optional(),
  source: ident(100).optional(),
  source_ref: ident(200).nullable().optional(),
  currency: currency.nullable().optional(),
});

export const accountPatchBody = z
  .strictObject({
    name: label(200).optional(),
    type: accountType.optional(),
    parent: parent.optional(),
    is_group: z.boolean({ error: 'must be true or false' }).optional(),
    description: text(2000).nullable().optional(),
    status: accountStatus.optional(),
    source_ref: ident(200).nullable().optional(),
    currency: currency.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'send at least one field to change');

// Query parameters (single strings).
export const transactionFilters = {
  status: q.enum(TRANSACTION_STATUSES),
  type: q.string(),
  source: q.string(),
  source_ref: q.string(),
  account: q.uuid(),
  q: q.string(),
};
export const transactionListQuery = z.object({ include_entries: q.boolean().optional() });

export const accountFilters = {
  type: q.enum(ACCOUNT_TYPES),
  status: q.enum(ACCOUNT_STATUSES),
  parent: z.union([z.literal('root'), z.uuid()], { error: "must be an account id or 'root'" }),
  is_group: q.boolean(),
  source: q.string(),
  source_ref: q.string(),
  q: q.string(),
};

/** `status` on the tree: statuses to keep, comma-separated, or `all`; default everything but quarantined. */
export const treeQuery = z.object({
  status: z
    .string()
    .transform((v, ctx) => {
      const wanted = v.split(',').map((s) => s.trim());
      if (wanted.length === 1 && wanted[0] === 'all') return [...ACCOUNT_STATUSES];
      const bad = wanted.filter((s) => !(ACCOUNT_STATUSES as readonly string[]).includes(s));
      if (bad.length > 0 || wanted.length === 0) {
        ctx.addIssue({ code: 'custom', message: `must be all, or one or more of ${ACCOUNT_STATUSES.join(', ')} separated by commas` });
        return z.NEVER;
      }
      return wanted as (typeof ACCOUNT_STATUSES)[number][];
    })
    .optional(),
  include_empty: q.boolean().optional(),
});

export const entryFilters = {
  account: q.uuid(),
  account_subtree: q.uuid(),
  account_type: q.enum(ACCOUNT_TYPES),
  status: q.enum([...TRANSACTION_STATUSES, 'all']),
  type: q.string(),
  transaction: q.uuid(),
  has_dimension: q.boolean(),
};

export const asOfQuery = z.object({ as_of: q.date().optional() });
const compare = q.enum(['previous_period', 'previous_year']);
export const trialBalanceQuery = z.object({ as_of: q.date().optional(), compare: compare.optional() });
export const periodQuery = z
  .object({
    date_from: q.date().optional(),
    date_to: q.date().optional(),
    /** The organization's fiscal year ending in that calendar year, instead of date_from and date_to. */
    fiscal_year: q.int(1, 9999).optional(),
    compare: compare.optional(),
  })
  .refine((p) => !p.date_from || !p.date_to || p.date_from <= p.date_to, { path: ['date_from'], message: 'must not be later than date_to' });

// Reconciliations (issue 13)
export const reconciliationCreateBody = z
  .strictObject({
    ledger_account: z.uuid('must be a ledger account id'),
    statement_account: z.uuid('must be a statement account id'),
    date_from: date,
    date_to: date,
    date_window_days: z
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(0, 'must be 0 to 31')
      .max(31, 'must be 0 to 31')
      .default(3),
    /** How far a row may differ from its entries and still match (issue 22): minor units, or per cent of the row (to 0.01). */
    tolerance: z
      .union(
        [
          z.strictObject({
            absolute: z
              .number({ error: 'must be a whole number of minor units' })
              .int('must be a whole number of minor units')
              .min(0, 'must not be negative')
              .max(Number.MAX_SAFE_INTEGER, 'must be at most 2^53-1'),
          }),
          z.strictObject({
            percent: z
              .number({ error: 'must be a number of per cent, e.g. 0.5' })
              .min(0, 'must be 0 to 100')
              .max(100, 'must be 0 to 100')
              .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'at most two decimals (whole basis points)'),
          }),
        ],
        { error: 'must be {"absolute": <minor units>} or {"percent": <per cent>}' },
      )
      .nullable()
      .optional(),
  })
  .refine((b) => b.date_from <= b.date_to, { path: ['date_from'], message: 'must not be later than date_to' });
export const reconciliationFilters = { status: q.enum(RECONCILIATION_STATUSES) };
export const reconciliationDetailQuery = z.object({ page: q.int(1, 1_000_000).optional(), limit: q.int(1, 500).optional() });
export const reconciliationMatchBody = z.strictObject({
  statement_row: z.uuid('must be a statement row id'),
  entries: z.array(z.uuid('must be a ledger entry id')).min(1, 'name at least one entry').max(100, 'at most 100 entries'),
});
export const reconciliationUnmatchBody = z.strictObject({ statement_row: z.uuid('must be a statement row id') });
const categoryAccounts = z.record(
  z.string().min(1, 'a category must not be empty').max(200, 'a category is at most 200 characters'),
  z.uuid('must be a ledger account id'),
);
export const postUnmatchedBody = z.strictObject({
  accounts: categoryAccounts.default({}),
  default_account: z.uuid('must be a ledger account id').nullable().default(null),
  rows: z
    .array(z.strictObject({ statement_row: z.uuid('must be a statement row id'), account: z.uuid('must be a ledger account id').nullable().optional() }))
    .min(1, 'name at least one row, or leave rows out for all unmatched rows')
    .max(5000, 'at most 5000 rows')
    .nullable()
    .optional(),
  post_anyway: z.boolean({ error: 'must be true or false' }).default(false),
});
export const categoryAccountsBody = z.strictObject({ accounts: categoryAccounts });
export const reconciliationConfirmBody = z.strictObject({ post_differences_to: z.uuid('must be a ledger account id').nullable().default(null) }).prefault({});
export const postDifferencesBody = z.strictObject({ account: z.uuid('must be a ledger account id') });

// Fiscal years and closed periods (issue 24)
const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `must be a whole number (${what})` })
    .int(`must be a whole number (${what})`)
    .min(min, `must be ${min} to ${max}`)
    .max(max, `must be ${min} to ${max}`);
export const settingsPatchBody = z
  .strictObject({
    base_currency: currency.optional(),
    fiscal_year_start_month: wholeNumber('a month', 1, 12).nullable().optional(),
    fiscal_year_start_day: wholeNumber('a day of the month', 1, 31).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'send at least one field to change');
export const periodCloseBody = z.strictObject({
  through: date,
  reason: label(2000).nullable().optional(),
});
export const periodReopenBody = z.strictObject({
  /** Reopen every closed date from this one on; without it, every closed date. */
  from: date.optional(),
  reason: label(2000),
});
