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
  parsed_data: {
    row_count: number;
    metadata: { acc_no: string | null; currency?: string | null };
    integrity?: { balance_chain: string; break_count?: number; breaks?: Break[] } | null;
  } | null;
  transaction_count: number;
  created_at: string;
}
/** A row where the bank's running balance does not follow from the one before it (milli-units). */
interface Break {
  row: number;
  position: string;
  expected_balance: number;
  balance: number;
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
const PAGE = 50;
const STATUSES = ['stalled', 'queued', 'processing', 'completed', 'failed'] as const;

/** What each state and code means, for a finance person rather than a developer: the code stays, small, for support. */
const STATUS_WORDS: Record<Statement['status'], string> = {
  queued: 'waiting to be read',
  processing: 'being read',
  stalled: 'needs you',
  completed: 'done',
  failed: 'could not be read',
};
const STEP_WORDS: Record<string, string> = {
  read_file: 'opening the file',
  parse: 'reading the transactions',
  detect_account: 'finding the account',
  categorize: 'applying your rules',
};
const CODE_WORDS: Record<string, string> = {
  PASSWORD_REQUIRED: 'This file is locked with a password. Enter it below and we will carry on.',
  WRONG_PASSWORD: 'The password did not open the file. Check it (passwords are case-sensitive) and try again.',
  ACCOUNT_NOT_DETECTED: 'We could not tell which account this statement belongs to. Enter its account number below.',
  BALANCE_MISMATCH:
    "The transactions we read do not add up to the bank's own running balances, so a line may have been missed or misread. Check the rows listed below against the file, then either accept them as read or upload a corrected file.",
  UNSUPPORTED_FILE: 'This file type cannot be read. Download the statement from your bank as PDF, CSV, Excel, OFX, QIF, CAMT.053 or MT940.',
  PARSE_FAILED: 'We could not find the transactions in this file. It may be a summary rather than a statement, or a layout we do not know yet.',
  PROCESSING_FAILED: 'Something went wrong on our side while reading this file. Upload it again; if it keeps failing, tell support.',
};

interface Filters {
  status: string;
  account_id: string;
  created_at_from: string;
  created_at_to: string;
}
const NO_FILTERS: Filters = { status: '', account_id: '', created_at_from: '', created_at_to: '' };

export function StatementsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = {
    status: filters.status || undefined,
    account_id: filters.account_id || undefined,
    // Dates as the person picks them: the whole "to" day counts.
    created_at_from: filters.created_at_from ? `${filters.created_at_from}T00:00:00Z` : undefined,
    created_at_to: filters.created_at_to ? `${filters.created_at_to}T23:59:59.999Z` : undefined,
  };
  const statements = useLoad(
    async () => {
      const list = await api<ListReply<Statement>>('GET', svc('statement', `/statements${qs({ ...query, page, limit: PAGE })}`));
      // Stalled statements wait for a person: they come first, whichever page of the rest is shown.
      const stalled =
        filters.status === ''
          ? (await api<ListReply<Statement>>('GET', svc('statement', `/statements${qs({ ...query, status: 'stalled', limit: 100 })}`))).data
          : [];
      // By id: a statement that stalled between the two reads is listed once, as the later read saw it.
      const first = new Set(stalled.map((x) => x.id));
      const rest = list.data.filter((x) => !first.has(x.id));
      return { stalled, rest, total: list.page_context?.total ?? list.data.length, hasMore: list.page_context?.has_more ?? false };
    },
    [filters, page],
    REFRESH_MS,
  );
  const accounts = useLoad(() => api<ListReply<Account>>('GET', svc('statement', '/accounts?limit=500')).then((r) => r.data), []);
  const set = (name: keyof Filters) => (e: { target: { value: string } }) => {
    setPage(1);
    setFilters((f) => ({ ...f, [name]: e.target.value }));
  };
  const shown = [...(statements.data?.stalled ?? []), ...(statements.data?.rest ?? [])];
  const filtered = filters !== NO_FILTERS;
  return (
    <section aria-labelledby="statements-title">
      <h1 id="statements-title">Statements</h1>
      <Upload accounts={accounts.data ?? []} onUploaded={() => void statements.reload()} />
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
        <div className="row">
          <span>Accept the rows as read, differences and all?</span>
          <button type="button" disabled={busy} onClick={() => send('accept', {})()}>
            Accept rows
          </button>
        </div>
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
