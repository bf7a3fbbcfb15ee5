/**
 * A seeded pseudo-random source for the statement generators: mulberry32 (32-bit state, full period, fast), so a
 * seed names one layout and one set of rows on every machine and Node version. Math.random cannot be seeded, and
 * a failing seed must render the same bytes when it is run again.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Spread nearby seeds apart (seed 1 and seed 2 should not start alike).
    this.state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ 0xc2b2ae35) >>> 0;
  }

  /**
   * A source that starts from `state` as given. The PDF generator starts from `seed ^ 0x9e3779b9`, as it did when it
   * had a copy of this class, so each PDF seed still renders the statement the fuzz figures and notes name.
   */
  static fromState(state: number): Random {
    const random = new Random(0);
    random.state = state >>> 0;
    return random;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(values: readonly T[]): T {
    if (values.length === 0) throw new Error('pick from an empty list');
    return values[Math.floor(this.next() * values.length)]!;
  }

  /** A value drawn with the given weights (`[[value, weight], ...]`). */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((n, [, w]) => n + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
}
