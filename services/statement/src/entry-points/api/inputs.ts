import { dateProblem } from '@finance/platform';
import { z } from 'zod';
import type { searchTransactions } from '../../domain/transactions';
import { TRANSACTION_TYPES } from '../../views/transactions';

/** Request-schema pieces more than one resource reads. */

export const transactionTypeInput = z.enum(TRANSACTION_TYPES, { error: `must be one of ${TRANSACTION_TYPES.join(', ')}` });

/** Free text a person sets on a row or a rule action: trimmed; blank clears the field (null). */
export const clearableText = (max: number) =>
  z
    .string({ error: 'must be a string or null' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const atLeastOne = (b: object) => Object.values(b).some((v) => v !== undefined);
export const NOTHING_TO_CHANGE = 'send at least one field to change';

/** An ISO 4217 code, upper-cased: accounts' currency, search and report filters. */
export const currencyCode = z
  .string({ error: 'must be a currency code such as INR' })
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as INR')
  .transform((c) => c.toUpperCase());

export const requiredDate = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required, as YYYY-MM-DD' : 'must be a date as YYYY-MM-DD') })
  .superRefine((v, ctx) => {
    const problem = dateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const timestamps = { created_at: 'timestamp', updated_at: 'timestamp' } as const;

/** What the domain's 422s mean on the routes that can answer them. */
export const QUERY_TIMEOUT = 'QUERY_TIMEOUT: the query was stopped by its time budget and changed nothing; narrow it';
export const AMOUNT_OUT_OF_RANGE = 'AMOUNT_OUT_OF_RANGE: an amount is beyond what a JSON number carries exactly; narrow the query';

/** The time budgets of user-composed queries (search, preview, run, reports), as the domain takes them. */
export type QueryLimits = Parameters<typeof searchTransactions>[1];
