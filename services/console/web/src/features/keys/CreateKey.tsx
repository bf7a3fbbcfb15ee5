import { useState, type FormEvent } from 'react';
import type { ConsoleSchemas } from '@finance/client';
import { ErrorNote, useAction } from '../../shared/ui';
import { createKey, type CreatedKey, type NewKey } from './calls';

const PRESET_TEXT: Record<NewKey['preset'], string> = {
  push_only: 'Push only: push snapshots, read widgets',
  read_only: 'Read only: widgets, snapshots, dashboards',
  full_access: 'Full access: every model, every action',
  custom: 'Custom: choose permissions below',
};

export function CreateKey({ meta, onCreated }: { meta: ConsoleSchemas['Meta']; onCreated: (k: CreatedKey) => void }) {
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<NewKey['preset']>('push_only');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [expires, setExpires] = useState('');
  const { busy, error, run } = useAction();
  const toggle = (permission: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(permission)) next.delete(permission);
      else next.add(permission);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const key: NewKey = { preset };
      if (name.trim()) key.name = name;
      if (preset === 'custom') key.scopes = [...chosen];
      if (expires) key.expires_at = new Date(expires).toISOString();
      const created = await createKey(key);
      setChosen(new Set());
      setExpires('');
      setName('');
      onCreated(created);
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <label htmlFor="key-name">Name (optional)</label>
      <input id="key-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="What the key is for, e.g. payroll export" />
      <fieldset>
        <legend>Permissions</legend>
        {[...(Object.keys(meta.presets) as NewKey['preset'][]), 'custom' as const].map((p) => (
          <label key={p} className="inline">
            <input type="radio" name="preset" value={p} checked={preset === p} onChange={() => setPreset(p)} /> {PRESET_TEXT[p] ?? p}
          </label>
        ))}
      </fieldset>
      {preset === 'custom' && (
        <table className="grid" aria-label="Custom permissions: model by action">
          <thead>
            <tr>
              <th scope="col">Model</th>
              {meta.actions.map((a) => (
                <th scope="col" key={a}>
                  {a}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {meta.models.map((m) => (
              <tr key={m}>
                <th scope="row">{m}</th>
                {meta.actions.map((a) => (
                  <td key={a}>
                    <input type="checkbox" aria-label={`${m}:${a}`} checked={chosen.has(`${m}:${a}`)} onChange={() => toggle(`${m}:${a}`)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <label htmlFor="key-expires">Expires (optional)</label>
      <div>
        <input id="key-expires" type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} aria-describedby="key-expires-hint" />{' '}
        <span id="key-expires-hint" className="muted small">
          Leave empty for a key that never expires.
        </span>
      </div>
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        Create key
      </button>
    </form>
  );
}
