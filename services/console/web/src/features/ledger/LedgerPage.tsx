import { useState } from 'react';
import { fiscalYearOf } from '../../shared/fiscal';
import { today, useGrants, useLoad } from '../../shared/ui';
import { loadSettings } from '../periods/calls';
import { StatementAccounts } from '../statements/StatementAccounts';
import { AccountTree } from './AccountTree';
import { loadAccountTree, loadBalanceSheet, loadIncomeStatement, loadTrialBalance, type Figures, type ReportNode, type Section } from './calls';
import { AccountActions, AddAccount, StarterChart } from './ChartEditor';
import { Journal } from './Journal';
import { BalanceSheet, IncomeStatement, TrialBalance } from './reports';

const TABS = [
  { id: 'balance_sheet', title: 'Balance sheet' },
  { id: 'income_statement', title: 'Income statement' },
  { id: 'trial_balance', title: 'Trial balance' },
  { id: 'accounts', title: 'Chart of accounts' },
  { id: 'journal', title: 'Journal' },
] as const;
type Tab = (typeof TABS)[number]['id'];
/** The figures of one currency: reports never add currencies together. */
function inCurrency<InCurrency extends { currency: string }>(
  report: { by_currency: InCurrency[] } | undefined,
  currency: string | undefined,
): Figures<InCurrency> | undefined {
  if (!report) return undefined;
  // No money posted in scope: the top level holds the report's zeros, under no currency.
  if (report.by_currency.length === 0) return report as unknown as Figures<InCurrency>;
  return report.by_currency.find((f) => f.currency === currency) ?? report.by_currency[0];
}

export function LedgerPage() {
  const [asOf, setAsOf] = useState(today());
  // The income statement runs from the start of the fiscal year of "as of" (the ledger's settings), following it
  // until a person picks a start of their own (issue 35: it began on January 1 of this calendar year, so an "as of"
  // in an earlier year was refused with the ledger's `date_from: must not be later than date_to`).
  const settings = useLoad(loadSettings, []);
  const [chosenFrom, setFrom] = useState<string | undefined>(undefined);
  const fiscalStart = settings.data ? fiscalYearOf(asOf, settings.data.fiscal_year_start_month, settings.data.fiscal_year_start_day).date_from : undefined;
  const from = chosenFrom ?? fiscalStart ?? `${asOf.slice(0, 4)}-01-01`;
  const fromAfterAsOf = from > asOf;
  const [tab, setTab] = useState<Tab>('balance_sheet');
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const sheet = useLoad(() => loadBalanceSheet(asOf), [asOf]);
  const income = useLoad(
    () =>
      fromAfterAsOf
        ? Promise.reject(new Error(`The income statement cannot start on ${from}, after the "as of" date ${asOf}: choose an earlier start.`))
        : loadIncomeStatement(from, asOf),
    [from, asOf],
  );
  // Income and expenses since the first entry: the balances of their accounts in the chart of accounts.
  const cumulative = useLoad(() => loadIncomeStatement(undefined, asOf), [asOf]);
  const trial = useLoad(() => loadTrialBalance(asOf), [asOf]);
  const tree = useLoad(loadAccountTree, []);
  const { can } = useGrants('ledger');

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
      {tree.data && can('accounts:create') && <StarterChart tree={tree.data} onChanged={tree.reload} />}
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
            actions={
              can('accounts:edit') && tree.data
                ? (n) => <AccountActions key={`${n.id}-${n.updated_at}`} account={n} tree={tree.data!} onChanged={tree.reload} />
                : undefined
            }
          >
            {tree.data && can('accounts:create') && <AddAccount tree={tree.data} onChanged={tree.reload} />}
          </AccountTree>
        )}
        {tab === 'accounts' && (
          <div className="card">
            <StatementAccounts />
          </div>
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
