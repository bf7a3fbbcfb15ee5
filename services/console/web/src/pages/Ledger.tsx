import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api, qs, svc } from '../api';
import { Empty, ErrorNote, Loading, minor, today, useAction, useLoad } from '../ui';

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

function Nodes({ nodes, depth = 0 }: { nodes: ReportNode[]; depth?: number }) {
  return (
    <>
      {nodes.map((n) => (
        <FragmentRow key={n.account} node={n} depth={depth} />
      ))}
    </>
  );
}
function FragmentRow({ node, depth }: { node: ReportNode; depth: number }) {
  if (node.is_group && node.balance === 0 && node.children.every((c) => c.balance === 0)) return null;
  return (
    <>
      <tr className={node.is_group ? 'group' : undefined}>
        <td style={{ paddingLeft: `${0.5 + depth * 1.2}rem` }}>{node.name}</td>
        <td className="num">{minor(node.balance)}</td>
      </tr>
      <Nodes nodes={node.children} depth={depth + 1} />
    </>
  );
}

function SectionTable({ section, extra = [] }: { section: Section; extra?: { name: string; amount: number }[] }) {
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
        <Nodes nodes={section.accounts} />
        {extra.map((x) => (
          <tr key={x.name}>
            <td>{x.name}</td>
            <td className="num">{minor(x.amount)}</td>
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
            <strong>{minor(extra.reduce((sum, x) => sum + x.amount, section.total))}</strong>
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
  const chart = [
    { name: 'Assets', Assets: figures.total_assets / 100 },
    {
      name: 'Claims',
      Liabilities: figures.liabilities.total / 100,
      Equity: figures.equity.total / 100,
      'Retained earnings': figures.retained_earnings / 100,
      'Current earnings': figures.current_earnings / 100,
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
          aria-label={`Assets ${minor(figures.total_assets)} against liabilities, equity and earnings ${minor(figures.total_liabilities_and_equity)}`}
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
        <SectionTable section={figures.assets} />
        <div>
          <SectionTable section={figures.liabilities} />
          <SectionTable
            section={figures.equity}
            extra={[
              { name: 'Retained earnings', amount: figures.retained_earnings },
              { name: 'Current earnings', amount: figures.current_earnings },
            ]}
          />
        </div>
      </div>
      <p>
        Total assets <strong>{minor(figures.total_assets)}</strong> · total liabilities and equity{' '}
        <strong>{minor(figures.total_liabilities_and_equity)}</strong>
      </p>
    </div>
  );
}

function IncomeStatement({ figures, error, from, to }: { figures?: IncomeFigures; error?: Error; from: string; to: string }) {
  if (error) return <ErrorNote error={error} />;
  if (!figures) return <Loading />;
  const slices = (section: Section) =>
    section.accounts
      .flatMap((n) => (n.is_group && n.children.length ? n.children : [n]))
      .filter((n) => n.balance > 0)
      .map((n) => ({ name: n.name, value: n.balance / 100 }));
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
            aria-label={`Income ${minor(figures.income.total)}, expenses ${minor(figures.expenses.total)}, net ${minor(figures.net_income)}`}
          >
            <ResponsiveContainer width="100%" height={220}>
              <BarChart
                data={[
                  { name: 'Income', value: figures.income.total / 100 },
                  { name: 'Expenses', value: figures.expenses.total / 100 },
                  { name: 'Net income', value: figures.net_income / 100 },
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
        <SectionTable section={figures.income} />
        <SectionTable section={figures.expenses} />
      </div>
      <p>
        Net income before depreciation <strong>{minor(figures.net_income_before_depreciation)}</strong> · net income{' '}
        <strong>{minor(figures.net_income)}</strong>
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
                <td className="num">{a.debit ? minor(a.debit) : ''}</td>
                <td className="num">{a.credit ? minor(a.credit) : ''}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Totals
              </th>
              <td className="num">
                <strong>{minor(figures.total_debit)}</strong>
              </td>
              <td className="num">
                <strong>{minor(figures.total_credit)}</strong>
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
  if (error) return <ErrorNote error={error} />;
  if (!tree) return <Loading />;
  if (tree.length === 0) return <Empty>No accounts yet.</Empty>;
  const render = (nodes: TreeNode[]) => (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          <details open={n.is_group}>
            <summary>
              <span className={n.is_group ? 'group' : undefined}>{n.name}</span>{' '}
              <span className="muted">
                {n.type}
                {n.status !== 'active' ? ` · ${n.status}` : ''}
              </span>
              <span className="num">{balances.has(n.id) ? minor(balances.get(n.id)) : ''}</span>
            </summary>
            {n.children.length > 0 && render(n.children)}
          </details>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="tree">
      <h2>
        Chart of accounts, balances as of {asOf} {currency ? `(${currency})` : ''}
      </h2>
      {render(tree)}
    </div>
  );
}
