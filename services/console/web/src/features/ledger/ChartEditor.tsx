/**
 * The chart of accounts, edited in the console (issue 35): the starter chart in one step, a postable account added
 * under a group, and each account renamed, moved to another group of its type, archived (the ledger's status
 * `retired`: kept in the reports, no longer postable) or restored. Everything goes through the ledger's own account
 * API (POST /accounts, PATCH /accounts/<id>), so its rules (a parent is a group of the same type, system groups keep
 * their type) are the ones that hold; its refusals are put in words here (`accountProblem`).
 */
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/http';
import { Confirm, ErrorNote, useAction } from '../../shared/ui';
import { createAccount, editAccount, seedAccounts, loadAccountTree, type TreeNode } from './calls';

const TYPE_WORDS: Record<TreeNode['type'], string> = {
  asset: 'asset',
  liability: 'liability',
  equity: 'equity',
  income: 'income',
  expense: 'expense',
};

/**
 * The starter chart: the accounts a small business posts to in its first month, each under the system group it
 * belongs to. `source: 'starter'` with a key of its own marks them, so a second run adds only what is missing and
 * never touches one a person renamed, moved or archived.
 */
export const STARTER_CHART = [
  { key: 'BANK', name: 'Bank account', group: 'CASH', type: 'asset' },
  { key: 'CASH_IN_HAND', name: 'Cash in hand', group: 'CASH', type: 'asset' },
  { key: 'RECEIVABLES', name: 'Trade receivables', group: 'RECEIVABLES', type: 'asset' },
  { key: 'PAYABLES', name: 'Trade payables', group: 'PAYABLES', type: 'liability' },
  { key: 'SALES', name: 'Sales', group: 'INCOME', type: 'income' },
  { key: 'INTEREST', name: 'Interest received', group: 'INCOME', type: 'income' },
  { key: 'GENERAL_EXPENSES', name: 'General expenses', group: 'EXPENSES', type: 'expense' },
  { key: 'BANK_CHARGES', name: 'Bank charges', group: 'EXPENSES', type: 'expense' },
  { key: 'SUSPENSE', name: 'Suspense', group: 'CLEARING', type: 'liability' },
] as const satisfies readonly { key: string; name: string; group: string; type: TreeNode['type'] }[];
export const STARTER_SOURCE = 'starter';

export function flatten(nodes: TreeNode[] | undefined, out: TreeNode[] = []): TreeNode[] {
  for (const n of nodes ?? []) {
    out.push(n);
    flatten(n.children, out);
  }
  return out;
}

/** The ledger's refusals of a chart change, in words a finance person reads (its message names accounts by id). */
export function accountProblem(err: Error | undefined, names: Map<string, string>): Error | undefined {
  if (!(err instanceof ApiError)) return err;
  const plain: Record<string, string> = {
    INVALID_PARENT: 'An account goes under a group of its own kind (an expense under an expense group), and never under itself.',
    SYSTEM_ACCOUNT_LOCKED: 'This is one of the standard groups the reports rely on: it can be renamed, not changed otherwise.',
    ACCOUNT_HAS_ENTRIES: 'This account already has entries, so it cannot be deleted or made a group: archive it instead.',
    VALIDATION_ERROR: err.details?.length
      ? err.details.map((d) => `${d.path === 'name' ? 'Name' : d.path}: ${d.message}`).join('; ')
      : 'Some of what was entered is not accepted.',
  };
  const words = plain[err.code];
  if (words) return new ApiError(err.status, err.code, words);
  // Whatever else: the ledger's message, with any account id replaced by the account's name.
  return new ApiError(
    err.status,
    err.code,
    err.message.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => names.get(id) ?? 'an account'),
  );
}

const groupLabel = (g: TreeNode) => `${g.name} (${TYPE_WORDS[g.type]})`;

/** "Create the starter chart": the system groups the organization lacks, then the starter accounts it lacks. */
export function StarterChart({ tree, onChanged }: { tree: TreeNode[]; onChanged: () => Promise<unknown> }) {
  const { busy, error, run } = useAction();
  const [done, setDone] = useState<string | undefined>(undefined);
  const all = flatten(tree);
  const missing = STARTER_CHART.filter((s) => !all.some((a) => a.source === STARTER_SOURCE && a.source_ref === s.key));
  if (done)
    return (
      <p className="card" role="status">
        {done}
      </p>
    );
  // Offered while nothing can be posted: a chart that has accounts of its own is edited account by account.
  if (missing.length === 0 || all.some((a) => !a.is_group && a.status === 'active')) return null;
  const create = () =>
    void run(async () => {
      setDone(undefined);
      await seedAccounts();
      const groups = new Map(
        flatten(await loadAccountTree())
          .filter((a) => a.source === 'system')
          .map((a) => [a.source_ref, a.id]),
      );
      for (const s of missing) {
        await createAccount({ name: s.name, type: s.type, parent: groups.get(s.group) ?? null, source: STARTER_SOURCE, source_ref: s.key });
      }
      setDone(`Created ${missing.length} accounts: ${missing.map((s) => s.name).join(', ')}.`);
      await onChanged();
    });
  return (
    <div className="card">
      <h2>Starter chart</h2>
      <p className="muted">
        {
          'Nothing can be posted until the chart has accounts. The starter chart creates the standard groups and, under them, a bank account, cash in hand, trade receivables and payables, sales, interest received, general expenses, bank charges and a suspense account. Rename, move or archive any of them afterwards, or add your own in the chart of accounts.'
        }
      </p>
      <button type="button" disabled={busy} onClick={create}>
        Create the starter chart
      </button>
      <ErrorNote error={accountProblem(error, new Map(all.map((a) => [a.id, a.name])))} />
    </div>
  );
}

/** Adds a postable account under a group; its type is the group's. */
export function AddAccount({ tree, onChanged }: { tree: TreeNode[]; onChanged: () => Promise<unknown> }) {
  const groups = flatten(tree).filter((a) => a.is_group && a.status === 'active');
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [done, setDone] = useState<string | undefined>(undefined);
  const { busy, error, run, setError } = useAction();
  if (groups.length === 0) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const group = groups.find((g) => g.id === parent);
    if (!group) return setError(new Error('Choose the group the account goes under.'));
    if (!name.trim()) return setError(new Error('Give the account a name.'));
    setDone(undefined);
    void run(async () => {
      const account = await createAccount({ name: name.trim(), type: group.type, parent: group.id });
      setDone(`Added ${account.name} under ${group.name}.`);
      setName('');
      await onChanged();
    });
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="add-account-title">
      <h3 id="add-account-title">Add an account</h3>
      <div className="row">
        <div className="grow">
          <label htmlFor="new-account-name">New account name</label>
          <input id="new-account-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="grow">
          <label htmlFor="new-account-group">Under the group</label>
          <select id="new-account-group" value={parent} onChange={(e) => setParent(e.target.value)}>
            <option value="">Choose a group</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {groupLabel(g)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ErrorNote error={accountProblem(error, new Map(flatten(tree).map((a) => [a.id, a.name])))} />
      {done && <p role="status">{done}</p>}
      <button type="submit" disabled={busy}>
        Add account
      </button>
    </form>
  );
}

/** An account's Edit (name and group) and Archive or Restore, beside it in the tree. */
export function AccountActions({ account, tree, onChanged }: { account: TreeNode; tree: TreeNode[]; onChanged: () => Promise<unknown> }) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState(account.name);
  const [parent, setParent] = useState(account.parent ?? '');
  const { busy, error, run } = useAction();
  const all = flatten(tree);
  const names = new Map(all.map((a) => [a.id, a.name]));
  const groups = all.filter((a) => a.is_group && a.status === 'active' && a.type === account.type && a.id !== account.id);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const patch: { name?: string; parent?: string } = {};
    if (name.trim() && name.trim() !== account.name) patch.name = name.trim();
    if (parent && parent !== account.parent) patch.parent = parent;
    void run(async () => {
      if (Object.keys(patch).length > 0) await editAccount(account.id, patch);
      setEditing(false);
      await onChanged();
    });
  };
  const setStatus = (status: 'retired' | 'active') =>
    void run(async () => {
      await editAccount(account.id, { status });
      setAsking(false);
      await onChanged();
    });
  return (
    <span className="account-actions">
      {!editing && !asking && (
        <>
          <button type="button" className="secondary small" aria-label={`Edit ${account.name}`} onClick={() => setEditing(true)}>
            Edit
          </button>
          {account.status === 'active' ? (
            <button type="button" className="secondary small" aria-label={`Archive ${account.name}`} onClick={() => setAsking(true)}>
              Archive
            </button>
          ) : (
            <button type="button" className="secondary small" aria-label={`Restore ${account.name}`} disabled={busy} onClick={() => setStatus('active')}>
              Restore
            </button>
          )}
        </>
      )}
      {asking && (
        <Confirm
          question={`Archive ${account.name}? Its entries stay in the reports; nothing new can be posted to it until it is restored.`}
          confirmLabel="Yes, archive it"
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => setStatus('retired')}
        />
      )}
      {editing && (
        <form className="account-edit" onSubmit={save} aria-label={`Edit ${account.name}`} onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}>
          <label htmlFor={`name-${account.id}`}>Name</label>
          <input id={`name-${account.id}`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
          <label htmlFor={`group-${account.id}`}>Group</label>
          <select id={`group-${account.id}`} value={parent} onChange={(e) => setParent(e.target.value)}>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {groupLabel(g)}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy}>
            Save
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      )}
      <ErrorNote error={accountProblem(error, names)} />
    </span>
  );
}
