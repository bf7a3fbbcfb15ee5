import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { unitsOfMinor } from '../../shared/money';
import { Empty, ErrorNote, Loading, minor } from '../../shared/ui';
import type { BalanceSheetFigures, IncomeFigures, ReportNode, Section, TrialFigures } from './calls';

/** The three reports of the Ledger page, each in one currency's figures. */
const COLOURS = ['#2456d6', '#d6455d', '#2f9e6e', '#e08a1e', '#7a4fd1', '#1b9aaa', '#8c8c8c', '#c2527a'];

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

export function BalanceSheet({ figures, error, asOf }: { figures?: BalanceSheetFigures; error?: Error; asOf: string }) {
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

export function IncomeStatement({ figures, error, from, to }: { figures?: IncomeFigures; error?: Error; from: string; to: string }) {
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

export function TrialBalance({ figures, error, asOf }: { figures?: TrialFigures; error?: Error; asOf: string }) {
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
