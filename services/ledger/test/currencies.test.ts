/**
 * Issue 11, part 1: currencies are never added together. A mixed-currency ledger (INR and USD on the same
 * accounts, and a EUR-only pair) read through every balance and report; accounts pinned to a currency.
 */
import { createAccount, otherOrg, post, prng, startLedger, systemGroups, transfer, type Ledger, type SystemKey } from './helpers';

let l: Ledger;
let bank: string;
let sales: string;
let rent: string;
let loan: string;
let capital: string;
let euroBank: string;
let euroSales: string;

beforeAll(async () => {
  l = await startLedger('ledger-ccy');
  bank = await createAccount(l, { name: 'Bank', type: 'asset', parent: l.groups.CASH });
  sales = await createAccount(l, { name: 'Sales', type: 'income', parent: l.groups.INCOME });
  rent = await createAccount(l, { name: 'Rent', type: 'expense', parent: l.groups.EXPENSES });
  loan = await createAccount(l, { name: 'Loan', type: 'liability', parent: l.groups.NON_CURRENT_LIABILITIES });
  capital = await createAccount(l, { name: 'Capital', type: 'equity', parent: l.groups.EQUITY });
  euroBank = await createAccount(l, { name: 'Euro bank', type: 'asset', parent: l.groups.CASH, currency: 'EUR' });
  euroSales = await createAccount(l, { name: 'Euro sales', type: 'income', parent: l.groups.INCOME, currency: 'EUR' });
  // The reproduction: 1,000.00 INR and 5.00 USD to the same pair of accounts.
  await post(l, transfer(bank, sales, 100_000, { date: '2026-01-10', currency: 'INR' })).expect(201);
  await post(l, transfer(bank, sales, 500, { date: '2026-01-11', currency: 'USD' })).expect(201);
  await post(l, transfer(rent, bank, 30_000, { date: '2026-01-12', currency: 'INR' })).expect(201);
  await post(l, transfer(rent, bank, 100, { date: '2026-01-13', currency: 'USD' })).expect(201);
  await post(l, transfer(bank, loan, 7_000, { date: '2026-01-14', currency: 'USD' })).expect(201);
  await post(l, transfer(bank, capital, 50_000, { date: '2026-01-15', currency: 'INR' })).expect(201);
  await post(l, transfer(euroBank, euroSales, 900, { date: '2026-01-16', currency: 'EUR' })).expect(201);
  // A draft and a void in another currency never count.
  await post(l, transfer(bank, sales, 1, { date: '2026-01-17', currency: 'GBP', status: 'draft' })).expect(201);
});
afterAll(() => l.svc.close());

describe('balances are per currency', () => {
  test('an account holding INR and USD answers a figure per currency, and no figure that adds them', async () => {
    const res = await l.api().get(`/api/v1/accounts/${bank}/balance`).expect(200);
    const d = res.body.data;
    expect(d.currencies).toEqual(['INR', 'USD']);
    expect(d.by_currency).toEqual([
      { currency: 'INR', total_debit: 150_000, total_credit: 30_000, balance: 120_000, entry_count: 3 },
      { currency: 'USD', total_debit: 7_500, total_credit: 100, balance: 7_400, entry_count: 3 },
    ]);
    expect(d).toMatchObject({ currency: null, total_debit: null, total_credit: null, balance: null, entry_count: null, accounts_included: 1 });
    // Never 100,500 (the sum of rupees and dollars) anywhere in the answer.
    expect(JSON.stringify(d)).not.toContain('127400');
  });

  test('a single-currency account answers as before: its figures at the top level, and the same in by_currency', async () => {
    const d = (await l.api().get(`/api/v1/accounts/${euroBank}/balance`).expect(200)).body.data;
    expect(d).toMatchObject({ currency: 'EUR', total_debit: 900, total_credit: 0, balance: 900, entry_count: 1, currencies: ['EUR'] });
    expect(d.by_currency).toEqual([{ currency: 'EUR', total_debit: 900, total_credit: 0, balance: 900, entry_count: 1 }]);
  });

  test('an account without posted entries: zero figures, currency null, no currencies', async () => {
    const empty = await createAccount(l, { name: 'Empty', type: 'asset', parent: l.groups.CASH });
    const d = (await l.api().get(`/api/v1/accounts/${empty}/balance`).expect(200)).body.data;
    expect(d).toMatchObject({ currency: null, total_debit: 0, total_credit: 0, balance: 0, entry_count: 0, currencies: [], by_currency: [] });
  });

  test('a group rolls up per currency: the cash group holds INR, USD and EUR side by side', async () => {
    const d = (await l.api().get(`/api/v1/accounts/${l.groups.CASH}/balance`).expect(200)).body.data;
    expect(d.currencies).toEqual(['EUR', 'INR', 'USD']);
    expect(d.by_currency.map((c: { currency: string; balance: number }) => [c.currency, c.balance])).toEqual([
      ['EUR', 900],
      ['INR', 120_000],
      ['USD', 7_400],
    ]);
    expect(d.balance).toBeNull();
  });

  test('as_of narrows per currency', async () => {
    const d = (await l.api().get(`/api/v1/accounts/${bank}/balance?as_of=2026-01-10`).expect(200)).body.data;
    expect(d).toMatchObject({ currency: 'INR', balance: 100_000, currencies: ['INR'] });
  });
});

describe('reports are per currency', () => {
  test('trial balance: one trial balance per currency, each balanced; top-level figures null when mixed', async () => {
    const d = (await l.api().get('/api/v1/reports/trial_balance').expect(200)).body.data;
    expect(d.currencies).toEqual(['EUR', 'INR', 'USD']);
    expect(d).toMatchObject({ currency: null, accounts: null, total_debit: null, total_credit: null, balanced: true });
    const by = Object.fromEntries(d.by_currency.map((c: { currency: string }) => [c.currency, c]));
    expect(by.INR).toMatchObject({ total_debit: 150_000, total_credit: 150_000, balanced: true });
    expect(by.USD).toMatchObject({ total_debit: 7_500, total_credit: 7_500, balanced: true });
    expect(by.EUR).toMatchObject({ total_debit: 900, total_credit: 900, balanced: true });
    const row = (c: string, account: string) => by[c].accounts.find((r: { account: string }) => r.account === account);
    expect(row('INR', bank)).toMatchObject({ currency: 'INR', debit: 120_000, credit: 0, balance: 120_000 });
    expect(row('USD', bank)).toMatchObject({ currency: 'USD', debit: 7_400, credit: 0, balance: 7_400 });
    expect(row('USD', sales)).toMatchObject({ currency: 'USD', debit: 0, credit: 500, balance: 500 });
    expect(row('EUR', bank)).toBeUndefined();
    // The GBP draft is not posted money: no GBP trial balance.
    expect(by.GBP).toBeUndefined();
  });

  test('balance sheet: per currency, each balanced (assets = liabilities + equity + current earnings)', async () => {
    // Within the fiscal year of the postings (an INR organization's starts on April 1), so every earning is current.
    const d = (await l.api().get('/api/v1/reports/balance_sheet?as_of=2026-03-31').expect(200)).body.data;
    expect(d.currencies).toEqual(['EUR', 'INR', 'USD']);
    expect(d).toMatchObject({ currency: null, assets: null, total_assets: null, balanced: true });
    const by = Object.fromEntries(d.by_currency.map((c: { currency: string }) => [c.currency, c]));
    expect(by.INR).toMatchObject({
      total_assets: 120_000,
      retained_earnings: 0,
      current_earnings: 70_000,
      total_liabilities_and_equity: 120_000,
      balanced: true,
    });
    expect(by.INR.equity.total).toBe(50_000);
    expect(by.USD).toMatchObject({ total_assets: 7_400, current_earnings: 400, total_liabilities_and_equity: 7_400, balanced: true });
    expect(by.USD.liabilities.total).toBe(7_000);
    expect(by.EUR).toMatchObject({ total_assets: 900, current_earnings: 900, balanced: true });
    // Each currency's tree carries only its own money.
    expect(by.USD.assets.accounts[0].balance).toBe(7_400);
  });

  test('income statement: per currency', async () => {
    const d = (await l.api().get('/api/v1/reports/income_statement?date_from=2026-01-01&date_to=2026-12-31').expect(200)).body.data;
    expect(d.currencies).toEqual(['EUR', 'INR', 'USD']);
    expect(d).toMatchObject({ currency: null, income: null, net_income: null, date_from: '2026-01-01' });
    const by = Object.fromEntries(d.by_currency.map((c: { currency: string }) => [c.currency, c]));
    expect(by.INR).toMatchObject({ net_income: 70_000 });
    expect(by.INR.income.total).toBe(100_000);
    expect(by.INR.expenses.total).toBe(30_000);
    expect(by.USD).toMatchObject({ net_income: 400 });
    expect(by.USD.income.total).toBe(500);
    expect(by.EUR.income.total).toBe(900);
  });

  test('a period holding one currency answers it at the top level, as a single-currency organization always sees', async () => {
    const d = (await l.api().get('/api/v1/reports/income_statement?date_from=2026-01-16&date_to=2026-01-16').expect(200)).body.data;
    expect(d).toMatchObject({ currency: 'EUR', currencies: ['EUR'], net_income: 900 });
    expect(d.income.total).toBe(900);
    expect(d.by_currency).toHaveLength(1);
    const { date_from: _f, date_to: _t, fiscal_year: _y, currencies: _c, by_currency: _b, ...top } = d;
    expect(d.by_currency[0]).toEqual(top);
  });

  test('balanced is judged per currency: a quarantined USD account unbalances USD only, and the report says so', async () => {
    const o = await otherOrg(l, 'ccy-unbal');
    const g = await systemGroups(o);
    const b = await createAccount(o, { name: 'B', type: 'asset', parent: g.CASH });
    const q = await createAccount(o, { name: 'Q', type: 'asset', parent: g.CASH });
    const inc = await createAccount(o, { name: 'I', type: 'income', parent: g.INCOME });
    await o
      .api()
      .post('/api/v1/transactions')
      .send(transfer(b, inc, 100, { currency: 'INR' }))
      .expect(201);
    await o
      .api()
      .post('/api/v1/transactions')
      .send(transfer(q, b, 50, { currency: 'USD' }))
      .expect(201);
    await o
      .api()
      .post('/api/v1/transactions')
      .send(transfer(b, inc, 50, { currency: 'USD' }))
      .expect(201);
    await o.api().patch(`/api/v1/accounts/${q}`).send({ status: 'quarantined' }).expect(200);
    const tb = (await o.api().get('/api/v1/reports/trial_balance').expect(200)).body.data;
    const by = Object.fromEntries(tb.by_currency.map((c: { currency: string; balanced: boolean }) => [c.currency, c.balanced]));
    expect(by).toEqual({ INR: true, USD: false });
    expect(tb.balanced).toBe(false);
    const bs = (await o.api().get('/api/v1/reports/balance_sheet').expect(200)).body.data;
    expect(Object.fromEntries(bs.by_currency.map((c: { currency: string; balanced: boolean }) => [c.currency, c.balanced]))).toEqual({ INR: true, USD: false });
    expect(bs.balanced).toBe(false);
  });

  test('an empty ledger: zero figures, currency null, balanced', async () => {
    const o = await otherOrg(l, 'ccy-empty');
    const tb = (await o.api().get('/api/v1/reports/trial_balance').expect(200)).body.data;
    expect(tb).toMatchObject({ currency: null, currencies: [], by_currency: [], accounts: [], total_debit: 0, total_credit: 0, balanced: true });
    const bs = (await o.api().get('/api/v1/reports/balance_sheet').expect(200)).body.data;
    expect(bs).toMatchObject({ currency: null, currencies: [], total_assets: 0, balanced: true });
    const is = (await o.api().get('/api/v1/reports/income_statement').expect(200)).body.data;
    expect(is).toMatchObject({ currency: null, currencies: [], net_income: 0 });
  });
});

describe('accounts pinned to a currency', () => {
  test('currency on create and PATCH; null unpins; shown on the account', async () => {
    const id = await createAccount(l, { name: 'USD wallet', type: 'asset', parent: l.groups.CASH, currency: 'USD' });
    expect((await l.api().get(`/api/v1/accounts/${id}`).expect(200)).body.data.currency).toBe('USD');
    expect((await l.api().patch(`/api/v1/accounts/${id}`).send({ currency: 'EUR' }).expect(200)).body.data.currency).toBe('EUR');
    expect((await l.api().patch(`/api/v1/accounts/${id}`).send({ currency: null }).expect(200)).body.data.currency).toBeNull();
    for (const bad of ['usd', 'US', 'DOLLAR', 5]) {
      const res = await l.api().post('/api/v1/accounts').send({ name: 'x', type: 'asset', currency: bad }).expect(400);
      expect(res.body.error.details[0].path).toBe('currency');
    }
  });

  test('an entry in another currency on a pinned account is 422 CURRENCY_MISMATCH naming the entry; nothing is written', async () => {
    const before = (await l.svc.deps.pool.query('SELECT count(*)::int AS n FROM ledger.transactions WHERE org_id = $1', [l.org.id])).rows[0].n;
    const res = await post(l, {
      date: '2026-02-01',
      currency: 'INR',
      entries: [
        { account: bank, debit: 5 },
        { account: euroSales, credit: 5 },
      ],
    }).expect(422);
    expect(res.body.error.code).toBe('CURRENCY_MISMATCH');
    expect(res.body.error.details).toEqual([{ path: 'entries[1].account', message: expect.stringContaining('pinned to EUR') }]);
    expect(res.body.error.message).toContain('entries[1].account');
    // Drafts too (rules 3 and 4 apply to drafts).
    const draft = await post(l, { date: '2026-02-01', status: 'draft', currency: 'USD', entries: [{ account: euroBank, debit: 5 }] }).expect(422);
    expect(draft.body.error.code).toBe('CURRENCY_MISMATCH');
    const after = (await l.svc.deps.pool.query('SELECT count(*)::int AS n FROM ledger.transactions WHERE org_id = $1', [l.org.id])).rows[0].n;
    expect(after).toBe(before);
    // The account rules come first, in the contract's order.
    const retired = await createAccount(l, { name: 'Retired EUR', type: 'asset', parent: l.groups.CASH, currency: 'EUR' });
    await l.api().patch(`/api/v1/accounts/${retired}`).send({ status: 'retired' }).expect(200);
    const both = await post(l, {
      date: '2026-02-01',
      currency: 'INR',
      entries: [
        { account: retired, debit: 5 },
        { account: euroSales, credit: 5 },
      ],
    }).expect(422);
    expect(both.body.error.code).toBe('ACCOUNT_NOT_POSTABLE');
  });

  test('a draft cannot change its currency away from its pinned accounts, nor post once they are pinned otherwise', async () => {
    const d = await post(l, {
      date: '2026-02-02',
      status: 'draft',
      currency: 'EUR',
      entries: [
        { account: euroBank, debit: 5 },
        { account: euroSales, credit: 5 },
      ],
    }).expect(201);
    const res = await l.api().patch(`/api/v1/transactions/${d.body.data.id}`).send({ currency: 'USD' }).expect(422);
    expect(res.body.error.code).toBe('CURRENCY_MISMATCH');
    expect(res.body.error.details[0].path).toBe('entries[0].account');
    await l.api().patch(`/api/v1/transactions/${d.body.data.id}`).send({ narration: 'still EUR' }).expect(200);
    await l.api().patch(`/api/v1/transactions/${d.body.data.id}`).send({ status: 'posted' }).expect(200);
  });

  test('pinning an account that carries entries in another currency is 422; system groups are never pinned', async () => {
    const res = await l.api().patch(`/api/v1/accounts/${bank}`).send({ currency: 'INR' }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'CURRENCY_MISMATCH', details: [{ path: 'currency', message: expect.stringContaining('USD') }] });
    // Pinned to the one currency it holds: fine.
    await l.api().patch(`/api/v1/accounts/${capital}`).send({ currency: 'INR' }).expect(200);
    const sys = await l.api().patch(`/api/v1/accounts/${l.groups.CASH}`).send({ currency: 'INR' }).expect(409);
    expect(sys.body.error.code).toBe('SYSTEM_ACCOUNT_LOCKED');
    await l.api().patch(`/api/v1/accounts/${l.groups.CASH}`).send({ currency: null }).expect(200);
  });

  test('the entries carry their transaction currency, and follow a draft currency edit', async () => {
    const d = await post(l, {
      date: '2026-02-03',
      status: 'draft',
      currency: 'JPY',
      entries: [
        { account: bank, debit: 5 },
        { account: sales, credit: 5 },
      ],
    }).expect(201);
    await l.api().patch(`/api/v1/transactions/${d.body.data.id}`).send({ currency: 'CHF' }).expect(200);
    const rows = (await l.svc.deps.pool.query('SELECT DISTINCT currency FROM ledger.entries WHERE transaction_id = $1', [d.body.data.id])).rows;
    expect(rows).toEqual([{ currency: 'CHF' }]);
  });
});

describe('on a generated mixed-currency ledger', () => {
  type Type = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
  const DEBIT_NORMAL = new Set<Type>(['asset', 'expense']);

  test.each([7, 8])('seed %i: every figure of every report and balance, per currency, matches the postings', async (seed) => {
    const rnd = prng(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    const o = await otherOrg(l, `ccy-gen-${seed}`);
    const g = await systemGroups(o);
    const types = new Map<string, Type>();
    const leaves: string[] = [];
    for (const [type, key] of [
      ['asset', 'CASH'],
      ['asset', 'RECEIVABLES'],
      ['liability', 'PAYABLES'],
      ['equity', 'EQUITY'],
      ['income', 'INCOME'],
      ['expense', 'EXPENSES'],
      ['expense', 'DEPRECIATION'],
    ] as [Type, SystemKey][]) {
      for (let i = 0; i < 2; i++) {
        const id = await createAccount(o, { name: `${key} ${i}`, type, parent: g[key] });
        types.set(id, type);
        leaves.push(id);
      }
    }
    const currencies = ['EUR', 'INR', 'USD'];
    const posted: { date: string; currency: string; lines: { account: string; debit: number; credit: number }[] }[] = [];
    for (let n = 0; n < 45; n++) {
      const date = `2026-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
      const currency = pick(currencies);
      const amount = 1 + Math.floor(rnd() * 1_000_000);
      const debit = pick(leaves);
      let credit = pick(leaves);
      if (credit === debit) credit = leaves[(leaves.indexOf(debit) + 1) % leaves.length] as string;
      const lines = [
        { account: debit, debit: amount, credit: 0 },
        { account: credit, debit: 0, credit: amount },
      ];
      await o
        .api()
        .post('/api/v1/transactions')
        .send({
          date,
          currency,
          entries: [
            { account: debit, debit: amount },
            { account: credit, credit: amount },
          ],
        })
        .expect(201);
      posted.push({ date, currency, lines });
    }
    const expected = (currency: string, from = '0000', to = '9999') => {
      const out = new Map<string, number>();
      for (const p of posted) {
        if (p.currency !== currency || p.date < from || p.date > to) continue;
        for (const x of p.lines) {
          const sign = DEBIT_NORMAL.has(types.get(x.account) as Type) ? x.debit - x.credit : x.credit - x.debit;
          out.set(x.account, (out.get(x.account) ?? 0) + sign);
        }
      }
      return out;
    };
    const total = (b: Map<string, number>, type: Type) => [...b].filter(([id]) => types.get(id) === type).reduce((s, [, v]) => s + v, 0);
    const inScope = (pred: (p: (typeof posted)[number]) => boolean) => [...new Set(posted.filter(pred).map((p) => p.currency))].sort();

    const bs = (await o.api().get('/api/v1/reports/balance_sheet?as_of=2026-08-31').expect(200)).body.data;
    const tb = (await o.api().get('/api/v1/reports/trial_balance?as_of=2026-08-31').expect(200)).body.data;
    expect(bs.currencies).toEqual(inScope((p) => p.date <= '2026-08-31'));
    expect(tb.currencies).toEqual(bs.currencies);
    expect(bs.balanced).toBe(true);
    expect(tb.balanced).toBe(true);
    for (const [i, currency] of bs.currencies.entries()) {
      const b = expected(currency as string, '0000', '2026-08-31');
      const sheet = bs.by_currency[i];
      const earnings = total(b, 'income') - total(b, 'expense');
      const before = expected(currency as string, '0000', '2026-03-31');
      const retained = total(before, 'income') - total(before, 'expense');
      expect(sheet).toMatchObject({
        currency,
        total_assets: total(b, 'asset'),
        retained_earnings: retained,
        current_earnings: earnings - retained,
        balanced: true,
      });
      expect(sheet.total_liabilities_and_equity).toBe(total(b, 'liability') + total(b, 'equity') + earnings);
      const trial = tb.by_currency[i];
      expect(trial).toMatchObject({ currency, balanced: true });
      expect(trial.total_debit).toBe(trial.total_credit);
      for (const row of trial.accounts) expect(row).toMatchObject({ currency, balance: b.get(row.account) ?? 0 });
      // The balance endpoint agrees, account by account and for the groups.
      const cash = (await o.api().get(`/api/v1/accounts/${g.CASH}/balance?as_of=2026-08-31`).expect(200)).body.data;
      const cashFigure = cash.by_currency.find((c: { currency: string }) => c.currency === currency);
      const cashExpected = leaves
        .filter((id) => types.get(id) === 'asset')
        .slice(0, 2)
        .reduce((s, id) => s + (b.get(id) ?? 0), 0);
      expect(cashFigure?.balance ?? 0).toBe(cashExpected);
    }
    const is = (await o.api().get('/api/v1/reports/income_statement?date_from=2026-04-01&date_to=2026-09-30').expect(200)).body.data;
    expect(is.currencies).toEqual(
      inScope((p) => p.date >= '2026-04-01' && p.date <= '2026-09-30' && p.lines.some((x) => ['income', 'expense'].includes(types.get(x.account) as string))),
    );
    for (const [i, currency] of is.currencies.entries()) {
      const b = expected(currency as string, '2026-04-01', '2026-09-30');
      expect(is.by_currency[i]).toMatchObject({ currency, net_income: total(b, 'income') - total(b, 'expense') });
      expect(is.by_currency[i].income.total).toBe(total(b, 'income'));
      expect(is.by_currency[i].expenses.total).toBe(total(b, 'expense'));
    }
    for (const leaf of leaves) {
      const bal = (await o.api().get(`/api/v1/accounts/${leaf}/balance`).expect(200)).body.data;
      const want = currencies.map((c) => [c, expected(c).get(leaf)]).filter(([, v]) => v !== undefined);
      expect(bal.by_currency.map((c: { currency: string; balance: number }) => [c.currency, c.balance])).toEqual(want);
      if (want.length === 1) expect(bal.balance).toBe(want[0]?.[1]);
      if (want.length > 1) expect(bal.balance).toBeNull();
    }
  });
});
