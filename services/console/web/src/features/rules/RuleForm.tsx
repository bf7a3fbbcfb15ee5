import { useState, type FormEvent } from 'react';
import { ErrorNote, TRANSACTION_TYPES, useAction } from '../../shared/ui';
import { changeRule, createRule, type Rule, type RuleWrite } from './calls';

/** The fields a condition can test, with their kind (how the value is typed) and operators. */
const FIELDS: Record<string, { kind: 'string' | 'number' | 'date'; operators: string[] }> = {
  particulars: {
    kind: 'string',
    operators: ['contains', 'not_contains', 'starts_with', 'ends_with', 'equals', 'not_equals', 'regex', 'is_null', 'is_not_null'],
  },
  category: { kind: 'string', operators: ['equals', 'not_equals', 'contains', 'is_null', 'is_not_null'] },
  entity: { kind: 'string', operators: ['equals', 'not_equals', 'contains', 'is_null', 'is_not_null'] },
  type: { kind: 'string', operators: ['equals', 'not_equals'] },
  inflow: { kind: 'number', operators: ['greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal', 'equals', 'not_equals'] },
  outflow: { kind: 'number', operators: ['greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal', 'equals', 'not_equals'] },
  date: { kind: 'date', operators: ['within_last_days', 'older_than_days', 'equals', 'greater_than', 'less_than'] },
};
const NO_VALUE = new Set(['is_null', 'is_not_null']);

type ConditionDraft = { field: string; operator: string; value: string };

/** A stored condition as the form shows it: amounts back in units (stored in milli-units), days and dates as typed. */
function draftOf(c: Rule['conditions'][number]): ConditionDraft {
  const kind = FIELDS[c.field]?.kind;
  if (c.value === undefined || c.value === null) return { field: c.field, operator: c.operator, value: '' };
  return { field: c.field, operator: c.operator, value: kind === 'number' ? String(Number(c.value) / 1000) : String(c.value) };
}

/** Creates a rule, or edits one (`rule` given): name, priority, conditions and actions. */
export function RuleForm({ rule, onDone, onCancel }: { rule?: Rule; onDone: () => void; onCancel?: () => void }) {
  const action = (field: string) => rule?.actions.find((a) => a.field === field)?.value ?? '';
  const prefix = rule ? `edit-${rule.id}-` : '';
  const [name, setName] = useState(rule?.name ?? '');
  const [priority, setPriority] = useState(String(rule?.priority ?? 0));
  const [conditions, setConditions] = useState<ConditionDraft[]>(
    rule ? rule.conditions.map(draftOf) : [{ field: 'particulars', operator: 'contains', value: '' }],
  );
  const [category, setCategory] = useState(action('category'));
  const [entity, setEntity] = useState(action('entity'));
  const [type, setType] = useState(action('type'));
  const { busy, error, run } = useAction();
  const update = (i: number, patch: Partial<{ field: string; operator: string; value: string }>) =>
    setConditions((cs) =>
      cs.map((c, j) => {
        if (j !== i) return c;
        const next = { ...c, ...patch };
        if (patch.field && !FIELDS[patch.field]!.operators.includes(next.operator)) next.operator = FIELDS[patch.field]!.operators[0]!;
        return next;
      }),
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const actions: RuleWrite['actions'] = [];
      if (category) actions.push({ field: 'category', value: category });
      if (entity) actions.push({ field: 'entity', value: entity });
      if (type) actions.push({ field: 'type', value: type });
      const written: RuleWrite = {
        name,
        priority: Number(priority),
        conditions: conditions.map((c) => {
          const kind = FIELDS[c.field]!.kind;
          if (NO_VALUE.has(c.operator)) return { field: c.field, operator: c.operator };
          const value = kind === 'number' ? Math.round(Number(c.value) * 1000) : c.operator.endsWith('_days') ? Number(c.value) : c.value;
          return { field: c.field, operator: c.operator, value };
        }),
        actions,
      };
      await (rule ? changeRule(rule.id, written) : createRule(written));
      if (!rule) {
        setName('');
        setConditions([{ field: 'particulars', operator: 'contains', value: '' }]);
        setCategory('');
        setEntity('');
        setType('');
      }
      onDone();
    });
  };
  const title = rule ? `Edit rule ${rule.name}` : 'New rule';
  return (
    <form className="card" onSubmit={submit} aria-label={title}>
      {rule ? <h3>Edit rule</h3> : <h2>New rule</h2>}
      <div className="row">
        <div className="grow">
          <label htmlFor={`${prefix}rule-name`}>Name</label>
          <input id={`${prefix}rule-name`} required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${prefix}rule-priority`}>Priority</label>
          <input id={`${prefix}rule-priority`} type="number" value={priority} onChange={(e) => setPriority(e.target.value)} />
        </div>
      </div>
      <fieldset>
        <legend>When every condition holds (amounts in units, e.g. 250.50)</legend>
        {conditions.map((c, i) => (
          <div className="row" key={i}>
            <label className="visually-hidden" htmlFor={`${prefix}cf-${i}`}>
              Condition {i + 1} field
            </label>
            <select id={`${prefix}cf-${i}`} value={c.field} onChange={(e) => update(i, { field: e.target.value })}>
              {Object.keys(FIELDS).map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${prefix}co-${i}`}>
              Condition {i + 1} operator
            </label>
            <select id={`${prefix}co-${i}`} value={c.operator} onChange={(e) => update(i, { operator: e.target.value })}>
              {FIELDS[c.field]!.operators.map((o) => (
                <option key={o} value={o}>
                  {o.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            {!NO_VALUE.has(c.operator) && (
              <>
                <label className="visually-hidden" htmlFor={`${prefix}cv-${i}`}>
                  Condition {i + 1} value
                </label>
                <input
                  id={`${prefix}cv-${i}`}
                  required
                  value={c.value}
                  type={FIELDS[c.field]!.kind === 'date' && !c.operator.endsWith('_days') ? 'date' : 'text'}
                  onChange={(e) => update(i, { value: e.target.value })}
                />
              </>
            )}
            {conditions.length > 1 && (
              <button
                type="button"
                className="secondary"
                onClick={() => setConditions((cs) => cs.filter((_, j) => j !== i))}
                aria-label={`Remove condition ${i + 1}`}
              >
                Remove
              </button>
            )}
          </div>
        ))}
        <button type="button" className="secondary" onClick={() => setConditions((cs) => [...cs, { field: 'particulars', operator: 'contains', value: '' }])}>
          Add condition
        </button>
      </fieldset>
      <fieldset>
        <legend>Then set (leave blank to keep)</legend>
        <div className="row">
          <div>
            <label htmlFor={`${prefix}rule-category`}>Category</label>
            <input id={`${prefix}rule-category`} list="rule-category-options" value={category} onChange={(e) => setCategory(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${prefix}rule-entity`}>Entity</label>
            <input id={`${prefix}rule-entity`} value={entity} onChange={(e) => setEntity(e.target.value)} />
          </div>
          <div>
            <label htmlFor={`${prefix}rule-type`}>Type</label>
            <select id={`${prefix}rule-type`} value={type} onChange={(e) => setType(e.target.value)}>
              <option value="">Keep</option>
              {TRANSACTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
      </fieldset>
      <ErrorNote error={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          {rule ? 'Save rule' : 'Create rule'}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
