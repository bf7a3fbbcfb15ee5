import { useCanWrite } from '../../shared/role';
import { CategoryOptions, Empty, ErrorNote, Loading, useAction, useLoad } from '../../shared/ui';
import { changeRule, loadRules } from './calls';
import { RuleForm } from './RuleForm';
import { RuleItem } from './RuleItem';

export function RulesPage() {
  const rules = useLoad(loadRules, []);
  const reorder = useAction();
  const canWrite = useCanWrite();
  /** Moves a rule one place up or down: the rules are renumbered 10, 20, 30... in the new order (only changed ones are sent). */
  const move = (index: number, by: -1 | 1) =>
    void reorder.run(async () => {
      const list = [...(rules.data ?? [])];
      const [moved] = list.splice(index, 1);
      list.splice(index + by, 0, moved!);
      for (const [i, rule] of list.entries()) {
        const priority = (i + 1) * 10;
        if (rule.priority !== priority) await changeRule(rule.id, { priority });
      }
      await rules.reload();
    });
  return (
    <section aria-labelledby="rules-title">
      <h1 id="rules-title">Rules</h1>
      <p className="muted">
        Rules categorise statement rows: every new statement runs the enabled rules in priority order (first match wins). Preview shows what a rule would
        change; Run applies it to the rows already stored.
      </p>
      <CategoryOptions id="rule-category-options" />
      {canWrite && <RuleForm onDone={() => void rules.reload()} />}
      <ErrorNote error={rules.error} />
      {rules.loading && !rules.data ? (
        <Loading />
      ) : rules.data?.length === 0 ? (
        <Empty>No rules yet.</Empty>
      ) : (
        <>
          <ErrorNote error={reorder.error} />
          <ol className="rules" aria-label="Rules in the order they apply">
            {rules.data?.map((r, i) => (
              <RuleItem
                key={r.id}
                rule={r}
                first={i === 0}
                last={i === rules.data!.length - 1}
                moving={reorder.busy}
                onMove={(by) => move(i, by)}
                onChanged={() => void rules.reload()}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
