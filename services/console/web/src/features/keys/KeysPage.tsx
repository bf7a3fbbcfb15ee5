import { useState } from 'react';
import { CopyButton, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../../shared/ui';
import { loadMeta } from '../../shared/calls';
import { loadKeys, revokeKey, type ApiKey, type CreatedKey } from './calls';
import { CreateKey } from './CreateKey';

function status(k: ApiKey): string {
  if (k.revoked_at) return 'revoked';
  if (k.expires_at && new Date(k.expires_at) < new Date()) return 'expired';
  return 'active';
}

function scopeSummary(k: ApiKey): string {
  if (k.preset === 'full_access') return 'everything';
  return Object.entries(k.scopes)
    .map(([model, actions]) => `${model}: ${actions.join(', ')}`)
    .join('; ');
}

export function KeysPage() {
  const keys = useLoad(loadKeys, []);
  const meta = useLoad(loadMeta, []);
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
                                await revokeKey(k.key);
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
