import { useState, type FormEvent } from 'react';
import type { LedgerSchemas } from '@finance/client';
import { fiscalYearOf, latestPostedDate } from '../../shared/fiscal';
import { Empty, ErrorNote, Loading, useAction, useLoad, when } from '../../shared/ui';
import { changeSettings, closePeriod, loadPeriodEvents, loadSettings, reopenPeriod } from './calls';

type Settings = LedgerSchemas['LedgerSettings'];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Fiscal year and closed periods: admins only (the console refuses these writes to other members). */
export function PeriodsPage() {
  const settings = useLoad(loadSettings, []);
  const history = useLoad(loadPeriodEvents, []);
  const reload = async () => {
    await Promise.all([settings.reload(), history.reload()]);
  };
  return (
    <section aria-labelledby="periods-title">
      <h1 id="periods-title">Periods</h1>
      <ErrorNote error={settings.error} />
      {settings.loading && !settings.data ? <Loading /> : settings.data && <State settings={settings.data} />}
      {settings.data && (
        <FiscalYear
          key={`${settings.data.base_currency}-${settings.data.fiscal_year_start_month}-${settings.data.fiscal_year_start_day}`}
          settings={settings.data}
          onSaved={reload}
        />
      )}
      <ClosePeriod onDone={reload} />
      {settings.data?.closed_through && <ReopenPeriod closedThrough={settings.data.closed_through} onDone={reload} />}
      <h2>History</h2>
      <ErrorNote error={history.error} />
      {history.loading && !history.data ? (
        <Loading />
      ) : history.data?.length === 0 ? (
        <Empty>No period has been closed yet.</Empty>
      ) : (
        <table aria-label="Closes and reopens">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Closed through</th>
              <th scope="col">Before</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {history.data?.map((e) => (
              <tr key={e.id}>
                <td>{when(e.created_at)}</td>
                <td>{e.action === 'close' ? 'closed' : 'reopened'}</td>
                <td>{e.closed_through ?? 'nothing closed'}</td>
                <td>{e.previous_closed_through ?? '—'}</td>
                <td>{e.reason ?? '—'}</td>
                <td>{e.member?.email ?? `key ${e.api_key}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function State({ settings }: { settings: Settings }) {
  const fy = settings.current_fiscal_year;
  // The year the books are being worked in, which at a year's end is often the last one, not today's (issue 35).
  const latest = useLoad(latestPostedDate, []);
  const books = latest.data ? fiscalYearOf(latest.data, settings.fiscal_year_start_month, settings.fiscal_year_start_day) : undefined;
  return (
    <div className="card" role="status" aria-label="Books">
      <p>
        {settings.closed_through ? (
          <>
            Books closed through <strong>{settings.closed_through}</strong>: nothing dated on or before it can be posted or voided; a transaction dated there is
            corrected by a reversal dated after it.
          </>
        ) : (
          'No period is closed.'
        )}
      </p>
      <p className="muted">
        Fiscal year {fy.fiscal_year}: {fy.date_from} to {fy.date_to} (starts {MONTHS[settings.fiscal_year_start_month - 1]} {settings.fiscal_year_start_day}
        {settings.fiscal_year_start_default ? `, the default for ${settings.base_currency}` : ''}).
      </p>
      {books && books.fiscal_year !== fy.fiscal_year && (
        <p>
          The books' latest entry is dated {latest.data}, in fiscal year {books.fiscal_year}: {books.date_from} to {books.date_to}.
        </p>
      )}
    </div>
  );
}

function FiscalYear({ settings, onSaved }: { settings: Settings; onSaved: () => Promise<void> }) {
  const [baseCurrency, setBaseCurrency] = useState(settings.base_currency);
  const [month, setMonth] = useState(settings.fiscal_year_start_month);
  const [day, setDay] = useState(settings.fiscal_year_start_day);
  const { busy, error, run } = useAction();
  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await changeSettings({ base_currency: baseCurrency, fiscal_year_start_month: month, fiscal_year_start_day: day });
      await onSaved();
    });
  };
  const useDefault = () =>
    void run(async () => {
      await changeSettings({ base_currency: baseCurrency, fiscal_year_start_month: null, fiscal_year_start_day: null });
      await onSaved();
    });
  return (
    <form className="card" onSubmit={save} aria-labelledby="fy-title">
      <h2 id="fy-title">Fiscal year</h2>
      <p className="muted small">The balance sheet shows earnings before the fiscal year as retained, and since its start as current.</p>
      <label htmlFor="base-currency">Base currency</label>
      <input
        id="base-currency"
        required
        pattern="[A-Z]{3}"
        maxLength={3}
        value={baseCurrency}
        onChange={(e) => setBaseCurrency(e.target.value.toUpperCase())}
      />
      <label htmlFor="fy-month">Starts in</label>
      <select id="fy-month" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
        {MONTHS.map((name, i) => (
          <option key={name} value={i + 1}>
            {name}
          </option>
        ))}
      </select>
      <label htmlFor="fy-day">On day</label>
      <input id="fy-day" type="number" min={1} max={31} required value={day} onChange={(e) => setDay(Number(e.target.value))} />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        Save fiscal year
      </button>
      <button type="button" className="secondary" disabled={busy} onClick={useDefault}>
        Use the default for the base currency
      </button>
    </form>
  );
}

function ClosePeriod({ onDone }: { onDone: () => Promise<void> }) {
  const [through, setThrough] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await closePeriod({ through, reason: reason.trim() || null });
      setReason('');
      await onDone();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="close-title">
      <h2 id="close-title">Close the books</h2>
      <p className="muted small">After a return is filed or the year is audited: postings dated on or before the date are refused.</p>
      <label htmlFor="close-through">Close through</label>
      <input id="close-through" type="date" required value={through} onChange={(e) => setThrough(e.target.value)} />
      <label htmlFor="close-reason">Reason (optional)</label>
      <input id="close-reason" maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        Close period
      </button>
    </form>
  );
}

function ReopenPeriod({ closedThrough, onDone }: { closedThrough: string; onDone: () => Promise<void> }) {
  const [from, setFrom] = useState('');
  const [reason, setReason] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await reopenPeriod({ reason, ...(from ? { from } : {}) });
      setReason('');
      setFrom('');
      await onDone();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="reopen-title">
      <h2 id="reopen-title">Reopen</h2>
      <p className="muted small">Reopens every closed date from the date given (all of them, through {closedThrough}, without one). The reason is recorded.</p>
      <label htmlFor="reopen-from">Reopen from (optional)</label>
      <input id="reopen-from" type="date" max={closedThrough} value={from} onChange={(e) => setFrom(e.target.value)} />
      <label htmlFor="reopen-reason">Reason</label>
      <input id="reopen-reason" required maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
      <ErrorNote error={error} />
      <button type="submit" disabled={busy}>
        Reopen period
      </button>
    </form>
  );
}
