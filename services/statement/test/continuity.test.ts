import { statementContinuity } from '../src/domain/continuity';
import type { StatementFigures } from '../src/views/accounts';

/** Issue 22: statements of one account in period order, each against the one reaching furthest before it. */
const st = (statement: string, from: string, to: string, opening: number | null, closing: number | null): StatementFigures => ({
  statement,
  file_name: `${statement}.csv`,
  from,
  to,
  opening_balance_milli: opening,
  closing_balance_milli: closing,
});
const A = '00000000-0000-7000-8000-00000000000a';
const B = '00000000-0000-7000-8000-00000000000b';
const C = '00000000-0000-7000-8000-00000000000c';

test('statements that follow on day after day with chained balances: no break, in period order whatever the upload order', () => {
  const april = st(A, '2024-04-01', '2024-04-30', 1_000_000, 2_500_000);
  const may = st(B, '2024-05-01', '2024-05-31', 2_500_000, 1_750_000);
  expect(statementContinuity([may, april], 'INR')).toEqual({ ok: true, statements: [april, may], breaks: [] });
});

test('a gap across which the balances chain is listed but leaves ok; one across which they do not is a balance break too', () => {
  const april = st(A, '2024-04-01', '2024-04-28', 1_000_000, 2_500_000);
  const may = st(B, '2024-05-03', '2024-05-31', 2_500_000, 1_750_000);
  const june = st(C, '2024-06-01', '2024-06-30', 1_700_000, 1_800_000);
  const result = statementContinuity([april, may, june], 'INR');
  expect(result.ok).toBe(false);
  expect(result.breaks.map((b) => [b.kind, b.previous_statement, b.statement, b.from, b.to, b.expected_opening_milli, b.opening_milli])).toEqual([
    ['gap', A, B, '2024-04-29', '2024-05-02', 2_500_000, 2_500_000],
    ['balance', B, C, '2024-05-31', '2024-06-01', 1_750_000, 1_700_000],
  ]);
  expect(result.breaks[0]!.message).toBe('no statement covers 2024-04-29 to 2024-05-02; the balances chain across it (the bank recorded nothing those days)');
  expect(result.breaks[1]!.message).toBe(`statement ${C} opens at 1700.00 INR; the previous statement ${B} closed at 1750.00 INR (a difference of -50.00 INR)`);
  expect(statementContinuity([april, may], 'INR').ok).toBe(true);
});

test('overlapping periods (the same rows twice?) and unknown balances are breaks; a statement inside another is compared with the longer one', () => {
  const april = st(A, '2024-04-01', '2024-04-30', 1_000_000, 2_500_000);
  const inside = st(B, '2024-04-10', '2024-04-20', 1_200_000, null);
  const may = st(C, '2024-05-01', '2024-05-31', 2_500_000, 3_000_000);
  const result = statementContinuity([april, inside, may], 'INR');
  expect(result.ok).toBe(false);
  expect(result.breaks.map((b) => [b.kind, b.previous_statement, b.statement, b.from, b.to])).toEqual([
    ['overlap', A, B, '2024-04-10', '2024-04-20'],
    ['balance', A, B, '2024-04-10', '2024-04-30'],
    // May follows April (the one reaching furthest), not the statement inside it: chained, no gap.
  ]);
  expect(result.breaks[0]!.message).toBe(`statements ${A} and ${B} both cover 2024-04-10 to 2024-04-20: rows of those days may be counted twice`);
  const unknown = statementContinuity([st(A, '2024-04-01', '2024-04-30', 1_000_000, null), st(B, '2024-05-01', '2024-05-31', 2_500_000, 3_000_000)], 'INR');
  expect(unknown.breaks).toEqual([
    expect.objectContaining({ kind: 'balance_unknown', message: `statement ${A} states no closing balance; continuity cannot be checked` }),
  ]);
  expect(unknown.ok).toBe(false);
});

test("a balance break names the figures in the account's currency with its own decimals (issue 23)", () => {
  const jpy = statementContinuity([st(A, '2024-04-01', '2024-04-30', 0, 12_345_000), st(B, '2024-05-01', '2024-05-31', 12_000_000, 0)], 'JPY');
  expect(jpy.breaks[0]!.message).toBe(`statement ${B} opens at 12000 JPY; the previous statement ${A} closed at 12345 JPY (a difference of -345 JPY)`);
  const bhd = statementContinuity([st(A, '2024-04-01', '2024-04-30', 0, 1_234), st(B, '2024-05-01', '2024-05-31', 1_200, 0)], 'BHD');
  expect(bhd.breaks[0]!.message).toBe(`statement ${B} opens at 1.200 BHD; the previous statement ${A} closed at 1.234 BHD (a difference of -0.034 BHD)`);
  // Not a whole number of yen: all three decimals, never rounded.
  const odd = statementContinuity([st(A, '2024-04-01', '2024-04-30', 0, 1_500), st(B, '2024-05-01', '2024-05-31', 1_000, 0)], 'JPY');
  expect(odd.breaks[0]!.message).toContain('closed at 1.500 JPY (a difference of -0.500 JPY)');
});
