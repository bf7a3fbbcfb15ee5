import { useState, type FormEvent } from 'react';
import type { StatementSchemas } from '@finance/client';
import { loadStatementAccounts } from '../../shared/calls';
import { withoutBlanks } from '../../shared/services';
import { CategoryOptions, TRANSACTION_TYPES, Empty, ErrorNote, Loading, milli, useLoad } from '../../shared/ui';
import { loadTransactions } from './calls';
import { InlineEdit } from './InlineEdit';

type Txn = StatementSchemas['Transaction'];
const PAGE = 50;

/** One row; it knows when a person has set it by hand (then rules leave it alone), also after an edit here. */
function TransactionRow({ t }: { t: Txn }) {
  const [source, setSource] = useState(t.category_source);
  const saved = (row: Txn) => setSource(row.category_source);
  return (
    <tr>
      <td>{t.date}</td>
      <td>{t.account_name ?? '—'}</td>
      <td>{t.particulars}</td>
      <td className="num">{t.inflow ? milli(t.inflow, t.account_currency) : ''}</td>
      <td className="num">{t.outflow ? milli(t.outflow, t.account_currency) : ''}</td>
      <td>{t.type}</td>
      <td>
        <InlineEdit txn={t} field="category" onSaved={saved} />
        {source === 'manual' && (
          <span className="badge" title="Set by hand: rules leave this row alone unless a run overrides hand-set rows">
            by hand
          </span>
        )}
      </td>
      <td>
        <InlineEdit txn={t} field="entity" onSaved={saved} />
      </td>
    </tr>
  );
}

type Filters = {
  account: string;
  type: Txn['type'] | '';
  category: string;
  entity: string;
  particulars: string;
  date_from: string;
  date_to: string;
};
const NO_FILTERS: Filters = { account: '', type: '', category: '', entity: '', particulars: '', date_from: '', date_to: '' };

export function TransactionsPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const accounts = useLoad(loadStatementAccounts, []);
  const txns = useLoad(() => loadTransactions({ ...withoutBlanks(filters), page, limit: PAGE }), [filters, page]);
  const set = (name: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }) as Filters);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setFilters(draft);
  };
  const total = txns.data?.page_context?.total ?? 0;
  return (
    <section aria-labelledby="txn-title">
      <h1 id="txn-title">Transactions</h1>
      <form className="card filters" onSubmit={apply} aria-label="Filters">
        <div>
          <label htmlFor="f-account">Account</label>
          <select id="f-account" value={draft.account} onChange={set('account')}>
            <option value="">All accounts</option>
            {accounts.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-type">Type</label>
          <select id="f-type" value={draft.type} onChange={set('type')}>
            <option value="">Any type</option>
            {TRANSACTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-particulars">Particulars contain</label>
          <input id="f-particulars" value={draft.particulars} onChange={set('particulars')} />
        </div>
        <div>
          <label htmlFor="f-category">Category is</label>
          <input id="f-category" list="category-options" value={draft.category} onChange={set('category')} />
        </div>
        <div>
          <label htmlFor="f-entity">Entity is</label>
          <input id="f-entity" value={draft.entity} onChange={set('entity')} />
        </div>
        <div>
          <label htmlFor="f-from">From</label>
          <input id="f-from" type="date" value={draft.date_from} onChange={set('date_from')} />
        </div>
        <div>
          <label htmlFor="f-to">To</label>
          <input id="f-to" type="date" value={draft.date_to} onChange={set('date_to')} />
        </div>
        <div className="row end">
          <button type="submit">Apply filters</button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <CategoryOptions id="category-options" />
      <ErrorNote error={txns.error} />
      {txns.loading && !txns.data ? (
        <Loading />
      ) : txns.data?.data.length === 0 ? (
        <Empty>No transactions match. Upload a statement, or clear the filters.</Empty>
      ) : (
        <>
          <p className="muted">
            {total} transaction{total === 1 ? '' : 's'}; category and entity can be edited in place (Enter or leaving the field saves, Escape cancels); a row
            edited by hand is marked "by hand" and rules leave it alone.
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Account</th>
                <th scope="col">Particulars</th>
                <th scope="col" className="num">
                  Inflow
                </th>
                <th scope="col" className="num">
                  Outflow
                </th>
                <th scope="col">Type</th>
                <th scope="col">Category</th>
                <th scope="col">Entity</th>
              </tr>
            </thead>
            <tbody>
              {txns.data?.data.map((t) => (
                <TransactionRow key={t.id} t={t} />
              ))}
            </tbody>
          </table>
          <div className="row">
            <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span className="muted">
              Page {page} of {Math.max(1, Math.ceil(total / PAGE))}
            </span>
            <button type="button" className="secondary" disabled={!txns.data?.page_context?.has_more} onClick={() => setPage((p) => p + 1)}>
              Next
            </button>
          </div>
        </>
      )}
    </section>
  );
}
