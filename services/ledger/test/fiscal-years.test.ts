/**
 * Issue 24: fiscal years. The balance sheet splits earnings at the start of the fiscal year containing as_of
 * (retained before, current from it), the income statement takes fiscal_year, the income statement and the trial
 * balance compare with the previous period or year. Hand-worked figures across a fiscal-year boundary, in both
 * default calendars (April 1 for a base currency of INR, January 1 otherwise), with two currencies.
 */
import { createAccount, otherOrg, startLedger, systemGroups, transfer, type Ledger } from './helpers';

let l: Ledger;
beforeAll(async () => {
  l = await startLedger('ledger-fy');
});
afterAll(() => l.svc.close());

type Api = Awaited<ReturnType<typeof otherOrg>>['api'];

/**
 * The same books in an organization of its own:
 *   INR  2024-04-01  Bank 500,000 / Capital            (capital)
 *        2024-06-15  Bank 300,000 / Sales
 *        2025-01-10  Rent 120,000 / Bank
 *        2025-03-31  Bank  50,000 / Sales              (the last day of India's FY 2025)
 *        2025-04-01  Rent  40,000 / Bank               (the first day of FY 2026)
 *        2025-05-20  Bank 200,000 / Sales
 *   USD  2024-12-01  Wise  10,000 / Sales
 *        2025-03-15  Rent   2,500 / Wise
 *        2025-04-10  Wise   4,000 / Sales
 */
async function books(prefix: string) {
  const o = await otherOrg(l, prefix);
  const g = await systemGroups(o);
  const bank = await createAccount(o, { name: 'Bank', type: 'asset', parent: g.CASH, currency: 'INR' });
  const wise = await createAccount(o, { name: 'Wise USD', type: 'asset', parent: g.CASH, currency: 'USD' });
  const capital = await createAccount(o, { name: 'Capital', type: 'equity', parent: g.EQUITY });
  const sales = await createAccount(o, { name: 'Sales', type: 'income', parent: g.INCOME });
  const rent = await createAccount(o, { name: 'Rent', type: 'expense', parent: g.EXPENSES });
  const post = (date: string, currency: string, debit: string, credit: string, amount: number) =>
    o
      .api()
      .post('/api/v1/transactions')
      .send(transfer(debit, credit, amount, { date, currency }))
      .expect(201);
  await post('2024-04-01', 'INR', bank, capital, 500_000);
  await post('2024-06-15', 'INR', bank, sales, 300_000);
  await post('2025-01-10', 'INR', rent, bank, 120_000);
  await post('2025-03-31', 'INR', bank, sales, 50_000);
  await post('2025-04-01', 'INR', rent, bank, 40_000);
  await post('2025-05-20', 'INR', bank, sales, 200_000);
  await post('2024-12-01', 'USD', wise, sales, 10_000);
  await post('2025-03-15', 'USD', rent, wise, 2_500);
  await post('2025-04-10', 'USD', wise, sales, 4_000);
  // Neither a draft nor a void counts, on either side of the boundary.
  await o
    .api()
    .post('/api/v1/transactions')
    .send({ date: '2025-03-30', status: 'draft', entries: [{ account: bank, debit: 9 }] })
    .expect(201);
  const voided = await post('2025-04-02', 'INR', bank, sales, 7_777);
  await o.api().patch(`/api/v1/transactions/${voided.body.data.id}`).send({ status: 'void' }).expect(200);
  return { o, bank, wise, capital, sales, rent };
}

type Sheet = { currency: string; retained_earnings: number; current_earnings: number; total_assets: number; total_liabilities_and_equity: number };
async function sheet(api: Api, asOf: string) {
  const d = (await api().get(`/api/v1/reports/balance_sheet?as_of=${asOf}`).expect(200)).body.data;
  const by = Object.fromEntries(d.by_currency.map((c: Sheet) => [c.currency, c])) as Record<string, Sheet & { equity: { total: number }; balanced: boolean }>;
  return { d, by };
}

describe('an INR organization: the fiscal year starts on April 1', () => {
  let b: Awaited<ReturnType<typeof books>>;
  beforeAll(async () => {
    b = await books('fy-inr');
  });

  test('settings: base currency INR, April 1 by default', async () => {
    const s = (await b.o.api().get('/api/v1/settings').expect(200)).body.data;
    expect(s).toMatchObject({
      base_currency: 'INR',
      fiscal_year_start_month: 4,
      fiscal_year_start_day: 1,
      fiscal_year_start_default: true,
      closed_through: null,
    });
  });

  test('the last day of FY 2025: everything is current earnings', async () => {
    const { d, by } = await sheet(b.o.api, '2025-03-31');
    expect(d).toMatchObject({ as_of: '2025-03-31', fiscal_year: 2025, fiscal_year_start: '2024-04-01', currencies: ['INR', 'USD'], balanced: true });
    // Two currencies: the top level holds no figure (never a sum across currencies).
    expect(d).toMatchObject({ currency: null, retained_earnings: null, current_earnings: null });
    // INR: 300,000 + 50,000 of sales less 120,000 of rent; the bank holds 500,000 + 300,000 - 120,000 + 50,000.
    expect(by.INR).toMatchObject({
      retained_earnings: 0,
      current_earnings: 230_000,
      total_assets: 730_000,
      total_liabilities_and_equity: 730_000,
      balanced: true,
    });
    expect(by.USD).toMatchObject({ retained_earnings: 0, current_earnings: 7_500, total_assets: 7_500, total_liabilities_and_equity: 7_500, balanced: true });
  });

  test('the first day of FY 2026: FY 2025 is retained, the day is current', async () => {
    const { d, by } = await sheet(b.o.api, '2025-04-01');
    expect(d).toMatchObject({ fiscal_year: 2026, fiscal_year_start: '2025-04-01', balanced: true });
    expect(by.INR).toMatchObject({ retained_earnings: 230_000, current_earnings: -40_000, total_assets: 690_000, total_liabilities_and_equity: 690_000 });
    expect(by.INR?.equity.total).toBe(500_000);
    expect(by.USD).toMatchObject({ retained_earnings: 7_500, current_earnings: 0, total_assets: 7_500 });
  });

  test('later in FY 2026', async () => {
    const { by } = await sheet(b.o.api, '2025-06-30');
    expect(by.INR).toMatchObject({ retained_earnings: 230_000, current_earnings: 160_000, total_assets: 890_000, total_liabilities_and_equity: 890_000 });
    expect(by.USD).toMatchObject({ retained_earnings: 7_500, current_earnings: 4_000, total_assets: 11_500, total_liabilities_and_equity: 11_500 });
  });

  test('a single-currency answer keeps its fields at the top level, with both earnings', async () => {
    const d = (await b.o.api().get('/api/v1/reports/balance_sheet?as_of=2024-11-30').expect(200)).body.data;
    expect(d).toMatchObject({ currency: 'INR', currencies: ['INR'], retained_earnings: 0, current_earnings: 300_000, total_assets: 800_000, balanced: true });
  });

  test('the income statement by fiscal year, and compared with the previous one', async () => {
    const fy25 = (await b.o.api().get('/api/v1/reports/income_statement?fiscal_year=2025').expect(200)).body.data;
    expect(fy25).toMatchObject({ date_from: '2024-04-01', date_to: '2025-03-31', fiscal_year: 2025, currencies: ['INR', 'USD'] });
    expect(fy25.compare).toBeUndefined();
    const net = (d: { by_currency: { currency: string; net_income: number }[] }) => Object.fromEntries(d.by_currency.map((c) => [c.currency, c.net_income]));
    expect(net(fy25)).toEqual({ INR: 230_000, USD: 7_500 });

    const fy26 = (await b.o.api().get('/api/v1/reports/income_statement?fiscal_year=2026&compare=previous_period').expect(200)).body.data;
    expect(fy26).toMatchObject({
      date_from: '2025-04-01',
      date_to: '2026-03-31',
      fiscal_year: 2026,
      compare: 'previous_period',
      previous_date_from: '2024-04-01',
      previous_date_to: '2025-03-31',
    });
    const inr = fy26.by_currency.find((c: { currency: string }) => c.currency === 'INR');
    expect(inr).toMatchObject({
      net_income: 160_000,
      previous_net_income: 230_000,
      net_income_before_depreciation: 160_000,
      previous_net_income_before_depreciation: 230_000,
    });
    expect(inr.income).toMatchObject({ total: 200_000, previous_total: 350_000 });
    expect(inr.expenses).toMatchObject({ total: 40_000, previous_total: 120_000 });
    expect(inr.depreciation).toMatchObject({ total: 0, previous_total: 0 });
    // Every node carries both figures, side by side.
    const salesNode = inr.income.accounts[0].children.find((n: { account: string }) => n.account === b.sales);
    expect(salesNode).toMatchObject({ balance: 200_000, previous_balance: 350_000 });
    const usd = fy26.by_currency.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd).toMatchObject({ net_income: 4_000, previous_net_income: 7_500 });

    // The same period a year earlier is the previous fiscal year too, here; before FY 2025 there is nothing.
    const yearEarlier = (await b.o.api().get('/api/v1/reports/income_statement?fiscal_year=2025&compare=previous_year').expect(200)).body.data;
    expect(yearEarlier).toMatchObject({ previous_date_from: '2023-04-01', previous_date_to: '2024-03-31' });
    expect(yearEarlier.by_currency.map((c: { previous_net_income: number }) => c.previous_net_income)).toEqual([0, 0]);
  });

  test('a month compared with the previous month and with the same month a year earlier', async () => {
    const april = (await b.o.api().get('/api/v1/reports/income_statement?date_from=2025-04-01&date_to=2025-04-30&compare=previous_period').expect(200)).body
      .data;
    expect(april).toMatchObject({ fiscal_year: null, previous_date_from: '2025-03-01', previous_date_to: '2025-03-31' });
    const inr = april.by_currency.find((c: { currency: string }) => c.currency === 'INR');
    expect(inr).toMatchObject({ net_income: -40_000, previous_net_income: 50_000 });
    const usd = april.by_currency.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd).toMatchObject({ net_income: 4_000, previous_net_income: -2_500 });
    const june = (await b.o.api().get('/api/v1/reports/income_statement?date_from=2025-06-01&date_to=2025-06-30&compare=previous_year').expect(200)).body.data;
    // June 2024 held the INR sale of 300,000 only: one currency in scope, at the top level, both columns.
    expect(june).toMatchObject({
      previous_date_from: '2024-06-01',
      previous_date_to: '2024-06-30',
      currency: 'INR',
      net_income: 0,
      previous_net_income: 300_000,
    });
  });

  test('the trial balance compared with a month earlier and a year earlier', async () => {
    const tb = (await b.o.api().get('/api/v1/reports/trial_balance?as_of=2025-04-30&compare=previous_period').expect(200)).body.data;
    expect(tb).toMatchObject({ as_of: '2025-04-30', compare: 'previous_period', previous_as_of: '2025-03-31', balanced: true, previous_balanced: true });
    const inr = tb.by_currency.find((c: { currency: string }) => c.currency === 'INR');
    const row = (id: string) => inr.accounts.find((r: { account: string }) => r.account === id);
    expect(row(b.bank)).toMatchObject({ debit: 690_000, credit: 0, previous_debit: 730_000, previous_credit: 0, balance: 690_000, previous_balance: 730_000 });
    expect(row(b.rent)).toMatchObject({ debit: 160_000, previous_debit: 120_000 });
    expect(inr).toMatchObject({
      total_debit: 850_000,
      total_credit: 850_000,
      previous_total_debit: 850_000,
      previous_total_credit: 850_000,
      previous_balanced: true,
    });

    const yearAgo = (await b.o.api().get('/api/v1/reports/trial_balance?as_of=2025-06-30&compare=previous_year').expect(200)).body.data;
    expect(yearAgo).toMatchObject({ previous_as_of: '2024-06-30' });
    const inr2 = yearAgo.by_currency.find((c: { currency: string }) => c.currency === 'INR');
    // Rent has no entry by 2024-06-30: its row is there with zeros in the previous column.
    expect(inr2.accounts.find((r: { account: string }) => r.account === b.rent)).toMatchObject({ debit: 160_000, previous_debit: 0, previous_credit: 0 });
    expect(inr2).toMatchObject({ previous_total_debit: 800_000, previous_total_credit: 800_000 });
    const usd = yearAgo.by_currency.find((c: { currency: string }) => c.currency === 'USD');
    expect(usd).toMatchObject({ previous_total_debit: 0, previous_total_credit: 0, previous_balanced: true });
    // Without compare, nothing of it.
    const plain = (await b.o.api().get('/api/v1/reports/trial_balance?as_of=2025-06-30').expect(200)).body.data;
    expect(JSON.stringify(plain)).not.toContain('previous_');
  });

  test('a fiscal year start of its own (July 1) moves the split', async () => {
    const o = await books('fy-july');
    const s = (await o.o.api().patch('/api/v1/settings').send({ fiscal_year_start_month: 7, fiscal_year_start_day: 1 }).expect(200)).body.data;
    expect(s).toMatchObject({ base_currency: 'INR', fiscal_year_start_month: 7, fiscal_year_start_day: 1, fiscal_year_start_default: false });
    // FY 2025 runs 2024-07-01 to 2025-06-30: the June 2024 sale is retained.
    const { d, by } = await sheet(o.o.api, '2025-04-01');
    expect(d).toMatchObject({ fiscal_year: 2025, fiscal_year_start: '2024-07-01' });
    expect(by.INR).toMatchObject({ retained_earnings: 300_000, current_earnings: -110_000, total_assets: 690_000 });
    const fy = (await o.o.api().get('/api/v1/reports/income_statement?fiscal_year=2025').expect(200)).body.data;
    expect(fy).toMatchObject({ date_from: '2024-07-01', date_to: '2025-06-30' });
    // Back to the default.
    const back = (await o.o.api().patch('/api/v1/settings').send({ fiscal_year_start_month: null, fiscal_year_start_day: null }).expect(200)).body.data;
    expect(back).toMatchObject({ fiscal_year_start_month: 4, fiscal_year_start_day: 1, fiscal_year_start_default: true });
  });
});

describe('a USD organization: the fiscal year is the calendar year', () => {
  let b: Awaited<ReturnType<typeof books>>;
  beforeAll(async () => {
    b = await books('fy-usd');
    const s = (await b.o.api().patch('/api/v1/settings').send({ base_currency: 'USD' }).expect(200)).body.data;
    expect(s).toMatchObject({ base_currency: 'USD', fiscal_year_start_month: 1, fiscal_year_start_day: 1, fiscal_year_start_default: true });
  });

  test('the last day of 2024 and the first of 2025', async () => {
    const dec = await sheet(b.o.api, '2024-12-31');
    expect(dec.d).toMatchObject({ fiscal_year: 2024, fiscal_year_start: '2024-01-01', balanced: true });
    expect(dec.by.INR).toMatchObject({ retained_earnings: 0, current_earnings: 300_000, total_assets: 800_000 });
    expect(dec.by.USD).toMatchObject({ retained_earnings: 0, current_earnings: 10_000, total_assets: 10_000 });
    const jan = await sheet(b.o.api, '2025-01-01');
    expect(jan.d).toMatchObject({ fiscal_year: 2025, fiscal_year_start: '2025-01-01', balanced: true });
    expect(jan.by.INR).toMatchObject({ retained_earnings: 300_000, current_earnings: 0, total_assets: 800_000, total_liabilities_and_equity: 800_000 });
    expect(jan.by.USD).toMatchObject({ retained_earnings: 10_000, current_earnings: 0 });
  });

  test("across India's boundary nothing moves: March and April 2025 are the same fiscal year", async () => {
    const mar = await sheet(b.o.api, '2025-03-31');
    expect(mar.by.INR).toMatchObject({ retained_earnings: 300_000, current_earnings: -70_000, total_assets: 730_000 });
    expect(mar.by.USD).toMatchObject({ retained_earnings: 10_000, current_earnings: -2_500, total_assets: 7_500 });
    const jun = await sheet(b.o.api, '2025-06-30');
    expect(jun.d).toMatchObject({ fiscal_year: 2025, balanced: true });
    expect(jun.by.INR).toMatchObject({ retained_earnings: 300_000, current_earnings: 90_000, total_assets: 890_000, total_liabilities_and_equity: 890_000 });
    expect(jun.by.USD).toMatchObject({ retained_earnings: 10_000, current_earnings: 1_500, total_assets: 11_500, total_liabilities_and_equity: 11_500 });
  });

  test('fiscal_year=2025 is the calendar year, compared with 2024', async () => {
    const d = (await b.o.api().get('/api/v1/reports/income_statement?fiscal_year=2025&compare=previous_year').expect(200)).body.data;
    expect(d).toMatchObject({ date_from: '2025-01-01', date_to: '2025-12-31', previous_date_from: '2024-01-01', previous_date_to: '2024-12-31' });
    const by = Object.fromEntries(d.by_currency.map((c: { currency: string }) => [c.currency, c]));
    expect(by.INR).toMatchObject({ net_income: 90_000, previous_net_income: 300_000 });
    expect(by.USD).toMatchObject({ net_income: 1_500, previous_net_income: 10_000 });
  });
});

describe('bad input is a 400 naming the field, and changes nothing', () => {
  test('report parameters', async () => {
    const bad = async (path: string, field: string) => {
      const res = await l.api().get(path).expect(400);
      expect(res.body.error.details[0].path).toBe(field);
    };
    await bad('/api/v1/reports/income_statement?fiscal_year=2025&date_from=2025-01-01', 'fiscal_year');
    await bad('/api/v1/reports/income_statement?fiscal_year=twenty', 'fiscal_year');
    await bad('/api/v1/reports/income_statement?compare=previous_year', 'compare');
    await bad('/api/v1/reports/income_statement?date_from=2025-01-01&compare=previous_year', 'compare');
    await bad('/api/v1/reports/income_statement?date_from=2025-01-01&date_to=2025-01-31&compare=last_week', 'compare');
    await bad('/api/v1/reports/trial_balance?compare=previous_period', 'compare');
    await bad('/api/v1/reports/trial_balance?as_of=0001-01-31&compare=previous_year', 'compare');
    // India's FY 1 would start in the year 0, which the API's dates do not hold.
    await bad('/api/v1/reports/income_statement?fiscal_year=1', 'fiscal_year');
    await bad('/api/v1/reports/balance_sheet?compare=previous_year', 'compare');
  });

  test('settings', async () => {
    const before = (await l.api().get('/api/v1/settings').expect(200)).body.data;
    const bad = async (body: unknown, field: string) => {
      const res = await l
        .api()
        .patch('/api/v1/settings')
        .send(body as object)
        .expect(400);
      expect(res.body.error.details[0].path).toBe(field);
    };
    await bad({ fiscal_year_start_month: 2, fiscal_year_start_day: 29 }, 'fiscal_year_start_day');
    await bad({ fiscal_year_start_month: 4, fiscal_year_start_day: 31 }, 'fiscal_year_start_day');
    await bad({ fiscal_year_start_month: 13, fiscal_year_start_day: 1 }, 'fiscal_year_start_month');
    await bad({ fiscal_year_start_month: 4 }, 'fiscal_year_start_day');
    await bad({ fiscal_year_start_day: 1 }, 'fiscal_year_start_month');
    await bad({ fiscal_year_start_month: 4, fiscal_year_start_day: null }, 'fiscal_year_start_day');
    await bad({ fiscal_year_start_month: 4.5, fiscal_year_start_day: 1 }, 'fiscal_year_start_month');
    await bad({ base_currency: 'usd' }, 'base_currency');
    await bad({ closed_through: '2025-03-31' }, 'closed_through');
    await bad({}, 'body');
    expect((await l.api().get('/api/v1/settings').expect(200)).body.data).toEqual(before);
  });
});
