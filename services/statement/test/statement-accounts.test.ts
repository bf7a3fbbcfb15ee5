import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeOrg, type TestKey } from '@finance/platform/testing';
import { pdfFile, PDF_COLUMNS, toCsv, xlsxFile } from '@finance/statement-readers/testing';
import { createAccount } from './helpers';
import { apiAs, type PipelineHarness, startPipeline, upload, waitForStatement } from './pipeline-helpers';

/**
 * Issue 30, accounts: the account an upload creates takes its kind, currency and name from the file; a person
 * renames and corrects it (a currency only while it holds no rows); a one-row statement keeps its printed balances.
 * Over HTTP, through the real worker, against the real Postgres and Redis.
 */
let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline('accounts');
});
afterAll(async () => {
  await h.close();
});

const api = (key: TestKey) => apiAs(h.svc, key);

const HEADER = ['Date', 'Narration', 'Debit', 'Credit', 'Balance'];

/** A bank CSV: the preamble lines given, then the header and the rows (date, narration, debit, credit, balance). */
function bankCsv(preamble: string[], rows: string[][]): Buffer {
  return Buffer.from(toCsv([...preamble.map((line) => [line]), [], HEADER, ...rows]));
}

async function uploaded(key: TestKey, file: Buffer, name: string) {
  const res = await upload(h.svc, key, file, name);
  expect(res.status).toBe(201);
  return waitForStatement(h.svc, key, res.body.data.id, undefined, 60_000);
}

async function accountOf(key: TestKey, id: string) {
  return (await api(key).get(`/accounts/${id}`).expect(200)).body.data;
}

const SHARED_CARD_PDF = join(__dirname, '..', '..', '..', '..', 'shared', 'statements', 'files', 'sg_monopoly_example_creditcard_2023-07.pdf');

describe('an account created by an upload', () => {
  (existsSync(SHARED_CARD_PDF) ? test : test.skip)(
    'the Singapore card PDF (amounts headed "AMOUNT (SGD)", a credit limit printed) creates a credit_card account in SGD, named from the file',
    async () => {
      const { full } = await makeOrg(h.svc.deps.platformDb, 'acc-sgcard');
      let statement = await uploaded(full, readFileSync(SHARED_CARD_PDF), 'sg_monopoly_example_creditcard_2023-07.pdf');
      // The PDF prints no labelled account number: its owner gives one.
      expect(statement).toMatchObject({ status: 'stalled', error: { code: 'ACCOUNT_NOT_DETECTED' } });
      expect(statement.parsed_data.metadata).toMatchObject({ currency: 'SGD', kind: 'credit_card' });
      expect((await api(full).post(`/statements/${statement.id}/account-number`, { acc_no: '5488 2926 6730 9473' })).status).toBe(202);
      statement = await waitForStatement(h.svc, full, statement.id, undefined, 60_000);
      expect(statement).toMatchObject({ status: 'completed', transaction_count: 52 });
      expect(await accountOf(full, statement.account_id)).toMatchObject({
        name: 'Card ••9473',
        name_source: 'file',
        category: 'credit_card',
        currency: 'SGD',
        acc_no: '5488 2926 6730 9473',
        // A card's printed previous balance is what is owed, in no agreed sign: not taken as the opening balance.
        opening_balance: 0,
      });
    },
    120_000,
  );

  test('a card CSV that names its bank and states its currency creates "<bank> Card ••<last 4>" in that currency', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'acc-cardcsv');
    const file = Buffer.from(
      toCsv([
        ['Acme Bank'],
        ['Card Number: 4111 XXXX XXXX 1111'],
        ['Credit Limit: 5,000.00', 'Minimum Payment Due: 25.00'],
        ['Currency: SGD'],
        [],
        ['Date', 'Description', 'Amount'],
        ['02/07/2024', 'COFFEE', '4.20'],
        ['03/07/2024', 'BOOKS', '12.00'],
      ]),
    );
    const statement = await uploaded(full, file, 'acme-card.csv');
    expect(statement).toMatchObject({ status: 'completed', transaction_count: 2 });
    expect(await accountOf(full, statement.account_id)).toMatchObject({
      name: 'Acme Bank Card ••1111',
      name_source: 'file',
      category: 'credit_card',
      currency: 'SGD',
    });
  });

  test("a later upload naming the bank improves a file-given name; a person's rename is kept by every later upload", async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'acc-rename');
    const first = await uploaded(full, bankCsv(['Account No: 50100012345678'], [['15/04/2024', 'UPI/1', '250.00', '', '9,750.00']]), 'april.csv');
    expect(first.status).toBe('completed');
    const id = first.account_id;
    expect(await accountOf(full, id)).toMatchObject({ name: 'Account ••5678', name_source: 'file', category: 'bank', currency: 'INR' });

    const second = await uploaded(full, bankCsv(['Acme Bank', 'Account No: 50100012345678'], [['15/05/2024', 'UPI/2', '100.00', '', '9,650.00']]), 'may.csv');
    expect(second).toMatchObject({ status: 'completed', account_id: id });
    expect(await accountOf(full, id)).toMatchObject({ name: 'Acme Bank ••5678', name_source: 'file' });

    const renamed = await api(full).patch(`/accounts/${id}`, { name: 'Household current account' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Household current account', name_source: 'person' });

    const third = await uploaded(full, bankCsv(['Other Bank', 'Account No: 5010-0012-345678'], [['15/06/2024', 'UPI/3', '50.00', '', '9,600.00']]), 'june.csv');
    expect(third).toMatchObject({ status: 'completed', account_id: id });
    expect(await accountOf(full, id)).toMatchObject({ name: 'Household current account', name_source: 'person' });
    expect((await api(full).get('/accounts').expect(200)).body.data).toHaveLength(1);
  });
});

describe('correcting a statement account (PATCH /accounts/<id>)', () => {
  test('kind and name can be corrected with rows; a currency change is refused once rows exist (409, nothing changed)', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'acc-currency');
    const rows = [
      ['15/04/2024', 'UPI/1', '250.00', '', '9,750.00'],
      ['16/04/2024', 'SALARY', '', '1,000.00', '10,750.00'],
    ];
    const statement = await uploaded(full, bankCsv(['Account No: 50100099990000'], rows), 'april.csv');
    expect(statement).toMatchObject({ status: 'completed', transaction_count: 2 });
    const id = statement.account_id;
    const before = await accountOf(full, id);

    const refused = await api(full).patch(`/accounts/${id}`, { currency: 'SGD', name: 'Renamed in the same request' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ACCOUNT_HAS_TRANSACTIONS');
    expect(refused.body.error.message).toMatch(/^currency: the account holds 2 transactions in INR/);
    expect(await accountOf(full, id)).toEqual(before);

    // The same currency is no change, and the kind is not money: both accepted.
    const corrected = await api(full).patch(`/accounts/${id}`, { currency: 'inr', category: 'credit_card' });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ currency: 'INR', category: 'credit_card', name_source: 'file' });
  });

  test('an account without rows takes a new currency and kind', async () => {
    const { full } = await makeOrg(h.svc.deps.platformDb, 'acc-empty');
    const account = await createAccount(h.svc, full, { name: 'Travel card', category: 'bank' });
    expect(account).toMatchObject({ name_source: 'person', currency: 'INR' });
    const res = await api(full).patch(`/accounts/${account.id}`, { currency: 'SGD', category: 'credit_card' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ currency: 'SGD', category: 'credit_card' });
    const bad = await api(full).patch(`/accounts/${account.id}`, { category: 'wallet' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'category' })]);
  });
});

describe('a statement with one row', () => {
  const preamble = ['Account No : 3210 9876', 'Opening Balance : 10,000.00'];
  const row = ['15/04/2024', 'UPI/1/GROCER', '250.00', '', '9,750.00'];
  const files: [string, string, () => Promise<Buffer>][] = [
    ['CSV', 'one-row.csv', async () => bankCsv(preamble, [row])],
    ['XLSX', 'one-row.xlsx', async () => xlsxFile([{ name: 'Statement', rows: [...preamble.map((line) => [line]), [], HEADER, row] }])],
    ['PDF', 'one-row.pdf', async () => pdfFile({ ...PDF_COLUMNS, preamble, rows: [[row[0]!, row[1]!, '', row[2]!, row[3]!, row[4]!]] })],
  ];

  test.each(files)(
    'a one-row %s keeps its printed opening balance and its closing balance: its new account opens at the printed opening',
    async (_kind, fileName, build) => {
      const { full } = await makeOrg(h.svc.deps.platformDb, 'acc-onerow');
      const statement = await uploaded(full, await build(), fileName);
      expect(statement).toMatchObject({
        status: 'completed',
        transaction_count: 1,
        parsed_data: { opening_balance: 10_000_000, closing_balance: 9_750_000 },
      });
      expect(await accountOf(full, statement.account_id)).toMatchObject({ opening_balance: 10_000, opening_balance_date: '2024-04-15' });
      const balance = await api(full).get(`/accounts/${statement.account_id}/balance?as_of=2024-04-30`).expect(200);
      expect(balance.body.data.balance).toBe(9_750);
    },
    60_000,
  );
});
