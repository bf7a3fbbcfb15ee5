import type { LedgerSchemas } from '@finance/client';
import { useState, type MouseEvent } from 'react';
import { ApiError } from '../../shared/http';
import { Empty, ErrorNote, Loading, minor, useAction, useLoad } from '../../shared/ui';
import { AccountOptions } from './AccountOptions';
import { BankStatement } from './BankStatement';
import {
  downloadBankStatement,
  loadBankStatement,
  loadCategoryAccounts,
  loadReconciliation,
  matchByHand,
  postUnmatched,
  refreshReconciliation,
  type LedgerAccount,
} from './calls';
import { describeEntry, describeRow, LIST_PAGE, plural, rowAmount, type Names } from './format';
import { ConfirmReconciliation } from './ConfirmReconciliation';
import { MatchedRows } from './MatchedRows';
import { Summary } from './Summary';

export function ReconciliationDetail({
  id,
  names,
  can,
  ledgerAccounts,
  onChanged,
  onClose,
}: {
  id: string;
  names: Names;
  can: (permission: string) => boolean;
  ledgerAccounts: LedgerAccount[];
  onChanged: () => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const detail = useLoad(() => loadReconciliation(id, page, LIST_PAGE), [id, page]);
  const statement = useLoad(() => loadBankStatement(id), [id]);
  const mapping = useLoad(loadCategoryAccounts, []);
  const [matchRow, setMatchRow] = useState<string | undefined>(undefined);
  const [matchEntries, setMatchEntries] = useState<Set<string>>(new Set());
  /** Rows chosen for posting, each with its own counter-account ('' for the category mapping or the default). */
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [defaultAccount, setDefaultAccount] = useState('');
  const [refreshed, setRefreshed] = useState<LedgerSchemas['ReconciliationRefreshResult'] | undefined>(undefined);
  const [posted, setPosted] = useState<LedgerSchemas['PostUnmatchedResult'] | undefined>(undefined);
  const [downloaded, setDownloaded] = useState<string | undefined>(undefined);
  const match = useAction();
  const refresh = useAction();
  const post = useAction();
  const csv = useAction();

  const d = detail.data;
  if (detail.error && !d) return <ErrorNote error={detail.error} />;
  if (!d) return <Loading />;

  const open = d.status === 'open';
  const canEdit = open && can('reconciliations:edit');
  const canPost = canEdit && can('transactions:create');
  const rows = d.unmatched_rows.data;
  const entries = d.unmatched_entries.data;
  // Selections that a reload has made stale (matched since, or gone) fall away.
  const selectedRow = rows.find((r) => r.statement_row === matchRow);
  const selectedEntries = entries.filter((e) => matchEntries.has(e.entry));
  const chosenRows = rows.filter((r) => chosen.has(r.statement_row));
  const entrySum = selectedEntries.reduce((sum, e) => sum + e.amount, 0);
  const cur = d.currency;
  const money = (n: number | null | undefined) => minor(n, cur);

  const afterChange = async () => {
    await Promise.all([detail.reload(), statement.reload()]);
    onChanged();
  };
  const toggleEntry = (entry: string) =>
    setMatchEntries((s) => {
      const next = new Set(s);
      if (!next.delete(entry)) next.add(entry);
      return next;
    });
  const choose = (row: string, on: boolean) =>
    setChosen((m) => {
      const next = new Map(m);
      if (on) next.set(row, next.get(row) ?? '');
      else next.delete(row);
      return next;
    });
  /** A click anywhere on a table row selects it, as its own control does (keyboard users use the control). */
  const onRowClick = (e: MouseEvent, act: () => void) => {
    if ((e.target as HTMLElement).closest('input, select, button, label, a')) return;
    act();
  };

  const doMatch = () =>
    void match.run(async () => {
      await matchByHand(id, { statement_row: matchRow!, entries: selectedEntries.map((e) => e.entry) });
      setMatchRow(undefined);
      setMatchEntries(new Set());
      await afterChange();
    });
  const doRefresh = () =>
    void refresh.run(async () => {
      setRefreshed(undefined);
      setRefreshed(await refreshReconciliation(id));
      post.setError(undefined);
      await afterChange();
    });
  const doPost = (anyway: boolean) =>
    void post.run(async () => {
      setPosted(undefined);
      const result = await postUnmatched(id, {
        rows: chosenRows.map((r) => ({ statement_row: r.statement_row, account: chosen.get(r.statement_row) || null })),
        default_account: defaultAccount || null,
        post_anyway: anyway,
      });
      setPosted(result);
      setChosen(new Map());
      await afterChange();
    });
  const doDownload = () =>
    void csv.run(async () => {
      setDownloaded(await downloadBankStatement(id));
    });

  const candidates = post.error instanceof ApiError && post.error.code === 'ROWS_HAVE_CANDIDATES' ? post.error : undefined;
  const title = `${names.ledger(d.ledger_account)} against ${names.statement(d.statement_account)}, ${d.date_from} to ${d.date_to}`;
  const hasMore = d.matched.page_context.has_more || d.unmatched_rows.page_context.has_more || d.unmatched_entries.page_context.has_more;

  return (
    <article className="recon" aria-labelledby="recon-detail-title">
      <div className="row header">
        <h2 id="recon-detail-title" className="grow">
          {title} <span className={`badge ${open ? 'queued' : 'completed'}`}>{d.status}</span>
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      <Summary d={d} names={names} />

      <div className="row">
        {canEdit && (
          <button type="button" disabled={refresh.busy} onClick={doRefresh}>
            {refresh.busy ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
        <button type="button" className="secondary" disabled={csv.busy} onClick={doDownload}>
          Download CSV statement
        </button>
      </div>
      <ErrorNote error={refresh.error ?? csv.error} />
      {refreshed && (
        <p className="notice" role="status">
          Refresh took in {plural(refreshed.new_rows, 'new statement row')} and {plural(refreshed.new_entries, 'new ledger entry', 'new ledger entries')}, made{' '}
          {plural(refreshed.new_matches, 'new match', 'new matches')} and dropped {plural(refreshed.dropped_entries, 'entry', 'entries')} no longer in the
          books.
        </p>
      )}
      {downloaded && (
        <p className="muted small" role="status">
          Downloaded {downloaded}.
        </p>
      )}

      <div className="columns recon-sides">
        <div>
          <h3 id="unmatched-rows-title">Unmatched statement rows ({d.unmatched_rows.page_context.total})</h3>
          {rows.length === 0 ? (
            <Empty>Every statement row is matched.</Empty>
          ) : (
            <table aria-labelledby="unmatched-rows-title">
              <thead>
                <tr>
                  {canEdit && (
                    <th scope="col">
                      <span className="visually-hidden">Match</span>
                    </th>
                  )}
                  <th scope="col">Date</th>
                  <th scope="col">Particulars</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  {canPost && <th scope="col">Post</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={r.statement_row}
                    className={canEdit ? `selectable${r.statement_row === matchRow ? ' selected' : ''}` : undefined}
                    onClick={canEdit ? (e) => onRowClick(e, () => setMatchRow(r.statement_row)) : undefined}
                  >
                    {canEdit && (
                      <td>
                        <input
                          type="radio"
                          name={`match-row-${id}`}
                          aria-label={`Select ${describeRow(r)} to match`}
                          disabled={r.amount === null}
                          checked={r.statement_row === matchRow}
                          onChange={() => setMatchRow(r.statement_row)}
                        />
                      </td>
                    )}
                    <td className="nowrap">{r.date}</td>
                    <td>
                      {r.particulars}
                      {r.category && <div className="muted small">{r.category}</div>}
                      {r.reason && <div className="muted small">{r.reason}</div>}
                    </td>
                    <td className={`num ${(r.amount ?? r.inflow - r.outflow) < 0 ? 'out' : 'in'}`}>{rowAmount(r, cur)}</td>
                    {canPost && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Post ${describeRow(r)}`}
                          checked={chosen.has(r.statement_row)}
                          onChange={(e) => choose(r.statement_row, e.target.checked)}
                        />
                        {chosen.has(r.statement_row) && (
                          <select
                            aria-label={`Counter-account for ${describeRow(r)}`}
                            value={chosen.get(r.statement_row)}
                            onChange={(e) => setChosen((m) => new Map(m).set(r.statement_row, e.target.value))}
                          >
                            <option value="">
                              {r.category && mapping.data?.[r.category]
                                ? `By category: ${names.ledger(mapping.data[r.category]!)}`
                                : 'The default counter-account'}
                            </option>
                            <AccountOptions accounts={ledgerAccounts.filter((a) => a.id !== d.ledger_account)} currency={cur} />
                          </select>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div>
          <h3 id="unmatched-entries-title">Unmatched ledger entries ({d.unmatched_entries.page_context.total})</h3>
          {entries.length === 0 ? (
            <Empty>Every ledger entry is matched.</Empty>
          ) : (
            <table aria-labelledby="unmatched-entries-title">
              <thead>
                <tr>
                  {canEdit && (
                    <th scope="col">
                      <span className="visually-hidden">Match</span>
                    </th>
                  )}
                  <th scope="col">Date</th>
                  <th scope="col">Narration</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr
                    key={e.entry}
                    className={canEdit ? `selectable${matchEntries.has(e.entry) ? ' selected' : ''}` : undefined}
                    onClick={canEdit ? (ev) => onRowClick(ev, () => toggleEntry(e.entry)) : undefined}
                  >
                    {canEdit && (
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${describeEntry(e)} to match`}
                          checked={matchEntries.has(e.entry)}
                          onChange={() => toggleEntry(e.entry)}
                        />
                      </td>
                    )}
                    <td className="nowrap">{e.date}</td>
                    <td>
                      {e.narration ?? '—'}
                      {e.source_ref && <div className="muted small">{e.source_ref}</div>}
                    </td>
                    <td className={`num ${e.amount < 0 ? 'out' : 'in'}`}>{money(e.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>

      {canEdit && (
        <div className="card" role="group" aria-labelledby="match-title">
          <h3 id="match-title">Match by hand</h3>
          <p className="muted small" aria-live="polite">
            {selectedRow
              ? `${describeRow(selectedRow)}: ${rowAmount(selectedRow, cur)}; `
              : 'Select an unmatched statement row and the entries that make it up. '}
            {plural(selectedEntries.length, 'entry', 'entries')} selected
            {selectedEntries.length > 0 ? `, summing to ${money(entrySum)}` : ''}
            {selectedRow?.amount != null && selectedEntries.length > 0 ? `; difference ${money(selectedRow.amount - entrySum)}` : ''}.
          </p>
          <div className="row">
            <button type="button" disabled={match.busy || !selectedRow || selectedEntries.length === 0} onClick={doMatch}>
              Match
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                setMatchRow(undefined);
                setMatchEntries(new Set());
                match.setError(undefined);
              }}
            >
              Clear selection
            </button>
          </div>
          <ErrorNote error={match.error} />
        </div>
      )}

      {canPost && rows.length > 0 && (
        <div className="card" role="group" aria-labelledby="post-title">
          <h3 id="post-title">Post chosen rows to the books</h3>
          <p className="muted small">
            Each chosen row becomes a transaction: this ledger account against the row&apos;s counter-account (the one chosen on the row, else its
            category&apos;s account, else the default below), matched to the row.
          </p>
          <div className="row end">
            <div>
              <label htmlFor="post-default-account">Default counter-account</label>
              <select id="post-default-account" value={defaultAccount} onChange={(e) => setDefaultAccount(e.target.value)}>
                <option value="">None</option>
                <AccountOptions accounts={ledgerAccounts.filter((a) => a.id !== d.ledger_account)} currency={cur} />
              </select>
            </div>
            <button type="button" disabled={post.busy || chosenRows.length === 0} onClick={() => doPost(false)}>
              {chosenRows.length ? `Post ${plural(chosenRows.length, 'chosen row')}` : 'Post chosen rows'}
            </button>
          </div>
          {candidates ? (
            <div className="error" role="alert">
              <strong>Nothing was posted: these rows now have a candidate entry in the books</strong> (booked after this reconciliation was opened). Refresh to
              match them; post anyway only if the books should hold them twice.
              <ul>
                {(candidates.details ?? []).map((detail) => {
                  const rowId = /statement row ([0-9a-f-]{36})/.exec(detail.message)?.[1];
                  const row = rows.find((r) => r.statement_row === rowId);
                  return <li key={detail.message}>{row ? `${describeRow(row)} (${rowAmount(row, cur)})` : detail.message}</li>;
                })}
              </ul>
              <div className="row">
                <button type="button" disabled={refresh.busy} onClick={doRefresh}>
                  Refresh
                </button>
                <button type="button" className="danger" disabled={post.busy} onClick={() => doPost(true)}>
                  Post anyway
                </button>
              </div>
            </div>
          ) : (
            <ErrorNote error={post.error} />
          )}
          {posted && (
            <div className="notice" role="status">
              Posted {plural(posted.created, 'new transaction')}
              {posted.existing ? ` (${posted.existing} already in the books)` : ''}.
              {posted.skipped.length > 0 && (
                <ul>
                  {posted.skipped.map((s) => {
                    const row = d.unmatched_rows.data.find((r) => r.statement_row === s.statement_row);
                    return (
                      <li key={s.statement_row}>
                        Skipped {row ? describeRow(row) : s.statement_row}: {s.reason}
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          )}
        </div>
      )}
      {canPost && rows.length === 0 && posted && (
        <p className="notice" role="status">
          Posted {plural(posted.created, 'new transaction')}
          {posted.existing ? ` (${posted.existing} already in the books)` : ''}.
        </p>
      )}

      <MatchedRows reconciliation={d} canEdit={canEdit} onChanged={afterChange} />
      {(hasMore || page > 1) && (
        <div className="row">
          <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span className="muted">
            Page {page}: each list shows {LIST_PAGE} at a time
          </span>
          <button type="button" className="secondary" disabled={!hasMore} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </div>
      )}

      <BankStatement figures={statement.data} error={statement.error} />

      {canEdit && (
        <ConfirmReconciliation reconciliation={d} ledgerAccounts={ledgerAccounts} canPostDifferences={can('transactions:create')} onConfirmed={afterChange} />
      )}
    </article>
  );
}
