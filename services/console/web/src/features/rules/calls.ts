/** The Rules page's calls to the statement service. */
import type { StatementPaths, StatementSchemas } from '@finance/client';
import { answer, type JsonBody } from '../../shared/http';
import { statement } from '../../shared/services';

export type Rule = StatementSchemas['Rule'];
export type RuleWrite = JsonBody<StatementPaths, '/api/v1/rules', 'post'>;

/** Every rule, in the order they apply. */
export const loadRules = async () =>
  (await answer(statement.GET('/rules', { params: { query: { limit: 500, sort_by: 'priority', sort_order: 'ASC' } } }))).data;
export const createRule = (rule: RuleWrite) => answer(statement.POST('/rules', { body: rule }));
export const changeRule = (id: string, change: JsonBody<StatementPaths, '/api/v1/rules/{rule_id}', 'put'>) =>
  answer(statement.PUT('/rules/{rule_id}', { params: { path: { rule_id: id } }, body: change }));
export const deleteRule = (id: string) => answer(statement.DELETE('/rules/{rule_id}', { params: { path: { rule_id: id } } }));

/** The first rows a rule would change, how many in all, and how many of them were set by hand (a run leaves those alone). */
export async function previewRule(id: string) {
  const page = (query: { limit: number; protected?: boolean }) =>
    answer(statement.GET('/rules/{rule_id}/preview', { params: { path: { rule_id: id }, query } }));
  const [preview, byHand] = await Promise.all([page({ limit: 20 }), page({ limit: 1, protected: true })]);
  return { rows: preview.data, total: preview.page_context.total, protectedTotal: byHand.page_context.total };
}
/** Applies a rule to the rows already stored (hand-set rows too with overrideManual): how many it matched, changed and left alone. */
export const runRule = async (id: string, overrideManual = false) =>
  (await answer(statement.POST('/rules/{rule_id}/run', { params: { path: { rule_id: id } }, body: { override_manual: overrideManual } }))).data;
