import { z } from 'zod';

/**
 * The condition language search and rules share: the fields a condition may test, the operators, and the
 * limits on a list. The matching engine (data-access/matching.ts) gives each its meaning and SQL.
 */
export const CONDITION_FIELDS = ['particulars', 'inflow', 'outflow', 'balance', 'date', 'type', 'category', 'entity', 'account', 'comments', 'po'] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

export const STRING_OPERATORS = ['equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with', 'regex'] as const;
export const COMPARISONS = ['equals', 'not_equals', 'greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal'] as const;
export const NULL_OPERATORS = ['is_null', 'is_not_null'] as const;
export const DAY_OPERATORS = ['within_last_days', 'older_than_days'] as const;
export const CONDITION_OPERATORS = [...new Set([...STRING_OPERATORS, ...COMPARISONS, ...NULL_OPERATORS, ...DAY_OPERATORS])] as [string, ...string[]];

export const MAX_CONDITIONS = 50;

/** A condition as it arrives in a body; its meaning is checked by the matching engine (checkConditions). */
export const conditionInput = z.strictObject(
  {
    field: z.string({ error: 'is required (a field name)' }),
    operator: z.string({ error: 'is required (an operator name)' }),
    value: z.unknown().optional(),
    case_sensitive: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: 'must be an object with field, operator and value' },
);
export type ConditionInput = z.infer<typeof conditionInput>;

export const conditionList = (min: number) =>
  z
    .array(conditionInput, { error: 'must be an array of conditions' })
    .min(min, min === 1 ? 'give at least one condition' : `give at least ${min} conditions`)
    .max(MAX_CONDITIONS, `at most ${MAX_CONDITIONS} conditions`);

/**
 * A condition as a rule stores and shows it: checked, case_sensitive explicit, value in its field's JSON form
 * (text, a date, an account id, whole milli-units or whole days); no value for is_null / is_not_null.
 */
export const conditionView = z
  .strictObject({
    field: z.enum(CONDITION_FIELDS),
    operator: z.enum(CONDITION_OPERATORS),
    value: z.union([z.string(), z.number().int()]).optional(),
    case_sensitive: z.boolean(),
  })
  .meta({ id: 'Condition' });
export type ConditionView = z.output<typeof conditionView>;
