import { useState, type FormEvent } from 'react';
import { loadMeta } from '../../shared/calls';
import { useCanWrite } from '../../shared/role';
import { ErrorNote, Loading, useAction, useLoad } from '../../shared/ui';
import { createDashboard, loadDashboards, type Dashboard } from './calls';
import { DashboardHeader } from './DashboardHeader';
import { Widgets } from './Widgets';

const ALL = 'all';

export function DashboardsPage() {
  const dashboards = useLoad(loadDashboards, []);
  const meta = useLoad(loadMeta, []);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const current = selected ?? dashboards.data?.[0]?.id ?? ALL;
  const dashboard = dashboards.data?.find((d) => d.id === current);
  const canWrite = useCanWrite();

  return (
    <section aria-labelledby="dash-title">
      <h1 id="dash-title">Dashboards</h1>
      <ErrorNote error={dashboards.error} />
      <div className="split">
        <section className="dashboards-list" aria-label="Dashboards list">
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
          {canWrite && (
            <NewDashboard
              onCreated={(d) => {
                setSelected(d.id);
                void dashboards.reload();
              }}
            />
          )}
        </section>
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
      const created = await createDashboard(name);
      setName('');
      onCreated(created);
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
