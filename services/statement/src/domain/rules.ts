import { NotFoundError, sql, withTransaction, type ListQuery } from '@finance/platform';
import type { Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import { withStatementTimeout, type QueryLimits } from '../data-access/budget';
import { checkConditions, conditionsSql, conditionToJson, type Condition } from '../data-access/matching';
import type { ConditionInput } from '../views/conditions';
import * as rules from '../data-access/rules.repo';
import * as transactions from '../data-access/transactions.repo';
import type { RuleAction, RuleRunView, RuleView } from '../views/rules';
import type { PreviewRowView, TransactionView } from '../views/transactions';
import { prepareConditions, timeoutHint } from './conditions';

export interface RuleInput {
  name: string;
  description: string | null;
  rationale: string | null;
  /** Left out on create: the next priority, after the organization's other rules. */
  priority?: number;
  conditions: ConditionInput[];
  actions: RuleAction[];
  enabled: boolean;
}

export async function getRule(db: Db, orgId: string, id: string): Promise<RuleView> {
  const rule = await rules.findRule(db, orgId, id);
  if (!rule) throw new NotFoundError(`rule ${id} not found`);
  return rule;
}

export async function listRules(db: Db, orgId: string, list: ListQuery, filters: { enabled?: boolean }) {
  return rules.findRulePage(db, orgId, list, filters);
}

/**
 * Conditions are stored checked and normalised (case_sensitive explicit), exactly as the engine will read them.
 * Without a priority the rule runs after the organization's other rules (the next priority, taken under a lock).
 */
export async function createRule(db: Db, orgId: string, input: RuleInput): Promise<RuleView> {
  const conditions = (await prepareConditions(db, input.conditions)).map(conditionToJson);
  const id = uuidv7();
  await withTransaction(db, async (tx) => {
    const priority = input.priority ?? (await rules.nextPriority(tx, orgId));
    await rules.insertRule(tx, orgId, id, { ...input, priority, conditions });
  });
  return getRule(db, orgId, id);
}

/** Partial update; conditions or actions sent replace the whole array. */
export async function editRule(db: Db, orgId: string, id: string, patch: Partial<RuleInput>): Promise<RuleView> {
  const conditions = patch.conditions ? (await prepareConditions(db, patch.conditions)).map(conditionToJson) : undefined;
  if (!(await rules.updateRule(db, orgId, id, { ...patch, conditions }))) throw new NotFoundError(`rule ${id} not found`);
  return getRule(db, orgId, id);
}

/** Existing transactions keep the categorisation the rule gave them. */
export async function removeRule(db: Db, orgId: string, id: string): Promise<void> {
  if (!(await rules.deleteRule(db, orgId, id))) throw new NotFoundError(`rule ${id} not found`);
}

/** A stored rule's conditions, typed for the engine (they were checked when stored). */
function ruleConditions(rule: RuleView): Condition[] {
  return checkConditions(rule.conditions as ConditionInput[]);
}

/** Without force_all a rule only considers uncategorised rows (type unknown). */
function ruleMatch(conditions: Condition[], forceAll: boolean) {
  return forceAll ? conditionsSql(conditions) : sql`t.type = 'unknown' AND ${conditionsSql(conditions)}`;
}

const previewRow = (r: TransactionView): PreviewRowView => ({
  id: r.id,
  date: r.date,
  particulars: r.particulars,
  inflow: r.inflow,
  outflow: r.outflow,
  balance: r.balance,
  entity: r.entity,
  category: r.category,
  po: r.po,
  comments: r.comments,
  type: r.type,
  category_source: r.category_source,
  category_rule_id: r.category_rule_id,
  account: r.account_id,
  account_name: r.account_name,
  account_currency: r.account_currency,
  statement: r.statement,
  created_at: r.created_at,
  updated_at: r.updated_at,
  protected: r.category_source === 'manual',
});

/**
 * What the rule would touch, newest first, with the full match count: the same WHERE as run, read-only.
 * Preview rows name the account id `account`; hand-set rows are among them, marked `protected` (a run leaves
 * them alone unless it says override_manual). `onlyProtected` keeps only the hand-set rows (true) or the others.
 */
export async function previewRule(
  db: Db,
  limits: QueryLimits,
  orgId: string,
  id: string,
  page: Pick<ListQuery, 'limit' | 'offset'>,
  forceAll: boolean,
  onlyProtected?: boolean,
): Promise<{ rows: PreviewRowView[]; total: number }> {
  const rule = await getRule(db, orgId, id);
  const conditions = ruleConditions(rule);
  const match =
    onlyProtected === undefined
      ? ruleMatch(conditions, forceAll)
      : sql`${ruleMatch(conditions, forceAll)} AND ${onlyProtected ? transactions.IS_MANUAL : sql`NOT (${transactions.IS_MANUAL})`}`;
  const { rows, total } = await withStatementTimeout(db, limits.queryTimeoutMs, timeoutHint(conditions), (tx) =>
    transactions.findMatchingPage(tx, orgId, match, {
      limit: page.limit,
      offset: page.offset,
      sort: { by: 'date', order: 'DESC' },
      sortColumns: transactions.LIST_COLUMNS,
    }),
  );
  return { rows: rows.map(previewRow), total };
}

export interface RunOptions {
  /** Consider rows of every type, not only those of type unknown. */
  forceAll: boolean;
  /** Change hand-set rows (category_source manual) too. */
  overrideManual: boolean;
}

/**
 * Applies the rule's actions in one UPDATE, marking the rows it changes as the rule's. force_all widens the
 * type filter; hand-set rows stay as a person left them unless override_manual, and are counted apart.
 */
export async function runRule(db: Db, limits: QueryLimits, orgId: string, id: string, options: RunOptions): Promise<RuleRunView> {
  const rule = await getRule(db, orgId, id);
  const conditions = ruleConditions(rule);
  const result = await withStatementTimeout(db, limits.runTimeoutMs, timeoutHint(conditions), (tx) =>
    transactions.applyActions(tx, orgId, rule.id, ruleMatch(conditions, options.forceAll), rule.actions, options.overrideManual),
  );
  return { matched_count: result.matched, updated_count: result.updated, protected_count: result.protected, rule_id: rule.id };
}

/**
 * Automatic categorisation of a freshly parsed statement (called by the statement worker): the enabled rules
 * in priority order (lower first, then created_at), each over the statement's rows still of type unknown that
 * no earlier rule matched and no person edited, so the first matching rule wins. Returns how many rows some rule
 * matched.
 */
export async function categorizeStatement(db: Db, orgId: string, statementId: string): Promise<{ matched: number; updated: number }> {
  const enabled = await rules.findEnabledRules(db, orgId);
  return transactions.applyRulesToStatement(
    db,
    orgId,
    statementId,
    enabled.map((rule) => ({ id: rule.id, match: conditionsSql(ruleConditions(rule)), actions: rule.actions })),
  );
}
