import { AppError } from '@finance/platform';
import { withTransaction, type Db } from '../data-access/db';
import { v7 as uuidv7 } from 'uuid';
import * as repo from '../data-access/transactions.repo';
import { closedThroughForPosting } from '../data-access/periods.repo';
import type { BulkRow } from '../data-access/transactions.repo';
import type { BulkItemError, BulkItemResult, TransactionView } from '../views/transactions';
import { periodClosedError } from './periods';
import { recordEvents } from '../data-access/webhooks';
import { accountRuleError, prepareCreate, shapeRuleError, totals, type PreparedCreate, type TransactionCreateInput } from './transactions';

/** An item as the route hands it over: the validated create body, or the 400 its validation gave. */
export type BulkItemInput = { ok: TransactionCreateInput } | { error: AppError };

export type BulkOutcome =
  | { stored: true; results: BulkItemResult[] }
  /** atomic: nothing was stored; the first failure, by index. */
  | { stored: false; failure: BulkItemResult };

const errorOf = (err: AppError): BulkItemError => ({ code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) });
const failed = (index: number, err: AppError): BulkItemResult => ({ index, status: err.status, error: errorOf(err) });

/** An item that passed the checks made before the database: its fields, entries with ids, and shape verdict. */
interface Candidate extends PreparedCreate {
  index: number;
  identity: string | null;
}

const identityOf = (source: string, sourceRef: string | null) => (sourceRef === null ? null : `${source}\u0000${sourceRef}`);

/** An item through the checks a single create makes before its statement, or the failure they gave. */
function prepare(index: number, input: TransactionCreateInput): Candidate | BulkItemResult {
  try {
    return { index, ...prepareCreate(input), identity: identityOf(input.source, input.source_ref) };
  } catch (err) {
    if (err instanceof AppError) return failed(index, err);
    throw err;
  }
}

/**
 * POST /transactions/bulk: up to 500 creates, each under every rule and the idempotency of a single create, in
 * a handful of statements whatever the size: lock the referenced accounts and read the stored identities (two
 * reads), decide every item in memory, insert all the new ones at once (one statement), and read the winners
 * of identities a concurrent call stored meanwhile (one read, only when that happened). Items sharing a source
 * identity within the request are one transaction, as concurrent re-posts are: the first item that passes the
 * rules creates it, later ones answer 200 with it. `atomic` stores all or nothing.
 */
export async function postBulk(db: Db, orgId: string, items: BulkItemInput[], atomic: boolean): Promise<BulkOutcome> {
  const results: (BulkItemResult | undefined)[] = new Array(items.length);
  const candidates: Candidate[] = [];
  items.forEach((item, index) => {
    if ('error' in item) {
      results[index] = failed(index, item.error);
      return;
    }
    const prepared = prepare(index, item.ok);
    if ('status' in prepared) results[index] = prepared;
    else candidates.push(prepared);
  });
  const firstFailure = () => results.find((r) => r?.error !== undefined);
  if (atomic && firstFailure()) return { stored: false, failure: firstFailure() as BulkItemResult };

  // Runs again from scratch after a deadlock or serialization failure (withTransaction), so it only fills `decided`.
  const decided = await withTransaction(db, async (tx) => {
    const out = new Map<number, BulkItemResult>();
    const accountIds = [...new Set(candidates.flatMap((c) => c.entries.map((e) => e.account)))];
    const identities = new Map<string, { source: string; source_ref: string }>();
    for (const c of candidates) if (c.identity) identities.set(c.identity, { source: c.fields.source, source_ref: c.fields.source_ref as string });
    // The period lock (share mode, to the commit) before anything is decided: a close waits for this bulk, or the
    // bulk for the close and then sees the period closed. Drafts alone need no lock.
    const closedThrough = candidates.some((c) => c.fields.status === 'posted') ? await closedThroughForPosting(tx, orgId) : null;
    const accounts = new Map((await repo.lockAccountsForPosting(tx, orgId, accountIds)).map((a) => [a.id, a]));
    const stored = await repo.findTransactionsBySourceRefs(tx, orgId, [...identities.values()]);
    const storedBy = new Map(stored.map((t) => [identityOf(t.source, t.source_ref) as string, t]));

    // Decide each item as a single create would: identity first, then the rules in the contract's order.
    const winnerOf = new Map<string, Candidate>();
    const followers: { candidate: Candidate; winner: Candidate }[] = [];
    const toInsert: Candidate[] = [];
    for (const c of candidates) {
      const existing = c.identity ? storedBy.get(c.identity) : undefined;
      if (existing) {
        out.set(c.index, { index: c.index, status: 200, data: { ...existing, created: false } });
        continue;
      }
      const failure =
        (c.fields.status === 'posted' ? periodClosedError(c.fields.date, closedThrough) : null) ??
        (c.shapeFailure === 'TOO_FEW_ENTRIES' ? shapeRuleError(c.shapeFailure, c.entries) : null) ??
        accountRuleError(c.entries, accounts, c.fields.currency) ??
        (c.shapeFailure ? shapeRuleError(c.shapeFailure, c.entries) : null);
      if (failure) {
        out.set(c.index, failed(c.index, failure));
        continue;
      }
      const winner = c.identity ? winnerOf.get(c.identity) : undefined;
      if (winner) {
        followers.push({ candidate: c, winner });
        continue;
      }
      if (c.identity) winnerOf.set(c.identity, c);
      toInsert.push(c);
    }
    if (atomic && [...out.values()].some((r) => r.error)) return out;

    const rows: (BulkRow & { candidate: Candidate })[] = toInsert.map((c) => {
      const t = totals(c.entries);
      return { id: uuidv7(), fields: c.fields, entries: c.entries, total_debit: t.debit, total_credit: t.credit, candidate: c };
    });
    const inserted = await repo.insertTransactions(tx, orgId, rows);
    const lost = rows.filter((r) => !inserted.has(r.id));
    // Identities a concurrent call committed while this statement waited: answer with the stored winner.
    const winners = new Map(
      (
        await repo.findTransactionsBySourceRefs(
          tx,
          orgId,
          lost.map((r) => ({ source: r.fields.source, source_ref: r.fields.source_ref as string })),
        )
      ).map((t) => [identityOf(t.source, t.source_ref) as string, t]),
    );
    const dataOf = new Map<Candidate, TransactionView>();
    for (const r of rows) {
      const createdAt = inserted.get(r.id);
      if (createdAt) {
        dataOf.set(r.candidate, {
          id: r.id,
          ...r.fields,
          details: r.fields.details ?? null,
          reverses: null,
          reversal_of: null,
          reversed_by: null,
          entries: r.entries.map((e) => ({ id: e.id, account: e.account, debit: e.debit, credit: e.credit, memo: e.memo, dimensions: e.dimensions })),
          total_debit: Number(r.total_debit),
          total_credit: Number(r.total_credit),
          created_at: createdAt.toISOString(),
          updated_at: createdAt.toISOString(),
          created: true,
        });
        out.set(r.candidate.index, { index: r.candidate.index, status: 201, data: dataOf.get(r.candidate) });
        continue;
      }
      const winner = winners.get(r.candidate.identity as string);
      if (!winner) throw new Error(`bulk insert skipped transaction ${r.id}, yet no stored transaction has its source identity`);
      dataOf.set(r.candidate, { ...winner, created: false });
      out.set(r.candidate.index, { index: r.candidate.index, status: 200, data: dataOf.get(r.candidate) });
    }
    for (const { candidate, winner } of followers) {
      const data = dataOf.get(winner) as TransactionView;
      out.set(candidate.index, { index: candidate.index, status: 200, data: { ...data, created: false } });
    }
    await recordEvents(
      tx,
      rows.flatMap((r) => {
        const view = dataOf.get(r.candidate);
        if (!view?.created || r.fields.status !== 'posted') return [];
        const { created: _created, ...data } = view as TransactionView & { created?: boolean };
        return [{ type: 'transaction.posted' as const, organization: orgId, data }];
      }),
    );
    return out;
  });

  for (const [index, result] of decided) results[index] = result;
  if (atomic && firstFailure()) return { stored: false, failure: firstFailure() as BulkItemResult };
  return { stored: true, results: results as BulkItemResult[] };
}
