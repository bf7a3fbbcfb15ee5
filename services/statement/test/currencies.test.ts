import request from 'supertest';
import { makeOrg, type TestKey, type TestService } from '@finance/platform/testing';
import { createAccount, expectValidation, insertRows, startStatement } from './helpers';

/**
 * Amounts of different currencies are never added together: the case (an INR account and a USD account,
 * one expense row each, used to report 1,005) through every report and the categories.
 */
let svc: TestService;
let mixed: TestKey;
let single: TestKey;
let inr: string;
let usd: string;

const WINDOW = 'date_from=2026-01-01&date_to=2026-12-31';
const get = (key: TestKey, path: string) => request(svc.baseUrl).get(`/api/v1${path}`).set(key.headers);

beforeAll(async () => {
  svc = await startStatement();
  const m = await makeOrg(svc.deps.platformDb, 'currencies');
  mixed = m.full;
  inr = (await createAccount(svc, mixed, { name: 'HDFC Savings', category: 'bank', currency: 'INR' })).id;
  usd = (await createAccount(svc, mixed, { name: 'Chase Checking', category: 'bank', currency: 'usd' })).id;
  await insertRows(svc, m.org.id, [
    { account_id: inr, date: '2026-03-05', particulars: 'UPI/SWIGGY', outflow: 1_000_000, type: 'expense', category: 'Food' },
    { account_id: usd, date: '2026-03-06', particulars: 'STARBUCKS SEATTLE WA', outflow: 5_000, type: 'expense', category: 'Food' },
    { account_id: inr, date: '2026-03-07', particulars: 'NEFT SALARY', inflow: 90_000_000, type: 'income', category: 'Salary' },
  ]);
  const s = await makeOrg(svc.deps.platformDb, 'one-currency');
  single = s.full;
  const only = (await createAccount(svc, single, { name: 'SBI', category: 'bank' })).id;
  await insertRows(svc, s.org.id, [{ account_id: only, date: '2026-03-05', particulars: 'UPI/ZOMATO', outflow: 250_500, type: 'expense', category: 'Food' }]);
});
afterAll(async () => {
  await svc.close();
});

describe('reports over accounts in more than one currency', () => {
  it.each(['/reports/expense', '/reports/income', '/reports/liability', '/reports/inflow_outflow', '/categories'])(
    '%s refuses to add across currencies without currency=, naming the currencies found',
    async (path) => {
      const res = await get(mixed, `${path}?${WINDOW}`);
      if (path === '/reports/income' || path === '/reports/liability') {
        // Only INR rows are income, and no row is a liability: nothing to add across, so nothing to refuse.
        expect(res.status).toBe(200);
        return;
      }
      expectValidation(res, 'currency');
      expect(res.body.error.message).toContain('INR, USD');
    },
  );

  it("answers one currency at a time, in the spec's shapes", async () => {
    const inrExpense = await get(mixed, `/reports/expense?${WINDOW}&currency=INR`).expect(200);
    expect(inrExpense.body.data.data).toEqual([{ category: 'Food', '2026-03': { inflow: 0, outflow: 1000, net: -1000, transaction_count: 1 } }]);
    const usdExpense = await get(mixed, `/reports/expense?${WINDOW}&currency=usd`).expect(200);
    expect(usdExpense.body.data.data).toEqual([{ category: 'Food', '2026-03': { inflow: 0, outflow: 5, net: -5, transaction_count: 1 } }]);

    const categories = await get(mixed, `/categories?${WINDOW}&currency=USD`).expect(200);
    expect(categories.body.data.data).toEqual([{ category: 'Food', type: 'expense', count: 1, inflow: 0, outflow: 5 }]);
    expect(categories.body.data.totals).toEqual({ count: 1, inflow: 0, outflow: 5 });

    const flows = await get(mixed, `/reports/inflow_outflow?${WINDOW}&currency=INR`).expect(200);
    expect(flows.body.data.transactions.map((t: { particulars: string }) => t.particulars)).toEqual(['UPI/SWIGGY', 'NEFT SALARY']);
    expect(flows.body.data.transactions[0]).not.toHaveProperty('currency');
  });

  it('needs no currency when the accounts chosen hold one', async () => {
    const res = await get(mixed, `/reports/expense?${WINDOW}&accounts=${usd}`).expect(200);
    expect(res.body.data.data).toEqual([{ category: 'Food', '2026-03': { inflow: 0, outflow: 5, net: -5, transaction_count: 1 } }]);
    expect((await get(mixed, `/categories?${WINDOW}&accounts=${inr}`).expect(200)).body.data.totals).toEqual({ count: 2, inflow: 90000, outflow: 1000 });
  });

  it('refuses a malformed currency', async () => {
    expectValidation(await get(mixed, `/reports/expense?${WINDOW}&currency=RUPEES`), 'currency');
  });

  it('keeps an organization with one currency as simple as before', async () => {
    const res = await get(single, `/reports/expense?${WINDOW}`).expect(200);
    expect(res.body.data.data).toEqual([{ category: 'Food', '2026-03': { inflow: 0, outflow: 250.5, net: -250.5, transaction_count: 1 } }]);
    expect((await get(single, `/categories?${WINDOW}`).expect(200)).body.data.totals).toEqual({ count: 1, inflow: 0, outflow: 250.5 });
    // A currency it does not hold selects nothing.
    expect((await get(single, `/reports/expense?${WINDOW}&currency=USD`).expect(200)).body.data.data).toEqual([]);
  });
});
