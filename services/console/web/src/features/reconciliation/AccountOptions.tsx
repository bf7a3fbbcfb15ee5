import type { LedgerAccount } from './calls';

/** Postable accounts, asset and liability ones (banks, cards) first, grouped by type. */
export function AccountOptions({ accounts, currency }: { accounts: LedgerAccount[]; currency?: string }) {
  const usable = accounts.filter((a) => !a.is_group && a.status === 'active' && (!currency || !a.currency || a.currency === currency));
  const order = ['asset', 'liability', 'equity', 'income', 'expense'];
  const rank = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
  const types = [...new Set(usable.map((a) => a.type))].sort((a, b) => rank(a) - rank(b));
  return (
    <>
      {types.map((t) => (
        <optgroup key={t} label={t}>
          {usable
            .filter((a) => a.type === t)
            .map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.currency ? ` (${a.currency})` : ''}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}
