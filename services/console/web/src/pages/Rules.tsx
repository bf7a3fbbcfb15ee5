import { useState, type FormEvent } from 'react';
import { api, svc, type ListReply } from '../api';
import { Empty, ErrorNote, Loading, milli, useAction, useLoad } from '../ui';
import { TRANSACTION_TYPES } from './Transactions';

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
  const rules = useLoad(() => api<ListReply<Rule>>('GET', svc('statement', '/rules?limit=500')).then((r) => r.data), []);
  return (
    <section aria-labelledby="rules-title">
      <h1 id="rules-title">Rules</h1>
      <p className="muted">
        Rules categorise statement rows: every new statement runs the enabled rules in priority order (first match wins). Preview shows what a rule would
        change; Run applies it to the rows already stored.
      </p>
      <NewRule onCreated={() => void rules.reload()} />
      <ErrorNote error={rules.error} />
      {rules.loading && !rules.data ? (
        <Loading />
      ) : rules.data?.length === 0 ? (
        <Empty>No rules yet.</Empty>
      ) : (
        <ul className="rules">
          {rules.data?.map((r) => (
            <RuleItem key={r.id} rule={r} onChanged={() => void rules.reload()} />
          ))}
        </ul>
      )}
    </section>
  );
}

function NewRule({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [priority, setPriority] = useState('0');
  const [conditions, setConditions] = useState<{ field: string; operator: string; value: string }[]>([
    { field: 'particulars', operator: 'contains', value: '' },
  ]);
  const [category, setCategory] = useState('');
  const [entity, setEntity] = useState('');
  const [type, setType] = useState('');
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
      await api('POST', svc('statement', '/rules'), {
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
      setName('');
      setConditions([{ field: 'particulars', operator: 'contains', value: '' }]);
      setCategory('');
      setEntity('');
      setType('');
      onCreated();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="new-rule-title">
      <h2 id="new-rule-title">New rule</h2>
      <div className="row">
        <div className="grow">
          <label htmlFor="rule-name">Name</label>
          <input id="rule-name" required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor="rule-priority">Priority</label>
          <input id="rule-priority" type="number" value={priority} onChange={(e) => setPriority(e.target.value)} />
        </div>
      </div>
      <fieldset>
        <legend>When every condition holds (amounts in units, e.g. 250.50)</legend>
        {conditions.map((c, i) => (
          <div className="row" key={i}>
            <label className="visually-hidden" htmlFor={`cf-${i}`}>
              Condition {i + 1} field
            </label>
            <select id={`cf-${i}`} value={c.field} onChange={(e) => update(i, { field: e.target.value })}>
              {Object.keys(FIELDS).map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`co-${i}`}>
              Condition {i + 1} operator
            </label>
            <select id={`co-${i}`} value={c.operator} onChange={(e) => update(i, { operator: e.target.value })}>
              {FIELDS[c.field]!.operators.map((o) => (
                <option key={o} value={o}>
                  {o.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            {!NO_VALUE.has(c.operator) && (
              <>
                <label className="visually-hidden" htmlFor={`cv-${i}`}>
                  Condition {i + 1} value
                </label>
                <input
                  id={`cv-${i}`}
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
            <label htmlFor="rule-category">Category</label>
            <input id="rule-category" value={category} onChange={(e) => setCategory(e.target.value)} />
          </div>
          <div>
            <label htmlFor="rule-entity">Entity</label>
            <input id="rule-entity" value={entity} onChange={(e) => setEntity(e.target.value)} />
          </div>
          <div>
            <label htmlFor="rule-type">Type</label>
            <select id="rule-type" value={type} onChange={(e) => setType(e.target.value)}>
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
      <button type="submit" disabled={busy}>
        Create rule
      </button>
    </form>
  );
}

function RuleItem({ rule, onChanged }: { rule: Rule; onChanged: () => void }) {
  const [preview, setPreview] = useState<{ rows: PreviewRow[]; total: number } | undefined>(undefined);
  const [result, setResult] = useState<string | undefined>(undefined);
  const { busy, error, run } = useAction();
  return (
    <li className="card" aria-label={`Rule ${rule.name}`}>
      <div className="row header">
        <strong>{rule.name}</strong>
        <span className="muted">priority {rule.priority}</span>
        {!rule.enabled && <span className="badge revoked">disabled</span>}
      </div>
      <p>
        When {rule.conditions.map(describe).join(' and ')}, set {rule.actions.map((a) => `${a.field} to ${a.value ?? '(blank)'}`).join(', ')}.
      </p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const res = await api<ListReply<PreviewRow>>('GET', svc('statement', `/rules/${rule.id}/preview?limit=20`));
              setPreview({ rows: res.data, total: res.page_context?.total ?? res.data.length });
            })
          }
        >
          Preview
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const res = await api<{ data: { matched_count: number; updated_count: number } }>('POST', svc('statement', `/rules/${rule.id}/run`), {});
              setResult(`Matched ${res.data.matched_count} rows, changed ${res.data.updated_count}.`);
              setPreview(undefined);
            })
          }
        >
          Run
        </button>
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() =>
            window.confirm(`Delete the rule "${rule.name}"?`) &&
            void run(async () => {
              await api('DELETE', svc('statement', `/rules/${rule.id}`));
              onChanged();
            })
          }
        >
          Delete
        </button>
      </div>
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
