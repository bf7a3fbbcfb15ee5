import { useState, type FormEvent } from 'react';
import type { LedgerSchemas } from '@finance/client';
import { CopyButton, Empty, ErrorNote, Loading, useAction, useLoad, when } from '../../shared/ui';
import { createEndpoint, loadDeliveries, loadEndpoints, removeEndpoint, retryDelivery, rotateSecret, sendTest, setEnabled } from './calls';

type Endpoint = LedgerSchemas['WebhookEndpoint'];
type EventType = Endpoint['event_types'][number];

const EVENT_TYPES: EventType[] = [
  'statement.completed',
  'statement.stalled',
  'statement.failed',
  'transaction.posted',
  'transaction.reversed',
  'transaction.voided',
  'reconciliation.confirmed',
  'period.closed',
  'period.reopened',
  'webhook_endpoint.disabled',
  'webhook.test',
];

/** Webhook endpoints (issue 36), admins only: where events go, their deliveries with every attempt, retry, rotate. */
export function WebhooksPage() {
  const endpoints = useLoad(loadEndpoints, []);
  const [secret, setSecret] = useState<{ url: string; secret: string } | undefined>(undefined);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const action = useAction();
  const act = (fn: () => Promise<unknown>) =>
    void action.run(async () => {
      await fn();
      await endpoints.reload();
    });
  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">Webhooks</h1>
      <NewEndpoint
        onCreated={(e) => {
          setSecret({ url: e.url, secret: e.secret });
          void endpoints.reload();
        }}
      />
      {secret && (
        <div className="notice" role="status" aria-label="Signing secret">
          The signing secret of {secret.url}, shown only this once: <code>{secret.secret}</code> <CopyButton text={secret.secret} />
        </div>
      )}
      <h2>Endpoints</h2>
      <ErrorNote error={endpoints.error ?? action.error} />
      {endpoints.loading && !endpoints.data ? (
        <Loading />
      ) : endpoints.data?.length === 0 ? (
        <Empty>No endpoint yet. Add one above to be told when statements, postings and periods change.</Empty>
      ) : (
        <table aria-label="Webhook endpoints">
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">Status</th>
              <th scope="col">Last success</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {endpoints.data?.map((e) => (
              <tr key={e.id}>
                <td>
                  <code>{e.url}</code>
                  {e.description && <div className="muted">{e.description}</div>}
                </td>
                <td className="scopes">{e.event_types.length === EVENT_TYPES.length ? 'all' : e.event_types.join(', ')}</td>
                <td>
                  <span className={`badge ${e.enabled ? 'active' : 'revoked'}`}>{e.enabled ? 'enabled' : 'disabled'}</span>
                  {e.disabled_reason && <div className="muted">{e.disabled_reason}</div>}
                </td>
                <td>{when(e.last_success_at)}</td>
                <td>
                  <button type="button" className="secondary" onClick={() => setSelected(e.id)} aria-label={`Deliveries of ${e.url}`}>
                    Deliveries
                  </button>{' '}
                  <button type="button" className="secondary" disabled={action.busy} onClick={() => act(() => sendTest(e.id).then(() => setSelected(e.id)))}>
                    Send test
                  </button>{' '}
                  <button
                    type="button"
                    className="secondary"
                    disabled={action.busy}
                    onClick={() => act(async () => setSecret({ url: e.url, secret: (await rotateSecret(e.id)).secret }))}
                  >
                    Rotate secret
                  </button>{' '}
                  <button type="button" className="secondary" disabled={action.busy} onClick={() => act(() => setEnabled(e.id, !e.enabled))}>
                    {e.enabled ? 'Disable' : 'Enable'}
                  </button>{' '}
                  <button
                    type="button"
                    className="danger"
                    disabled={action.busy}
                    onClick={() => act(() => removeEndpoint(e.id))}
                    aria-label={`Remove ${e.url}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {selected && <Deliveries key={selected} endpointId={selected} />}
    </section>
  );
}

function NewEndpoint({ onCreated }: { onCreated: (e: Endpoint & { secret: string }) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<EventType[]>([]);
  const action = useAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      onCreated(await createEndpoint({ url, ...(description ? { description } : {}), ...(types.length ? { event_types: types } : {}) }));
      setUrl('');
      setDescription('');
      setTypes([]);
    });
  };
  return (
    <form onSubmit={submit} aria-label="New endpoint">
      <label>
        URL <input type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.example.com/finance" />
      </label>
      <label>
        Description <input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={500} />
      </label>
      <fieldset>
        <legend>Events (none ticked: all)</legend>
        {EVENT_TYPES.map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={types.includes(t)}
              onChange={(e) => setTypes((now) => (e.target.checked ? [...now, t] : now.filter((x) => x !== t)))}
            />{' '}
            {t}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={action.busy}>
        Add endpoint
      </button>
      <ErrorNote error={action.error} />
    </form>
  );
}

function Deliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useLoad(() => loadDeliveries(endpointId), [endpointId], 5_000);
  const retry = useAction();
  return (
    <>
      <h2>Deliveries</h2>
      <ErrorNote error={deliveries.error ?? retry.error} />
      {deliveries.loading && !deliveries.data ? (
        <Loading />
      ) : deliveries.data?.length === 0 ? (
        <Empty>Nothing sent to this endpoint yet.</Empty>
      ) : (
        <table aria-label="Deliveries">
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Next try</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data?.map((d) => (
              <tr key={d.id}>
                <td>
                  {d.event_type} <code className="muted">{d.event_id}</code>
                </td>
                <td>{when(d.created_at)}</td>
                <td>{d.status}</td>
                <td>
                  {d.attempts.length === 0
                    ? 'none yet'
                    : d.attempts.map((a) => `${when(a.started_at)}: ${a.status_code ?? a.error ?? '?'} (${a.duration_ms} ms)`).join('; ')}
                </td>
                <td>{when(d.next_attempt_at)}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    disabled={retry.busy}
                    onClick={() =>
                      void retry.run(async () => {
                        await retryDelivery(endpointId, d.id);
                        await deliveries.reload();
                      })
                    }
                  >
                    Retry
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
