/**
 * pnpm bench:statement: the statement service's data API over HTTP on one organization with 1,000,000 rows
 * across 10 accounts (three years of daily rows, seeded in SQL), against the finance_bench database.
 *
 * Each measurement is a sequence of requests from one client after a warm-up, so a figure is the latency a
 * user sees, not a throughput under contention. Targets (issue 4): a two-year monthly expense report by category
 * < 300 ms; a three-condition search (contains, numeric bound, date window), limit 100, p50 < 50 ms; a rule
 * preview page with force_all < 300 ms; a rule run updating 100,000 rows < 5 s; an account balance < 50 ms.
 *
 * Environment: BENCH_ROWS (default 1000000), BENCH_ACCOUNTS (10), BENCH_YEARS (3), BENCH_DATABASE_URL.
 */
import { join } from 'node:path';
import { createApiKey, createDbAdapter, createOrganization, createPlatformClient, createPool, execute, migrateService, sql } from '@finance/platform';
import { createStatementClient } from '../services/statement/src/data-access/db';
import { seedStatementData } from '../services/statement/src/seed-data';
import { BENCH_DATABASE_URL, ROOT, startProcess, stopProcess } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10);
const YEARS = Number(process.env.BENCH_YEARS ?? 3);
const PORT = 4103;

interface Timing {
  runs: number;
  p50_ms: number;
  p95_ms: number;
  min_ms: number;
  max_ms: number;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    runs: sorted.length,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    min_ms: round(sorted[0] as number),
    max_ms: round(sorted[sorted.length - 1] as number),
  };
}

async function main() {
  await migrateService(BENCH_DATABASE_URL, 'statement', join(ROOT, 'services/statement/prisma/migrations'));
  const pool = createPool(BENCH_DATABASE_URL, { max: 2, applicationName: 'statement-bench' });
  const adapter = createDbAdapter(pool);
  const platform = createPlatformClient(adapter);
  const db = createStatementClient(adapter);
  // The statement schema of finance_bench holds nothing but benchmark data: start from empty tables so every run
  // measures the same 1,000,000 rows rather than a table that grows with each run.
  // Every table of the schema, so a table added by a later migration cannot break the benchmark.
  await execute(
    db,
    sql`DO $$ BEGIN EXECUTE (SELECT 'TRUNCATE ' || string_agg(format('%I.%I', schemaname, tablename), ', ')
        FROM pg_tables WHERE schemaname = 'statement' AND tablename <> '_prisma_migrations'); END $$`,
  );
  const org = await createOrganization(platform, `stmt-bench-${Date.now().toString(36)}`);
  const key = await createApiKey(platform, { orgSlug: org.slug, preset: 'full_access' });
  console.error(`seeding ${ROWS} rows across ${ACCOUNTS} accounts over ${YEARS} years ...`);
  const seed = await seedStatementData(db, { orgId: org.id, rows: ROWS, accounts: ACCOUNTS, years: YEARS });
  console.error(`seeded in ${seed.elapsed_ms} ms (insert, VACUUM ANALYZE)`);

  const service = await startProcess(
    'services/statement/src/main.ts',
    { DATABASE_URL: BENCH_DATABASE_URL, PORT: String(PORT), RATE_LIMIT_REQUESTS: '0' },
    `http://127.0.0.1:${PORT}/readyz`,
  );
  const base = `http://127.0.0.1:${PORT}/api/v1`;
  const headers = { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: unknown; page_context?: { total: number }; error?: unknown };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const time = async (runs: number, fn: () => Promise<unknown>): Promise<Timing> => {
    for (let i = 0; i < 3; i++) await fn(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await fn();
      samples.push(performance.now() - started);
    }
    return summarise(samples);
  };

  try {
    const today = seed.date_to;
    const twoYearsAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 730 * 86_400_000).toISOString().slice(0, 10);

    const reportPath = `/reports/expense?date_from=${twoYearsAgo}&date_to=${today}&group_by=month&group_by_field=category`;
    const reportShape = (await call('GET', reportPath)).data as { data: Record<string, unknown>[] };
    const expenseReport = await time(20, () => call('GET', reportPath));

    const searchBody = {
      conditions: [
        { field: 'particulars', operator: 'contains', value: 'swiggy' },
        { field: 'outflow', operator: 'greater_than_or_equal', value: 500_000 },
        { field: 'date', operator: 'within_last_days', value: 90 },
      ],
      limit: 100,
    };
    const searchTotal = (await call('POST', '/transactions/search', searchBody)).page_context?.total;
    const search = await time(50, () => call('POST', '/transactions/search', searchBody));

    const previewRule = (await call('POST', '/rules', {
      name: 'Amazon is shopping',
      conditions: [{ field: 'particulars', operator: 'contains', value: 'amazon' }],
      actions: [{ field: 'category', value: 'Shopping' }],
    })) as { data: { id: string } };
    const previewTotal = (await call('GET', `/rules/${previewRule.data.id}/preview?force_all=true&limit=100`)).page_context?.total;
    const preview = await time(20, () => call('GET', `/rules/${previewRule.data.id}/preview?force_all=true&limit=100`));

    // Two rules over the same ~107,000 Swiggy rows that set different values, run alternately, so every run
    // really rewrites every matched row. First category and entity; then type, the write that moves rows in
    // and out of `unknown`.
    const rule = async (actions: { field: string; value: string }[]) =>
      (
        (await call('POST', '/rules', { name: 'bench', conditions: [{ field: 'particulars', operator: 'contains', value: 'swiggy' }], actions })) as {
          data: { id: string };
        }
      ).data.id;
    const runs: { actions: string; matched_count: number; updated_count: number; ms: number }[] = [];
    const runOnce = async (id: string, label: string) => {
      const started = performance.now();
      const result = (await call('POST', `/rules/${id}/run`, { force_all: true })).data as { matched_count: number; updated_count: number };
      runs.push({ actions: label, matched_count: result.matched_count, updated_count: result.updated_count, ms: Math.round(performance.now() - started) });
    };
    const dining = await rule([
      { field: 'category', value: 'Dining' },
      { field: 'entity', value: 'Swiggy Ltd' },
    ]);
    const food = await rule([
      { field: 'category', value: 'Food & Dining' },
      { field: 'entity', value: 'Swiggy' },
    ]);
    const unknown = await rule([{ field: 'type', value: 'unknown' }]);
    const expense = await rule([{ field: 'type', value: 'expense' }]);
    for (let i = 0; i < 2; i++) {
      await runOnce(dining, 'category=Dining, entity=Swiggy Ltd');
      await runOnce(food, 'category=Food & Dining, entity=Swiggy');
    }
    await runOnce(unknown, 'type=unknown');
    await runOnce(expense, 'type=expense');

    const account = seed.accounts[0] as { id: string };
    const asOf = new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    const balance = await time(50, () => call('GET', `/accounts/${account.id}/balance?as_of=${asOf}`));

    const list = await time(20, () => call('GET', '/transactions?limit=100'));

    const report = {
      command: 'pnpm bench:statement',
      data: { rows: seed.rows, accounts: ACCOUNTS, date_from: seed.date_from, date_to: seed.date_to, seed_ms: seed.elapsed_ms },
      expense_report_2y_monthly_by_category: { ...expenseReport, groups: reportShape.data.length, target: 'p50 < 300 ms' },
      search_3_conditions_limit_100: { ...search, total: searchTotal, target: 'p50 < 50 ms' },
      rule_preview_force_all: { ...preview, total: previewTotal, target: 'p50 < 300 ms' },
      rule_runs: { runs, target: '< 5000 ms for 100,000 updated rows' },
      account_balance: { ...balance, target: 'p50 < 50 ms' },
      transaction_list_first_page: list,
      met: {
        expense_report: expenseReport.p50_ms < 300,
        search: search.p50_ms < 50,
        preview: preview.p50_ms < 300,
        rule_run: runs.every((r) => r.ms < 5000),
        balance: balance.p50_ms < 50,
      },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await stopProcess(service);
    await db.$disconnect();
    await platform.$disconnect();
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
