import { ValidationError } from '@finance/platform';
import type { Db } from '../data-access/db';
import { checkConditions, regexConditions, type Condition } from '../data-access/matching';
import type { ConditionInput } from '../views/conditions';
import { regexProblem } from '../data-access/transactions.repo';

/**
 * Conditions as every matching use case takes them: shape and types checked, and every regex compiled by
 * Postgres (whose regex dialect is the one that runs) before anything else happens. A problem is a 400 naming
 * the condition, e.g. `conditions[1].value: invalid regular expression: ...`.
 */
export async function prepareConditions(db: Db, inputs: ConditionInput[], path = 'conditions'): Promise<Condition[]> {
  const conditions = checkConditions(inputs, path);
  for (const { path: at, pattern } of regexConditions(conditions, path)) {
    const problem = await regexProblem(db, pattern);
    if (problem) throw ValidationError.field(at, problem);
  }
  return conditions;
}

/** What to suggest when a query over these conditions runs out of time. */
export function timeoutHint(conditions: Condition[], path = 'conditions'): string {
  const regexes = regexConditions(conditions, path).map((r) => r.path.replace(/\.value$/, ''));
  return regexes.length
    ? `simplify the regular expression in ${regexes.join(', ')} or add conditions that narrow the rows (a date window, an account)`
    : 'add conditions that narrow the rows (a date window, an account)';
}
