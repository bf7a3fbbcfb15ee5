/**
 * pnpm bench:reconcile: one reconciliation of 10,000 statement rows against 10,000 ledger entries (issue 13),
 * with the ledger and the statement service each started as its own process (compiled, as
 * `pnpm start` does), against finance_bench. Target: POST /api/v1/reconciliations answers in under 2 s.
 *
 * What the call does and the figure includes: the ledger reads the statement account, its closing balance and
 * its 10,000 rows (20 pages of 500) from the statement service over HTTP with the caller's key, reads the ledger
 * account's entries of the period and window, matches (reference, same date, window, many-to-one) and stores
 * the result (10,000 rows and ~10,000 entries, one INSERT per table).
 *
 * The data: a year of rows (2024), amounts in whole rupees and paise; for 90% of them the ledger has the entry
 * (70% the same day, 20% one to three days apart, a quarter of all quoting the row's UTR in source_ref), 5% are
 * batched payouts the ledger holds as two entries, 5% are only in the bank; another 5% of entries are only in the
 * ledger. Statement rows are written straight into the statement schema (as `pnpm --filter statement seed`
 * does); the ledger's through POST /transactions/bulk.
 *
 * Two cases, each on its own pair of accounts and reported separately: `mixed` (the amounts above, few equal) and
 * `many_equal_amounts` (issue 22: the same shape of data, amounts drawn from 20 figures, so ~500 rows share each
 * amount and every row has several candidates in its window: the assignment of best matches does the work).
 *
 * Environment: BENCH_ROWS (10000 per case), BENCH_RUNS (3), BENCH_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createApiKey, createDbAdapter, createOrganization, createPlatformClient, createPool, migrateService } from '@finance/platform';
import { BENCH_DATABASE_URL, ROOT, startProcess, stopProcess } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LEDGER_PORT = 4122;
const STATEMENT_PORT = 4123;

/** A deterministic pseudo-random sequence, so every run reconciles the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

async function main() {
  await migrateService(BENCH_DATABASE_URL, 'statement', join(ROOT, 'services/statement/prisma/migrations'));
  await migrateService(BENCH_DATABASE_URL, 'ledger', join(ROOT, 'services/ledger/prisma/migrations'));
  const pool = createPool(BENCH_DATABASE_URL, { max: 2, applicationName: 'reconcile-bench' });
  const platform = createPlatformClient(createDbAdapter(pool));
  const org = await createOrganization(platform, `reconcile-bench-${Date.now().toString(36)}`);
  const key = await createApiKey(platform, { orgSlug: org.slug, preset: 'full_access' });

  const env = { DATABASE_URL: BENCH_DATABASE_URL, RATE_LIMIT_REQUESTS: '0' };
  const statement = await startProcess('services/statement/src/main.ts', { ...env, PORT: String(STATEMENT_PORT) }, `http://127.0.0.1:${STATEMENT_PORT}/readyz`);
  const ledger = await startProcess(
    'services/ledger/src/main.ts',
    { ...env, PORT: String(LEDGER_PORT), LEDGER_STATEMENT_URL: `http://127.0.0.1:${STATEMENT_PORT}` },
    `http://127.0.0.1:${LEDGER_PORT}/readyz`,
  );
  const auth = { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' };
  const call = async (port: number, method: string, path: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, { method, headers: auth, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: any };
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
    return json.data;
  };

  try {
    /** One case: its own statement and ledger accounts, seeded, then reconciled RUNS times. */
    const runCase = async (name: string, amountOf: (random: () => number, inflow: boolean) => number) => {
      const statementAccount = await call(STATEMENT_PORT, 'POST', '/accounts', {
        name: `HDFC current (${name})`,
        category: 'bank',
        currency: 'INR',
        opening_balance: 0,
        opening_balance_date: '2023-12-31',
      });
      const bank = await call(LEDGER_PORT, 'POST', '/accounts', { name: `HDFC current (${name})`, type: 'asset', currency: 'INR' });
      const counter = await call(LEDGER_PORT, 'POST', '/accounts', { name: `Suspense (${name})`, type: 'equity' });

      const random = rng(13);
      const rows: { id: string; date: string; particulars: string; inflow: number; outflow: number }[] = [];
      const transactions: unknown[] = [];
      const entry = (date: string, paise: number, sourceRef: string | null, narration: string) =>
        transactions.push({
          date,
          narration,
          source: 'bench',
          source_ref: sourceRef ?? randomUUID(),
          entries: [
            { account: bank.id, [paise > 0 ? 'debit' : 'credit']: Math.abs(paise) },
            { account: counter.id, [paise > 0 ? 'credit' : 'debit']: Math.abs(paise) },
          ],
        });
      for (let i = 0; i < ROWS; i++) {
        const d = Math.floor(random() * 366);
        const inflow = random() < 0.35;
        const paise = amountOf(random, inflow) * (inflow ? 1 : -1);
        const utr = `N${String(100_000_000 + i)}`;
        rows.push({
          id: randomUUID(),
          date: day(d),
          particulars: `${inflow ? 'NEFT CR' : 'NEFT DR'}/${utr}/COUNTERPARTY ${i % 97}`,
          inflow: inflow ? paise * 10 : 0,
          outflow: inflow ? 0 : -paise * 10,
        });
        const kind = random();
        const quoted = random() < 0.25 ? utr : null;
        if (kind < 0.7) entry(day(d), paise, quoted, `payment ${i}`);
        else if (kind < 0.9) entry(day(Math.min(365, d + 1 + Math.floor(random() * 3))), paise, quoted, `payment ${i}`);
        else if (kind < 0.95 && Math.abs(paise) >= 2) {
          const part = Math.trunc(paise / 3);
          entry(day(d), part, null, `payout ${i} part 1`);
          entry(day(d), paise - part, null, `payout ${i} part 2`);
        }
        // else: only in the bank
        if (random() < 0.05) entry(day(Math.floor(random() * 366)), 100 + Math.floor(random() * 1_000_000), null, `only in the books ${i}`);
      }
      await pool.query(
        `INSERT INTO statement.transactions (id, org_id, account_id, date, particulars, inflow, outflow, balance, type)
         SELECT id, $1, $2, date, particulars, inflow, outflow, NULL, 'unknown'
         FROM unnest($3::uuid[], $4::date[], $5::text[], $6::int8[], $7::int8[]) AS t(id, date, particulars, inflow, outflow)`,
        [
          org.id,
          statementAccount.id,
          rows.map((r) => r.id),
          rows.map((r) => r.date),
          rows.map((r) => r.particulars),
          rows.map((r) => r.inflow),
          rows.map((r) => r.outflow),
        ],
      );
      for (let i = 0; i < transactions.length; i += 500) {
        await call(LEDGER_PORT, 'POST', '/transactions/bulk', { transactions: transactions.slice(i, i + 500) });
      }
      await pool.query('VACUUM ANALYZE statement.transactions');
      await pool.query('VACUUM ANALYZE ledger.entries');

      const timings: number[] = [];
      let last: any;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        last = await call(LEDGER_PORT, 'POST', '/reconciliations', {
          ledger_account: bank.id,
          statement_account: statementAccount.id,
          date_from: '2024-01-01',
          date_to: '2024-12-31',
        });
        timings.push(Math.round(performance.now() - started));
      }
      const sorted = [...timings].sort((a, b) => a - b);
      return {
        statement_rows: rows.length,
        ledger_entries_on_the_account: transactions.length,
        runs_ms: timings,
        median_ms: sorted[Math.floor(sorted.length / 2)],
        target_ms: 2_000,
        matched: last.matched_count,
        unmatched_rows: last.unmatched_row_count,
        unmatched_entries: last.unmatched_entry_count,
      };
    };

    // Amounts in whole rupees and paise, up to 5,000 rupees: few collide.
    const mixed = await runCase('mixed', (random) => (Math.floor(random() * 5_000) + 1) * (random() < 0.5 ? 100 : 1 + Math.floor(random() * 99)));
    // Many equal amounts (issue 22): 20 figures (rent, subscriptions, salaries, fixed fees), ~500 rows each, so
    // every row has several candidates in its window and the assignment, not the index, does the work.
    const FIGURES = [500_000, 100_000, 49_900, 19_900, 250_000, 1_000_000, 75_000, 12_000, 5_000, 300_000];
    const manyEqual = await runCase('many equal amounts', (random, inflow) => FIGURES[Math.floor(random() * FIGURES.length)]! * (inflow ? 2 : 1));
    process.stdout.write(`${JSON.stringify({ mixed, many_equal_amounts: manyEqual }, null, 2)}\n`);
  } finally {
    await stopProcess(ledger);
    await stopProcess(statement);
    await platform.$disconnect();
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
