/**
 * What a finance team does at month-end, one command each: the step on the real services, the same step on the
 * model, and what the service must answer. Each command picks what it acts on by an index into the model's
 * current state, so a shrunk sequence stays meaningful.
 */
import fc from 'fast-check';
import { BANK, statementFile, type StatementKey, type Window } from './bank';
import { expectStatus, LEDGER_KEYS, Mismatch, rowKey, verify, type Api, type LedgerKey, type Model, type ModelEntry, type ModelTxn } from './world';

type Cmd = fc.AsyncCommand<Model, Api>;

const day = (n: number) => `2024-04-${String(n).padStart(2, '0')}`;
const pickOf = <T>(list: T[], pick: number): T | undefined => (list.length === 0 ? undefined : list[pick % list.length]);

/** Every command checks the whole model against the services once it ran. */
abstract class Step implements Cmd {
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model, api: Api): Promise<void>;
  abstract toString(): string;
  async run(m: Model, api: Api): Promise<void> {
    try {
      await this.act(m, api);
      await verify(m, api);
    } catch (err) {
      if (err instanceof Mismatch) err.message = `after ${this.toString()}: ${err.message}`;
      throw err;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Ledger

interface Posting {
  debit: LedgerKey;
  credit: LedgerKey;
  amount: number;
  day: number;
}
const postingArb: fc.Arbitrary<Posting> = fc
  .record({
    debit: fc.constantFrom(...LEDGER_KEYS),
    credit: fc.constantFrom(...LEDGER_KEYS),
    amount: fc.integer({ min: 1, max: 5_000_000 }),
    day: fc.integer({ min: 1, max: 30 }),
  })
  .filter((p) => p.debit !== p.credit);
const postingText = (p: Posting) => `${p.debit} Dr / ${p.credit} Cr ${p.amount} on ${day(p.day)}`;
const postingBody = (m: Model, p: Posting) => ({
  date: day(p.day),
  narration: `model: ${postingText(p)}`,
  entries: [
    { account: m.ledgerIds[p.debit], debit: p.amount },
    { account: m.ledgerIds[p.credit], credit: p.amount },
  ],
});
const postingTxn = (id: string, p: Posting): ModelTxn => ({
  id,
  date: day(p.day),
  entries: [
    { account: p.debit, debit: p.amount, credit: 0 },
    { account: p.credit, debit: 0, credit: p.amount },
  ],
  status: 'posted',
  reversedBy: null,
  reversalOf: null,
});

class Post extends Step {
  constructor(readonly p: Posting) {
    super();
  }
  check = () => true;
  async act(m: Model, api: Api) {
    const res = await api.ledger('POST', '/transactions', postingBody(m, this.p));
    if (m.isClosed(day(this.p.day))) return expectStatus('post into a closed period', res, 409, ['PERIOD_CLOSED']);
    expectStatus('post', res, 201);
    m.txns.push(postingTxn(res.body.data.id, this.p));
  }
  toString = () => `Post(${postingText(this.p)})`;
}

class BulkPost extends Step {
  constructor(readonly ps: Posting[]) {
    super();
  }
  check = () => true;
  async act(m: Model, api: Api) {
    const res = await api.ledger('POST', '/transactions/bulk', { atomic: true, transactions: this.ps.map((p) => postingBody(m, p)) });
    if (this.ps.some((p) => m.isClosed(day(p.day)))) return expectStatus('atomic bulk with a posting into a closed period', res, 409, ['PERIOD_CLOSED']);
    expectStatus('bulk post', res, 200);
    (res.body.data.results as { status: number; data: { id: string } }[]).forEach((r, i) => {
      if (r.status !== 201) throw new Mismatch(`bulk item ${i} answered ${r.status}, the model expects 201`);
      m.txns.push(postingTxn(r.data.id, this.ps[i]!));
    });
  }
  toString = () => `BulkPost(${this.ps.map(postingText).join('; ')})`;
}

class Reverse extends Step {
  constructor(
    readonly pick: number,
    readonly day: number | null,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    const t = pickOf(m.txns, this.pick);
    // Without a date the reversal takes the original's: only asked where that is open (what it defaults to in a
    // closed period is the service's choice, not the model's).
    return t !== undefined && (this.day !== null || !m.isClosed(t.date));
  }
  async act(m: Model, api: Api) {
    const t = pickOf(m.txns, this.pick)!;
    const res = await api.ledger('POST', `/transactions/${t.id}/reverse`, this.day === null ? {} : { date: day(this.day) });
    const codes: string[] = [];
    if (t.status === 'void') codes.push('INVALID_STATUS_TRANSITION');
    if (t.reversalOf !== null) codes.push('TRANSACTION_IS_REVERSAL');
    if (t.reversedBy !== null) codes.push('TRANSACTION_ALREADY_REVERSED');
    if (m.isClosed(this.day === null ? t.date : day(this.day))) codes.push('PERIOD_CLOSED');
    if (codes.length > 0) return expectStatus(`reverse ${t.id}`, res, [409, 422], codes);
    expectStatus(`reverse ${t.id}`, res, 201);
    const r = res.body.data;
    const link = r.reversal_of ?? r.reverses;
    if (link !== t.id) throw new Mismatch(`the reversal ${r.id} links to ${link}, not to ${t.id}`);
    if (m.isClosed(r.date) || (this.day !== null && r.date !== day(this.day))) throw new Mismatch(`the reversal is dated ${r.date}`);
    m.txns.push({
      id: r.id,
      date: r.date,
      entries: t.entries.map((e): ModelEntry => ({ account: e.account, debit: e.credit, credit: e.debit })),
      status: 'posted',
      reversedBy: null,
      reversalOf: t.id,
    });
    t.reversedBy = r.id;
  }
  toString = () => `Reverse(#${this.pick}${this.day === null ? '' : `, dated ${day(this.day)}`})`;
}

class Void extends Step {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.txns.length > 0;
  async act(m: Model, api: Api) {
    const t = pickOf(m.txns, this.pick)!;
    const res = await api.ledger('PATCH', `/transactions/${t.id}`, { status: 'void' });
    const codes: string[] = [];
    if (t.status === 'void') codes.push('INVALID_STATUS_TRANSITION');
    if (t.reversedBy !== null) codes.push('TRANSACTION_REVERSED');
    if (m.isClosed(t.date)) codes.push('PERIOD_CLOSED');
    if (codes.length > 0) return expectStatus(`void ${t.id}`, res, [409, 422], codes);
    expectStatus(`void ${t.id}`, res, 200);
    t.status = 'void';
    // Voiding a reversal undoes it: the original counts again and may be reversed again.
    if (t.reversalOf !== null) m.txn(t.reversalOf).reversedBy = null;
  }
  toString = () => `Void(#${this.pick})`;
}

class Close extends Step {
  constructor(readonly day: number) {
    super();
  }
  check = () => true;
  async act(m: Model, api: Api) {
    const through = day(this.day);
    const res = await api.ledger('POST', '/periods/close', { through, reason: 'model: month-end' });
    if (m.closedThrough !== null && through <= m.closedThrough) return expectStatus('close', res, 409, ['PERIOD_ALREADY_CLOSED']);
    expectStatus('close', res, 201);
    m.closedThrough = through;
  }
  toString = () => `Close(through ${day(this.day)})`;
}

class Reopen extends Step {
  constructor(readonly day: number | null) {
    super();
  }
  check = () => true;
  async act(m: Model, api: Api) {
    const from = this.day === null ? undefined : day(this.day);
    const res = await api.ledger('POST', '/periods/reopen', { reason: 'model: a correction', ...(from ? { from } : {}) });
    if (m.closedThrough === null || (from !== undefined && from > m.closedThrough)) return expectStatus('reopen', res, 409, ['PERIOD_NOT_CLOSED']);
    expectStatus('reopen', res, 201);
    m.closedThrough = this.day === null ? null : this.day === 1 ? '2024-03-31' : day(this.day - 1);
  }
  toString = () => `Reopen(${this.day === null ? 'all' : `from ${day(this.day)}`})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Statements

const fingerprintOf = (key: StatementKey, w: Window) => `${key}:${w.start}-${w.end}:${w.misprint}`;
const milli = (minor: number) => minor * 10;

/** Uploads a window and follows the statement to its end; the model's expectations of both. */
async function uploadWindow(m: Model, api: Api, key: StatementKey, w: Window): Promise<void> {
  const { bytes, name } = statementFile(key, w);
  const fingerprint = fingerprintOf(key, w);
  const res = await api.upload(bytes, name);
  if (m.statements.some((s) => s.fingerprint === fingerprint)) {
    return expectStatus(`upload of ${name} again, the same bytes`, res, 409, ['STATEMENT_ALREADY_UPLOADED']);
  }
  expectStatus(`upload of ${name}`, res, 201);
  const s = await api.settled(res.body.data.id);
  if (w.misprint !== null) {
    if (s.status !== 'stalled' || s.error?.code !== 'BALANCE_MISMATCH') {
      throw new Mismatch(`${name} with a misprinted balance ended ${s.status} ${JSON.stringify(s.error)}, the model expects stalled BALANCE_MISMATCH`);
    }
    m.statements.push({ id: s.id, account: key, window: w, status: 'stalled', fingerprint });
    return;
  }
  m.statements.push({ id: s.id, account: key, window: w, status: 'completed', fingerprint });
  await imported(m, api, s);
}

/**
 * A statement's rows reached its account (completed): the account is created by the first one, with the bank's
 * opening balance when the file's balances chain; rows already stored for the account (same date, direction,
 * amount and narration, counted as a multiset) are not stored again, whatever their printed balance; the new ones
 * are categorised by the first matching rule.
 */
async function imported(
  m: Model,
  api: Api,
  s: {
    id: string;
    status: string;
    error: unknown;
    account_id: string;
    transaction_count: number;
    parsed_data?: { import?: { rows_read: number; stored: number; already_stored: number } } | null;
  },
) {
  const ms = m.statements.find((x) => x.id === s.id)!;
  const name = `statement ${s.id} (${fingerprintOf(ms.account, ms.window)})`;
  if (s.status !== 'completed') throw new Mismatch(`${name} ended ${s.status} ${JSON.stringify(s.error)}, the model expects completed`);
  ms.status = 'completed';
  const bank = BANK[ms.account];
  const w = ms.window;
  if (!m.statementAccounts[ms.account]) {
    const chained = w.misprint === null;
    let opening = bank.opening;
    for (let i = 0; i < w.start; i++) opening += bank.rows[i]!.inflow - bank.rows[i]!.outflow;
    m.statementAccounts[ms.account] = { id: s.account_id, opening: chained ? milli(opening) : 0, openingDate: chained ? bank.rows[w.start]!.date : null };
  } else if (m.statementAccounts[ms.account]!.id !== s.account_id) {
    throw new Mismatch(`${name} went to account ${s.account_id}, not to ${m.statementAccounts[ms.account]!.id} of the same number`);
  }
  const stored = new Map<string, number>();
  for (const r of m.rows) if (r.account === ms.account) stored.set(rowKey(r), (stored.get(rowKey(r)) ?? 0) + 1);
  const fresh: { date: string; inflow: number; outflow: number; particulars: string }[] = [];
  for (let i = w.start; i <= w.end; i++) {
    const r = bank.rows[i]!;
    const row = { date: r.date, inflow: milli(r.inflow), outflow: milli(r.outflow), particulars: r.particulars };
    const left = stored.get(rowKey(row)) ?? 0;
    if (left > 0) stored.set(rowKey(row), left - 1);
    else fresh.push(row);
  }
  const got = await api.statement('GET', `/transactions?statement_id=${s.id}&limit=500&sort_order=ASC`);
  const rows = got.body.data as { id: string; date: string; inflow: number; outflow: number; particulars: string }[];
  const expectedKeys = fresh.map(rowKey).sort();
  const actualKeys = rows.map(rowKey).sort();
  if (JSON.stringify(actualKeys) !== JSON.stringify(expectedKeys) || s.transaction_count !== fresh.length) {
    throw new Mismatch(
      `${name} stored ${s.transaction_count} rows ${JSON.stringify(actualKeys)}, the model expects ${fresh.length} ${JSON.stringify(expectedKeys)}`,
    );
  }
  // What the statement says of its import (issue 30: parsed_data.import, once the fix is in).
  const report = s.parsed_data?.import;
  if (report) {
    const read = w.end - w.start + 1;
    const said = [report.rows_read, report.stored, report.already_stored];
    if (JSON.stringify(said) !== JSON.stringify([read, fresh.length, read - fresh.length])) {
      throw new Mismatch(
        `${name} reports rows_read, stored, already_stored ${JSON.stringify(said)}; the model ${JSON.stringify([read, fresh.length, read - fresh.length])}`,
      );
    }
  }
  const rules = m.rulesInOrder();
  for (const r of rows) {
    const rule = rules.find((x) => r.particulars.toUpperCase().includes(x.needle));
    m.rows.push({
      id: r.id,
      account: ms.account,
      date: r.date,
      inflow: r.inflow,
      outflow: r.outflow,
      particulars: r.particulars,
      category: rule?.category ?? null,
      source: rule ? 'import' : null,
      rule: rule?.id ?? null,
    });
  }
}

const windowArb = (key: StatementKey) =>
  fc
    .record({
      start: fc.nat({ max: BANK[key].rows.length - 2 }),
      length: fc.integer({ min: 2, max: 8 }),
      misprint: key === 'bank' ? fc.option(fc.nat({ max: 7 }), { freq: 3 }) : fc.constant(null),
    })
    .map(({ start, length, misprint }): Window => {
      const end = Math.min(start + length - 1, BANK[key].rows.length - 1);
      return { start, end, misprint: misprint === null ? null : start + (misprint % (end - start + 1)) };
    });

class Upload extends Step {
  constructor(
    readonly key: StatementKey,
    readonly w: Window,
  ) {
    super();
  }
  // A file not uploaded before (UploadAgain sends the same bytes twice).
  check = (m: Readonly<Model>) => !m.statements.some((s) => s.fingerprint === fingerprintOf(this.key, this.w));
  act = (m: Model, api: Api) => uploadWindow(m, api, this.key, this.w);
  toString = () => `Upload(${this.key} rows ${this.w.start}..${this.w.end}${this.w.misprint === null ? '' : `, balance of row ${this.w.misprint} misprinted`})`;
}

/** The console's advice after a balance break: upload the statement again with the balance corrected. */
class ReuploadCorrected extends Step {
  constructor(readonly pick: number) {
    super();
  }
  // Each misprinted statement is corrected once (UploadAgain sends the same bytes twice).
  misprinted = (m: Readonly<Model>) =>
    m.statements.filter(
      (s) => s.window.misprint !== null && !m.statements.some((c) => c.fingerprint === fingerprintOf(s.account, { ...s.window, misprint: null })),
    );
  check = (m: Readonly<Model>) => this.misprinted(m).length > 0;
  async act(m: Model, api: Api) {
    const s = pickOf(this.misprinted(m), this.pick)!;
    await uploadWindow(m, api, s.account, { ...s.window, misprint: null });
  }
  toString = () => `ReuploadCorrected(misprinted statement #${this.pick})`;
}

/** The same file uploaded again, byte for byte: recognised at once, nothing stored. */
class UploadAgain extends Step {
  constructor(readonly pick: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.statements.length > 0;
  async act(m: Model, api: Api) {
    const s = pickOf(m.statements, this.pick)!;
    await uploadWindow(m, api, s.account, s.window);
  }
  toString = () => `UploadAgain(statement #${this.pick})`;
}

class Accept extends Step {
  constructor(readonly pick: number) {
    super();
  }
  stalled = (m: Readonly<Model>) => m.statements.filter((s) => s.status === 'stalled');
  check = (m: Readonly<Model>) => this.stalled(m).length > 0;
  async act(m: Model, api: Api) {
    const s = pickOf(this.stalled(m), this.pick)!;
    const res = await api.statement('POST', `/statements/${s.id}/accept`, {});
    expectStatus(`accept ${s.id}`, res, 202);
    await imported(m, api, await api.settled(s.id));
  }
  toString = () => `Accept(stalled statement #${this.pick})`;
}

const CATEGORIES = ['Food', 'Salary', 'Rent', 'Bank fees', 'Travel', 'Misc'] as const;
const NEEDLES = ['SWIGGY', 'ACME', 'RENT', 'CHARGES', 'UPI', 'GRAB', 'NTUC', 'FOOD'] as const;

class SetCategory extends Step {
  constructor(
    readonly pick: number,
    readonly category: string,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.rows.length > 0;
  async act(m: Model, api: Api) {
    const r = pickOf(m.rows, this.pick)!;
    const res = await api.statement('PATCH', `/transactions/${r.id}`, { category: this.category });
    expectStatus(`set the category of row ${r.id}`, res, 200);
    Object.assign(r, { category: this.category, source: 'manual', rule: null });
  }
  toString = () => `SetCategory(row #${this.pick} to ${this.category})`;
}

type RunMode = 'plain' | 'force_all' | 'override_manual';

/**
 * A rule run: every matching row not categorised by hand takes the rule's category (force_all only widens the
 * type filter, and every row here is of type unknown); with override_manual, hand-set rows too.
 */
async function runRule(m: Model, api: Api, index: number, mode: RunMode) {
  const rule = m.rules[index]!;
  const res = await api.statement('POST', `/rules/${rule.id}/run`, mode === 'plain' ? {} : { [mode]: true });
  expectStatus(`run rule ${rule.id}${mode === 'plain' ? '' : ` with ${mode}`}`, res, 200);
  for (const r of m.rows) {
    if ((r.source === 'manual' && mode !== 'override_manual') || !r.particulars.toUpperCase().includes(rule.needle)) continue;
    // A row that already has the rule's value is left as it is, with the source that set it.
    if (r.category === rule.category) continue;
    Object.assign(r, { category: rule.category, source: 'rule', rule: rule.id });
  }
}

class CreateRule extends Step {
  constructor(
    readonly needle: string,
    readonly category: string,
    readonly then: 'no' | RunMode,
  ) {
    super();
  }
  check = () => true;
  async act(m: Model, api: Api) {
    const res = await api.statement('POST', '/rules', {
      name: `model: ${this.needle} is ${this.category}`,
      conditions: [{ field: 'particulars', operator: 'contains', value: this.needle }],
      actions: [{ field: 'category', value: this.category }],
    });
    expectStatus('create a rule', res, 201);
    const priority = res.body.data.priority as number;
    // A new rule goes after the others (issue 30, part 3), so the order categorisation applies them is the order made.
    const highest = Math.max(...m.rules.map((r) => r.priority));
    if (m.rules.length > 0 && !(priority > highest)) throw new Mismatch(`a new rule got priority ${priority}; the existing rules' highest is ${highest}`);
    m.rules.push({ id: res.body.data.id, needle: this.needle, category: this.category, priority });
    if (this.then !== 'no') await runRule(m, api, m.rules.length - 1, this.then);
  }
  toString = () =>
    `CreateRule(particulars contains ${this.needle} -> ${this.category}${this.then === 'no' ? '' : `, then run${this.then === 'plain' ? '' : ` with ${this.then}`}`})`;
}

class RunRule extends Step {
  constructor(
    readonly pick: number,
    readonly mode: RunMode,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.rules.length > 0;
  act = (m: Model, api: Api) => runRule(m, api, this.pick % m.rules.length, this.mode);
  toString = () => `RunRule(#${this.pick}${this.mode === 'plain' ? '' : `, ${this.mode}`})`;
}

/**
 * Reconciles the ledger bank account against the bank's statement account for April: every stored row no confirmed
 * reconciliation claimed is either matched or unmatched; posting the unmatched rows books each once, dated as the row, against the suspense
 * account (refused whole when one is in a closed period).
 */
class Reconcile extends Step {
  constructor(
    readonly postUnmatched: boolean,
    readonly confirm: boolean,
  ) {
    super();
  }
  check = (m: Readonly<Model>) => m.statementAccounts.bank !== undefined;
  async act(m: Model, api: Api) {
    const res = await api.ledger('POST', '/reconciliations', {
      ledger_account: m.ledgerIds.bank,
      statement_account: m.statementAccounts.bank!.id,
      date_from: '2024-04-01',
      date_to: '2024-04-30',
    });
    expectStatus('create a reconciliation', res, 201);
    const id = res.body.data.id as string;
    const detail = (await api.ledger('GET', `/reconciliations/${id}?limit=500`)).body.data;
    // Rows a confirmed reconciliation claimed are left out of new ones (ledger README, Reconciliation).
    const bankRows = m.rows.filter((r) => r.account === 'bank' && !m.claimedRows.has(r.id)).length;
    const matched = detail.matched.page_context.total as number;
    const unmatched = detail.unmatched_rows.data as { statement_row: string; date: string; amount: number }[];
    if (matched + unmatched.length !== bankRows) {
      throw new Mismatch(`the reconciliation has ${matched} matched and ${unmatched.length} unmatched rows; the statement account has ${bankRows}`);
    }
    if (this.postUnmatched) {
      const known = new Set(m.txns.map((t) => t.id));
      const posted = await api.ledger('POST', `/reconciliations/${id}/post-unmatched`, { default_account: m.ledgerIds.suspense, post_anyway: true });
      if (unmatched.some((r) => m.isClosed(r.date))) return expectStatus('post-unmatched with a row in a closed period', posted, 409, ['PERIOD_CLOSED']);
      expectStatus('post-unmatched', posted, 200);
      const listed = (await api.ledger('GET', '/transactions?source=statement&limit=500')).body.data as {
        id: string;
        date: string;
        status: string;
        source_ref: string;
        entries: { account: string; debit: number; credit: number }[];
      }[];
      const fresh = listed.filter((t) => !known.has(t.id));
      if (fresh.length !== posted.body.data.created) throw new Mismatch(`post-unmatched says it created ${posted.body.data.created}, ${fresh.length} are new`);
      for (const t of fresh) {
        const row = unmatched.find((r) => r.statement_row === t.source_ref);
        const bankSide = t.entries.filter((e) => e.account === m.ledgerIds.bank).reduce((s, e) => s + e.debit - e.credit, 0);
        if (!row || row.date !== t.date || row.amount !== bankSide || t.status !== 'posted') {
          throw new Mismatch(`post-unmatched booked ${JSON.stringify(t)} for ${JSON.stringify(row ?? null)}`);
        }
        m.txns.push({
          id: t.id,
          date: t.date,
          entries: t.entries.map((e) => ({ account: m.keyOf(e.account), debit: e.debit, credit: e.credit })),
          status: 'posted',
          reversedBy: null,
          reversalOf: null,
        });
      }
    }
    // Confirming changes no figure of the books (no differences are posted without post_differences_to).
    if (this.confirm) {
      const confirmed = await api.ledger('POST', `/reconciliations/${id}/confirm`, {});
      expectStatus('confirm', confirmed, [200, 409, 422]);
      if (confirmed.status === 200) {
        const held = (await api.ledger('GET', `/reconciliations/${id}?limit=500`)).body.data.matched.data as { statement_row: string }[];
        for (const pair of held) m.claimedRows.add(pair.statement_row);
      }
    }
  }
  toString = () => `Reconcile(bank, April${this.postUnmatched ? ', post unmatched rows' : ''}${this.confirm ? ', confirm' : ''})`;
}

// ---------------------------------------------------------------------------------------------------------------

const small = fc.nat({ max: 50 });
const dayArb = fc.integer({ min: 1, max: 30 });

/** The commands by name (MODEL_COMMANDS picks some, to show one defect at a time), each with its weight. */
export const COMMANDS: Record<string, { weight: number; arb: fc.Arbitrary<Cmd> }> = {
  post: { weight: 4, arb: postingArb.map((p) => new Post(p)) },
  bulk: { weight: 1, arb: fc.array(postingArb, { minLength: 1, maxLength: 3 }).map((ps) => new BulkPost(ps)) },
  reverse: { weight: 3, arb: fc.record({ pick: small, day: fc.option(dayArb, { freq: 2 }) }).map(({ pick, day }) => new Reverse(pick, day)) },
  void: { weight: 2, arb: small.map((pick) => new Void(pick)) },
  close: { weight: 1, arb: dayArb.map((d) => new Close(d)) },
  reopen: { weight: 1, arb: fc.option(dayArb, { freq: 4 }).map((d) => new Reopen(d)) },
  upload: { weight: 3, arb: windowArb('bank').map((w) => new Upload('bank', w)) },
  card: { weight: 1, arb: windowArb('card').map((w) => new Upload('card', w)) },
  again: { weight: 1, arb: small.map((pick) => new UploadAgain(pick)) },
  reupload: { weight: 2, arb: small.map((pick) => new ReuploadCorrected(pick)) },
  accept: { weight: 2, arb: small.map((pick) => new Accept(pick)) },
  category: {
    weight: 3,
    arb: fc.record({ pick: small, category: fc.constantFrom(...CATEGORIES) }).map(({ pick, category }) => new SetCategory(pick, category)),
  },
  rule: {
    weight: 2,
    arb: fc
      .record({
        needle: fc.constantFrom(...NEEDLES),
        category: fc.constantFrom(...CATEGORIES),
        run: fc.constantFrom('no' as const, 'plain' as const, 'force_all' as const),
      })
      .map(({ needle, category, run }) => new CreateRule(needle, category, run)),
  },
  run: { weight: 2, arb: fc.record({ pick: small, mode: fc.constantFrom<RunMode>('plain', 'force_all') }).map(({ pick, mode }) => new RunRule(pick, mode)) },
  // A separate command: today's service refuses the option (400), which would hide the other defects.
  override: { weight: 1, arb: small.map((pick) => new RunRule(pick, 'override_manual')) },
  reconcile: { weight: 1, arb: fc.record({ post: fc.boolean(), confirm: fc.boolean() }).map(({ post, confirm }) => new Reconcile(post, confirm)) },
};

export function commandArbitraries(names?: string[]): fc.Arbitrary<Cmd>[] {
  const chosen = names ?? Object.keys(COMMANDS);
  for (const n of chosen) if (!COMMANDS[n]) throw new Error(`MODEL_COMMANDS: no command ${n} (there are ${Object.keys(COMMANDS).join(', ')})`);
  return chosen.flatMap((n) => Array.from({ length: COMMANDS[n]!.weight }, () => COMMANDS[n]!.arb));
}
