import { useState } from 'react';
import { loadStatementAccounts } from '../../shared/calls';
import { Empty, ErrorNote, Loading, useGrants, useLoad, when } from '../../shared/ui';
import { loadLedgerAccounts, loadReconciliations } from './calls';
import { exact, type Names } from './format';
import { NewReconciliation } from './NewReconciliation';
import { ReconciliationDetail } from './ReconciliationDetail';

export function ReconciliationPage() {
  const { can, loaded } = useGrants('ledger');
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const list = useLoad(loadReconciliations, []);
  const ledgerAccounts = useLoad(loadLedgerAccounts, []);
  const statementAccounts = useLoad(loadStatementAccounts, []);
  const names: Names = {
    ledger: (id) => ledgerAccounts.data?.find((a) => a.id === id)?.name ?? `ledger account ${id.slice(0, 8)}`,
    statement: (id) => statementAccounts.data?.find((a) => a.id === id)?.name ?? `statement account ${id.slice(0, 8)}`,
  };
  const recons = list.data?.data;
  return (
    <section aria-labelledby="recon-title">
      <h1 id="recon-title">Reconciliation</h1>
      <p className="muted">
        A ledger account against a bank or card account of the statements over a period: which bank rows are not in the books, which book entries the bank has
        not seen, and whether the bank&apos;s closing balance agrees with the books.
      </p>
      {loaded && can('reconciliations:create') && (
        <NewReconciliation
          ledgerAccounts={ledgerAccounts.data}
          statementAccounts={statementAccounts.data}
          error={ledgerAccounts.error ?? statementAccounts.error}
          onStarted={(id) => {
            setOpenId(id);
            void list.reload();
          }}
        />
      )}
      <h2 id="recon-list-title">Reconciliations</h2>
      <ErrorNote error={list.error} />
      {list.loading && !recons ? (
        <Loading />
      ) : recons?.length === 0 ? (
        <Empty>No reconciliations yet.{can('reconciliations:create') ? ' Start one above.' : ''}</Empty>
      ) : (
        <table aria-labelledby="recon-list-title">
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Ledger account</th>
              <th scope="col">Statement account</th>
              <th scope="col">Period</th>
              <th scope="col" className="num">
                Drift
              </th>
              <th scope="col" className="num">
                Matched
              </th>
              <th scope="col" className="num">
                Unmatched rows / entries
              </th>
              <th scope="col">Started</th>
              <th scope="col">
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {recons?.map((r) => (
              <tr key={r.id} className={r.id === openId ? 'current' : undefined} aria-current={r.id === openId ? 'true' : undefined}>
                <td>
                  <span className={`badge ${r.status === 'confirmed' ? 'completed' : 'queued'}`}>{r.status}</span>
                </td>
                <td>{names.ledger(r.ledger_account)}</td>
                <td>{names.statement(r.statement_account)}</td>
                <td>
                  {r.date_from} to {r.date_to}
                </td>
                <td className="num">
                  {exact(r.drift, r.drift_milli, r.currency)} {r.currency}
                </td>
                <td className="num">{r.matched_count}</td>
                <td className="num">
                  {r.unmatched_row_count} / {r.unmatched_entry_count}
                </td>
                <td>{when(r.created_at)}</td>
                <td>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Open the reconciliation of ${names.ledger(r.ledger_account)}, ${r.date_from} to ${r.date_to} (${r.status})`}
                    onClick={() => setOpenId(r.id)}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {openId && (
        <ReconciliationDetail
          key={openId}
          id={openId}
          names={names}
          can={can}
          ledgerAccounts={ledgerAccounts.data ?? []}
          onChanged={() => void list.reload()}
          onClose={() => setOpenId(undefined)}
        />
      )}
    </section>
  );
}
