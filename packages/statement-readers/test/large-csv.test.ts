import { readStatementFile } from '../src';
import { toCsv } from './fixtures/files';

/**
 * Not a timed assertion: the figures are printed (native figures: `pnpm bench:ingest-read`); the rows are checked
 * exactly. The generous timeout is for a loaded CI machine, where jest's sandbox already makes this ~3x slower.
 */
it('reads a 100,000-row CSV statement exactly, in reasonable time and memory', async () => {
  const ROWS = 100_000;
  const lines: string[][] = [
    ['Account Number : 50100012345678'],
    [],
    ['Date', 'Narration', 'Chq./Ref.No.', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
  ];
  let balance = 0n;
  let inflowTotal = 0n;
  let outflowTotal = 0n;
  const money = (milli: bigint) => {
    const negative = milli < 0n;
    const abs = negative ? -milli : milli;
    const whole = (abs / 1000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${negative ? '-' : ''}${whole}.${(abs % 1000n).toString().padStart(3, '0')}`;
  };
  for (let i = 0; i < ROWS; i++) {
    const amount = BigInt((i * 7919) % 10_000_000) + 1n;
    const isDeposit = i % 3 === 0;
    if (isDeposit) inflowTotal += amount;
    else outflowTotal += amount;
    balance += isDeposit ? amount : -amount;
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push([
      `${day}/04/2024`,
      `UPI/${i}/MERCHANT ${i % 97}/PAYMENT`,
      String(100000 + i),
      isDeposit ? '' : money(amount),
      isDeposit ? money(amount) : '',
      money(balance),
    ]);
  }
  const buffer = Buffer.from(toCsv(lines));

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const parsed = await readStatementFile({ buffer, fileName: 'big.csv' });
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  const heapAfter = process.memoryUsage().heapUsed;

  console.log(
    `100,000-row CSV (${(buffer.length / 1e6).toFixed(1)} MB): parsed in ${elapsed.toFixed(0)} ms; ` +
      `heap +${((heapAfter - heapBefore) / 1e6).toFixed(0)} MB with the rows held; peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
  );

  expect(parsed.rows).toHaveLength(ROWS);
  expect(parsed.metadata.acc_no).toBe('50100012345678');
  expect(parsed.rows.reduce((sum, r) => sum + r.inflow, 0n)).toBe(inflowTotal);
  expect(parsed.rows.reduce((sum, r) => sum + r.outflow, 0n)).toBe(outflowTotal);
  expect(parsed.rows[ROWS - 1]!.balance).toBe(balance);
  // Row 12346 is a withdrawal (12346 % 3 = 1) on the 27th (12346 % 28 = 26).
  expect(parsed.rows[12346]).toEqual({
    date: '2024-04-27',
    particulars: 'UPI/12346/MERCHANT 27/PAYMENT',
    inflow: 0n,
    outflow: BigInt((12346 * 7919) % 10_000_000) + 1n,
    balance: expect.any(BigInt),
    position: 'line 12350',
  });
  expect(parsed.warnings).toEqual([]);
  expect(parsed.integrity.balance_chain).toBe('ok');
}, 120_000);

/**
 * The repair of rows wider than the header runs only on those rows; here every 10th narration carries an unquoted
 * comma (10,000 repairs against the running balance), and the time is printed beside the plain file's.
 */
it('reads a 100,000-row CSV with 10,000 unquoted commas in narrations, repairing each', async () => {
  const ROWS = 100_000;
  const lines: string[] = ['Date,Narration,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  let balance = 0n;
  const plain = (milli: bigint) =>
    `${milli < 0n ? '-' : ''}${(milli < 0n ? -milli : milli) / 1000n}.${((milli < 0n ? -milli : milli) % 1000n).toString().padStart(3, '0')}`;
  for (let i = 0; i < ROWS; i++) {
    const amount = BigInt((i * 7919) % 10_000_000) + 1n;
    const isDeposit = i % 3 === 0;
    balance += isDeposit ? amount : -amount;
    const narration = i % 10 === 0 ? `UPI/DR/${i}/SHOP, BANGALORE/YESB` : `UPI/DR/${i}/SHOP BANGALORE/YESB`;
    lines.push(
      `${String((i % 28) + 1).padStart(2, '0')}/04/2024,${narration},${isDeposit ? '' : plain(amount)},${isDeposit ? plain(amount) : ''},${plain(balance)}`,
    );
  }
  const buffer = Buffer.from(lines.join('\n') + '\n');
  const started = performance.now();
  const parsed = await readStatementFile({ buffer, fileName: 'big.csv' });
  console.log(`100,000-row CSV with 10,000 repaired rows: parsed in ${(performance.now() - started).toFixed(0)} ms`);
  expect(parsed.rows).toHaveLength(ROWS);
  expect(parsed.warnings).toEqual([]);
  expect(parsed.rows[50_000]!.particulars).toBe('UPI/DR/50000/SHOP, BANGALORE/YESB');
  expect(parsed.rows[ROWS - 1]!.balance).toBe(balance);
}, 120_000);
