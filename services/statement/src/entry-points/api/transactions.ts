import { defineRoute, fieldsOf, idParam, listReply, ok, parseFields, q } from '@finance/platform';
import type { Db } from '../../domain/db';
import { z } from 'zod';
import * as transactions from '../../domain/transactions';
import { conditionList } from '../../views/conditions';
import { SEARCH_SORTS, TRANSACTION_SORTS, TRANSACTION_TYPES, transactionView } from '../../views/transactions';
import {
  AMOUNT_OUT_OF_RANGE,
  atLeastOne,
  clearableText,
  currencyCode,
  NOTHING_TO_CHANGE,
  QUERY_TIMEOUT,
  timestamps,
  transactionTypeInput,
  type QueryLimits,
} from './inputs';

/** category, entity and comments accept the empty string, which matches rows where the field is blank. */
export const transactionFilters = {
  account: q.uuid(),
  /** The statement the rows were read from (extension, issue 23); an unknown id, like an unknown account, lists nothing. */
  statement_id: q.uuid(),
  category: z.string(),
  entity: z.string(),
  comments: z.string(),
  particulars: q.string(),
  type: q.enum(TRANSACTION_TYPES),
};

export const transactionEditBody = z
  .strictObject({
    entity: clearableText(200).optional(),
    category: clearableText(200).optional(),
    type: transactionTypeInput.optional(),
    comments: clearableText(2000).optional(),
    po: clearableText(200).optional(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

export const searchBody = z.strictObject({
  conditions: conditionList(0),
  currency: currencyCode.optional(),
  page: z.int({ error: 'must be a whole number from 1' }).min(1, 'must be a whole number from 1').default(1),
  limit: z
    .int({ error: 'must be a whole number from 1 to 500' })
    .min(1, 'must be a whole number from 1 to 500')
    .max(500, 'must be a whole number from 1 to 500')
    .default(100),
  sort_by: z.enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(', ')}` }).default('date'),
  sort_order: z
    .string({ error: 'must be asc or desc' })
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'must be asc or desc' }))
    .default('DESC'),
  fields: z.array(z.string({ error: 'must be field names' }), { error: 'must be an array of field names' }).optional(),
});

const TRANSACTION_FIELDS = fieldsOf(transactionView);

export function transactionRoutes(db: Db, limits: QueryLimits) {
  return [
    defineRoute({
      method: 'get',
      path: '/transactions',
      permission: 'transactions:read',
      summary: 'List statement rows (inflow, outflow, balance in milli-units)',
      list: {
        fields: TRANSACTION_FIELDS,
        filters: transactionFilters,
        ranges: { date: 'date', ...timestamps },
        sort: { columns: TRANSACTION_SORTS, default: 'date' },
      },
      response: transactionView,
      errors: { 422: AMOUNT_OUT_OF_RANGE },
      handler: async ({ auth, list }) => {
        const { rows, total } = await transactions.listTransactions(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/transactions/search',
      permission: 'transactions:read',
      summary: 'Search statement rows with AND-combined conditions',
      status: 200,
      body: searchBody,
      // Paged by the body (page, limit, fields), not the query string.
      listBody: true,
      response: transactionView,
      errors: { 422: `${QUERY_TIMEOUT}; ${AMOUNT_OUT_OF_RANGE}` },
      handler: async ({ auth, body }) => {
        const { rows, total } = await transactions.searchTransactions(db, limits, auth.org.id, body);
        const fields = body.fields ? parseFields(body.fields.join(','), TRANSACTION_FIELDS) : null;
        return listReply({ page: body.page, limit: body.limit, fields }, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/transactions/:transaction_id',
      permission: 'transactions:read',
      summary: 'One statement row',
      params: idParam('transaction_id'),
      response: transactionView,
      fields: TRANSACTION_FIELDS,
      errors: { 422: AMOUNT_OUT_OF_RANGE },
      handler: async ({ auth, params }) => ok(await transactions.getTransaction(db, auth.org.id, params.transaction_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/transactions/:transaction_id',
      permission: 'transactions:edit',
      summary: 'Categorise a statement row by hand (marks it manual: rule runs and categorisation on import leave it alone)',
      params: idParam('transaction_id'),
      body: transactionEditBody,
      response: transactionView,
      errors: { 422: AMOUNT_OUT_OF_RANGE },
      handler: async ({ auth, params, body }) => ok(await transactions.editTransaction(db, auth.org.id, params.transaction_id, body)),
    }),
  ];
}
