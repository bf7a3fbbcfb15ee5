import { useState, type FormEvent } from 'react';
import { useCanWrite } from '../../shared/role';
import { minorDigits } from '../../shared/money';
import { Confirm, Empty, ErrorNote, Loading, minor, today, useAction, useLoad } from '../../shared/ui';
import { loadRecentTransactions, postTransaction, reverseTransaction, type LedgerTransaction, type TreeNode } from './calls';

interface Line {
  account: string;
  side: 'debit' | 'credit';
  amount: string;
}

/** "1,234.5" in the currency's units as an integer of its minor units, exactly (no floating point); null when not a number. */
function toMinor(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(text.replaceAll(',', ''));
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

function postable(nodes: TreeNode[] | undefined, out: TreeNode[] = []): TreeNode[] {
  for (const n of nodes ?? []) {
    if (!n.is_group && n.status === 'active') out.push(n);
    postable(n.children, out);
  }
  return out;
}

/** Post a journal entry (several lines, checked to balance before it is sent) and reverse posted ones. */
export function Journal({ tree, onPosted }: { tree?: TreeNode[]; onPosted: () => void }) {
  const accounts = postable(tree);
  const [date, setDate] = useState(today());
  const [narration, setNarration] = useState('');
  const [currency, setCurrency] = useState('INR');
  const blank = (side: Line['side']): Line => ({ account: '', side, amount: '' });
  const [lines, setLines] = useState<Line[]>([blank('debit'), blank('credit')]);
  const [posted, setPosted] = useState<string | undefined>(undefined);
  const post = useAction();
  const recent = useLoad(loadRecentTransactions, []);
  const canWrite = useCanWrite();
  const amounts = lines.map((l) => (l.amount === '' ? 0 : toMinor(l.amount, currency)));
  const debit = lines.reduce((sum, l, i) => sum + (l.side === 'debit' ? (amounts[i] ?? 0) : 0), 0);
  const credit = lines.reduce((sum, l, i) => sum + (l.side === 'credit' ? (amounts[i] ?? 0) : 0), 0);
  const problem = amounts.some((a) => a === null)
    ? `an amount is not a number of ${currency} (at most ${minorDigits(currency)} decimals)`
    : lines.some((l, i) => !l.account && amounts[i])
      ? 'choose an account on every line with an amount'
      : debit === 0
        ? 'enter the amounts'
        : debit !== credit
          ? `debits (${minor(debit, currency)}) and credits (${minor(credit, currency)}) differ by ${minor(Math.abs(debit - credit), currency)}`
          : undefined;
  const update = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem) return;
    setPosted(undefined);
    void post.run(async () => {
      const txn = await postTransaction({
        date,
        narration: narration || undefined,
        currency,
        entries: lines
          .map((l, i) => ({ account: l.account, amount: amounts[i] ?? 0, side: l.side }))
          .filter((l) => l.amount > 0)
          .map((l) => ({ account: l.account, [l.side]: l.amount })),
      });
      setPosted(`Posted ${narration || 'the entry'} on ${txn.date}: ${minor(txn.total_debit, txn.currency)} ${txn.currency}.`);
      setNarration('');
      setLines([blank('debit'), blank('credit')]);
      await recent.reload();
      onPosted();
    });
  };
  return (
    <div>
      {canWrite && (
        <form className="card" onSubmit={submit} aria-labelledby="journal-title">
          <h2 id="journal-title">Post a journal entry</h2>
          <div className="row">
            <div>
              <label htmlFor="je-date">Date</label>
              <input id="je-date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
            </div>
            <div className="grow">
              <label htmlFor="je-narration">Narration</label>
              <input id="je-narration" value={narration} onChange={(e) => setNarration(e.target.value)} />
            </div>
            <div>
              <label htmlFor="je-currency">Currency</label>
              <input id="je-currency" required value={currency} maxLength={3} size={4} onChange={(e) => setCurrency(e.target.value.toUpperCase())} />
            </div>
          </div>
          <fieldset className="journal-lines">
            <legend>Lines</legend>
            {lines.map((l, i) => (
              <div className="row" key={i}>
                <div className="grow">
                  <label htmlFor={`je-account-${i}`}>Line {i + 1} account</label>
                  <select id={`je-account-${i}`} value={l.account} onChange={(e) => update(i, { account: e.target.value })}>
                    <option value="">Choose an account</option>
                    {accounts.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.name} ({a.type})
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={`je-side-${i}`}>Line {i + 1} side</label>
                  <select id={`je-side-${i}`} value={l.side} onChange={(e) => update(i, { side: e.target.value as Line['side'] })}>
                    <option value="debit">Debit</option>
                    <option value="credit">Credit</option>
                  </select>
                </div>
                <div>
                  <label htmlFor={`je-amount-${i}`}>Line {i + 1} amount</label>
                  <input id={`je-amount-${i}`} inputMode="decimal" value={l.amount} size={10} onChange={(e) => update(i, { amount: e.target.value })} />
                </div>
                {lines.length > 2 && (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                    aria-label={`Remove line ${i + 1}`}
                  >
                    Remove
                  </button>
                )}
              </div>
            ))}
            <button type="button" className="secondary" onClick={() => setLines((ls) => [...ls, blank('debit')])}>
              Add line
            </button>
          </fieldset>
          <p aria-live="polite" className={problem ? 'warn' : 'ok'}>
            {problem ? `Not balanced yet: ${problem}.` : `Balanced: ${minor(debit, currency)} ${currency} on each side.`}
          </p>
          <ErrorNote error={post.error} />
          {posted && <p role="status">{posted}</p>}
          <button type="submit" disabled={post.busy || problem !== undefined}>
            Post entry
          </button>
        </form>
      )}
      <h2>Recent transactions</h2>
      <ErrorNote error={recent.error} />
      {recent.loading && !recent.data ? (
        <Loading />
      ) : !recent.data?.data.length ? (
        <Empty>No transactions yet.</Empty>
      ) : (
        <table aria-label="Recent transactions">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Narration</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Amount
              </th>
              {canWrite && <th scope="col">Action</th>}
            </tr>
          </thead>
          <tbody>
            {recent.data.data.map((t) => (
              <RecentRow
                key={t.id}
                txn={t}
                onReversed={() => {
                  void recent.reload();
                  onPosted();
                }}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function RecentRow({ txn: t, onReversed }: { txn: LedgerTransaction; onReversed: () => void }) {
  const canWrite = useCanWrite();
  const [asking, setAsking] = useState(false);
  // The original's date by default; a transaction of a closed period is reversed on a date after the closing.
  const [reversalDate, setReversalDate] = useState(t.date);
  const { busy, error, run } = useAction();
  return (
    <tr>
      <td>{t.date}</td>
      <td>
        {t.narration ?? '—'}
        {t.reversal_of && <span className="muted small"> (a reversal)</span>}
      </td>
      <td>{t.reversed_by ? 'reversed' : t.status}</td>
      <td className="num">
        {minor(t.total_debit, t.currency)} {t.currency}
      </td>
      {canWrite && (
        <td>
          {t.status === 'posted' && !t.reversed_by && !t.reversal_of && !asking && (
            <button type="button" className="secondary" onClick={() => setAsking(true)} aria-label={`Reverse ${t.narration ?? t.date}`}>
              Reverse
            </button>
          )}
          {asking && (
            <Confirm
              question={
                <>
                  Reverse &quot;{t.narration ?? t.date}&quot;? A new transaction with the opposite entries is posted on{' '}
                  <input type="date" aria-label="Reversal date" required value={reversalDate} onChange={(e) => setReversalDate(e.target.value)} />; this one
                  stays posted, and the two cancel out.
                </>
              }
              confirmLabel="Yes, reverse it"
              busy={busy}
              onCancel={() => setAsking(false)}
              onConfirm={() =>
                void run(async () => {
                  await reverseTransaction(t.id, reversalDate);
                  setAsking(false);
                  onReversed();
                })
              }
            />
          )}
          <ErrorNote error={error} />
        </td>
      )}
    </tr>
  );
}
