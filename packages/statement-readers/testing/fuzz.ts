/**
 * `pnpm fuzz:statements`: reads FUZZ_SEEDS generated statements per format (default 10,000; FUZZ_FORMATS=csv,xlsx
 * to choose; FUZZ_FROM the first seed, default 1) and prints the exact / stalled / wrong rates overall and by
 * parameter value, so a weak spot shows as a number, then the first wrong readings with their seed and layout.
 * FUZZ_SEED_LIST=42,370 reads just those seeds; FUZZ_PROFILES=none reads by inference alone (`profiles: []`), as
 * the PDF figures in the README were measured. Two statements are read at a time (a PDF reads in a worker thread).
 * Exits 1 on any wrong reading (a completed statement with a row that differs: classify.ts). Iterates over
 * GENERATORS, so a format added to the registry is fuzzed too.
 */
import { classify, GENERATORS, type GeneratedFormat, type GeneratedOutcome, type GeneratedStatement } from './index';

const SEEDS = Number(process.env.FUZZ_SEEDS ?? 10_000);
const FROM = Number(process.env.FUZZ_FROM ?? 1);
const LISTED = process.env.FUZZ_SEED_LIST?.split(',').filter(Boolean).map(Number);
const PROFILES = process.env.FUZZ_PROFILES === 'none' ? [] : undefined;
const SHOW_WRONG = Number(process.env.FUZZ_SHOW ?? 5);
const WANTED = process.env.FUZZ_FORMATS?.split(',').filter(Boolean);

type Tally = { exact: number; stalled: number; wrong: number };
const empty = (): Tally => ({ exact: 0, stalled: 0, wrong: 0 });
const pct = (n: number, total: number) => `${((100 * n) / Math.max(total, 1)).toFixed(2)}%`.padStart(7);
const line = (label: string, t: Tally) => {
  const total = t.exact + t.stalled + t.wrong;
  return `${label.padEnd(44)} ${String(total).padStart(6)}  exact ${pct(t.exact, total)}  stalled ${pct(t.stalled, total)}  wrong ${pct(t.wrong, total)} (${t.wrong})`;
};

async function main(): Promise<void> {
  let anyWrong = false;
  const overall = empty();
  for (const [format, generate] of Object.entries(GENERATORS) as [GeneratedFormat, NonNullable<(typeof GENERATORS)[GeneratedFormat]>][]) {
    if (WANTED && !WANTED.includes(format)) continue;
    const total = empty();
    const byParam = new Map<string, Map<string, Tally>>();
    const wrong: [number, string][] = [];
    const stallReasons = new Map<string, number>();
    const started = performance.now();
    const seeds = LISTED ?? Array.from({ length: SEEDS }, (_, i) => FROM + i);
    const tally = (seed: number, generated: GeneratedStatement, outcome: GeneratedOutcome) => {
      total[outcome.kind]++;
      overall[outcome.kind]++;
      for (const [name, value] of Object.entries(generated.params)) {
        const values = byParam.get(name) ?? byParam.set(name, new Map()).get(name)!;
        const t = values.get(String(value)) ?? values.set(String(value), empty()).get(String(value))!;
        t[outcome.kind]++;
      }
      if (outcome.kind === 'stalled') {
        const reason = outcome.reason
          .replace(/\d+/g, 'n')
          .replace(/"[^"]*"/g, '"…"')
          .slice(0, 90);
        stallReasons.set(reason, (stallReasons.get(reason) ?? 0) + 1);
      }
      if (outcome.kind === 'wrong') wrong.push([seed, `seed ${seed} ${JSON.stringify(generated.params)}\n${outcome.detail}`]);
    };
    let next = 0;
    const reader = async () => {
      while (next < seeds.length) {
        const seed = seeds[next++]!;
        const generated = await generate(seed);
        tally(seed, generated, await classify(generated, { profiles: PROFILES }));
      }
    };
    await Promise.all([reader(), reader()]);
    anyWrong ||= total.wrong > 0;
    const which = LISTED ? `seeds ${LISTED.join(',')}` : `seeds ${FROM}-${FROM + SEEDS - 1}`;
    console.log(`\n== ${format}: ${which}${PROFILES ? ' (profiles: [])' : ''} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    console.log(line(format, total));
    console.log('\nby parameter (values below 99% exact, or with any wrong):');
    for (const [name, values] of byParam) {
      for (const [value, t] of [...values].sort((a, b) => a[0].localeCompare(b[0]))) {
        const n = t.exact + t.stalled + t.wrong;
        if (t.wrong > 0 || t.exact < 0.99 * n) console.log(line(`  ${name}=${value}`, t));
      }
    }
    console.log('\nmost common stall reasons:');
    for (const [reason, n] of [...stallReasons].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${String(n).padStart(6)}  ${reason}`);
    const shown = wrong
      .sort((a, b) => a[0] - b[0])
      .slice(0, SHOW_WRONG)
      .map(([, text]) => text);
    if (wrong.length > 0) console.log(`\nfirst wrong readings (seeds ${wrong.map(([seed]) => seed).join(', ')}):\n${shown.join('\n\n')}`);
  }
  console.log(`\n${line('overall', overall)}`);
  process.exit(anyWrong ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
