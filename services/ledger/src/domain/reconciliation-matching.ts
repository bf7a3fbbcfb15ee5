/**
 * Matching statement rows to ledger entries (issues 13 and 22), in memory and without I/O, so it can be measured
 * alone. Both sides arrive as signed minor units of one currency (a bank inflow is positive, as a debit on the
 * asset account is) and YYYY-MM-DD dates.
 *
 * The rules, in this order; each pass takes only rows and entries the passes before it left unmatched:
 * 1. `reference`: a token the row quotes (UTR, cheque, invoice number) that the entry carries, the same amount,
 *    within the window. A token more than REFERENCE_HOLDERS_MAX entries carry is not a reference.
 * 2. `amount_date` / `amount_window`: the same amount within the window (`amount_date` when the dates are equal).
 * 3. `many_to_one`: two or more entries of the row's sign within its window summing to the row (a bounded
 *    subset search, rows in date order, nearest entries first).
 * With a tolerance, the three passes are run again with amounts allowed to differ within it, after all the exact
 * ones: an exact match is always preferred to an inexact one. The tolerance of a row is an absolute amount, or
 * basis points of the row's magnitude rounded down to whole minor units; amounts of opposite signs never match.
 *
 * What the one-to-one passes (1 and 2, exact or within the tolerance) guarantee: among the pairs that pass allows,
 * the chosen pairs are a maximum matching (the most matched rows), and among maximum matchings one of least total
 * date distance; among those, the fewest entries dated after their row. Each pass is solved as a minimum-cost
 * maximum flow (successive shortest paths): pass 1 and the inexact pass 2 per connected component of their pairs,
 * the exact pass 2 per amount with the rows and entries of one day folded into one node (all of them are
 * interchangeable), which keeps 10,000 equal amounts to a few hundred nodes. The result depends only on the input:
 * where rows or entries are interchangeable (the same amount and day), the lower index is matched first, so there
 * input order decides. The passes are greedy with respect to each other (a reference match is kept even where
 * leaving it would let more rows match by amount), and many-to-one is first-found, not optimal.
 */

import type { MatchRule } from '../views/reconciliations';

export interface RowToMatch {
  id: string;
  date: string;
  particulars: string;
  /** Signed minor units; null when the row is not a whole number of them (never matched). */
  amount: bigint | null;
}

export interface EntryToMatch {
  id: string;
  date: string;
  /** debit - credit on the ledger account, minor units. */
  amount: bigint;
  narration: string | null;
  sourceRef: string | null;
}

export interface Match {
  rule: MatchRule;
  /** Indexes into the entries given. */
  entries: number[];
  /** The row's amount minus the entries' sum: 0 for an exact match, within the tolerance otherwise. */
  difference: bigint;
}

/** How far a row's amount may differ from its entries' sum and still match: minor units, or basis points of the row (1% = 100). */
export type Tolerance = { absolute: bigint } | { basisPoints: number };

export interface MatchOptions {
  /** None (exact amounts only) when absent. */
  tolerance?: Tolerance | null;
}

/** A token more entries than this carry is not a reference. */
export const REFERENCE_HOLDERS_MAX = 50;
/** At most this many entries of a row's window are tried as parts of a many-to-one match. */
export const MANY_TO_ONE_CANDIDATES = 12;
/** ...found among at most this many entries of the window (used or of the other sign ones included). */
export const MANY_TO_ONE_LOOK = 200;
/** The subset search of one row stops after this many steps (2^12 subsets would be 4,096). */
export const MANY_TO_ONE_STEPS = 2_000;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * References a person would quote: UTR, cheque, invoice and order numbers. Tokens of 4 or more letters and
 * digits that contain a digit ("N123456789", "004512", "INV-2041" gives "2041"); words alone are not references.
 */
export function referenceTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const tokens = text.toUpperCase().split(/[^A-Z0-9]+/);
  return tokens.filter((t) => t.length >= 4 && /\d/.test(t));
}

/** How far (minor units, >= 0) an amount may differ from a row's: 0 without a tolerance. */
export function toleranceOf(amount: bigint, tolerance: Tolerance | null | undefined): bigint {
  if (!tolerance) return 0n;
  if ('absolute' in tolerance) {
    if (tolerance.absolute < 0n) throw new RangeError('tolerance.absolute must not be negative');
    return tolerance.absolute;
  }
  const bp = tolerance.basisPoints;
  if (!Number.isInteger(bp) || bp < 0) throw new RangeError('tolerance.basisPoints must be a whole number, not negative');
  return (abs(amount) * BigInt(bp)) / 10_000n;
}

/** The first index in a date-sorted list whose day is >= day. */
function lowerBound(days: number[], order: number[], day: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[order[mid]!]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A minimum-cost maximum flow by successive shortest paths (Bellman-Ford on a queue); node 0 is the source, 1 the sink. */
class Flow {
  private readonly head: number[];
  readonly to: number[] = [];
  readonly cap: number[] = [];
  private readonly cost: number[] = [];
  private readonly next: number[] = [];
  constructor(private readonly size: number) {
    this.head = new Array<number>(size).fill(-1);
  }
  /** Adds u -> v and returns its index; the flow through it is then cap[index ^ 1]. */
  add(u: number, v: number, cap: number, cost: number): number {
    const e = this.to.length;
    this.to.push(v, u);
    this.cap.push(cap, 0);
    this.cost.push(cost, -cost);
    this.next.push(this.head[u]!, this.head[v]!);
    this.head[u] = e;
    this.head[v] = e + 1;
    return e;
  }
  run(): void {
    const n = this.size;
    const dist = new Array<number>(n);
    const via = new Int32Array(n);
    const queued = new Uint8Array(n);
    for (;;) {
      dist.fill(Infinity);
      dist[0] = 0;
      const queue = [0];
      queued[0] = 1;
      for (let q = 0; q < queue.length; q++) {
        const u = queue[q]!;
        queued[u] = 0;
        for (let e = this.head[u]!; e >= 0; e = this.next[e]!) {
          if (this.cap[e]! <= 0) continue;
          const v = this.to[e]!;
          const d = dist[u]! + this.cost[e]!;
          if (d < dist[v]!) {
            dist[v] = d;
            via[v] = e;
            if (!queued[v]) {
              queued[v] = 1;
              queue.push(v);
            }
          }
        }
      }
      if (dist[1] === Infinity) return;
      let push = Infinity;
      for (let v = 1; v !== 0; v = this.to[via[v]! ^ 1]!) push = Math.min(push, this.cap[via[v]!]!);
      for (let v = 1; v !== 0; v = this.to[via[v]! ^ 1]!) {
        this.cap[via[v]!]! -= push;
        this.cap[via[v]! ^ 1]! += push;
      }
    }
  }
}

/** The cost of a pair: its date distance, then (weighted below any distance) an entry after its row. */
const pairCost = (rowDay: number, entryDay: number, weight: number) => Math.abs(entryDay - rowDay) * weight + (entryDay > rowDay ? 1 : 0);

/**
 * A maximum matching of least cost over the pairs given (row index, entry index), solved per connected
 * component.
 */
function assignPairs(pairs: [number, number][], rowDays: number[], entryDays: number[]): [number, number][] {
  // Components by union-find over rows (r) and entries (~e): parent links, roots have none.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root)) root = parent.get(root)!;
    return root;
  };
  for (const [r, e] of pairs) {
    const a = find(r);
    const b = find(~e);
    if (a !== b) parent.set(a, b);
  }
  const components = new Map<number, [number, number][]>();
  for (const pair of pairs) {
    const root = find(pair[0]);
    const list = components.get(root);
    if (list) list.push(pair);
    else components.set(root, [pair]);
  }
  const chosen: [number, number][] = [];
  for (const component of components.values()) {
    const rowNode = new Map<number, number>();
    const entryNode = new Map<number, number>();
    for (const [r] of component) {
      if (!rowNode.has(r)) rowNode.set(r, 2 + rowNode.size);
    }
    for (const [, e] of component) {
      if (!entryNode.has(e)) entryNode.set(e, 2 + rowNode.size + entryNode.size);
    }
    const flow = new Flow(2 + rowNode.size + entryNode.size);
    const weight = rowNode.size + 1;
    for (const node of rowNode.values()) flow.add(0, node, 1, 0);
    const edges = component.map(([r, e]) => flow.add(rowNode.get(r)!, entryNode.get(e)!, 1, pairCost(rowDays[r]!, entryDays[e]!, weight)));
    for (const node of entryNode.values()) flow.add(node, 1, 1, 0);
    flow.run();
    component.forEach((pair, i) => {
      if (flow.cap[edges[i]!]! === 0) chosen.push(pair);
    });
  }
  return chosen;
}

/**
 * Matches rows to entries by the rules above. Returns, per row index, its match; each entry is used at most once.
 * Rows whose amount is null or 0 are never matched.
 */
export function matchRows(rows: RowToMatch[], entries: EntryToMatch[], windowDays: number, options: MatchOptions = {}): Map<number, Match> {
  const matches = new Map<number, Match>();
  const used = new Uint8Array(entries.length);
  const entryDays = entries.map((e) => dayNumber(e.date));
  const rowDays = rows.map((r) => dayNumber(r.date));
  const rowOrder = rows.map((_, i) => i).filter((i) => rows[i]!.amount !== null && rows[i]!.amount !== 0n);
  // By day, then index (the sort is stable).
  rowOrder.sort((a, b) => rowDays[a]! - rowDays[b]!);
  const tolerance = options.tolerance ?? null;
  const tolerances = new Map<number, bigint>();
  for (const r of rowOrder) tolerances.set(r, toleranceOf(rows[r]!.amount!, tolerance));

  const record = (r: number, rule: MatchRule, parts: number[]) => {
    let sum = 0n;
    for (const e of parts) {
      used[e] = 1;
      sum += entries[e]!.amount;
    }
    matches.set(r, { rule, entries: parts.sort((a, b) => a - b), difference: rows[r]!.amount! - sum });
  };
  /** Whether an entry's amount may match the row's: equal when exact, else the same sign within the tolerance. */
  const fits = (r: number, amount: bigint, exact: boolean) => {
    const target = rows[r]!.amount!;
    if (exact) return amount === target;
    return amount > 0n === target > 0n && amount !== 0n && abs(target - amount) <= tolerances.get(r)!;
  };

  // Entries by reference token.
  const byToken = new Map<string, number[]>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    for (const t of new Set([...referenceTokens(e.sourceRef), ...referenceTokens(e.narration)])) {
      const list = byToken.get(t);
      if (list) list.push(i);
      else byToken.set(t, [i]);
    }
  }

  const referencePass = (exact: boolean) => {
    const pairs: [number, number][] = [];
    for (const r of rowOrder) {
      if (matches.has(r)) continue;
      const candidates = new Set<number>();
      for (const token of referenceTokens(rows[r]!.particulars)) {
        const holders = byToken.get(token) ?? [];
        // A token that many entries carry (a year, a branch code) tells nothing apart.
        if (holders.length > REFERENCE_HOLDERS_MAX) continue;
        for (const e of holders) {
          if (!used[e] && fits(r, entries[e]!.amount, exact) && Math.abs(entryDays[e]! - rowDays[r]!) <= windowDays) candidates.add(e);
        }
      }
      for (const e of candidates) pairs.push([r, e]);
    }
    for (const [r, e] of assignPairs(pairs, rowDays, entryDays)) record(r, 'reference', [e]);
  };

  /** The unused entries by day, then index (the sort is stable). */
  const freeByDay = () =>
    entries
      .map((_, i) => i)
      .filter((i) => !used[i])
      .sort((a, b) => entryDays[a]! - entryDays[b]!);

  const amountRule = (r: number, e: number): MatchRule => (rowDays[r] === entryDays[e] ? 'amount_date' : 'amount_window');

  // The same amount within the window, per amount, one node per day on each side.
  const exactAmountPass = () => {
    const groups = new Map<bigint, { rows: number[]; entries: number[] }>();
    for (const r of rowOrder) {
      if (matches.has(r)) continue;
      const amount = rows[r]!.amount!;
      const group = groups.get(amount);
      if (group) group.rows.push(r);
      else groups.set(amount, { rows: [r], entries: [] });
    }
    for (let e = 0; e < entries.length; e++) {
      if (!used[e]) groups.get(entries[e]!.amount)?.entries.push(e);
    }
    for (const group of groups.values()) {
      group.entries.sort((a, b) => entryDays[a]! - entryDays[b]!);
      // rowOrder is sorted by day then index already.
      const foldDays = (list: number[], days: number[]) => {
        const folded: { day: number; items: number[] }[] = [];
        for (const i of list) {
          const last = folded[folded.length - 1];
          if (last && last.day === days[i]) last.items.push(i);
          else folded.push({ day: days[i]!, items: [i] });
        }
        return folded;
      };
      const rowNodes = foldDays(group.rows, rowDays);
      const entryNodes = foldDays(group.entries, entryDays);
      const flow = new Flow(2 + rowNodes.length + entryNodes.length);
      const weight = group.rows.length + 1;
      const links: { from: number; to: number; edge: number }[] = [];
      let first = 0;
      rowNodes.forEach((node, i) => {
        flow.add(0, 2 + i, node.items.length, 0);
        while (first < entryNodes.length && entryNodes[first]!.day < node.day - windowDays) first++;
        for (let j = first; j < entryNodes.length && entryNodes[j]!.day <= node.day + windowDays; j++) {
          links.push({ from: i, to: j, edge: flow.add(2 + i, 2 + rowNodes.length + j, node.items.length, pairCost(node.day, entryNodes[j]!.day, weight)) });
        }
      });
      entryNodes.forEach((node, j) => flow.add(2 + rowNodes.length + j, 1, node.items.length, 0));
      flow.run();
      // Rows of a day take, in index order, the entries of the days their flow goes to, each day's in index order.
      const rowTaken = new Array<number>(rowNodes.length).fill(0);
      const entryTaken = new Array<number>(entryNodes.length).fill(0);
      for (const { from, to, edge } of links) {
        for (let k = flow.cap[edge ^ 1]!; k > 0; k--) {
          const r = rowNodes[from]!.items[rowTaken[from]!]!;
          const e = entryNodes[to]!.items[entryTaken[to]!]!;
          rowTaken[from] = rowTaken[from]! + 1;
          entryTaken[to] = entryTaken[to]! + 1;
          record(r, amountRule(r, e), [e]);
        }
      }
    }
  };

  // An amount within the tolerance, within the window: any unmatched entry of the window may pair.
  const toleranceAmountPass = () => {
    const free = freeByDay();
    const pairs: [number, number][] = [];
    for (const r of rowOrder) {
      if (matches.has(r)) continue;
      for (let k = lowerBound(entryDays, free, rowDays[r]! - windowDays); k < free.length && entryDays[free[k]!]! <= rowDays[r]! + windowDays; k++) {
        if (fits(r, entries[free[k]!]!.amount, false)) pairs.push([r, free[k]!]);
      }
    }
    for (const [r, e] of assignPairs(pairs, rowDays, entryDays)) record(r, amountRule(r, e), [e]);
  };

  // Several unmatched entries of the row's sign within its window summing to it (within the tolerance).
  const manyToOnePass = (exact: boolean) => {
    const free = freeByDay();
    for (const r of rowOrder) {
      if (matches.has(r)) continue;
      const target = rows[r]!.amount!;
      const slack = exact ? 0n : tolerances.get(r)!;
      const day = rowDays[r]!;
      // The window's entries nearest the row's date first, outwards from it, looking at a bounded number.
      const candidates: number[] = [];
      const start = lowerBound(entryDays, free, day);
      let before = start - 1;
      let after = start;
      for (let looked = 0; looked < MANY_TO_ONE_LOOK && candidates.length < MANY_TO_ONE_CANDIDATES; looked++) {
        const beforeGap = before >= 0 ? day - entryDays[free[before]!]! : Infinity;
        const afterGap = after < free.length ? entryDays[free[after]!]! - day : Infinity;
        if (Math.min(beforeGap, afterGap) > windowDays) break;
        const e = beforeGap <= afterGap ? free[before--]! : free[after++]!;
        const amount = entries[e]!.amount;
        // Each part of the row's sign and smaller than it (than it and the tolerance).
        if (used[e] || amount === 0n || amount > 0n !== target > 0n || abs(amount) >= abs(target) + slack) continue;
        candidates.push(e);
      }
      const subset = findSubset(candidates, entries, target, slack);
      if (subset) record(r, 'many_to_one', subset);
    }
  };

  referencePass(true);
  exactAmountPass();
  manyToOnePass(true);
  if (tolerance) {
    referencePass(false);
    toleranceAmountPass();
    manyToOnePass(false);
  }
  return matches;
}

/** Two or more of the candidates (all of the target's sign) summing to target within slack; bounded, largest parts first. */
function findSubset(candidates: number[], entries: EntryToMatch[], target: bigint, slack: bigint): number[] | null {
  const sign = target > 0n ? 1n : -1n;
  const amounts = candidates.map((e) => entries[e]!.amount * sign);
  const goal = target * sign;
  // Largest first; equal amounts in the candidates' order (the sort is stable).
  const order = candidates.map((_, i) => i).sort((a, b) => (amounts[b]! > amounts[a]! ? 1 : amounts[b]! < amounts[a]! ? -1 : 0));
  // suffix[i]: what the candidates from position i on can still add.
  const suffix: bigint[] = new Array(order.length + 1).fill(0n);
  for (let i = order.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + amounts[order[i]!]!;
  let steps = 0;
  const chosen: number[] = [];
  const search = (from: number, remaining: bigint): boolean => {
    if (chosen.length >= 2 && remaining <= slack && remaining >= -slack) return true;
    if (++steps > MANY_TO_ONE_STEPS || suffix[from]! < remaining - slack) return false;
    for (let i = from; i < order.length; i++) {
      const a = amounts[order[i]!]!;
      if (a > remaining + slack) continue;
      chosen.push(candidates[order[i]!]!);
      if (search(i + 1, remaining - a)) return true;
      chosen.pop();
    }
    return false;
  };
  return search(0, goal) ? [...chosen] : null;
}
