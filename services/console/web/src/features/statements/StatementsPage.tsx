import { useState } from 'react';
import { useCanWrite } from '../../shared/role';
import { loadStatementAccounts } from '../../shared/calls';
import { Empty, ErrorNote, Loading, useLoad } from '../../shared/ui';
import { loadStatements, type Statement } from './calls';
import { StatementAccounts } from './StatementAccounts';
import { StatementItem } from './StatementItem';
import { Upload } from './Upload';
import { STATUS_WORDS } from './words';

const REFRESH_MS = 2_000;
const PAGE = 50;
const STATUSES = ['stalled', 'queued', 'processing', 'completed', 'failed'] as const satisfies Statement['status'][];

interface Filters {
  status: Statement['status'] | '';
  account_id: string;
  created_at_from: string;
  created_at_to: string;
}
const NO_FILTERS: Filters = { status: '', account_id: '', created_at_from: '', created_at_to: '' };

export function StatementsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const canWrite = useCanWrite();
  const query = {
    status: filters.status || undefined,
    account_id: filters.account_id || undefined,
    // Dates as the person picks them: the whole "to" day counts.
    created_at_from: filters.created_at_from ? `${filters.created_at_from}T00:00:00Z` : undefined,
    created_at_to: filters.created_at_to ? `${filters.created_at_to}T23:59:59.999Z` : undefined,
  };
  const statements = useLoad(
    async () => {
      const list = await loadStatements({ ...query, page, limit: PAGE });
      // Stalled statements wait for a person: they come first, whichever page of the rest is shown.
      const stalled = filters.status === '' ? (await loadStatements({ ...query, status: 'stalled', limit: 100 })).data : [];
      // By id: a statement that stalled between the two reads is listed once, as the later read saw it.
      const first = new Set(stalled.map((x) => x.id));
      const rest = list.data.filter((x) => !first.has(x.id));
      return { stalled, rest, total: list.page_context?.total ?? list.data.length, hasMore: list.page_context?.has_more ?? false };
    },
    [filters, page],
    REFRESH_MS,
  );
  const accounts = useLoad(loadStatementAccounts, []);
  const set = (name: keyof Filters) => (e: { target: { value: string } }) => {
    setPage(1);
    setFilters((f) => ({ ...f, [name]: e.target.value }) as Filters);
  };
  const shown = [...(statements.data?.stalled ?? []), ...(statements.data?.rest ?? [])];
  const filtered = filters !== NO_FILTERS;
  return (
    <section aria-labelledby="statements-title">
      <h1 id="statements-title">Statements</h1>
      {canWrite && <Upload accounts={accounts.data ?? []} onUploaded={() => void statements.reload()} />}
      <h2>Uploaded statements</h2>
      <form className="card filters" aria-label="Statement filters" onSubmit={(e) => e.preventDefault()}>
        <div>
          <label htmlFor="sf-status">Status</label>
          <select id="sf-status" value={filters.status} onChange={set('status')}>
            <option value="">Any status</option>
            {STATUSES.map((st) => (
              <option key={st} value={st}>
                {st} ({STATUS_WORDS[st]})
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sf-account">Account</label>
          <select id="sf-account" value={filters.account_id} onChange={set('account_id')}>
            <option value="">All accounts</option>
            {accounts.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} {a.acc_no ? `(${a.acc_no})` : ''}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sf-from">Uploaded from</label>
          <input id="sf-from" type="date" value={filters.created_at_from} onChange={set('created_at_from')} />
        </div>
        <div>
          <label htmlFor="sf-to">Uploaded to</label>
          <input id="sf-to" type="date" value={filters.created_at_to} onChange={set('created_at_to')} />
        </div>
        <div className="row end">
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setPage(1);
              setFilters(NO_FILTERS);
            }}
          >
            Clear filters
          </button>
        </div>
      </form>
      <ErrorNote error={statements.error} />
      {statements.loading && !statements.data ? (
        <Loading />
      ) : shown.length === 0 ? (
        <Empty>{filtered ? 'No statements match these filters.' : 'No statements yet. Drop a bank statement (PDF, CSV, Excel) above.'}</Empty>
      ) : (
        <>
          <ul className="statements" aria-label="Statements, those that need you first">
            {shown.map((s) => (
              <StatementItem key={s.id} statement={s} onChanged={() => void statements.reload()} />
            ))}
          </ul>
          <div className="row">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous page
            </button>
            <span className="muted">
              Page {page} of {Math.max(1, Math.ceil((statements.data?.total ?? 0) / PAGE))}
            </span>
            <button type="button" className="secondary" disabled={!statements.data?.hasMore} onClick={() => setPage((p) => p + 1)}>
              Next page
            </button>
          </div>
        </>
      )}
      {/* A statement that completes may have created an account, or renamed one from its file. */}
      <StatementAccounts refreshKey={shown.filter((s) => s.status === 'completed').length} />
    </section>
  );
}
