import { useState, type FormEvent, type MouseEvent } from 'react';
import { api, ApiError, download, qs, svc, type ListReply } from '../api';
import { minorDigits } from '../money';
import { Empty, ErrorNote, formatNumber, Loading, minor, useAction, useGrants, useLoad, when } from '../ui';

interface ContinuityBreak {
  kind: 'balance' | 'balance_unknown' | 'gap' | 'overlap';
  previous_statement: string;
  statement: string;
  from: string;
  to: string;
  message: string;
}
interface Recon {
  id: string;
  ledger_account: string;
  statement_account: string;
  currency: string;
  date_from: string;
  date_to: string;
  date_window_days: number;
  status: 'open' | 'confirmed';
  statement_balance: number | null;
  statement_balance_milli: number;
  statement_balance_source: 'statement' | 'account';
  statement_balance_statement: string | null;
  continuity_breaks: ContinuityBreak[];
  ledger_balance: number;
  drift: number | null;
  drift_milli: number;
  tolerance_absolute: number | null;
  tolerance_basis_points: number | null;
  difference_total: number;
  difference_unposted: number;
  matched_count: number;
  unmatched_row_count: number;
  unmatched_entry_count: number;
  created_at: string;
  confirmed_at: string | null;
}
interface Row {
  statement_row: string;
  date: string;
  particulars: string;
  category: string | null;
  inflow: number;
  outflow: number;
  amount: number | null;
  rule: string | null;
  reason: string | null;
  difference: number | null;
  difference_transaction: string | null;
}
interface Entry {
  entry: string;
  transaction: string;
  date: string;
  amount: number;
  narration: string | null;
  source_ref: string | null;
  statement_row: string | null;
}
type Page<T> = { data: T[]; page_context: { total: number; has_more: boolean } };
interface Detail extends Recon {
  matched: Page<Row & { entries: Entry[] }>;
  unmatched_rows: Page<Row>;
  unmatched_entries: Page<Entry>;
}
interface Outstanding {
  entry: string;
  date: string;
  narration: string | null;
  source_ref: string | null;
  amount: number;
}
interface BankItem {
  statement_row: string;
  kind: 'unmatched_row' | 'difference';
  date: string;
  particulars: string;
  amount: number | null;
  amount_milli: number;
}
type Section<T> = { total: number | null; total_milli: number; items: T[] };
interface RecStatement {
  currency: string;
  date_to: string;
  statement_balance_source: 'statement' | 'account';
  balance_per_bank: number | null;
  balance_per_bank_milli: number;
  deposits_in_transit: Section<Outstanding>;
  unpresented_payments: Section<Outstanding>;
  bank_items_not_in_books: Section<BankItem>;
  adjusted_balance_per_bank: number | null;
  adjusted_balance_per_bank_milli: number;
  balance_per_books: number;
  unexplained: number | null;
  unexplained_milli: number;
  drift: number | null;
  drift_milli: number;
}
interface LedgerAccount {
  id: string;
  name: string;
  type: string;
  is_group: boolean;
  status: string;
  currency: string | null;
}
interface StatementAccount {
  id: string;
  name: string;
  category: 'bank' | 'credit_card';
  acc_no: string | null;
  currency: string;
}
interface RefreshResult {
  reconciliation: Recon;
  new_rows: number;
  new_entries: number;
  new_matches: number;
  dropped_entries: number;
}
interface PostResult {
  created: number;
  existing: number;
  skipped: { statement_row: string; reason: string }[];
}

/** A page of each list of a reconciliation (matched, unmatched rows, unmatched entries). */
const LIST_PAGE = 200;
const RULES: Record<string, string> = {
  reference: 'reference',
  amount_date: 'amount and date',
  amount_window: 'amount, nearby date',
  many_to_one: 'several entries',
  manual: 'by hand',
  posted: 'posted from the row',
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Minor units where whole, else the milli-units the API gives alongside (a row of fractional paise). */
const exact = (minorValue: number | null, milliValue: number, currency: string) =>
  minorValue !== null ? minor(minorValue, currency) : formatNumber(milliValue / 1000, 3);
const rowAmount = (r: Row, currency: string) => exact(r.amount, r.inflow - r.outflow, currency);
const describeRow = (r: Row) => `${r.particulars} on ${r.date}`;
const describeEntry = (e: Entry) => `${e.narration ?? e.source_ref ?? 'entry'} on ${e.date}`;

function lastMonth(): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

export function ReconciliationPage() {
  const { can, loaded } = useGrants('ledger');
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const list = useLoad(() => api<ListReply<Recon>>('GET', svc('ledger', '/reconciliations?limit=100')), []);
  const ledgerAccounts = useLoad(() => api<ListReply<LedgerAccount>>('GET', svc('ledger', '/accounts?limit=500&is_group=false')).then((r) => r.data), []);
  const statementAccounts = useLoad(() => api<ListReply<StatementAccount>>('GET', svc('statement', '/accounts?limit=500')).then((r) => r.data), []);
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

interface Names {
  ledger: (id: string) => string;
  statement: (id: string) => string;
}

/** Postable accounts, asset and liability ones (banks, cards) first, grouped by type. */
function AccountOptions({ accounts, currency }: { accounts: LedgerAccount[]; currency?: string }) {
  const usable = accounts.filter((a) => !a.is_group && a.status === 'active' && (!currency || !a.currency || a.currency === currency));
  const order = ['asset', 'liability', 'equity', 'income', 'expense'];
  const rank = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
  const types = [...new Set(usable.map((a) => a.type))].sort((a, b) => rank(a) - rank(b));
  return (
    <>
      {types.map((t) => (
        <optgroup key={t} label={t}>
          {usable
            .filter((a) => a.type === t)
            .map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.currency ? ` (${a.currency})` : ''}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

function NewReconciliation({
  ledgerAccounts,
  statementAccounts,
  error,
  onStarted,
}: {
  ledgerAccounts?: LedgerAccount[];
  statementAccounts?: StatementAccount[];
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
      const body: Record<string, unknown> = {
        ledger_account: ledgerAccount,
        statement_account: statementAccount,
        date_from: from,
        date_to: to,
        date_window_days: Number(windowDays),
      };
      // Amounts are typed in currency units; the API takes minor units (paise, cents, fils).
      if (toleranceKind === 'absolute') body.tolerance = { absolute: Math.round(Number(tolerance) * 10 ** minorDigits(currency)) };
      if (toleranceKind === 'percent') body.tolerance = { percent: Number(tolerance) };
      const res = await api<{ data: Recon }>('POST', svc('ledger', '/reconciliations'), body);
      onStarted(res.data.id);
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

function ReconciliationDetail({
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
  const detail = useLoad(
    () => api<{ data: Detail }>('GET', svc('ledger', `/reconciliations/${id}${qs({ page, limit: LIST_PAGE })}`)).then((r) => r.data),
    [id, page],
  );
  const statement = useLoad(() => api<{ data: RecStatement }>('GET', svc('ledger', `/reconciliations/${id}/statement`)).then((r) => r.data), [id]);
  const mapping = useLoad(
    () => api<{ data: { accounts: Record<string, string> } }>('GET', svc('ledger', '/reconciliation-category-accounts')).then((r) => r.data.accounts),
    [],
  );
  const [matchRow, setMatchRow] = useState<string | undefined>(undefined);
  const [matchEntries, setMatchEntries] = useState<Set<string>>(new Set());
  /** Rows chosen for posting, each with its own counter-account ('' for the category mapping or the default). */
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [defaultAccount, setDefaultAccount] = useState('');
  const [postDifferencesTo, setPostDifferencesTo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [refreshed, setRefreshed] = useState<RefreshResult | undefined>(undefined);
  const [posted, setPosted] = useState<PostResult | undefined>(undefined);
  const [downloaded, setDownloaded] = useState<string | undefined>(undefined);
  const match = useAction();
  const unmatch = useAction();
  const refresh = useAction();
  const post = useAction();
  const confirm = useAction();
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
      await api('POST', svc('ledger', `/reconciliations/${id}/match`), { statement_row: matchRow, entries: selectedEntries.map((e) => e.entry) });
      setMatchRow(undefined);
      setMatchEntries(new Set());
      await afterChange();
    });
  const doUnmatch = (row: string) =>
    void unmatch.run(async () => {
      await api('POST', svc('ledger', `/reconciliations/${id}/unmatch`), { statement_row: row });
      await afterChange();
    });
  const doRefresh = () =>
    void refresh.run(async () => {
      setRefreshed(undefined);
      const res = await api<{ data: RefreshResult }>('POST', svc('ledger', `/reconciliations/${id}/refresh`));
      setRefreshed(res.data);
      post.setError(undefined);
      await afterChange();
    });
  const doPost = (anyway: boolean) =>
    void post.run(async () => {
      setPosted(undefined);
      const res = await api<{ data: PostResult }>('POST', svc('ledger', `/reconciliations/${id}/post-unmatched`), {
        rows: chosenRows.map((r) => ({ statement_row: r.statement_row, account: chosen.get(r.statement_row) || null })),
        default_account: defaultAccount || null,
        post_anyway: anyway,
      });
      setPosted(res.data);
      setChosen(new Map());
      await afterChange();
    });
  const doConfirm = () =>
    void confirm.run(async () => {
      await api('POST', svc('ledger', `/reconciliations/${id}/confirm`), postDifferencesTo ? { post_differences_to: postDifferencesTo } : {});
      setConfirming(false);
      await afterChange();
    });
  const doDownload = () =>
    void csv.run(async () => {
      setDownloaded(await download(svc('ledger', `/reconciliations/${id}/statement`), 'text/csv', 'reconciliation-statement.csv'));
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
        <div className="card" role="group" aria-labelledby="confirm-title">
          <h3 id="confirm-title">Confirm</h3>
          <p className="muted small">
            Confirming closes the reconciliation: its matches can no longer change, and its rows and entries belong to no other confirmed reconciliation.
            {d.difference_unposted !== 0 && ` Matched rows differ from their entries by ${money(d.difference_unposted)} not yet in the books.`}
          </p>
          {can('transactions:create') && (
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
      )}
    </article>
  );
}

function Summary({ d, names }: { d: Recon; names: Names }) {
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

function BankStatement({ figures: f, error }: { figures?: RecStatement; error?: Error }) {
  if (error) return <ErrorNote error={error} />;
  if (!f) return <Loading />;
  const money = (n: number | null, milliValue: number) => exact(n, milliValue, f.currency);
  const outstanding = (label: string, section: Section<Outstanding>, empty: string) => (
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
