import { Empty, ErrorNote, minor, useAction } from '../../shared/ui';
import { unmatchRow, type ReconciliationDetail } from './calls';
import { describeRow, RULES, rowAmount } from './format';

/** The matched statement rows (this page of them), each with its entries, how it matched, and its difference; an open one can be undone. */
export function MatchedRows({
  reconciliation: d,
  canEdit,
  onChanged,
}: {
  reconciliation: ReconciliationDetail;
  canEdit: boolean;
  onChanged: () => Promise<void>;
}) {
  const unmatch = useAction();
  const cur = d.currency;
  const money = (n: number | null | undefined) => minor(n, cur);
  const doUnmatch = (row: string) =>
    void unmatch.run(async () => {
      await unmatchRow(d.id, row);
      await onChanged();
    });
  return (
    <>
      <h3 id="matched-title">Matched ({d.matched.page_context.total})</h3>
      <ErrorNote error={unmatch.error} />
      {d.matched.data.length === 0 ? (
        <Empty>Nothing is matched yet.</Empty>
      ) : (
        <table aria-labelledby="matched-title">
          <thead>
            <tr>
              <th scope="col">Statement row</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Ledger entries</th>
              <th scope="col">Rule</th>
              <th scope="col" className="num">
                Difference
              </th>
              {canEdit && (
                <th scope="col">
                  <span className="visually-hidden">Unmatch</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {d.matched.data.map((m) => (
              <tr key={m.statement_row}>
                <td>
                  {m.date} {m.particulars}
                </td>
                <td className="num">{rowAmount(m, cur)}</td>
                <td>
                  <ul className="plain">
                    {m.entries.map((e) => (
                      <li key={e.entry}>
                        {e.date} {e.narration ?? e.source_ref ?? ''} <span className="num">{money(e.amount)}</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{m.rule ? (RULES[m.rule] ?? m.rule) : ''}</td>
                <td className="num">
                  {m.difference ? money(m.difference) : ''}
                  {m.difference_transaction ? <div className="muted small">posted</div> : null}
                </td>
                {canEdit && (
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      disabled={unmatch.busy}
                      aria-label={`Unmatch ${describeRow(m)}`}
                      onClick={() => doUnmatch(m.statement_row)}
                    >
                      Unmatch
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
