import { view } from '@finance/platform';
import { z } from 'zod';
import { transactionStatus } from './transactions';

/** The read view of the entries endpoint: the entry with its parent's context. */
export const entryView = z
  .strictObject({
    id: view.id,
    transaction: view.id,
    account: view.id,
    debit: view.integer.min(0),
    credit: view.integer.min(0),
    memo: z.string().nullable(),
    dimensions: z.record(z.string(), z.string()),
    date: view.date,
    narration: z.string().nullable(),
    transaction_type: z.string().nullable(),
    transaction_status: transactionStatus,
    /** The transaction's currency. */
    currency: view.currency,
    source: z.string(),
    source_ref: z.string().nullable(),
  })
  .meta({ id: 'Entry' });
export type EntryView = z.output<typeof entryView>;
