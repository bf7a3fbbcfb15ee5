import { view } from '@finance/platform';
import { z } from 'zod';
import { conditionView } from './conditions';

/** The fields a rule action may set on a row. */
export const ACTION_FIELDS = ['category', 'entity', 'type', 'comments', 'po'] as const;
export type ActionField = (typeof ACTION_FIELDS)[number];

export const RULE_SORTS = ['priority', 'created_at', 'name'] as const;

/** value null clears the field; for type it is one of the transaction types. */
export const ruleAction = z.strictObject({ field: z.enum(ACTION_FIELDS), value: z.string().nullable() }).meta({ id: 'RuleAction' });
export type RuleAction = z.output<typeof ruleAction>;

export const ruleView = z
  .strictObject({
    id: view.id,
    name: z.string(),
    description: z.string().nullable(),
    rationale: z.string().nullable(),
    priority: z.number().int(),
    conditions: z.array(conditionView),
    actions: z.array(ruleAction),
    enabled: z.boolean(),
    created_at: view.timestamp,
    updated_at: view.timestamp,
  })
  .meta({ id: 'Rule' });
export type RuleView = z.output<typeof ruleView>;

/**
 * POST /rules/<id>/run: how many rows the rule matched (within the type filter, hand-set ones included), how many
 * it changed, and how many of the matched rows it left alone because a person set them (0 with override_manual).
 */
export const ruleRunView = z
  .strictObject({
    matched_count: view.count,
    updated_count: view.count,
    protected_count: view.count.meta({ description: 'Matched rows left alone because a person set them (0 with override_manual)' }),
    rule_id: view.id,
  })
  .meta({ id: 'RuleRun' });
export type RuleRunView = z.output<typeof ruleRunView>;
