import { empty, limitOffset, listPage, raw, sql, whereAll, type ListQuery, type Sql } from '@finance/platform';
import type { Db } from './db';
import type { EntryView } from '../views/entries';
import type { TransactionStatus } from '../views/transactions';
import { money } from './money';

interface EntryRow {
  id: string;
  transaction_id: string;
  account_id: string;
  /** int8 arrives as bigint. */
  debit: bigint;
  credit: bigint;
  memo: string | null;
  dimensions: Record<string, string>;
  date: string;
  narration: string | null;
  transaction_type: string | null;
  transaction_status: TransactionStatus;
  currency: string;
  source: string;
  source_ref: string | null;
}

const toView = (r: EntryRow): EntryView => ({
  id: r.id,
  transaction: r.transaction_id,
  account: r.account_id,
  debit: money(r.debit),
  credit: money(r.credit),
  memo: r.memo,
  dimensions: r.dimensions,
  date: r.date,
  narration: r.narration,
  transaction_type: r.transaction_type,
  transaction_status: r.transaction_status,
  currency: r.currency,
  source: r.source,
  source_ref: r.source_ref,
});

export interface EntryFilters {
  /** Already resolved to the organization's accounts (account, account_subtree, account_type). */
  accountIds?: string[];
  status?: TransactionStatus;
  type?: string;
  transaction?: string;
  dimensions?: Record<string, string>;
  hasDimension?: boolean;
}

/**
 * Entries carry their parent's date and status, so account + status + date range is one range of
 * entries_account_id_status_date_idx, read in order. When the accounts are known to be the organization's,
 * org_id is implied (the foreign key keeps an entry in its account's organization), which lets the count
 * run from the index alone.
 */
export async function findEntryPage(db: Db, orgId: string, list: ListQuery, f: EntryFilters): Promise<{ rows: EntryView[]; total: number }> {
  const where: Sql[] = [];
  if (f.accountIds !== undefined) {
    where.push(f.accountIds.length === 1 ? sql`e.account_id = ${f.accountIds[0]}::uuid` : sql`e.account_id = ANY(${f.accountIds}::uuid[])`);
  } else {
    where.push(sql`e.org_id = ${orgId}::uuid`);
  }
  if (f.status !== undefined) where.push(sql`e.transaction_status = ${f.status}`);
  const range = list.ranges.date;
  if (range?.from !== undefined) where.push(sql`e.date >= ${range.from}::date`);
  if (range?.to !== undefined) where.push(sql`e.date <= ${range.to}::date`);
  if (f.transaction !== undefined) where.push(sql`e.transaction_id = ${f.transaction}::uuid`);
  if (f.dimensions && Object.keys(f.dimensions).length > 0) where.push(sql`e.dimensions @> ${JSON.stringify(f.dimensions)}::jsonb`);
  if (f.hasDimension === true) where.push(sql`e.dimensions <> '{}'::jsonb`);
  if (f.hasDimension === false) where.push(sql`e.dimensions = '{}'::jsonb`);
  const typeJoin = f.type !== undefined ? sql`JOIN ledger.transactions t ON t.id = e.transaction_id AND t.type = ${f.type}` : empty;

  const dir = list.sort.order === 'ASC' ? 'ASC' : 'DESC';
  const { rows, total } = await listPage<EntryRow>(db, {
    rows: sql`
      SELECT e.id, e.transaction_id, e.account_id, e.debit, e.credit, e.memo, e.dimensions, to_char(e.date, 'YYYY-MM-DD') AS date,
             p.narration, p.type AS transaction_type, e.transaction_status, e.currency, p.source, p.source_ref
      FROM (SELECT e.* FROM ledger.entries e ${typeJoin} ${whereAll(where)}
            ${raw(`ORDER BY e.date ${dir}, e.transaction_id ${dir}, e.id ${dir}`)} ${limitOffset(list)}) e
      JOIN ledger.transactions p ON p.id = e.transaction_id
      ${raw(`ORDER BY e.date ${dir}, e.transaction_id ${dir}, e.id ${dir}`)}`,
    count: sql`SELECT count(*) AS total FROM ledger.entries e ${typeJoin} ${whereAll(where)}`,
  });
  return { rows: rows.map(toView), total };
}
