/**
 * Reads many generated PDF statements and prints exact / stalled / wrong rates, overall and by parameter:
 * `pnpm exec tsx packages/statement-readers/testing/pdf-fuzz.ts [count=1000] [first seed=1] [--profiles] [--show=wrong|stalled]`.
 * Without --profiles the inference reads alone (profiles: []); with it, every bank profile is a candidate.
 */
import { BANK_PROFILES } from '../src/profiles/banks';
import { classify } from './classify';
import { generatePdfStatement } from './pdf';

async function main() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
  const count = Number(args[0] ?? 1000);
  const first = Number(args[1] ?? 1);
  const profiles = flags.includes('--profiles') ? BANK_PROFILES : [];
  const show = flags
    .find((f) => f.startsWith('--show='))
    ?.slice(7)
    .split(',') ?? ['wrong'];
  const totals = { exact: 0, stalled: 0, wrong: 0 };
  const byParam = new Map<string, { exact: number; stalled: number; wrong: number }>();
  const started = Date.now();
  const listed = flags
    .find((f) => f.startsWith('--seeds='))
    ?.slice(8)
    .split(',')
    .map(Number);
  const seeds = listed ?? Array.from({ length: count }, (_, i) => first + i);
  let next = 0;
  const work = async () => {
    while (next < seeds.length) {
      const seed = seeds[next++]!;
      const generated = await generatePdfStatement(seed);
      const outcome = await classify(generated, { profiles });
      totals[outcome.kind]++;
      for (const [name, value] of Object.entries(generated.params)) {
        const key = `${name}=${value}`;
        const entry = byParam.get(key) ?? { exact: 0, stalled: 0, wrong: 0 };
        entry[outcome.kind]++;
        byParam.set(key, entry);
      }
      if (show.includes(outcome.kind)) {
        const why = outcome.kind === 'wrong' ? outcome.detail : outcome.kind === 'stalled' ? outcome.reason : '';
        console.log(`${outcome.kind} seed ${seed}: ${why.slice(0, 400)}`);
      }
    }
  };
  await Promise.all([work(), work()]);
  const total = seeds.length;
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}%`;
  console.log(
    `\n${total} seeds from ${seeds[0]} (${profiles.length ? 'default profiles' : 'profiles: []'}) in ${((Date.now() - started) / 1000).toFixed(0)} s: exact ${totals.exact} (${pct(totals.exact, total)}), stalled ${totals.stalled} (${pct(totals.stalled, total)}), wrong ${totals.wrong} (${pct(totals.wrong, total)})`,
  );
  const weak = [...byParam.entries()]
    .filter(([, e]) => e.stalled + e.wrong > 0)
    .sort(
      (a, b) => (b[1].stalled + b[1].wrong) / (b[1].exact + b[1].stalled + b[1].wrong) - (a[1].stalled + a[1].wrong) / (a[1].exact + a[1].stalled + a[1].wrong),
    );
  console.log('by parameter (not exact first):');
  for (const [key, e] of weak.slice(0, Number(process.env.SHOW_PARAMS ?? 40))) {
    const n = e.exact + e.stalled + e.wrong;
    console.log(
      `  ${key.padEnd(40)} n=${String(n).padStart(5)} exact ${pct(e.exact, n).padStart(6)} stalled ${pct(e.stalled, n).padStart(6)} wrong ${pct(e.wrong, n).padStart(6)}`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
