import {
  BusinessRuleError,
  ConflictError,
  NotFoundError,
  pgErrorCode,
  UNIQUE_VIOLATION,
  ValidationError,
  RetryTransactionError,
  type ErrorDetail,
  type KeyInStatement,
  type ListQuery,
  sql,
} from '@finance/platform';
import { inTransaction, withTransaction, type Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as repo from '../data-access/transactions.repo';
import type { EntryInput, PostingAccount, PostResult } from '../data-access/transactions.repo';
import type { TransactionFields, TransactionStatus, TransactionView } from '../views/transactions';
import { closedThroughForPosting } from '../data-access/periods.repo';
import { periodClosedError } from './periods';
import { addDays } from './fiscal-calendar';
import { outbox, recordEvent } from '../data-access/webhooks';

/** An entry as a client sends it (shape already validated: safe non-negative integers, exactly one side non-zero). */
export interface EntryBody {
  account: string;
  debit: number;
  credit: number;
  memo: string | null;
  dimensions: Record<string, string>;
}

export interface TransactionCreateInput extends Omit<TransactionFields, 'details'> {
  details?: unknown;
  entries?: EntryBody[];
}

export type TransactionContentPatch = Partial<Pick<TransactionCreateInput, 'date' | 'time' | 'narration' | 'type' | 'currency' | 'details' | 'entries'>>;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Ids are UUIDv7, sorted, so the entries read back in the order they were sent. */
export function withIds(entries: EntryBody[]): EntryInput[] {
  const ids = entries.map(() => uuidv7()).sort();
  return entries.map((e, i) => ({ id: ids[i] as string, ...e }));
}

export function totals(entries: { debit: number; credit: number }[]): { debit: bigint; credit: bigint } {
  let debit = 0n;
  let credit = 0n;
  for (const e of entries) {
    debit += BigInt(e.debit);
    credit += BigInt(e.credit);
  }
  return { debit, credit };
}

/** A transaction's totals travel as JSON numbers too, so they must stay within the safe-integer range. */
export function assertTotalsInRange(entries: EntryBody[]): void {
  const t = totals(entries);
  for (const side of ['debit', 'credit'] as const) {
    if (t[side] > MAX_SAFE)
      throw ValidationError.field('entries', `the ${side} total exceeds ${Number.MAX_SAFE_INTEGER}, the largest amount JSON carries exactly`);
  }
}

/** Rules 1 and 2 (posted only): the first failure in the contract's order, or null. */
export function shapeRuleFailure(entries: { debit: number; credit: number }[]): 'TOO_FEW_ENTRIES' | 'UNBALANCED_TRANSACTION' | null {
  if (entries.length < 2) return 'TOO_FEW_ENTRIES';
  const t = totals(entries);
  return t.debit === t.credit ? null : 'UNBALANCED_TRANSACTION';
}

export function shapeRuleError(code: 'TOO_FEW_ENTRIES' | 'UNBALANCED_TRANSACTION', entries: { debit: number; credit: number }[]): BusinessRuleError {
  if (code === 'TOO_FEW_ENTRIES') {
    return new BusinessRuleError(code, `entries: a posted transaction needs at least two entries; it has ${entries.length}`, [
      { path: 'entries', message: 'at least two entries' },
    ]);
  }
  const t = totals(entries);
  return new BusinessRuleError(code, `entries: debits (${t.debit}) must equal credits (${t.credit}) for a posted transaction`, [
    { path: 'entries', message: `debits ${t.debit} != credits ${t.credit}` },
  ]);
}

/**
 * Rules 3 and 4 against the accounts as locked: the first failure in the contract's order
 * (ACCOUNT_NOT_FOUND, GROUP_ACCOUNT, ACCOUNT_NOT_POSTABLE), then CURRENCY_MISMATCH (an entry on an account
 * pinned to another currency than the transaction's), naming every entry it applies to.
 */
export function accountRuleError(
  entries: { account: string }[],
  found: PostingAccount[] | ReadonlyMap<string, PostingAccount>,
  currency: string,
): BusinessRuleError | null {
  const byId = Array.isArray(found) ? new Map(found.map((a) => [a.id, a])) : (found as ReadonlyMap<string, PostingAccount>);
  // The common case first, without building anything: every account found, postable and in the currency.
  if (
    entries.every((e) => {
      const a = byId.get(e.account);
      return a !== undefined && !a.is_group && a.status === 'active' && (a.currency === null || a.currency === currency);
    })
  ) {
    return null;
  }
  const checks: [string, (a: PostingAccount | undefined) => boolean, (a: PostingAccount | undefined) => string][] = [
    ['ACCOUNT_NOT_FOUND', (a) => a === undefined, () => 'is not an account of this organization'],
    ['GROUP_ACCOUNT', (a) => a?.is_group === true, () => 'is a group account; nothing can be posted to a group'],
    ['ACCOUNT_NOT_POSTABLE', (a) => a !== undefined && a.status !== 'active', () => 'is not postable (it is retired or quarantined)'],
    ['CURRENCY_MISMATCH', (a) => a?.currency != null && a.currency !== currency, (a) => `is pinned to ${a?.currency}; this transaction is in ${currency}`],
  ];
  for (const [code, fails, what] of checks) {
    const details: ErrorDetail[] = [];
    entries.forEach((e, i) => {
      const a = byId.get(e.account);
      if (fails(a)) details.push({ path: `entries[${i}].account`, message: `account ${e.account} ${what(a)}` });
    });
    if (details.length > 0) {
      const first = details[0] as ErrorDetail;
      return new BusinessRuleError(code, `${first.path}: ${first.message}`, details);
    }
  }
  return null;
}

export async function getTransaction(db: Db, orgId: string, id: string): Promise<TransactionView> {
  const found = await repo.findTransaction(db, orgId, id);
  if (!found) throw new NotFoundError(`transaction ${id} not found`);
  return found;
}

/** A create after the checks made before the database: its fields, its entries with ids, and its shape verdict. */
export interface PreparedCreate {
  fields: TransactionFields;
  entries: EntryInput[];
  shapeFailure: ReturnType<typeof shapeRuleFailure>;
}

/**
 * The checks of a create that need no database (they fail whatever the source identity says): the status it may
 * start in, entries required when posted, totals in range; then the shape rules' verdict, which the source
 * identity outranks (a re-post of a stored identity answers with it), so it is returned rather than thrown.
 * Single and bulk creates share it.
 */
export function prepareCreate(input: TransactionCreateInput): PreparedCreate {
  if (input.status === 'void') {
    throw new ConflictError('INVALID_STATUS_TRANSITION', 'status: a transaction is created as draft or posted; void is reached from one of them');
  }
  if (input.status === 'posted' && input.entries === undefined) throw ValidationError.field('entries', 'required when status is posted');
  const entries = withIds(input.entries ?? []);
  assertTotalsInRange(entries);
  const fields: TransactionFields = {
    date: input.date,
    time: input.time,
    narration: input.narration,
    type: input.type,
    status: input.status,
    currency: input.currency,
    source: input.source,
    source_ref: input.source_ref,
    details: input.details,
  };
  return { fields, entries, shapeFailure: input.status === 'posted' ? shapeRuleFailure(entries) : null };
}

/**
 * POST /transactions. One statement does the work (see insertTransaction), with an Idempotency-Key too (`key`:
 * the key's row goes in the same statement, with the answer); only a lost race on the source identity costs a
 * second round trip, to read the winner. A refused call writes nothing.
 */
export async function createTransaction(
  db: Db,
  orgId: string,
  input: TransactionCreateInput,
  key?: KeyInStatement,
): Promise<{ transaction: TransactionView; created: boolean }> {
  const { fields, entries, shapeFailure } = prepareCreate(input);
  const id = uuidv7();
  const t = totals(entries);
  const stored = (createdAt: string): TransactionView => ({
    id,
    ...fields,
    details: input.details ?? null,
    reverses: null,
    reversal_of: null,
    reversed_by: null,
    entries: entries.map((e) => ({ id: e.id, account: e.account, debit: e.debit, credit: e.credit, memo: e.memo, dimensions: e.dimensions })),
    total_debit: Number(t.debit),
    total_credit: Number(t.credit),
    created_at: createdAt,
    updated_at: createdAt,
  });
  let result: PostResult;
  try {
    const keyed = key ? { key, answer: { ...stored(''), created: true } } : undefined;
    result = await repo.insertTransaction(
      db,
      orgId,
      id,
      fields,
      entries,
      shapeFailure === null,
      keyed,
      fields.status === 'posted'
        ? (from) =>
            outbox.part(
              { type: 'transaction.posted', organization: orgId, data: stored('') },
              { from, instants: { created_at: sql`tx.created_at`, updated_at: sql`tx.created_at` } },
            )
        : undefined,
    );
  } catch (err) {
    // A concurrent call with the same identity committed first; this one wrote nothing. Answer with the winner.
    if (pgErrorCode(err) !== UNIQUE_VIOLATION || !input.source_ref) throw err;
    // Inside a caller's transaction (an Idempotency-Key's) the violation aborted it: run it again; it finds the winner.
    if (inTransaction(db)) throw new RetryTransactionError('the source identity was stored meanwhile', { cause: err });
    const winner = await repo.findTransactionBySourceRef(db, orgId, input.source, input.source_ref);
    if (!winner) throw err;
    return { created: false, transaction: winner };
  }

  if (result.createdAt) return { created: true, transaction: stored(result.createdAt.toISOString()) };
  // The source identity wins over the rules: a retry of an accepted call returns what was stored.
  if (result.existingId) return { created: false, transaction: await getTransaction(db, orgId, result.existingId) };
  // A closed period refuses the posting whatever its content: the books of that date are filed.
  const closed = fields.status === 'posted' ? periodClosedError(fields.date, result.closedThrough) : null;
  if (closed) throw closed;
  if (shapeFailure === 'TOO_FEW_ENTRIES') throw shapeRuleError(shapeFailure, entries);
  const accountError = accountRuleError(entries, result.accounts, input.currency);
  if (accountError) throw accountError;
  if (shapeFailure) throw shapeRuleError(shapeFailure, entries);
  throw new Error('the transaction insert wrote nothing, yet no rule failed');
}

export async function listTransactions(db: Db, orgId: string, list: ListQuery, filters: repo.TransactionFilters, includeEntries: boolean) {
  return repo.findTransactionPage(db, orgId, list, filters, includeEntries);
}

/** The transition table: the only moves a status change may make. */
const TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  draft: ['posted', 'void'],
  posted: ['void'],
  void: [],
};

/**
 * PATCH with {status}. The row lock serialises every change to one transaction, so concurrent PATCHes apply
 * one after the other, each to the state the previous one left.
 */
export async function changeTransactionStatus(db: Db, orgId: string, id: string, to: TransactionStatus): Promise<TransactionView> {
  return withTransaction(db, async (tx) => {
    const current = await repo.findTransaction(tx, orgId, id, { lock: true });
    if (!current) throw new NotFoundError(`transaction ${id} not found`);
    if (!TRANSITIONS[current.status].includes(to)) {
      throw new ConflictError('INVALID_STATUS_TRANSITION', `status: a ${current.status} transaction cannot become ${to}`);
    }
    // Voiding a reversed original would leave its reversal counting alone: the books would move by the reversal.
    if (to === 'void' && current.reversed_by) {
      throw new ConflictError(
        'TRANSACTION_REVERSED',
        `status: transaction ${id} is reversed by ${current.reversed_by}; void the reversal first (the original then counts again and can be voided)`,
      );
    }
    // Posting a draft adds money to its date, voiding a posted transaction takes it away: both need the date open.
    // A draft voided changes no figure, so it may go whatever its date.
    if (to === 'posted' || current.status === 'posted') {
      const closed = periodClosedError(current.date, await closedThroughForPosting(tx, orgId), {
        path: 'status',
        // Named as a person knows it (issue 35: the message quoted the transaction's id).
        subject: `${current.narration ? `"${current.narration}"` : 'the transaction'}, dated ${current.date},`,
        remedy: `it cannot be ${to === 'posted' ? 'posted' : 'voided'} until the period is reopened`,
      });
      if (closed) throw closed;
    }
    if (current.status === 'draft' && to === 'posted') {
      const entries = current.entries ?? [];
      const shapeFailure = shapeRuleFailure(entries);
      if (shapeFailure === 'TOO_FEW_ENTRIES') throw shapeRuleError(shapeFailure, entries);
      const accountError = accountRuleError(
        entries,
        await repo.lockAccountsForPosting(tx, orgId, [...new Set(entries.map((e) => e.account))]),
        current.currency,
      );
      if (accountError) throw accountError;
      if (shapeFailure) throw shapeRuleError(shapeFailure, entries);
    }
    await repo.setTransactionStatus(tx, orgId, id, to);
    // A voided reversal undoes the reversal: its original counts again, unreversed, and may be reversed anew.
    if (to === 'void' && current.reversal_of) await repo.clearReversedBy(tx, orgId, current.reversal_of, id);
    const changed = (await repo.findTransaction(tx, orgId, id)) as TransactionView;
    await recordEvent(tx, { type: to === 'posted' ? 'transaction.posted' : 'transaction.voided', organization: orgId, data: changed });
    return changed;
  });
}

/** PATCH with content (drafts only); `entries`, when sent, replaces them all. Rules 3 and 4 apply to drafts. */
export async function editTransactionContent(db: Db, orgId: string, id: string, patch: TransactionContentPatch): Promise<TransactionView> {
  const entries = patch.entries ? withIds(patch.entries) : undefined;
  if (entries) assertTotalsInRange(entries);
  return withTransaction(db, async (tx) => {
    const current = await repo.findTransaction(tx, orgId, id, { lock: true, entries: false });
    if (!current) throw new NotFoundError(`transaction ${id} not found`);
    if (current.status !== 'draft') {
      throw new ConflictError('TRANSACTION_IMMUTABLE', `transaction ${id} is ${current.status}; only a draft can be edited (void it and post a replacement)`);
    }
    // Rules 3 and 4 (and the accounts' currency pins) for the entries sent, or for the stored ones when only the currency changes.
    const checked = entries ?? (patch.currency !== undefined && patch.currency !== current.currency ? await repo.entryAccounts(tx, id) : undefined);
    if (checked) {
      const accountError = accountRuleError(
        checked,
        await repo.lockAccountsForPosting(tx, orgId, [...new Set(checked.map((e) => e.account))]),
        patch.currency ?? current.currency,
      );
      if (accountError) throw accountError;
    }
    const { entries: _ignored, ...fields } = patch;
    await repo.updateTransaction(tx, orgId, id, fields);
    if (entries) await repo.replaceEntries(tx, orgId, id, entries);
    return (await repo.findTransaction(tx, orgId, id)) as TransactionView;
  });
}

/** DELETE: drafts only; a posted transaction is voided, never deleted. */
export async function removeTransaction(db: Db, orgId: string, id: string): Promise<void> {
  await withTransaction(db, async (tx) => {
    const current = await repo.findTransaction(tx, orgId, id, { lock: true, entries: false });
    if (!current) throw new NotFoundError(`transaction ${id} not found`);
    if (current.status !== 'draft') {
      throw new ConflictError('TRANSACTION_NOT_DELETABLE', `transaction ${id} is ${current.status}; only a draft can be deleted (void a posted one)`);
    }
    await repo.deleteTransaction(tx, orgId, id);
  });
}

export interface ReverseInput {
  /** The reversal's date; default the original's. */
  date?: string;
  narration?: string | null;
  source: string;
  source_ref: string | null;
}

/**
 * POST /transactions/<id>/reverse: a new posted transaction with every entry's debit and credit swapped, linked both
 * ways (`reversal_of`, `reversed_by`); the original stays posted, so the two net to zero in every figure (issue 30:
 * it used to be voided too, which moved the books twice). One database transaction under the original's row lock,
 * so a second reversal (even a concurrent one) finds it reversed: 409. Only the reversal's own date must be open: a
 * transaction of a closed period is corrected by a reversal dated in the open one. Idempotent on (source,
 * source_ref) like any create: the identity is looked up under the same lock, and a re-post answers 200 with the
 * stored reversal.
 */
export async function reverseTransaction(db: Db, orgId: string, id: string, input: ReverseInput): Promise<{ transaction: TransactionView; created: boolean }> {
  try {
    return await withTransaction(db, async (tx) => {
      const original = await repo.findTransaction(tx, orgId, id, { lock: true });
      if (!original) throw new NotFoundError(`transaction ${id} not found`);
      if (input.source_ref) {
        const existing = await repo.findTransactionBySourceRef(tx, orgId, input.source, input.source_ref);
        if (existing) return { created: false, transaction: existing };
      }
      if (original.status !== 'posted') {
        throw new ConflictError('INVALID_STATUS_TRANSITION', `status: only a posted transaction can be reversed; transaction ${id} is ${original.status}`);
      }
      if (original.reversed_by) {
        throw new ConflictError('TRANSACTION_ALREADY_REVERSED', `transaction ${id} was already reversed by ${original.reversed_by}`);
      }
      // Reversing a reversal would stack a third posting on a pair that already nets to zero; voiding it undoes it.
      if (original.reversal_of) {
        throw new ConflictError(
          'TRANSACTION_IS_REVERSAL',
          `transaction ${id} is the reversal of ${original.reversal_of}; a reversal is not reversed: void it instead (its original then counts again)`,
        );
      }
      const closedThrough = await closedThroughForPosting(tx, orgId);
      const date = input.date ?? original.date;
      const closed =
        input.date !== undefined
          ? periodClosedError(date, closedThrough, { remedy: `date the reversal after ${closedThrough}` })
          : periodClosedError(date, closedThrough, {
              subject: `${date} (the original's date, which the reversal takes when no date is sent)`,
              remedy: `send "date": "${closedThrough === null ? date : addDays(closedThrough, 1)}", the first open date, or a later one to reverse it in the open period`,
            });
      if (closed) throw closed;
      const entries = withIds(
        (original.entries ?? []).map((e) => ({ account: e.account, debit: e.credit, credit: e.debit, memo: e.memo, dimensions: e.dimensions })),
      );
      // The reversal is a posting like any other: its accounts must still be postable (and in its currency).
      const accountError = accountRuleError(
        entries,
        await repo.lockAccountsForPosting(tx, orgId, [...new Set(entries.map((e) => e.account))]),
        original.currency,
      );
      if (accountError) throw accountError;
      const reversalId = uuidv7();
      await repo.insertReversal(
        tx,
        orgId,
        reversalId,
        id,
        {
          date,
          time: null,
          narration: input.narration !== undefined ? input.narration : `Reversal of ${original.narration ?? `transaction ${id}`}`.slice(0, 2000),
          type: original.type,
          status: 'posted',
          currency: original.currency,
          source: input.source,
          source_ref: input.source_ref,
          details: null,
        },
        entries,
      );
      await repo.markReversed(tx, orgId, id, reversalId);
      const reversal = (await repo.findTransaction(tx, orgId, reversalId)) as TransactionView;
      await recordEvent(tx, { type: 'transaction.reversed', organization: orgId, data: reversal });
      return { created: true, transaction: reversal };
    });
  } catch (err) {
    // A concurrent call with the same identity (reversing another transaction) committed first: answer with it.
    if (pgErrorCode(err) !== UNIQUE_VIOLATION || !input.source_ref) throw err;
    if (inTransaction(db)) throw new RetryTransactionError('the source identity was stored meanwhile', { cause: err });
    const winner = await repo.findTransactionBySourceRef(db, orgId, input.source, input.source_ref);
    if (!winner) throw err;
    return { created: false, transaction: winner };
  }
}
