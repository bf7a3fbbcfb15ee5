import { formatNumber, minor, when } from '../../shared/ui';
import type { Reconciliation } from './calls';
import { exact, plural, type Names } from './format';

/** A reconciliation's figures: the two balances, the drift, the matches, how it matches, and breaks in the statements. */
export function Summary({ d, names }: { d: Reconciliation; names: Names }) {
  const money = (n: number | null, milliValue: number) => `${exact(n, milliValue, d.currency)} ${d.currency}`;
  const tolerance =
    d.tolerance_absolute !== null
      ? `${minor(d.tolerance_absolute, d.currency)} ${d.currency}`
      : d.tolerance_basis_points !== null
        ? `${formatNumber(d.tolerance_basis_points / 100)}% of the row`
        : 'exact amounts only';
  return (
    <>
      <dl className="summary" aria-label="Summary">
        <div>
          <dt>Statement balance on {d.date_to}</dt>
          <dd>
            <strong>{money(d.statement_balance, d.statement_balance_milli)}</strong>
            <div className="muted small">
              {d.statement_balance_source === 'statement'
                ? "the statement's printed closing balance"
                : `${names.statement(d.statement_account)}'s balance on ${d.date_to} (no statement closes on it)`}
            </div>
          </dd>
        </div>
        <div>
          <dt>Ledger balance on {d.date_to}</dt>
          <dd>
            <strong>
              {minor(d.ledger_balance, d.currency)} {d.currency}
            </strong>
          </dd>
        </div>
        <div>
          <dt>Drift (bank − books)</dt>
          <dd>
            <strong className={d.drift_milli === 0 ? 'ok' : 'warn'}>{money(d.drift, d.drift_milli)}</strong>
          </dd>
        </div>
        <div>
          <dt>Matches</dt>
          <dd>
            {plural(d.matched_count, 'row')} matched; {plural(d.unmatched_row_count, 'row')} and {plural(d.unmatched_entry_count, 'entry', 'entries')} unmatched
          </dd>
        </div>
        <div>
          <dt>Matching</dt>
          <dd>
            dates within {plural(d.date_window_days, 'day')}; {tolerance}
          </dd>
        </div>
        {d.difference_total !== 0 && (
          <div>
            <dt>Differences of matched rows</dt>
            <dd>
              {minor(d.difference_total, d.currency)}, {minor(d.difference_unposted, d.currency)} not posted
            </dd>
          </div>
        )}
        {d.confirmed_at && (
          <div>
            <dt>Confirmed</dt>
            <dd>{when(d.confirmed_at)}</dd>
          </div>
        )}
      </dl>
      {d.continuity_breaks.length > 0 && (
        <div className="notice" role="group" aria-labelledby="breaks-title">
          <strong id="breaks-title">Continuity breaks in the account&apos;s statements</strong>
          <ul>
            {d.continuity_breaks.map((b) => (
              <li key={`${b.kind}-${b.statement}-${b.from}`}>
                {b.kind.replace('_', ' ')} ({b.from} to {b.to}): {b.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
