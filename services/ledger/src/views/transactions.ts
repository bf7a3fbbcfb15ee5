import { errorBody, view } from '@finance/platform';
import { z } from 'zod';

export const TRANSACTION_STATUSES = ['draft', 'posted', 'void'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
export const transactionStatus = z.enum(TRANSACTION_STATUSES);

/** Entry amounts are whole minor units within the safe-integer range, one side zero. */
const amount = view.integer.min(0);
const dimensions = z.record(z.string(), z.string());

/** An entry as it appears inside its transaction. */
export const transactionEntryView = z
  .strictObject({
    id: view.id,
    account: view.id,
    debit: amount,
    credit: amount,
    memo: z.string().nullable(),
    dimensions,
  })
  .meta({ id: 'TransactionEntry' });
export type TransactionEntryView = z.output<typeof transactionEntryView>;

export const transactionView = z
  .strictObject({
    id: view.id,
    date: view.date,
    time: z.string().nullable(),
    narration: z.string().nullable(),
    type: z.string().nullable(),
    status: transactionStatus,
    currency: view.currency,
    source: z.string(),
    source_ref: z.string().nullable(),
    /** Whatever JSON the client stored with the transaction, as sent; null when none. */
    details: z.unknown().meta({ description: 'Any JSON value the client stored with the transaction; null when none' }),
    /** Deprecated alias of `reversal_of` (the same value), kept for the clients written before issue 30. */
    reverses: view.id.nullable().meta({
      description: 'Deprecated: the same value as `reversal_of`, under its old name; read `reversal_of`',
      deprecated: true,
    }),
    /** The transaction this one reverses, and the one whose reversal this one is (null when none). */
    reversal_of: view.id.nullable().meta({ description: 'The transaction this one reverses (null when it is not a reversal)' }),
    reversed_by: view.id.nullable().meta({ description: 'The live (not void) reversal of this transaction, null when none; voiding the reversal clears it' }),
    /** Left out of lists asked for without entries (include_entries=false). */
    entries: z.array(transactionEntryView).optional(),
    total_debit: amount,
    total_credit: amount,
    created_at: view.timestamp,
    updated_at: view.timestamp,
    /** Only on the answers of a create or reverse: whether this call created it (false: a re-post of its source identity). */
    created: z.boolean().optional(),
  })
  .meta({ id: 'Transaction' });
export type TransactionView = z.output<typeof transactionView>;

/** A transaction's own fields, as stored and as returned. */
export type TransactionFields = Pick<TransactionView, 'date' | 'time' | 'narration' | 'type' | 'status' | 'currency' | 'source' | 'source_ref' | 'details'>;

/** An item's error, as its own request would have answered it (without the request id). */
export const bulkItemError = errorBody.shape.error.omit({ index: true, request_id: true }).meta({ id: 'BulkItemError' });
export type BulkItemError = z.output<typeof bulkItemError>;

/** One result per item, in order: the status the item would have had alone, and its transaction or its error. */
export const bulkItemResult = z
  .strictObject({
    index: view.count,
    status: z.number().int(),
    data: transactionView.optional(),
    error: bulkItemError.optional(),
  })
  .meta({ id: 'BulkItemResult' });
export type BulkItemResult = z.output<typeof bulkItemResult>;

export const bulkResultView = z
  .strictObject({
    atomic: z.boolean(),
    created: view.count,
    existing: view.count,
    failed: view.count,
    results: z.array(bulkItemResult),
  })
  .meta({ id: 'BulkResult' });
