import {
  AppError,
  BusinessRuleError,
  ConflictError,
  formatMilli,
  lockUntilCommit,
  // Milli-units (statement rows) per minor unit (ledger amounts), from the platform's currency table (ISO 4217).
  milliPerMinor,
  NotFoundError,
  pgErrorCode,
  UNIQUE_VIOLATION,
  type ListQuery,
} from '@finance/platform';
import { withTransaction, type Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as accountsRepo from '../data-access/accounts.repo';
import { toSafeNumber } from '../data-access/money';
import * as repo from '../data-access/reconciliations.repo';
import type { StatementAccount, StatementClient, StatementCredentials, StatementRow } from '../data-access/statement-client';
import type { ContinuityBreakView, MatchRule, ReconciliationStatus, ReconciliationView, StatementBalanceSource } from '../views/reconciliations';
import type { TransactionEntryView, TransactionView } from '../views/transactions';
import * as bulk from './bulk';
import { getTransaction } from './transactions';
import { findSettings } from '../data-access/periods.repo';
import { periodClosedError } from './periods';
import { recordEvent } from '../data-access/webhooks';
import { matchRows, type EntryToMatch, type MatchOptions, type RowToMatch } from './reconciliation-matching';

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
  /** An absolute amount in minor units, or basis points of the row (the API's per cent x 100); none: exact only. */
  tolerance?: { absolute: bigint } | { basisPoints: number } | null;
}

/** The tolerance a reconciliation was opened with, as matching takes it. */
function matchOptionsOf(r: Pick<repo.ReconciliationRecord, 'tolerance_absolute' | 'tolerance_basis_points'>): MatchOptions {
  if (r.tolerance_absolute !== null) return { tolerance: { absolute: r.tolerance_absolute } };
  if (r.tolerance_basis_points !== null) return { tolerance: { basisPoints: r.tolerance_basis_points } };
  return {};
}

/** Whether a row and its entries' sum differ within the tolerance (the same rule as matching: basis points of the row). */
function withinTolerance(rowAmount: bigint, difference: bigint, options: MatchOptions): boolean {
  if (difference === 0n) return true;
  const t = options.tolerance;
  if (!t) return false;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  if ('absolute' in t) return abs(difference) <= t.absolute;
  return abs(difference) * 10_000n <= BigInt(t.basisPoints) * abs(rowAmount);
}

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
    tolerance_absolute: r.tolerance_absolute === null ? null : toSafeNumber(r.tolerance_absolute),
    tolerance_basis_points: r.tolerance_basis_points,
    difference_total: toSafeNumber(r.difference_total),
    difference_unposted: toSafeNumber(r.difference_unposted),
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

/** A statement row as a reconciliation keeps it: its amount in minor units where whole, else why it is never matched. */
function newRowOf(r: StatementRow, currency: string): repo.NewRow {
  const perMinor = milliPerMinor(currency);
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
}

const rowToMatch = (r: { statementRowId: string; date: string; particulars: string; amount: bigint | null }): RowToMatch => ({
  id: r.statementRowId,
  date: r.date,
  particulars: r.particulars,
  amount: r.amount,
});
const entryToMatch = (e: repo.CandidateEntryRow): EntryToMatch => ({
  id: e.id,
  date: e.date,
  amount: BigInt(e.amount),
  narration: e.narration,
  sourceRef: e.source_ref,
});
const storedEntry = (e: repo.CandidateEntryRow, statementRowId: string | null): repo.NewEntry => ({
  entryId: e.id,
  transactionId: e.transaction_id,
  date: e.date,
  amount: BigInt(e.amount),
  narration: e.narration,
  sourceRef: e.source_ref,
  statementRowId,
});

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
  return {
    statementBalanceMilli: await statement.balanceMilli(account.id, dateTo),
    statementBalanceSource: 'account',
    statementBalanceStatementId: null,
    continuityBreaks,
  };
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
  // A currency whose minor unit is finer than a milli-unit (CLF, UYW) cannot be compared with statement rows:
  // 422 CURRENCY_NOT_SUPPORTED before anything is read or stored.
  milliPerMinor(currency);
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

  const rows: repo.NewRow[] = statementRows.filter((r) => !claimed.has(r.id)).map((r) => newRowOf(r, currency));
  const tolerance = {
    tolerance_absolute: input.tolerance && 'absolute' in input.tolerance ? input.tolerance.absolute : null,
    tolerance_basis_points: input.tolerance && 'basisPoints' in input.tolerance ? input.tolerance.basisPoints : null,
  };
  const matches = matchRows(rows.map(rowToMatch), candidates.map(entryToMatch), w, matchOptionsOf(tolerance));

  const entryRow = new Map<number, string>();
  for (const [r, m] of matches) {
    rows[r]!.rule = m.rule;
    rows[r]!.difference = m.difference;
    for (const e of m.entries) entryRow.set(e, rows[r]!.statementRowId);
  }
  // Stored: every entry of the period, and those of the window's margins that matched.
  const stored: repo.NewEntry[] = [];
  candidates.forEach((e, i) => {
    const row = entryRow.get(i) ?? null;
    if (row === null && (e.date < input.date_from || e.date > input.date_to)) return;
    stored.push(storedEntry(e, row));
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
        toleranceAbsolute: tolerance.tolerance_absolute,
        toleranceBasisPoints: tolerance.tolerance_basis_points,
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
    const r = await lockOpen(tx, orgId, id);
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
    const sum = found.reduce((s, e) => s + BigInt(e.amount), 0n);
    const difference = BigInt(row.amount) - sum;
    if (!withinTolerance(BigInt(row.amount), difference, matchOptionsOf(r))) {
      throw new BusinessRuleError(
        'AMOUNT_MISMATCH',
        `the entries sum to ${sum} minor units; statement row ${statementRowId} is ${row.amount}${r.tolerance_absolute !== null || r.tolerance_basis_points !== null ? ', beyond the tolerance' : ''}`,
        [{ path: 'entries', message: `sum ${sum}, row ${row.amount}` }],
      );
    }
    await repo.setEntriesRow(tx, id, unique, statementRowId);
    await repo.setRowMatch(tx, id, statementRowId, 'manual', difference);
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
    if (row.difference_transaction !== null) {
      throw new ConflictError(
        'DIFFERENCE_POSTED',
        `the difference of statement row ${statementRowId} was posted (transaction ${row.difference_transaction}); reverse that transaction's effect before unmatching`,
      );
    }
    await repo.unmatchRow(tx, id, statementRowId);
    await repo.touch(tx, id);
  });
  return getReconciliation(db, orgId, id);
}

/** POST /reconciliations/<id>/confirm: immutable from now on; its matched rows and entries are claimed. */
export async function confirmReconciliation(
  db: Db,
  orgId: string,
  id: string,
  options: { post_differences_to?: string | null } = {},
): Promise<ReconciliationView> {
  // The differences first, as their own transaction (a refused confirm afterwards leaves them posted and matched).
  if (options.post_differences_to) await postDifferences(db, orgId, id, options.post_differences_to);
  try {
    await withTransaction(db, async (tx) => {
      await lockOpen(tx, orgId, id);
      await repo.confirm(tx, id);
      await recordEvent(tx, { type: 'reconciliation.confirmed', organization: orgId, data: await getReconciliation(tx, orgId, id) });
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

/** What a refresh took in: statement rows and ledger entries new to the reconciliation, the new matches, and unmatched entries dropped. */
export interface RefreshOutcome {
  new_rows: number;
  new_entries: number;
  new_matches: number;
  dropped_entries: number;
}

/**
 * POST /reconciliations/<id>/refresh (issue 22): an open reconciliation takes in the statement rows and the
 * posted ledger entries that appeared since it was opened, and matching runs again over what is unmatched only
 * (matched rows, manual ones included, stay as they are). Unmatched entries that are no longer posted (voided,
 * reversed by editing) or that a confirmed reconciliation claimed since are dropped. The bank's figures and the
 * ledger balance are read again. Everything is read from the statement service before anything is written.
 */
export async function refreshReconciliation(db: Db, orgId: string, statement: StatementReader, id: string) {
  const r = await repo.findReconciliation(db, orgId, id);
  if (!r) throw new NotFoundError(`reconciliation ${id} not found`);
  if (r.status !== 'open') throw new ConflictError('RECONCILIATION_CONFIRMED', `reconciliation ${id} is confirmed and can no longer change`);
  const account = await statement.account(r.statement_account);
  const [statementRows, figures] = await Promise.all([
    statement.rows(account.id, r.date_from, r.date_to),
    bankFigures(statement, account, r.date_from, r.date_to),
  ]);
  const w = r.date_window_days;
  const outcome = await withTransaction(db, async (tx): Promise<RefreshOutcome> => {
    const current = await lockOpen(tx, orgId, id);
    const held = await repo.findRowIds(tx, id);
    const claimed = await repo.confirmedRowIds(
      tx,
      statementRows.map((x) => x.id),
    );
    const fresh = statementRows.filter((x) => !held.ids.has(x.id) && !claimed.has(x.id)).map((x) => newRowOf(x, r.currency));
    const unmatched = (await repo.findUnmatchedRows(tx, id)).map((x) => ({
      statementRowId: x.statement_row,
      date: x.date,
      particulars: x.particulars,
      amount: x.amount === null ? null : BigInt(x.amount),
    }));
    const entryRows = await repo.findEntryRows(tx, id);
    const candidates = await repo.findCandidateEntries(
      tx,
      orgId,
      r.ledger_account,
      r.currency,
      clampDate(addDays(r.date_from, -w)),
      clampDate(addDays(r.date_to, w)),
    );
    const candidateIds = new Set(candidates.map((e) => e.id));
    const dropped = [...entryRows].filter(([e, row]) => row === null && !candidateIds.has(e)).map(([e]) => e);
    const free = candidates.filter((e) => (entryRows.get(e.id) ?? null) === null);

    const rows = [...unmatched, ...fresh];
    const matches = matchRows(rows.map(rowToMatch), free.map(entryToMatch), w, matchOptionsOf(current));
    const entryRow = new Map<number, string>();
    const rematched: { statementRowId: string; rule: MatchRule; difference: bigint }[] = [];
    for (const [i, m] of matches) {
      const rowId = rows[i]!.statementRowId;
      if (i >= unmatched.length) Object.assign(fresh[i - unmatched.length]!, { rule: m.rule, difference: m.difference });
      else rematched.push({ statementRowId: rowId, rule: m.rule, difference: m.difference });
      for (const e of m.entries) entryRow.set(e, rowId);
    }
    const upserts: repo.NewEntry[] = [];
    let newEntries = 0;
    free.forEach((e, i) => {
      const row = entryRow.get(i) ?? null;
      const isHeld = entryRows.has(e.id);
      if (row === null && (isHeld || e.date < r.date_from || e.date > r.date_to)) return;
      if (!isHeld) newEntries++;
      upserts.push(storedEntry(e, row));
    });
    await repo.deleteUnmatchedEntries(tx, id, dropped);
    await repo.insertRows(tx, id, fresh, held.next);
    for (const m of rematched) await repo.setRowMatch(tx, id, m.statementRowId, m.rule, m.difference);
    await repo.upsertEntries(tx, id, upserts);
    await repo.setBankFigures(tx, id, figures);
    await repo.touch(tx, id, await repo.ledgerBalance(tx, orgId, r.ledger_account, r.currency, r.date_to));
    return { new_rows: fresh.length, new_entries: newEntries, new_matches: matches.size, dropped_entries: dropped.length };
  });
  return { reconciliation: await getReconciliation(db, orgId, id), ...outcome };
}

/** A row to post and where its counter-account came from. */
export interface PostUnmatchedInput {
  /** statement category -> ledger counter-account, for this call (before the organization's stored mapping) */
  accounts: Record<string, string>;
  /** The last resort (a suspense account). */
  default_account: string | null;
  /** Only these rows, each with its own counter-account if given; all unmatched rows when absent. */
  rows?: { statement_row: string; account?: string | null }[] | null;
  /** Post rows that now have a candidate entry in the ledger anyway (otherwise 409 ROWS_HAVE_CANDIDATES). */
  post_anyway?: boolean;
}

/**
 * POST /reconciliations/<id>/post-unmatched: one balanced transaction per unmatched row (the ledger account
 * against the row's counter-account), source "statement" and source_ref the row id, posted through the bulk
 * machinery (so a repeat finds them instead of creating them twice), then matched to the row (rule "posted").
 * The counter-account of a row: the one given with it in `rows`, else `accounts` by its category, else the
 * organization's stored mapping of categories (PUT /reconciliation-category-accounts), else `default_account`.
 * Rows with no counter-account or not a whole amount are skipped. Rows that now have a candidate entry in the
 * ledger (one booked after the reconciliation was opened: refresh matches it) are refused, 409
 * ROWS_HAVE_CANDIDATES naming them, unless `post_anyway`.
 */
export async function postUnmatched(db: Db, orgId: string, id: string, input: PostUnmatchedInput) {
  const r = await repo.findReconciliation(db, orgId, id);
  if (!r) throw new NotFoundError(`reconciliation ${id} not found`);
  if (r.status !== 'open') throw new ConflictError('RECONCILIATION_CONFIRMED', `reconciliation ${id} is confirmed and can no longer change`);
  const unmatched = await repo.findUnmatchedRows(db, id);
  let chosen: { row: repo.RowRecord; account: string | null }[];
  if (input.rows) {
    const byId = new Map(unmatched.map((row) => [row.statement_row, row]));
    const details: { path: string; message: string }[] = [];
    const matchedAlready: string[] = [];
    chosen = [];
    const seen = new Set<string>();
    for (const [i, c] of input.rows.entries()) {
      const row = byId.get(c.statement_row);
      if (seen.has(c.statement_row)) details.push({ path: `rows[${i}].statement_row`, message: `statement row ${c.statement_row} is named twice` });
      else if (row) chosen.push({ row, account: c.account ?? null });
      else if (await repo.findRow(db, id, c.statement_row)) matchedAlready.push(c.statement_row);
      else details.push({ path: `rows[${i}].statement_row`, message: `statement row ${c.statement_row} is not part of this reconciliation` });
      seen.add(c.statement_row);
    }
    if (details.length) throw new BusinessRuleError('ROW_NOT_IN_RECONCILIATION', details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
    if (matchedAlready.length) {
      throw new ConflictError('ALREADY_MATCHED', `statement rows ${matchedAlready.join(', ')} are matched already; unmatch them first`);
    }
  } else {
    chosen = unmatched.map((row) => ({ row, account: null }));
  }
  const mapping = await repo.findCategoryAccounts(db, orgId);
  const skipped: { statement_row: string; reason: string }[] = [];
  const toPost: { row: repo.RowRecord; counter: string }[] = [];
  for (const { row, account } of chosen) {
    const counter = account ?? (row.category !== null ? (input.accounts[row.category] ?? mapping.get(row.category)) : undefined) ?? input.default_account;
    if (row.amount === null) skipped.push({ statement_row: row.statement_row, reason: row.reason ?? 'not a whole amount' });
    else if (row.amount === 0) skipped.push({ statement_row: row.statement_row, reason: 'a zero amount' });
    else if (!counter)
      skipped.push({
        statement_row: row.statement_row,
        reason: `no counter-account for category ${row.category ?? '(none)'}: none given, none in the organization's mapping, and no default_account`,
      });
    else toPost.push({ row, counter });
  }
  // Rows dated in a closed period are refused before anything is posted, so a post of several chunks (500 rows
  // each) does not stop half-way; each chunk's post checks again under the period lock.
  const { closed_through: closedThrough } = await findSettings(db, orgId);
  for (const { row } of toPost) {
    const closed = periodClosedError(row.date, closedThrough, {
      path: 'statement_row',
      subject: `the bank row "${row.particulars}", dated ${row.date},`,
      remedy: 'it cannot be posted until the period is reopened; nothing was posted',
    });
    if (closed) throw closed;
  }
  if (!input.post_anyway && toPost.length > 0)
    await refuseRowsWithCandidates(
      db,
      orgId,
      r,
      toPost.map((p) => p.row),
    );
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
      posted.push(postedEntry(t, own, chunk[i]!.row.statement_row));
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

/**
 * The rows to post that now have a candidate entry in the ledger (posted, not matched in this reconciliation, not
 * claimed by a confirmed one; the row's own earlier posting, source "statement" and source_ref the row, aside):
 * 409 ROWS_HAVE_CANDIDATES naming each row and its entries. Matching decides what a candidate is, with the
 * reconciliation's window and tolerance.
 */
async function refuseRowsWithCandidates(db: Db, orgId: string, r: repo.ReconciliationRecord, rows: repo.RowRecord[]): Promise<void> {
  const w = r.date_window_days;
  const [candidates, entryRows] = await Promise.all([
    repo.findCandidateEntries(db, orgId, r.ledger_account, r.currency, clampDate(addDays(r.date_from, -w)), clampDate(addDays(r.date_to, w))),
    repo.findEntryRows(db, r.id),
  ]);
  const posting = new Set(rows.map((x) => x.statement_row));
  const free = candidates.filter(
    (e) => (entryRows.get(e.id) ?? null) === null && !(e.source === 'statement' && e.source_ref !== null && posting.has(e.source_ref)),
  );
  const toMatch = rows.map((x) => rowToMatch({ statementRowId: x.statement_row, date: x.date, particulars: x.particulars, amount: BigInt(x.amount!) }));
  const matches = [...matchRows(toMatch, free.map(entryToMatch), w, matchOptionsOf(r))].sort((a, b) => a[0] - b[0]);
  if (matches.length === 0) return;
  const details = matches.map(([i, m]) => {
    const row = rows[i]!;
    const entries = m.entries.map((e) => `${free[e]!.id} (transaction ${free[e]!.transaction_id}, ${free[e]!.date}, ${free[e]!.amount})`);
    return {
      path: 'statement_row',
      message: `statement row ${row.statement_row} (${row.date}, ${row.particulars}, ${row.amount}) has candidate entr${entries.length > 1 ? 'ies' : 'y'} ${entries.join(', ')}`,
    };
  });
  throw new AppError(
    409,
    'ROWS_HAVE_CANDIDATES',
    `${details.length} statement row(s) now have a candidate entry in the ledger, booked after the reconciliation was opened: ${matches
      .map(([i]) => rows[i]!.statement_row)
      .join(', ')}; refresh the reconciliation to match them, or send "post_anyway": true to post them regardless; nothing was posted`,
    details,
  );
}

/** GET /reconciliation-category-accounts: the organization's counter-account per statement category. */
export async function getCategoryAccounts(db: Db, orgId: string): Promise<{ accounts: Record<string, string> }> {
  return { accounts: Object.fromEntries(await repo.findCategoryAccounts(db, orgId)) };
}

/**
 * PUT /reconciliation-category-accounts: the mapping replaced wholesale. Every account must be the
 * organization's and postable (422 ACCOUNT_NOT_FOUND, GROUP_ACCOUNT naming `accounts.<category>`); nothing is
 * changed otherwise.
 */
export async function putCategoryAccounts(db: Db, orgId: string, accounts: Record<string, string>): Promise<{ accounts: Record<string, string> }> {
  const details: { path: string; message: string }[] = [];
  let code = 'ACCOUNT_NOT_FOUND';
  for (const [category, id] of Object.entries(accounts)) {
    const account = await accountsRepo.findAccount(db, orgId, id);
    if (!account) details.push({ path: `accounts.${category}`, message: `ledger account ${id} not found` });
    else if (account.is_group) {
      if (details.length === 0) code = 'GROUP_ACCOUNT';
      details.push({ path: `accounts.${category}`, message: `ledger account ${id} is a group; map a postable account` });
    }
  }
  if (details.length) throw new BusinessRuleError(code, details.map((d) => `${d.path}: ${d.message}`).join('; '), details);
  await withTransaction(db, (tx) => repo.replaceCategoryAccounts(tx, orgId, new Map(Object.entries(accounts))));
  return getCategoryAccounts(db, orgId);
}

/**
 * POST /reconciliations/<id>/post-differences (and confirm with `post_differences_to`): the differences of the
 * matched rows not posted yet, as one transaction with source "reconciliation" (source_ref the reconciliation id
 * and its first row: a retry finds it), dated date_to: per row, the ledger account debited by the difference
 * (credited when negative) against `account`. Its entries on the ledger account are matched to their rows, so
 * each row's entries then sum to it exactly; the rows keep showing their difference, with the transaction.
 *
 * A statement row's difference is posted once, whichever open reconciliation holding the row posts first: all in
 * one transaction under a lock on the statement account, a row whose difference another reconciliation posted
 * takes that transaction's entry (the same difference, on the same ledger account) instead of a second posting;
 * any other such row (the other reconciliation matched it differently) is refused, 409
 * DIFFERENCE_POSTED_ELSEWHERE naming it, and nothing is posted.
 */
export async function postDifferences(db: Db, orgId: string, id: string, account: string) {
  const done = await withTransaction(db, async (tx) => {
    const r = await lockOpen(tx, orgId, id);
    await lockUntilCommit(tx, `reconciliation-differences:${orgId}:${r.statement_account}`);
    const rows = await repo.findUnpostedDifferences(tx, id);
    if (rows.length === 0) return { transaction: null, rows: 0, amount: 0 };
    const elsewhere = new Map(
      (
        await repo.findDifferencesPostedElsewhere(
          tx,
          orgId,
          id,
          rows.map((row) => row.statement_row),
        )
      ).map((x) => [x.statement_row, x]),
    );
    const conflicting = rows.flatMap((row) => {
      const x = elsewhere.get(row.statement_row);
      return x && (x.difference !== row.difference || x.ledger_account !== r.ledger_account) ? [{ row, x }] : [];
    });
    if (conflicting.length > 0) {
      throw new AppError(
        409,
        'DIFFERENCE_POSTED_ELSEWHERE',
        `reconciliation ${conflicting[0]!.x.reconciliation} posted another difference of statement row ${conflicting[0]!.row.statement_row}; unmatch the row here or reverse that posting`,
        conflicting.map(({ row, x }) => ({
          path: 'statement_row',
          message: `${row.statement_row}: reconciliation ${x.reconciliation} posted a difference of ${x.difference} to ledger account ${x.ledger_account} (transaction ${x.transaction}); this one holds ${row.difference} on ${r.ledger_account}`,
        })),
      );
    }
    const entries: repo.NewEntry[] = [];
    /** Rows whose differences transaction `t` holds: its entries matched to them, and the rows naming it. */
    const heldBy = async (t: TransactionView, held: repo.RowRecord[]) => {
      for (const row of held) entries.push(postedEntry(t, ownDifferenceEntry(t, r.ledger_account, row), row.statement_row));
      await repo.setDifferenceTransaction(
        tx,
        id,
        held.map((row) => row.statement_row),
        t.id,
      );
    };
    // Taken over: one read per transaction another reconciliation posted, however many of these rows it holds.
    const adopted = new Map<string, repo.RowRecord[]>();
    for (const row of rows) {
      const x = elsewhere.get(row.statement_row);
      if (x) adopted.set(x.transaction, [...(adopted.get(x.transaction) ?? []), row]);
    }
    for (const [transactionId, held] of adopted) await heldBy(await getTransaction(tx, orgId, transactionId), held);
    const toPost = rows.filter((row) => !elsewhere.has(row.statement_row));
    let posted: string | null = null;
    if (toPost.length > 0) {
      const t = await postDifferenceTransaction(tx, orgId, r, toPost, account);
      await heldBy(t, toPost);
      posted = t.id;
    }
    await repo.upsertEntries(tx, id, entries);
    await repo.touch(tx, id, await repo.ledgerBalance(tx, orgId, r.ledger_account, r.currency, r.date_to));
    return { transaction: posted, rows: rows.length, amount: rows.reduce((sum, row) => sum + row.difference!, 0) };
  });
  return { reconciliation: await getReconciliation(db, orgId, id), ...done };
}

const differenceMemo = (statementRowId: string) => `difference of statement row ${statementRowId}`;

/** The entry of a differences' transaction on the ledger account for this row. */
function ownDifferenceEntry(t: TransactionView, ledgerAccount: string, row: repo.RowRecord): TransactionEntryView {
  const own = t.entries?.find((e) => e.account === ledgerAccount && e.memo === differenceMemo(row.statement_row));
  if (!own) throw new Error(`transaction ${t.id} has no difference entry for statement row ${row.statement_row}`);
  return own;
}

/** The differences of these rows as one transaction, source "reconciliation", dated date_to (see postDifferences). */
async function postDifferenceTransaction(
  tx: Db,
  orgId: string,
  r: repo.ReconciliationRecord,
  rows: repo.RowRecord[],
  account: string,
): Promise<TransactionView> {
  const entries = rows.flatMap((row) => {
    const d = row.difference!;
    const debit = d > 0 ? d : 0;
    const credit = d < 0 ? -d : 0;
    return [
      { account: r.ledger_account, debit, credit, memo: differenceMemo(row.statement_row), dimensions: {} },
      { account, debit: credit, credit: debit, memo: `${row.date} ${row.particulars}`.slice(0, 500), dimensions: {} },
    ];
  });
  const outcome = await bulk.postBulk(
    tx,
    orgId,
    [
      {
        ok: {
          date: r.date_to,
          time: null,
          narration: `Reconciliation ${r.id}: differences of ${rows.length} matched row(s)`,
          type: null,
          status: 'posted',
          currency: r.currency,
          source: 'reconciliation',
          source_ref: `${r.id}:${rows[0]!.statement_row}`,
          entries,
        },
      },
    ],
    true,
  );
  if (!outcome.stored) {
    const e = outcome.failure.error!;
    throw new AppError(outcome.failure.status, e.code, `the differences' transaction: ${e.message}`, e.details);
  }
  return outcome.results[0]!.data!;
}

/** A ledger entry the bank has not seen yet. */
interface OutstandingEntry {
  entry: string;
  transaction: string;
  date: string;
  narration: string | null;
  source_ref: string | null;
  /** Positive: a deposit in transit; for unpresented payments, the amount paid (positive too). */
  amount: number;
}

/** A statement row (or a matched row's difference) the books do not have; signed as the bank sees it. */
interface BankItem {
  statement_row: string;
  kind: 'unmatched_row' | 'difference';
  date: string;
  particulars: string;
  amount: number | null;
  amount_milli: number;
}

/**
 * GET /reconciliations/<id>/statement: the bank reconciliation statement on date_to, from what the
 * reconciliation holds. Balance per bank, plus deposits in transit (unmatched entries that are receipts), less
 * unpresented cheques and payments (unmatched entries that are payments), less items in the bank not yet in the
 * books (unmatched rows, signed as the bank sees them, and the differences of matched rows not posted yet): the
 * adjusted balance, which is the balance per books unless something the reconciliation does not hold moved the
 * books (an entry before date_from not matched to any statement, for one): that is `unexplained`. The totals add up
 * to the drift: drift = unpresented - deposits in transit + bank items - unexplained.
 */
export async function reconciliationStatement(db: Db, orgId: string, id: string) {
  const r = await repo.findReconciliation(db, orgId, id);
  if (!r) throw new NotFoundError(`reconciliation ${id} not found`);
  const perMinor = milliPerMinor(r.currency);
  const [rows, entries, differences] = await Promise.all([
    repo.findUnmatchedRows(db, id),
    repo.findUnmatchedEntries(db, id),
    repo.findUnpostedDifferences(db, id),
  ]);
  const deposits: OutstandingEntry[] = [];
  const payments: OutstandingEntry[] = [];
  for (const e of entries) {
    const item = { entry: e.entry, transaction: e.transaction, date: e.date, narration: e.narration, source_ref: e.source_ref, amount: Math.abs(e.amount) };
    if (e.amount > 0) deposits.push(item);
    else if (e.amount < 0) payments.push(item);
  }
  const bankItems: BankItem[] = [
    ...rows.map((x) => ({
      statement_row: x.statement_row,
      kind: 'unmatched_row' as const,
      date: x.date,
      particulars: x.particulars,
      amount: x.amount,
      amount_milli: x.inflow - x.outflow,
    })),
    ...differences.map((x) => ({
      statement_row: x.statement_row,
      kind: 'difference' as const,
      date: x.date,
      particulars: x.particulars,
      amount: x.difference!,
      amount_milli: toSafeNumber(BigInt(x.difference!) * perMinor),
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.statement_row < b.statement_row ? -1 : 1));

  const sum = (xs: number[]) => xs.reduce((t, x) => t + BigInt(x), 0n);
  const bank = r.statement_balance_milli;
  const inTransit = sum(deposits.map((d) => d.amount)) * perMinor;
  const unpresented = sum(payments.map((p) => p.amount)) * perMinor;
  const notInBooks = sum(bankItems.map((b) => b.amount_milli));
  const adjusted = bank + inTransit - unpresented - notInBooks;
  const books = r.ledger_balance * perMinor;
  const unexplained = books - adjusted;
  const figure = (milli: bigint) => ({ minor: milli % perMinor === 0n ? toSafeNumber(milli / perMinor) : null, milli: toSafeNumber(milli) });
  const total = (milli: bigint) => ({ total: figure(milli).minor, total_milli: figure(milli).milli });
  return {
    reconciliation: r.id,
    ledger_account: r.ledger_account,
    statement_account: r.statement_account,
    currency: r.currency,
    date_from: r.date_from,
    date_to: r.date_to,
    status: r.status,
    statement_balance_source: r.statement_balance_source,
    balance_per_bank: figure(bank).minor,
    balance_per_bank_milli: figure(bank).milli,
    deposits_in_transit: { ...total(inTransit), items: deposits },
    unpresented_payments: { ...total(unpresented), items: payments },
    bank_items_not_in_books: { ...total(notInBooks), items: bankItems },
    adjusted_balance_per_bank: figure(adjusted).minor,
    adjusted_balance_per_bank_milli: figure(adjusted).milli,
    balance_per_books: toSafeNumber(r.ledger_balance),
    unexplained: figure(unexplained).minor,
    unexplained_milli: figure(unexplained).milli,
    drift: figure(bank - books).minor,
    drift_milli: figure(bank - books).milli,
  };
}

export type ReconciliationStatementData = Awaited<ReturnType<typeof reconciliationStatement>>;

/** A CSV cell: quoted when it must be; text a spreadsheet would read as a formula (not an amount) is prefixed with an apostrophe. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The names a person knows the two accounts by, for the CSV a person reads (issue 35: it named them by UUID): the
 * ledger account's from the chart, the statement account's from the statement service with the caller's own
 * credentials. An account that cannot be read there (the key may not, the service is down) is named by its kind alone
 * rather than failing the download.
 */
export async function accountNames(db: Db, orgId: string, statement: StatementReader, s: ReconciliationStatementData) {
  const [ledgerAccount, statementAccount] = await Promise.all([
    accountsRepo.findAccount(db, orgId, s.ledger_account),
    statement.account(s.statement_account).catch(() => null),
  ]);
  return { ledger: ledgerAccount?.name ?? 'the ledger account', statement: statementAccount?.name ?? 'the statement account' };
}

/** The bank reconciliation statement as CSV: section, date, description, reference, amount (currency units). */
export function reconciliationStatementCsv(s: ReconciliationStatementData, names: { ledger: string; statement: string }): string {
  // Exact, in the currency's own decimals (the platform's currency table): minor digits where whole, else three.
  const money = (milli: number) => formatMilli(milli, s.currency);
  const minor = (amount: number) => money(toSafeNumber(BigInt(amount) * milliPerMinor(s.currency)));
  const lines: (string | number | null)[][] = [
    ['section', 'date', 'description', 'reference', `amount (${s.currency})`],
    [
      'Balance per bank',
      s.date_to,
      `${names.statement} (statement account; ${s.statement_balance_source.replaceAll('_', ' ')})`,
      null,
      money(s.balance_per_bank_milli),
    ],
    ...s.deposits_in_transit.items.map((e) => ['Add: deposit in transit', e.date, e.narration, e.entry, minor(e.amount)]),
    ['Total deposits in transit', null, null, null, money(s.deposits_in_transit.total_milli)],
    ...s.unpresented_payments.items.map((e) => ['Less: unpresented cheque or payment', e.date, e.narration, e.entry, minor(e.amount)]),
    ['Total unpresented cheques and payments', null, null, null, money(s.unpresented_payments.total_milli)],
    ...s.bank_items_not_in_books.items.map((b) => [
      b.kind === 'difference' ? 'Less: difference of a matched row, not in the books' : 'Less: item in the bank not in the books',
      b.date,
      b.particulars,
      b.statement_row,
      money(b.amount_milli),
    ]),
    ['Total items in the bank not in the books', null, null, null, money(s.bank_items_not_in_books.total_milli)],
    ['Adjusted balance per bank', s.date_to, null, null, money(s.adjusted_balance_per_bank_milli)],
    ['Unexplained difference', null, null, null, money(s.unexplained_milli)],
    ['Balance per books', s.date_to, `${names.ledger} (ledger account)`, null, minor(s.balance_per_books)],
    ['Drift (bank - books)', null, null, null, money(s.drift_milli)],
  ];
  return lines.map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** The reconciliation's record of an entry a posting made on the ledger account, matched to its statement row. */
function postedEntry(t: TransactionView, own: TransactionEntryView, statementRowId: string): repo.NewEntry {
  return {
    entryId: own.id,
    transactionId: t.id,
    date: t.date,
    amount: BigInt(own.debit - own.credit),
    narration: t.narration,
    sourceRef: t.source_ref,
    statementRowId,
  };
}
