import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { api, qs, svc, type ListReply } from '../api';
import { Empty, ErrorNote, Loading, milli, useAction, useLoad, when } from '../ui';

interface Statement {
  id: string;
  file_name: string;
  file_type: string;
  status: 'queued' | 'processing' | 'stalled' | 'completed' | 'failed';
  step: string | null;
  error: { code: string; message: string } | null;
  account_id: string | null;
  parsed_data: { row_count: number; metadata: { acc_no: string | null } } | null;
  transaction_count: number;
  created_at: string;
}
interface Account {
  id: string;
  name: string;
  acc_no: string | null;
  category: string;
}
interface Row {
  id: string;
  date: string;
  particulars: string;
  inflow: number;
  outflow: number;
  balance: number | null;
  category: string | null;
  statement: string | null;
  account_currency: string | null;
}

const REFRESH_MS = 2_000;

export function StatementsPage() {
  const statements = useLoad(() => api<ListReply<Statement>>('GET', svc('statement', '/statements?limit=50')).then((r) => r.data), [], REFRESH_MS);
  const accounts = useLoad(() => api<ListReply<Account>>('GET', svc('statement', '/accounts?limit=500')).then((r) => r.data), []);
  return (
    <section aria-labelledby="statements-title">
      <h1 id="statements-title">Statements</h1>
      <Upload accounts={accounts.data ?? []} onUploaded={() => void statements.reload()} />
      <h2>Uploaded statements</h2>
      <ErrorNote error={statements.error} />
      {statements.loading && !statements.data ? (
        <Loading />
      ) : statements.data?.length === 0 ? (
        <Empty>No statements yet. Drop a bank statement (PDF, CSV, Excel) above.</Empty>
      ) : (
        <ul className="statements" aria-live="polite">
          {statements.data?.map((s) => (
            <StatementItem key={s.id} statement={s} onChanged={() => void statements.reload()} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Upload({ accounts, onUploaded }: { accounts: Account[]; onUploaded: () => void }) {
  const [file, setFile] = useState<File | undefined>(undefined);
  const [accountId, setAccountId] = useState('');
  const [password, setPassword] = useState('');
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, run } = useAction();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    void run(async () => {
      const form = new FormData();
      form.append('file', file, file.name);
      if (accountId) form.append('account_id', accountId);
      if (password) form.append('password', password);
      await api('POST', svc('statement', '/statements'), form);
      setFile(undefined);
      setPassword('');
      if (input.current) input.current.value = '';
      onUploaded();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="upload-title">
      <h2 id="upload-title">Upload a statement</h2>
      <div
        className={`dropzone${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="dropzone"
      >
        <p>{file ? <strong>{file.name}</strong> : 'Drop a statement file here, or choose one:'}</p>
        <label htmlFor="statement-file">Statement file</label>
        <input
          id="statement-file"
          ref={input}
          type="file"
          accept=".pdf,.csv,.xls,.xlsx,.ofx,.qfx,.qif,.xml,.sta,.mt940,.txt"
          onChange={(e) => setFile(e.target.files?.[0])}
        />
      </div>
      <label htmlFor="statement-account">Account (optional: detected from the file when left empty)</label>
      <select id="statement-account" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
        <option value="">Detect from the file</option>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} {a.acc_no ? `(${a.acc_no})` : ''}
          </option>
        ))}
      </select>
      <label htmlFor="statement-password">File password (optional)</label>
      <input id="statement-password" type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy || !file}>
        {busy ? 'Uploading…' : 'Upload'}
      </button>
    </form>
  );
}

function StatementItem({ statement: s, onChanged }: { statement: Statement; onChanged: () => void }) {
  const [showRows, setShowRows] = useState(false);
  return (
    <li className="card" aria-label={`Statement ${s.file_name}`}>
      <div className="row header">
        <strong>{s.file_name}</strong>
        <span className={`badge ${s.status}`}>{s.status}</span>
        {s.step && s.status !== 'completed' && <span className="muted">step: {s.step}</span>}
        <span className="spacer" />
        <span className="muted">{when(s.created_at)}</span>
      </div>
      {s.error && (
        <p className={s.status === 'failed' ? 'error' : 'notice'}>
          {s.error.code}: {s.error.message}
        </p>
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
  const send = (path: string, body: object) => (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      await api('POST', svc('statement', `/statements/${s.id}/${path}`), body);
      setValue('');
      onChanged();
    });
  };
  if (code === 'PASSWORD_REQUIRED' || code === 'WRONG_PASSWORD') {
    return (
      <form className="row" onSubmit={send('password', { password: value })}>
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
      <form className="row" onSubmit={send('account-number', { acc_no: value })}>
        <label htmlFor={`acc-${s.id}`}>The account was not found in the file. Account number</label>
        <input id={`acc-${s.id}`} required value={value} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" disabled={busy}>
          Resume
        </button>
        <ErrorNote error={error} />
      </form>
    );
  }
  if (code === 'BALANCE_MISMATCH') {
    return (
      <div className="row">
        <span>The rows do not reconcile with the running balances. Accept them as read?</span>
        <button type="button" disabled={busy} onClick={() => send('accept', {})()}>
          Accept rows
        </button>
        <ErrorNote error={error} />
      </div>
    );
  }
  return null;
}

function StatementRows({ statement: s }: { statement: Statement }) {
  // The statement's own rows (the statement service's statement_id filter), not the account's first 500 filtered here.
  const rows = useLoad(() => api<ListReply<Row>>('GET', svc('statement', `/transactions${qs({ statement_id: s.id, limit: 500, sort_order: 'ASC' })}`)), [s.id]);
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
