import { dateProblem, q } from '@finance/platform';
import { z } from 'zod';
import { conditionList } from '../../data-access/matching';
import { SEARCH_SORT_COLUMNS } from '../../data-access/transactions.repo';
import { ACCOUNT_CATEGORIES, TRANSACTION_TYPES } from '../../data-access/views';
import { baseToMilli } from '../../domain/money';
import { STATEMENT_STATUSES } from '../../pipeline/jobs';


const typeEnum = z.enum(TRANSACTION_TYPES, { error: `must be one of ${TRANSACTION_TYPES.join(', ')}` });

/** Free text a person sets on a row or a rule action: trimmed; blank clears the field (null). */
const clearableText = (max: number) =>
  z
    .string({ error: 'must be a string or null' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable();

const atLeastOne = (b: object) => Object.values(b).some((v) => v !== undefined);
const NOTHING_TO_CHANGE = 'send at least one field to change';

// ---- Transactions

export const TRANSACTION_FIELDS = [
  'id', 'date', 'particulars', 'inflow', 'outflow', 'balance', 'entity', 'category', 'po', 'comments', 'type',
  'account_id', 'account_name', 'account_currency', 'statement', 'created_at', 'updated_at',
] as const;

export const PREVIEW_FIELDS = [
  'id', 'date', 'particulars', 'inflow', 'outflow', 'balance', 'entity', 'category', 'po', 'comments', 'type',
  'account', 'account_name', 'account_currency', 'statement', 'created_at', 'updated_at',
] as const;

/** category, entity and comments accept the empty string, which matches rows where the field is blank. */
export const transactionFilters = {
  account: q.uuid(),
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
    type: typeEnum.optional(),
    comments: clearableText(2000).optional(),
    po: clearableText(200).optional(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

/** An ISO 4217 code, upper-cased: accounts' currency, search and report filters. */
const currencyCode = z
  .string({ error: 'must be a currency code such as INR' })
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as INR')
  .transform((c) => c.toUpperCase());

const SEARCH_SORTS = Object.keys(SEARCH_SORT_COLUMNS) as [keyof typeof SEARCH_SORT_COLUMNS, ...(keyof typeof SEARCH_SORT_COLUMNS)[]];

export const searchBody = z.strictObject({
  conditions: conditionList(0),
  currency: currencyCode.optional(),
  page: z.int({ error: 'must be a whole number from 1' }).min(1, 'must be a whole number from 1').default(1),
  limit: z.int({ error: 'must be a whole number from 1 to 500' }).min(1, 'must be a whole number from 1 to 500').max(500, 'must be a whole number from 1 to 500').default(100),
  sort_by: z.enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(', ')}` }).default('date'),
  sort_order: z
    .string({ error: 'must be asc or desc' })
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'must be asc or desc' }))
    .default('DESC'),
  fields: z.array(z.string({ error: 'must be field names' }), { error: 'must be an array of field names' }).optional(),
});

// ---- Reports

const requiredDate = z
  .string({ error: (iss) => (iss.input === undefined ? 'is required, as YYYY-MM-DD' : 'must be a date as YYYY-MM-DD') })
  .superRefine((v, ctx) => {
    const problem = dateProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const accountIds = z.string().transform((v, ctx) => {
  const ids = v.split(',').map((s) => s.trim());
  if (ids.some((id) => !z.uuid().safeParse(id).success)) {
    ctx.addIssue({ code: 'custom', message: 'must be comma-separated account ids (uuids)' });
    return z.NEVER;
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
});

// A report's currency is required when the rows in scope are in more than one (domain/reports oneCurrency).
const dateWindow = { date_from: requiredDate, date_to: requiredDate, accounts: accountIds.optional(), currency: currencyCode.optional() };

function windowInOrder(p: { date_from: string; date_to: string }, ctx: z.RefinementCtx): void {
  if (p.date_from > p.date_to) ctx.addIssue({ code: 'custom', path: ['date_from'], message: 'must not be later than date_to' });
}

/** entity and category: partial match, or empty for null/blank. */
const reportFilters = { particulars: q.string().optional(), entity: z.string().optional(), category: z.string().optional() };

export const groupedReportQuery = z
  .object({
    ...dateWindow,
    ...reportFilters,
    group_by: z.enum(['day', 'week', 'month', 'year'], { error: 'must be one of day, week, month, year' }).default('month'),
    group_by_field: z.enum(['category', 'entity'], { error: 'must be category or entity' }).default('category'),
  })
  .superRefine(windowInOrder);

export const flowReportQuery = z.object({ ...dateWindow, ...reportFilters }).superRefine(windowInOrder);

export const categoriesQuery = z.object({ ...dateWindow, type: typeEnum.optional() }).superRefine(windowInOrder);

// ---- Accounts

export const ACCOUNT_FIELDS = [
  'id', 'name', 'category', 'description', 'acc_no', 'currency', 'color', 'opening_balance', 'opening_balance_date',
  'status', 'is_archived', 'upload_frequency', 'created_at', 'review',
] as const;

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
const color = z.string({ error: 'must be a hex colour such as #1A2B3C' }).regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #1A2B3C').nullable();
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

// ---- Rules

export const RULE_FIELDS = ['id', 'name', 'description', 'rationale', 'priority', 'conditions', 'actions', 'enabled', 'created_at', 'updated_at'] as const;
export const ACTION_FIELDS = ['category', 'entity', 'type', 'comments', 'po'] as const;

const ruleAction = z
  .strictObject(
    {
      field: z.enum(ACTION_FIELDS, { error: `must be one of ${ACTION_FIELDS.join(', ')} (the fields a rule may set)` }),
      value: z.unknown(),
    },
    { error: 'must be an object with field and value' },
  )
  .transform((a, ctx) => {
    if (a.field === 'type') {
      const parsed = typeEnum.safeParse(a.value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must be one of ${TRANSACTION_TYPES.join(', ')}` });
        return z.NEVER;
      }
      return { field: a.field, value: parsed.data as string | null };
    }
    const parsed = clearableText(a.field === 'comments' ? 2000 : 200).safeParse(a.value);
    if (!parsed.success || a.value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.success ? 'is required (a string, or null to clear the field)' : (parsed.error.issues[0]?.message ?? 'invalid') });
      return z.NEVER;
    }
    return { field: a.field, value: parsed.data };
  });

const actionList = z
  .array(ruleAction, { error: 'must be an array of actions' })
  .min(1, 'give at least one action')
  .max(ACTION_FIELDS.length, `at most ${ACTION_FIELDS.length} actions (one per field)`)
  .superRefine((actions, ctx) => {
    const seen = new Set<string>();
    actions.forEach((a, i) => {
      if (seen.has(a.field)) ctx.addIssue({ code: 'custom', path: [i, 'field'], message: `${a.field} is already set by an earlier action` });
      seen.add(a.field);
    });
  });

const ruleName = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
const ruleText = z.string({ error: 'must be a string or null' }).max(2000, 'must be at most 2000 characters').nullable();
const priority = z.int({ error: 'must be a whole number' }).min(-1_000_000, 'must be from -1000000 to 1000000').max(1_000_000, 'must be from -1000000 to 1000000');

export const ruleCreateBody = z.strictObject({
  name: ruleName,
  description: ruleText.default(null),
  rationale: ruleText.default(null),
  priority: priority.default(0),
  conditions: conditionList(1),
  actions: actionList,
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
});

export const ruleEditBody = z
  .strictObject({
    name: ruleName.optional(),
    description: ruleText.optional(),
    rationale: ruleText.optional(),
    priority: priority.optional(),
    conditions: conditionList(1).optional(),
    actions: actionList.optional(),
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

export const ruleFilters = { enabled: q.boolean() };

export const previewQuery = z.object({ force_all: q.boolean().optional() });

/** The whole body is optional (bodyOptional): no body runs without force_all. */
export const runBody = z.strictObject({ force_all: z.boolean({ error: 'must be true or false' }).default(false) }, { error: 'must be a JSON object' }).optional();

// ---- Statements

export const STATEMENT_FIELDS = [
  'id', 'file_name', 'file_type', 'status', 'step', 'error', 'account_id', 'parsed_data', 'transaction_count', 'created_at', 'updated_at',
] as const;

export const statementFilters = { status: q.enum(STATEMENT_STATUSES), account_id: q.uuid() };

/** Multipart text fields arrive as strings; an empty form field means "not given". */
const blankAsMissing = (v: unknown) => (v === '' ? undefined : v);

export const statementUploadBody = z.strictObject({
  account_id: z.preprocess(blankAsMissing, z.uuid('must be an account id (uuid)').optional()),
  password: z.preprocess(blankAsMissing, z.string({ error: 'must be text' }).max(1024, 'must be at most 1024 characters').optional()),
});

export const passwordBody = z.strictObject({
  // Not trimmed: spaces may be part of a password. An empty one is refused; a wrong one is checked against the file.
  password: z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
    .min(1, 'must not be empty')
    .max(1024, 'must be at most 1024 characters'),
});

/** Accepting rows that do not reconcile takes no input: the rows are the ones parsed_data describes. */
export const acceptRowsBody = z.strictObject({});

export const accountNumberBody = z.strictObject({
  acc_no: z
    .string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters'),
});
