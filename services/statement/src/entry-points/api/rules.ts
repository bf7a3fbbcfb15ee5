import { created, defineRoute, fieldsOf, idParam, listReply, noContent, ok, q } from '@finance/platform';
import { asDb, type Db } from '../../domain/db';
import { z } from 'zod';
import * as rules from '../../domain/rules';
import { conditionList } from '../../views/conditions';
import { ACTION_FIELDS, RULE_SORTS, ruleRunView, ruleView } from '../../views/rules';
import { previewRowView, TRANSACTION_TYPES } from '../../views/transactions';
import { AMOUNT_OUT_OF_RANGE, atLeastOne, clearableText, NOTHING_TO_CHANGE, QUERY_TIMEOUT, transactionTypeInput, type QueryLimits } from './inputs';

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
      const parsed = transactionTypeInput.safeParse(a.value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: `must be one of ${TRANSACTION_TYPES.join(', ')}` });
        return z.NEVER;
      }
      return { field: a.field, value: parsed.data as string | null };
    }
    const parsed = clearableText(a.field === 'comments' ? 2000 : 200).safeParse(a.value);
    if (!parsed.success || a.value === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: parsed.success ? 'is required (a string, or null to clear the field)' : (parsed.error.issues[0]?.message ?? 'invalid'),
      });
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
const priority = z
  .int({ error: 'must be a whole number' })
  .min(-1_000_000, 'must be from -1000000 to 1000000')
  .max(1_000_000, 'must be from -1000000 to 1000000');

export const ruleCreateBody = z.strictObject({
  name: ruleName,
  description: ruleText.default(null),
  rationale: ruleText.default(null),
  /** Left out: the next priority, after the organization's other rules. */
  priority: priority.optional(),
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

/** `protected` (extension, issue 30): only the hand-set rows (true) or only the others (false); total counts them. */
export const previewQuery = z.object({ force_all: q.boolean().optional(), protected: q.boolean().optional() });

/** The whole body is optional (bodyOptional): no body runs without force_all and leaves hand-set rows alone. */
export const runBody = z
  .strictObject(
    {
      force_all: z.boolean({ error: 'must be true or false' }).default(false),
      override_manual: z.boolean({ error: 'must be true or false' }).default(false),
    },
    { error: 'must be a JSON object' },
  )
  .optional();

export function ruleRoutes(db: Db, limits: QueryLimits) {
  return [
    defineRoute({
      method: 'get',
      path: '/rules',
      permission: 'rules:read',
      summary: 'List rules, in the order automatic categorisation applies them',
      list: {
        fields: fieldsOf(ruleView),
        filters: ruleFilters,
        sort: { columns: RULE_SORTS, default: 'priority', order: 'ASC' },
      },
      response: ruleView,
      handler: async ({ auth, list }) => {
        const { rows, total } = await rules.listRules(db, auth.org.id, list, list.filters);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/rules',
      permission: 'rules:create',
      summary: 'Create a rule',
      idempotent: true,
      body: ruleCreateBody,
      response: ruleView,
      handler: async ({ auth, body, db: tx }) => created(await rules.createRule(asDb(tx), auth.org.id, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/rules/:rule_id',
      permission: 'rules:read',
      summary: 'One rule',
      params: idParam('rule_id'),
      response: ruleView,
      handler: async ({ auth, params }) => ok(await rules.getRule(db, auth.org.id, params.rule_id)),
    }),
    defineRoute({
      method: 'put',
      path: '/rules/:rule_id',
      permission: 'rules:edit',
      summary: 'Change a rule (partial; conditions and actions sent replace the whole array)',
      params: idParam('rule_id'),
      body: ruleEditBody,
      response: ruleView,
      handler: async ({ auth, params, body }) => ok(await rules.editRule(db, auth.org.id, params.rule_id, body)),
    }),
    defineRoute({
      method: 'delete',
      path: '/rules/:rule_id',
      permission: 'rules:delete',
      summary: 'Delete a rule; rows keep the categorisation it gave them',
      params: idParam('rule_id'),
      handler: async ({ auth, params }) => {
        await rules.removeRule(db, auth.org.id, params.rule_id);
        return noContent();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/rules/:rule_id/preview',
      permission: 'rules:read',
      summary: 'The rows a rule would change (read-only); hand-set rows are marked protected',
      params: idParam('rule_id'),
      query: previewQuery,
      list: { fields: fieldsOf(previewRowView) },
      response: previewRowView,
      errors: { 422: `${QUERY_TIMEOUT}; ${AMOUNT_OUT_OF_RANGE}` },
      handler: async ({ auth, params, query, list }) => {
        const { rows, total } = await rules.previewRule(db, limits, auth.org.id, params.rule_id, list, query.force_all ?? false, query.protected);
        return listReply(list, rows, total);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/rules/:rule_id/run',
      permission: 'rules:edit',
      summary: "Apply a rule's actions to the rows it matches, except hand-set rows unless override_manual",
      status: 200,
      params: idParam('rule_id'),
      body: runBody,
      bodyOptional: true,
      response: ruleRunView,
      errors: { 422: QUERY_TIMEOUT },
      handler: async ({ auth, params, body }) =>
        ok(
          await rules.runRule(db, limits, auth.org.id, params.rule_id, { forceAll: body?.force_all ?? false, overrideManual: body?.override_manual ?? false }),
        ),
    }),
  ];
}
