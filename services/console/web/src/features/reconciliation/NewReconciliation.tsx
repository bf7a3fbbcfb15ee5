import type { StatementSchemas } from '@finance/client';
import { useState, type FormEvent } from 'react';
import { minorDigits } from '../../shared/money';
import { ErrorNote, useAction } from '../../shared/ui';
import { AccountOptions } from './AccountOptions';
import { startReconciliation, type LedgerAccount } from './calls';

function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export function NewReconciliation({
  ledgerAccounts,
  statementAccounts,
  error,
  onStarted,
}: {
  ledgerAccounts?: LedgerAccount[];
  statementAccounts?: StatementSchemas['Account'][];
  error?: Error;
  onStarted: (id: string) => void;
}) {
  const period = lastMonth();
  const [ledgerAccount, setLedgerAccount] = useState('');
  const [statementAccount, setStatementAccount] = useState('');
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [windowDays, setWindowDays] = useState('3');
  const [toleranceKind, setToleranceKind] = useState<'none' | 'absolute' | 'percent'>('none');
  const [tolerance, setTolerance] = useState('');
  const { busy, error: failed, run } = useAction();
  const currency = statementAccounts?.find((a) => a.id === statementAccount)?.currency;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const started = await startReconciliation({
        ledger_account: ledgerAccount,
        statement_account: statementAccount,
        date_from: from,
        date_to: to,
        date_window_days: Number(windowDays),
        // Amounts are typed in currency units; the API takes minor units (paise, cents, fils).
        tolerance:
          toleranceKind === 'absolute'
            ? { absolute: Math.round(Number(tolerance) * 10 ** minorDigits(currency)) }
            : toleranceKind === 'percent'
              ? { percent: Number(tolerance) }
              : undefined,
      });
      onStarted(started.id);
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="new-recon-title">
      <h2 id="new-recon-title">Start a reconciliation</h2>
      <ErrorNote error={error} />
      <div className="filters">
        <div>
          <label htmlFor="recon-ledger-account">Ledger account</label>
          <select id="recon-ledger-account" required value={ledgerAccount} onChange={(e) => setLedgerAccount(e.target.value)}>
            <option value="">Choose an account</option>
            <AccountOptions accounts={ledgerAccounts ?? []} />
          </select>
        </div>
        <div>
          <label htmlFor="recon-statement-account">Statement account</label>
          <select id="recon-statement-account" required value={statementAccount} onChange={(e) => setStatementAccount(e.target.value)}>
            <option value="">Choose a bank or card account</option>
            {statementAccounts?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.category === 'credit_card' ? 'card' : 'bank'}
                {a.acc_no ? ` ${a.acc_no}` : ''}, {a.currency})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="recon-from">From</label>
          <input id="recon-from" type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <label htmlFor="recon-to">To</label>
          <input id="recon-to" type="date" required value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div>
          <label htmlFor="recon-window">Date window (days)</label>
          <input id="recon-window" type="number" min={0} max={31} required value={windowDays} onChange={(e) => setWindowDays(e.target.value)} />
        </div>
        <div>
          <label htmlFor="recon-tolerance-kind">Tolerance</label>
          <select id="recon-tolerance-kind" value={toleranceKind} onChange={(e) => setToleranceKind(e.target.value as typeof toleranceKind)}>
            <option value="none">Exact amounts only</option>
            <option value="absolute">An amount</option>
            <option value="percent">A percentage of the row</option>
          </select>
        </div>
        {toleranceKind !== 'none' && (
          <div>
            <label htmlFor="recon-tolerance">{toleranceKind === 'absolute' ? `Tolerance amount${currency ? ` (${currency})` : ''}` : 'Tolerance (%)'}</label>
            <input
              id="recon-tolerance"
              type="number"
              min={0}
              step="0.01"
              max={toleranceKind === 'percent' ? 100 : undefined}
              required
              value={tolerance}
              onChange={(e) => setTolerance(e.target.value)}
            />
          </div>
        )}
      </div>
      <p className="muted small">
        The date window is how far apart a bank row and a book entry of the same amount may be dated and still match; the tolerance lets a row match entries
        that differ from it slightly (a receipt credited net of charges).
      </p>
      <ErrorNote error={failed} />
      <button type="submit" disabled={busy}>
        {busy ? 'Reconciling…' : 'Start reconciliation'}
      </button>
    </form>
  );
}
