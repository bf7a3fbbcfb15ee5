import { useState, type FormEvent } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, qs, svc, type ListReply } from '../api';
import { Confirm, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../ui';

interface Dashboard {
  id: string;
  name: string;
  description: string | null;
  widget_count: number;
}
interface Widget {
  id: string;
  name: string;
  type: string;
  description: string | null;
  dashboard_id: string | null;
  tags: string[];
  latest_snapshot: { id: string; data: { value: number; label?: string; unit?: string }; created_at: string } | null;
}
interface Snapshot {
  id: string;
  data: { value: number; label?: string; unit?: string };
  created_at: string;
}

const ALL = 'all';
const RANGES = [
  { id: '1h', label: 'Last hour', ms: 3_600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
  { id: 'all', label: 'Latest 500', ms: 0 },
];
const REFRESH_MS = 5_000;

/** Axis labels at the precision the plotted span needs: seconds within an hour, dates beyond two days. */
function tick(t: number, points: { t: number }[]): string {
  const span = points.length > 1 ? points[points.length - 1]!.t - points[0]!.t : 0;
  const date = new Date(t);
  if (span > 2 * 86_400_000) return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  if (span > 3_600_000) return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export function DashboardsPage() {
  const dashboards = useLoad(() => api<ListReply<Dashboard>>('GET', svc('snapshot', '/dashboards?limit=500&sort_order=ASC')).then((r) => r.data), []);
  const meta = useLoad(() => api<{ data: { snapshot_url: string } }>('GET', '/api/meta').then((r) => r.data), []);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const current = selected ?? dashboards.data?.[0]?.id ?? ALL;
  const dashboard = dashboards.data?.find((d) => d.id === current);

  return (
    <section aria-labelledby="dash-title">
      <h1 id="dash-title">Dashboards</h1>
      <ErrorNote error={dashboards.error} />
      <div className="split">
        <aside aria-label="Dashboards list">
          {dashboards.loading && !dashboards.data ? (
            <Loading />
          ) : (
            <ul className="picker">
              {dashboards.data?.map((d) => (
                <li key={d.id}>
                  <button type="button" aria-pressed={d.id === current} onClick={() => setSelected(d.id)}>
                    {d.name} <span className="muted">({d.widget_count})</span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" aria-pressed={current === ALL} onClick={() => setSelected(ALL)}>
                  All widgets
                </button>
              </li>
            </ul>
          )}
          <NewDashboard
            onCreated={(d) => {
              setSelected(d.id);
              void dashboards.reload();
            }}
          />
        </aside>
        <div className="grow">
          {dashboard && (
            // Keys of their own: with the same key as <Widgets> below (both the dashboard's id), React took the two
            // for one child and left the previous dashboard's header (and its dead Edit button) behind on a switch.
            <DashboardHeader
              key={`header-${dashboard.id}`}
              dashboard={dashboard}
              onSaved={() => void dashboards.reload()}
              onDeleted={() => {
                setSelected(ALL);
                void dashboards.reload();
              }}
            />
          )}
          {current === ALL && <p className="muted">Every widget of the organization, whichever dashboard it is on.</p>}
          <Widgets
            key={`widgets-${current}`}
            dashboardId={current === ALL ? undefined : current}
            snapshotUrl={meta.data?.snapshot_url ?? ''}
            onChanged={() => void dashboards.reload()}
          />
        </div>
      </div>
    </section>
  );
}

function NewDashboard({ onCreated }: { onCreated: (d: Dashboard) => void }) {
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api<{ data: Dashboard }>('POST', svc('snapshot', '/dashboards'), { name });
      setName('');
      onCreated(res.data);
    });
  };
  return (
    <form onSubmit={submit} className="stack">
      <label htmlFor="new-dashboard">New dashboard</label>
      <input id="new-dashboard" required value={name} onChange={(e) => setName(e.target.value)} placeholder="Name" />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        Create dashboard
      </button>
    </form>
  );
}

function DashboardHeader({ dashboard, onSaved, onDeleted }: { dashboard: Dashboard; onSaved: () => void; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(dashboard.name);
  const [description, setDescription] = useState(dashboard.description ?? '');
  const { busy, error, run } = useAction();
  if (!editing) {
    return (
      <div className="dashboard-header">
        <div className="row header">
          <h2>{dashboard.name}</h2>
          {dashboard.description && <span className="muted">{dashboard.description}</span>}
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit dashboard
          </button>
          <button type="button" className="secondary" onClick={() => setDeleting(true)}>
            Delete dashboard
          </button>
        </div>
        {deleting && (
          <Confirm
            question={`Delete the dashboard "${dashboard.name}"? Its ${dashboard.widget_count} widget${dashboard.widget_count === 1 ? '' : 's'} and their history stay, under All widgets.`}
            confirmLabel="Yes, delete the dashboard"
            busy={busy}
            onCancel={() => setDeleting(false)}
            onConfirm={() =>
              void run(async () => {
                await api('DELETE', svc('snapshot', `/dashboards/${dashboard.id}`));
                onDeleted();
              })
            }
          />
        )}
        <ErrorNote error={error} />
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('PATCH', svc('snapshot', `/dashboards/${dashboard.id}`), { name, description: description || null });
      setEditing(false);
      onSaved();
    });
  };
  return (
    <form className="card" onSubmit={submit}>
      <label htmlFor="dash-name">Dashboard name</label>
      <input id="dash-name" required value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="dash-desc">Description</label>
      <input id="dash-desc" value={description} onChange={(e) => setDescription(e.target.value)} />
      <ErrorNote error={error} />
      <div className="row">
        <button type="submit" disabled={busy}>
          Save
        </button>
        <button type="button" className="secondary" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Widgets({ dashboardId, snapshotUrl, onChanged }: { dashboardId?: string; snapshotUrl: string; onChanged: () => void }) {
  // A dashboard shows its widgets in their places; All widgets, oldest first.
  const widgets = useLoad(
    () =>
      api<ListReply<Widget>>(
        'GET',
        svc('snapshot', `/widgets${qs({ dashboard_id: dashboardId, limit: 500, sort_by: dashboardId ? 'position' : 'created_at', sort_order: 'ASC' })}`),
      ).then((r) => r.data),
    [dashboardId],
    REFRESH_MS,
  );
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const move = useAction();
  // The whole order is sent: the service refuses it if the dashboard changed since this list was read, and the
  // reload that follows either way shows what is stored.
  const moveBy = (index: number, by: -1 | 1) =>
    void move.run(async () => {
      const ids = (widgets.data ?? []).map((w) => w.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + by, 0, moved!);
      try {
        await api('POST', svc('snapshot', `/dashboards/${dashboardId}/widgets/order`), { widgets: ids });
      } finally {
        await widgets.reload();
      }
    });
  const add = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('POST', svc('snapshot', '/widgets'), { name, description: description || null, dashboard_id: dashboardId ?? null });
      setName('');
      setDescription('');
      await widgets.reload();
      onChanged();
    });
  };
  return (
    <>
      <ErrorNote error={widgets.error} />
      <ErrorNote error={move.error} />
      {widgets.loading && !widgets.data ? (
        <Loading />
      ) : widgets.data?.length === 0 ? (
        <Empty>No widgets here yet. Add one below, then push snapshots to it with an API key.</Empty>
      ) : (
        <div className="widgets">
          {widgets.data?.map((w, i, all) => (
            <WidgetCard
              key={w.id}
              widget={w}
              snapshotUrl={snapshotUrl}
              move={
                dashboardId
                  ? { busy: move.busy, up: i > 0 ? () => moveBy(i, -1) : undefined, down: i < all.length - 1 ? () => moveBy(i, 1) : undefined }
                  : undefined
              }
              onSaved={() => void widgets.reload()}
              onDeleted={() => {
                void widgets.reload();
                onChanged();
              }}
            />
          ))}
        </div>
      )}
      {dashboardId && (
        <form className="card" onSubmit={add} aria-labelledby="add-widget-title">
          <h3 id="add-widget-title">Add a widget</h3>
          <label htmlFor="widget-name">Widget name</label>
          <input id="widget-name" required value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="widget-note">Description (optional)</label>
          <input id="widget-note" value={description} onChange={(e) => setDescription(e.target.value)} />
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            Add widget
          </button>
        </form>
      )}
    </>
  );
}

interface MoveControls {
  busy: boolean;
  /** Absent for the first widget (up) and the last (down). */
  up?: () => void;
  down?: () => void;
}

function WidgetCard({
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
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(widget.name);
  const edit = useAction();
  const spec = RANGES.find((r) => r.id === range)!;
  const history = useLoad(
    () =>
      api<ListReply<Snapshot>>(
        'GET',
        svc(
          'snapshot',
          `/widgets/${widget.id}/snapshots${qs({ limit: 500, sort_order: 'DESC', created_at_from: spec.ms ? new Date(Date.now() - spec.ms).toISOString() : undefined })}`,
        ),
      ).then((r) => r.data.slice().reverse()),
    [widget.id, range],
    REFRESH_MS,
  );
  const latest = widget.latest_snapshot;
  const points = (history.data ?? []).map((s) => ({ t: new Date(s.created_at).getTime(), value: s.data.value }));
  const snippet = `curl -s -X POST ${snapshotUrl}/api/v1/widgets/${widget.id}/snapshots \\
  -H "api-key: $KEY" -H "api-secret: $SECRET" -H 'content-type: application/json' \\
  -d '{"data":{"value":1234.5,"label":"${widget.name.replace(/['"\\]/g, '')}","unit":"INR"}}'`;
  const save = (e: FormEvent) => {
    e.preventDefault();
    void edit.run(async () => {
      await api('PATCH', svc('snapshot', `/widgets/${widget.id}`), { name });
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
            <button type="button" className="link" onClick={() => setEditing(true)} aria-label={`Rename ${widget.name}`}>
              Rename
            </button>
            <button type="button" className="link" onClick={() => setDeleting(true)} aria-label={`Delete ${widget.name}`}>
              Delete
            </button>
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
              await api('DELETE', svc('snapshot', `/widgets/${widget.id}`));
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
