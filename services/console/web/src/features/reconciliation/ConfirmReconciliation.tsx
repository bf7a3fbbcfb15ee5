import { useState } from 'react';
import { ErrorNote, minor, useAction } from '../../shared/ui';
import { AccountOptions } from './AccountOptions';
import { confirmReconciliation, type LedgerAccount, type ReconciliationDetail } from './calls';

/** Closes an open reconciliation for good, posting the differences of its matched rows to an account if asked. */
export function ConfirmReconciliation({
  reconciliation: d,
  ledgerAccounts,
  canPostDifferences,
  onConfirmed,
}: {
  reconciliation: ReconciliationDetail;
  ledgerAccounts: LedgerAccount[];
  canPostDifferences: boolean;
  onConfirmed: () => Promise<void>;
}) {
  const [postDifferencesTo, setPostDifferencesTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirm = useAction();
  const cur = d.currency;
  const money = (n: number | null | undefined) => minor(n, cur);
  const doConfirm = () =>
    void confirm.run(async () => {
      await confirmReconciliation(d.id, postDifferencesTo ? { post_differences_to: postDifferencesTo } : {});
      setConfirming(false);
      await onConfirmed();
    });
  return (
    <div className="card" role="group" aria-labelledby="confirm-title">
      <h3 id="confirm-title">Confirm</h3>
      <p className="muted small">
        Confirming closes the reconciliation: its matches can no longer change, and its rows and entries belong to no other confirmed reconciliation.
        {d.difference_unposted !== 0 && ` Matched rows differ from their entries by ${money(d.difference_unposted)} not yet in the books.`}
      </p>
      {canPostDifferences && (
        <div>
          <label htmlFor="confirm-differences">Post the differences of matched rows to</label>
          <select id="confirm-differences" value={postDifferencesTo} onChange={(e) => setPostDifferencesTo(e.target.value)}>
            <option value="">Do not post differences</option>
            <AccountOptions accounts={ledgerAccounts.filter((a) => a.id !== d.ledger_account)} currency={cur} />
          </select>
        </div>
      )}
      {confirming ? (
        <span className="confirm" role="group" aria-label="Confirm the reconciliation">
          Confirm? It cannot be changed afterwards.{' '}
          <button type="button" disabled={confirm.busy} onClick={doConfirm}>
            Yes, confirm
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </span>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          Confirm reconciliation
        </button>
      )}
      <ErrorNote error={confirm.error} />
    </div>
  );
}
