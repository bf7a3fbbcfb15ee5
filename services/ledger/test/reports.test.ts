import request from 'supertest';
import { makeKey } from '@finance/platform/testing';
import { createAccount, otherOrg, prng, startLedger, type Ledger, type SystemKey } from './helpers';

let l: Ledger;
afterAll(() => l.svc.close());
beforeAll(async () => {
  l = await startLedger('ledger-reports');
});

type Type = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
const DEBIT_NORMAL = new Set<Type>(['asset', 'expense']);

interface Posting {
  date: string;
  lines: { account: string; debit: number; credit: number }[];
}

/** A generated ledger in its own organization: a chart under the system groups and random balanced postings. */
async function generateLedger(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)] as T;
  const o = await otherOrg(l, `ledger-gen-${seed}`);
  const sys = await o.api().get('/api/v1/accounts?source=system').expect(200);
  const group = Object.fromEntries(sys.body.data.map((a: { source_ref: string; id: string }) => [a.source_ref, a.id])) as Record<SystemKey, string>;
  const types = new Map<string, Type>();
  const parents = new Map<string, string | null>();
  for (const a of sys.body.data) {
    types.set(a.id, a.type);
    parents.set(a.id, a.parent);
  }
  const leaves: string[] = [];
  const mk = async (name: string, type: Type, parent: string | null, isGroup = false) => {
    const id = await createAccount(o, { name, type, parent, is_group: isGroup });
    types.set(id, type);
    parents.set(id, parent);
    if (!isGroup) leaves.push(id);
    return id;
  };
  const banks = await mk('Banks', 'asset', group.CASH, true);
  const homes: [Type, SystemKey[]][] = [
    ['asset', ['CASH', 'RECEIVABLES', 'NON_CURRENT_ASSETS']],
    ['liability', ['PAYABLES', 'NON_CURRENT_LIABILITIES', 'CLEARING']],
    ['equity', ['EQUITY']],
    ['income', ['INCOME']],
    ['expense', ['EXPENSES', 'DEPRECIATION']],
  ];
  for (let i = 0; i < 3; i++) await mk(`Bank ${i}`, 'asset', banks);
  for (const [type, keys] of homes) for (const key of keys) for (let i = 0; i < 2; i++) await mk(`${key} ${i}`, type, group[key]);
  await mk('Top-level asset', 'asset', null);

  const posted: Posting[] = [];
  for (let n = 0; n < 60; n++) {
    const date = `2026-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
    const lines: Posting['lines'] = [];
    let debit = 0;
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      const amount = 1 + Math.floor(rnd() * 1_000_000_000);
      debit += amount;
      lines.push({ account: pick(leaves), debit: amount, credit: 0 });
    }
    // Credits split the debit total across one or two accounts.
    const first = Math.floor(debit / 2) || debit;
    lines.push({ account: pick(leaves), debit: 0, credit: first });
    if (debit - first > 0) lines.push({ account: pick(leaves), debit: 0, credit: debit - first });
    const fate = rnd();
    const status = fate < 0.1 ? 'draft' : 'posted';
    const res = await o
      .api()
      .post('/api/v1/transactions')
      .send({ date, status, entries: lines.map((x) => (x.debit ? { account: x.account, debit: x.debit } : { account: x.account, credit: x.credit })) })
      .expect(201);
    if (status === 'posted' && fate > 0.9) {
      await o.api().patch(`/api/v1/transactions/${res.body.data.id}`).send({ status: 'void' }).expect(200);
    } else if (status === 'posted') {
      posted.push({ date, lines });
    }
  }
  /** Expected own balance per account (normal-balance sign), over posted entries within the dates. */
  const balances = (from = '0000-00-00', to = '9999-99-99') => {
    const out = new Map<string, number>();
    for (const p of posted) {
      if (p.date < from || p.date > to) continue;
      for (const x of p.lines) {
        const sign = DEBIT_NORMAL.has(types.get(x.account) as Type) ? x.debit - x.credit : x.credit - x.debit;
        out.set(x.account, (out.get(x.account) ?? 0) + sign);
      }
    }
    return out;
  };
  const descendants = (id: string): string[] => [id, ...[...parents].filter(([, p]) => p === id).flatMap(([c]) => descendants(c))];
  const typeTotal = (b: Map<string, number>, type: Type) => [...b].filter(([id]) => types.get(id) === type).reduce((s, [, v]) => s + v, 0);
  return { o, group, types, balances, descendants, typeTotal, leaves, banks };
}

interface Node {
  account: string;
  balance: number;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('on generated ledgers', () => {
  test.each([1, 2, 3])('seed %i: the balance sheet balances, and every figure matches the postings', async (seed) => {
    const g = await generateLedger(seed);
    for (const asOf of ['2026-03-31', '2026-08-15', '2026-12-31']) {
      const expected = g.balances(undefined, asOf);
      const res = await g.o.api().get(`/api/v1/reports/balance_sheet?as_of=${asOf}`).expect(200);
      const bs = res.body.data;
      const earnings = g.typeTotal(expected, 'income') - g.typeTotal(expected, 'expense');
      // An INR organization's fiscal year starts on April 1 (issue 24): earnings before it are retained.
      const fyStart = asOf < '2026-04-01' ? '2025-04-01' : '2026-04-01';
      const before = g.balances(undefined, '2026-03-31');
      const retained = fyStart === '2026-04-01' ? g.typeTotal(before, 'income') - g.typeTotal(before, 'expense') : 0;
      expect(bs).toMatchObject({
        as_of: asOf,
        fiscal_year_start: fyStart,
        total_assets: g.typeTotal(expected, 'asset'),
        retained_earnings: retained,
        current_earnings: earnings - retained,
        total_liabilities_and_equity: g.typeTotal(expected, 'liability') + g.typeTotal(expected, 'equity') + earnings,
        balanced: true,
      });
      expect(bs.total_assets).toBe(bs.liabilities.total + bs.equity.total + bs.retained_earnings + bs.current_earnings);
      expect(bs.assets.total).toBe(g.typeTotal(expected, 'asset'));
      // Every node: a group's figure is its own plus its children's, and the section total adds only the roots.
      for (const sec of [bs.assets, bs.liabilities, bs.equity]) {
        expect(sec.total).toBe(sec.accounts.reduce((s: number, n: Node) => s + n.balance, 0));
        for (const node of flatten(sec.accounts)) {
          expect(node.balance).toBe(g.descendants(node.account).reduce((s, id) => s + (expected.get(id) ?? 0), 0));
        }
      }
      expect(bs.assets.accounts.map((n: { account: string }) => n.account)).toContain(g.group.ASSETS);

      const tb = (await g.o.api().get(`/api/v1/reports/trial_balance?as_of=${asOf}`).expect(200)).body.data;
      expect(tb.balanced).toBe(true);
      expect(tb.total_debit).toBe(tb.total_credit);
      for (const row of tb.accounts) {
        expect(row.balance).toBe(expected.get(row.account) ?? 0);
        expect(row.debit === 0 || row.credit === 0).toBe(true);
      }
      expect(tb.accounts.every((r: { account: string }) => g.leaves.includes(r.account))).toBe(true);
    }
    const is = (await g.o.api().get('/api/v1/reports/income_statement?date_from=2026-04-01&date_to=2026-09-30').expect(200)).body.data;
    const period = g.balances('2026-04-01', '2026-09-30');
    expect(is).toMatchObject({
      date_from: '2026-04-01',
      date_to: '2026-09-30',
      net_income: g.typeTotal(period, 'income') - g.typeTotal(period, 'expense'),
    });
    expect(is.income.total).toBe(g.typeTotal(period, 'income'));
    expect(is.expenses.total).toBe(g.typeTotal(period, 'expense'));
    const dep = g.descendants(g.group.DEPRECIATION).reduce((s, id) => s + (period.get(id) ?? 0), 0);
    expect(is.depreciation).toEqual({ key: 'DEPRECIATION', account: g.group.DEPRECIATION, name: 'Depreciation and Amortisation', total: dep });
    expect(is.net_income_before_depreciation).toBe(is.net_income + dep);

    // The balance endpoint agrees with the reports for every group and leaf.
    const all = g.balances(undefined, '2026-12-31');
    for (const key of ['ASSETS', 'CASH', 'LIABILITIES', 'EQUITY', 'INCOME', 'EXPENSES'] as SystemKey[]) {
      const b = (await g.o.api().get(`/api/v1/accounts/${g.group[key]}/balance?as_of=2026-12-31`).expect(200)).body.data;
      expect(b.balance).toBe(g.descendants(g.group[key]).reduce((s, id) => s + (all.get(id) ?? 0), 0));
    }
  });
});

describe('GET /api/v1/accounts/:id/balance', () => {
  let bank: string;
  let loan: string;
  let sales: string;
  beforeAll(async () => {
    bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
    loan = await createAccount(l, { name: 'Loan', type: 'liability', parent: l.groups.NON_CURRENT_LIABILITIES });
    sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
    const tx = (date: string, entries: unknown[], status = 'posted') => l.api().post('/api/v1/transactions').send({ date, status, entries }).expect(201);
    await tx('2026-01-10', [
      { account: bank, debit: 1000 },
      { account: loan, credit: 1000 },
    ]);
    await tx('2026-02-10', [
      { account: bank, debit: 250 },
      { account: sales, credit: 250 },
    ]);
    await tx('2026-03-10', [
      { account: loan, debit: 300 },
      { account: bank, credit: 300 },
    ]);
    await tx(
      '2026-03-11',
      [
        { account: bank, debit: 99 },
        { account: sales, credit: 99 },
      ],
      'draft',
    );
    const voided = await tx('2026-01-11', [
      { account: bank, debit: 7 },
      { account: sales, credit: 7 },
    ]);
    await l.api().patch(`/api/v1/transactions/${voided.body.data.id}`).send({ status: 'void' }).expect(200);
  });

  test('debit-normal: debits minus credits over posted entries (drafts and voids left out)', async () => {
    const res = await l.api().get(`/api/v1/accounts/${bank}/balance`).expect(200);
    expect(res.body.data).toEqual({
      account: bank,
      name: 'Bank',
      type: 'asset',
      is_group: false,
      normal_balance: 'debit',
      as_of: null,
      accounts_included: 1,
      currency: 'INR',
      total_debit: 1250,
      total_credit: 300,
      balance: 950,
      entry_count: 3,
      currencies: ['INR'],
      by_currency: [{ currency: 'INR', total_debit: 1250, total_credit: 300, balance: 950, entry_count: 3 }],
    });
  });

  test('credit-normal: credits minus debits; as_of counts entries dated on or before it', async () => {
    expect((await l.api().get(`/api/v1/accounts/${loan}/balance`).expect(200)).body.data).toMatchObject({ normal_balance: 'credit', balance: 700 });
    expect((await l.api().get(`/api/v1/accounts/${loan}/balance?as_of=2026-03-09`).expect(200)).body.data).toMatchObject({
      balance: 1000,
      as_of: '2026-03-09',
    });
    expect((await l.api().get(`/api/v1/accounts/${bank}/balance?as_of=2026-03-10`).expect(200)).body.data.balance).toBe(950);
    expect((await l.api().get(`/api/v1/accounts/${bank}/balance?as_of=2026-01-09`).expect(200)).body.data).toMatchObject({ balance: 0, entry_count: 0 });
  });

  test('a group rolls up its descendants; quarantined descendants are left out as in the reports', async () => {
    const petty = await createAccount(l, { name: 'Petty', type: 'asset', parent: l.groups.CASH });
    await l
      .api()
      .post('/api/v1/transactions')
      .send({
        date: '2026-01-01',
        entries: [
          { account: petty, debit: 40 },
          { account: sales, credit: 40 },
        ],
      })
      .expect(201);
    expect((await l.api().get(`/api/v1/accounts/${l.groups.ASSETS}/balance`).expect(200)).body.data).toMatchObject({ is_group: true, balance: 990 });
    await l.api().patch(`/api/v1/accounts/${petty}`).send({ status: 'quarantined' }).expect(200);
    expect((await l.api().get(`/api/v1/accounts/${l.groups.CASH}/balance`).expect(200)).body.data.balance).toBe(950);
    // Asked for directly, a quarantined account still answers with its own balance.
    expect((await l.api().get(`/api/v1/accounts/${petty}/balance`).expect(200)).body.data.balance).toBe(40);
    await l.api().patch(`/api/v1/accounts/${petty}`).send({ status: 'active' }).expect(200);
  });

  test('unknown account 404, bad as_of 400, needs accounts:read', async () => {
    await l.api().get('/api/v1/accounts/018f0000-0000-7000-8000-000000000000/balance').expect(404);
    for (const asOf of ['2026-02-30', 'today', '']) {
      const res = await l.api().get(`/api/v1/accounts/${bank}/balance?as_of=${asOf}`).expect(400);
      expect(res.body.error.message.startsWith('as_of:')).toBe(true);
    }
    await l.api().get(`/api/v1/accounts/${bank}/balance?date=2026-01-01`).expect(400);
    const key = await makeKey(l.svc.deps.platformDb, l.org, 'custom', 'reports:read');
    await request(l.svc.baseUrl).get(`/api/v1/accounts/${bank}/balance`).set(key.headers).expect(403);
  });
});

describe('statement rules', () => {
  let o: Awaited<ReturnType<typeof otherOrg>>;
  let g: Record<string, string>;
  let bank: string;
  let vault: string;
  let capital: string;
  let fees: string;
  let depreciation: string;
  beforeAll(async () => {
    o = await otherOrg(l, 'ledger-rules');
    const sys = await o.api().get('/api/v1/accounts?source=system').expect(200);
    g = Object.fromEntries(sys.body.data.map((a: { source_ref: string; id: string }) => [a.source_ref, a.id]));
    bank = await createAccount(o, { name: 'Bank', type: 'asset', parent: g.CASH });
    vault = await createAccount(o, { name: 'Vault', type: 'asset', parent: g.CASH });
    capital = await createAccount(o, { name: 'Capital', type: 'equity', parent: g.EQUITY });
    fees = await createAccount(o, { name: 'Fees', type: 'income', parent: g.INCOME });
    depreciation = await createAccount(o, { name: 'Van depreciation', type: 'expense', parent: g.DEPRECIATION });
    const tx = (date: string, entries: unknown[]) => o.api().post('/api/v1/transactions').send({ date, entries }).expect(201);
    await tx('2026-01-01', [
      { account: bank, debit: 10_000 },
      { account: capital, credit: 10_000 },
    ]);
    await tx('2026-02-01', [
      { account: vault, debit: 500 },
      { account: fees, credit: 500 },
    ]);
    await tx('2026-03-01', [
      { account: depreciation, debit: 200 },
      { account: bank, credit: 200 },
    ]);
  });

  test('system groups are found by key, not name: renamed sections keep their place, a look-alike name does not take it', async () => {
    await o.api().patch(`/api/v1/accounts/${g.ASSETS}`).send({ name: 'Resources' }).expect(200);
    await o.api().patch(`/api/v1/accounts/${g.EQUITY}`).send({ name: "Owners' funds" }).expect(200);
    await createAccount(o, { name: 'Assets', type: 'asset', is_group: true });
    const bs = (await o.api().get('/api/v1/reports/balance_sheet').expect(200)).body.data;
    expect(bs.assets).toMatchObject({ key: 'ASSETS', account: g.ASSETS, name: 'Resources', total: 10_300, normal_balance: 'debit' });
    expect(bs.equity).toMatchObject({ key: 'EQUITY', account: g.EQUITY, name: "Owners' funds", total: 10_000 });
    // The look-alike is a root of the asset section of its own (with nothing in it), not the section head.
    expect(bs.assets.accounts.map((n: { name: string; balance: number }) => [n.name, n.balance])).toEqual([
      ['Resources', 10_300],
      ['Assets', 0],
    ]);
    expect(bs).toMatchObject({ total_liabilities_and_equity: 10_300, balanced: true });
    // Without as_of the split is at today's fiscal year (whichever it is when this runs): the earnings add up to 300.
    expect(bs.retained_earnings + bs.current_earnings).toBe(300);
    await o.api().patch(`/api/v1/accounts/${g.DEPRECIATION}`).send({ name: 'D&A' }).expect(200);
    const is = (await o.api().get('/api/v1/reports/income_statement').expect(200)).body.data;
    expect(is).toMatchObject({
      depreciation: { key: 'DEPRECIATION', account: g.DEPRECIATION, name: 'D&A', total: 200 },
      net_income: 300,
      net_income_before_depreciation: 500,
    });
  });

  test('groups never appear beside their children as separate money', async () => {
    const tb = (await o.api().get('/api/v1/reports/trial_balance').expect(200)).body.data;
    expect(tb.accounts.map((r: { name: string }) => r.name)).toEqual(['Bank', 'Vault', 'Capital', 'Fees', 'Van depreciation']);
    expect(tb).toMatchObject({ total_debit: 10_500, total_credit: 10_500, balanced: true });
    const bs = (await o.api().get('/api/v1/reports/balance_sheet').expect(200)).body.data;
    const cash = flatten(bs.assets.accounts).find((n) => n.account === g.CASH) as Node;
    expect(cash.balance).toBe(10_300);
    expect(cash.children.map((c) => c.balance)).toEqual([9_800, 500]);
    expect(bs.assets.total).toBe(10_300); // not 10_300 counted again for each level of the tree
  });

  test('retired accounts stay in the reports; quarantined ones (and what is beneath them) are left out', async () => {
    await o.api().patch(`/api/v1/accounts/${vault}`).send({ status: 'retired' }).expect(200);
    let tb = (await o.api().get('/api/v1/reports/trial_balance').expect(200)).body.data;
    expect(tb.accounts.map((r: { name: string }) => r.name)).toContain('Vault');
    await o.api().patch(`/api/v1/accounts/${vault}`).send({ status: 'quarantined' }).expect(200);
    tb = (await o.api().get('/api/v1/reports/trial_balance').expect(200)).body.data;
    expect(tb.accounts.map((r: { name: string }) => r.name)).not.toContain('Vault');
    expect(tb).toMatchObject({ total_debit: 10_000, total_credit: 10_500, balanced: false });
    let bs = (await o.api().get('/api/v1/reports/balance_sheet').expect(200)).body.data;
    expect(JSON.stringify(bs)).not.toContain(vault);
    expect(bs).toMatchObject({ total_assets: 9_800, total_liabilities_and_equity: 10_300, balanced: false });
    // A quarantined group takes its subtree out with it.
    await o.api().patch(`/api/v1/accounts/${vault}`).send({ status: 'active' }).expect(200);
    await o.api().patch(`/api/v1/accounts/${g.CASH}`).send({ status: 'quarantined' }).expect(200);
    bs = (await o.api().get('/api/v1/reports/balance_sheet').expect(200)).body.data;
    expect(bs.total_assets).toBe(0);
    await o.api().patch(`/api/v1/accounts/${g.CASH}`).send({ status: 'active' }).expect(200);
  });

  test('as_of and periods', async () => {
    const early = (await o.api().get('/api/v1/reports/balance_sheet?as_of=2026-01-31').expect(200)).body.data;
    expect(early).toMatchObject({ as_of: '2026-01-31', total_assets: 10_000, current_earnings: 0, balanced: true });
    const feb = (await o.api().get('/api/v1/reports/income_statement?date_from=2026-02-01&date_to=2026-02-28').expect(200)).body.data;
    expect(feb).toMatchObject({ net_income: 500, income: { total: 500 }, expenses: { total: 0 } });
    const tb = (await o.api().get('/api/v1/reports/trial_balance?as_of=2026-01-01').expect(200)).body.data;
    expect(tb.accounts.map((r: { name: string; debit: number; credit: number }) => [r.name, r.debit, r.credit])).toEqual([
      ['Bank', 10_000, 0],
      ['Capital', 0, 10_000],
    ]);
  });

  test.each([
    ['/reports/trial_balance?as_of=2026-13-01', 'as_of'],
    ['/reports/balance_sheet?as_of=31-01-2026', 'as_of'],
    ['/reports/income_statement?date_from=2026-03-01&date_to=2026-02-01', 'date_from'],
    ['/reports/income_statement?date_to=nope', 'date_to'],
    ['/reports/income_statement?as_of=2026-01-01', 'as_of'],
    ['/reports/trial_balance?date_from=2026-01-01', 'date_from'],
  ])('refuses %s (400 naming %s)', async (path, name) => {
    const res = await o.api().get(`/api/v1${path}`).expect(400);
    expect(res.body.error.message.startsWith(`${name}:`)).toBe(true);
  });

  test('reports need reports:read', async () => {
    const key = await makeKey(l.svc.deps.platformDb, l.org, 'custom', 'accounts:read,entries:read,transactions:read');
    for (const path of ['trial_balance', 'balance_sheet', 'income_statement']) {
      const res = await request(l.svc.baseUrl).get(`/api/v1/reports/${path}`).set(key.headers).expect(403);
      expect(res.body.error.message).toContain('reports:read');
    }
  });

  test('an organization without system groups still gets every account, under the default section names', async () => {
    const { makeOrg } = await import('@finance/platform/testing');
    const { full } = await makeOrg(l.svc.deps.platformDb, 'ledger-unseeded');
    const api = () => request(l.svc.baseUrl);
    const make = async (body: object) => (await api().post('/api/v1/accounts').set(full.headers).send(body).expect(201)).body.data.id;
    const cash = await make({ name: 'Cash', type: 'asset' });
    const eq = await make({ name: 'Capital', type: 'equity' });
    await api()
      .post('/api/v1/transactions')
      .set(full.headers)
      .send({
        date: '2026-01-01',
        entries: [
          { account: cash, debit: 5 },
          { account: eq, credit: 5 },
        ],
      })
      .expect(201);
    const bs = (await api().get('/api/v1/reports/balance_sheet').set(full.headers).expect(200)).body.data;
    expect(bs.assets).toMatchObject({ key: 'ASSETS', account: null, name: 'Assets', total: 5 });
    expect(bs).toMatchObject({ total_liabilities_and_equity: 5, balanced: true });
  });
});
