import { useState, type FormEvent } from 'react';
import { api, svc, type ListReply } from '../api';
import { CategoryOptions, Confirm, Empty, ErrorNote, Loading, milli, useAction, useLoad } from '../ui';
import { TRANSACTION_TYPES } from '../ui';

interface Condition {
  field: string;
  operator: string;
  value?: unknown;
}
interface Rule {
  id: string;
  name: string;
  priority: number;
  enabled: boolean;
  conditions: Condition[];
  actions: { field: string; value: string | null }[];
}
interface PreviewRow {
  id: string;
  date: string;
  particulars: string;
  inflow: number;
  outflow: number;
  category: string | null;
  entity: string | null;
  type: string;
  account_currency: string | null;
}

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

function describe(c: Condition): string {
  const value = c.value === undefined ? '' : ` ${typeof c.value === 'string' ? `"${c.value}"` : String(c.value)}`;
  return `${c.field} ${c.operator.replaceAll('_', ' ')}${value}`;
}

export function RulesPage() {
  const rules = useLoad(() => api<ListReply<Rule>>('GET', svc('statement', '/rules?limit=500&sort_by=priority&sort_order=ASC')).then((r) => r.data), []);
  const reorder = useAction();
  /** Moves a rule one place up or down: the rules are renumbered 10, 20, 30... in the new order (only changed ones are sent). */
  const move = (index: number, by: -1 | 1) =>
    void reorder.run(async () => {
      const list = [...(rules.data ?? [])];
      const [moved] = list.splice(index, 1);
      list.splice(index + by, 0, moved!);
      for (const [i, rule] of list.entries()) {
        const priority = (i + 1) * 10;
        if (rule.priority !== priority) await api('PUT', svc('statement', `/rules/${rule.id}`), { priority });
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
      <RuleForm onDone={() => void rules.reload()} />
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

type ConditionDraft = { field: string; operator: string; value: string };

/** A stored condition as the form shows it: amounts back in units (stored in milli-units), days and dates as typed. */
function draftOf(c: Condition): ConditionDraft {
  const kind = FIELDS[c.field]?.kind;
  if (c.value === undefined || c.value === null) return { field: c.field, operator: c.operator, value: '' };
  return { field: c.field, operator: c.operator, value: kind === 'number' ? String(Number(c.value) / 1000) : String(c.value) };
}

/** Creates a rule, or edits one (`rule` given): name, priority, conditions and actions. */
function RuleForm({ rule, onDone, onCancel }: { rule?: Rule; onDone: () => void; onCancel?: () => void }) {
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
      const actions = [
        category && { field: 'category', value: category },
        entity && { field: 'entity', value: entity },
        type && { field: 'type', value: type },
      ].filter(Boolean);
      await api(rule ? 'PUT' : 'POST', svc('statement', rule ? `/rules/${rule.id}` : '/rules'), {
        name,
        priority: Number(priority),
        conditions: conditions.map((c) => {
          const kind = FIELDS[c.field]!.kind;
          if (NO_VALUE.has(c.operator)) return { field: c.field, operator: c.operator };
          const value = kind === 'number' ? Math.round(Number(c.value) * 1000) : c.operator.endsWith('_days') ? Number(c.value) : c.value;
          return { field: c.field, operator: c.operator, value };
        }),
        actions,
      });
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

function RuleItem({
  rule,
  first,
  last,
  moving,
  onMove,
  onChanged,
}: {
  rule: Rule;
  first: boolean;
  last: boolean;
  moving: boolean;
  onMove: (by: -1 | 1) => void;
  onChanged: () => void;
}) {
  const [preview, setPreview] = useState<{ rows: PreviewRow[]; total: number } | undefined>(undefined);
  const [result, setResult] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  /** Run asks first, with the number of rows the preview says it would change. */
  const [confirmRun, setConfirmRun] = useState<number | undefined>(undefined);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { busy, error, run } = useAction();
  const loadPreview = async () => {
    const res = await api<ListReply<PreviewRow>>('GET', svc('statement', `/rules/${rule.id}/preview?limit=20`));
    const next = { rows: res.data, total: res.page_context?.total ?? res.data.length };
    setPreview(next);
    return next;
  };
  if (editing)
    return (
      <li aria-label={`Rule ${rule.name}`}>
        <RuleForm
          rule={rule}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      </li>
    );
  return (
    <li className="card" aria-label={`Rule ${rule.name}`}>
      <div className="row header">
        <strong>{rule.name}</strong>
        <span className="muted">priority {rule.priority}</span>
        {rule.enabled ? <span className="badge active">enabled</span> : <span className="badge revoked">disabled</span>}
        <span className="spacer" />
        <span className="icon-buttons">
          <button type="button" className="secondary" disabled={first || moving} onClick={() => onMove(-1)} aria-label={`Move ${rule.name} up`}>
            ↑
          </button>
          <button type="button" className="secondary" disabled={last || moving} onClick={() => onMove(1)} aria-label={`Move ${rule.name} down`}>
            ↓
          </button>
        </span>
      </div>
      <p>
        When {rule.conditions.map(describe).join(' and ')}, set {rule.actions.map((a) => `${a.field} to ${a.value ?? '(blank)'}`).join(', ')}.
      </p>
      <div className="row">
        <button type="button" className="secondary" disabled={busy} onClick={() => void run(loadPreview)}>
          Preview
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              setResult(undefined);
              setConfirmRun((await loadPreview()).total);
            })
          }
        >
          Run
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => setEditing(true)}>
          Edit
        </button>
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await api('PUT', svc('statement', `/rules/${rule.id}`), { enabled: !rule.enabled });
              onChanged();
            })
          }
        >
          {rule.enabled ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
          Delete
        </button>
      </div>
      {confirmRun !== undefined &&
        (confirmRun === 0 ? (
          <p role="status">
            Nothing to run: this rule would change no rows.{' '}
            <button type="button" className="link" onClick={() => setConfirmRun(undefined)}>
              Close
            </button>
          </p>
        ) : (
          <Confirm
            question={`Running "${rule.name}" changes ${confirmRun} row${confirmRun === 1 ? '' : 's'} (listed below). Run it?`}
            confirmLabel={`Yes, change ${confirmRun} row${confirmRun === 1 ? '' : 's'}`}
            busy={busy}
            onCancel={() => setConfirmRun(undefined)}
            onConfirm={() =>
              void run(async () => {
                const res = await api<{ data: { matched_count: number; updated_count: number } }>('POST', svc('statement', `/rules/${rule.id}/run`), {});
                setResult(`Matched ${res.data.matched_count} rows, changed ${res.data.updated_count}.`);
                setConfirmRun(undefined);
                setPreview(undefined);
              })
            }
          />
        ))}
      {confirmDelete && (
        <Confirm
          question={`Delete the rule "${rule.name}"? Rows it already changed keep their values.`}
          confirmLabel="Yes, delete the rule"
          busy={busy}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            void run(async () => {
              await api('DELETE', svc('statement', `/rules/${rule.id}`));
              onChanged();
            })
          }
        />
      )}
      <ErrorNote error={error} />
      {result && <p role="status">{result}</p>}
      {preview &&
        (preview.rows.length === 0 ? (
          <Empty>This rule would change no rows.</Empty>
        ) : (
          <table aria-label={`Preview of ${rule.name}`}>
            <caption>
              {preview.total} row{preview.total === 1 ? '' : 's'} would change
              {preview.total > preview.rows.length ? ` (first ${preview.rows.length} shown)` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Particulars</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Category now</th>
                <th scope="col">Type now</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.date}</td>
                  <td>{r.particulars}</td>
                  <td className="num">{r.inflow ? `+${milli(r.inflow, r.account_currency)}` : `-${milli(r.outflow, r.account_currency)}`}</td>
                  <td>{r.category ?? '—'}</td>
                  <td>{r.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </li>
  );
}
