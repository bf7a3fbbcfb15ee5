import { BusinessRuleError, ConflictError, NotFoundError, pgErrorCode, UNIQUE_VIOLATION, ValidationError, type ListQuery } from '@finance/platform';
import { withTransaction, type Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as accounts from '../data-access/accounts.repo';
import type { AccountNode, AccountView } from '../views/accounts';
import { TYPE_TABLE, type AccountStatus, type AccountType } from '../views/chart';
import { SYSTEM_SOURCE } from './chart';

export interface AccountCreateInput {
  name: string;
  type: AccountType;
  parent?: string | null;
  is_group?: boolean;
  description?: string | null;
  source?: string;
  source_ref?: string | null;
  currency?: string | null;
}

export interface AccountPatch {
  name?: string;
  type?: AccountType;
  parent?: string | null;
  is_group?: boolean;
  description?: string | null;
  status?: AccountStatus;
  source_ref?: string | null;
  /** Pins the account to a currency; null unpins it. */
  currency?: string | null;
}

const invalidParent = (message: string) => new BusinessRuleError('INVALID_PARENT', message, [{ path: 'parent', message }]);

export async function getAccount(db: Db, orgId: string, id: string): Promise<AccountView> {
  const account = await accounts.findAccount(db, orgId, id);
  if (!account) throw new NotFoundError(`account ${id} not found`);
  return account;
}

export async function listAccounts(db: Db, orgId: string, list: ListQuery, filters: accounts.AccountFilters) {
  return accounts.findAccountPage(db, orgId, list, filters);
}

/** Rule 3: a parent is a group of the same type, of this organization, and not the account itself or beneath it. */
async function assertParent(tx: Db, orgId: string, accountId: string | null, parentId: string, type: AccountType): Promise<void> {
  const parent = await accounts.findAccount(tx, orgId, parentId);
  if (!parent) throw invalidParent(`parent ${parentId} is not an account of this organization`);
  if (!parent.is_group) throw invalidParent(`parent ${parentId} is not a group; only a group can have children`);
  if (parent.type !== type) throw invalidParent(`parent ${parentId} is of type ${parent.type}; a parent must be of the same type (${type})`);
  if (accountId !== null && (parentId === accountId || (await accounts.ancestorIds(tx, orgId, parentId)).includes(accountId))) {
    throw invalidParent(`parent ${parentId} is the account itself or beneath it; that would make a cycle`);
  }
}

/** The account rules for a change to an existing account (PATCH, or a re-post of its source identity). */
async function applyChanges(tx: Db, orgId: string, current: AccountView, patch: AccountPatch): Promise<AccountView> {
  const changes: AccountPatch = {};
  for (const [field, value] of Object.entries(patch) as [keyof AccountPatch, unknown][]) {
    if (value !== undefined && value !== current[field]) (changes as Record<string, unknown>)[field] = value;
  }
  if (Object.keys(changes).length === 0) return current;

  // Rule 4: reports find system accounts by key and type; the name stays editable.
  if (current.source === SYSTEM_SOURCE) {
    if (changes.type !== undefined)
      throw new ConflictError('SYSTEM_ACCOUNT_LOCKED', `type: ${current.source_ref} is a system account; its type cannot be edited`);
    if (changes.source_ref !== undefined)
      throw new ConflictError('SYSTEM_ACCOUNT_LOCKED', `source_ref: ${current.source_ref} is a system account; its key cannot be edited`);
    if (changes.currency !== undefined)
      throw new ConflictError('SYSTEM_ACCOUNT_LOCKED', `currency: ${current.source_ref} is a system group; system groups are never pinned to a currency`);
  }
  // A pin must hold for every entry already on the account (any status); the row lock waits for posts in flight.
  if (changes.currency) {
    const others = await accounts.otherEntryCurrencies(tx, current.id, changes.currency);
    if (others.length > 0) {
      const message = `currency: account ${current.id} carries entries in ${others.join(', ')}, so it cannot be pinned to ${changes.currency}`;
      throw new BusinessRuleError('CURRENCY_MISMATCH', message, [{ path: 'currency', message }]);
    }
  }
  // Rule 5.
  if (changes.is_group === true && (await accounts.hasEntries(tx, current.id))) {
    throw new ConflictError('ACCOUNT_HAS_ENTRIES', `is_group: account ${current.id} carries entries, so it cannot become a group`);
  }
  const type = changes.type ?? current.type;
  const isGroup = changes.is_group ?? current.is_group;
  if (changes.type !== undefined || changes.is_group === false) {
    const kids = await accounts.childTypes(tx, orgId, current.id);
    if (kids.length > 0 && !isGroup) throw invalidParent(`is_group: account ${current.id} has children, and a parent must be a group`);
    if (kids.some((t) => t !== type))
      throw invalidParent(`type: account ${current.id} has children of type ${kids.join(', ')}, and a parent must be of the same type`);
  }
  const parent = changes.parent !== undefined ? changes.parent : current.parent;
  if (parent !== null && (changes.parent !== undefined || changes.type !== undefined)) await assertParent(tx, orgId, current.id, parent, type);

  try {
    return await accounts.updateAccount(tx, orgId, current.id, changes);
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION)
      throw new ConflictError('DUPLICATE_SOURCE_REF', `source_ref: another account already has source ${current.source} and source_ref ${changes.source_ref}`);
    throw err;
  }
}

/**
 * Creates an account, or, when (source, source_ref) already names one, applies the body to it under the same
 * rules as PATCH ("re-posting updates"). Fields left out of a re-post keep their values.
 */
export async function createAccount(db: Db, orgId: string, input: AccountCreateInput): Promise<{ account: AccountView; created: boolean }> {
  const source = input.source ?? 'manual';
  if (source === SYSTEM_SOURCE) {
    throw ValidationError.field('source', "'system' is reserved for the seeded system groups (POST /api/v1/accounts/seed)");
  }
  return withTransaction(db, async (tx) => {
    await accounts.lockChart(tx, orgId);
    if (input.source_ref) {
      const existing = await accounts.findAccountBySourceRef(tx, orgId, source, input.source_ref, 'update');
      if (existing) {
        const { name, type, parent, is_group, description, currency } = input;
        return { account: await applyChanges(tx, orgId, existing, { name, type, parent, is_group, description, currency }), created: false };
      }
    }
    const parent = input.parent ?? null;
    if (parent !== null) await assertParent(tx, orgId, null, parent, input.type);
    const account = await accounts.insertAccount(tx, orgId, uuidv7(), {
      name: input.name,
      type: input.type,
      parent,
      is_group: input.is_group ?? false,
      description: input.description ?? null,
      source,
      source_ref: input.source_ref ?? null,
      status: 'active',
      currency: input.currency ?? null,
    });
    return { account, created: true };
  });
}

export async function editAccount(db: Db, orgId: string, id: string, patch: AccountPatch): Promise<AccountView> {
  return withTransaction(db, async (tx) => {
    await accounts.lockChart(tx, orgId);
    // FOR UPDATE waits for posts in flight on this account, so the entry check below sees them.
    const current = await accounts.findAccount(tx, orgId, id, 'update');
    if (!current) throw new NotFoundError(`account ${id} not found`);
    return applyChanges(tx, orgId, current, patch);
  });
}

export async function removeAccount(db: Db, orgId: string, id: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    await accounts.lockChart(tx, orgId);
    const current = await accounts.findAccount(tx, orgId, id, 'update');
    if (!current) throw new NotFoundError(`account ${id} not found`);
    if (current.source === SYSTEM_SOURCE) {
      throw new ConflictError(
        'SYSTEM_ACCOUNT_LOCKED',
        `${current.source_ref} is a system account; reports rely on it, so it cannot be deleted (rename it instead)`,
      );
    }
    if (await accounts.hasEntries(tx, id)) throw new ConflictError('ACCOUNT_HAS_ENTRIES', `account ${id} carries entries; retire it instead (status retired)`);
    if ((await accounts.childTypes(tx, orgId, id)).length > 0) {
      throw new ConflictError('ACCOUNT_HAS_CHILDREN', `account ${id} has children; move or delete them first, or retire it (status retired)`);
    }
    await accounts.deleteAccount(tx, orgId, id);
  });
}

/**
 * Creates the system groups the organization lacks, parents first; never touches one that exists (renamed,
 * moved or retired, it stays as it is). A group whose parent key no longer heads a group of its type is created
 * at the top level rather than breaking rule 3. The seed itself is the ledger's SQL function, the one the
 * admin CLI's organization hook runs (README, "Seeding").
 */
export async function seedSystemAccounts(db: Db, orgId: string): Promise<{ created: string[]; existing: string[] }> {
  const seeded = await accounts.seedSystemGroups(db, orgId);
  return { created: seeded.filter((g) => g.created).map((g) => g.key), existing: seeded.filter((g) => !g.created).map((g) => g.key) };
}

/** Nests accounts (given in list order, so siblings keep it) under their parents. */
export function nest(list: AccountView[]): AccountNode[] {
  const nodes = new Map(list.map((a) => [a.id, { ...a, children: [] as AccountNode[] }]));
  const roots: AccountNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Drops the accounts whose status is not wanted, with everything beneath them. */
export function keepStatuses(list: AccountView[], statuses: ReadonlySet<AccountStatus>): AccountView[] {
  const byId = new Map(list.map((a) => [a.id, a]));
  const kept = new Map<string, boolean>();
  const isKept = (a: AccountView): boolean => {
    const known = kept.get(a.id);
    if (known !== undefined) return known;
    kept.set(a.id, false); // guards a (constraint-impossible) cycle
    const parent = a.parent ? byId.get(a.parent) : undefined;
    const result = statuses.has(a.status) && (!parent || isKept(parent));
    kept.set(a.id, result);
    return result;
  };
  return list.filter(isKept);
}

/** include_empty=false: a group with no non-group account anywhere beneath it is left out. */
function pruneEmptyGroups(nodes: AccountNode[]): AccountNode[] {
  const out: AccountNode[] = [];
  for (const node of nodes) {
    const children = pruneEmptyGroups(node.children);
    if (node.is_group && children.length === 0) continue;
    out.push({ ...node, children });
  }
  return out;
}

export async function accountTree(db: Db, orgId: string, options: { statuses: ReadonlySet<AccountStatus>; includeEmpty: boolean }) {
  const roots = nest(keepStatuses(await accounts.findAllAccounts(db, orgId), options.statuses));
  return { accounts: options.includeEmpty ? roots : pruneEmptyGroups(roots), account_types: [...TYPE_TABLE] };
}
