import { useEffect, useState } from 'react';
import { MINOR_DIGITS } from '../../generated/currencies';
import { loadStatementAccounts } from '../../shared/calls';
import { Empty, ErrorNote, Loading, useAction, useGrants, useLoad } from '../../shared/ui';
import { correctAccount, type AccountCorrection, type StatementAccount } from './calls';

const KINDS = { bank: 'Bank account', credit_card: 'Credit card' } as const satisfies Record<StatementAccount['category'], string>;
const CURRENCIES = Object.keys(MINOR_DIGITS);

/**
 * The statement accounts (issue 30): an upload names the account it creates from the file, and takes its kind and
 * currency from it where the file says them; here a person renames an account and corrects its kind or currency.
 * The service refuses a new currency once the account holds rows (it would re-denominate them) and says how many.
 */
export function StatementAccounts({ refreshKey }: { refreshKey?: unknown }) {
  const accounts = useLoad(loadStatementAccounts, [refreshKey]);
  const { can } = useGrants('statement');
  return (
    <section aria-labelledby="statement-accounts-title">
      <h2 id="statement-accounts-title">Statement accounts</h2>
      <p className="muted">
        An upload names a new account from its file (the bank and the number's last four digits) and takes the kind and currency the file states. Rename or
        correct them here; a renamed account keeps your name whatever is uploaded later.
      </p>
      <ErrorNote error={accounts.error} />
      {accounts.loading && !accounts.data ? (
        <Loading />
      ) : !accounts.data?.length ? (
        <Empty>No statement accounts yet: the first upload creates one.</Empty>
      ) : (
        <ul className="statements" aria-label="Statement accounts">
          {accounts.data.map((a) => (
            <AccountItem key={a.id} account={a} canEdit={can('accounts:edit')} onSaved={() => void accounts.reload()} />
          ))}
        </ul>
      )}
      <datalist id="currency-options">
        {CURRENCIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </section>
  );
}

function AccountItem({ account, canEdit, onSaved }: { account: StatementAccount; canEdit: boolean; onSaved: () => void }) {
  const [name, setName] = useState(account.name);
  const [category, setCategory] = useState(account.category);
  const [currency, setCurrency] = useState(account.currency);
  const [saved, setSaved] = useState(false);
  const { busy, error, run, setError } = useAction();
  // What is stored changed (this form saved, or an upload improved a file-given name): the fields show it.
  useEffect(() => {
    setName(account.name);
    setCategory(account.category);
    setCurrency(account.currency);
  }, [account.name, account.category, account.currency]);
  const changes: AccountCorrection = {};
  if (name.trim() !== account.name) changes.name = name.trim();
  if (category !== account.category) changes.category = category;
  if (currency.trim().toUpperCase() !== account.currency) changes.currency = currency.trim().toUpperCase();
  const dirty = Object.keys(changes).length > 0;
  const reset = () => {
    setName(account.name);
    setCategory(account.category);
    setCurrency(account.currency);
    setError(undefined);
  };
  const id = `acct-${account.id}`;
  // Whoever may not correct it (a viewer) reads it: no field to type in, no Save.
  if (!canEdit)
    return (
      <li className="card" aria-label={`Account ${account.name}`}>
        <p>
          <strong>{account.name}</strong> · {KINDS[account.category]} · {account.currency}
        </p>
        <p className="muted">
          {account.acc_no ? `No. ${account.acc_no} · ` : ''}
          {account.name_source === 'file' ? 'named from its statement file' : 'named by a person'}
        </p>
      </li>
    );
  return (
    <li className="card" aria-label={`Account ${account.name}`}>
      <form
        className="filters"
        aria-label={`Correct account ${account.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!dirty) return;
          setSaved(false);
          void run(async () => {
            await correctAccount(account.id, changes);
            setSaved(true);
            onSaved();
          });
        }}
        onKeyDown={(e) => {
          // Escape puts back what is stored.
          if (e.key !== 'Escape') return;
          e.preventDefault();
          reset();
        }}
      >
        <div className="grow">
          <label htmlFor={`${id}-name`}>Account name</label>
          <input id={`${id}-name`} value={name} maxLength={200} required disabled={busy} onChange={(e) => setName(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select id={`${id}-kind`} value={category} disabled={busy} onChange={(e) => setCategory(e.target.value as StatementAccount['category'])}>
            {Object.entries(KINDS).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-currency`}>Currency</label>
          <input
            id={`${id}-currency`}
            value={currency}
            list="currency-options"
            size={5}
            maxLength={3}
            pattern="[A-Za-z]{3}"
            title="a three-letter currency code such as INR"
            disabled={busy}
            onChange={(e) => setCurrency(e.target.value)}
          />
        </div>
        <div className="row">
          <button type="submit" disabled={busy || !dirty}>
            Save account
          </button>
          {dirty && (
            <button type="button" className="secondary" onClick={reset}>
              Undo changes
            </button>
          )}
          <span className="saved" role="status">
            {busy ? 'Saving…' : saved && !dirty ? 'Saved' : ''}
          </span>
        </div>
      </form>
      <p className="muted">
        {account.acc_no ? `No. ${account.acc_no} · ` : ''}
        {account.name_source === 'file' ? 'named from its statement file' : 'named by a person'}
      </p>
      <ErrorNote error={error} />
    </li>
  );
}
