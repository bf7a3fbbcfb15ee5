/**
 * pnpm bench:ledger: the ledger service over HTTP on a ledger of 1,000,000 entries (500,000 balanced
 * two-entry transactions over 500 accounts, two years, three dimensions on every entry; one transaction in ten
 * in USD, the rest INR, so balances and reports answer per currency), loaded straight into Postgres with
 * INSERT ... SELECT generate_series in the finance_bench database.
 *
 * Measures (issue 3 targets):
 * - posting balanced two-entry transactions (each with its own source identity, as an importer sends them)
 *   at 64 connections: >= 1,500 tx/s, p99 < 100 ms;
 * - an entries page (account + date range, limit 100) and a transactions page filtered by account: p50 < 15 ms;
 * - a trial balance over the whole ledger: < 500 ms;
 * - the same rows inserted through plain pg with no HTTP and no validation (64 concurrent inserts over a pool
 *   the size of the service's), and the ratio of the posting throughput to it.
 *
 * Environment: BENCH_DURATION (s, default 20), BENCH_CONNECTIONS (64), BENCH_POOL (the service's DB_POOL_SIZE,
 * default 8: on 2 cores more backends only contend), BENCH_TRANSACTIONS (500000), BENCH_ACCOUNTS (500), BENCH_DATABASE_URL. While tuning:
 * BENCH_REUSE=1 measures the ledger the previous run loaded (no reload), BENCH_ONLY=posting|reads|plain one part,
 * BENCH_REPORT_RUNS (10) requests per report, BENCH_PORT the service's port (4102).
 */
import { join } from 'node:path';
import { createApiKey, createDbAdapter, createOrganization, createPlatformClient, createPool, migrateService, type Pool } from '@finance/platform';
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import { createLedgerClient, type Db as LedgerDb } from '../services/ledger/src/data-access/db';
import { seedSystemAccounts } from '../services/ledger/src/domain/accounts';
import { BENCH_DATABASE_URL, load, ROOT, startProcess, stopProcess, type LoadResult } from './lib';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const POOL = Number(process.env.BENCH_POOL ?? 8);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 500_000);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 4102);
const CHUNK = 50_000;
const REUSE = process.env.BENCH_REUSE === '1';
const ONLY = process.env.BENCH_ONLY;
/** Requests per report (trial balance, balance sheet, income statement) after the warm-up: more on a busy machine. */
const REPORT_RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 10);
const runs = (part: 'posting' | 'reads' | 'plain') => ONLY === undefined || ONLY === part;

const round = (n: number) => Math.round(n * 10) / 10;

/** A UUIDv7 (48-bit millisecond time, then random bits), like the service's own ids, so index locality matches. */
function uuidv7(): string {
  const b = randomBytes(16);
  b.writeUIntBE(Date.now(), 0, 6);
  b[6] = ((b[6] as number) & 0x0f) | 0x70;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A UUIDv7 for a given instant, in SQL (Postgres 15 has none built in): time-ordered like the service's ids. */
const UUID7 = `CREATE FUNCTION pg_temp.uuid7(ts timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
    PLACING substring(int8send(floor(extract(epoch FROM ts) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid $$`;

/**
 * The ledger: system groups (the ledger's own seed, through a ledger client), 500 postable accounts under them (100 per
 * type), then the transactions and entries (the benchmark's own setup: straight SQL over its pool).
 */
async function loadLedger(pool: Pool, ledger: LedgerDb, orgId: string): Promise<{ accounts: string[]; elapsed_ms: number }> {
  const started = Date.now();
  await seedSystemAccounts(ledger, orgId);
  const groups = (
    await pool.query<{ source_ref: string; id: string; type: string }>(
      `SELECT source_ref, id, type FROM ledger.accounts WHERE org_id = $1 AND source = 'system'`,
      [orgId],
    )
  ).rows;
  const homes = [
    'CASH',
    'RECEIVABLES',
    'NON_CURRENT_ASSETS',
    'PAYABLES',
    'NON_CURRENT_LIABILITIES',
    'EQUITY',
    'EQUITY',
    'INCOME',
    'EXPENSES',
    'DEPRECIATION',
  ].map((key) => groups.find((g) => g.source_ref === key) as { id: string; type: string });
  const accounts = Array.from({ length: ACCOUNTS }, () => uuidv7());
  await pool.query(
    `INSERT INTO ledger.accounts (id, org_id, name, type, parent_id, source, source_ref)
     SELECT a.id, $1, 'Account ' || a.n, (($3::text[])[1 + a.n % 10]), (($2::uuid[])[1 + a.n % 10]), 'bench', 'ACC-' || a.n
     FROM unnest($4::uuid[]) WITH ORDINALITY AS a(id, n)`,
    [orgId, homes.map((h) => h.id), homes.map((h) => h.type), accounts],
  );
  const client = await pool.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query(UUID7);
    for (let lo = 0; lo < TRANSACTIONS; lo += CHUNK) {
      const hi = Math.min(TRANSACTIONS, lo + CHUNK) - 1;
      // Transaction n: dated over two years, debit account n*7, credit account n*13+1 (never the same), three
      // dimensions on each entry; ids ordered by n, as they would be had they been posted one after another.
      await client.query(
        `WITH t AS (
           INSERT INTO ledger.transactions (id, org_id, date, time, narration, type, status, currency, source, source_ref, total_debit, total_credit, entry_count, created_at, updated_at)
           SELECT pg_temp.uuid7(timestamptz '2024-01-01' + n * interval '1 ms'), $1, date '2024-01-01' + (n % 730),
                  CASE WHEN n % 3 = 0 THEN NULL ELSE lpad((n % 24)::text, 2, '0') || ':' || lpad((n % 60)::text, 2, '0') END,
                  'Bench transaction ' || n, (ARRAY['sale', 'purchase', 'payment', 'journal'])[1 + n % 4], 'posted',
                  CASE WHEN n % 10 = 0 THEN 'USD' ELSE 'INR' END, 'load', 'L-' || n,
                  1 + (n::bigint * 7919) % 1000000, 1 + (n::bigint * 7919) % 1000000, 2, timestamptz '2024-01-01' + n * interval '1 ms', timestamptz '2024-01-01' + n * interval '1 ms'
           FROM generate_series($3::int, $4::int) AS n
           RETURNING id, date, currency, total_debit, substring(source_ref FROM 3)::int AS n
         )
         INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, dimensions)
         SELECT pg_temp.uuid7(timestamptz '2024-01-01' + t.n * interval '1 ms'), $1, t.id,
                ($2::uuid[])[1 + CASE WHEN s.side = 1 THEN (t.n * 7) % $5 ELSE (t.n * 13 + 1) % $5 END],
                t.date, 'posted', t.currency, CASE WHEN s.side = 1 THEN t.total_debit ELSE 0 END, CASE WHEN s.side = 2 THEN t.total_debit ELSE 0 END,
                jsonb_build_object('region', (ARRAY['north', 'south', 'east', 'west'])[1 + t.n % 4],
                                   'project', 'P' || (t.n % 50), 'channel', (ARRAY['web', 'store', 'partner'])[1 + t.n % 3])
         FROM t CROSS JOIN (VALUES (1), (2)) AS s(side)`,
        [orgId, accounts, lo, hi, ACCOUNTS],
      );
      console.error(`  loaded transactions ${lo}..${hi}`);
    }
  } finally {
    client.release();
  }
  // A guard on the generator: the pairs must never land both sides on one account (that would still balance,
  // but it is not the ledger the figures claim to describe).
  const same = await pool.query(
    `SELECT count(*)::int AS n FROM ledger.entries a JOIN ledger.entries b ON a.transaction_id = b.transaction_id AND a.id < b.id WHERE a.account_id = b.account_id`,
  );
  if (same.rows[0].n !== 0) console.error(`  note: ${same.rows[0].n} transactions post both sides to one account`);
  await pool.query('VACUUM ANALYZE ledger.accounts, ledger.transactions, ledger.entries');
  // VACUUM can mark a page all-visible (what index-only scans need) only once no session anywhere in the
  // database still holds a snapshot older than the load; other work on a shared machine can hold one. Wait.
  for (let attempt = 0; ; attempt++) {
    const { rows } = await pool.query(`SELECT relallvisible::float / greatest(relpages, 1) AS visible FROM pg_class WHERE oid = 'ledger.entries'::regclass`);
    if (rows[0].visible >= 0.99 || attempt === 30) {
      console.error(`  entries visibility map: ${Math.round(rows[0].visible * 100)}% all-visible`);
      break;
    }
    await new Promise((r) => setTimeout(r, 2000));
    await pool.query('VACUUM ledger.entries, ledger.transactions');
  }
  return { accounts, elapsed_ms: Date.now() - started };
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
  return {
    runs: sorted.length,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    min_ms: round(sorted[0] as number),
    max_ms: round(sorted[sorted.length - 1] as number),
  };
}

/** The floor under any posting path: the same rows through pg, one statement per transaction, no HTTP, no checks. */
async function plainInserts(orgId: string, accounts: string[]): Promise<{ transactions_per_sec: number; total: number; p50_ms: number; p99_ms: number }> {
  const pool = createPool(BENCH_DATABASE_URL, { max: POOL, applicationName: 'ledger-bench-plain' });
  const text = `WITH t AS (
      INSERT INTO ledger.transactions (id, org_id, date, narration, status, source, source_ref, total_debit, total_credit, entry_count)
      VALUES ($1, $2, $3::date, 'plain insert', 'posted', 'plain', $4, $5, $5, 2) RETURNING id)
    INSERT INTO ledger.entries (id, org_id, transaction_id, account_id, date, transaction_status, currency, debit, credit, dimensions)
    SELECT e.id, $2, t.id, e.account, $3::date, 'posted', 'INR', e.debit, e.credit, e.dims
    FROM t, (VALUES ($6::uuid, $7::uuid, $5::bigint, 0::bigint, $9::jsonb), ($8::uuid, $10::uuid, 0::bigint, $5::bigint, '{}'::jsonb)) AS e(id, account, debit, credit, dims)`;
  let done = 0;
  let seq = 0;
  const latencies: number[] = [];
  const until = Date.now() + DURATION * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const n = seq++;
      const amount = 1 + (n % 100_000);
      const t0 = performance.now();
      await pool.query({
        name: 'ledger-bench-plain',
        text,
        values: [
          uuidv7(),
          orgId,
          '2026-06-15',
          `P-${process.pid}-${n}`,
          amount,
          uuidv7(),
          accounts[n % accounts.length],
          uuidv7(),
          JSON.stringify({ region: 'north', project: 'P1', channel: 'web' }),
          accounts[(n * 13 + 1) % accounts.length],
        ],
      });
      latencies.push(performance.now() - t0);
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.end();
  const s = summarise(latencies);
  return {
    transactions_per_sec: Math.round(done / DURATION),
    total: done,
    p50_ms: s.p50_ms,
    p99_ms: round([...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.99)] as number),
  };
}

async function main() {
  const admin = createPool(BENCH_DATABASE_URL, { max: 4, applicationName: 'ledger-bench' });
  // The ledger schema of finance_bench holds nothing but benchmark data: start from an empty one, so every run
  // measures the same 1,000,000 entries rather than a ledger that grows with each run.
  await migrateService(BENCH_DATABASE_URL, 'ledger', join(ROOT, 'services/ledger/prisma/migrations'));
  // The platform's functions and the ledger's seed take their Prisma Clients, over the benchmark's pool.
  const adapter = createDbAdapter(admin);
  const platform = createPlatformClient(adapter);
  const ledger = createLedgerClient(adapter);
  let orgId: string;
  let loaded: { accounts: string[]; elapsed_ms: number | null };
  let orgSlug: string;
  if (REUSE) {
    const row = (
      await admin.query(`SELECT a.org_id, o.slug FROM ledger.accounts a JOIN platform.organizations o ON o.id = a.org_id WHERE a.source = 'bench' LIMIT 1`)
    ).rows[0];
    if (!row) throw new Error('BENCH_REUSE=1 but finance_bench holds no loaded ledger; run once without it');
    orgId = row.org_id;
    orgSlug = row.slug;
    const accounts = (await admin.query(`SELECT id FROM ledger.accounts WHERE org_id = $1 AND source = 'bench' ORDER BY source_ref`, [orgId])).rows.map(
      (r) => r.id as string,
    );
    loaded = { accounts, elapsed_ms: null };
  } else {
    // The ledger schema of finance_bench holds nothing but benchmark data: start from empty tables, so every run
    // measures the same 1,000,000 entries rather than a ledger that grows with each run.
    await admin.query('TRUNCATE ledger.entries, ledger.transactions, ledger.accounts'); // the kept balances follow (a trigger)
    const org = await createOrganization(platform, `ledger-bench-${Date.now().toString(36)}`);
    orgId = org.id;
    orgSlug = org.slug;
    console.error(`loading ${TRANSACTIONS} transactions (${TRANSACTIONS * 2} entries) over ${ACCOUNTS} accounts ...`);
    loaded = await loadLedger(admin, ledger, org.id);
  }
  const key = await createApiKey(platform, { orgSlug, preset: 'full_access' });
  const [{ entries }] = (await admin.query('SELECT count(*)::int AS entries FROM ledger.entries WHERE org_id = $1', [orgId])).rows;
  console.error(`ledger of ${entries} entries${loaded.elapsed_ms === null ? ' (reused)' : ` loaded in ${loaded.elapsed_ms} ms (insert, VACUUM ANALYZE)`}`);

  const service = await startProcess(
    'services/ledger/src/main.ts',
    { DATABASE_URL: BENCH_DATABASE_URL, PORT: String(PORT), DB_POOL_SIZE: String(POOL), RATE_LIMIT_REQUESTS: '0' },
    `http://127.0.0.1:${PORT}/readyz`,
  );
  const base = `http://127.0.0.1:${PORT}/api/v1`;
  const headers = { 'api-key': key.key, 'api-secret': key.secret, 'content-type': 'application/json' };
  const get = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = (await res.json()) as { data: unknown; page_context?: { total: number } };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, body };
  };
  const pick = (i: number) => loaded.accounts[(i * 37) % loaded.accounts.length] as string;
  const assetsGroup = (await admin.query(`SELECT id FROM ledger.accounts WHERE org_id = $1 AND source = 'system' AND source_ref = 'ASSETS'`, [orgId])).rows[0]
    .id;

  // Reads first, on the loaded ledger alone. Each is a sequence of requests from one client after a warm-up:
  // the latency a user sees, not a throughput under contention.
  const sequence = async (paths: (i: number) => string, runs: number) => {
    for (let i = 0; i < 5; i++) await get(paths(1000 + i));
    const samples: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const r = await get(paths(i));
      samples.push(r.ms);
      total = r.body.page_context?.total ?? total;
    }
    return { ...summarise(samples), last_total: total };
  };
  const reads = runs('reads')
    ? {
        entries_page: await sequence((i) => `/entries?account=${pick(i)}&date_from=2024-07-01&date_to=2025-06-30&limit=100`, 200),
        transactions_page_by_account: await sequence((i) => `/transactions?account=${pick(i)}`, 200),
        trial_balance: await sequence(() => '/reports/trial_balance', REPORT_RUNS),
        balance_sheet: await sequence(() => '/reports/balance_sheet?as_of=2025-06-30', REPORT_RUNS),
        income_statement: await sequence(() => '/reports/income_statement?date_from=2025-01-01&date_to=2025-12-31', REPORT_RUNS),
        report_currencies: ((await get('/reports/trial_balance')).body.data as { currencies: string[] }).currencies,
        account_balance: await sequence((i) => `/accounts/${pick(i)}/balance?as_of=2025-06-30`, 100),
        group_balance: await sequence(() => `/accounts/${assetsGroup}/balance?as_of=2025-06-30`, 10),
      }
    : undefined;

  // Posting: every request a new balanced two-entry transaction between two random accounts, with its own
  // source identity (as an importer posts), so the idempotency lookup is on the path.
  let n = 0;
  const postRequest = (): autocannon.Request => ({
    method: 'POST',
    path: '/api/v1/transactions',
    setupRequest: (req) => {
      const i = n++;
      const amount = 1 + Math.floor(Math.random() * 1_000_000);
      const debit = loaded.accounts[Math.floor(Math.random() * ACCOUNTS)];
      let credit = loaded.accounts[Math.floor(Math.random() * ACCOUNTS)];
      if (credit === debit) credit = loaded.accounts[(loaded.accounts.indexOf(debit as string) + 1) % ACCOUNTS];
      return {
        ...req,
        body: JSON.stringify({
          date: '2026-06-15',
          time: '10:30',
          narration: `Bench posting ${i}`,
          type: 'sale',
          source: 'bench',
          source_ref: `R-${process.pid}-${i}`,
          entries: [
            { account: debit, debit: amount, dimensions: { region: 'north', project: 'P1', channel: 'web' } },
            { account: credit, credit: amount },
          ],
        }),
      };
    },
  });
  const url = `http://127.0.0.1:${PORT}`;
  let posting: LoadResult | undefined;
  if (runs('posting')) {
    await load({ url, headers, connections: CONNECTIONS, duration: 3, requests: [postRequest()] }); // warm-up
    posting = await load({ url, headers, connections: CONNECTIONS, duration: DURATION, requests: [postRequest()] });
  }
  await stopProcess(service);

  const plain = runs('plain') ? await plainInserts(orgId, loaded.accounts) : undefined;
  await Promise.all([platform.$disconnect(), ledger.$disconnect()]);
  await admin.end();

  const report = {
    command: 'pnpm bench:ledger',
    ledger: { entries, accounts: loaded.accounts.length, dimensions: 3, load_ms: loaded.elapsed_ms },
    duration_s: DURATION,
    connections: CONNECTIONS,
    service_db_pool: POOL,
    posting,
    plain_pg_inserts: plain,
    ratio_posting_to_plain_pg: posting && plain ? Number((posting.requests_per_sec / plain.transactions_per_sec).toFixed(3)) : undefined,
    ...reads,
    targets: {
      posting: '>= 1500 tx/s, p99 < 100 ms at 64 connections',
      entries_page_p50_ms: '< 15',
      transactions_page_p50_ms: '< 15',
      trial_balance_ms: '< 500',
    },
    met: {
      posting: posting && posting.requests_per_sec >= 1500 && posting.latency_p99_ms < 100 && posting.non_2xx === 0 && posting.errors === 0,
      entries_page: reads && reads.entries_page.p50_ms < 15,
      transactions_page: reads && reads.transactions_page_by_account.p50_ms < 15,
      trial_balance: reads && reads.trial_balance.max_ms < 500,
    },
  };
  console.log(JSON.stringify(report, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
