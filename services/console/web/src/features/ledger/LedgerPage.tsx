import { useState, type FormEvent } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, qs, svc, type ListReply } from '../api';
import { minorDigits, unitsOfMinor } from '../money';
import { Confirm, Empty, ErrorNote, Loading, minor, today, useAction, useLoad } from '../ui';

interface ReportNode {
  account: string;
  name: string;
  is_group: boolean;
  balance: number;
  children: ReportNode[];
}
interface Section {
  key: string;
  name: string;
  total: number;
  accounts: ReportNode[];
}
interface BalanceSheetFigures {
  currency: string | null;
  assets: Section;
  liabilities: Section;
  equity: Section;
  /** Income less expenses before the fiscal year containing the date, and since its start. */
  retained_earnings: number;
  current_earnings: number;
  total_assets: number;
  total_liabilities_and_equity: number;
  balanced: boolean;
}
interface IncomeFigures {
  currency: string | null;
  income: Section;
  expenses: Section;
  net_income: number;
  net_income_before_depreciation: number;
}
interface TrialRow {
  account: string;
  name: string;
  type: string;
  debit: number;
  credit: number;
}
interface TrialFigures {
  currency: string | null;
  accounts: TrialRow[];
  total_debit: number;
  total_credit: number;
  balanced: boolean;
}
type PerCurrency<F> = F & { currencies: string[]; by_currency: F[] };
interface TreeNode {
  id: string;
  name: string;
  type: string;
  is_group: boolean;
  status: string;
  children: TreeNode[];
}

const TABS = [
  { id: 'balance_sheet', title: 'Balance sheet' },
  { id: 'income_statement', title: 'Income statement' },
  { id: 'trial_balance', title: 'Trial balance' },
  { id: 'accounts', title: 'Chart of accounts' },
  { id: 'journal', title: 'Journal' },
] as const;
type Tab = (typeof TABS)[number]['id'];
const COLOURS = ['#2456d6', '#d6455d', '#2f9e6e', '#e08a1e', '#7a4fd1', '#1b9aaa', '#8c8c8c', '#c2527a'];

/** The figures of one currency: reports never add currencies together. */
function inCurrency<F extends { currency: string | null }>(report: PerCurrency<F> | undefined, currency: string | undefined): F | undefined {
  if (!report) return undefined;
  if (report.by_currency.length === 0) return report;
  return report.by_currency.find((f) => f.currency === currency) ?? report.by_currency[0];
}

export function LedgerPage() {
  const [asOf, setAsOf] = useState(today());
  const [from, setFrom] = useState(`${today().slice(0, 4)}-01-01`);
  const [tab, setTab] = useState<Tab>('balance_sheet');
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const sheet = useLoad(
    () => api<{ data: PerCurrency<BalanceSheetFigures> }>('GET', svc('ledger', `/reports/balance_sheet${qs({ as_of: asOf })}`)).then((r) => r.data),
    [asOf],
  );
  const income = useLoad(
    () =>
      api<{ data: PerCurrency<IncomeFigures> }>('GET', svc('ledger', `/reports/income_statement${qs({ date_from: from, date_to: asOf })}`)).then((r) => r.data),
    [from, asOf],
  );
  const cumulative = useLoad(
    () => api<{ data: PerCurrency<IncomeFigures> }>('GET', svc('ledger', `/reports/income_statement${qs({ date_to: asOf })}`)).then((r) => r.data),
    [asOf],
  );
  const trial = useLoad(
    () => api<{ data: PerCurrency<TrialFigures> }>('GET', svc('ledger', `/reports/trial_balance${qs({ as_of: asOf })}`)).then((r) => r.data),
    [asOf],
  );
  const tree = useLoad(() => api<{ data: { accounts: TreeNode[] } }>('GET', svc('ledger', '/accounts/tree')).then((r) => r.data.accounts), []);
  const seed = useAction();

  const currencies = [...new Set([...(sheet.data?.currencies ?? []), ...(income.data?.currencies ?? [])])].sort();
  const cur = currency ?? currencies[0];

  return (
    <section aria-labelledby="ledger-title">
      <h1 id="ledger-title">Ledger</h1>
      <div className="card filters">
        <div>
          <label htmlFor="as-of">As of</label>
          <input id="as-of" type="date" value={asOf} onChange={(e) => e.target.value && setAsOf(e.target.value)} />
        </div>
        <div>
          <label htmlFor="period-from">Income statement from</label>
          <input id="period-from" type="date" value={from} onChange={(e) => e.target.value && setFrom(e.target.value)} />
        </div>
        {currencies.length > 1 && (
          <div>
            <label htmlFor="currency">Currency</label>
            <select id="currency" value={cur} onChange={(e) => setCurrency(e.target.value)}>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
        )}
      </div>
      {tree.data && tree.data.length === 0 && (
        <div className="card">
          <Empty>This organization has no chart of accounts yet.</Empty>
          <button
            type="button"
            disabled={seed.busy}
            onClick={() =>
              void seed.run(async () => {
                await api('POST', svc('ledger', '/accounts/seed'));
                await tree.reload();
              })
            }
          >
            Create the standard account groups
          </button>
          <ErrorNote error={seed.error} />
        </div>
      )}
      <div role="tablist" aria-label="Ledger reports" className="tabs">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            onClick={() => setTab(t.id)}
            type="button"
          >
            {t.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'balance_sheet' && <BalanceSheet figures={inCurrency(sheet.data, cur)} error={sheet.error} asOf={asOf} />}
        {tab === 'income_statement' && <IncomeStatement figures={inCurrency(income.data, cur)} error={income.error} from={from} to={asOf} />}
        {tab === 'trial_balance' && <TrialBalance figures={inCurrency(trial.data, cur)} error={trial.error} asOf={asOf} />}
        {tab === 'accounts' && (
          <AccountTree
            tree={tree.data}
            error={tree.error ?? sheet.error}
            balances={balancesOf([
              inCurrency(sheet.data, cur)?.assets,
              inCurrency(sheet.data, cur)?.liabilities,
              inCurrency(sheet.data, cur)?.equity,
              inCurrency(cumulative.data, cur)?.income,
              inCurrency(cumulative.data, cur)?.expenses,
            ])}
            currency={cur}
            asOf={asOf}
          />
        )}
        {tab === 'journal' && (
          <Journal
            tree={tree.data}
            onPosted={() => {
              void sheet.reload();
              void income.reload();
              void cumulative.reload();
              void trial.reload();
            }}
          />
        )}
      </div>
    </section>
  );
}

function balancesOf(sections: (Section | undefined)[]): Map<string, number> {
  const map = new Map<string, number>();
  const walk = (nodes: ReportNode[]) => {
    for (const n of nodes) {
      map.set(n.account, n.balance);
      walk(n.children);
    }
  };
  for (const s of sections) if (s) walk(s.accounts);
  return map;
}

function Nodes({ nodes, depth = 0, currency }: { nodes: ReportNode[]; depth?: number; currency: string | null }) {
  return (
    <>
      {nodes.map((n) => (
        <FragmentRow key={n.account} node={n} depth={depth} currency={currency} />
      ))}
    </>
  );
}
function FragmentRow({ node, depth, currency }: { node: ReportNode; depth: number; currency: string | null }) {
  if (node.is_group && node.balance === 0 && node.children.every((c) => c.balance === 0)) return null;
  return (
    <>
      <tr className={node.is_group ? 'group' : undefined}>
        <td style={{ paddingLeft: `${0.5 + depth * 1.2}rem` }}>{node.name}</td>
        <td className="num">{minor(node.balance, currency)}</td>
      </tr>
      <Nodes nodes={node.children} depth={depth + 1} currency={currency} />
    </>
  );
}

function SectionTable({ section, extra = [], currency }: { section: Section; extra?: { name: string; amount: number }[]; currency: string | null }) {
  return (
    <table aria-label={section.name}>
      <thead>
        <tr>
          <th scope="col">{section.name}</th>
          <th scope="col" className="num">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        <Nodes nodes={section.accounts} currency={currency} />
        {extra.map((x) => (
          <tr key={x.name}>
            <td>{x.name}</td>
            <td className="num">{minor(x.amount, currency)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">
            Total {section.name.toLowerCase()}
            {extra.length ? ' and earnings' : ''}
          </th>
          <td className="num">
            <strong>
              {minor(
                extra.reduce((sum, x) => sum + x.amount, section.total),
                currency,
              )}
            </strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function BalanceSheet({ figures, error, asOf }: { figures?: BalanceSheetFigures; error?: Error; asOf: string }) {
  if (error) return <ErrorNote error={error} />;
  if (!figures) return <Loading />;
  const empty = figures.total_assets === 0 && figures.total_liabilities_and_equity === 0;
  const cur = figures.currency;
  const units = (n: number) => unitsOfMinor(n, cur);
  const chart = [
    { name: 'Assets', Assets: units(figures.total_assets) },
    {
      name: 'Claims',
      Liabilities: units(figures.liabilities.total),
      Equity: units(figures.equity.total),
      'Retained earnings': units(figures.retained_earnings),
      'Current earnings': units(figures.current_earnings),
    },
  ];
  return (
    <div>
      <h2>
        Balance sheet as of {asOf} {figures.currency ? `(${figures.currency})` : ''}{' '}
        <span className={`badge ${figures.balanced ? 'completed' : 'failed'}`}>{figures.balanced ? 'balanced' : 'not balanced'}</span>
      </h2>
      {empty ? (
        <Empty>Nothing is posted up to this date.</Empty>
      ) : (
        <div
          className="chart"
          role="img"
          aria-label={`Assets ${minor(figures.total_assets, cur)} against liabilities, equity and earnings ${minor(figures.total_liabilities_and_equity, cur)}`}
        >
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={chart} layout="vertical" margin={{ left: 20, right: 20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e7ee" />
              <XAxis type="number" fontSize={11} />
              <YAxis type="category" dataKey="name" fontSize={12} width={70} />
              <Tooltip />
              <Legend />
              <Bar dataKey="Assets" stackId="a" fill={COLOURS[0]} isAnimationActive={false} />
              <Bar dataKey="Liabilities" stackId="a" fill={COLOURS[1]} isAnimationActive={false} />
              <Bar dataKey="Equity" stackId="a" fill={COLOURS[2]} isAnimationActive={false} />
              <Bar dataKey="Retained earnings" stackId="a" fill={COLOURS[4]} isAnimationActive={false} />
              <Bar dataKey="Current earnings" stackId="a" fill={COLOURS[3]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <div className="columns">
        <SectionTable section={figures.assets} currency={cur} />
        <div>
          <SectionTable section={figures.liabilities} currency={cur} />
          <SectionTable
            section={figures.equity}
            extra={[
              { name: 'Retained earnings', amount: figures.retained_earnings },
              { name: 'Current earnings', amount: figures.current_earnings },
            ]}
            currency={cur}
          />
        </div>
      </div>
      <p>
        Total assets <strong>{minor(figures.total_assets, cur)}</strong> · total liabilities and equity{' '}
        <strong>{minor(figures.total_liabilities_and_equity, cur)}</strong>
      </p>
    </div>
  );
}

function IncomeStatement({ figures, error, from, to }: { figures?: IncomeFigures; error?: Error; from: string; to: string }) {
  if (error) return <ErrorNote error={error} />;
  if (!figures) return <Loading />;
  const cur = figures.currency;
  const slices = (section: Section) =>
    section.accounts
      .flatMap((n) => (n.is_group && n.children.length ? n.children : [n]))
      .filter((n) => n.balance > 0)
      .map((n) => ({ name: n.name, value: unitsOfMinor(n.balance, cur) }));
  const expenseSlices = slices(figures.expenses);
  return (
    <div>
      <h2>
        Income statement {from} to {to} {figures.currency ? `(${figures.currency})` : ''}
      </h2>
      {figures.income.total === 0 && figures.expenses.total === 0 ? (
        <Empty>No income or expenses are posted in this period.</Empty>
      ) : (
        <div className="columns">
          <div
            className="chart"
            role="img"
            aria-label={`Income ${minor(figures.income.total, cur)}, expenses ${minor(figures.expenses.total, cur)}, net ${minor(figures.net_income, cur)}`}
          >
            <ResponsiveContainer width="100%" height={220}>
              <BarChart
                data={[
                  { name: 'Income', value: unitsOfMinor(figures.income.total, cur) },
                  { name: 'Expenses', value: unitsOfMinor(figures.expenses.total, cur) },
                  { name: 'Net income', value: unitsOfMinor(figures.net_income, cur) },
                ]}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="#e3e7ee" />
                <XAxis dataKey="name" fontSize={12} />
                <YAxis fontSize={11} />
                <Tooltip />
                <Bar dataKey="value" isAnimationActive={false}>
                  {[COLOURS[2], COLOURS[1], COLOURS[0]].map((c) => (
                    <Cell key={c} fill={c} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          {expenseSlices.length > 0 && (
            <div className="chart" role="img" aria-label="Expenses by account">
              <ResponsiveContainer width="100%" height={220}>
                <PieChart>
                  <Pie
                    data={expenseSlices}
                    dataKey="value"
                    nameKey="name"
                    outerRadius={80}
                    isAnimationActive={false}
                    label={(e: { name?: string }) => e.name ?? ''}
                  >
                    {expenseSlices.map((s, i) => (
                      <Cell key={s.name} fill={COLOURS[i % COLOURS.length]} />
                    ))}
                  </Pie>
                  <Tooltip />
                </PieChart>
              </ResponsiveContainer>
            </div>
          )}
        </div>
      )}
      <div className="columns">
        <SectionTable section={figures.income} currency={cur} />
        <SectionTable section={figures.expenses} currency={cur} />
      </div>
      <p>
        Net income before depreciation <strong>{minor(figures.net_income_before_depreciation, cur)}</strong> · net income{' '}
        <strong>{minor(figures.net_income, cur)}</strong>
      </p>
    </div>
  );
}

function TrialBalance({ figures, error, asOf }: { figures?: TrialFigures; error?: Error; asOf: string }) {
  if (error) return <ErrorNote error={error} />;
  if (!figures) return <Loading />;
  return (
    <div>
      <h2>
        Trial balance as of {asOf} {figures.currency ? `(${figures.currency})` : ''}{' '}
        <span className={`badge ${figures.balanced ? 'completed' : 'failed'}`}>{figures.balanced ? 'balanced' : 'not balanced'}</span>
      </h2>
      {figures.accounts.length === 0 ? (
        <Empty>No posted entries up to this date.</Empty>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Type</th>
              <th scope="col" className="num">
                Debit
              </th>
              <th scope="col" className="num">
                Credit
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.accounts.map((a) => (
              <tr key={a.account}>
                <td>{a.name}</td>
                <td>{a.type}</td>
                <td className="num">{a.debit ? minor(a.debit, figures.currency) : ''}</td>
                <td className="num">{a.credit ? minor(a.credit, figures.currency) : ''}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Totals
              </th>
              <td className="num">
                <strong>{minor(figures.total_debit, figures.currency)}</strong>
              </td>
              <td className="num">
                <strong>{minor(figures.total_credit, figures.currency)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}

function AccountTree({
  tree,
  error,
  balances,
  currency,
  asOf,
}: {
  tree?: TreeNode[];
  error?: Error;
  balances: Map<string, number>;
  currency?: string;
  asOf: string;
}) {
  const [shown, setShown] = useState<TreeNode | undefined>(undefined);
  if (error) return <ErrorNote error={error} />;
  if (!tree) return <Loading />;
  if (tree.length === 0) return <Empty>No accounts yet.</Empty>;
  const render = (nodes: TreeNode[]) => (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          {!n.is_group ? (
            <div className="leaf">
              <button type="button" className="link" aria-pressed={shown?.id === n.id} onClick={() => setShown(n)} aria-label={`Entries of ${n.name}`}>
                {n.name}
              </button>{' '}
              <span className="muted">
                {n.type}
                {n.status !== 'active' ? ` · ${n.status}` : ''}
              </span>
              <span className="num">{balances.has(n.id) ? minor(balances.get(n.id), currency) : ''}</span>
            </div>
          ) : (
            <details open={n.is_group}>
              <summary>
                <span className={n.is_group ? 'group' : undefined}>{n.name}</span>{' '}
                <span className="muted">
                  {n.type}
                  {n.status !== 'active' ? ` · ${n.status}` : ''}
                </span>
                <span className="num">{balances.has(n.id) ? minor(balances.get(n.id), currency) : ''}</span>
              </summary>
              {n.children.length > 0 && render(n.children)}
            </details>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="tree">
      <h2>
        Chart of accounts, balances as of {asOf} {currency ? `(${currency})` : ''}
      </h2>
      <p className="muted small">Choose an account to see its entries.</p>
      {render(tree)}
      {shown && <AccountEntries key={shown.id} account={shown} />}
    </div>
  );
}

interface Entry {
  id: string;
  transaction: string;
  debit: number;
  credit: number;
  memo: string | null;
  date: string;
  narration: string | null;
  transaction_status: string;
  currency: string;
}

/** An account's entries, newest first (the ledger's GET /entries?account=), drafts and voided ones included. */
function AccountEntries({ account }: { account: TreeNode }) {
  const entries = useLoad(
    () => api<ListReply<Entry>>('GET', svc('ledger', `/entries${qs({ account: account.id, status: 'all', sort_order: 'DESC', limit: 200 })}`)),
    [account.id],
  );
  return (
    <section className="card" aria-labelledby={`entries-${account.id}`}>
      <h3 id={`entries-${account.id}`}>Entries of {account.name}</h3>
      <ErrorNote error={entries.error} />
      {entries.loading && !entries.data ? (
        <Loading />
      ) : !entries.data?.data.length ? (
        <Empty>No entries on this account yet.</Empty>
      ) : (
        <table aria-label={`Entries of ${account.name}`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Narration</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Debit
              </th>
              <th scope="col" className="num">
                Credit
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.data.data.map((e) => (
              <tr key={e.id}>
                <td>{e.date}</td>
                <td>{e.memo ?? e.narration ?? '—'}</td>
                <td>{e.transaction_status}</td>
                <td className="num">{e.debit ? minor(e.debit, e.currency) : ''}</td>
                <td className="num">{e.credit ? minor(e.credit, e.currency) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(entries.data?.page_context?.total ?? 0) > (entries.data?.data.length ?? 0) && (
        <p className="muted small">
          The latest {entries.data?.data.length} of {entries.data?.page_context?.total} entries.
        </p>
      )}
    </section>
  );
}

interface LedgerTransaction {
  id: string;
  date: string;
  narration: string | null;
  status: string;
  currency: string;
  reverses: string | null;
  reversed_by: string | null;
  total_debit: number;
}
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
function Journal({ tree, onPosted }: { tree?: TreeNode[]; onPosted: () => void }) {
  const accounts = postable(tree);
  const [date, setDate] = useState(today());
  const [narration, setNarration] = useState('');
  const [currency, setCurrency] = useState('INR');
  const blank = (side: Line['side']): Line => ({ account: '', side, amount: '' });
  const [lines, setLines] = useState<Line[]>([blank('debit'), blank('credit')]);
  const [posted, setPosted] = useState<string | undefined>(undefined);
  const post = useAction();
  const recent = useLoad(() => api<ListReply<LedgerTransaction>>('GET', svc('ledger', `/transactions${qs({ limit: 20, sort_order: 'DESC' })}`)), []);
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
      const res = await api<{ data: LedgerTransaction }>('POST', svc('ledger', '/transactions'), {
        date,
        narration: narration || undefined,
        currency,
        entries: lines
          .map((l, i) => ({ account: l.account, amount: amounts[i] ?? 0, side: l.side }))
          .filter((l) => l.amount > 0)
          .map((l) => ({ account: l.account, [l.side]: l.amount })),
      });
      setPosted(`Posted ${narration || 'the entry'} on ${res.data.date}: ${minor(res.data.total_debit, res.data.currency)} ${res.data.currency}.`);
      setNarration('');
      setLines([blank('debit'), blank('credit')]);
      await recent.reload();
      onPosted();
    });
  };
  return (
    <div>
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
                <button type="button" className="secondary" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))} aria-label={`Remove line ${i + 1}`}>
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
              <th scope="col">Action</th>
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
  const [asking, setAsking] = useState(false);
  const { busy, error, run } = useAction();
  return (
    <tr>
      <td>{t.date}</td>
      <td>
        {t.narration ?? '—'}
        {t.reverses && <span className="muted small"> (a reversal)</span>}
      </td>
      <td>{t.reversed_by ? 'reversed' : t.status}</td>
      <td className="num">
        {minor(t.total_debit, t.currency)} {t.currency}
      </td>
      <td>
        {t.status === 'posted' && !t.reversed_by && !t.reverses && !asking && (
          <button type="button" className="secondary" onClick={() => setAsking(true)} aria-label={`Reverse ${t.narration ?? t.date}`}>
            Reverse
          </button>
        )}
        {asking && (
          <Confirm
            question={`Reverse "${t.narration ?? t.date}"? A new transaction with the opposite entries is posted, and this one is marked void.`}
            confirmLabel="Yes, reverse it"
            busy={busy}
            onCancel={() => setAsking(false)}
            onConfirm={() =>
              void run(async () => {
                await api('POST', svc('ledger', `/transactions/${t.id}/reverse`), {});
                setAsking(false);
                onReversed();
              })
            }
          />
        )}
        <ErrorNote error={error} />
      </td>
    </tr>
  );
}
