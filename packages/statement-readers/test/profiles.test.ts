import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BANK_PROFILES, readStatementFile, type BankProfile } from '../src';
import { tableFromPdfLines, type PdfTextLine } from '../src/pdf-reader';
import { toCsv, xlsxFile } from './fixtures/files';

/**
 * Bank profiles in front of the inference: a recognised file is read with its bank's header names, day order and
 * account-number pattern; anything else by inference; and the balance chain judges between the two. Every file is
 * invented, keeping the trait of the bank's layout that the profile exists for.
 */
const read = (text: string | Buffer, fileName = 'statement.csv', profiles?: readonly BankProfile[]) =>
  readStatementFile({ buffer: Buffer.isBuffer(text) ? text : Buffer.from(text), fileName, profiles });

const money = (rows: { date: string; inflow: bigint; outflow: bigint; balance: bigint | null }[]) =>
  rows.map((r) => ({ date: r.date, inflow: Number(r.inflow), outflow: Number(r.outflow), balance: r.balance === null ? null : Number(r.balance) }));

describe('bank profiles', () => {
  it('have unique ids, a bank, a country and at least one recogniser each', () => {
    expect(new Set(BANK_PROFILES.map((p) => p.id)).size).toBe(BANK_PROFILES.length);
    for (const profile of BANK_PROFILES) {
      expect(profile.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(profile.bank).not.toBe('');
      expect(profile.country).toMatch(/^[A-Z]{2}$/);
      expect(Object.values(profile.recognise).filter(Boolean).length).toBeGreaterThan(0);
    }
    for (const bank of [
      'state-bank-of-india',
      'hdfc-bank',
      'icici-bank',
      'axis-bank',
      'kotak-mahindra-bank',
      'bank-of-baroda',
      'idbi-bank',
      'paytm-payments-bank',
    ]) {
      expect(BANK_PROFILES.map((p) => p.id)).toContain(bank);
    }
  });

  it('is recognised by its header where the file never names the bank (Schwab), and says which profile read the file', async () => {
    const csv = toCsv([
      ['Date', 'Status', 'Type', 'CheckNumber', 'Description', 'Withdrawal', 'Deposit', 'RunningBalance'],
      ['03/04/2030', 'Posted', 'ACH', '', 'PAYROLL SAMPLE CO', '', '$1,200.00', '$1,450.00'],
      ['03/02/2030', 'Posted', 'CHECK', '1001', 'CHECK 1001', '$50.00', '', '$250.00'],
      ['03/01/2030', 'Posted', 'INTADJUST', '', 'Interest Paid', '', '$0.25', '$300.00'],
    ]);
    const byProfile = await read(csv);
    expect(byProfile.profile).toBe('charles-schwab');
    expect(money(byProfile.rows)).toEqual([
      { date: '2030-03-04', inflow: 1_200_000, outflow: 0, balance: 1_450_000 },
      { date: '2030-03-02', inflow: 0, outflow: 50_000, balance: 250_000 },
      { date: '2030-03-01', inflow: 250, outflow: 0, balance: 300_000 },
    ]);
    expect(byProfile.integrity).toMatchObject({ balance_chain: 'ok', order: 'newest_first' });
    expect((await read(csv, 'statement.csv', [])).profile).toBeUndefined();
  });

  it("reads with the bank's own column names, account-number label and footers, which the shared vocabulary does not know", async () => {
    const bank: BankProfile = {
      id: 'sample-bank',
      bank: 'Sample Bank',
      country: 'IN',
      recognise: { text: /\bSample Bank\b/ },
      columns: { date: ['posted on'], particulars: ['what happened'], outflow: ['money gone'], inflow: ['money come'], balance: ['money left'] },
      dayOrder: 'dmy',
      accountNumber: /\bSB ref\.?\s*(\d{6}-\d{4})\b/,
      skip: [/^\*\* interest rate/i],
    };
    const csv = toCsv([
      ['Sample Bank Ltd'],
      ['Customer: A SAMPLE', 'SB ref. 123456-7890'],
      ['Posted On', 'What Happened', 'Money Gone', 'Money Come', 'Money Left'],
      ['01/03/30', 'UPI/SAMPLE', '100.00', '', '900.00'],
      ['** interest rate 3.5% from 01/04/30', '', '', '', ''],
      ['02/03/30', 'NEFT CR', '', '50.00', '950.00'],
    ]);
    const parsed = await read(csv, 'statement.csv', [bank]);
    expect(parsed.profile).toBe('sample-bank');
    expect(parsed.metadata.acc_no).toBe('123456-7890');
    expect(money(parsed.rows)).toEqual([
      { date: '2030-03-01', inflow: 0, outflow: 100_000, balance: 900_000 },
      { date: '2030-03-02', inflow: 50_000, outflow: 0, balance: 950_000 },
    ]);
    expect(parsed.warnings).toContainEqual({
      position: 'line 5',
      reason: 'not a transaction (a line Sample Bank statements print)',
      text: '** interest rate 3.5% from 01/04/30',
    });
    expect(parsed.metadata.header).toEqual(['Posted On', 'What Happened', 'Money Gone', 'Money Come', 'Money Left']);
    // Without the profile no line is a header the shared vocabulary knows: the columns are inferred from the rows,
    // and the bank's account-number label means nothing.
    const inferred = await read(csv, 'statement.csv', []);
    expect(inferred.profile).toBeUndefined();
    expect(inferred.metadata).toMatchObject({ acc_no: null, header: ['Date', 'Particulars', 'Debit', 'Credit', 'Balance'] });
  });

  it('finds the account number its bank prints after a label the generic finder does not know (HSBC `ACCOUNT-`), once the header names the bank', async () => {
    const workbook = await xlsxFile([
      {
        name: 'Statement',
        rows: [
          ['ACCOUNT- SAVINGS ACCOUNT - RES'],
          ['ACCOUNT- 0987654321012'],
          ['Date ', 'Transaction Details ', 'Deposits', 'Withdrawals', '\n\nBalance'],
          ['05Mar2030', 'NEFT CR SAMPLE TRADERS', '1,000.00', '', '11,000.00'],
          ['01Mar2030', 'OPENING TRANSFER', '10,000.00', '', '10,000.00'],
        ],
      },
    ]);
    const parsed = await read(workbook, 'statement.xls');
    expect(parsed.profile).toBe('hsbc-india');
    expect(parsed.metadata.acc_no).toBe('0987654321012');
    expect(parsed.integrity.balance_chain).toBe('ok');
  });

  it('takes the number before a currency glued to it (ICICI net banking `000011112222(INR) - A SAMPLE`)', async () => {
    const csv = toCsv([
      ['ICICI Bank Limited'],
      ['Account Number', '000011112222(INR) - A SAMPLE'],
      [
        'S No.',
        'Value Date',
        'Transaction Date',
        'Cheque Number',
        'Transaction Remarks',
        'Withdrawal Amount (INR )',
        'Deposit Amount (INR )',
        'Balance (INR )',
      ],
      ['1', '01/03/2030', '01/03/2030', '-', 'UPI/SAMPLE/000111', '100.00', '0.00', '900.00'],
      ['2', '02/03/2030', '02/03/2030', '-', 'NEFT-SAMPLE CR', '0.00', '50.00', '950.00'],
    ]);
    const parsed = await read(csv);
    expect(parsed.profile).toBe('icici-bank');
    expect(parsed.metadata.acc_no).toBe('000011112222');
  });

  it("reads day and month in the bank's order even where every date would read either way", async () => {
    // 02/03 and 03/03 sort the same as 2 March and 3 March or as 3 February and 3 March: only the bank knows.
    const csv = toCsv([
      ['Date', 'Status', 'Type', 'CheckNumber', 'Description', 'Withdrawal', 'Deposit', 'RunningBalance'],
      ['02/03/2030', 'Posted', 'ACH', '', 'SAMPLE A', '$1.00', '', '$9.00'],
      ['03/03/2030', 'Posted', 'ACH', '', 'SAMPLE B', '$1.00', '', '$8.00'],
    ]);
    expect((await read(csv)).rows.map((r) => r.date)).toEqual(['2030-02-03', '2030-03-03']);
    expect((await read(csv, 'statement.csv', [])).rows.map((r) => r.date)).toEqual(['2030-03-02', '2030-03-03']);
  });

  it('loses to the inference when its reading breaks the balance chain that the inference keeps, and says so', async () => {
    // A profile that has the bank's two amount columns the wrong way round: every row breaks the chain.
    const wrong: BankProfile = {
      id: 'sample-bank',
      bank: 'Sample Bank',
      country: 'IN',
      recognise: { text: /\bSample Bank\b/ },
      columns: { outflow: ['deposit amt'], inflow: ['withdrawal amt'] },
    };
    const csv = toCsv([
      ['Sample Bank Ltd'],
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['01/03/30', 'UPI/SAMPLE', '100.00', '', '900.00'],
      ['02/03/30', 'NEFT CR', '', '50.00', '950.00'],
    ]);
    const parsed = await read(csv, 'statement.csv', [wrong]);
    expect(parsed.profile).toBeUndefined();
    expect(parsed.integrity.balance_chain).toBe('ok');
    expect(money(parsed.rows).map((r) => [r.inflow, r.outflow])).toEqual([
      [0, 100_000],
      [50_000, 0],
    ]);
    expect(parsed.warnings).toContainEqual({
      position: 'file',
      reason: expect.stringMatching(/^read without the sample-bank bank profile: its reading broke the balance chain on 1 row, this one on 0 rows$/),
      text: '',
    });
  });

  it('in a PDF, is recognised by the bank named above the table, never by a narration in it', () => {
    // One line of positioned text: [y, [x, text]...], 4 pt a character.
    const pdf = (rows: [number, [number, string][]][]): PdfTextLine[] =>
      rows.map(([y, items], i) => ({ page: 1, line: i + 1, y, height: 8, items: items.map(([x, text]) => ({ x, x2: x + text.length * 4, text })) }));
    const table: [number, [number, string][]][] = [
      [
        100,
        [
          [30, 'Date'],
          [110, 'Description'],
          [330, 'Debit'],
          [400, 'Credit'],
          [470, 'Balance'],
        ],
      ],
      [
        112,
        [
          [30, '01-03-2030'],
          [110, 'NEFT TO HDFC BANK SAMPLE'],
          [330, '100.00'],
          [470, '900.00'],
        ],
      ],
      [
        124,
        [
          [30, '02-03-2030'],
          [110, 'UPI/SAMPLE'],
          [400, '50.00'],
          [470, '950.00'],
        ],
      ],
    ];
    expect(tableFromPdfLines(pdf(table), { profiles: BANK_PROFILES }).profile).toBeUndefined();
    const named = tableFromPdfLines(pdf([[60, [[30, 'State Bank of India']]], [72, [[30, 'Account Number : 00000012345678901']]], ...table]), {
      profiles: BANK_PROFILES,
    });
    expect(named.profile).toBe('state-bank-of-india');
    expect(named.metadata.acc_no).toBe('00000012345678901');
    expect(named.rows).toHaveLength(2);
  });

  it('gives way to the inference when its reading reads nothing of the file', async () => {
    // A profile whose header names take the columns so that no row has a date: every line would be skipped.
    const broken: BankProfile = {
      id: 'sample-bank',
      bank: 'Sample Bank',
      country: 'IN',
      recognise: { text: /\bSample Bank\b/ },
      columns: { date: ['narration'], particulars: ['date'] },
    };
    const csv = toCsv([
      ['Sample Bank Ltd'],
      ['Date', 'Narration', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ['01/03/30', 'UPI/SAMPLE', '100.00', '', '900.00'],
      ['02/03/30', 'NEFT CR', '', '50.00', '950.00'],
    ]);
    const parsed = await read(csv, 'statement.csv', [broken]);
    expect(parsed.profile).toBeUndefined();
    expect(money(parsed.rows)).toEqual([
      { date: '2030-03-01', inflow: 0, outflow: 100_000, balance: 900_000 },
      { date: '2030-03-02', inflow: 50_000, outflow: 0, balance: 950_000 },
    ]);
    // A file nothing can read still fails with the profile's reason.
    await expect(
      read(toCsv([['Sample Bank Ltd'], ['Date', 'Narration', 'Withdrawal Amt.'], ['x', 'y', 'z']]), 'statement.csv', [broken]),
    ).rejects.toMatchObject({ code: 'PARSE_FAILED' });
  });

  it('is not taken for a file that names the bank only below the header (a transfer to HDFC in a narration)', async () => {
    const csv = toCsv([
      ['Date', 'Description', 'Debit', 'Credit', 'Balance'],
      ['01/03/2030', 'NEFT TO HDFC BANK SAMPLE', '100.00', '', '900.00'],
    ]);
    expect((await read(csv)).profile).toBeUndefined();
  });
});

describe('pnpm statement:read', () => {
  const run = promisify(execFile);
  const cli = join(__dirname, '..', 'src', 'cli.ts');
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'statement-read-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const statement = toCsv([
    ['HDFC BANK Ltd.'],
    ['Account No : 50100012345678'],
    ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
    ['01/03/30', 'UPI/SAMPLE/000111', '0000', '01/03/30', '100.00', '', '900.00'],
    ['02/03/30', 'NEFT CR SAMPLE', '0000', '02/03/30', '', '50.00', '850.00'],
    ['Statement Summary'],
  ]);

  it('prints the profile, the header, every row, the integrity verdict and every warning', async () => {
    const file = join(dir, 'march.csv');
    await writeFile(file, statement);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, file]);
    expect(stdout).toContain('read by:         bank profile hdfc-bank (HDFC Bank)');
    expect(stdout).toContain('account number:  50100012345678');
    expect(stdout).toContain('header:          Date | Narration | Chq./Ref.No. | Value Dt | Withdrawal Amt. | Deposit Amt. | Closing Balance');
    expect(stdout).toMatch(/line 4 +2030-03-01 +0\.00 +100\.00 +900\.00 +UPI\/SAMPLE\/000111/);
    // 900 + 50 is 950, not the 850 printed: the verdict names the row.
    expect(stdout).toContain('integrity:       does not reconcile: the running balance does not follow from the amounts on 1 row (first at line 5)');
    expect(stdout).toContain('break at line 5: the amounts give 950.00, the file prints 850.00');
  });

  it('prints the same reading as JSON with --json, and an unreadable file as its error with exit code 1', async () => {
    const file = join(dir, 'march.csv');
    await writeFile(file, statement);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', cli, file, '--json']);
    const parsed = JSON.parse(stdout);
    expect(parsed).toMatchObject({ fileType: 'csv', profile: 'hdfc-bank', metadata: { acc_no: '50100012345678' }, integrity: { balance_chain: 'broken' } });
    expect(parsed.rows).toHaveLength(2);
    const empty = join(dir, 'empty.csv');
    await writeFile(empty, '');
    const failed = await run(process.execPath, ['--import', 'tsx', cli, empty, '--json']).catch((err: { code: number; stdout: string }) => err);
    expect(failed).toMatchObject({ code: 1 });
    expect(JSON.parse((failed as { stdout: string }).stdout)).toEqual({ error: { code: 'UNSUPPORTED_FILE', message: expect.stringContaining('is empty') } });
    const usage = await run(process.execPath, ['--import', 'tsx', cli]).catch((err: { code: number; stderr: string }) => err);
    expect(usage).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: pnpm statement:read <file>') });
  });
});
