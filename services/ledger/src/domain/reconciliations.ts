import { AppError, BusinessRuleError, ConflictError, NotFoundError, pgErrorCode, UNIQUE_VIOLATION, type ListQuery } from '@finance/platform';
import { withTransaction, type Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as accountsRepo from '../data-access/accounts.repo';
import { toSafeNumber } from '../data-access/money';
import * as repo from '../data-access/reconciliations.repo';
import type { StatementAccount, StatementClient, StatementCredentials } from '../data-access/statement-client';
import type { ContinuityBreakView, ReconciliationStatus, ReconciliationView, StatementBalanceSource } from '../views/reconciliations';
import * as bulk from './bulk';
import { matchRows, type EntryToMatch, type RowToMatch } from './reconciliation-matching';

/**
 * Reconciliations (issue 13): a ledger account against a statement account of the statement service over a
 * period. The link between the two accounts is the request itself (ledger_account, statement_account), checked
 * every time: both must be the caller's (404 otherwise) and in one currency (422 CURRENCY_MISMATCH).
 */
export interface ReconciliationCreateInput {
  ledger_account: string;
  statement_account: string;
  date_from: string;
  date_to: string;
  date_window_days: number;
}

/** Minor units per currency where they are not hundredths (ISO 4217); statement rows are milli-units. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3 };
export const milliPerMinor = (currency: string): bigint => 10n ** BigInt(3 - (MINOR_DIGITS[currency] ?? 2));

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const clampDate = (date: string) => (date < '0001-01-01' ? '0001-01-01' : date > '9999-12-31' ? '9999-12-31' : date);

/** The reconciliation as the API shows it: amounts in minor units where whole, milli-units always. */
export function reconciliationView(r: repo.ReconciliationRecord): ReconciliationView {
  const perMinor = milliPerMinor(r.currency);
  const statementMilli = r.statement_balance_milli;
  const driftMilli = statementMilli - r.ledger_balance * perMinor;
  const whole = (milli: bigint) => (milli % perMinor === 0n ? toSafeNumber(milli / perMinor) : null);
  return {
    id: r.id,
    ledger_account: r.ledger_account,
    statement_account: r.statement_account,
    currency: r.currency,
    date_from: r.date_from,
    date_to: r.date_to,
    date_window_days: r.date_window_days,
    status: r.status,
    statement_balance: whole(statementMilli),
    statement_balance_milli: toSafeNumber(statementMilli),
    statement_balance_source: r.statement_balance_source,
    statement_balance_statement: r.statement_balance_statement,
    continuity_breaks: r.continuity_breaks,
    ledger_balance: toSafeNumber(r.ledger_balance),
    drift: whole(driftMilli),
    drift_milli: toSafeNumber(driftMilli),
    matched_count: r.matched_count,
    unmatched_row_count: r.unmatched_row_count,
    unmatched_entry_count: r.unmatched_entry_count,
    created_at: r.created_at,
    updated_at: r.updated_at,
    confirmed_at: r.confirmed_at,
  };
}

async function ledgerAccountFor(db: Db, orgId: string, id: string) {
  const account = await accountsRepo.findAccount(db, orgId, id);
  if (!account) throw new NotFoundError(`ledger account ${id} not found`);
  if (account.is_group) throw new BusinessRuleError('GROUP_ACCOUNT', `ledger account ${id} is a group; reconcile a postable account`);
  return account;
}

/** What a reconciliation reads of the statement service: its accounts (with their statements' continuity), their balances and their rows. */
export type StatementReader = Pick<StatementClient, 'account' | 'balanceMilli' | 'rows' | 'rowCount'>;

/** A reader acting with the caller's own credentials (their scopes there decide what may be read). */
export type StatementReaderFor = (credentials: StatementCredentials) => StatementReader;

/** The bank's figures of a reconciliation: its statement balance on date_to, where it came from, and the continuity breaks. */
export interface BankFigures {
  statementBalanceMilli: bigint;
  statementBalanceSource: StatementBalanceSource;
  statementBalanceStatementId: string | null;
  continuityBreaks: ContinuityBreakView[];
}

/**
 * What the bank printed (issue 22). The statement of the account whose last row is latest on or before date_to
 * and that states a closing balance gives it, when no row of the account is dated after that statement's last
 * row up to date_to (nothing moved since; asked of the statement service); otherwise the account's balance on
 * date_to, which starts from the printed opening balance. The continuity breaks kept are those of a statement
 * whose period touches the reconciliation's.
 */
export async function bankFigures(statement: StatementReader, account: StatementAccount, dateFrom: string, dateTo: string): Promise<BankFigures> {
  const { statements, breaks } = account.continuity;
  const touches = new Set(statements.filter((x) => x.from <= dateTo && x.to >= dateFrom).map((x) => x.statement));
  const continuityBreaks = breaks.filter((b) => touches.has(b.statement) || touches.has(b.previous_statement));
  let last: (typeof statements)[number] | null = null;
  for (const x of statements) if (x.to <= dateTo && x.closing_balance_milli !== null && (last === null || x.to >= last.to)) last = x;
  if (last && (last.to === dateTo || (await statement.rowCount(account.id, addDays(last.to, 1), dateTo)) === 0)) {
    return {
      statementBalanceMilli: BigInt(last.closing_balance_milli!),
      statementBalanceSource: 'statement',
      statementBalanceStatementId: last.statement,
      continuityBreaks,
    };
  }
  return { statementBalanceMilli: await statement.balanceMilli(account.id, dateTo), statementBalanceSource: 'account', statementBalanceStatementId: null, continuityBreaks };
}

/** POST /reconciliations: read both sides, match, store; nothing is stored when any read fails. */
export async function createReconciliation(db: Db, orgId: string, statement: StatementReader, input: ReconciliationCreateInput): Promise<ReconciliationView> {
  const ledgerAccount = await ledgerAccountFor(db, orgId, input.ledger_account);
  const statementAccount = await statement.account(input.statement_account);
  if (ledgerAccount.currency !== null && ledgerAccount.currency !== statementAccount.currency) {
    throw new BusinessRuleError(
      'CURRENCY_MISMATCH',
      `ledger account ${ledgerAccount.id} is pinned to ${ledgerAccount.currency}; statement account ${statementAccount.id} is in ${statementAccount.currency}`,
      [{ path: 'statement_account', message: `in ${statementAccount.currency}, not ${ledgerAccount.currency} like ledger account ${ledgerAccount.id}` }],
    );
  }
  const currency = statementAccount.currency;
  const perMinor = milliPerMinor(currency);
  const [statementRows, figures] = await Promise.all([
    statement.rows(statementAccount.id, input.date_from, input.date_to),
    bankFigures(statement, statementAccount, input.date_from, input.date_to),
  ]);

  const w = input.date_window_days;
  const [candidates, balance, claimed] = await Promise.all([
    repo.findCandidateEntries(db, orgId, ledgerAccount.id, currency, clampDate(addDays(input.date_from, -w)), clampDate(addDays(input.date_to, w))),
    repo.ledgerBalance(db, orgId, ledgerAccount.id, currency, input.date_to),
    repo.confirmedRowIds(
      db,
      statementRows.map((r) => r.id),
    ),
  ]);

  const rows: repo.NewRow[] = statementRows
    .filter((r) => !claimed.has(r.id))
    .map((r) => {
      const milli = BigInt(r.inflow) - BigInt(r.outflow);
      const whole = milli % perMinor === 0n;
      return {
        statementRowId: r.id,
        date: r.date,
        particulars: r.particulars,
        category: r.category,
        inflowMilli: BigInt(r.inflow),
        outflowMilli: BigInt(r.outflow),
        amount: whole ? milli / perMinor : null,
        rule: null,
        reason: whole ? null : `${milli} milli-units is not a whole number of ${currency} minor units (${perMinor} milli-units each); never matched`,
      };
    });
  const entries: EntryToMatch[] = candidates.map((e) => ({
    id: e.id,
    date: e.date,
    amount: BigInt(e.amount),
    narration: e.narration,
    sourceRef: e.source_ref,
  }));
  const toMatch: RowToMatch[] = rows.map((r) => ({ id: r.statementRowId, date: r.date, particulars: r.particulars, amount: r.amount }));
  const matches = matchRows(toMatch, entries, w);

  const entryRow = new Map<number, string>();
  for (const [r, m] of matches) {
    rows[r]!.rule = m.rule;
    for (const e of m.entries) entryRow.set(e, rows[r]!.statementRowId);
  }
  // Stored: every entry of the period, and those of the window's margins that matched.
  const stored: repo.NewEntry[] = [];
  candidates.forEach((e, i) => {
    const row = entryRow.get(i) ?? null;
    if (row === null && (e.date < input.date_from || e.date > input.date_to)) return;
    stored.push({
      entryId: e.id,
      transactionId: e.transaction_id,
      date: e.date,
      amount: BigInt(e.amount),
      narration: e.narration,
      sourceRef: e.source_ref,
      statementRowId: row,
    });
  });

  const id = uuidv7();
  await withTransaction(db, (tx) =>
    repo.insertReconciliation(
      tx,
      orgId,
      {
        id,
        ledgerAccountId: ledgerAccount.id,
        statementAccountId: statementAccount.id,
        currency,
        dateFrom: input.date_from,
        dateTo: input.date_to,
        windowDays: w,
        ...figures,
        ledgerBalance: balance,
      },
      rows,
      stored,
    ),
  );
  return getReconciliation(db, orgId, id);
}

export async function getReconciliation(db: Db, orgId: string, id: string): Promise<ReconciliationView> {
  const r = await repo.findReconciliation(db, orgId, id);
  if (!r) throw new NotFoundError(`reconciliation ${id} not found`);
  return reconciliationView(r);
}

export async function listReconciliations(db: Db, orgId: string, list: ListQuery, status?: ReconciliationStatus) {
  const { rows, total } = await repo.findReconciliationPage(db, orgId, list, status);
  return { rows: rows.map(reconciliationView), total };
}

/**
 * GET /reconciliations/<id>: the summary and one page of each of its three lists (matched rows with their
 * entries, unmatched rows, unmatched entries); `page` and `limit` apply to each list, each with its own page_context.
 */
export async function reconciliationDetail(db: Db, orgId: string, id: string, page: number, limit: number) {
  const summary = await getReconciliation(db, orgId, id);
  const window = { limit, offset: (page - 1) * limit };
  const [matched, unmatchedRows, unmatchedEntries] = await Promise.all([
    repo.findRowPage(db, id, true, window),
    repo.findRowPage(db, id, false, window),
    repo.findUnmatchedEntryPage(db, id, window),
  ]);
  const entries = await repo.findEntriesOfRows(
    db,
    id,
    matched.rows.map((r) => r.statement_row),
  );
  const byRow = new Map<string, repo.EntryRecord[]>();
  for (const e of entries) byRow.set(e.statement_row!, [...(byRow.get(e.statement_row!) ?? []), e]);
  const context = (count: number, total: number) => ({ count, page, per_page: limit, total, has_more: page * limit < total });
  return {
    ...summary,
    matched: {
      data: matched.rows.map((r) => ({ ...r, entries: byRow.get(r.statement_row) ?? [] })),
      page_context: context(matched.rows.length, matched.total),
    },
    unmatched_rows: { data: unmatchedRows.rows, page_context: context(unmatchedRows.rows.length, unmatchedRows.total) },
    unmatched_entries: { data: unmatchedEntries.rows, page_context: context(unmatchedEntries.rows.length, unmatchedEntries.total) },
  };
}

/** Locks an open reconciliation of the organization for a change (404, or 409 once confirmed). */
async function lockOpen(db: Db, orgId: string, id: string): Promise<repo.ReconciliationRecord> {
  const r = await repo.findReconciliation(db, orgId, id, 'update');
  if (!r) throw new NotFoundError(`reconciliation ${id} not found`);
  if (r.status !== 'open') throw new ConflictError('RECONCILIATION_CONFIRMED', `reconciliation ${id} is confirmed and can no longer change`);
  return r;
}

async function unmatchedRowOf(db: Db, id: string, statementRowId: string) {
  const row = await repo.findRow(db, id, statementRowId);
  if (!row)
    throw new BusinessRuleError('ROW_NOT_IN_RECONCILIATION', `statement row ${statementRowId} is not part of reconciliation ${id}`, [
      { path: 'statement_row', message: 'not part of this reconciliation' },
    ]);
  return row;
}

/** POST /reconciliations/<id>/match: a row to entries of this reconciliation summing exactly to it. */
export async function matchManually(db: Db, orgId: string, id: string, statementRowId: string, entryIds: string[]): Promise<ReconciliationView> {
  await withTransaction(db, async (tx) => {
    await lockOpen(tx, orgId, id);
    const row = await unmatchedRowOf(tx, id, statementRowId);
    if (row.rule !== null) throw new ConflictError('ALREADY_MATCHED', `statement row ${statementRowId} is already matched (${row.rule}); unmatch it first`);
    if (row.amount === null)
      throw new BusinessRuleError('AMOUNT_NOT_WHOLE', `statement row ${statementRowId}: ${row.reason}`, [{ path: 'statement_row', message: row.reason ?? '' }]);
    const unique = [...new Set(entryIds)];
    const found = await repo.findEntries(tx, id, unique);
    const details = unique.flatMap((e, i) => {
      const entry = found.find((f) => f.entry === e);
      if (!entry) return [{ path: `entries[${i}]`, message: `entry ${e} is not part of this reconciliation` }];
      if (entry.statement_row !== null) return [{ path: `entries[${i}]`, message: `entry ${e} is already matched to statement row ${entry.statement_row}` }];
      return [];
    });
    if (details.length) throw new BusinessRuleError('ENTRY_NOT_AVAILABLE', details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
    const sum = found.reduce((s, e) => s + e.amount, 0);
    if (sum !== row.amount) {
      throw new BusinessRuleError('AMOUNT_MISMATCH', `the entries sum to ${sum} minor units; statement row ${statementRowId} is ${row.amount}`, [
        { path: 'entries', message: `sum ${sum}, row ${row.amount}` },
      ]);
    }
    await repo.setEntriesRow(tx, id, unique, statementRowId);
    await repo.setRowMatch(tx, id, statementRowId, 'manual');
    await repo.touch(tx, id);
  });
  return getReconciliation(db, orgId, id);
}

/** POST /reconciliations/<id>/unmatch: the row and its entries back to unmatched. */
export async function unmatch(db: Db, orgId: string, id: string, statementRowId: string): Promise<ReconciliationView> {
  await withTransaction(db, async (tx) => {
    await lockOpen(tx, orgId, id);
    const row = await unmatchedRowOf(tx, id, statementRowId);
    if (row.rule === null) throw new ConflictError('NOT_MATCHED', `statement row ${statementRowId} is not matched`);
    await repo.unmatchRow(tx, id, statementRowId);
    await repo.touch(tx, id);
  });
  return getReconciliation(db, orgId, id);
}

/** POST /reconciliations/<id>/confirm: immutable from now on; its matched rows and entries are claimed. */
export async function confirmReconciliation(db: Db, orgId: string, id: string): Promise<ReconciliationView> {
  try {
    await withTransaction(db, async (tx) => {
      await lockOpen(tx, orgId, id);
      await repo.confirm(tx, id);
    });
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) {
      throw new ConflictError(
        'ALREADY_RECONCILED',
        `a statement row or ledger entry matched here already belongs to another confirmed reconciliation; unmatch it first`,
      );
    }
    throw err;
  }
  return getReconciliation(db, orgId, id);
}

export interface PostUnmatchedInput {
  /** statement category -> ledger counter-account */
  accounts: Record<string, string>;
  default_account: string | null;
}

/**
 * POST /reconciliations/<id>/post-unmatched: one balanced transaction per unmatched row (the ledger account
 * against the row's counter-account), source "statement" and source_ref the row id, posted through the bulk
 * machinery (so a repeat finds them instead of creating them twice), then matched to the row (rule "posted").
 * Rows with no counter-account (no mapping for their category, no default) or not a whole amount are skipped.
 */
export async function postUnmatched(db: Db, orgId: string, id: string, input: PostUnmatchedInput) {
  const r = await repo.findReconciliation(db, orgId, id);
  if (!r) throw new NotFoundError(`reconciliation ${id} not found`);
  if (r.status !== 'open') throw new ConflictError('RECONCILIATION_CONFIRMED', `reconciliation ${id} is confirmed and can no longer change`);
  const rows = await repo.findUnmatchedRows(db, id);
  const skipped: { statement_row: string; reason: string }[] = [];
  const toPost: { row: repo.RowRecord; counter: string }[] = [];
  for (const row of rows) {
    const counter = (row.category !== null ? input.accounts[row.category] : undefined) ?? input.default_account;
    if (row.amount === null) skipped.push({ statement_row: row.statement_row, reason: row.reason ?? 'not a whole amount' });
    else if (row.amount === 0) skipped.push({ statement_row: row.statement_row, reason: 'a zero amount' });
    else if (!counter)
      skipped.push({ statement_row: row.statement_row, reason: `no counter-account for category ${row.category ?? '(none)'} and no default_account` });
    else toPost.push({ row, counter });
  }
  let createdCount = 0;
  let existingCount = 0;
  const posted: repo.NewEntry[] = [];
  for (let start = 0; start < toPost.length; start += 500) {
    const chunk = toPost.slice(start, start + 500);
    const items: bulk.BulkItemInput[] = chunk.map(({ row, counter }) => {
      const amount = Math.abs(row.amount!);
      const inflow = row.amount! > 0;
      return {
        ok: {
          date: row.date,
          time: null,
          narration: row.particulars.slice(0, 2000),
          type: null,
          status: 'posted',
          currency: r.currency,
          source: 'statement',
          source_ref: row.statement_row,
          entries: [
            { account: r.ledger_account, debit: inflow ? amount : 0, credit: inflow ? 0 : amount, memo: null, dimensions: {} },
            { account: counter, debit: inflow ? 0 : amount, credit: inflow ? amount : 0, memo: null, dimensions: {} },
          ],
        },
      };
    });
    const outcome = await bulk.postBulk(db, orgId, items, true);
    if (!outcome.stored) {
      const { index, status, error } = outcome.failure;
      const e = error!;
      throw new AppError(status, e.code, `statement row ${chunk[index]!.row.statement_row}: ${e.message}`, e.details);
    }
    outcome.results.forEach((result, i) => {
      if (result.status === 201) createdCount++;
      else existingCount++;
      const t = result.data!;
      const own = t.entries?.find((e) => e.account === r.ledger_account);
      if (!own || t.status !== 'posted') return;
      posted.push({
        entryId: own.id,
        transactionId: t.id,
        date: t.date,
        amount: BigInt(own.debit - own.credit),
        narration: t.narration,
        sourceRef: t.source_ref,
        statementRowId: chunk[i]!.row.statement_row,
      });
    });
  }
  await withTransaction(db, async (tx) => {
    await lockOpen(tx, orgId, id);
    await repo.upsertEntries(tx, id, posted);
    for (const e of posted) await repo.setRowMatch(tx, id, e.statementRowId!, 'posted');
    await repo.touch(tx, id, await repo.ledgerBalance(tx, orgId, r.ledger_account, r.currency, r.date_to));
  });
  return { reconciliation: await getReconciliation(db, orgId, id), created: createdCount, existing: existingCount, skipped };
}
