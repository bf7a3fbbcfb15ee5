import { useState, type FormEvent } from 'react';
import { useCanWrite } from '../../shared/role';
import { Empty, ErrorNote, Loading, milli, useAction, useLoad, when } from '../../shared/ui';
import { loadStatementRows, resumeStatement, type Statement } from './calls';
import { LayoutMapper } from './LayoutMapper';
import { CODE_WORDS, STATUS_WORDS, STEP_WORDS } from './words';

export function StatementItem({ statement: s, onChanged }: { statement: Statement; onChanged: () => void }) {
  const [showRows, setShowRows] = useState(false);
  return (
    <li className="card" aria-label={`Statement ${s.file_name}`}>
      <div className="row header">
        <strong>{s.file_name}</strong>
        <span className={`badge ${s.status}`}>{s.status}</span>
        <span className="muted">{STATUS_WORDS[s.status]}</span>
        {s.step && s.status !== 'completed' && <span className="muted">while {STEP_WORDS[s.step] ?? s.step}</span>}
        <span className="spacer" />
        <span className="muted">{when(s.created_at)}</span>
      </div>
      {s.error && (
        <div className={s.status === 'failed' ? 'error' : 'notice'}>
          <p className="plain-message">{CODE_WORDS[s.error.code] ?? s.error.message}</p>
          <details>
            <summary className="small">Details for support</summary>
            <p className="small">
              <code>{s.error.code}</code>: {s.error.message}
            </p>
          </details>
        </div>
      )}
      {s.status === 'stalled' && <Recovery statement={s} onChanged={onChanged} />}
      {s.status === 'completed' && (
        <>
          <p>
            {s.transaction_count} new transaction{s.transaction_count === 1 ? '' : 's'} of {s.parsed_data?.row_count ?? 0} rows read
            {s.parsed_data?.metadata.acc_no ? ` · account number ${s.parsed_data.metadata.acc_no}` : ''}
          </p>
          <button type="button" className="link" aria-expanded={showRows} onClick={() => setShowRows((v) => !v)}>
            {showRows ? 'Hide rows' : 'Show rows'}
          </button>
          {showRows && <StatementRows statement={s} />}
        </>
      )}
    </li>
  );
}

/** What a stalled statement needs, and nothing else: a password, an account number, or acceptance of its rows. */
function Recovery({ statement: s, onChanged }: { statement: Statement; onChanged: () => void }) {
  const [value, setValue] = useState('');
  const { busy, error, run } = useAction();
  const code = s.error?.code;
  const canWrite = useCanWrite();
  const send = (with_: Parameters<typeof resumeStatement>[1]) => (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      await resumeStatement(s.id, with_);
      setValue('');
      onChanged();
    });
  };
  // A viewer reads what is wrong; a member or an admin answers it.
  if (!canWrite && code !== 'BALANCE_MISMATCH') return null;
  if (code === 'PASSWORD_REQUIRED' || code === 'WRONG_PASSWORD') {
    return (
      <form className="row" onSubmit={send({ password: value })}>
        <label htmlFor={`pw-${s.id}`}>{code === 'WRONG_PASSWORD' ? 'That password was wrong. File password' : 'This file is protected. File password'}</label>
        <input id={`pw-${s.id}`} type="password" autoComplete="off" required value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" disabled={busy}>
          Unlock and resume
        </button>
        <ErrorNote error={error} />
      </form>
    );
  }
  if (code === 'ACCOUNT_NOT_DETECTED') {
    return (
      <form className="row" onSubmit={send({ acc_no: value })}>
        <label htmlFor={`acc-${s.id}`}>The account was not found in the file. Account number</label>
        <input id={`acc-${s.id}`} required value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" disabled={busy}>
          Resume
        </button>
        <ErrorNote error={error} />
      </form>
    );
  }
  if (code === 'LAYOUT_NOT_RECOGNISED' && s.parsed_data?.preview) return <LayoutMapper statement={s} onChanged={onChanged} />;
  if (code === 'BALANCE_MISMATCH' || code === 'REVIEW_REQUESTED') {
    const integrity = s.parsed_data?.integrity;
    const breaks = integrity?.breaks ?? [];
    const currency = s.parsed_data?.metadata.currency ?? null;
    return (
      <div>
        {breaks.length > 0 && (
          <>
            <p className="small" id={`breaks-${s.id}`}>
              {integrity?.break_count ?? breaks.length} row{(integrity?.break_count ?? breaks.length) === 1 ? '' : 's'} where the balance does not follow from
              the row before{(integrity?.break_count ?? 0) > breaks.length ? ` (first ${breaks.length} shown)` : ''}:
            </p>
            <table aria-label={`Rows that break the balance chain in ${s.file_name}`}>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Where in the file</th>
                  <th scope="col" className="num">
                    Balance expected
                  </th>
                  <th scope="col" className="num">
                    Balance printed
                  </th>
                  <th scope="col" className="num">
                    Difference
                  </th>
                </tr>
              </thead>
              <tbody>
                {breaks.map((b) => (
                  <tr key={b.row} className="breaks">
                    <td>{b.row}</td>
                    <td>{b.position}</td>
                    <td className="num">{milli(b.expected_balance, currency)}</td>
                    <td className="num">{milli(b.balance, currency)}</td>
                    <td className="num">{milli(b.balance - b.expected_balance, currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        {canWrite && (
          <div className="row">
            <span>Accept the rows as read, differences and all?</span>
            <button type="button" disabled={busy} onClick={() => send('accept')()}>
              Accept rows
            </button>
          </div>
        )}
        <ErrorNote error={error} />
      </div>
    );
  }
  return null;
}

function StatementRows({ statement: s }: { statement: Statement }) {
  // The statement's own rows (the statement service's statement_id filter), not the account's first 500 filtered here.
  const rows = useLoad(() => loadStatementRows(s.id), [s.id]);
  if (rows.loading && !rows.data) return <Loading />;
  if (rows.error) return <ErrorNote error={rows.error} />;
  if (!rows.data?.data.length) return <Empty>No new rows came from this statement (they were already stored).</Empty>;
  const shown = rows.data.data;
  const total = rows.data.page_context?.total ?? shown.length;
  return (
    <>
      {total > shown.length && (
        <p className="muted">
          The first {shown.length} of {total} rows; the Transactions page lists them all.
        </p>
      )}
      <table aria-label={`Rows of ${s.file_name}`}>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Particulars</th>
            <th scope="col" className="num">
              Inflow
            </th>
            <th scope="col" className="num">
              Outflow
            </th>
            <th scope="col" className="num">
              Balance
            </th>
            <th scope="col">Category</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={r.id}>
              <td>{r.date}</td>
              <td>{r.particulars}</td>
              <td className="num">{r.inflow ? milli(r.inflow, r.account_currency) : ''}</td>
              <td className="num">{r.outflow ? milli(r.outflow, r.account_currency) : ''}</td>
              <td className="num">{milli(r.balance, r.account_currency)}</td>
              <td>{r.category ?? <span className="muted">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
