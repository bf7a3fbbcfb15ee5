import { execute, likeContains, limitOffset, listPage, query, queryDirect, queryOne, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { Prisma } from '../generated/prisma/client';
import type { Db } from './db';
import type { AccountView } from '../views/accounts';
import { normalBalanceOf, statementOf, type AccountStatus, type AccountType } from '../views/chart';

/** The columns an account view is made of; raw queries select the same ones under the same names. */
const ACCOUNT_SELECT = {
  id: true,
  name: true,
  type: true,
  parentId: true,
  isGroup: true,
  description: true,
  source: true,
  sourceRef: true,
  status: true,
  currency: true,
  createdAt: true,
  updatedAt: true,
} satisfies Prisma.AccountSelect;

type AccountRow = Prisma.AccountGetPayload<{ select: typeof ACCOUNT_SELECT }>;

export const toAccountView = (r: AccountRow): AccountView => ({
  id: r.id,
  name: r.name,
  type: r.type as AccountType,
  parent: r.parentId,
  is_group: r.isGroup,
  description: r.description,
  source: r.source,
  source_ref: r.sourceRef,
  status: r.status as AccountStatus,
  currency: r.currency,
  normal_balance: normalBalanceOf(r.type as AccountType),
  statement: statementOf(r.type as AccountType),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** For the raw reads (locks, the statement order, dynamic filters): the model's columns under the model's names. */
const SELECT_ACCOUNT = sql`
  SELECT a.id, a.name, a.type, a.parent_id AS "parentId", a.is_group AS "isGroup", a.description, a.source, a.source_ref AS "sourceRef",
         a.status, a.currency, a.created_at AS "createdAt", a.updated_at AS "updatedAt"
  FROM ledger.accounts a`;

/** The spec's list order: type in statement order, then source_ref (nulls last), then name, then id. */
const STATEMENT_ORDER = sql`ORDER BY array_position(ARRAY['asset','liability','equity','income','expense'], a.type),
  a.source_ref ASC NULLS LAST, a.name, a.id`;

/**
 * Account writes of one organization run one at a time (they are rare, and the tree rules read several
 * rows: parents, children, ancestors). Held until the transaction ends. A two-key lock rather than the
 * platform's lockUntilCommit: the seed function (ledger.seed_system_groups, which the admin CLI runs without
 * this code) takes this very key, and both must keep taking the same one.
 */
export async function lockChart(tx: Db, orgId: string): Promise<void> {
  await execute(tx, sql`SELECT pg_advisory_xact_lock(hashtext('ledger.chart'), hashtext(${orgId}))`);
}

/**
 * Runs the ledger's seed of the system groups (the SQL function of migration 20261124110000, which the admin
 * CLI's organization hook runs too): one statement, serialised per organization by the chart lock. Keys come in
 * the spec's table order.
 */
export async function seedSystemGroups(db: Db, orgId: string): Promise<{ key: string; created: boolean }[]> {
  const rows = await query<{ group_key: string; created: boolean }>(db, sql`SELECT group_key, created FROM ledger.seed_system_groups(${orgId}::uuid)`);
  return rows.map((r) => ({ key: r.group_key, created: r.created }));
}

/** `update` locks the row against posts in flight (they hold KEY SHARE on the accounts they post to): raw SQL, FOR UPDATE. */
export async function findAccount(db: Db, orgId: string, id: string, lock?: 'update'): Promise<AccountView | null> {
  const row = lock
    ? await queryOne<AccountRow>(db, sql`${SELECT_ACCOUNT} WHERE a.id = ${id}::uuid AND a.org_id = ${orgId}::uuid FOR UPDATE`)
    : await db.account.findFirst({ where: { id, orgId }, select: ACCOUNT_SELECT });
  return row ? toAccountView(row) : null;
}

export async function findAccountBySourceRef(db: Db, orgId: string, source: string, sourceRef: string, lock?: 'update'): Promise<AccountView | null> {
  const row = lock
    ? await queryOne<AccountRow>(db, sql`${SELECT_ACCOUNT} WHERE a.org_id = ${orgId}::uuid AND a.source = ${source} AND a.source_ref = ${sourceRef} FOR UPDATE`)
    : await db.account.findUnique({ where: { orgId_source_sourceRef: { orgId, source, sourceRef } }, select: ACCOUNT_SELECT });
  return row ? toAccountView(row) : null;
}

/**
 * Every account of the organization in list order: the chart is small, and the tree needs all of it. Read on the
 * driver adapter (queryDirect): every report reads the whole chart, and the client's per-value conversion of its
 * rows was a quarter of a report's time at 500 accounts (BENCHMARKS.md, issue 34).
 */
export async function findAllAccounts(db: Db, orgId: string): Promise<AccountView[]> {
  const rows = await queryDirect<AccountRow>(db, sql`${SELECT_ACCOUNT} WHERE a.org_id = ${orgId}::uuid ${STATEMENT_ORDER}`);
  return rows.map(toAccountView);
}

export interface AccountFilters {
  type?: AccountType;
  status?: AccountStatus;
  /** An account id, or 'root' for top-level accounts. */
  parent?: string;
  is_group?: boolean;
  source?: string;
  source_ref?: string;
  q?: string;
}

function accountConditions(orgId: string, f: AccountFilters): Sql[] {
  const where: Sql[] = [sql`a.org_id = ${orgId}::uuid`];
  if (f.type !== undefined) where.push(sql`a.type = ${f.type}`);
  if (f.status !== undefined) where.push(sql`a.status = ${f.status}`);
  if (f.parent === 'root') where.push(sql`a.parent_id IS NULL`);
  else if (f.parent !== undefined) where.push(sql`a.parent_id = ${f.parent}::uuid`);
  if (f.is_group !== undefined) where.push(sql`a.is_group = ${f.is_group}`);
  if (f.source !== undefined) where.push(sql`a.source = ${f.source}`);
  if (f.source_ref !== undefined) where.push(sql`a.source_ref = ${f.source_ref}`);
  if (f.q !== undefined) where.push(sql`a.name ILIKE ${likeContains(f.q)}`);
  return where;
}

export async function findAccountPage(db: Db, orgId: string, list: ListQuery, filters: AccountFilters): Promise<{ rows: AccountView[]; total: number }> {
  const where = whereAll(accountConditions(orgId, filters));
  const { rows, total } = await listPage<AccountRow>(db, {
    rows: sql`${SELECT_ACCOUNT} ${where} ${STATEMENT_ORDER} ${limitOffset(list)}`,
    count: sql`SELECT count(*) AS total FROM ledger.accounts a ${where}`,
  });
  return { rows: rows.map(toAccountView), total };
}

export interface AccountFields {
  name: string;
  type: AccountType;
  parent: string | null;
  is_group: boolean;
  description: string | null;
  source: string;
  source_ref: string | null;
  status: AccountStatus;
  currency: string | null;
}

export async function insertAccount(db: Db, orgId: string, id: string, f: AccountFields): Promise<AccountView> {
  const row = await db.account.create({
    data: {
      id,
      orgId,
      name: f.name,
      type: f.type,
      parentId: f.parent,
      isGroup: f.is_group,
      description: f.description,
      source: f.source,
      sourceRef: f.source_ref,
      status: f.status,
      currency: f.currency,
    },
    select: ACCOUNT_SELECT,
  });
  return toAccountView(row);
}

/** The fields a change sets, under the model's names (undefined: left as it is). */
function accountData(patch: Partial<AccountFields>): Prisma.AccountUncheckedUpdateInput {
  return {
    name: patch.name,
    type: patch.type,
    parentId: patch.parent,
    isGroup: patch.is_group,
    description: patch.description,
    source: patch.source,
    sourceRef: patch.source_ref,
    status: patch.status,
    currency: patch.currency,
  };
}

export async function updateAccount(db: Db, orgId: string, id: string, patch: Partial<AccountFields>): Promise<AccountView> {
  // The caller holds the row (FOR UPDATE): it is the organization's.
  const row = await db.account.update({ where: { id, orgId }, data: { ...accountData(patch), updatedAt: new Date() }, select: ACCOUNT_SELECT });
  return toAccountView(row);
}

export async function deleteAccount(db: Db, orgId: string, id: string): Promise<void> {
  await db.account.deleteMany({ where: { id, orgId } });
}

/** Entries of any status (drafts and voids included) count: each still names the account. */
export async function hasEntries(db: Db, accountId: string): Promise<boolean> {
  return (await queryOne(db, sql`SELECT 1 FROM ledger.entries WHERE account_id = ${accountId}::uuid LIMIT 1`)) !== undefined;
}

/** The currencies of the account's entries (any status) other than `currency`: what pinning it would contradict. */
export async function otherEntryCurrencies(db: Db, accountId: string, currency: string): Promise<string[]> {
  const rows = await query<{ currency: string }>(
    db,
    sql`
    SELECT DISTINCT e.currency FROM ledger.entries e WHERE e.account_id = ${accountId}::uuid AND e.currency <> ${currency} ORDER BY 1`,
  );
  return rows.map((r) => r.currency);
}

export async function childTypes(db: Db, orgId: string, accountId: string): Promise<AccountType[]> {
  const rows = await query<{ type: AccountType }>(
    db,
    sql`
    SELECT DISTINCT type FROM ledger.accounts WHERE org_id = ${orgId}::uuid AND parent_id = ${accountId}::uuid`,
  );
  return rows.map((r) => r.type);
}

/** The account's ancestors, nearest first (the chart lock keeps the chain from moving meanwhile). */
export async function ancestorIds(db: Db, orgId: string, accountId: string): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    sql`
    WITH RECURSIVE up AS (
      SELECT a.parent_id AS id, 1 AS depth FROM ledger.accounts a WHERE a.id = ${accountId}::uuid AND a.org_id = ${orgId}::uuid
      UNION ALL
      SELECT a.parent_id, up.depth + 1 FROM ledger.accounts a JOIN up ON a.id = up.id
      WHERE a.org_id = ${orgId}::uuid AND up.depth < 1000
    )
    SELECT id FROM up WHERE id IS NOT NULL ORDER BY depth`,
  );
  return rows.map((r) => r.id);
}

/** Ids of the organization's accounts that match, for entry queries narrowed by account. */
export async function resolveAccountIds(db: Db, orgId: string, by: { account?: string; subtreeOf?: string; type?: AccountType }): Promise<string[]> {
  const where: Sql[] = [sql`a.org_id = ${orgId}::uuid`];
  if (by.account !== undefined) where.push(sql`a.id = ${by.account}::uuid`);
  if (by.type !== undefined) where.push(sql`a.type = ${by.type}`);
  const base =
    by.subtreeOf === undefined
      ? sql`SELECT a.id FROM ledger.accounts a`
      : sql`WITH RECURSIVE sub AS (
            SELECT s.id FROM ledger.accounts s WHERE s.id = ${by.subtreeOf}::uuid AND s.org_id = ${orgId}::uuid
            UNION
            SELECT c.id FROM ledger.accounts c JOIN sub ON c.parent_id = sub.id WHERE c.org_id = ${orgId}::uuid
          )
          SELECT a.id FROM ledger.accounts a JOIN sub ON sub.id = a.id`;
  const rows = await query<{ id: string }>(db, sql`${base} ${whereAll(where)}`);
  return rows.map((r) => r.id);
}
