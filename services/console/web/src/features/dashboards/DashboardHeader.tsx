import { useState, type FormEvent } from 'react';
import { useCanWrite } from '../../shared/role';
import { Confirm, ErrorNote, useAction } from '../../shared/ui';
import { deleteDashboard, editDashboard, type Dashboard } from './calls';

/** A dashboard's name and description, editable, and its deletion (its widgets stay, under All widgets). */
export function DashboardHeader({ dashboard, onSaved, onDeleted }: { dashboard: Dashboard; onSaved: () => void; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [name, setName] = useState(dashboard.name);
  const [description, setDescription] = useState(dashboard.description ?? '');
  const { busy, error, run } = useAction();
  const canWrite = useCanWrite();
  if (!editing) {
    return (
      <div className="dashboard-header">
        <div className="row header">
          <h2>{dashboard.name}</h2>
          {dashboard.description && <span className="muted">{dashboard.description}</span>}
          {canWrite && (
            <>
              <button type="button" className="secondary" onClick={() => setEditing(true)}>
                Edit dashboard
              </button>
              <button type="button" className="secondary" onClick={() => setDeleting(true)}>
                Delete dashboard
              </button>
            </>
          )}
        </div>
        {deleting && (
          <Confirm
            question={`Delete the dashboard "${dashboard.name}"? Its ${dashboard.widget_count} widget${dashboard.widget_count === 1 ? '' : 's'} and their history stay, under All widgets.`}
            confirmLabel="Yes, delete the dashboard"
            busy={busy}
            onCancel={() => setDeleting(false)}
            onConfirm={() =>
              void run(async () => {
                await deleteDashboard(dashboard.id);
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
      await editDashboard(dashboard.id, { name, description: description || null });
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
