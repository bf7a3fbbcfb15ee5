import { useState, type ReactNode } from 'react';
import { Empty, ErrorNote, Loading, minor, useLoad } from '../../shared/ui';
import { loadEntries, type TreeNode } from './calls';

export function AccountTree({
  tree,
  error,
  balances,
  currency,
  asOf,
  actions,
  children,
}: {
  tree?: TreeNode[];
  /** Controls beside each postable account (the chart editor's, for those who may change the chart). */
  actions?: (account: TreeNode) => ReactNode;
  /** What goes above the tree (the starter chart, adding an account, the statement accounts). */
  children?: ReactNode;
  error?: Error;
  balances: Map<string, number>;
  currency?: string;
  asOf: string;
}) {
  const [shown, setShown] = useState<TreeNode | undefined>(undefined);
  if (error) return <ErrorNote error={error} />;
  if (!tree) return <Loading />;
  if (tree.length === 0)
    return (
      <div className="tree">
        {children}
        <Empty>No accounts yet.</Empty>
      </div>
    );
  const render = (nodes: TreeNode[]) => (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          {!n.is_group ? (
            <div className="leaf">
              <button type="button" className="link" aria-pressed={shown?.id === n.id} onClick={() => setShown(n)} aria-label={`Entries of ${n.name}`}>
                {n.name}
              </button>{' '}
              <span className="muted">
                {n.type}
                {n.status !== 'active' ? ` · ${n.status}` : ''}
              </span>
              <span className="num">{balances.has(n.id) ? minor(balances.get(n.id), currency) : ''}</span>
              {actions?.(n)}
            </div>
          ) : (
            <details open={n.is_group}>
              <summary>
                <span className={n.is_group ? 'group' : undefined}>{n.name}</span>{' '}
                <span className="muted">
                  {n.type}
                  {n.status !== 'active' ? ` · ${n.status}` : ''}
                </span>
                <span className="num">{balances.has(n.id) ? minor(balances.get(n.id), currency) : ''}</span>
              </summary>
              {n.children.length > 0 && render(n.children)}
            </details>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="tree">
      <h2>
        Chart of accounts, balances as of {asOf} {currency ? `(${currency})` : ''}
      </h2>
      {children}
      <p className="muted small">Choose an account to see its entries.</p>
      {render(tree)}
      {shown && <AccountEntries key={shown.id} account={shown} />}
    </div>
  );
}

/** An account's entries, newest first (the ledger's GET /entries?account=), drafts and voided ones included. */
function AccountEntries({ account }: { account: TreeNode }) {
  const entries = useLoad(() => loadEntries(account.id), [account.id]);
  return (
    <section className="card" aria-labelledby={`entries-${account.id}`}>
      <h3 id={`entries-${account.id}`}>Entries of {account.name}</h3>
      <ErrorNote error={entries.error} />
      {entries.loading && !entries.data ? (
        <Loading />
      ) : !entries.data?.data.length ? (
        <Empty>No entries on this account yet.</Empty>
      ) : (
        <table aria-label={`Entries of ${account.name}`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Narration</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Debit
              </th>
              <th scope="col" className="num">
                Credit
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.data.data.map((e) => (
              <tr key={e.id}>
                <td>{e.date}</td>
                <td>{e.memo ?? e.narration ?? '—'}</td>
                <td>{e.transaction_status}</td>
                <td className="num">{e.debit ? minor(e.debit, e.currency) : ''}</td>
                <td className="num">{e.credit ? minor(e.credit, e.currency) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(entries.data?.page_context?.total ?? 0) > (entries.data?.data.length ?? 0) && (
        <p className="muted small">
          The latest {entries.data?.data.length} of {entries.data?.page_context?.total} entries.
        </p>
      )}
    </section>
  );
}
