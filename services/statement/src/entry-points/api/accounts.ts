import { created, dateProblem, defineRoute, fieldsOf, idParam, listReply, ok, q } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import { z } from 'zod';
import * as accounts from '../../domain/accounts';
import { baseToMilli } from '../../views/money';
import { ACCOUNT_CATEGORIES, ACCOUNT_SORTS, accountDetailView, accountView, balanceView } from '../../views/accounts';
import { AMOUNT_OUT_OF_RANGE, atLeastOne, currencyCode, NOTHING_TO_CHANGE, requiredDate } from './inputs';

export const accountFilters = { is_archived: q.boolean(), category: q.enum(ACCOUNT_CATEGORIES) };

export const balanceQuery = z.object({ as_of: requiredDate });

const accountName = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const accountCategory = z.enum(ACCOUNT_CATEGORIES, { error: `must be one of ${ACCOUNT_CATEGORIES.join(', ')}` });
const accNo = z
  .string({ error: 'must be a string or null' })
  .trim()
  .min(1, 'must not be empty (send null for none)')
  .max(64, 'must be at most 64 characters')
  .nullable();
const color = z
  .string({ error: 'must be a hex colour such as #1A2B3C' })
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #1A2B3C')
  .nullable();
/** Base units as a JSON number with at most 3 decimals; more is refused, never rounded. */
const baseAmount = z.number({ error: 'must be a number in currency units, e.g. 1234.5' }).transform((v, ctx) => {
  const milli = baseToMilli(v);
  if (typeof milli === 'string') {
    ctx.addIssue({ code: 'custom', message: milli });
    return z.NEVER;
  }
  return milli;
});
const optionalDate = z
  .string({ error: 'must be a date as YYYY-MM-DD or null' })
  .superRefine((v, ctx) => {
    const problem = dateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable();
const description = z.string({ error: 'must be a string or null' }).max(2000, 'must be at most 2000 characters').nullable();

export const accountCreateBody = z.strictObject({
  name: accountName,
  category: accountCategory,
  acc_no: accNo.default(null),
  currency: currencyCode.default('INR'),
  opening_balance: baseAmount.default(0n),
  opening_balance_date: optionalDate.default(null),
  description: description.default(null),
  color: color.default(null),
  is_archived: z.boolean({ error: 'must be true or false' }).default(false),
});

export const accountEditBody = z
  .strictObject({
    name: accountName.optional(),
    category: accountCategory.optional(),
    acc_no: accNo.optional(),
    currency: currencyCode.optional(),
    opening_balance: baseAmount.optional(),
    opening_balance_date: optionalDate.optional(),
    description: description.optional(),
    color: color.optional(),
    is_archived: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

type AccountBody = z.output<typeof accountCreateBody>;

/** The API's snake_case account fields as the domain's; a field a PATCH leaves out stays undefined (unchanged). */
function accountInput(body: AccountBody): accounts.AccountInput;
function accountInput(body: Partial<AccountBody>): Partial<accounts.AccountInput>;
function accountInput(body: Partial<AccountBody>): Partial<accounts.AccountInput> {
  return {
    name: body.name,
    category: body.category,
    description: body.description,
    accNo: body.acc_no,
    currency: body.currency,
    color: body.color,
    openingBalance: body.opening_balance,
    openingBalanceDate: body.opening_balance_date,
    isArchived: body.is_archived,
  };
}

const ACC_NO_TAKEN = 'ACCOUNT_NUMBER_EXISTS: another account of the organization has this account number (spaces and dashes ignored)';

export function accountRoutes(db: Db) {
  return [
    defineRoute({
      method: 'post',
      path: '/accounts',
      permission: 'accounts:create',
      summary: 'Create a statement account (bank or credit card)',
      idempotent: true,
      body: accountCreateBody,
      response: accountView,
      errors: { 409: `${ACC_NO_TAKEN} (or IDEMPOTENCY_IN_PROGRESS)` },
      handler: async ({ auth, body, db: tx }) => created(await accounts.createAccount(asDb(tx), auth.org.id, accountInput(body))),
    }),
    defineRoute({
      method: 'get',
      path: '/accounts',
      permission: 'accounts:read',
      summary: 'List statement accounts',
      list: {
        fields: fieldsOf(accountView),
        filters: accountFilters,
        ranges: { created_at: 'timestamp' },
        sort: { columns: ACCOUNT_SORTS, default: 'created_at' },
      },
      response: accountView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await accounts.listAccounts(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id',
      permission: 'accounts:read',
      summary:
        'One statement account, with the continuity of its completed statements: their periods and balances, and the breaks (an opening balance that is not the previous closing one, gaps, overlaps)',
      params: idParam('account_id'),
      response: accountDetailView,
      fields: fieldsOf(accountDetailView),
      handler: async ({ auth, params }) => ok(await accounts.getAccountDetail(db, auth.org.id, params.account_id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/accounts/:account_id',
      permission: 'accounts:edit',
      summary:
        "Edit a statement account: rename it (the name is then a person's, name_source person, which no upload changes), correct its kind (category) or its currency (only while it holds no transactions)",
      params: idParam('account_id'),
      body: accountEditBody,
      response: accountView,
      errors: {
        409: `${ACC_NO_TAKEN}; or ACCOUNT_HAS_TRANSACTIONS: the currency differs from the account's and the account holds transactions (the message names how many); nothing is changed`,
      },
      handler: async ({ auth, params, body }) => ok(await accounts.editAccount(db, auth.org.id, params.account_id, accountInput(body))),
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/:account_id/balance',
      permission: 'accounts:read',
      summary: "An account's balance at the end of a day",
      params: idParam('account_id'),
      query: balanceQuery,
      response: balanceView,
      errors: { 422: AMOUNT_OUT_OF_RANGE },
      handler: async ({ auth, params, query }) => ok(await accounts.accountBalance(db, auth.org.id, params.account_id, query.as_of)),
    }),
  ];
}
