import { useState, type FormEvent } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Confirm, Empty, ErrorNote, useAction, useLoad, when } from '../../shared/ui';
import { useCanWrite } from '../../shared/role';
import { deleteWidget, loadSnapshots, renameWidget, type Widget } from './calls';

const RANGES = [
  { id: '1h', label: 'Last hour', ms: 3_600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
  { id: 'all', label: 'Latest 500', ms: 0 },
];
/** How often a page of widgets reads their latest values and charts again. */
export const REFRESH_MS = 5_000;

/** Axis labels at the precision the plotted span needs: seconds within an hour, dates beyond two days. */
function tick(t: number, points: { t: number }[]): string {
  const span = points.length > 1 ? points[points.length - 1]!.t - points[0]!.t : 0;
  const date = new Date(t);
  if (span > 2 * 86_400_000) return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  if (span > 3_600_000) return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

interface MoveControls {
  busy: boolean;
  /** Absent for the first widget (up) and the last (down). */
  up?: () => void;
  down?: () => void;
}

export function WidgetCard({
  widget,
  snapshotUrl,
  move,
  onSaved,
  onDeleted,
}: {
  widget: Widget;
  snapshotUrl: string;
  /** Only on a dashboard: All widgets has no order of its own. */
  move?: MoveControls;
  onSaved: () => void;
  onDeleted: () => void;
}) {
  const [range, setRange] = useState('24h');
  const [deleting, setDeleting] = useState(false);
  const [showSnippet, setShowSnippet] = useState(false);
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(widget.name);
  const edit = useAction();
  const spec = RANGES.find((r) => r.id === range)!;
  const history = useLoad(() => loadSnapshots(widget.id, spec.ms ? new Date(Date.now() - spec.ms).toISOString() : undefined), [widget.id, range], REFRESH_MS);
  const latest = widget.latest_snapshot;
  const points = (history.data ?? []).map((s) => ({ t: new Date(s.created_at).getTime(), value: s.data.value }));
  const snippet = `curl -s -X POST ${snapshotUrl}/api/v1/widgets/${widget.id}/snapshots \\
  -H "api-key: $KEY" -H "api-secret: $SECRET" -H 'content-type: application/json' \\
  -d '{"data":{"value":1234.5,"label":"${widget.name.replace(/['"\\]/g, '')}","unit":"INR"}}'`;
  const save = (e: FormEvent) => {
    e.preventDefault();
    void edit.run(async () => {
      await renameWidget(widget.id, name);
      setEditing(false);
      onSaved();
    });
  };
  return (
    <article className="card widget" aria-label={`Widget ${widget.name}`}>
      <div className="row header">
        {editing ? (
          <form onSubmit={save} className="row">
            <label htmlFor={`wname-${widget.id}`} className="visually-hidden">
              Widget name
            </label>
            <input id={`wname-${widget.id}`} value={name} onChange={(e) => setName(e.target.value)} required />
            <button type="submit" disabled={edit.busy}>
              Save
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <>
            <h3>{widget.name}</h3>
            {canWrite && (
              <>
                <button type="button" className="link" onClick={() => setEditing(true)} aria-label={`Rename ${widget.name}`}>
                  Rename
                </button>
                <button type="button" className="link" onClick={() => setDeleting(true)} aria-label={`Delete ${widget.name}`}>
                  Delete
                </button>
              </>
            )}
            {/* The visible words are part of the names (axe's label-content-name-mismatch), which say which widget. */}
            {move && (
              <>
                <button type="button" className="link" onClick={move.up} disabled={!move.up || move.busy} aria-label={`Move ${widget.name} up`}>
                  Up
                </button>
                <button type="button" className="link" onClick={move.down} disabled={!move.down || move.busy} aria-label={`Move ${widget.name} down`}>
                  Down
                </button>
              </>
            )}
          </>
        )}
      </div>
      {deleting && (
        <Confirm
          question={`Delete the widget "${widget.name}" and all its snapshots?`}
          confirmLabel="Yes, delete the widget"
          busy={edit.busy}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            void edit.run(async () => {
              await deleteWidget(widget.id);
              onDeleted();
            })
          }
        />
      )}
      <ErrorNote error={edit.error} />
      {widget.description && <p className="muted small">{widget.description}</p>}
      <p className="latest" aria-label="Latest value">
        {latest ? (
          <>
            <strong>{latest.data.value.toLocaleString('en-IN')}</strong> {latest.data.unit ?? ''}{' '}
            <span className="muted">
              {latest.data.label ?? ''} · {when(latest.created_at)}
            </span>
          </>
        ) : (
          <span className="muted">No value pushed yet</span>
        )}
      </p>
      <label htmlFor={`range-${widget.id}`}>Range</label>{' '}
      <select id={`range-${widget.id}`} value={range} onChange={(e) => setRange(e.target.value)}>
        {RANGES.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </select>
      <ErrorNote error={history.error} />
      {points.length === 0 ? (
        <Empty>No snapshots in this range.</Empty>
      ) : (
        <div className="chart" role="img" aria-label={`${widget.name}: ${points.length} snapshots, latest ${points[points.length - 1]!.value}`}>
          <ResponsiveContainer width="100%" height={180}>
            <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e7ee" />
              <XAxis dataKey="t" type="number" domain={['dataMin', 'dataMax']} scale="time" tickFormatter={(t: number) => tick(t, points)} fontSize={11} />
              <YAxis fontSize={11} width={60} />
              <Tooltip labelFormatter={(t) => new Date(Number(t)).toLocaleString('en-GB')} />
              <Line type="monotone" dataKey="value" stroke="#2456d6" strokeWidth={2} dot={points.length < 40} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      )}
      <button type="button" className="link" aria-expanded={showSnippet} onClick={() => setShowSnippet((v) => !v)}>
        How to push
      </button>
      {showSnippet && (
        <pre className="snippet" aria-label="How to push a snapshot with curl" tabIndex={0} data-keep-tab="">
          {snippet}
        </pre>
      )}
    </article>
  );
}
