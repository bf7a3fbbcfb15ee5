import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import { hdfcCsv, toCsv, type FixtureRow } from '@finance/statement-readers/testing';
import { expectValidation } from './helpers';
import { apiAs, countStatements, type PipelineHarness, startPipeline, upload, waitForStatement } from './pipeline-helpers';

/**
 * Issue 30, "statements never duplicate rows": re-uploads, overlapping statements, the same bytes twice, and a
 * corrected statement replacing an earlier one, end to end over HTTP with the real worker.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('reupload');
});
afterAll(async () => {
  await h.close();
});

const api = (key: TestKey) => apiAs(h.svc, key);

const ACC_NO = '50100098765432';
const row = (date: string, particulars: string, withdrawal: string, deposit: string, balance: string): FixtureRow => ({
  date,
  particulars,
  withdrawal,
  deposit,
  balance,
});

/** April 2024 of one account, opening at 10,000.00; the rent row's printed balance is the one a bank gets wrong. */
const APRIL: FixtureRow[] = [
  row('01/04/24', 'UPI/401/SWIGGY/food', '250.00', '', '9,750.00'),
  row('02/04/24', 'NEFT/402/ACME TECHNOLOGIES/SALARY', '', '1,20,000.50', '1,29,750.50'),
  row('03/04/24', 'RENT/403/LANDLORD', '28,000.00', '', '1,01,750.50'),
  row('04/04/24', 'ATM WDL/MUMBAI', '2,000.00', '', '99,750.50'),
  row('05/04/24', 'UPI/405/UBER/ride', '150.00', '', '99,600.50'),
];
const MISPRINTED = APRIL.map((r) => (r.particulars.startsWith('RENT') ? { ...r, balance: '1,01,705.50' } : r));

async function uploaded(key: TestKey, file: Buffer, name: string, fields: { account_id?: string; replaces?: string } = {}) {
  const res = await upload(h.svc, key, file, name, fields);
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForStatement(h.svc, key, res.body.data.id);
}

/** Uploads the file with the misprinted balance, which stalls with BALANCE_MISMATCH, and accepts its rows. */
async function acceptedMisprint(key: TestKey) {
  const stalled = await uploaded(key, hdfcCsv(MISPRINTED, { accNo: ACC_NO }), 'april.csv');
  expect(stalled).toMatchObject({ status: 'stalled', error: { code: 'BALANCE_MISMATCH' } });
  await api(key).post(`/statements/${stalled.id}/accept`, {}).expect(202);
  const done = await waitForStatement(h.svc, key, stalled.id);
  expect(done).toMatchObject({ status: 'completed', transaction_count: 5 });
  return done;
}

async function rowsOf(key: TestKey, query: string) {
  const res = await api(key).get(`/transactions?limit=500&sort_order=ASC&${query}`).expect(200);
  return res.body.data as Record<string, unknown>[];
}

/** Everything a user reads the account's money from: the list, search, the flow report, categories, the balance. */
async function figures(key: TestKey, accountId: string) {
  const [list, search, flow, categories, balance] = await Promise.all([
    api(key).get('/transactions?limit=500&sort_order=ASC').expect(200),
    api(key).post('/transactions/search', { conditions: [], limit: 500 }).expect(200),
    api(key).get('/reports/inflow_outflow?date_from=2024-04-01&date_to=2024-04-30').expect(200),
    api(key).get('/categories?date_from=2024-04-01&date_to=2024-04-30').expect(200),
    api(key).get(`/accounts/${accountId}/balance?as_of=2024-04-30`).expect(200),
  ]);
  const rows = list.body.data.map((r: Record<string, unknown>) => [r.date, r.particulars, r.inflow, r.outflow]);
  return {
    rows,
    total: list.body.page_context.total,
    search: search.body.page_context.total,
    flow: flow.body,
    categories: categories.body,
    balance: balance.body,
  };
}

/** The trigger-kept day totals agree with the rows they sum. */
async function expectDayTotalsRight(accountId: string) {
  const res = await h.svc.deps.pool.query(
    `SELECT (SELECT coalesce(json_agg(x ORDER BY x.date), '[]') FROM (
               SELECT date::text, inflow::text, outflow::text, transaction_count AS n FROM statement.account_day_totals
               WHERE account_id = $1 AND transaction_count <> 0) x) AS kept,
            (SELECT coalesce(json_agg(y ORDER BY y.date), '[]') FROM (
               SELECT date::text, sum(inflow)::text AS inflow, sum(outflow)::text AS outflow, count(*)::int AS n
               FROM statement.transactions WHERE account_id = $1 GROUP BY date) y) AS summed`,
    [accountId],
  );
  expect(res.rows[0].kept).toEqual(res.rows[0].summed);
}

test('the issue: re-uploading a statement with one printed balance corrected stores no row twice and changes no figure', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 're-corrected');
  const first = await acceptedMisprint(full);
  const before = await figures(full, first.account_id);
  expect(before.total).toBe(5);

  const corrected = await uploaded(full, hdfcCsv(APRIL, { accNo: ACC_NO }), 'april-corrected.csv');
  expect(corrected).toMatchObject({ status: 'completed', account_id: first.account_id, transaction_count: 0, replaces: null, replaced_by: null });
  expect(corrected.parsed_data.import).toEqual({
    rows_read: 5,
    stored: 0,
    already_stored: 5,
    carried_over: 0,
    removed: 0,
    replaces: null,
    compared: { from: '2024-04-01', to: '2024-04-05' },
    differing: [],
    differing_count: 0,
  });
  expect(corrected.parsed_data.row_count).toBe(5);
  expect(await figures(full, first.account_id)).toEqual(before);
  expect(await rowsOf(full, `statement_id=${corrected.id}`)).toEqual([]);
  await expectDayTotalsRight(first.account_id);
});

test('an overlapping statement stores only the rows of days no earlier statement covers; differing rows of the shared days are listed', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 're-overlap');
  const a = await uploaded(full, hdfcCsv([...APRIL.slice(0, 4), row('04/04/24', 'CHQ DEP/000404', '', '500.00', '1,00,250.50')], { accNo: ACC_NO }), 'a.csv');
  expect(a).toMatchObject({ status: 'completed', transaction_count: 5 });
  expect(a.parsed_data.import).toMatchObject({ rows_read: 5, stored: 5, already_stored: 0, compared: null, differing: [], differing_count: 0 });

  // The shared days print the rent row's narration another way (case, spaces) and carry other balances.
  const b = await uploaded(
    full,
    hdfcCsv(
      [
        row('03/04/24', 'Rent / 403 / Landlord', '28,000.00', '', '1,01,700.00'),
        row('04/04/24', 'ATM WDL / MUMBAI', '2,000.00', '', '99,700.00'),
        row('04/04/24', 'IMPS/404/REFUND', '', '300.00', '1,00,000.00'),
        row('05/04/24', 'UPI/405/UBER/ride', '150.00', '', '99,850.00'),
        row('06/04/24', 'UPI/406/ZOMATO', '400.00', '', '99,450.00'),
      ],
      { accNo: ACC_NO },
    ),
    'b.csv',
  );
  expect(b).toMatchObject({ status: 'completed', account_id: a.account_id, transaction_count: 3 });
  const chq = (await rowsOf(full, `statement_id=${a.id}`)).find((r) => r.particulars === 'CHQ DEP/000404')!;
  const refund = (await rowsOf(full, `statement_id=${b.id}`)).find((r) => r.particulars === 'IMPS/404/REFUND')!;
  expect(b.parsed_data.import).toEqual({
    rows_read: 5,
    stored: 3,
    already_stored: 2,
    carried_over: 0,
    removed: 0,
    replaces: null,
    compared: { from: '2024-04-03', to: '2024-04-04' },
    differing: expect.arrayContaining([
      {
        kind: 'file_only',
        transaction_id: refund.id,
        statement_id: b.id,
        date: '2024-04-04',
        particulars: 'IMPS/404/REFUND',
        inflow: 300_000,
        outflow: 0,
        balance: 100_000_000,
        removed: false,
      },
      {
        kind: 'stored_only',
        transaction_id: chq.id,
        statement_id: a.id,
        date: '2024-04-04',
        particulars: 'CHQ DEP/000404',
        inflow: 500_000,
        outflow: 0,
        balance: 100_250_500,
        removed: false,
      },
    ]),
    differing_count: 2,
  });
  expect(b.parsed_data.import.differing).toHaveLength(2);
  const rows = await rowsOf(full, '');
  expect(rows.map((r) => [r.date, r.particulars, r.statement])).toEqual([
    ['2024-04-01', 'UPI/401/SWIGGY/food', a.id],
    ['2024-04-02', 'NEFT/402/ACME TECHNOLOGIES/SALARY', a.id],
    ['2024-04-03', 'RENT/403/LANDLORD', a.id],
    ['2024-04-04', expect.any(String), expect.any(String)],
    ['2024-04-04', expect.any(String), expect.any(String)],
    ['2024-04-04', expect.any(String), expect.any(String)],
    ['2024-04-05', 'UPI/405/UBER/ride', b.id],
    ['2024-04-06', 'UPI/406/ZOMATO', b.id],
  ]);
  expect(rows.filter((r) => r.date === '2024-04-04').map((r) => r.particulars)).toEqual(
    expect.arrayContaining(['ATM WDL/MUMBAI', 'CHQ DEP/000404', 'IMPS/404/REFUND']),
  );
  await expectDayTotalsRight(a.account_id);
});

test('identical rows of one file are all stored; a later file with one more of them stores just that one', async () => {
  const { full } = await makeOrg(h.svc.deps.platformDb, 're-twins');
  const chai = (balance: string) => row('10/04/24', 'UPI/410/CHAI POINT', '20.00', '', balance);
  const a = await uploaded(full, hdfcCsv([chai('980.00'), chai('960.00')], { accNo: ACC_NO }), 'a.csv');
  expect(a).toMatchObject({ status: 'completed', transaction_count: 2 });
  const b = await uploaded(
    full,
    hdfcCsv([chai('980.00'), chai('960.00'), chai('940.00'), row('11/04/24', 'UPI/411/METRO', '40.00', '', '900.00')], { accNo: ACC_NO }),
    'b.csv',
  );
  expect(b).toMatchObject({ status: 'completed', transaction_count: 2 });
  expect(b.parsed_data.import).toMatchObject({
    rows_read: 4,
    stored: 2,
    already_stored: 2,
    compared: { from: '2024-04-10', to: '2024-04-10' },
    differing: [{ kind: 'file_only', statement_id: b.id, date: '2024-04-10', particulars: 'UPI/410/CHAI POINT', outflow: 20_000, balance: 940_000 }],
    differing_count: 1,
  });
  expect((await rowsOf(full, '')).map((r) => [r.particulars, r.balance])).toEqual([
    ['UPI/410/CHAI POINT', 980_000],
    ['UPI/410/CHAI POINT', 960_000],
    ['UPI/410/CHAI POINT', 940_000],
    ['UPI/411/METRO', 900_000],
  ]);
});

describe('the same bytes uploaded twice', () => {
  const filesOf = async (orgId: string) => readdir(join(h.filesDir, orgId)).catch(() => [] as string[]);

  test('are refused at once with 409 STATEMENT_ALREADY_UPLOADED naming the statement, and nothing is stored', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 're-same-bytes');
    const file = hdfcCsv(APRIL, { accNo: ACC_NO });
    const first = await upload(h.svc, full, file, 'april.csv').expect(201);
    // Refused while the first is still queued or processing too: it is not failed.
    const early = await upload(h.svc, full, file, 'april-again.csv');
    expect(early.status).toBe(409);
    const done = await waitForStatement(h.svc, full, first.body.data.id);
    expect(done.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    const [statements, transactions, files] = [await countStatements(h.svc, org.id), await rowsOf(full, ''), await filesOf(org.id)];

    const again = await upload(h.svc, full, file, 'april-renamed.csv');
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'STATEMENT_ALREADY_UPLOADED',
      details: [{ path: 'file', message: expect.stringContaining(done.id) }],
    });
    expect(again.body.error.message).toContain(done.id);
    expect(await countStatements(h.svc, org.id)).toBe(statements);
    expect(await rowsOf(full, '')).toEqual(transactions);
    expect(await filesOf(org.id)).toEqual(files);

    // Other bytes of the same rows are not the same upload: matched row by row instead.
    const other = await uploaded(full, hdfcCsv(APRIL.slice(0, 4), { accNo: ACC_NO }), 'april-short.csv');
    expect(other).toMatchObject({ status: 'completed', transaction_count: 0 });

    // Another organization may upload the same file.
    const { full: otherOrg } = await makeOrg(h.svc.deps.platformDb, 're-same-bytes-2');
    await upload(h.svc, otherOrg, file, 'april.csv').expect(201);
  });

  test('an Idempotency-Key retry replays the first answer; the bytes of a failed statement may be uploaded again', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 're-same-bytes-key');
    const file = hdfcCsv(APRIL, { accNo: ACC_NO });
    const keyed = () => upload(h.svc, full, file, 'april.csv').set('Idempotency-Key', 'upload-april-1');
    const first = await keyed().expect(201);
    const retry = await keyed().expect(201);
    expect(retry.body.data.id).toBe(first.body.data.id);
    expect(await countStatements(h.svc, org.id)).toBe(1);
    expect((await upload(h.svc, full, file, 'april.csv').set('Idempotency-Key', 'upload-april-2')).status).toBe(409);

    const unreadable = Buffer.from(
      toCsv([
        ['Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
        ['not a date', 'x', 'y', 'z', 'w'],
      ]),
    );
    const failed = await uploaded(full, unreadable, 'broken.csv');
    expect(failed.status).toBe('failed');
    const retried = await upload(h.svc, full, unreadable, 'broken.csv').expect(201);
    expect(retried.body.data.id).not.toBe(failed.id);
  });
});

describe('a corrected statement replacing an earlier one', () => {
  test("takes the old rows' place: matched rows keep their id and hand-set fields, with the file's balance; the rest go", async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 're-replace');
    const old = await acceptedMisprint(full);
    const oldRows = await rowsOf(full, `statement_id=${old.id}`);
    const rent = oldRows.find((r) => r.particulars === 'RENT/403/LANDLORD')!;
    const uber = oldRows.find((r) => r.particulars === 'UPI/405/UBER/ride')!;
    expect(rent.balance).toBe(101_705_500);
    await api(full).patch(`/transactions/${rent.id}`, { category: 'Rent', comments: 'April rent', entity: 'Landlord', type: 'expense' }).expect(200);

    // The corrected file: the rent row's balance fixed, the Uber row gone (the bank reversed it), a new refund row.
    const corrected = [...APRIL.slice(0, 4), row('05/04/24', 'IMPS/405/REFUND', '', '100.00', '99,850.50')];
    const replacement = await uploaded(full, hdfcCsv(corrected, { accNo: ACC_NO }), 'april-corrected.csv', { replaces: old.id });
    expect(replacement).toMatchObject({ status: 'completed', account_id: old.account_id, replaces: old.id, replaced_by: null, transaction_count: 5 });
    const refund = (await rowsOf(full, `statement_id=${replacement.id}`)).find((r) => r.particulars === 'IMPS/405/REFUND')!;
    expect(replacement.parsed_data.import).toEqual({
      rows_read: 5,
      stored: 5,
      already_stored: 0,
      carried_over: 4,
      removed: 1,
      replaces: old.id,
      compared: { from: '2024-04-01', to: '2024-04-05' },
      differing: [
        {
          kind: 'file_only',
          transaction_id: refund.id,
          statement_id: replacement.id,
          date: '2024-04-05',
          particulars: 'IMPS/405/REFUND',
          inflow: 100_000,
          outflow: 0,
          balance: 99_850_500,
          removed: false,
        },
        {
          kind: 'stored_only',
          transaction_id: uber.id,
          statement_id: old.id,
          date: '2024-04-05',
          particulars: 'UPI/405/UBER/ride',
          inflow: 0,
          outflow: 150_000,
          balance: 99_600_500,
          removed: true,
        },
      ].sort((x, y) => (x.kind === 'file_only' ? -1 : 1) - (y.kind === 'file_only' ? -1 : 1)),
      differing_count: 2,
    });

    const after = await api(full).get(`/statements/${old.id}`).expect(200);
    expect(after.body.data).toMatchObject({ status: 'completed', replaced_by: replacement.id, transaction_count: 0 });
    expect(await rowsOf(full, `statement_id=${old.id}`)).toEqual([]);
    const rentNow = (await api(full).get(`/transactions/${rent.id}`).expect(200)).body.data;
    expect(rentNow).toMatchObject({
      id: rent.id,
      statement: replacement.id,
      balance: 101_750_500,
      category: 'Rent',
      comments: 'April rent',
      entity: 'Landlord',
      type: 'expense',
    });
    await api(full).get(`/transactions/${uber.id}`).expect(404);
    const rows = await rowsOf(full, '');
    expect(rows.map((r) => [r.particulars, r.balance, r.statement])).toEqual([
      ['UPI/401/SWIGGY/food', 9_750_000, replacement.id],
      ['NEFT/402/ACME TECHNOLOGIES/SALARY', 129_750_500, replacement.id],
      ['RENT/403/LANDLORD', 101_750_500, replacement.id],
      ['ATM WDL/MUMBAI', 99_750_500, replacement.id],
      ['IMPS/405/REFUND', 99_850_500, replacement.id],
    ]);
    expect(rows.map((r) => r.id).slice(0, 4)).toEqual(oldRows.map((r) => r.id).slice(0, 4));
    const balance = await api(full).get(`/accounts/${old.account_id}/balance?as_of=2024-04-30`).expect(200);
    expect(balance.body.data.computed_from).toMatchObject({ total_inflow: 120_100.5, total_outflow: 30_250, transaction_count: 5 });
    await expectDayTotalsRight(old.account_id);
    // The account's continuity lists the replacement, not the statement it replaced.
    const account = await api(full).get(`/accounts/${old.account_id}`).expect(200);
    expect(account.body.data.continuity.statements.map((s: { statement: string }) => s.statement)).toEqual([replacement.id]);
  });

  test('replaces must name a completed statement of the same account that is not replaced: 400 naming replaces, nothing stored', async () => {
    const { org, full } = await makeOrg(h.svc.deps.platformDb, 're-replace-400');
    const old = await uploaded(full, hdfcCsv(APRIL, { accNo: ACC_NO }), 'april.csv');
    const otherAccount = await uploaded(full, hdfcCsv(APRIL, { accNo: '99990000111122' }), 'other.csv');
    const stalled = await uploaded(full, hdfcCsv(APRIL, { accNo: undefined }), 'no-number.csv');
    expect(stalled).toMatchObject({ status: 'stalled', error: { code: 'ACCOUNT_NOT_DETECTED' } });
    const file = (n: number) => hdfcCsv(APRIL.slice(0, n), { accNo: ACC_NO });
    const refused = async (fields: { replaces: string; account_id?: string }, n: number, message: RegExp) => {
      const statements = await countStatements(h.svc, org.id);
      const res = await upload(h.svc, full, file(n), 'fix.csv', fields);
      expectValidation(res, 'replaces');
      expect(res.body.error.message).toMatch(message);
      expect(await countStatements(h.svc, org.id)).toBe(statements);
    };
    await refused({ replaces: 'not-a-uuid' }, 4, /must be a statement id/);
    await refused({ replaces: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }, 4, /no statement with this id/);
    await refused({ replaces: stalled.id }, 4, /is stalled; only a completed statement can be replaced/);
    await refused({ replaces: old.id, account_id: otherAccount.account_id }, 4, /belongs to account .*, not to account_id/);

    const replacement = await uploaded(full, file(4), 'fix.csv', { replaces: old.id });
    expect(replacement).toMatchObject({ status: 'completed', replaces: old.id });
    await refused({ replaces: old.id }, 3, new RegExp(`already replaced by statement ${replacement.id}`));
  });
});

test('the narration rows are matched on ignores case, whitespace and ASCII punctuation, and keeps letters of any script', async () => {
  const key = async (text: string) => (await h.svc.deps.pool.query('SELECT statement.narration_key($1) AS k', [text])).rows[0].k;
  expect(await key('UPI/401/SWIGGY food')).toBe(await key(' upi-401-swiggy\tFOOD. '));
  expect(await key('NEFT/N123/ACME (PVT) LTD,_SALARY')).toBe('neftn123acmepvtltdsalary');
  expect(await key('Café Müller')).toBe('cafémüller');
  expect(await key('UPI/401/SWIGGY')).not.toBe(await key('UPI/402/SWIGGY'));
});
