// The matching of statement rows to ledger entries (issue 13), alone: rules, their order, and its cost.
import { matchRows, referenceTokens, type EntryToMatch, type RowToMatch } from '../src/domain/reconciliation-matching';

const row = (id: string, date: string, amount: bigint | null, particulars = ''): RowToMatch => ({ id, date, amount, particulars });
const entry = (id: string, date: string, amount: bigint, narration: string | null = null, sourceRef: string | null = null): EntryToMatch => ({
  id,
  date,
  amount,
  narration,
  sourceRef,
});
const described = (rows: RowToMatch[], entries: EntryToMatch[], window = 3) =>
  Object.fromEntries([...matchRows(rows, entries, window)].map(([r, m]) => [rows[r]!.id, `${m.rule}:${m.entries.map((e) => entries[e]!.id).join('+')}`]));

test('references are tokens of 4+ letters and digits with a digit in them', () => {
  expect(referenceTokens('NEFT/N123456789/ACME LTD/INV-2041 CHQ 004512')).toEqual(['N123456789', '2041', '004512']);
  expect(referenceTokens(null)).toEqual([]);
});

test('one-to-one: a shared reference beats a nearer date; the same date beats the window; sign and window are respected', () => {
  const rows = [
    row('salary', '2024-04-02', 500n, 'NEFT/N123/X/UTR998877'),
    row('lunch', '2024-04-01', -250n),
    row('rent', '2024-04-03', -2000n),
    row('far', '2024-04-20', 700n),
  ];
  const entries = [
    entry('plain', '2024-04-02', 500n),
    entry('ref', '2024-04-04', 500n, null, 'UTR998877'),
    entry('lunch-wrong-sign', '2024-04-01', 250n),
    entry('lunch', '2024-04-03', -250n),
    entry('lunch-same-day', '2024-04-01', -250n),
    entry('rent', '2024-04-06', -2000n),
    entry('far', '2024-04-10', 700n),
  ];
  expect(described(rows, entries)).toEqual({
    salary: 'reference:ref',
    lunch: 'amount_date:lunch-same-day',
    rent: 'amount_window:rent',
  });
  // Each entry once: two equal rows take the two equal entries, nearest first.
  expect(described([row('a', '2024-04-01', 10n), row('b', '2024-04-01', 10n)], [entry('x', '2024-04-03', 10n), entry('y', '2024-04-01', 10n)])).toEqual({
    a: 'amount_date:y',
    b: 'amount_window:x',
  });
});

test('many-to-one: entries of one sign in the window summing to the row; never a row that is not whole', () => {
  const rows = [row('batch', '2024-04-05', 3000n), row('fraction', '2024-04-05', null)];
  const entries = [
    entry('a', '2024-04-04', 1000n),
    entry('b', '2024-04-05', 2000n),
    entry('c', '2024-04-05', -500n),
    entry('d', '2024-04-12', 2000n),
    entry('e', '2024-04-05', 700n),
  ];
  expect(described(rows, entries)).toEqual({ batch: 'many_to_one:a+b' });
});

// How long these take is measured by `pnpm bench:reconcile`, not here: a timed test measures the machine's load.
test('10,000 rows against 10,000 entries, amounts colliding as on real statements: every row is matched', () => {
  const rows: RowToMatch[] = [];
  const entries: EntryToMatch[] = [];
  const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 10_000; i++) {
    // Amounts repeat (a few hundred distinct values), so candidates collide as they do on real statements.
    const amount = BigInt(((i * 7919) % 400) * 100 + 100) * (i % 3 === 0 ? -1n : 1n);
    rows.push(row(`r${i}`, day(i), amount, i % 4 === 0 ? `NEFT/UTR${100000 + i}/X` : 'UPI/PAYMENT'));
    entries.push(entry(`e${i}`, day(i + (i % 5 === 0 ? 2 : 0)), amount, null, i % 4 === 0 ? `UTR${100000 + i}` : null));
  }
  expect(matchRows(rows, entries, 3).size).toBe(10_000);
});

test('the worst case for the amount index, 10,000 identical rows and entries on one day: each row gets its own entry', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => row(`r${i}`, '2024-04-01', -100n));
  const entries = Array.from({ length: 10_000 }, (_, i) => entry(`e${i}`, '2024-04-01', -100n));
  expect(matchRows(rows, entries, 3).size).toBe(10_000);
});

test('a token every entry carries is not a reference: 10,000 rows whose amounts nothing sums to match nothing', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => row(`r${i}`, '2024-04-01', 1_000_003n + BigInt(i), 'BRANCH 2024 TRANSFER'));
  const entries = Array.from({ length: 10_000 }, (_, i) => entry(`e${i}`, '2024-04-01', 1_000n + BigInt(i % 97) * 7n, 'Transfer 2024'));
  expect(matchRows(rows, entries, 3).size).toBe(0);
});
