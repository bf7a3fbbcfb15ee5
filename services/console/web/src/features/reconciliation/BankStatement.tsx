import type { LedgerSchemas } from '@finance/client';
import { ErrorNote, Loading, minor } from '../../shared/ui';
import { exact } from './format';

type BankStatementFigures = LedgerSchemas['BankReconciliationStatement'];

/** The bank reconciliation statement: the bank's balance, adjusted by what is outstanding on either side, against the books. */
export function BankStatement({ figures: f, error }: { figures?: BankStatementFigures; error?: Error }) {
  if (error) return <ErrorNote error={error} />;
  if (!f) return <Loading />;
  const money = (n: number | null, milliValue: number) => exact(n, milliValue, f.currency);
  const outstanding = (label: string, section: BankStatementFigures['deposits_in_transit'], empty: string) => (
    <>
      <tr className="group">
        <th scope="rowgroup" colSpan={3}>
          {label}
        </th>
      </tr>
      {section.items.length === 0 ? (
        <tr>
          <td colSpan={3} className="muted">
            {empty}
          </td>
        </tr>
      ) : (
        section.items.map((i) => (
          <tr key={i.entry}>
            <td>{i.date}</td>
            <td>
              {i.narration ?? '—'}
              {i.source_ref ? <span className="muted small"> {i.source_ref}</span> : null}
            </td>
            <td className="num">{minor(i.amount, f.currency)}</td>
          </tr>
        ))
      )}
      <tr>
        <th scope="row" colSpan={2}>
          Total {label.replace(/^(Add|Less): /, '').toLowerCase()}
        </th>
        <td className="num">{money(section.total, section.total_milli)}</td>
      </tr>
    </>
  );
  return (
    <div>
      <h3 id="bank-statement-title">
        Bank reconciliation statement on {f.date_to} ({f.currency})
      </h3>
      <table aria-labelledby="bank-statement-title" className="bank-statement">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="group">
            <th scope="row" colSpan={2}>
              Balance per bank{' '}
              <span className="muted small">({f.statement_balance_source === 'statement' ? 'printed closing balance' : "the account's balance"})</span>
            </th>
            <td className="num">{money(f.balance_per_bank, f.balance_per_bank_milli)}</td>
          </tr>
          {outstanding('Add: deposits in transit', f.deposits_in_transit, 'No deposits in transit.')}
          {outstanding('Less: unpresented cheques and payments', f.unpresented_payments, 'No unpresented cheques or payments.')}
          <tr className="group">
            <th scope="rowgroup" colSpan={3}>
              Less: items in the bank not yet in the books
            </th>
          </tr>
          {f.bank_items_not_in_books.items.length === 0 ? (
            <tr>
              <td colSpan={3} className="muted">
                Every bank item is in the books.
              </td>
            </tr>
          ) : (
            f.bank_items_not_in_books.items.map((i) => (
              <tr key={`${i.kind}-${i.statement_row}`}>
                <td>{i.date}</td>
                <td>
                  {i.particulars}
                  {i.kind === 'difference' && <span className="muted small"> (difference of a matched row)</span>}
                </td>
                <td className="num">{money(i.amount, i.amount_milli)}</td>
              </tr>
            ))
          )}
          <tr>
            <th scope="row" colSpan={2}>
              Total items in the bank not yet in the books
            </th>
            <td className="num">{money(f.bank_items_not_in_books.total, f.bank_items_not_in_books.total_milli)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Adjusted balance per bank
            </th>
            <td className="num">
              <strong>{money(f.adjusted_balance_per_bank, f.adjusted_balance_per_bank_milli)}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Balance per books
            </th>
            <td className="num">
              <strong>{minor(f.balance_per_books, f.currency)}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Unexplained difference
            </th>
            <td className="num">{money(f.unexplained, f.unexplained_milli)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Drift (bank − books)
            </th>
            <td className="num">{money(f.drift, f.drift_milli)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
