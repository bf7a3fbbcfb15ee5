/**
 * Matching statement rows to ledger entries (issue 13), in memory and without I/O, so it can be measured
 * alone. Both sides arrive as signed minor units of one currency (a bank inflow is positive, as a debit on
 * the asset account is) and YYYY-MM-DD dates.
 *
 * Nothing here scans all entries for each row: entries are indexed by amount (sorted by date) and by
 * reference token, and each row looks only at the entries of its own amount within its date window. The
 * many-to-one pass looks at the unmatched entries of the row's window only, at most MANY_TO_ONE_CANDIDATES
 * of them (nearest dates first, looking at MANY_TO_ONE_LOOK at most), with a bounded subset search.
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
const REFERENCE_HOLDERS_MAX = 50;
/** At most this many entries of a row's window are tried as parts of a many-to-one match. */
export const MANY_TO_ONE_CANDIDATES = 12;
/** ...found among at most this many entries of the window (used or of the other sign ones included). */
export const MANY_TO_ONE_LOOK = 200;
/** The subset search of one row stops after this many steps (2^12 subsets would be 4,096). */
const MANY_TO_ONE_STEPS = 2_000;

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/**
 * References a person would quote: UTR, cheque, invoice and order numbers. Tokens of 4 or more letters and
 * digits that contain a digit ("N123456789", "004512", "INV-2041" gives "2041"); words alone are not references.
 */
export function referenceTokens(text: string | null | undefined): string[] {
  if (!text) return [];
  const tokens = text.toUpperCase().split(/[^A-Z0-9]+/);
  return tokens.filter((t) => t.length >= 4 && /\d/.test(t));
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

/**
 * Matches rows to entries: one-to-one first (a shared reference, then the same date, then the nearest date
 * within the window), then many-to-one (several entries of one sign summing to one row). Returns, per row
 * index, its match; each entry is used at most once.
 */
export function matchRows(rows: RowToMatch[], entries: EntryToMatch[], windowDays: number, options: MatchOptions = {}): Map<number, Match> {
  const matches = new Map<number, Match>();
  const used = new Uint8Array(entries.length);
  const entryDays = entries.map((e) => dayNumber(e.date));
  const rowDays = rows.map((r) => dayNumber(r.date));
  const rowOrder = rows.map((_, i) => i).filter((i) => rows[i]!.amount !== null && rows[i]!.amount !== 0n);
  rowOrder.sort((a, b) => rowDays[a]! - rowDays[b]! || a - b);

  // Entries by amount and day, each with a cursor past the entries already used (so a run of equal
  // entries is walked once in all, not once per row).
  const byAmountDay = new Map<string, { list: number[]; cursor: number }>();
  for (let i = 0; i < entries.length; i++) {
    const key = `${entries[i]!.amount}:${entryDays[i]}`;
    const bucket = byAmountDay.get(key);
    if (bucket) bucket.list.push(i);
    else byAmountDay.set(key, { list: [i], cursor: 0 });
  }
  const takeUnused = (amount: bigint, day: number): number => {
    const bucket = byAmountDay.get(`${amount}:${day}`);
    if (!bucket) return -1;
    while (bucket.cursor < bucket.list.length && used[bucket.list[bucket.cursor]!]) bucket.cursor++;
    return bucket.cursor < bucket.list.length ? bucket.list[bucket.cursor]! : -1;
  };

  // 1. A shared reference, same amount, within the window (nearest date wins among several).
  const byToken = new Map<string, number[]>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const tokens = new Set([...referenceTokens(e.sourceRef), ...referenceTokens(e.narration)]);
    for (const t of tokens) {
      const list = byToken.get(t);
      if (list) list.push(i);
      else byToken.set(t, [i]);
    }
  }
  for (const r of rowOrder) {
    const row = rows[r]!;
    let best = -1;
    let bestGap = Infinity;
    for (const token of new Set(referenceTokens(row.particulars))) {
      const holders = byToken.get(token) ?? [];
      // A token that many entries carry (a year, a branch code) tells nothing apart.
      if (holders.length > REFERENCE_HOLDERS_MAX) continue;
      for (const e of holders) {
        if (used[e] || entries[e]!.amount !== row.amount) continue;
        const gap = Math.abs(entryDays[e]! - rowDays[r]!);
        if (gap <= windowDays && (gap < bestGap || (gap === bestGap && e < best))) {
          best = e;
          bestGap = gap;
        }
      }
    }
    if (best >= 0) {
      used[best] = 1;
      matches.set(r, { rule: 'reference', entries: [best], difference: 0n });
    }
  }

  // 2. and 3. The same amount on the same date, then the nearest date within the window (earlier first on a tie).
  for (const pass of [0, windowDays]) {
    for (const r of rowOrder) {
      if (matches.has(r)) continue;
      const day = rowDays[r]!;
      for (let gap = 0; gap <= pass; gap++) {
        let found = takeUnused(rows[r]!.amount!, day - gap);
        if (found < 0 && gap > 0) found = takeUnused(rows[r]!.amount!, day + gap);
        if (found >= 0) {
          used[found] = 1;
          matches.set(r, { rule: gap === 0 ? 'amount_date' : 'amount_window', entries: [found], difference: 0n });
          break;
        }
      }
    }
  }

  // 4. Many-to-one: several unmatched entries of the row's sign within its window summing to it.
  const free = entries.map((_, i) => i).filter((i) => !used[i]);
  free.sort((a, b) => entryDays[a]! - entryDays[b]! || a - b);
  for (const r of rowOrder) {
    if (matches.has(r)) continue;
    const target = rows[r]!.amount!;
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
      if (used[e] || amount === 0n || amount > 0n !== target > 0n || (amount > 0n ? amount >= target : amount <= target)) continue;
      candidates.push(e);
    }
    if (candidates.length < 2) continue;
    const subset = findSubset(candidates, entries, target);
    if (subset) {
      for (const e of subset) used[e] = 1;
      matches.set(r, { rule: 'many_to_one', entries: subset.sort((a, b) => a - b), difference: 0n });
    }
  }
  return matches;
}

/** Two or more of the candidates (all of the target's sign, each smaller) summing exactly to target; bounded. */
function findSubset(candidates: number[], entries: EntryToMatch[], target: bigint): number[] | null {
  const sign = target > 0n ? 1n : -1n;
  const amounts = candidates.map((e) => entries[e]!.amount * sign);
  const goal = target * sign;
  const order = candidates.map((_, i) => i).sort((a, b) => (amounts[b]! > amounts[a]! ? 1 : amounts[b]! < amounts[a]! ? -1 : a - b));
  // suffix[i]: what the candidates from position i on can still add.
  const suffix: bigint[] = new Array(order.length + 1).fill(0n);
  for (let i = order.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + amounts[order[i]!]!;
  let steps = 0;
  const chosen: number[] = [];
  const search = (from: number, remaining: bigint): boolean => {
    if (remaining === 0n) return chosen.length >= 2;
    if (++steps > MANY_TO_ONE_STEPS || suffix[from]! < remaining) return false;
    for (let i = from; i < order.length; i++) {
      const a = amounts[order[i]!]!;
      if (a > remaining) continue;
      chosen.push(candidates[order[i]!]!);
      if (search(i + 1, remaining - a)) return true;
      chosen.pop();
      if (steps > MANY_TO_ONE_STEPS) return false;
    }
    return false;
  };
  return search(0, goal) ? [...chosen] : null;
}
