import { useState } from 'react';
import { useCanWrite } from '../../shared/role';
import { Confirm, Empty, ErrorNote, milli, useAction } from '../../shared/ui';
import { changeRule, deleteRule, previewRule, runRule, type Rule } from './calls';
import { RuleForm } from './RuleForm';

function describe(c: Rule['conditions'][number]): string {
  const value = c.value === undefined ? '' : ` ${typeof c.value === 'string' ? `"${c.value}"` : String(c.value)}`;
  return `${c.field} ${c.operator.replaceAll('_', ' ')}${value}`;
}

const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
/** The rows a run would change: every match, or those not set by hand. */
const changing = (c: { total: number; byHand: number }, override: boolean) => (override ? c.total : c.total - c.byHand);

export function RuleItem({
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
  const [preview, setPreview] = useState<Awaited<ReturnType<typeof previewRule>> | undefined>(undefined);
  const [result, setResult] = useState<string | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  /** Run asks first, with the number of rows the preview says it would change and how many of them are hand-set. */
  const [confirmRun, setConfirmRun] = useState<{ total: number; byHand: number } | undefined>(undefined);
  /** Whether the run also changes the rows a person set by hand (override_manual). */
  const [override, setOverride] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { busy, error, run } = useAction();
  const loadPreview = async () => {
    const next = await previewRule(rule.id);
    setPreview(next);
    return next;
  };
  const canWrite = useCanWrite();
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
        {canWrite && (
          <span className="icon-buttons">
            <button type="button" className="secondary" disabled={first || moving} onClick={() => onMove(-1)} aria-label={`Move ${rule.name} up`}>
              ↑
            </button>
            <button type="button" className="secondary" disabled={last || moving} onClick={() => onMove(1)} aria-label={`Move ${rule.name} down`}>
              ↓
            </button>
          </span>
        )}
      </div>
      <p>
        When {rule.conditions.map(describe).join(' and ')}, set {rule.actions.map((a) => `${a.field} to ${a.value ?? '(blank)'}`).join(', ')}.
      </p>
      <div className="row">
        <button type="button" className="secondary" disabled={busy} onClick={() => void run(loadPreview)}>
          Preview
        </button>
        {canWrite && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  setResult(undefined);
                  setOverride(false);
                  const next = await loadPreview();
                  setConfirmRun({ total: next.total, byHand: next.protectedTotal });
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
                  await changeRule(rule.id, { enabled: !rule.enabled });
                  onChanged();
                })
              }
            >
              {rule.enabled ? 'Disable' : 'Enable'}
            </button>
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </button>
          </>
        )}
      </div>
      {confirmRun !== undefined &&
        (confirmRun.total === 0 ? (
          <p role="status">
            Nothing to run: this rule would change no rows.{' '}
            <button type="button" className="link" onClick={() => setConfirmRun(undefined)}>
              Close
            </button>
          </p>
        ) : (
          <Confirm
            question={
              <>
                {`Running "${rule.name}" changes ${rows(changing(confirmRun, override))} (listed below). Run it?`}
                {confirmRun.byHand > 0 && (
                  <>
                    {` ${rows(confirmRun.byHand)} set by hand ${confirmRun.byHand === 1 ? 'is' : 'are'} left alone. `}
                    <label>
                      <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} /> Change the hand-set rows too
                    </label>
                  </>
                )}
              </>
            }
            confirmLabel={`Yes, change ${rows(changing(confirmRun, override))}`}
            busy={busy}
            onCancel={() => setConfirmRun(undefined)}
            onConfirm={() =>
              void run(async () => {
                const ran = await runRule(rule.id, override);
                setResult(
                  `Matched ${ran.matched_count} rows, changed ${ran.updated_count}.` +
                    (ran.protected_count > 0 ? ` ${rows(ran.protected_count)} set by hand left alone.` : ''),
                );
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
              await deleteRule(rule.id);
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
              {preview.protectedTotal > 0 ? `; ${preview.protectedTotal} of them set by hand, left alone unless you choose otherwise` : ''}
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
                  <td>
                    {r.category ?? '—'}
                    {r.protected && (
                      <>
                        {' '}
                        <span className="badge" title="Set by hand: a run leaves this row alone unless it changes hand-set rows too">
                          by hand
                        </span>
                      </>
                    )}
                  </td>
                  <td>{r.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </li>
  );
}
