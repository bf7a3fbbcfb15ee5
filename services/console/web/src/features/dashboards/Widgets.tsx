import { useCanWrite } from '../../shared/role';
import { useState, type FormEvent } from 'react';
import { Empty, ErrorNote, Loading, useAction, useLoad } from '../../shared/ui';
import { createWidget, loadWidgets, orderWidgets } from './calls';
import { REFRESH_MS, WidgetCard } from './WidgetCard';

/** The widgets of a dashboard (in its order, which can be changed), or of the whole organization. */
export function Widgets({ dashboardId, snapshotUrl, onChanged }: { dashboardId?: string; snapshotUrl: string; onChanged: () => void }) {
  const widgets = useLoad(() => loadWidgets(dashboardId), [dashboardId], REFRESH_MS);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const move = useAction();
  const moveBy = (index: number, by: -1 | 1) =>
    void move.run(async () => {
      const ids = (widgets.data ?? []).map((w) => w.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + by, 0, moved!);
      try {
        await orderWidgets(dashboardId!, ids);
      } finally {
        await widgets.reload();
      }
    });
  const canWrite = useCanWrite();
  const add = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await createWidget({ name, description: description || null, dashboard_id: dashboardId ?? null });
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
        <Empty>{canWrite ? 'No widgets here yet. Add one below, then push snapshots to it with an API key.' : 'No widgets here yet.'}</Empty>
      ) : (
        <div className="widgets">
          {widgets.data?.map((w, i, all) => (
            <WidgetCard
              key={w.id}
              widget={w}
              snapshotUrl={snapshotUrl}
              move={
                dashboardId && canWrite
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
      {dashboardId && canWrite && (
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
