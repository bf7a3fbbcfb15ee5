import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { CopyButton, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../ui';

interface KeyRow {
  key: string;
  name: string | null;
  preset: string;
  scopes: Record<string, string[]>;
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
  last_used_at: string | null;
}
interface Meta {
  models: string[];
  actions: string[];
  presets: Record<string, Record<string, string[]>>;
}
interface CreatedKey {
  key: string;
  secret: string;
  preset: string;
  expires_at: string | null;
}

const PRESET_TEXT: Record<string, string> = {
  push_only: 'Push only: push snapshots, read widgets',
  read_only: 'Read only: widgets, snapshots, dashboards',
  full_access: 'Full access: every model, every action',
  custom: 'Custom: choose permissions below',
};

function status(k: KeyRow): string {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && new Date(k.expires_at) < new Date()) return 'expired';
  return 'active';
}

function scopeSummary(k: KeyRow): string {
  if (k.preset === 'full_access') return 'everything';
  return Object.entries(k.scopes)
    .map(([model, actions]) => `${model}: ${actions.join(', ')}`)
    .join('; ');
}

export function KeysPage() {
  const keys = useLoad(() => api<{ data: KeyRow[] }>('GET', '/api/keys').then((r) => r.data), []);
  const meta = useLoad(() => api<{ data: Meta }>('GET', '/api/meta').then((r) => r.data), []);
  const [created, setCreated] = useState<CreatedKey | undefined>(undefined);
  const [confirming, setConfirming] = useState<string | undefined>(undefined);
  const revoke = useAction();

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <p className="muted">
        Keys let programs call the snapshot, ledger and statement APIs for this organization. A secret is shown once, when the key is made.
      </p>

      {created ? (
        <div className="card secret" role="region" aria-label="New key">
          <h2>Key created: copy the secret now</h2>
          <p>This is the only time the secret is shown. Store it somewhere safe; if it is lost, revoke the key and make another.</p>
          <label htmlFor="new-key">Key</label>
          <div className="row">
            <input id="new-key" readOnly value={created.key} />
            <CopyButton text={created.key} label="Copy key" />
          </div>
          <label htmlFor="new-secret">Secret</label>
          <div className="row">
            <input id="new-secret" readOnly value={created.secret} />
            <CopyButton text={created.secret} label="Copy secret" />
          </div>
          <button type="button" onClick={() => setCreated(undefined)}>
            I have stored the secret
          </button>
        </div>
      ) : (
        meta.data && (
          <CreateKey
            meta={meta.data}
            onCreated={(k) => {
              setCreated(k);
              void keys.reload();
            }}
          />
        )
      )}
      <ErrorNote error={meta.error} />

      <h2>Keys</h2>
      <ErrorNote error={keys.error ?? revoke.error} />
      {keys.loading && !keys.data ? (
        <Loading />
      ) : keys.data && keys.data.length === 0 ? (
        <Empty>No keys yet. Create one above to let a program push snapshots or read reports.</Empty>
      ) : (
        keys.data && (
          <table>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Name</th>
                <th scope="col">Preset</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((k) => (
                <tr key={k.key}>
                  <td>
                    <code>{k.key}</code>
                  </td>
                  <td>{k.name ?? <span className="muted">—</span>}</td>
                  <td>{k.preset}</td>
                  <td className="scopes">{scopeSummary(k)}</td>
                  <td>{when(k.created_at)}</td>
                  <td>{k.expires_at ? when(k.expires_at) : 'never'}</td>
                  <td className={k.last_used_at ? undefined : 'muted'}>{k.last_used_at ? when(k.last_used_at) : 'never'}</td>
                  <td>
                    <span className={`badge ${status(k)}`}>{status(k)}</span>
                  </td>
                  <td>
                    {status(k) === 'active' &&
                      (confirming === k.key ? (
                        <span className="confirm" role="group" aria-label={`Confirm revoking ${k.key}`}>
                          Revoke? Programs using it stop working within seconds.{' '}
                          <button
                            type="button"
                            className="danger"
                            disabled={revoke.busy}
                            onClick={() =>
                              void revoke.run(async () => {
                                await api('DELETE', `/api/keys/${encodeURIComponent(k.key)}`);
                                setConfirming(undefined);
                                await keys.reload();
                              })
                            }
                          >
                            Yes, revoke
                          </button>{' '}
                          <button type="button" className="secondary" onClick={() => setConfirming(undefined)}>
                            Cancel
                          </button>
                        </span>
                      ) : (
                        <button type="button" className="secondary" onClick={() => setConfirming(k.key)} aria-label={`Revoke ${k.key}`}>
                          Revoke
                        </button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
    </section>
  );
}

function CreateKey({ meta, onCreated }: { meta: Meta; onCreated: (k: CreatedKey) => void }) {
  const [name, setName] = useState('');
  const [preset, setPreset] = useState('push_only');
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
      const body: Record<string, unknown> = { preset };
      if (name.trim()) body.name = name;
      if (preset === 'custom') body.scopes = [...chosen];
      if (expires) body.expires_at = new Date(expires).toISOString();
      const res = await api<{ data: CreatedKey }>('POST', '/api/keys', body);
      setChosen(new Set());
      setExpires('');
      setName('');
      onCreated(res.data);
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <label htmlFor="key-name">Name (optional)</label>
      <input id="key-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="What the key is for, e.g. payroll export" />
      <fieldset>
        <legend>Permissions</legend>
        {[...Object.keys(meta.presets), 'custom'].map((p) => (
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
