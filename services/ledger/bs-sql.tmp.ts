import { createPool } from '@finance/platform';
async function main() {
  const pool = createPool('postgresql://postgres@127.0.0.1:5432/finance_bench', { max: 1, applicationName: 'bs-sql' });
  await pool.query('SET jit = off');
  const org = '01a218de-87b2-7389-9fed-b105e44d1840';
  const variants: Record<string, string> = {
    nosplit: ', NULL AS before_net',
    split2: ', sum(e.debit) FILTER (WHERE e.date < $3::date) AS before_net, sum(e.credit) FILTER (WHERE e.date < $3::date) AS before_credit',
    split1: ', sum(e.credit - e.debit) FILTER (WHERE e.date < $3::date) AS before_net',
  };
  const q = (k: string) => `SELECT a.id, s.currency, s.debit::text AS debit, s.credit::text AS credit, s.entries, s.before_net::text AS before_net
    FROM ledger.accounts a CROSS JOIN LATERAL (
      SELECT e.currency, sum(e.debit) AS debit, sum(e.credit) AS credit, count(*) AS entries ${variants[k]}
      FROM ledger.entries e WHERE e.account_id = a.id AND e.transaction_status = 'posted' AND e.date <= $2::date GROUP BY e.currency) s
    WHERE a.org_id = $1::uuid`;
  const ks = Object.keys(variants);
  const t: Record<string, number[]> = Object.fromEntries(ks.map((k) => [k, []]));
  for (let i = 0; i < 24; i++) {
    for (let j = 0; j < ks.length; j++) {
      const k = ks[(i + j) % ks.length]!;
      const t0 = performance.now();
      await pool.query(q(k), k === 'nosplit' ? [org, '2025-06-30'] : [org, '2025-06-30', '2025-04-01']);
      t[k]!.push(performance.now() - t0);
    }
  }
  for (const [k, v] of Object.entries(t)) { const s = v.slice(2).sort((a, b) => a - b); console.log(k, 'min', s[0]!.toFixed(1), 'q1', s[5]!.toFixed(1), 'median', s[Math.floor(s.length / 2)]!.toFixed(1)); }
  await pool.end();
}
main();
